"""Hostile command lines, generated: every subcommand with hostile numbers,
texts, ID lists, corpora and paths (FIFOs, devices, folders, links, the
input itself, missing folders, empty names), run as a user runs them.

Each child runs under ``RLIMIT_AS`` (1.5 GB) and a timeout, so a hang or a
runaway allocation fails the test instead of the machine.  Every run must
end with exit 0, or 2 with exactly one ``error:`` line on stderr (``diff``,
``canon`` and ``identity`` also say "no" with 1); never a traceback, never
a signal; and every file that existed before is byte for byte as it was.
Commands of one example run in parallel; the examples are few and fixed
(derandomized), so the suite stays under a minute.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from tests.fuzzing import snapshot

MAIN = str(ROOT / "main.py")
MEMORY = 1536 << 20
TIMEOUT = 90  # wall time on a loaded machine; a hang is minutes or forever
SAYS_NO = {"diff", "canon", "identity"}  # exit 1 is their "different" / "not canonical"

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo") or sys.platform == "darwin",
                                reason="POSIX FIFOs, devices and RLIMIT_AS")


def _limits():
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _run(folder, argvs):
    """Start every command at once; ``[(argv, returncode, stderr)]``."""
    children = [subprocess.Popen([sys.executable, MAIN, *argv], cwd=folder, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, preexec_fn=_limits)
                for argv in argvs]
    done = []
    for argv, child in zip(argvs, children):
        try:
            _, err = child.communicate(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            for other in children:
                other.kill()
            pytest.fail(f"hung for {TIMEOUT} s: {argv}")
        done.append((argv, child.returncode, err.decode("utf-8", "replace")))
    return done


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """Assets of every kind, files of every import format, and the hostile neighbours."""
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "c.tsv").write_text("low\t5\nlower\t2\nnewest\t6\nwidest\t3\n", encoding="utf-8")
    (folder / "r.txt").write_text("low lower newest widest\nthe lowest new\n", encoding="utf-8")
    setup = [
        ["train", "c.tsv", "--merges", "6", "-o", "a.json"],
        ["train", "r.txt", "--algo", "byte-bpe", "--merges", "6", "-o", "b.json"],
        ["train", "r.txt", "--algo", "wordpiece", "--vocab-size", "30", "-o", "w.json"],
        ["train", "r.txt", "--algo", "unigram", "--vocab-size", "30", "-o", "u.json"],
    ]
    later = [
        ["export", "b.json", "--format", "hf", "-o", "t.json"],
        ["export", "b.json", "--format", "tiktoken", "-o", "tk"],
        ["export", "b.json", "--format", "minbpe", "-o", "m"],
        ["export", "u.json", "--format", "spm", "-o", "sp.model"],
        ["export", "w.json", "--format", "bert-vocab", "-o", "vocab.txt"],
        ["export", "a.json", "--format", "subword-nmt", "-o", "codes.bpe"],
    ]
    for batch in (setup, later):
        for argv, code, err in _run(folder, batch):
            assert code == 0, (argv, err)
    (folder / "ids.txt").write_text("108 111 119 32 259\n", encoding="utf-8")
    os.mkfifo(folder / "ff")
    (folder / "sub").mkdir()
    (folder / "ln.json").symlink_to(folder / "a.json")
    (folder / "ro.json").write_text("{}", encoding="utf-8")
    os.chmod(folder / "ro.json", 0o444)
    return folder


ASSETS = ["a.json", "b.json", "w.json", "u.json", "t.json", "ln.json", "ff", "sub", "/dev/zero", "missing.json",
          "", "gen.bin", "ro.json"]
OUTPUTS = ["out.json", "c.tsv", "a.json", "b.json", "ff", "/dev/null", "/dev/full", "sub", "missing/x.json", "",
           "ln.json", "ro.json", "gen.bin", "new\nline.json"]
IMPORTS = {"hf": "t.json", "tiktoken": "tk", "spm": "sp.model", "minbpe": "m.model", "bert-vocab": "vocab.txt",
           "subword-nmt": "codes.bpe", "gpt2": "t.json"}
numbers = st.one_of(
    st.sampled_from(["0", "1", "2", "40", "٣", "５", "1_000", "+5", "-1", "", " 7", "2147483648", "9" * 30,
                     "18446744073709551616", "1e3", "0x10", "2.5", "nan"]),
    st.integers(0, 400).map(str))
texts = st.one_of(st.sampled_from(["low lower", "", " ", "\u2028\x0c\x85", "<BOS>low", "[UNK]", "🙂" * 50,
                                   "a" * 5000]),
                  st.text(max_size=40))
id_lists = st.lists(numbers, max_size=6)
contents = st.one_of(
    st.binary(max_size=200),
    st.lists(st.tuples(st.text(alphabet="lowersnt\u2028 é٣\t", max_size=8), numbers), max_size=6).map(
        lambda rows: "".join(f"{w}\t{n}\n" for w, n in rows).encode("utf-8", "surrogatepass")),
    st.sampled_from([b"", b"\xff\xfe", b"{}", b'{"format": "subword-studio/tokenizer", "schema_version": true}',
                     b"[" * 5000, b"9" * 5000, "1 ٣ ١\n".encode()]))


@st.composite
def command(draw):
    which = draw(st.sampled_from(["train", "encode", "decode", "canon", "stages", "identity", "diff", "vocab",
                                  "export", "import", "trace"]))
    asset = draw(st.sampled_from(ASSETS))
    out = draw(st.sampled_from(OUTPUTS))
    if which == "train":
        algo = draw(st.sampled_from(["char-bpe", "byte-bpe", "wordpiece", "unigram"]))
        corpus = draw(st.sampled_from(["c.tsv", "r.txt", "gen.bin", "ff", "/dev/zero", "sub", "", "missing.tsv"]))
        size = ["--merges" if algo.endswith("bpe") and draw(st.booleans()) else "--vocab-size", draw(numbers)]
        extra = draw(st.sampled_from([[], ["--unk", ""], ["--unk", "l"], ["--format", "table"],
                                      ["--format", "jsonl"], ["--specials", ",,x,x"], ["--trace", out],
                                      ["--shrink", draw(numbers)], ["--min-frequency", draw(numbers)]]))
        return [which, corpus, "--algo", algo, *size, *extra, "-o", out]
    if which in ("encode", "stages"):
        extra = draw(st.sampled_from([[], ["--json"], ["--limit", draw(numbers)]])) if which == "stages" else \
            draw(st.sampled_from([[], ["--json"]]))
        if draw(st.booleans()) and which == "stages":
            return [which, asset, "--file", draw(st.sampled_from(["gen.bin", "ff", "/dev/zero", "sub"])), *extra]
        return [which, asset, "--text", draw(texts), *extra]
    if which == "decode":
        return [which, asset, *(draw(id_lists) or ["0"]), *draw(st.sampled_from([[], ["--errors", "replace"]]))]
    if which == "canon":
        if draw(st.booleans()):
            return [which, asset, "--file", draw(st.sampled_from(["ids.txt", "gen.bin", "ff", "/dev/zero", "sub"]))]
        return [which, asset, *(draw(id_lists) or ["-"])]
    if which == "identity":
        return [which, asset, *draw(st.sampled_from([[], ["--json"], ["--manifest", "gen.bin"],
                                                     ["--write-manifest", out]]))]
    if which == "diff":
        return [which, asset, draw(st.sampled_from(ASSETS))]
    if which == "vocab":
        return [which, asset, *draw(st.sampled_from([[], ["--audit"], ["--csv", out], ["--audit-csv", out]]))]
    if which == "export":
        fmt = draw(st.sampled_from(["hf", "tiktoken", "spm", "bert-vocab", "subword-nmt", "minbpe", "zzz"]))
        return [which, asset, "--format", fmt, "-o", out]
    if which == "import":
        fmt = draw(st.sampled_from(sorted(IMPORTS)))
        source = draw(st.sampled_from([IMPORTS[fmt], "gen.bin", "ff", "/dev/zero", "sub", ""]))
        extra = ["--pattern", draw(st.sampled_from(["gpt2", "cl100k", "zzz"]))] if fmt == "tiktoken" else []
        if fmt == "tiktoken" and draw(st.booleans()):
            extra += ["--pat-str", draw(st.sampled_from(["a{4294967294}", "(?:a{3000}){3000}", "(", "\\w+"]))]
        return [which, source, "--format", fmt, *extra, "-o", out]
    return [which, asset]


@settings(max_examples=int(os.environ.get("FUZZ_CLI_EXAMPLES", "6")), deadline=None, derandomize=True,
          phases=[Phase.explicit, Phase.generate],  # shrinking reruns processes: report the example found
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.data_too_large])
@given(st.lists(command(), min_size=4, max_size=4), contents)
def test_hostile_command_lines_end_cleanly(folder, argvs, content):
    (folder / "gen.bin").write_bytes(content)
    before = snapshot(folder)
    try:
        for argv, code, err in _run(folder, argvs):
            assert "Traceback" not in err, (argv, err)
            assert code in ((0, 1, 2) if argv[0] in SAYS_NO else (0, 2)), (argv, code, err)
            if code == 2:
                lines = err.splitlines()
                assert len(lines) == 1 and lines[0].startswith("error: "), (argv, err)
        after = snapshot(folder)
        assert {k: v for k, v in after.items() if k in before} == before
    finally:
        for name in set(os.listdir(folder)) - set(before):  # this example's outputs
            path = folder / name
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
