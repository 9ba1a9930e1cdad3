"""``main.py import`` / ``export`` and ``encode``/``decode`` on imported assets."""

import json
import subprocess
import sys

import pytest

tokenizers = pytest.importorskip("tokenizers")

from conftest import ROOT  # noqa: E402
from core.assets import identity  # noqa: E402
from core.cli.main import main  # noqa: E402
from test_formats_common import MULTILINGUAL  # noqa: E402
from test_formats_hf import save, train_byte_level, train_unigram, train_wordpiece  # noqa: E402


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def hf_file(tmp_path):
    return save(train_byte_level(), tmp_path)


def test_import_prints_the_report_and_writes_an_ordinary_asset(hf_file, tmp_path, capsys):
    out = tmp_path / "asset.json"
    code, text, err = run(capsys, "import", hf_file, "--format", "hf", "-o", out)
    assert code == 0, err
    assert text.startswith("import hf: tokenizer.json -> ") and "kept" in text and "exact: yes" in text
    asset = json.loads(out.read_text("utf-8"))
    assert asset["kind"] == "bpe" and asset["trainer"]["name"] == "imported:hf"
    code, text, _ = run(capsys, "import", hf_file, "--format", "hf", "-o", out, "--json")
    result = json.loads(text)
    assert set(result["report"]) >= {"kept", "not_representable", "changed", "exact"}
    assert result["identity"]["interface_sha256"] == identity.load(out).identity.interface_sha256


@pytest.mark.parametrize("trainer", [train_byte_level, train_wordpiece, train_unigram])
def test_encode_and_decode_work_on_imported_assets(trainer, tmp_path, capsys):
    tok = trainer()
    out = tmp_path / "asset.json"
    assert run(capsys, "import", save(tok, tmp_path), "--format", "hf", "-o", out)[0] == 0
    code, text, err = run(capsys, "encode", out, "--text", MULTILINGUAL, "--json")
    assert code == 0, err
    result = json.loads(text)
    assert result["ids"] == tok.encode(MULTILINGUAL).ids and len(result["tokens"]) == len(result["ids"])
    code, text, _ = run(capsys, "encode", out, "--text", "Beautiful")
    assert code == 0 and text.split() == [str(i) for i in tok.encode("Beautiful").ids]
    ids = tok.encode("Beautiful is better").ids
    code, text, _ = run(capsys, "decode", out, *ids)
    assert code == 0 and text.strip() == tok.decode(ids).strip()


def test_byte_level_encode_shows_the_bytes_of_each_token(hf_file, tmp_path, capsys):
    out = tmp_path / "asset.json"
    run(capsys, "import", hf_file, "--format", "hf", "-o", out)
    result = json.loads(run(capsys, "encode", out, "--text", "中", "--json")[1])
    assert "".join(result["bytes"]).replace(" ", "") == "E4B8AD"


def test_export_writes_the_other_format(hf_file, tmp_path, capsys):
    asset = tmp_path / "asset.json"
    run(capsys, "import", hf_file, "--format", "hf", "-o", asset)
    for fmt, name in (("hf", "tokenizer.json"), ("tiktoken", "ranks.tiktoken")):
        code, text, err = run(capsys, "export", asset, "--format", fmt, "-o", tmp_path / name, "--json")
        assert code == 0, err
        assert json.loads(text)["report"]["direction"] == "export" and (tmp_path / name).exists()


@pytest.mark.parametrize("argv, words", [
    (["import", "missing.json", "--format", "hf", "-o", "x.json"], ["missing.json", "no such file"]),
    (["import", "{hf}", "--format", "tiktoken", "-o", "x.json"], ["--pattern"]),
    (["import", "{hf}", "--format", "nope", "-o", "x.json"], ["invalid choice"]),
    (["export", "{asset}", "--format", "bert-vocab", "-o", "v.txt"], ["WordPiece", "bpe"]),
    (["encode", "{asset}", "some", "words"], ["--text"]),
    (["decode", "{asset}", "12", "no-such☃"], ["'no-such☃'", "nor a token"]),
])
def test_bad_input_is_one_line_and_exit_2(argv, words, hf_file, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    asset = tmp_path / "asset.json"
    run(capsys, "import", hf_file, "--format", "hf", "-o", asset)
    code, out, err = run(capsys, *(a.format(hf=hf_file, asset=asset) for a in argv))
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith("error: ")
    for word in words:
        assert word in err


def test_import_runs_headless_without_qt(hf_file, tmp_path):
    code = ("import sys; from core.cli.main import main; "
            f"rc = main(['import', {str(hf_file)!r}, '--format', 'hf', '-o', {str(tmp_path / 'a.json')!r}]); "
            "assert 'PySide6' not in sys.modules; sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_sentencepiece_import_encode_and_export_from_the_command_line(tmp_path, capsys):
    spm = pytest.importorskip("sentencepiece")
    from test_charsmap import NORMALIZING, train

    path, original = train(tmp_path, "unigram", "nmt_nfkc")  # SentencePiece's default rule
    asset = tmp_path / "asset.json"
    code, text, err = run(capsys, "import", path, "--format", "spm", "-o", asset)
    assert code == 0 and "precompiled charsmap" in text, err
    result = json.loads(run(capsys, "encode", asset, "--text", NORMALIZING[0], "--json")[1])
    assert result["ids"] == original.encode(NORMALIZING[0])
    code, text, err = run(capsys, "export", asset, "--format", "spm", "-o", tmp_path / "out.model", "--json")
    assert code == 0 and json.loads(text)["report"]["exact"], err
    exported = spm.SentencePieceProcessor(model_file=str(tmp_path / "out.model"))
    assert exported.encode(NORMALIZING[0]) == result["ids"]
    assert (tmp_path / "out.vocab").read_text("utf-8") == path.with_suffix(".vocab").read_text("utf-8")
