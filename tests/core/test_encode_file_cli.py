"""``main.py encode ASSET --file PATH|- --ids-only / --lines``, run as a
subprocess: the IDs of a whole file on one line (or one line of IDs per
input line) equal the interface's and HF's, for every kind, through one
process or two; bad input is one line and exit status 2."""

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

pytest.importorskip("tokenizers")
pytest.importorskip("sentencepiece")

from core import tokenizer  # noqa: E402
from core.cli import id_text, tokens_cmds  # noqa: E402
from core.assets import identity  # noqa: E402
import test_tokens_cli as cli_kinds  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
TEXT = ("Hello wörld, it's 2026!\r\nДобрый день. 中文分词很有趣 🙂👍🏽\n\n\tcode(x) == 0x1F;  \n"
        "last line without an ending") * 40


def cli(*argv, stdin: bytes | None = None):
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), *map(str, argv)], cwd=ROOT, input=stdin,
                          capture_output=True, timeout=600)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("encode-file")
    out = cli_kinds.asset_files(folder)
    text = folder / "input.txt"
    text.write_bytes(TEXT.encode("utf-8"))
    out["input"] = text
    return out


def _tok(path):
    return tokenizer.from_asset(identity.load(path))


@pytest.mark.parametrize("name", ["classroom-byte-bpe", "hf-byte-level", "spm-bpe", "spm-unigram", "our-wordpiece",
                                  "subword-nmt", "char-bpe"])
def test_ids_only_prints_the_whole_file_on_one_line(name, files):
    code, out, err = cli("encode", files[name], "--file", files["input"], "--ids-only")
    assert code == 0, err
    assert out.endswith("\n") and out.count("\n") == 1
    tok = _tok(files[name])
    assert [int(x) for x in out.split()] == tok.encode_ids(TEXT) == list(tok.encode(TEXT).ids)


@pytest.mark.parametrize("name", ["hf-byte-level", "spm-bpe", "our-wordpiece"])
def test_lines_encodes_each_line_on_its_own(name, files):
    code, out, err = cli("encode", files[name], "--file", "-", "--lines", stdin=TEXT.encode("utf-8"))
    assert code == 0, err
    tok = _tok(files[name])
    lines = TEXT.split("\n")  # the last line has no ending, so it is a line
    expected = [tok.encode_ids(line[:-1] if line.endswith("\r") else line) for line in lines]
    got = [[int(x) for x in row.split()] for row in out.split("\n")[:-1]]
    assert got == expected and len(got) == TEXT.count("\n") + 1


def test_a_final_newline_ends_the_last_line(files):
    code, out, err = cli("encode", files["hf-byte-level"], "--file", "-", "--lines", stdin=b"a\n\nb\n")
    assert code == 0, err
    tok = _tok(files["hf-byte-level"])
    assert out == "\n".join(" ".join(map(str, tok.encode_ids(x))) for x in ("a", "", "b")) + "\n"


def test_two_threads_give_the_ids_of_one(files, tmp_path, monkeypatch):
    # A text cut for threads (core.engines.bulk): the IDs are the same.
    big = tmp_path / "big.txt"
    text = TEXT * 12
    big.write_text(text, encoding="utf-8", newline="")
    tok = _tok(files["hf-byte-level"])
    env_code = ("import sys; sys.argv = ['main.py', *sys.argv[1:]]; "
                "import core.engines.bulk as b; b.MIN_PART = 1000; "
                "import main; sys.exit(main.main())")
    for extra in ([], ["--lines"]):
        done = subprocess.run([sys.executable, "-c", env_code, "encode", str(files["hf-byte-level"]), "--file",
                               str(big), "--ids-only", *extra], cwd=ROOT, capture_output=True, timeout=600)
        assert done.returncode == 0, done.stderr
        rows = done.stdout.decode("utf-8").split("\n")[:-1]
        if extra:
            assert [[int(x) for x in r.split()] for r in rows] == [tok.encode_ids(line.removesuffix("\r"))
                                                                        for line in text.split("\n")]
        else:
            assert [int(x) for x in rows[0].split()] == tok.encode_ids(text)
    one = cli("encode", files["hf-byte-level"], "--file", big, "--ids-only", "--workers", "1")
    assert [int(x) for x in one[1].split()] == tok.encode_ids(text)


