"""The shared texts of the format tests, and core.pipeline.text_pipeline against the
components of HF ``tokenizers`` one by one (the library is the oracle)."""

import json
import unicodedata

import pytest
import regex

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import Regex, decoders, normalizers, pre_tokenizers  # noqa: E402

from core.pipeline import text_pipeline as tp  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import hf_components  # noqa: E402
from core.formats.report import Report  # noqa: E402

# Training text: every script and symbol the probe uses appears here, so a
# model trained on it covers the probe (unknown characters get tests of their own).
TRAIN = """Beautiful is better than ugly. Explicit is better than implicit.
Simple is better than complex. Complex is better than complicated.
Flat is better than nested. Sparse is better than dense. Readability counts!
Errors should never pass silently, unless explicitly silenced: 1234 and 56.
分词器把文本切成片段。中文没有空格，所以分词更难。我们用子词模型来处理未登录词。
今天天气很好，我们去公园散步。机器学习需要大量的数据和计算。
I love 🙂 and 🎉 parties 🙂🙂 with friends 👍 ok 👍🏽 family 👨\u200d👩\u200d👧
cafe\u0301 re\u0301sume\u0301 nai\u0308ve cre\u0300me bru\u0302le\u0301e Zu\u0308rich Café naïve
spaces   between    words  and   runs     of blanks\tand\ttabs
new
lines""".split("\n") * 4

# The multilingual probe: English, Chinese, emoji (ZWJ and a skin tone),
# combining marks, runs of spaces, tabs and newlines.
MULTILINGUAL = ("Beautiful is better than ugly.  分词器把文本切成片段。 I love 🙂🙂 and 👨\u200d👩\u200d👧 👍🏽!\n"
                "cafe\u0301 Zu\u0308rich   naïve\t\ttabs \n\n  spaces   between 1234 words")
PROBES = [MULTILINGUAL, "Explicit is better than implicit.", "我们用子词模型来处理未登录词。", "🙂🎉👍", "a  b   c",
          "\t\n x \n", "cre\u0300me bru\u0302le\u0301e", "Readability counts! 56", ""]


def pre_split(step, text):
    return [s.text for s in step([tp.Split(text, True)])]


# ==== normalizers ====

NORMALIZER_CASES = [
    (normalizers.NFC(), {"type": "nfc"}),
    (normalizers.NFKD(), {"type": "nfkd"}),
    (normalizers.Lowercase(), {"type": "lowercase"}),
    (normalizers.Strip(left=True, right=False), {"type": "strip", "left": True, "right": False}),
    (normalizers.Sequence([normalizers.NFD(), normalizers.StripAccents()]),
     {"type": "sequence", "steps": [{"type": "nfd"}, {"type": "strip_accents"}]}),
    (normalizers.Replace(Regex(r"\s+"), " "), {"type": "replace", "pattern": {"regex": r"\s+"}, "content": " "}),
    (normalizers.Replace("a", "ä"), {"type": "replace", "pattern": {"string": "a"}, "content": "ä"}),
    (normalizers.Prepend("▁"), {"type": "prepend", "prepend": "▁"}),
]


@pytest.mark.parametrize("hf, ours", NORMALIZER_CASES, ids=lambda c: json.dumps(c)[:40] if isinstance(c, dict) else "")
def test_normalizers_match_hf(hf, ours):
    run = tp.build_normalizer(ours)
    extra = ["ΟΔΟΣ İstanbul ǅ", "  lead and trail \u3000", "ﬁ ㍿ Ａ"]
    for text in PROBES + extra:
        assert run(text) == hf.normalize_str(text), repr(text)
    # The JSON HF writes translates to the same spec.
    spec = json.loads(hf.__getstate__())
    assert hf_components.from_hf("normalizer", spec, Report("import", "hf", "")) == ours


# ==== pre-tokenizers ====

