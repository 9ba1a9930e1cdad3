"""spm_path's array route (``_laid``) gives exactly the path of the walk
token by token (``_walked``) wherever it gives one, for the three shelf
SentencePiece models on any multilingual text, and takes the usual texts
(tabs, newlines, unknown runs, byte pieces) without the walk."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from core import engines
from core.engines import with_sentencepiece
from core import spm_proto as spm
from core.pipeline.normalize import Pipeline
from core.tokenizer import spm_path
from core.tokenizer.staged import StagedTokenizer

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("sentencepiece")

NAMES = ["spm-botchan-unigram", "spm-ja-unigram", "mistral-v3-bpe"]
SERVED = {}
PARTS = list("abc xyz ABC 123 ,.!?'\n\t\r  ") + [
    "é", "e\u0301", "ß", "中", "文", "日本", "東京", "カタカナ", "ｶﾀｶﾅ", "𝔘", "🎉", "👍🏽", "\u0301", "ｆｕｌｌ", "Ａ", "ﬁ",
    "①", "\u00a0", "\u3000", "\x00", "\x07", "\x7f", "\u200b", "▁", "▁▁", "Привет", "\u0378", "貌", "ŉ", "㍿", "    ",
    "\t\t", "\n\n\n", " \t \n ", "don't", " the", "ing"]
TEXT = st.lists(st.sampled_from(PARTS), max_size=80).map("".join) | st.text(max_size=40)


def laid_over(name, text):
    """``(flat, ids, spelling)`` as the served tokenizer lays its engine's IDs, or None."""
    if name not in SERVED:
        SERVED[name] = engines.open_asset(name)
    served = SERVED[name]
    reference = served.reference
    pipeline = reference.model.pipeline if reference.kind == "unigram" \
        else Pipeline.from_description(reference.model.normalizer)
    found = spm_path.aligned(pipeline, text)
    if found is None:
        return None
    return found[0], served._native.encode_ids(text), reference._spelling


def same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return all(np.array_equal(np.asarray(x, np.int64), np.asarray(y, np.int64)) for x, y in zip(a, b))


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None)
@given(text=TEXT)
def test_the_array_route_is_the_walk(name, text):
    assert array_route_agrees(name, text)


def array_route_agrees(name, text) -> bool:
    """The array route gives the walk's path, or leaves the text to it."""
    found = laid_over(name, text)
    if found is None:
        return True
    flat, ids, spelling = found
    fast = spm_path._laid(flat, ids, spelling)
    return fast is None or same(fast, spm_path._walked(flat, ids, spelling))


@pytest.mark.parametrize("name", NAMES)
def test_usual_text_takes_the_array_route(name):
    text = "\tThe Bionic Dog drinks too much,\n\n\tand kicks over 貌 the  National Redwood Forest.\n" * 3
    flat, ids, spelling = laid_over(name, text)
    fast = spm_path._laid(flat, ids, spelling)
    assert fast is not None and same(fast, spm_path._walked(flat, ids, spelling))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", ["", " ", "a", "\n", "貌", "🎉\n", "\x00", "a\tb", "\t", "中文\t", "  \n  x  "])
def test_edges_agree(name, text):
    assert array_route_agrees(name, text)


def aligned_twice(pipeline, text):
    """spm_path.aligned as it was: the identity pipeline's columns always
    worked out, and taken where its text is the same."""
    found = pipeline.columns(text)
    if pipeline.normalization == "nfkc" or found is None:
        return None
    flat, starts, ends = found
    plain = Pipeline("identity", pipeline.add_dummy_prefix, pipeline.remove_extra_whitespaces)
    plain_flat, plain_starts, plain_ends = plain.columns(text)
    return (flat, plain_starts, plain_ends) if plain_flat == flat else (flat, starts, ends)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None)
@given(text=TEXT | st.lists(st.sampled_from(["[INST]", "[/INST]", "[REFERENCE_DOC_3]", "<s>", " ", "a"]),
                            max_size=12).map("".join))
def test_aligned_takes_the_identity_spans_where_their_text_is_the_same(name, text):
    if name not in SERVED:
        SERVED[name] = engines.open_asset(name)
    reference = SERVED[name].reference
    pipeline = reference.model.pipeline if reference.kind == "unigram" \
        else Pipeline.from_description(reference.model.normalizer)
    for rules in (pipeline, Pipeline("identity", True, True), Pipeline("identity", False, False),
                  Pipeline("identity", True, False, treat_whitespace_as_suffix=True)):
        got, want = spm_path.aligned(rules, text), aligned_twice(rules, text)
        assert (got is None) == (want is None)
        if got is not None:
            assert got[0] == want[0] and list(got[1]) == list(want[1]) and list(got[2]) == list(want[2])


@settings(max_examples=300, deadline=None)
@given(text=TEXT, prefix=st.booleans(), squeeze=st.booleans(), escape=st.booleans(), suffix=st.booleans(),
       trailing=st.sampled_from(["drop", "keep_one", "strip_white_space"]), protected=st.booleans())
