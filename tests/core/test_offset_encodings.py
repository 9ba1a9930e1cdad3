"""The whole Encoding of a WordPiece shelf tokenizer that the ``tokenizers``
engine serves is built from HF's own IDs, offsets and word_ids
(``encode_from_offsets``), never by the reference's own search, and is the
reference's field by field: on every probe, on any text (CJK, emoji,
accents, whitespace runs, control characters, the specials typed out),
with the post-processor's specials too."""

import pytest
from hypothesis import given, settings, strategies as st

from core import engines, tokenizer
from core.engines import probes
from core.formats import builtin
from core.tokenizer import wordpiece

pytest.importorskip("tokenizers")

NAMES = ["bert-base-uncased"]
SERVED, REFERENCE = {}, {}
TEXT = st.lists(st.sampled_from(list("abc xyz ABC 123 ,.!?'\n\t  -#") + [
    "é", "É", "ß", "İ", "ﬁ", "中", "文", "日本", "東京", "カタカナ", "𝔘", "🎉", "👍🏽", "e\u0301", "\u0301", "ｆ", "①",
    "\u00a0", "\u3000", "\u200b", "\x00", "\ufffd", "\x7f", "[CLS]", "[SEP]", "[UNK]", "[MASK]", "[cls]", "##ing",
    "unaffable", "Привет", "\u0378", "a" * 120, "x̌y̌", "𝕏"]),
    max_size=60).map("".join) | st.text(max_size=30)


def served_of(name):
    if name not in SERVED:
        SERVED[name] = engines.open_asset(name)
        asset, model = builtin.load(name)
        REFERENCE[name] = tokenizer.wrap(asset["kind"], model)  # a reference of its own
    return SERVED[name], REFERENCE[name]


def _no_search(served, monkeypatch):
    def searched(*args):
        raise AssertionError("the reference searched instead of taking the engine's offsets")
    monkeypatch.setattr(served.reference, "_table", searched)


@pytest.mark.parametrize("name", NAMES)
def test_every_probe_is_taken_from_offsets_and_is_the_reference_encoding(name, monkeypatch):
    served, reference = served_of(name)
    assert served.engine == "tokenizers" and served.reference.lays_offsets
    _no_search(served, monkeypatch)
    for text in probes.texts([n for n, _ in served.specials]):
        assert served.encode(text) == reference.encode(text), text[:40]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None)
@given(text=TEXT, specials=st.booleans())
def test_any_text_gives_the_reference_encoding(name, text, specials):
    served, reference = served_of(name)
    assert served.encode(text, add_special_tokens=specials) == reference.encode(text, add_special_tokens=specials)


@pytest.mark.parametrize("name", NAMES)
def test_offsets_that_cannot_be_taken_leave_it_to_the_reference(name, monkeypatch):
    served, reference = served_of(name)
    monkeypatch.setattr(type(served.reference), "_offset_table", lambda self, *args: None)
    text = "Hello wörld, 日本語 🎉 [CLS]"
    assert served.encode(text) == reference.encode(text)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=20, deadline=None)
@given(text=TEXT)
def test_a_long_text_encoded_in_parts_is_the_reference_encoding(name, text):
    """Parts cut after a space or line end: no word or added token spans two."""
    served, reference = served_of(name)
    long = ((text or "x") + " [SEP] naïve 中文\n") * 6
    saved = wordpiece.STRETCH
    wordpiece.STRETCH = 16  # parts of a few words
    try:
        assert len(served.reference.offset_parts(long)) > 1
        assert served.encode(long) == reference.encode(long)
    finally:
        wordpiece.STRETCH = saved
