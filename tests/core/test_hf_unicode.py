"""HF ``tokenizers`` reads characters with older Unicode tables than
Python's (core.pipeline.hf_unicode); over every code point, our BERT stages,
Lowercase, StripAccents and NF* normalizers give exactly HF's output."""

import pytest

tokenizers = pytest.importorskip("tokenizers")

from tokenizers import normalizers, pre_tokenizers  # noqa: E402

from core.pipeline import aligned, bert_basic, fast_split, hf_unicode, onig, pretokenize, text_pipeline  # noqa: E402
from core.pipeline.text_pipeline import FILE_SPELLINGS  # noqa: E402

CHUNK = 8192


def every_character():
    """Every code point but the surrogates, a chunk at a time, each between two letters."""
    points = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF]
    for at in range(0, len(points), CHUNK):
        yield "".join(f"a{chr(cp)}b " for cp in points[at:at + CHUNK])


@pytest.mark.parametrize("lowercase", [True, False])
def test_bert_words_are_hf_s_on_every_character(lowercase):
    norm = normalizers.BertNormalizer(lowercase=lowercase, clean_text=True, handle_chinese_chars=True)
    pre = pre_tokenizers.BertPreTokenizer()
    ours = bert_basic.BasicTokenizer(lowercase=lowercase, hf=True)
    for text in every_character():
        expected = [w for w, _ in pre.pre_tokenize_str(norm.normalize_str(text))]
        assert ours.words(text) == expected  # stages() gives the same words (test_spm_speed_paths compares them)


@pytest.mark.parametrize("spec, hf", [
    ({"type": "lowercase"}, normalizers.Lowercase()),
    ({"type": "strip_accents"}, normalizers.StripAccents()),
    ({"type": "nfd"}, normalizers.NFD()), ({"type": "nfc"}, normalizers.NFC()),
    ({"type": "nfkd"}, normalizers.NFKD()), ({"type": "nfkc"}, normalizers.NFKC()),
], ids=lambda value: value.get("type", "") if isinstance(value, dict) else "")
def test_normalizers_are_hf_s_on_every_character(spec, hf):
    ours = text_pipeline.build_normalizer(spec)
    for text in every_character():
        assert ours(text) == hf.normalize_str(text)


def test_digits_are_hf_s_numbers_on_every_character():
    """HF's Digits (one piece per number with individual_digits) between
    letters: the characters left alone are its numbers."""
    hf = pre_tokenizers.Digits(individual_digits=True)
    ours = text_pipeline.build_pre_tokenizer({"type": "digits", "individual_digits": True})
    points = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF and cp != ord("a")]
    for at in range(0, len(points), CHUNK):
        chars = [chr(cp) for cp in points[at:at + CHUNK]]
        alone = {piece for piece, _ in hf.pre_tokenize_str("".join("a" + ch for ch in chars)) if piece != "a"
                 and len(piece) == 1}
        assert {ch for ch in chars if hf_unicode.is_numeric(ch)} == alone
    text = "a\U00010d40b 12 Ⅻ½"  # a Garay digit (newer than Python's tables), digits, Nl and No
    assert [s.text for s in ours([text_pipeline.Split(text, True)])] == [w for w, _ in hf.pre_tokenize_str(text)]


def test_punctuation_is_hf_s():
    pre = pre_tokenizers.BertPreTokenizer()
    for ch in ("\u2e43", "\U00011a3f", "\u166d", "\U000111c9", "!", "$", "、"):  # newer, older, ASCII, CJK
        split = len(pre.pre_tokenize_str(f"a{ch}b")) == 3
        assert bert_basic.is_punctuation(ch, hf=True) == split == text_pipeline.is_punctuation(ch), ch


def test_a_kept_character_splits_the_normalization():
    # ㋿ (U+32FF) has no compatibility decomposition to HF; the ﬁ beside it does.
    assert hf_unicode.normalize("NFKC", "ﬁ\u32ffﬁ") == normalizers.NFKC().normalize_str("ﬁ\u32ffﬁ") == "fi\u32fffi"



# ==== regexes: HF's Oniguruma (and Rust regex crate) tables, core.pipeline.onig ====

O200K = pretokenize.PRETOKENIZERS["o200k"].pattern
# Planes 0-3 and 14 whole (every assigned character); of the others, which
# hold nothing assigned yet or private use, every 64th.
SPREAD = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF
          and (cp < 0x40000 or 0xE0000 <= cp < 0xF0000 or cp % 64 == 0)]


