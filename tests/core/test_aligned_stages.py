"""Every normalizer and pre-tokenizer kind is one object with a plain and an
aligned application (core.pipeline.normalizers, core.pipeline.pre_tokenizers):
over random text with CJK, emoji, combining marks and odd whitespace, the
aligned text is exactly the plain output, and every aligned character maps
to original bytes of the input.  So what the stages view shows is what the
encoder does."""

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from core.pipeline import text_pipeline as tp
from core.pipeline.aligned import Aligned, Origin
from core.spm_proto import parse_model
from core.pipeline.bert_basic import BasicTokenizer
from core.pipeline.charsmap import Charsmap
from core.pipeline.normalize import Pipeline
from core.pipeline.pretokenize import PRETOKENIZERS

# Derandomized: the examples do not depend on a seed; no deadline, so no timing.
PROPERTY = settings(max_examples=60, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

SPECIAL = [" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2009", "\u200b", "中", "文", "。", "😀", "👍🏽",
           "👨\u200d👩\u200d👧", "e\u0301", "\u0301", "\u0308", "\u093e", "ﬁ", "Ａ", "½", "Ⅻ", "1", "42", "Σ", "İ",
           "ß", "'s", "don't", ",", "!", "?", "-", "▁", "Ġ", "x", "Hello", "\x00", "\ufffd", "\U00010d40"]
TEXTS = st.lists(st.one_of(st.sampled_from(SPECIAL), st.characters(exclude_categories=("Cs",)),
                           st.text(max_size=4)), max_size=24).map("".join)

BEHAVIORS = ("removed", "isolated", "merged_with_previous", "merged_with_next", "contiguous")
NORMALIZERS = [
    {"type": "none"}, {"type": "nfc"}, {"type": "nfd"}, {"type": "nfkc"}, {"type": "nfkd"}, {"type": "lowercase"},
    {"type": "strip_accents"}, {"type": "strip", "left": True, "right": False},
    {"type": "strip", "left": False, "right": True}, {"type": "strip", "left": True, "right": True},
    {"type": "replace", "pattern": {"string": " "}, "content": "▁"},
    {"type": "replace", "pattern": {"regex": r"\s+"}, "content": " "},
    {"type": "replace", "pattern": {"regex": "x*"}, "content": "<>"},
    {"type": "replace", "pattern": {"regex": r"\p{M}"}, "content": ""},
    {"type": "prepend", "prepend": "▁"},
    Pipeline("identity", add_dummy_prefix=True, remove_extra_whitespaces=False).describe(),
    Pipeline("identity", add_dummy_prefix=True, remove_extra_whitespaces=True).describe(),
    Pipeline("nfkc", add_dummy_prefix=False, remove_extra_whitespaces=True).describe(),
    {"type": "sequence", "steps": [{"type": "nfd"}, {"type": "strip_accents"}, {"type": "lowercase"},
                                   {"type": "prepend", "prepend": "▁"},
                                   {"type": "replace", "pattern": {"string": " "}, "content": "▁"}]},
]
PRE_TOKENIZERS = [
    {"type": "none"}, {"type": "whitespace"}, {"type": "word_punct"}, {"type": "bert"},
    *({"type": "punctuation", "behavior": b} for b in BEHAVIORS),
    {"type": "digits", "individual_digits": True}, {"type": "digits", "individual_digits": False},
    *({"type": "split", "pattern": {"regex": r"\s+"}, "behavior": b, "invert": i} for b in BEHAVIORS
      for i in (False, True)),
    {"type": "split", "pattern": {"string": "▁"}, "behavior": "merged_with_next", "invert": False},
    {"type": "split", "pattern": {"regex": tp.FILE_SPELLINGS[0]}, "behavior": "isolated", "invert": False},
    *({"type": "regex", "pattern": p.pattern} for p in PRETOKENIZERS.values() if p.pattern),
    *({"type": "byte_level", "add_prefix_space": p, "use_regex": r} for p in (False, True) for r in (False, True)),
    *({"type": "metaspace", "replacement": "▁", "prepend_scheme": s, "split": split}
      for s in ("always", "first", "never") for split in (False, True)),
    {"type": "sequence", "steps": [{"type": "split", "pattern": {"regex": tp.FILE_SPELLINGS[0]},
                                    "behavior": "isolated", "invert": False},
                                   {"type": "byte_level", "add_prefix_space": False, "use_regex": False}]},
]


def name(spec) -> str:
    return "-".join(f"{v}" for v in spec.values() if not isinstance(v, (dict, list)))[:60]


def assert_maps_back(piece: Aligned, origin: Origin):
    assert len(piece.starts) == len(piece.ends) == len(piece.text)
    assert all(0 <= a <= b <= origin.size for a, b in zip(piece.starts, piece.ends)), piece
    assert 0 <= piece.at <= origin.size
    for a, b in zip(piece.starts, piece.ends):
        start, end = origin.chars(a, b)  # the characters behind it exist in the input
        assert 0 <= start <= end <= len(origin.text)


@pytest.mark.parametrize("spec", NORMALIZERS, ids=name)
@PROPERTY
@given(text=TEXTS)
def test_an_aligned_normalizer_gives_the_plain_text(spec, text):
    stage, origin = tp.build_normalizer(spec), Origin(text)
    out = stage.aligned(origin.aligned())
    assert out.text == stage(text)
    assert_maps_back(out, origin)


@pytest.mark.parametrize("spec", PRE_TOKENIZERS, ids=name)
@PROPERTY
@given(text=TEXTS, cut=st.integers(0, 30))
def test_an_aligned_pre_tokenizer_gives_the_plain_splits(spec, text, cut):
    """Two splits, so that "first" (Metaspace's prepend_scheme) is exercised too."""
    stage, origin = tp.build_pre_tokenizer(spec), Origin(text)
    src, cut = origin.aligned(), min(cut, len(text))
    got = stage.aligned([(src.slice(0, cut), True), (src.slice(cut, len(text)), False)])
    plain = stage([tp.Split(text[:cut], True), tp.Split(text[cut:], False)])
    assert [(p.text, first) for p, first in got] == [(s.text, s.first) for s in plain]
    for piece, _ in got:
        assert_maps_back(piece, origin)


@pytest.mark.parametrize("hf", [False, True])
@pytest.mark.parametrize("lowercase", [False, True])
@PROPERTY
@given(text=TEXTS)
def test_bert_s_aligned_stages_give_its_words(hf, lowercase, text):
    basic, origin = BasicTokenizer(lowercase=lowercase, hf=hf), Origin(text)
    texts = basic.aligned_texts(origin.aligned())
    words = basic.aligned_words(texts[-1][1])[-1][1]
    assert [w.text for w in words] == list(basic.stages(text)[-1].words)
    for word in words:
        assert_maps_back(word, origin)


@pytest.fixture(scope="module")
def charsmap(tmp_path_factory):
    """A SentencePiece charsmap (nmt_nfkc) from a model trained here."""
    spm = pytest.importorskip("sentencepiece")
    folder = tmp_path_factory.mktemp("charsmap")
    (folder / "train.txt").write_text("Hello world ﬁne Ａ ½\n中文 テスト café\n" * 20, "utf-8")
    spm.SentencePieceTrainer.train(input=str(folder / "train.txt"), model_prefix=str(folder / "m"), vocab_size=40,
                                   character_coverage=1.0, normalization_rule_name="nmt_nfkc",
                                   hard_vocab_limit=False, minloglevel=2, num_threads=1)
    return parse_model((folder / "m.model").read_bytes())["normalizer"]["precompiled_charsmap"]


@PROPERTY
@given(text=TEXTS)
def test_an_aligned_precompiled_charsmap_gives_the_plain_text(charsmap, text):
    origin = Origin(text)
    blob = Charsmap(charsmap).to_base64()
    for spec in ({"type": "precompiled", "precompiled_charsmap": blob},
                 Pipeline("precompiled", charsmap=Charsmap(charsmap)).describe()):
        stage = tp.build_normalizer(spec)
        out = stage.aligned(origin.aligned())
        assert out.text == stage(text)
        assert_maps_back(out, origin)
