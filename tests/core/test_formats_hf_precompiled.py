"""HF tokenizer.json files with a ``Precompiled`` normalizer (SentencePiece
models converted for ``tokenizers``), with ``tokenizers`` as the oracle.

The files are built here the way the converters build them, from a model
``sentencepiece`` trains in the test (``from_spm`` itself needs protobuf,
which is not installed): tokenizers' ``SentencePieceUnigramTokenizer.from_spm``
and transformers' ``SpmConverter`` before 4.36 write
``[Precompiled, Replace(" {2,}", " ")]``; since 4.36 ``[Precompiled,
Strip(right), Replace(" {2,}", "▁")]``; both with ``Metaspace``.
"""

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")
from tokenizers import Regex, decoders, models, normalizers, pre_tokenizers  # noqa: E402

from core import assets
from core.assets import identity  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from core.spm_proto import parse_model  # noqa: E402
from test_charsmap import ALPHABET, NORMALIZING, Pair, train  # noqa: E402
from test_formats_common import PROBES  # noqa: E402

SQUEEZES = {
    "from_spm": [normalizers.Replace(Regex(" {2,}"), " ")],
    "transformers": [normalizers.Strip(left=False, right=True), normalizers.Replace(Regex(" {2,}"), "▁")],
}
# A fullwidth letter with a combining mark is one grapheme of 5 bytes: HF
# replaces it whole by the shortest match (the mark is lost), SentencePiece
# normalizes the letter and keeps the mark.
GRAPHEME_CASE = "ＡＢＣ\u0301"


def hf_from_spm(path, squeeze: str):
    proto = parse_model(path.read_bytes())
    vocab = [(piece, score) for piece, score, _ in proto["pieces"]]
    unk = next(i for i, (_, _, kind) in enumerate(proto["pieces"]) if kind == "unknown")
    hf = tokenizers.Tokenizer(models.Unigram(vocab, unk, False))
    hf.normalizer = normalizers.Sequence(
        [normalizers.Precompiled(proto["normalizer"]["precompiled_charsmap"])] + SQUEEZES[squeeze])
    hf.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    hf.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    return hf


@pytest.mark.parametrize("squeeze", sorted(SQUEEZES))
@pytest.mark.parametrize("rule", ["nmt_nfkc", "nfkc_cf"])
def test_precompiled_tokenizer_json_imports_with_identical_ids(tmp_path, rule, squeeze):
    path, sp = train(tmp_path, "unigram", rule)
    hf = hf_from_spm(path, squeeze)
    out = tmp_path / "tokenizer.json"
    hf.save(str(out))
    assert json.loads(out.read_text("utf-8"))["normalizer"]["normalizers"][0]["type"] == "Precompiled"
    result = import_file(out, "hf")
    ours = assets.build_tokenizer(result.asset)
    texts = NORMALIZING + PROBES + [GRAPHEME_CASE, "trailing  ", "x\u00a0\u00a0 y \t", "ﬁ\u0301"]
    for text in texts:
        assert list(ours.encode(text).ids) == hf.encode(text).ids, (squeeze, text)
    # HF really reads the charsmap its own way: SentencePiece differs here.
    assert hf.encode(GRAPHEME_CASE).ids != sp.encode(GRAPHEME_CASE)
    details = " ".join(f.detail for f in result.report.kept + result.report.changed)
    assert "Precompiled" in details and "grapheme" in details
    assert "nothing but spaces" in details  # the one input class where the two differ, named


