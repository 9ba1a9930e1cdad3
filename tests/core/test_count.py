"""count: a corpus of any size -> the word<TAB>count table, the same under every engine."""

from __future__ import annotations

import gzip
import json
import os
import random
from pathlib import Path

import pytest
import zstandard
from hypothesis import HealthCheck, given, settings, strategies as st

from core import corpus as corpus_mod
from core.cli.main import main
from core.count import count_corpus
from core.count.mapper import words_of
from core.errors import CorpusError, StudioError
from core.assets import identity

from tests.fuzzing import write_awkward_files

WORDS = ["the", "cat", "lower", "low", "newest", "中文", "字", "ça", "naïve", "it's", "x1", "123456", "🙂"]


def oracle(paths, pretokenizer="whitespace"):
    """The table by the obvious in-memory route: whole files, decoded with U+FFFD, words in first-seen order."""
    counts: dict[str, int] = {}
    for path in paths:
        if path.endswith(".zst"):
            data = zstandard.ZstdDecompressor().decompressobj().decompress(Path(path).read_bytes())
        else:
            with (gzip.open if path.endswith(".gz") else open)(path, "rb") as handle:
                data = handle.read()
        text = data.decode("utf-8", "replace").removeprefix("\ufeff")
        records = text.split("\n")
        if records[-1] == "":
            records.pop()
        for word in words_of(records, pretokenizer):
            counts[word] = counts.get(word, 0) + 1
    return "".join(f"{w}\t{c}\n" for w, c in counts.items())


def read_table(path) -> str:
    with open(path, encoding="utf-8", newline="") as handle:
        return handle.read()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """Several files: a BOM, CRLF, invalid bytes, a 10 MB single line, .gz, .zst and no final newline."""
    folder = tmp_path_factory.mktemp("corpus")
    rng = random.Random(7)

    def lines(n):
        return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 9))) for _ in range(n)]

    write_awkward_files(folder, lines)
    long_line = " ".join(rng.choice(WORDS) for _ in range(2_000_000))
    assert len(long_line.encode()) >= 10_000_000
    (folder / "c.txt").write_bytes(("\n".join(lines(50)) + "\n" + long_line + "\n" + "\n".join(lines(50))).encode())
    with gzip.open(folder / "d.txt.gz", "wb") as handle:
        handle.write("\n".join(lines(500)).encode() + b"\n")
    (folder / "e.txt.zst").write_bytes(zstandard.ZstdCompressor().compress("\n".join(lines(300)).encode()))
    return [str(folder / n) for n in ("a.txt", "b.txt", "c.txt", "d.txt.gz", "e.txt.zst")]


@pytest.mark.parametrize("pretokenizer", ["whitespace", "none", "gpt2"])
def test_one_two_and_four_workers_give_the_oracle_table(corpus, tmp_path, pretokenizer):
    expected = oracle(corpus, pretokenizer)
    for workers in (1, 2, 4):
        out = tmp_path / f"{workers}.tsv"
        summary = count_corpus(corpus, out, pretokenizer=pretokenizer, workers=workers, memory=256 << 20,
                               chunk_bytes=1 << 20)
        assert read_table(out) == expected, workers
        assert summary.tasks > len(corpus)  # the big files were cut into ranges
    assert summary.invalid == {corpus[1]: {"count": 3, "offsets": summary.invalid[corpus[1]]["offsets"]}}


def test_invalid_bytes_are_reported_at_their_offsets_and_strict_stops(corpus, tmp_path, capsys):
    data = Path(corpus[1]).read_bytes()
    bad = data.index(b"\xff")
    summary = count_corpus([corpus[1]], tmp_path / "o.tsv", workers=1)
    assert summary.invalid[corpus[1]] == {"count": 3, "offsets": [bad, bad + 1, data.index(b"\xc3 cut")]}
    assert main(["count", corpus[1], "-o", str(tmp_path / "s.tsv"), "--strict", "--workers", "1"]) == 2
    assert capsys.readouterr().err.strip() == f"error: {corpus[1]}: invalid UTF-8 byte FF at byte offset {bad}"
    assert not (tmp_path / "s.tsv").exists()


