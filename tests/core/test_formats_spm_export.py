"""SentencePiece export (.model + .vocab), with ``sentencepiece`` loading
every file we write: IDs equal ours and the original model's, the .vocab
equals the one SentencePiece's trainer wrote, and import -> export ->
import keeps the interface identity."""

import pytest

spm = pytest.importorskip("sentencepiece")

from core import assets
from core.models import unigram
from core.tokenizer.imported_bpe import ImportedBPE
from core.assets import identity  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from core.formats.spm_write import field, model_proto, varint  # noqa: E402
from core.pipeline.normalize import Pipeline  # noqa: E402
from test_charsmap import NORMALIZING, train  # noqa: E402
from test_formats_common import PROBES  # noqa: E402

TEXTS = NORMALIZING + PROBES + ["<s> and </s> are text here", "☃ unknown ☃☃"]


def interface(asset):
    return identity.from_dict(asset).identity.interface_sha256


def export(tmp_path, asset, name="out.model"):
    out = tmp_path / name
    report = export_asset(asset, assets.build_tokenizer(asset), "spm", out)
    return out, report, spm.SentencePieceProcessor(model_file=str(out))


@pytest.mark.parametrize("byte_fallback", [False, True])
@pytest.mark.parametrize("rule", ["nmt_nfkc", "identity"])
@pytest.mark.parametrize("model_type", ["unigram", "bpe"])
def test_round_trip_through_sentencepiece(tmp_path, model_type, rule, byte_fallback):
    path, original = train(tmp_path, model_type, rule, byte_fallback=byte_fallback)
    imported = import_file(path, "spm")
    ours = assets.build_tokenizer(imported.asset)
    out, report, exported = export(tmp_path, imported.asset)
    for text in TEXTS:
        ids = original.encode(text)
        assert exported.encode(text) == ids == list(ours.encode(text).ids), text
        assert exported.decode(ids) == original.decode(ids) == ours.decode(ids), text
    assert out.with_suffix(".vocab").read_text("utf-8") == path.with_suffix(".vocab").read_text("utf-8")
    assert interface(import_file(out, "spm").asset) == interface(imported.asset)
    assert report.exact, report.lines()
    assert (exported.bos_id(), exported.eos_id(), exported.unk_id()) == (1, 2, 0)


def test_whitespace_as_suffix_round_trips(tmp_path):
    path, original = train(tmp_path, "unigram", "nmt_nfkc", treat_whitespace_as_suffix=True)
    imported = import_file(path, "spm")
    out, _, exported = export(tmp_path, imported.asset)
    for text in TEXTS:
        assert exported.encode(text) == original.encode(text), text
    assert interface(import_file(out, "spm").asset) == interface(imported.asset)


def test_unescaped_spaces_import_and_export_with_identical_ids(tmp_path):
    # SentencePiece's trainer refuses escape_whitespaces=false, but a model
    # may carry it: pieces then hold plain spaces.
    pieces = [("<unk>", 0.0, "unknown"), (" a", -1.0, "normal"), ("a", -2.0, "normal"), (" ", -3.0, "normal"),
              ("b", -2.5, "normal"), ("ab", -1.5, "normal")]
    data = model_proto(pieces, model_type="unigram", trainer={40: 0}, normalizer={1: "identity", 5: False})
    path = tmp_path / "plain.model"
    path.write_bytes(data)
    original = spm.SentencePieceProcessor(model_file=str(path))
    imported = import_file(path, "spm")
    ours = assets.build_tokenizer(imported.asset)
    out, _, exported = export(tmp_path, imported.asset)
    for text in ["a b", "ab  a", " b a ", "ba▁a", "c a"]:
        assert list(ours.encode(text).ids) == original.encode(text) == exported.encode(text), text
    assert interface(import_file(out, "spm").asset) == interface(imported.asset)