PRE_CASES = [
    (pre_tokenizers.ByteLevel(add_prefix_space=False), {"type": "byte_level", "add_prefix_space": False, "use_regex": True}),
    (pre_tokenizers.ByteLevel(add_prefix_space=True, use_regex=False),
     {"type": "byte_level", "add_prefix_space": True, "use_regex": False}),
    (pre_tokenizers.Metaspace(), {"type": "metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True}),
    (pre_tokenizers.Metaspace(prepend_scheme="never", split=False),
     {"type": "metaspace", "replacement": "▁", "prepend_scheme": "never", "split": False}),
    (pre_tokenizers.Whitespace(), {"type": "word_punct"}),
    (pre_tokenizers.WhitespaceSplit(), {"type": "whitespace"}),
    (pre_tokenizers.BertPreTokenizer(), {"type": "bert"}),
    (pre_tokenizers.Punctuation("merged_with_previous"), {"type": "punctuation", "behavior": "merged_with_previous"}),
    (pre_tokenizers.Digits(individual_digits=False), {"type": "digits", "individual_digits": False}),
    (pre_tokenizers.Split(Regex(r"\w+"), "removed", invert=True),
     {"type": "split", "pattern": {"regex": r"\w+"}, "behavior": "removed", "invert": True}),
    (pre_tokenizers.Split(" ", "merged_with_next"),
     {"type": "split", "pattern": {"string": " "}, "behavior": "merged_with_next", "invert": False}),
    (pre_tokenizers.Split(Regex(r"[aeiou ]"), "contiguous"),
     {"type": "split", "pattern": {"regex": "[aeiou ]"}, "behavior": "contiguous", "invert": False}),
    (pre_tokenizers.Sequence([pre_tokenizers.WhitespaceSplit(), pre_tokenizers.Digits(individual_digits=True)]),
     {"type": "sequence", "steps": [{"type": "whitespace"}, {"type": "digits", "individual_digits": True}]}),
]


@pytest.mark.parametrize("hf, ours", PRE_CASES, ids=lambda c: json.dumps(c)[:50] if isinstance(c, dict) else "")
def test_pre_tokenizers_match_hf(hf, ours):
    run = tp.build_pre_tokenizer(ours)
    extra = ["don't stop-it_now!!", "x\u00a0y\u2028z\x1cw", "½ ² 12½ ⅷ", " lead", "a\u200db"]
    for text in PROBES + extra:
        assert pre_split(run, text) == [piece for piece, _ in hf.pre_tokenize_str(text)], repr(text)
    spec = json.loads(hf.__getstate__())
    assert hf_components.from_hf("pre_tokenizer", spec, Report("import", "hf", "")) == ours


def test_onig_word_class_matches_hf_on_every_unicode_14_character():
    chars = "".join(chr(c) for c in range(0x110000)
                    if not 0xD800 <= c < 0xE000 and unicodedata.category(chr(c)) != "Cn")
    for pattern in (r"\w", r"[\w\s]", r"\W", r"[^\w\s]+"):
        hf = normalizers.Replace(Regex(pattern), "").normalize_str(chars)
        assert regex.sub(tp.onig_pattern(pattern), "", chars) == hf, pattern
    # The one difference the rewrite exists for: ZWJ is a word character to Python's regex.
    assert regex.fullmatch(r"\w", "\u200d") and not regex.fullmatch(tp.onig_pattern(r"\w"), "\u200d")


def test_bytes_to_unicode_is_gpt2s_alphabet():
    table = tp.bytes_to_unicode()
    assert sorted(table.values()) == sorted(pre_tokenizers.ByteLevel.alphabet())
    assert (table[32], table[10], table[ord("!")], table[0]) == ("Ġ", "Ċ", "!", "Ā")
    assert tp.byte_level("中 ") == "ä¸ŃĠ" and tp.byte_level_bytes("ä¸ŃĠ") == "中 ".encode()
    assert tp.byte_level_bytes("<s>x") == b"<s>x" and tp.byte_level_bytes("中") is None


# ==== decoders ====

DECODER_CASES = [
    (decoders.ByteLevel(), {"type": "byte_level"}, ["Hello", "Ġä¸", "Ń", "<|e|>", "ĠðŁ"]),
    (decoders.Metaspace(), {"type": "metaspace", "replacement": "▁", "prepend_scheme": "always"},
     ["▁Hello", "▁wor", "ld", "▁"]),
    (decoders.WordPiece(), {"type": "wordpiece", "prefix": "##", "cleanup": True},
     ["don", "'", "t", "stop", "##ping", ",", "ok", "?"]),
    (decoders.WordPiece(cleanup=False), {"type": "wordpiece", "prefix": "##", "cleanup": False}, ["a", "##b", "."]),
    (decoders.BPEDecoder(), {"type": "bpe_suffix", "suffix": "</w>"}, ["low", "er</w>", "new</w>"]),
    (decoders.Sequence([decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(),
                        decoders.Strip(" ", 1, 0)]),
     {"type": "sequence", "steps": [{"type": "replace", "pattern": {"string": "▁"}, "content": " "},
                                    {"type": "byte_fallback"}, {"type": "fuse"},
                                    {"type": "strip", "content": " ", "start": 1, "stop": 0}]},
     ["▁a", "<0xE4>", "<0xB8>", "<0xAD>", "▁", "<0xFF>", "<0xE4>", "b"]),
]


@pytest.mark.parametrize("hf, ours, tokens", DECODER_CASES, ids=lambda c: c["type"] if isinstance(c, dict) else "")
def test_decoders_match_hf(hf, ours, tokens):
    assert tp.decode(tp.build_decoder(ours), tokens) == hf.decode(tokens)
    spec = json.loads(hf.__getstate__())
    assert hf_components.from_hf("decoder", spec, Report("import", "hf", "")) == ours


def test_no_decoder_joins_with_spaces_like_hf():
    assert tp.decode(tp.build_decoder({"type": "none"}), ["a", "b"]) == "a b"


# ==== what is not supported says so ====

@pytest.mark.parametrize("stage, spec, words", [
    ("normalizer", {"type": "Precompiled"}, ["Precompiled", "precompiled_charsmap"]),
    ("normalizer", {"type": "BertNormalizer"}, ["BertNormalizer", "WordPiece"]),
    ("pre_tokenizer", {"type": "UnicodeScripts"}, ["UnicodeScripts", "not supported"]),
    ("decoder", {"type": "CTC", "pad_token": "<pad>"}, ["CTC"]),
    ("pre_tokenizer", {"type": "Split", "pattern": {"Regex": "a"}, "behavior": "Sideways", "invert": False},
     ["behavior", "Sideways"]),
    ("pre_tokenizer", {"type": "ByteLevel", "add_prefix_space": False, "future_option": 1}, ["future_option"]),
    ("pre_tokenizer", {"type": "Sequence", "pretokenizers": [{"type": "Whitespace"}, {"type": "Nope"}]},
     ["pre_tokenizer.pretokenizers[1]", "Nope"]),
])
def test_unsupported_components_name_themselves(stage, spec, words):
    with pytest.raises(AssetError) as caught:
        hf_components.from_hf(stage, spec, Report("import", "hf", ""))
    for word in words:
        assert word in str(caught.value)


def test_a_broken_charsmap_is_an_asset_error():
    with pytest.raises(AssetError, match="normalizer: Precompiled: precompiled charsmap"):
        tp.build_normalizer({"type": "precompiled", "precompiled_charsmap": "AA=="})


def test_a_bad_regex_is_an_asset_error():
    with pytest.raises(AssetError, match="does not compile"):
        tp.build_pre_tokenizer({"type": "split", "pattern": {"regex": "(["}, "behavior": "isolated", "invert": False})