def test_a_small_budget_spills_and_changes_nothing(corpus, tmp_path):
    rng = random.Random(5)
    (tmp_path / "many.txt").write_text("\n".join(" ".join(f"w{rng.randrange(40_000)}" for _ in range(10))
                                                 for _ in range(8000)), encoding="utf-8")
    files = [corpus[0], corpus[1], str(tmp_path / "many.txt"), corpus[3]]
    big = count_corpus(files, tmp_path / "big.tsv", workers=2, memory=1 << 30)
    small = count_corpus(files, tmp_path / "small.tsv", workers=2, memory=6 << 20, chunk_bytes=64 << 20)
    assert big.spilled == 0 and small.spilled > 0
    assert read_table(tmp_path / "small.tsv") == read_table(tmp_path / "big.tsv")


def test_a_budget_just_over_the_10_mb_line_spills_and_changes_nothing(corpus, tmp_path, capsys):
    # A record is counted whole, and a task may hold one of up to a quarter of
    # its share of --memory: 160 MB over 2 workers and the reduce step lets
    # the 10 MB line through, and 330,000 distinct words in one file outgrow
    # that share, so the file's task spills.
    rng = random.Random(6)
    (tmp_path / "many.txt").write_text("\n".join(" ".join(f"w{rng.randrange(1_000_000)}" for _ in range(10))
                                                 for _ in range(40_000)), encoding="utf-8")
    files = [*corpus, str(tmp_path / "many.txt")]
    big = count_corpus(files, tmp_path / "big.tsv", workers=2, memory=1 << 30)
    small = count_corpus(files, tmp_path / "small.tsv", workers=2, memory=160 << 20, chunk_bytes=64 << 20)
    assert big.spilled == 0 and small.spilled > 0
    assert read_table(tmp_path / "small.tsv") == read_table(tmp_path / "big.tsv") == oracle(files)
    # Under a budget too small for it, the line is refused by name, not counted in pieces.
    assert main(["count", *files, "--memory", "40M", "--workers", "1", "-o", str(tmp_path / "tight.tsv")]) == 2
    assert f"{corpus[2]}: the record at byte offset" in capsys.readouterr().err


def test_the_reduce_step_sorts_on_disk_when_the_table_outgrows_its_budget(tmp_path, monkeypatch):
    from core import count

    text = "\n".join(f"w{i} v{i % 97}" for i in range(30_000)) + "\n"
    (tmp_path / "c.txt").write_text(text, encoding="utf-8")
    monkeypatch.setattr(count, "ROW_BYTES", 1 << 20)  # the reduce step may hold only 1000 rows at once
    count_corpus([str(tmp_path / "c.txt")], tmp_path / "o.tsv", workers=2, memory=64 << 20, chunk_bytes=32 << 10)
    assert read_table(tmp_path / "o.tsv") == oracle([str(tmp_path / "c.txt")])