def test_our_own_unigram_exports_and_says_nfkc_is_not_carried(tmp_path):
    from core.corpus import WordCorpus

    corpus = WordCorpus(("low", "lower", "newest", "widest", "ｗｉｄｅ"), (5, 2, 6, 3, 1))
    for pipeline in (Pipeline(), Pipeline(normalization="identity")):
        model = unigram.train(unigram.normalized_corpus(corpus, pipeline), vocab_size=30, pipeline=pipeline)
        asset = assets.unigram_to_asset(model)
        _, report, exported = export(tmp_path, asset)
        for text in ["low lower newest", "widest  low", "lowest new"]:
            assert exported.encode(text) == list(model.encode(text).ids), text
        details = " ".join(f.detail for f in report.changed)
        assert "double precision" in details
        assert ("no precompiled charsmap" in details) == (pipeline.normalization == "nfkc")
        if pipeline.normalization == "nfkc":  # the reported difference is real
            assert exported.encode("ｗｉｄｅ") != list(model.encode("ｗｉｄｅ").ids)


def test_a_merge_list_sentencepiece_cannot_keep_is_reported(tmp_path):
    # "bc" is in the vocabulary but no merge makes it; SentencePiece joins
    # any two pieces whose concatenation is a piece, so it would.
    vocab = tuple((t, i) for i, t in enumerate(["<unk>", "▁", "a", "b", "c", "ab", "abc", "bc"]))
    model = ImportedBPE.build(vocab, (("a", "b"), ("ab", "c")), unk="<unk>", fuse_unk=True,
                              normalizer=Pipeline(normalization="identity").describe())
    _, report, exported = export(tmp_path, assets.bpe_to_asset(model))
    assert any("'a' + 'bc' becomes a merge there" in f.detail for f in report.changed)
    assert exported.encode("bc", out_type=str) == ["▁", "bc"] and model.encode("bc").tokens == ("▁", "b", "c")


@pytest.mark.parametrize("make, words", [
    (lambda: assets.bpe_to_asset(ImportedBPE.build((("a", 0), ("b", 1)), (), unk="a")), ["normalizer"]),
    (lambda: assets.bpe_to_asset(ImportedBPE.build((("a", 0), ("b", 1)), (), normalizer=Pipeline().describe())),
     ["unknown piece"]),
    (lambda: assets.bpe_to_asset(ImportedBPE.build((("<unk>", 0), ("b", 2)), (), unk="<unk>",
                                                           normalizer=Pipeline().describe())), ["gaps"]),
])
def test_what_sentencepiece_cannot_hold_is_refused(tmp_path, make, words):
    with pytest.raises(AssetError) as caught:
        export(tmp_path, make())
    for word in words:
        assert word in str(caught.value)
    with pytest.raises(AssetError, match=".vocab is written beside it"):
        export(tmp_path, make(), name="x.vocab")


def test_wire_format_helpers():
    assert varint(0) == b"\x00" and varint(300) == b"\xac\x02" and len(varint(-1)) == 10
    assert field(1, "a") == b"\x0a\x01a" and field(3, True) == b"\x18\x01"


def test_user_defined_pieces_round_trip(tmp_path):
    path, original = train(tmp_path, "unigram", "nmt_nfkc", user_defined_symbols=["ＡＢ", "<sep>"])
    imported = import_file(path, "spm")
    out, report, exported = export(tmp_path, imported.asset)
    for text in TEXTS + ["ＡＢＣ <sep>ＡＢ"]:
        assert exported.encode(text) == original.encode(text), text
    assert report.exact and interface(import_file(out, "spm").asset) == interface(imported.asset)


def test_hf_export_names_the_sentencepiece_option_it_cannot_hold(tmp_path):
    path, _ = train(tmp_path, "unigram", "nmt_nfkc", treat_whitespace_as_suffix=True)
    imported = import_file(path, "spm")
    with pytest.raises(AssetError, match="treat_whitespace_as_suffix=True has no Hugging Face equivalent"):
        export_asset(imported.asset, assets.build_tokenizer(imported.asset), "hf", tmp_path / "tokenizer.json")
    assert not (tmp_path / "tokenizer.json").exists()