def test_sentencepiece_import_exported_to_hf_names_the_grapheme_rule(tmp_path):
    path, sp = train(tmp_path, "unigram", "nmt_nfkc")
    imported = import_file(path, "spm")
    ours = assets.build_tokenizer(imported.asset)
    out = tmp_path / "tokenizer.json"
    report = export_asset(imported.asset, ours, "hf", out)
    hf = tokenizers.Tokenizer.from_file(str(out))
    for text in PROBES + ["Ｆｕｌｌ ﬁne ㍿ ½ ™ no\u00a0break ctrl\x01\x7f"]:
        assert hf.encode(text).ids == sp.encode(text) == list(ours.encode(text).ids), text
    assert hf.encode(GRAPHEME_CASE).ids != list(ours.encode(GRAPHEME_CASE).ids)
    assert any("grapheme" in f.detail for f in report.changed)
    # Reimported, the file behaves as HF does: the normalizer moves, and the
    # segmentation rule (HF adds scores in double precision, also reported).
    back = import_file(out, "hf").asset
    assert list(assets.build_tokenizer(back).encode(GRAPHEME_CASE).ids) == hf.encode(GRAPHEME_CASE).ids
    a, b = (identity.from_dict(x).identity.components for x in (imported.asset, back))
    assert [name for name in identity.INTERFACE if a[name] != b[name]] == ["merges", "normalizer"]
    assert any("single precision" in f.detail for f in report.changed)


@pytest.fixture(scope="module")
def hf_pair(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("precompiled")
    path, _ = train(tmp, "unigram", "nmt_nfkc_cf")
    hf = hf_from_spm(path, "from_spm")
    hf.save(str(tmp / "tokenizer.json"))
    return Pair((assets.build_tokenizer(import_file(tmp / "tokenizer.json", "hf").asset), hf))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ALPHABET | st.characters(blacklist_categories=("Cs",)), max_size=30).map("".join))
def test_random_text_gives_hf_identical_ids(hf_pair, text):
    ours, hf = hf_pair
    normalized = hf.normalizer.normalize_str(text)
    if normalized and not normalized.strip(" "):
        return  # nothing but spaces after normalization: the one reported difference
    assert list(ours.encode(text).ids) == hf.encode(text).ids


@pytest.mark.parametrize("squeeze", sorted(SQUEEZES))
def test_precompiled_tokenizer_json_round_trips_through_our_export(tmp_path, squeeze):
    path, _ = train(tmp_path, "unigram", "nmt_nfkc")
    hf = hf_from_spm(path, squeeze)
    hf.save(str(tmp_path / "tokenizer.json"))
    imported = import_file(tmp_path / "tokenizer.json", "hf")
    out = tmp_path / "exported.json"
    export_asset(imported.asset, assets.build_tokenizer(imported.asset), "hf", out)
    again = tokenizers.Tokenizer.from_file(str(out))
    for text in NORMALIZING + PROBES + [GRAPHEME_CASE, "trailing  ", "x\u00a0\u00a0 y \t"]:
        assert again.encode(text).ids == hf.encode(text).ids, (squeeze, text)
    back = import_file(out, "hf").asset
    assert identity.from_dict(back).identity.interface_sha256 == identity.from_dict(imported.asset).identity.interface_sha256


def test_a_bpe_tokenizer_json_with_precompiled_imports_with_identical_ids(tmp_path):
    from tokenizers import trainers
    from test_formats_common import TRAIN

    path, _ = train(tmp_path, "unigram", "nmt_nfkc_cf")
    hf = tokenizers.Tokenizer(models.BPE(unk_token="<unk>"))
    hf.normalizer = normalizers.Precompiled(parse_model(path.read_bytes())["normalizer"]["precompiled_charsmap"])
    hf.pre_tokenizer = pre_tokenizers.Metaspace(replacement="▁", prepend_scheme="always")
    hf.decoder = decoders.Metaspace(replacement="▁", prepend_scheme="always")
    hf.train_from_iterator(TRAIN + NORMALIZING, trainers.BpeTrainer(vocab_size=400, special_tokens=["<unk>"],
                                                                    show_progress=False))
    hf.save(str(tmp_path / "tokenizer.json"))
    result = import_file(tmp_path / "tokenizer.json", "hf")
    ours = assets.build_tokenizer(result.asset)
    assert result.asset["kind"] == "bpe" and result.asset["normalizer"]["type"] == "precompiled"
    for text in NORMALIZING + PROBES + [GRAPHEME_CASE]:
        assert list(ours.encode(text).ids) == hf.encode(text).ids, text