def test_dask_local_cluster_gives_the_same_table(corpus, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as c, \
            distributed.Client(c) as client:
        count_corpus(corpus, tmp_path / "dask.tsv", backend="dask", client=client, memory=256 << 20,
                     chunk_bytes=1 << 20)
    assert read_table(tmp_path / "dask.tsv") == oracle(corpus)


def test_without_dask_the_engine_is_one_clear_line(tmp_path, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_dask(name, *args, **kwargs):
        if name.split(".")[0] in ("dask", "distributed"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    (tmp_path / "c.txt").write_text("a b\n", encoding="utf-8")
    monkeypatch.setattr(builtins, "__import__", no_dask)
    assert main(["count", str(tmp_path / "c.txt"), "-o", str(tmp_path / "o.tsv"), "--backend", "dask",
                 "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install" in err and "dask" in err
    assert not (tmp_path / "o.tsv").exists()


def test_jsonl_with_a_field_and_a_word_the_table_cannot_hold(tmp_path, capsys):
    rows = [{"text": "low lower"}, {"text": "low\tnew", "id": 2}]
    (tmp_path / "c.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "o.tsv"
    assert main(["count", str(tmp_path / "c.jsonl"), "--format", "jsonl", "--field", "text", "-o", str(out)]) == 0
    assert read_table(out) == "low\t2\nlower\t1\nnew\t1\n"
    assert main(["count", str(tmp_path / "c.jsonl"), "--format", "jsonl", "--field", "text",
                 "--pretokenizer", "none", "-o", str(out)]) == 0
    assert corpus_mod.read_corpus(out).words == ("low lower", "low\tnew")  # a tab in a word: the last tab splits
    (tmp_path / "n.jsonl").write_text(json.dumps("two\nlines") + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["count", str(tmp_path / "n.jsonl"), "--format", "jsonl", "--pretokenizer", "none",
                 "-o", str(tmp_path / "n.tsv")]) == 2
    assert "contains a line break" in capsys.readouterr().err
    (tmp_path / "x.jsonl").write_text('{"text": 3}\n', encoding="utf-8")
    assert main(["count", str(tmp_path / "x.jsonl"), "--format", "jsonl", "--field", "text",
                 "-o", str(tmp_path / "x.tsv")]) == 2
    assert capsys.readouterr().err.strip() == (f"error: {tmp_path / 'x.jsonl'}: the line at byte offset 0: "
                                               "expected a JSON string, found int")


def test_crlf_records_survive_the_table(tmp_path):
    (tmp_path / "c.txt").write_bytes(b"one two\r\nthree\r\n")
    count_corpus([str(tmp_path / "c.txt")], tmp_path / "o.tsv", pretokenizer="none", workers=1)
    assert corpus_mod.read_corpus(tmp_path / "o.tsv").words == ("one two\r", "three\r")


def test_a_word_starting_with_a_bom_keeps_it(tmp_path):
    (tmp_path / "c.txt").write_bytes("\ufeff\ufeffx y\n".encode())  # the first BOM is the file's, the second a word's
    count_corpus([str(tmp_path / "c.txt")], tmp_path / "o.tsv", workers=1)
    assert corpus_mod.read_corpus(tmp_path / "o.tsv").words == ("\ufeffx", "y")


def test_ctrl_c_leaves_no_output_and_no_spill(corpus, tmp_path):
    def interrupt(done, total):
        raise KeyboardInterrupt

    (tmp_path / "o.tsv").write_text("old\t1\n", encoding="utf-8")
    with pytest.raises(KeyboardInterrupt):
        count_corpus(corpus, tmp_path / "o.tsv", workers=2, progress=interrupt, chunk_bytes=1 << 20)
    assert sorted(os.listdir(tmp_path)) == ["o.tsv"] and read_table(tmp_path / "o.tsv") == "old\t1\n"


def test_bad_arguments_are_one_line(tmp_path, capsys):
    (tmp_path / "c.txt").write_text("\n \n", encoding="utf-8")
    for argv, message in [
        ([str(tmp_path / "c.txt")], "the corpus has no words"),
        ([str(tmp_path / "missing")], "missing: no such file"),
        (["/dev/null"], "/dev/null: cannot read (a character device, not a regular file)"),
        ([str(tmp_path / "c.txt"), "--memory", "1k"], "too small"),
        ([str(tmp_path / "c.txt"), "--field", "t"], "--field"),
        ([str(tmp_path / "c.txt"), "--workers", "0"], "--workers"),
    ]:
        assert main(["count", *argv, "-o", str(tmp_path / "o.tsv")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, (argv, err)
    assert not (tmp_path / "o.tsv").exists()
    with pytest.raises(StudioError):
        count_corpus([str(tmp_path)], tmp_path / "o.tsv", pretokenizer="bert")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from([b"a", b" ", b"\n", b"\r\n", b"\xff", b"\xc3\xa9", b"bc", b"\t", "中".encode()]),
                max_size=400),
       st.integers(1024, 4096), st.sampled_from(["whitespace", "none", "o200k"]))
def test_any_bytes_cut_anywhere_count_as_the_oracle(tmp_path, pieces, chunk, pretokenizer):
    path = tmp_path / "c.txt"
    path.write_bytes(b"".join(pieces) * 8)
    expected = oracle([str(path)], pretokenizer)
    try:
        count_corpus([str(path)], tmp_path / "o.tsv", pretokenizer=pretokenizer, workers=2, chunk_bytes=chunk)
    except CorpusError as exc:
        assert expected == "" and "no words" in str(exc)
        return
    assert read_table(tmp_path / "o.tsv") == expected


# ==== training from the counts ====

def _interface(path) -> str:
    return identity.identity_json(identity.load(path).identity)["interface_sha256"]


@pytest.mark.parametrize("algo, pretokenizer, size", [
    ("char-bpe", "whitespace", ["--merges", "60"]),
    ("byte-bpe", "none", ["--merges", "60"]),
    ("byte-bpe", "gpt2", ["--merges", "60"]),
    ("byte-bpe", "cl100k", ["--merges", "60"]),
    ("wordpiece", "whitespace", ["--vocab-size", "90"]),
])
def test_training_from_counts_equals_training_on_the_corpus(tmp_path, algo, pretokenizer, size, capsys):
    rng = random.Random(3)
    text = "".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 8))) + rng.choice(["\n", "\r\n"])
                   for _ in range(2000))
    (tmp_path / "c.txt").write_bytes(text.encode())
    pre = ["--pretokenizer", pretokenizer] if algo == "byte-bpe" else []
    assert main(["count", str(tmp_path / "c.txt"), "--pretokenizer", pretokenizer, "-o", str(tmp_path / "n.tsv"),
                 "--workers", "2", "--chunk-size", "4k"]) == 0
    assert main(["train", str(tmp_path / "c.txt"), "--algo", algo, "--format", "text", *pre, *size,
                 "-o", str(tmp_path / "a.json")]) == 0
    assert main(["train", "--from-counts", str(tmp_path / "n.tsv"), "--algo", algo, *pre, *size,
                 "-o", str(tmp_path / "b.json")]) == 0
    a, b = (json.loads((tmp_path / n).read_text("utf-8")) for n in ("a.json", "b.json"))
    assert a["model"] == b["model"] and _interface(tmp_path / "a.json") == _interface(tmp_path / "b.json")
    capsys.readouterr()


def test_from_counts_is_the_table_format_and_excludes_a_corpus(tmp_path, capsys):
    (tmp_path / "n.tsv").write_text("low\t2\nlower\t1\n", encoding="utf-8")
    out = str(tmp_path / "a.json")
    assert main(["train", "--from-counts", str(tmp_path / "n.tsv"), "--merges", "2", "-o", out]) == 0
    assert main(["train", str(tmp_path / "n.tsv"), "--from-counts", str(tmp_path / "n.tsv"), "--merges", "2",
                 "-o", out]) == 2
    assert main(["train", "--from-counts", str(tmp_path / "n.tsv"), "--format", "text", "--merges", "2",
                 "-o", out]) == 2
    assert main(["train", "--merges", "2", "-o", out]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 3 and all(line.startswith("error: ") for line in err)


def test_sigint_from_the_terminal_leaves_no_table_and_no_spill(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    line = " ".join(f"w{i}" for i in range(2000)) + "\n"
    (tmp_path / "c.txt").write_text(line * 6000, encoding="utf-8")  # about 25 MB: seconds of work
    out = tmp_path / "o.tsv"
    # Its own session, signalled as a group, as a terminal's Ctrl+C reaches the workers too; SIGINT at
    # its default even when this test runs in a background job, which ignores it (and passes that on).
    child = subprocess.Popen([sys.executable, str(root / "main.py"), "count", str(tmp_path / "c.txt"), "-o", str(out),
                              "--workers", "2", "--chunk-size", "1M"], cwd=root, start_new_session=True,
                             preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    # A first task's run is written: the workers are up (a signal while Python forks is lost in its
    # at-fork hooks, "Exception ignored in _releaseLock") and most tasks are still to come.
    while not any(run for p in tmp_path.iterdir() if p.name.startswith(".count-") for run in p.iterdir()):
        assert child.poll() is None and time.monotonic() < deadline
        time.sleep(0.02)
    os.killpg(child.pid, signal.SIGINT)
    _, err = child.communicate(timeout=120)
    assert child.returncode == 130 and err == "error: interrupted\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.txt"]