def test_the_identity_columns_are_the_spans_one_character_at_a_time(text, prefix, squeeze, escape, suffix, trailing,
                                                                     protected):
    """Pipeline.columns (its spans built as runs, core.pipeline.normalize._Offsets) against normalize_plain."""
    pipeline = Pipeline("identity", prefix, squeeze, escape_whitespaces=escape, treat_whitespace_as_suffix=suffix,
                        trailing=trailing, protected=("ab", "▁x", " c", "[INST]") if protected else ())
    want = pipeline.normalize_plain(text)
    for arrays in (False, True):
        flat, starts, ends = pipeline.columns(text, arrays=arrays)
        assert flat == want.text
        assert list(zip(map(int, starts), map(int, ends))) == list(want.spans)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=100, deadline=None)
@given(text=TEXT)
def test_the_encoding_read_off_arrays_is_the_one_read_off_lists(name, text):
    """StagedTokenizer._encoding_of over spm_path's numpy columns against the
    same columns as lists (the route every other table takes)."""
    if name not in SERVED:
        SERVED[name] = engines.open_asset(name)
    served = SERVED[name]
    reference = served.reference
    table = reference._laid_table(text, served._native.encode_ids(text))
    if table is None:
        return
    listed = tuple(column.tolist() for column in table)
    assert reference._encoding_of(text, table) == reference._encoding_of(text, listed)


@pytest.mark.parametrize("name", ["spm-botchan-unigram", "spm-ja-unigram"])
@settings(max_examples=60, deadline=None)
@given(text=TEXT)
def test_unigrams_columns_are_the_inspectors(name, text):
    """The Unigram reference's own columns (spm_path over its search) against
    the inspector's model stage, which takes nothing from spm_path."""
    if name not in SERVED:
        SERVED[name] = engines.open_asset(name)
    reference = SERVED[name].reference
    assert reference.encode(text) == reference._encoding_of(text, StagedTokenizer._table(reference, text))


# ==== the engine's IDs of a long text, in parts on threads ====

CUT_TEXT = st.lists(st.sampled_from(PARTS + [" ", " ", "a b", "x  y", "▁ ▁", " ▁", "[INST] x", " [/INST]", "<s> "]),
                    max_size=80).map("".join)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None)
@given(text=CUT_TEXT, threads=st.integers(2, 5))
def test_a_text_cut_at_spaces_gives_the_whole_texts_ids(name, text, threads):
    if name not in SERVED:
        SERVED[name] = engines.open_asset(name)
    native = SERVED[name]._native
    parts = with_sentencepiece.cut(text, threads)
    assert " ".join(parts) == text and len(parts) <= threads
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(with_sentencepiece, "CUT_CHARS", 0)
        patch.setattr(with_sentencepiece, "THREADS", threads)
        assert native.encode_long(text) == native.processor.encode(text)


def test_only_sentencepieces_bpe_with_the_identity_normalizer_is_cut():
    cuttable = {name: engines.open_asset(name)._native.cuttable() for name in NAMES}
    assert cuttable == {"spm-botchan-unigram": False, "spm-ja-unigram": False, "mistral-v3-bpe": True}


def test_a_long_text_is_cut_and_gives_the_whole_texts_ids():
    native = engines.open_asset("mistral-v3-bpe")._native
    text = "\tThe Bionic Dog drinks too much,\n\n\tand kicks over 貌 the  National Redwood Forest. [INST] 🎉 " * 40
    assert len(with_sentencepiece.cut(text, 3)) == 3
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(with_sentencepiece, "CUT_CHARS", 0)
        patch.setattr(with_sentencepiece, "THREADS", 3)
        assert native.encode_long(text) == native.processor.encode(text)


@pytest.mark.parametrize("name", NAMES)
def test_the_settings_read_past_the_pieces_are_the_whole_parses(name):
    blob = engines.open_asset(name)._native._blob
    whole = spm.parse_model(blob)
    assert spm.settings(blob) == (whole["trainer"], whole["normalizer"])


SYNTHETIC = spm_path.Spelling({1: "a", 2: "b", 3: "xb", 4: "ab"}, {}, lambda ch: ch in "ab", 0)


@pytest.mark.parametrize("flat, ids", [
    ("axb", [1, 0, 2]), ("ax", [1, 0]), ("x", [0]), ("xyz", [0]), ("axyb", [1, 0, 0, 2]), ("axb", [1, 0, 3]),
    ("axxb", [1, 0, 3]), ("ab", [4]), ("ab", [1, 2]), ("ab", [2, 1]), ("", []), ("", [0]), ("a", [0]),
    ("xaybx", [0, 1, 0, 2, 0]), ("xaybx", [0, 4, 0]), ("axb", [1, 0, 2, 0]), ("axb", [1, 5, 2])])
def test_the_array_route_is_the_walk_on_unknown_runs(flat, ids):
    fast, walked = spm_path._laid(flat, ids, SYNTHETIC), spm_path._walked(flat, ids, SYNTHETIC)
    assert fast is None or same(fast, walked)
    assert same(spm_path.path_of(flat, ids, SYNTHETIC), walked)


def test_asking_whether_a_long_text_may_be_cut_imports_no_format():
    # The engine reads the ModelProto's settings with core.spm_proto alone:
    # core.formats imports every format (0.1 s of a 1 MB encode --file).
    code = ("import sys; from core import engines; tok = engines.open_asset('spm-botchan-unigram'); "
            "tok._native.encode_long('a b ' * 70_000); print('core.formats' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "False"
