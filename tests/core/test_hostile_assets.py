"""Asset files edited into something no trainer or import makes are
refused in one line naming the field (issue 36's held-out inputs)."""

import copy
import json

import pytest

from core import assets
from core.cli.main import main
from core.tokenizer.imported_bpe import ImportedBPE


def _char_asset(tmp_path, capsys):
    corpus = tmp_path / "c.tsv"
    corpus.write_text("low\t2\nlower\t1\nnew\t1\n", encoding="utf-8")
    out = tmp_path / "a.json"
    assert main(["train", str(corpus), "--merges", "4", "-o", str(out)]) == 0
    capsys.readouterr()
    return json.loads(out.read_text("utf-8"))


def _refused(tmp_path, capsys, asset, message):
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(asset), "utf-8")
    assert main(["encode", str(path), "--text", "lower"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err, err


def test_a_char_bpe_merge_repeated_is_refused(tmp_path, capsys):
    asset = _char_asset(tmp_path, capsys)
    merges = asset["model"]["merges"]
    merges.append({**copy.deepcopy(merges[0]), "rank": len(merges) + 1})
    _refused(tmp_path, capsys, asset, "model.merges[4].pair: 'l' + 'o' repeats merges[0]")


def test_a_negative_count_is_refused(tmp_path, capsys):
    asset = _char_asset(tmp_path, capsys)
    asset["model"]["merges"][1]["count"] = -3
    _refused(tmp_path, capsys, asset, "model.merges[1].count: -3 is below 0")


def test_byte_fallback_without_byte_pieces_is_refused(tmp_path, capsys):
    model = ImportedBPE.build((("<unk>", 0), ("a", 1), ("b", 2), ("ab", 3)), (("a", "b"),), unk="<unk>")
    asset = assets.bpe_to_asset(model)
    asset["model"]["byte_fallback"] = True
    _refused(tmp_path, capsys, asset, "model.byte_fallback: true, but the vocabulary holds none of the byte pieces")
    asset["model"]["byte_fallback"] = False  # the same file as made: fine
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(asset), "utf-8")
    assert main(["encode", str(path), "--text", "ab"]) == 0


@pytest.mark.parametrize("text, message", [("t h\nth e\n", None), ("hello world\n", "unknown symbol 'hello'"),
                                           ("", "expected two symbols")])
def test_subword_nmt_codes_without_a_header_are_read_as_version_0_1(tmp_path, capsys, text, message):
    """As subword-nmt's apply_bpe reads them; what version 0.1 cannot be is refused."""
    path = tmp_path / "codes"
    path.write_text(text, "utf-8")
    code = main(["import", str(path), "--format", "subword-nmt", "-o", str(tmp_path / "o.json")])
    err = capsys.readouterr().err
    assert (code, message is None or message in err) == ((0, True) if message is None else (2, True)), err


def test_a_word_of_millions_of_characters_is_refused_before_training(tmp_path, capsys, monkeypatch):
    from core.models import char_bpe

    monkeypatch.setattr(char_bpe, "MAX_WORD_CHARS", 1000)
    corpus = tmp_path / "c.tsv"
    corpus.write_text("low\t2\n" + "ab" * 501 + "\t3\n", encoding="utf-8")
    assert main(["train", str(corpus), "--merges", "4", "-o", str(tmp_path / "o.json")]) == 2
    err = capsys.readouterr().err
    assert "word 2 of the corpus has 1,002 characters, over the 1,000 of a char-BPE word" in err
    assert not (tmp_path / "o.json").exists()
