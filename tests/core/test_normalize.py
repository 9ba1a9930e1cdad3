"""The SentencePiece-style pipeline: normalization, ▁ for spaces, alignment,
decoding and byte-fallback spelling."""

import unicodedata

import pytest
from hypothesis import given, settings, strategies as st

from core.errors import TokenizerError
from core.pipeline.normalize import BYTE_PIECES, SPACE_MARK, Pipeline, byte_piece, piece_byte


def test_space_mark_is_u2581_and_dummy_prefix_is_added():
    assert SPACE_MARK == "\u2581"
    n = Pipeline().normalize("Hello world")
    assert n.text == "▁Hello▁world"
    assert n.plain == "Hello world"
    assert n.dummy_prefix


def test_extra_whitespace_is_removed_and_aligned_to_the_whole_run():
    n = Pipeline(normalization="identity").normalize("  ab   c ")
    assert n.text == "▁ab▁c"
    # Dummy prefix: empty span; the kept space covers the three original spaces.
    assert n.spans == ((2, 2), (2, 3), (3, 4), (4, 7), (7, 8))
    assert n.original_span(3, 5) == (4, 8)
    assert n.plain == "ab c"


def test_whitespace_kept_when_asked():
    n = Pipeline(normalization="identity", remove_extra_whitespaces=False).normalize(" a  b ")
    assert n.text == "▁▁a▁▁b▁"
    assert n.plain == " a  b "
    bare = Pipeline(add_dummy_prefix=False, remove_extra_whitespaces=False).normalize(" a")
    assert bare.text == "▁a" and bare.plain == " a"


def test_nfkc_maps_compatibility_characters_and_keeps_alignment():
    n = Pipeline().normalize("ｗｉｄｅ　ｶﾞ ㍿ e\u0301")
    assert n.text == "▁wide▁ガ▁株式会社▁é"
    assert n.text == "▁" + unicodedata.normalize("NFKC", "ｗｉｄｅ　ｶﾞ ㍿ e\u0301").replace(" ", "▁")
    ga = n.text.index("ガ")
    assert n.spans[ga] == (5, 7)  # half-width ｶ plus its voiced mark
    assert [n.spans[i] for i in range(n.text.index("株"), n.text.index("社") + 1)] == [(8, 9)] * 4
    assert n.spans[-1] == (10, 12)  # é composed from e + U+0301


def test_identity_keeps_combining_marks_and_full_width_forms():
    n = Pipeline(normalization="identity").normalize("Ａ e\u0301")
    assert n.text == "▁Ａ▁e\u0301"


def test_only_u0020_is_whitespace_after_normalization():
    # NFKC turns U+3000 into a space; a tab stays a character of its own.
    assert Pipeline().normalize("a\u3000b").text == "▁a▁b"
    assert Pipeline().normalize("a\tb").text == "▁a\tb"
    assert Pipeline(normalization="identity").normalize("a\u3000b").text == "▁a\u3000b"


def test_empty_and_blank_inputs_normalize_to_nothing():
    for text in ("", "   "):
        n = Pipeline().normalize(text)
        assert (n.text, n.spans, n.plain) == ("", (), "")


def test_literal_space_mark_in_input_is_reported():
    n = Pipeline().normalize("a▁b")
    assert n.text == "▁a▁b" and n.literal_markers == (1,)
    assert n.plain == "a b"  # indistinguishable from a space, as in SentencePiece


def test_hangul_jamo_compose_into_one_aligned_syllable():
    n = Pipeline().normalize("\u1100\u1161\u11a8x")
    assert n.text == "▁각x"
    assert n.spans == ((0, 0), (0, 3), (3, 4))


def test_decode_joins_pieces_and_bytes():
    p = Pipeline()
    assert p.decode(["▁h", 0xC3, 0xA9, "▁", "x"]) == "hé x"
    assert p.decode(["▁", bytes([0xE4, 0xB8, 0xAD])]) == "中"
    assert p.decode(["▁a", 0xFF, "b"]) == "a\ufffdb"
    # SentencePiece drops the leading ▁ with either option, with whitespace
    # squeezing every one until text appears (checked against it in test_charsmap).
    assert Pipeline(add_dummy_prefix=False).decode(["▁a"]) == "a"
    assert Pipeline(add_dummy_prefix=False, remove_extra_whitespaces=False).decode(["▁a"]) == " a"
    assert Pipeline().decode(["▁", "▁a"]) == "a"
    assert Pipeline(remove_extra_whitespaces=False).decode(["▁", "▁a"]) == " a"
    assert Pipeline().decode([0xE4, 0xB8, 0xFF, "x"]) == "\ufffd\ufffd\ufffdx"


def test_byte_piece_spelling():
    assert len(BYTE_PIECES) == 256
    assert byte_piece(0) == "<0x00>" and byte_piece(255) == "<0xFF>"
    assert piece_byte("<0xE4>") == 0xE4
    assert piece_byte("<0xe4>") is None and piece_byte("<0x1>") is None and piece_byte("a") is None


def test_pipeline_description_round_trips_and_bad_options_are_named():
    p = Pipeline(normalization="identity", add_dummy_prefix=False)
    assert Pipeline.from_description(p.describe()) == p
    with pytest.raises(TokenizerError, match="unknown normalization 'nfc'"):
        Pipeline(normalization="nfc")
    with pytest.raises(TokenizerError, match="add_dummy_prefix: expected bool"):
        Pipeline.from_description({"type": "sentencepiece", "add_dummy_prefix": "yes"})
    with pytest.raises(TokenizerError, match="expected text"):
        Pipeline().normalize(None)


pipelines = st.builds(Pipeline, normalization=st.sampled_from(["identity", "nfkc"]),
                      add_dummy_prefix=st.booleans(), remove_extra_whitespaces=st.booleans())


@settings(max_examples=400, deadline=None)
@given(pipelines, st.text(max_size=40))
def test_normalized_text_is_aligned_and_has_no_raw_spaces(pipeline, text):
    n = pipeline.normalize(text)
    assert " " not in n.text
    assert len(n.spans) == len(n.text)
    for start, end in n.spans:
        assert 0 <= start <= end <= len(text)
    starts = [s for s, _ in n.spans]
    assert starts == sorted(starts)
    # Decoding the normalized text itself gives its plain form.
    assert pipeline.decode([n.text]) == n.plain


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_nfkc_pipeline_text_is_the_nfkc_of_the_input(text):
    n = Pipeline(add_dummy_prefix=False, remove_extra_whitespaces=False).normalize(text)
    assert n.text == unicodedata.normalize("NFKC", text).replace(" ", "▁")

