"""The headless CLI: JSON output, and one clear line for every bad input."""

import json
import subprocess
import sys

import pytest

from conftest import ROOT
from core.cli.main import main


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def corpus(tmp_path):
    path = tmp_path / "corpus.tsv"
    path.write_text("low\t2\nlower\t1\nnew\t1\n", encoding="utf-8")
    return path


@pytest.fixture
def asset(tmp_path, corpus, capsys):
    out = tmp_path / "asset.json"
    code, _, err = run(capsys, "train", corpus, "--algo", "char-bpe", "--merges", 4,
                       "--tie", "lexicographic", "-o", out, "--trace", tmp_path / "trace.json")
    assert code == 0, err
    return out


def test_train_writes_asset_and_trace(asset, tmp_path):
    data = json.loads(asset.read_text(encoding="utf-8"))
    assert data["kind"] == "char-bpe"
    assert [m["pair"] for m in data["model"]["merges"]] == [["l", "o"], ["lo", "w"], ["low", "</w>"], ["e", "r"]]
    trace = json.loads((tmp_path / "trace.json").read_text(encoding="utf-8"))
    assert len(trace["steps"]) == 4


def test_encode_json(asset, capsys):
    code, out, _ = run(capsys, "encode", asset, "lower", "low", "--json")
    assert code == 0
    lower, low = json.loads(out)
    assert lower["tokens"] == ["low", "er", "</w>"]
    assert [s["rank"] for s in lower["steps"]] == [1, 2, 4]
    assert lower["not_applied"][0]["pair"] == ["low", "</w>"]
    assert low["tokens"] == ["low</w>"] and len(low["ids"]) == 1


def test_trace_json_matches_issue_shape(asset, capsys):
    code, out, _ = run(capsys, "trace", asset, "--json")
    assert code == 0
    step = json.loads(out)["steps"][0]
    assert step["step"] == 1 and step["pair"] == ["l", "o"] and step["count"] == 3
    assert step["ties"] == [["l", "o"], ["o", "w"], ["w", "</w>"]]
    assert step["segmentation"] == {"low": "lo w </w>", "lower": "lo w e r </w>", "new": "n e w </w>"}


def test_text_format_counts_words(tmp_path, capsys):
    text = tmp_path / "plain.txt"
    text.write_text("low low lower\nnew\n", encoding="utf-8")
    out = tmp_path / "a.json"
    code, _, _ = run(capsys, "train", text, "--format", "text", "--merges", 4, "-o", out)
    assert code == 0
    assert json.loads(out.read_text(encoding="utf-8"))["training_corpus"] == [["low", 2], ["lower", 1], ["new", 1]]


@pytest.mark.parametrize(
    "content, message",
    [
        (b"low\t2\nlower\n", "corpus.tsv:2: expected 'word<TAB>count'"),
        (b"low\t-2\n", "corpus.tsv:1: count '-2' is not a decimal integer (ASCII digits 0-9 only)"),
        (b"low\t0\n", "corpus.tsv:1: count 0 must be a positive integer"),
        (b"low\t2\nnew\t1.5\n", "corpus.tsv:2: count '1.5' is not a decimal integer"),
        ("low\t٣\n".encode(), "corpus.tsv:1: count '٣' is not a decimal integer"),
        ("low\t５\n".encode(), "corpus.tsv:1: count '５' is not a decimal integer"),
        (b"low\t1_000\n", "corpus.tsv:1: count '1_000' is not a decimal integer"),
        (b"low\t+5\n", "corpus.tsv:1: count '+5' is not a decimal integer"),
        (b"low\t100000000000000000000000\n", "corpus.tsv:1: count '100000000000000000000000' is over the limit "
                                             "9007199254740991"),
        (b"low\t9007199254740992\n", "corpus.tsv:1: count 9007199254740992 is over the limit 9007199254740991"),
        (b"low\t2\x0cx\t1\nnew\tz\n", "corpus.tsv:2: count 'z'"),
        ("low\t2\u2028x\t1\nnew\tz\n".encode(), "corpus.tsv:2: count 'z'"),
        (b"low\t2\nn\xffew\t1\n", "corpus.tsv:2: invalid UTF-8 byte FF at byte offset 7"),
        (b"\n\n", "corpus.tsv: the corpus is empty"),
        (b"lo</w>w\t1\n", "reserved symbol '</w>'"),
        (b"\t3\n", "corpus.tsv:1: empty word"),
    ],
)
def test_bad_corpus_gives_one_clear_line(tmp_path, capsys, content, message):
    path = tmp_path / "corpus.tsv"
    path.write_bytes(content)
    code, out, err = run(capsys, "train", path, "--merges", 2, "-o", tmp_path / "a.json")
    assert code == 2 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "a.json").exists()


def test_missing_file_and_negative_k(tmp_path, capsys, corpus):
    code, _, err = run(capsys, "train", tmp_path / "nope.tsv", "--merges", 2, "-o", tmp_path / "a.json")
    assert code == 2 and "nope.tsv: no such file" in err
    code, _, err = run(capsys, "train", corpus, "--merges", -1, "-o", tmp_path / "a.json")
    assert code == 2 and "argument --merges: '-1' is not a decimal integer" in err
    code, _, err = run(capsys, "train", corpus, "--merges", "x", "-o", tmp_path / "a.json")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_bad_asset_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "subword-studio/tokenizer", "schema_version": 1, "kind": "char-bpe"', encoding="utf-8")
    code, _, err = run(capsys, "encode", bad, "low")
    assert code == 2 and "not valid JSON" in err and len(err.strip().splitlines()) == 1


def test_edited_asset_is_caught_by_trace(asset, capsys):
    data = json.loads(asset.read_text(encoding="utf-8"))
    data["model"]["merges"][3]["pair"] = ["e", "w"]
    data["model"]["merges"][3]["new"] = "ew"
    data["model"]["vocab"][-1] = "ew"
    asset.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = run(capsys, "trace", asset)
    assert code == 2 and "edited" in err


def test_main_py_cli_path_imports_no_qt(asset):
    code = (
        "import sys, runpy; sys.argv = ['main.py', 'encode', sys.argv[1], 'lower', '--json'];"
        "import main; rc = main.main(sys.argv[1:]);"
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'pyqtgraph', 'shiboken'))], 'Qt imported';"
        "sys.exit(rc)"
    )
    done = subprocess.run([sys.executable, "-c", code, str(asset)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["tokens"] == ["low", "er", "</w>"]


def test_a_raw_hf_tokenizer_json_is_pointed_at_import(tmp_path, capsys):
    from tokenizers import Tokenizer, models, pre_tokenizers

    raw = Tokenizer(models.BPE())
    raw.pre_tokenizer = pre_tokenizers.ByteLevel()
    path = tmp_path / "tokenizer.json"
    raw.save(str(path))
    assert main(["encode", str(path), "hello"]) == 2
    err = capsys.readouterr().err
    assert "Hugging Face tokenizer.json" in err and "import FILE --format hf" in err and len(err.splitlines()) == 1
