"""spm_path's array route (``_laid``) gives exactly the path of the walk
token by token (``_walked``) wherever it gives one, for the three shelf
SentencePiece models on any multilingual text, and takes the usual texts
(tabs, newlines, unknown runs, byte pieces) without the walk."""

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from core import engines
from core.pipeline.normalize import Pipeline
from core.tokenizer import spm_path

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
    found = laid_over(name, text)
    if found is None:
        return
    flat, ids, spelling = found
    fast = spm_path._laid(flat, ids, spelling)
    assert fast is None or same(fast, spm_path._walked(flat, ids, spelling))


@pytest.mark.parametrize("name", NAMES)
def test_usual_text_takes_the_array_route(name):
    text = "\tThe Bionic Dog drinks too much,\n\n\tand kicks over 貌 the  National Redwood Forest.\n" * 3
    flat, ids, spelling = laid_over(name, text)
    fast = spm_path._laid(flat, ids, spelling)
    assert fast is not None and same(fast, spm_path._walked(flat, ids, spelling))


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", ["", " ", "a", "\n", "貌", "🎉\n", "\x00", "a\tb", "\t", "中文\t", "  \n  x  "])
def test_edges_agree(name, text):
    found = laid_over(name, text)
    if found is None:
        return
    flat, ids, spelling = found
    fast = spm_path._laid(flat, ids, spelling)
    assert fast is None or same(fast, spm_path._walked(flat, ids, spelling))