@pytest.mark.parametrize("cls", [r"\p{L}", r"\p{N}", r"\p{Lu}", r"\p{Ll}", r"\p{Lt}", r"\p{Lm}", r"\p{Lo}",
                                 r"\p{M}", r"\s", r"\p{P}", r"\p{S}", r"\w"])
def test_a_class_holds_what_it_holds_in_hf_s_oniguruma(cls):
    text = "".join(map(chr, SPREAD))
    outside = bytearray(len(text))
    for _, (start, end) in pre_tokenizers.Split(tokenizers.Regex(cls), behavior="removed").pre_tokenize_str(text):
        outside[start:end] = b"\x01" * (end - start)
    ours = [m.start() for m in onig.compile(text_pipeline.onig_pattern(cls)).finditer(text)]
    assert ours == [k for k, out in enumerate(outside) if not out]


@pytest.mark.parametrize("spec, hf", [
    ({"type": "byte_level", "add_prefix_space": False, "use_regex": True},
     pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)),
    ({"type": "split", "pattern": {"regex": O200K}, "behavior": "isolated", "invert": False},
     pre_tokenizers.Split(tokenizers.Regex(O200K), behavior="isolated")),
    ({"type": "split", "pattern": {"regex": FILE_SPELLINGS[0]}, "behavior": "isolated", "invert": False},
     pre_tokenizers.Split(tokenizers.Regex(FILE_SPELLINGS[0]), behavior="isolated")),
    ({"type": "word_punct"}, pre_tokenizers.Whitespace()),
], ids=["byte_level", "split-o200k", "split-cl100k", "whitespace"])
def test_regex_pre_tokenizers_split_as_hf_s_on_newer_characters(spec, hf):
    """Each character Oniguruma reads otherwise, and every 16th other one,
    beside letters of both cases, digits and spaces: the plain
    pre-tokenizer and an import's fast split cut as HF.  (HF's Whitespace
    runs Rust's regex crate, whose tables are as old here.)"""
    ours = text_pipeline.build_pre_tokenizer(spec)
    split, respell = fast_split.plan(spec, ours)
    chars = sorted(set(onig.STAND_IN) | set(SPREAD[::16]))
    for at in range(0, len(chars), CHUNK):
        text = "".join(f"a{c}b 1{c}2 {c}Ya A{c}b " for c in map(chr, chars[at:at + CHUNK]))
        expected = [w for w, _ in hf.pre_tokenize_str(text)]
        assert [s.text for s in ours([text_pipeline.Split(text, True)])] == expected
        assert [respell(p) if respell else p for p in split(text, True)] == expected


def test_onig_flags_exactly_its_characters():
    flagged = [cp for cp in range(0x110000) if not 0xD800 <= cp <= 0xDFFF and onig.flagged(chr(cp))]
    assert flagged == sorted(onig.STAND_IN)
    long = "x" * 1000 + "é中" * 1000
    assert not onig.flagged(long) and onig.flagged(long + "\u0558") and onig.flagged("\u0295" + long)
    assert not onig.flagged("\u0558" + long, 1) and not onig.flagged(long + "\u0558", 0, len(long))


@pytest.mark.parametrize("spec", [{"type": "nfkc"}, {"type": "nfkd"}, {"type": "nfd"}, {"type": "lowercase"},
                                  {"type": "strip_accents"}, {"type": "digits", "individual_digits": True}],
                         ids=lambda spec: spec["type"])
def test_the_pipeline_inspector_reads_hf_s_tables_as_the_pipeline_does(spec):
    """Characters HF reads otherwise than Python 3.11 (a decomposition it does
    not know, a newer capital, a newer digit) in the inspector's aligned stages."""
    text = "ﬁ\u32ffﬁ \ua7cbX \U00010d40a1 Cafe\u0301 \u093e"
    src = aligned.Origin(text).aligned()
    if spec["type"] == "digits":
        stage = text_pipeline.build_pre_tokenizer(spec)
        got = [piece.text for piece, _ in stage.aligned([(src, True)])]
        assert got == [s.text for s in stage([text_pipeline.Split(text, True)])]
    else:
        stage = text_pipeline.build_normalizer(spec)
        assert stage.aligned(src).text == stage(text)
