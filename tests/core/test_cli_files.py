"""The command line's file policy (docs/guide/robustness.md), run as a user runs it.

Every read takes regular files only, bounded by the bytes it reads, and never
blocks; every write refuses an output that is an input, a link, a FIFO,
device or directory, or sits in a missing folder, before anything is written;
a full disk, a closed stdout or a strict encoding end with one line.  Each
refusal: exit 2, exactly one line on stderr naming the file, no traceback,
every file in the folder as it was, and no hang (30 s timeout).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest

from conftest import ROOT
from core.errors import StudioError
from core.fileio import check_outputs, read_limited
from tests.fuzzing import snapshot

MAIN = str(ROOT / "main.py")
TIMEOUT = 30

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX FIFOs and devices")


def run(folder, *argv, env=None, **popen):
    """``python main.py ARGV`` in ``folder``; fails the test if it does not finish."""
    cmd = [sys.executable, MAIN, *(a if isinstance(a, bytes) else str(a) for a in argv)]
    try:
        return subprocess.run(cmd, cwd=folder, stderr=subprocess.PIPE, timeout=TIMEOUT,
                              env={**os.environ, **(env or {})}, **popen)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hung for {TIMEOUT} s: {argv}")


def assert_refused(folder, *argv, names, **kw):
    """Exit 2, one ``error:`` line naming ``names``, no traceback, the folder untouched."""
    before = snapshot(folder)
    done = run(folder, *argv, stdout=subprocess.DEVNULL, **kw)
    err = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 2, (argv, err)
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    for name in names:
        assert name in lines[0], (name, err)
    assert snapshot(folder) == before
    return lines[0]


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """c.tsv (a corpus), a.json (a byte-bpe asset), t.json (its HF export), ff (a FIFO nobody writes)."""
    folder = tmp_path_factory.mktemp("files")
    (folder / "c.tsv").write_text("low\t2\nlower\t1\nnew\t1\n", encoding="utf-8")
    for argv in (["train", "c.tsv", "--algo", "byte-bpe", "--merges", "4", "-o", "a.json"],
                 ["export", "a.json", "--format", "hf", "-o", "t.json"]):
        done = run(folder, *argv, stdout=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
    os.mkfifo(folder / "ff")
    (folder / "sub").mkdir()
    return folder


# ==== reads: regular files only, never blocking, bounded ====

@pytest.mark.parametrize("argv, name", [
    (["train", "ff", "--merges", "2", "-o", "x.json"], "ff"),
    (["train", "/dev/zero", "--merges", "2", "-o", "x.json"], "/dev/zero"),
    (["train", "sub", "--merges", "2", "-o", "x.json"], "sub"),
    (["import", "ff", "--format", "hf", "-o", "x.json"], "ff"),
    (["import", "/dev/zero", "--format", "hf", "-o", "x.json"], "/dev/zero"),
    (["import", "/dev/zero", "--format", "tiktoken", "--pattern", "cl100k", "-o", "x.json"], "/dev/zero"),
    (["import", "t.json", "--format", "tiktoken", "--pattern", "cl100k", "--specials", "ff", "-o", "x.json"], "ff"),
    (["encode", "ff", "--text", "low"], "ff"),
    (["encode", "/dev/zero", "--text", "low"], "/dev/zero"),
    (["identity", "a.json", "--manifest", "ff"], "ff"),
    (["identity", "a.json", "--manifest", "/dev/zero"], "/dev/zero"),
    (["stages", "a.json", "--file", "ff"], "ff"),
    (["canon", "a.json", "--file", "ff"], "ff"),
    (["diff", "a.json", "ff"], "ff"),
], ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_a_fifo_device_or_folder_is_refused_without_blocking(folder, argv, name):
    assert_refused(folder, *argv, names=[name])


def test_the_limit_counts_the_bytes_read_not_the_size_stat_reports(tmp_path):
    # /proc files are regular and report size 0 whatever they hold.
    proc = "/proc/self/maps"
    if not os.path.isfile(proc) or os.stat(proc).st_size != 0:
        pytest.skip("no /proc file whose stat size is 0")
    with pytest.raises(StudioError, match="is over the 16-byte limit"):
        read_limited(proc, limit=16, what="a file", error=StudioError)
    small = tmp_path / "s.txt"
    small.write_bytes(b"x" * 16)
    assert read_limited(small, limit=16, what="a file", error=StudioError) == b"x" * 16
    small.write_bytes(b"x" * 17)
    with pytest.raises(StudioError, match="17 bytes is over the 16-byte limit"):
        read_limited(small, limit=16, what="a file", error=StudioError)


# ==== writes: never an input, a link, a special file; all checked first ====

@pytest.mark.parametrize("argv, names", [
    (["train", "c.tsv", "--merges", "2", "-o", "c.tsv"], ["c.tsv"]),
    (["export", "a.json", "--format", "hf", "-o", "a.json"], ["a.json"]),
    (["import", "t.json", "--format", "hf", "-o", "t.json"], ["t.json"]),
    (["identity", "a.json", "--write-manifest", "a.json"], ["a.json"]),
    (["train", "c.tsv", "--merges", "2", "-o", "n.json", "--trace", "n.json"], ["n.json"]),
    (["train", "c.tsv", "--merges", "2", "-o", "a.json", "--trace", "a.json"], ["a.json"]),
    (["export", "a.json", "--format", "tiktoken", "-o", "a"], ["a.json"]),  # the sidecar a.json is the input
    (["export", "a.json", "--format", "spm", "-o", "x.vocab"], ["x.vocab"]),  # model and vocab on one name
    (["vocab", "a.json", "--csv", "a.json"], ["a.json"]),
    (["vocab", "a.json", "--csv", "v.csv", "--audit-csv", "v.csv"], ["v.csv"]),
    (["train", "c.tsv", "--merges", "2", "-o", "x.json", "--trace", "missing/t.json"], ["missing/t.json"]),
    (["train", "c.tsv", "--merges", "2", "-o", "missing/x.json"], ["missing/x.json"]),
    (["train", "c.tsv", "--merges", "2", "-o", "c.tsv/x.json"], ["c.tsv/x.json"]),
    (["export", "a.json", "--format", "hf", "-o", "ff"], ["ff"]),
    (["export", "a.json", "--format", "hf", "-o", "/dev/null"], ["/dev/null"]),
    (["export", "a.json", "--format", "hf", "-o", "sub"], ["sub"]),
    (["identity", "a.json", "--write-manifest", "sub"], ["sub"]),
    (["train", "c.tsv", "--merges", "2", "-o", "x.json", "--trace", "ff"], ["ff"]),
], ids=lambda v: " ".join(v) if isinstance(v, list) and isinstance(v[0], str) and len(v) > 1 else None)
def test_an_output_that_is_an_input_or_not_a_plain_file_is_refused_before_any_write(folder, argv, names):
    assert_refused(folder, *argv, names=names)


def test_a_link_to_an_input_or_to_another_file_is_never_written_through(folder, tmp_path):
    os.symlink(folder / "c.tsv", tmp_path / "link.tsv")
    (tmp_path / "other.json").write_text("{}\n", encoding="utf-8")
    os.symlink(tmp_path / "other.json", tmp_path / "out.json")
    os.link(folder / "c.tsv", tmp_path / "hard.tsv")  # the same file under a second name
    before = snapshot(folder)
    corpus = str(folder / "c.tsv")
    assert_refused(tmp_path, "train", corpus, "--merges", "2", "-o", "link.tsv", names=["link.tsv"])
    assert_refused(tmp_path, "train", corpus, "--merges", "2", "-o", "out.json", names=["out.json"])
    line = assert_refused(tmp_path, "train", corpus, "--merges", "2", "-o", "hard.tsv", names=["hard.tsv"])
    assert "input" in line
    assert snapshot(folder) == before


def test_check_outputs_passes_new_and_plain_files(tmp_path):
    (tmp_path / "old.json").write_text("{}", encoding="utf-8")
    (tmp_path / "in.tsv").write_text("a\t1\n", encoding="utf-8")
    check_outputs([tmp_path / "new.json", tmp_path / "old.json", None], [tmp_path / "in.tsv", None], StudioError)
    with pytest.raises(StudioError, match="also an input"):
        check_outputs([tmp_path / "in.tsv"], [tmp_path / "in.tsv"], StudioError)


def test_good_runs_still_write(folder, tmp_path):
    corpus, asset = folder / "c.tsv", folder / "a.json"
    done = run(tmp_path, "train", corpus, "--merges", "2", "-o", "x.json", "--trace", "t.json",
               stdout=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    done = run(tmp_path, "export", asset, "--format", "tiktoken", "-o", "r.tiktoken", stdout=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert {"x.json", "t.json", "r.tiktoken", "r.tiktoken.json"} <= set(os.listdir(tmp_path))
    done = run(tmp_path, "export", asset, "--format", "hf", "-o", "x.json", stdout=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr  # replacing an earlier output is fine


# ==== standard output ====

def test_a_full_disk_on_stdout_is_one_line(folder):
    with open("/dev/full", "wb") as full:
        before = snapshot(folder)
        done = run(folder, "vocab", "a.json", stdout=full)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err, err
    assert err.splitlines() == ["error: standard output: cannot write (No space left on device)"]
    assert snapshot(folder) == before


def test_a_closed_stdout_is_one_line(folder):
    before = snapshot(folder)
    try:
        done = subprocess.run(["sh", "-c", 'exec "$0" "$@" >&-', sys.executable, MAIN, "vocab", "a.json"],
                              cwd=folder, stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail("hung with stdout closed")
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err, err
    assert err.splitlines() == ["error: standard output is closed"]
    assert snapshot(folder) == before


def test_a_reader_that_went_away_is_not_an_error(folder):
    read, write = os.pipe()
    os.close(read)  # every write now fails with EPIPE
    try:
        done = run(folder, "vocab", "a.json", stdout=write)
    finally:
        os.close(write)
    assert done.returncode == 0 and done.stderr == b"", done.stderr


def test_text_the_stdout_encoding_cannot_hold_is_one_line(folder, tmp_path):
    # The output name holds byte 0xFF, which Python reads as a lone surrogate.
    name = os.fsencode(tmp_path) + b"/x\xff.json"
    done = run(folder, "train", "c.tsv", "--merges", "2", "-o", name, stdout=subprocess.PIPE,
               env={"PYTHONIOENCODING": "utf-8:strict"})
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: standard output: character '\\udcff'"), err


# ==== standard input (canon ASSET -) ====

def test_endless_or_closed_stdin_is_one_line(folder):
    with open("/dev/zero", "rb") as zero:
        done = run(folder, "canon", "a.json", "-", stdin=zero, stdout=subprocess.DEVNULL)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.splitlines() == [err.strip()] and "<stdin>" in err, err
    try:
        done = subprocess.run(["sh", "-c", 'exec "$0" "$@" <&-', sys.executable, MAIN, "canon", "a.json", "-"],
                              cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        pytest.fail("hung with stdin closed")
    err = done.stderr.decode()
    assert done.returncode == 2 and err.splitlines() == ["error: <stdin>: standard input is closed"], err


# ==== --force: a read-only output is replaced only when asked ====

# Every subcommand that writes a file, with {c} the corpus, {a} the asset and
# {t} its HF export; RO is the read-only output (for tiktoken: its sidecar).
WRITERS = [
    ("train {c} --merges 2 -o RO", "RO"),
    ("train {c} --merges 2 -o x.json --trace RO", "RO"),
    ("count {c} -o RO", "RO"),
    ("import {t} --format hf -o RO", "RO"),
    ("export {a} --format hf -o RO", "RO"),
    ("export {a} --format tiktoken -o r.tiktoken", "r.tiktoken.json"),
    ("identity {a} --write-manifest RO", "RO"),
    ("vocab {a} --csv RO", "RO"),
    ("vocab {a} --audit-csv RO", "RO"),
]


def _writer_argv(folder, template):
    paths = {"c": folder / "c.tsv", "a": folder / "a.json", "t": folder / "t.json"}
    return [part.format(**paths) for part in template.split()]


@pytest.mark.parametrize("template, read_only", WRITERS, ids=[w[0] for w in WRITERS])
def test_a_read_only_output_is_kept_unless_force_and_force_keeps_its_mode(folder, tmp_path, template, read_only):
    argv = _writer_argv(folder, template)
    target = tmp_path / read_only
    target.write_bytes(b"old\n")
    target.chmod(0o440)  # not the umask's mode: replacing must keep exactly these bits
    line = assert_refused(tmp_path, *argv, names=[read_only])
    assert "read-only" in line and "--force replaces it" in line
    done = run(tmp_path, *argv, "--force", stdout=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert target.read_bytes() not in (b"", b"old\n")
    assert stat.S_IMODE(os.lstat(target).st_mode) == 0o440
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]


def test_force_still_refuses_an_input_a_link_or_a_special_file(folder, tmp_path):
    corpus = tmp_path / "c.tsv"
    corpus.write_bytes((folder / "c.tsv").read_bytes())
    corpus.chmod(0o444)
    (tmp_path / "ro.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "ro.json").chmod(0o444)
    os.symlink(tmp_path / "ro.json", tmp_path / "link.json")
    os.mkfifo(tmp_path / "fifo")
    assert "input" in assert_refused(tmp_path, "train", "c.tsv", "--merges", "2", "-o", "c.tsv", "--force",
                                     names=["c.tsv"])
    assert "symbolic link" in assert_refused(tmp_path, "train", "c.tsv", "--merges", "2", "-o", "link.json",
                                             "--force", names=["link.json"])
    assert "FIFO" in assert_refused(tmp_path, "train", "c.tsv", "--merges", "2", "-o", "fifo", "--force",
                                    names=["fifo"])
    assert "directory" in assert_refused(tmp_path, "export", str(folder / "a.json"), "--format", "hf", "-o",
                                         str(folder / "sub"), "--force", names=["sub"])


def test_force_is_one_policy_in_fileio(tmp_path):
    from core.errors import OutputRefused
    from core.fileio import replacing_read_only, write_bytes_atomic

    ro, other = tmp_path / "ro.txt", tmp_path / "other.txt"
    for path in (ro, other):
        path.write_bytes(b"old")
        path.chmod(0o400)
    with pytest.raises(OutputRefused, match="read-only"):
        write_bytes_atomic(ro, b"new")
    write_bytes_atomic(ro, b"new", force=True)
    assert ro.read_bytes() == b"new" and stat.S_IMODE(ro.stat().st_mode) == 0o400
    with replacing_read_only([ro]):  # only the paths named: another read-only file stays refused
        write_bytes_atomic(ro, b"newer")
        with pytest.raises(OutputRefused, match="read-only"):
            write_bytes_atomic(other, b"new")
    with pytest.raises(OutputRefused, match="read-only"):  # and only inside the block
        write_bytes_atomic(ro, b"newest")
    assert ro.read_bytes() == b"newer" and other.read_bytes() == b"old"
