"""HF ``tokenizers`` reads characters with older Unicode tables than
Python's (core.pipeline.hf_unicode); over every code point, our BERT stages,
Lowercase, StripAccents and NF* normalizers give exactly HF's output."""

import pytest

tokenizers = pytest.importorskip("tokenizers")

from tokenizers import normalizers, pre_tokenizers  # noqa: E402

from core.pipeline import bert_basic, hf_unicode, text_pipeline  # noqa: E402

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