@pytest.mark.parametrize("argv, stdin, message", [
    (["--file", "/no/such/file.txt", "--ids-only"], None, "/no/such/file.txt: no such file"),
    (["--file", "-", "--ids-only"], b"ok\n\xff\xfe", "<stdin>: line 2: byte 0xFF at byte offset 3 is not valid UTF-8"),
    (["--ids-only"], None, "give the text with --text TEXT or --file PATH"),
    (["--file", "-", "--text", "x"], b"", "one of them"),
    (["--file", "-", "--json", "--ids-only"], b"x", "does not go with --ids-only"),
    (["--file", "-", "--workers", "0"], b"x", "--workers: 0 must be at least 1"),
    (["--file", "-", "--workers", "٢"], b"x", "--workers: "),
])
def test_bad_input_is_one_line_and_status_2(files, argv, stdin, message):
    code, out, err = cli("encode", files["hf-byte-level"], *argv, stdin=stdin)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_directory_is_refused(files, tmp_path):
    code, _out, err = cli("encode", files["hf-byte-level"], "--file", tmp_path, "--ids-only")
    assert code == 2 and "is a directory" in err


def test_stdin_over_the_limit_is_refused(monkeypatch, files, capsys):
    # In process, with a small limit: the bound is counted on what is read.
    import io

    from core.cli.main import main

    monkeypatch.setattr(tokens_cmds, "TEXT_FILE_LIMIT", 10)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"x" * 11)))
    assert main(["encode", str(files["hf-byte-level"]), "--file", "-", "--ids-only"]) == 2
    assert "more than 10 bytes is over the text limit" in capsys.readouterr().err


def test_file_and_text_give_the_same_full_encoding(files, capsys):
    from core.cli.main import main

    assert main(["encode", str(files["spm-bpe"]), "--file", str(files["input"])]) == 0
    by_file = capsys.readouterr().out
    assert main(["encode", str(files["spm-bpe"]), "--text", TEXT]) == 0
    assert capsys.readouterr().out == by_file


@pytest.mark.parametrize("ids", [[], [0], [5, 0, 9, 10, 3], [9, 10, 11, 12_345]])
def test_ids_text_is_the_ids_in_decimal_whether_looked_up_or_not(ids):
    shown = tokens_cmds._id_texts(10)
    assert tokens_cmds.ids_text(ids, shown) == tokens_cmds.ids_text(ids) == " ".join(str(i) for i in ids)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 300_000), st.data())
def test_decimals_of_an_id_array_are_the_ids_in_decimal(count, data):
    """The table's text of any array equals str on each ID, across the
    boundaries of a digit (9, 10, 99, 100, ...) and of a chunk; an ID
    beyond the table is still written right."""
    np = pytest.importorskip("numpy")
    decimals = id_text.Decimals(count)
    edges = [i for k in range(7) for i in (10 ** k - 1, 10 ** k) if i < count] + [count - 1]
    ids = data.draw(st.lists(st.one_of(st.sampled_from(edges), st.integers(0, count - 1)), max_size=40))
    ids += data.draw(st.lists(st.integers(count, 2 ** 32 - 1), max_size=2))  # not in the table
    array = np.array(ids, dtype=np.uint32)
    assert " ".join(piece for piece in decimals.texts(array) if piece) == " ".join(map(str, ids))


def test_decimals_come_in_chunks_that_join_to_the_whole(monkeypatch):
    np = pytest.importorskip("numpy")
    monkeypatch.setattr(id_text, "CHUNK", 7)
    ids = np.arange(100, dtype=np.uint32)[::-1].copy()
    pieces = list(id_text.Decimals(100).texts(ids))
    assert len(pieces) == 15 and " ".join(pieces) == " ".join(map(str, range(99, -1, -1)))


def test_add_special_tokens_wraps_the_whole_file_or_each_line(tmp_path):
    """--ids-only --add-special-tokens is the text's IDs between the
    post-processor's ([CLS] ... [SEP]), also when two workers cut a long
    text; --lines wraps each line, as HF's encode does each sequence."""
    text = ("hello world, the quick brown fox 中文 🙂\n" * 12_000)[:-1]
    path = tmp_path / "long.txt"
    path.write_text(text, encoding="utf-8")
    from core import engines
    tok = engines.open_asset("bert-base-uncased")
    whole = tok.encode_ids(text, add_special_tokens=True)
    assert whole[0] == 101 and whole[-1] == 102 and len(text) > 2 * 131_072  # long enough to be cut
    for workers in ("1", "2"):
        code, out, err = cli("encode", "bert-base-uncased", "--file", path, "--ids-only", "--add-special-tokens",
                             "--workers", workers)
        assert code == 0, err
        assert [int(x) for x in out.split()] == whole
    code, out, err = cli("encode", "bert-base-uncased", "--file", path, "--lines", "--add-special-tokens")
    assert code == 0, err
    rows = out.splitlines()
    assert len(rows) == 12_000
    assert [int(x) for x in rows[0].split()] == tok.encode_ids(text.split("\n")[0], add_special_tokens=True)
    assert len(set(rows)) == 1
