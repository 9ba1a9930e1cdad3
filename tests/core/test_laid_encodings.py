"""The whole Encoding of a shelf tokenizer that the ``sentencepiece`` engine
serves (Unigram and BPE) is built from the engine's IDs laid over the text
(core.tokenizer.spm_path), never by the reference's own search, and is the
reference's field by field: on every probe, on any text, with the
post-processor's specials too.  Where the IDs cannot be laid, the
reference encodes."""

import pytest
from hypothesis import given, settings, strategies as st

from core import engines, tokenizer
from core.formats import builtin
from core.engines import probes

pytest.importorskip("sentencepiece")

NAMES = ["spm-botchan-unigram", "spm-ja-unigram", "mistral-v3-bpe"]
SERVED, REFERENCE = {}, {}
TEXT = st.lists(st.sampled_from(list("abc xyz ABC 123 ,.!?'\n\t  ") + [
    "é", "ß", "中", "文", "日本", "東京", "カタカナ", "𝔘", "🎉", "👍🏽", "\u0301", "ｆ", "①", "\u00a0", "\u3000",
    "<s>", "</s>", "[INST]", "[REFERENCE_DOC_3]", "<unk>", "don't", " the", "ing", "▁", "Привет", "\u0378"]),
    max_size=60).map("".join) | st.text(max_size=30)


def served_of(name):
    if name not in SERVED:
        SERVED[name] = engines.open_asset(name)
        asset, model = builtin.load(name)
        REFERENCE[name] = tokenizer.wrap(asset["kind"], model)  # a reference of its own, never laid
    return SERVED[name], REFERENCE[name]


@pytest.mark.parametrize("name", NAMES)
def test_every_probe_is_laid_and_is_the_reference_encoding(name, monkeypatch):
    served, reference = served_of(name)
    assert served.engine == "sentencepiece" and served.reference.lays_ids

    def searched(*args):
        raise AssertionError("the reference searched instead of laying the engine's IDs")
    monkeypatch.setattr(served.reference, "_table", searched)
    for text in probes.texts([n for n, _ in served.specials]):
        assert served.encode(text) == reference.encode(text), text[:40]


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, deadline=None)
@given(text=TEXT, specials=st.booleans())
def test_any_text_gives_the_reference_encoding(name, text, specials):
    served, reference = served_of(name)
    assert served.encode(text, add_special_tokens=specials) == reference.encode(text, add_special_tokens=specials)


@pytest.mark.parametrize("name", NAMES)
def test_ids_that_cannot_be_laid_leave_it_to_the_reference(name, monkeypatch):
    served, reference = served_of(name)
    monkeypatch.setattr(type(served.reference), "_laid_table", lambda self, text, ids: None)
    text = "Hello wörld, 日本語 🎉"
    assert served.encode(text) == reference.encode(text)


@settings(max_examples=200, deadline=None)
@given(text=TEXT, prefix=st.booleans(), squeeze=st.booleans())
def test_the_identity_pipelines_columns_spell_its_normalized_text(text, prefix, squeeze):
    """spm_path.aligned reads the identity pipeline's text off its columns."""
    from core.pipeline.normalize import Pipeline
    plain = Pipeline("identity", prefix, squeeze)
    found = plain.columns(text)
    assert found is None or found[0] == plain.normalize_text(text)
