"""subword-nmt codes, with the installed ``subword_nmt`` as the oracle:
codes learned by its ``learn_bpe`` on a small text, imported here, must cut
every line exactly as its ``apply_bpe`` does."""

import io

import pytest

pytest.importorskip("subword_nmt")
from subword_nmt.apply_bpe import BPE  # noqa: E402
from subword_nmt.learn_bpe import learn_bpe  # noqa: E402

from core import assets
from core.assets import identity  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from core.formats.subword_nmt import segmentation  # noqa: E402
from test_formats_common import MULTILINGUAL, PROBES, TRAIN  # noqa: E402

LINES = MULTILINGUAL.split("\n") + [line for p in PROBES for line in p.split("\n")] + TRAIN[:12] + [
    "a", "zz qq", "Ω≈ç unseen ☃ chars", "tab\tinside a word", "double  spaces"]


@pytest.fixture
def codes(tmp_path, capsys):
    out = io.StringIO()
    learn_bpe(io.StringIO("\n".join(TRAIN) + "\n"), out, 150, min_frequency=2)
    capsys.readouterr()  # learn_bpe may draw a progress bar on stderr
    path = tmp_path / "codes.bpe"
    path.write_text(out.getvalue(), "utf-8")
    return path


def test_imported_codes_segment_like_apply_bpe(codes):
    result = import_file(codes, "subword-nmt")
    ours = assets.build_tokenizer(result.asset)
    reference = BPE(io.StringIO(codes.read_text("utf-8")))
    unknown = 0
    for line in LINES:
        expected = [w for w in reference.segment(line).split(" ") if w]
        encoding = ours.encode(line)
        assert segmentation(encoding) == expected, repr(line)
        unknown += len(encoding.unknown)
    assert unknown > 0  # Ω, ☃ and friends are outside the codes: <unk> here, passed through there
    assert len(ours.merges) == 150


def test_codes_export_byte_for_byte_and_round_trip(codes, tmp_path):
    result = import_file(codes, "subword-nmt")
    ours = assets.build_tokenizer(result.asset)
    out = tmp_path / "again.bpe"
    report = export_asset(result.asset, ours, "subword-nmt", out)
    assert out.read_text("utf-8") == codes.read_text("utf-8")
    assert [f.component for f in report.not_representable] == ["vocab"]  # codes carry no IDs
    again = import_file(out, "subword-nmt")
    assert identity.from_dict(again.asset).identity.interface_sha256 == \
        identity.from_dict(result.asset).identity.interface_sha256


def test_imported_codes_export_to_hf_with_identical_ids(codes, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    result = import_file(codes, "subword-nmt")
    ours = assets.build_tokenizer(result.asset)
    out = tmp_path / "tokenizer.json"
    export_asset(result.asset, ours, "hf", out)
    hf = tokenizers.Tokenizer.from_file(str(out))
    for line in LINES:
        assert hf.encode(line).ids == list(ours.encode(line).ids), repr(line)
        assert hf.decode(hf.encode(line).ids) == ours.decode(ours.encode(line).ids)


@pytest.mark.parametrize("text, words", [
    ("t h\nth e</w>\n", ["merge 2", "e</w>", "version 0.1"]),
    ("t h e\n", ["line 1", "two symbols", "version 0.1"]),
    ("#version: 0.2\nt h e\n", ["line 2", "two symbols"]),
    ("#version: 0.2\nt h\nt h\n", ["line 3", "repeats", "line 2"]),
    ("#version: 0.2\nt</w> h\n", ["line 2", "</w>"]),
    ("#version: 0.3\nt h\n", ["0.3"]),
])
def test_bad_codes_give_one_clear_error(tmp_path, text, words):
    path = tmp_path / "bad.bpe"
    path.write_text(text, "utf-8")
    with pytest.raises(AssetError) as caught:
        import_file(path, "subword-nmt")
    for word in words:
        assert word in str(caught.value)


# ==== version 0.1 codes: our char-bpe, </w> a symbol of its own ====

def _char_bpe(words_text: str, merges: int):
    from collections import Counter

    from core.models import char_bpe
    from core.corpus import WordCorpus

    return char_bpe.train(WordCorpus.from_pairs(Counter(words_text.split()).items()), merges=merges)


def test_char_bpe_exports_to_codes_apply_bpe_cuts_the_same(tmp_path):
    from core.formats.subword_nmt import char_segmentation

    model = _char_bpe("\n".join(TRAIN + [MULTILINGUAL] * 3), 200)
    asset = assets.char_bpe_to_asset(model)
    out = tmp_path / "char.codes"
    report = export_asset(asset, model, "subword-nmt", out)
    lines = out.read_text("utf-8").splitlines()
    assert not lines[0].startswith("#version") and len(lines) == len(model.merges) == 200
    assert any(line.endswith(" </w>") for line in lines)  # </w> written as the symbol it is
    with open(out, encoding="utf-8") as handle:
        bpe = BPE(handle)
    assert bpe.version == (0, 1)
    known = set(model.alphabet)
    seen = sorted(set(" ".join(TRAIN + [MULTILINGUAL] + PROBES).split()))
    # unseen words too: neighbours glued, words reversed (only known characters)
    words = [w for w in seen + [a + b for a, b in zip(seen, seen[1:])] + [w[::-1] for w in seen] if set(w) <= known]
    assert len(words) > 150 and any(not w.isascii() for w in words)
    cut = [w for w in words if len(model.segment(w)) > 2]
    assert len(cut) > 50  # words that many merges cut, not only whole-word tokens
    for word in words:
        assert bpe.process_line(word) == " ".join(char_segmentation(model.segment(word))), word
    assert "subword_nmt.export_v01" in {f.code for f in report.kept}


def test_codes_v01_import_back_to_the_same_segmentation(tmp_path):
    model = _char_bpe("\n".join(TRAIN + [MULTILINGUAL]), 120)
    out = tmp_path / "char.codes"
    export_asset(assets.char_bpe_to_asset(model), model, "subword-nmt", out)
    result = import_file(out, "subword-nmt")
    assert result.asset["kind"] == "char-bpe"
    back = assets.build_tokenizer(result.asset)
    assert [(m.left, m.right) for m in back.merges] == [(m.left, m.right) for m in model.merges]
    # a character no merge mentions is not in the codes: [UNK] there (the report says so)
    words = [w for w in " ".join(TRAIN + PROBES).split() if set(w) <= set(back.alphabet)]
    assert len(words) > 50 and set(back.alphabet) < set(model.alphabet)
    assert all(back.segment(w) == model.segment(w) for w in words)
    export_asset(result.asset, back, "subword-nmt", tmp_path / "again.codes")
    assert (tmp_path / "again.codes").read_bytes() == out.read_bytes()
