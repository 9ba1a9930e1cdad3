"""A save killed with SIGKILL at any moment leaves the destination as the
old complete file or the new complete one, never a torn mix; the temporary
files of killed saves are removed by the next save."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from core import assets, fileio
from core.workspace import workspace_file
from tests.core.crash_writer import WORDS, asset_version, workspace_version

WRITER = Path(__file__).with_name("crash_writer.py")
pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def save(kind, count, path):
    if kind == "workspace":
        workspace_file.save(workspace_version(count), path)
    else:
        assets.save_asset(path, asset_version(count))


def version_of(kind, path) -> int:
    """Which complete version the file holds (parsing it whole)."""
    if kind == "workspace":
        snap = workspace_file.read(path)
        assert len(snap.corpus) == WORDS and len(set(snap.corpus.counts)) == 1
        return snap.corpus.counts[0]
    asset, _ = assets.load_tokenizer(path)
    notes = asset["metadata"]["notes"]
    assert notes == notes[0] * 2_000_000 and asset["metadata"]["name"] == f"version {notes[0]}"
    return int(notes[0])


def temps(path) -> list[str]:
    return sorted(n for n in os.listdir(path.parent) if n.startswith(f".{path.name}.") and n.endswith(".tmp"))


def kill_writer(kind, path, phase, delay=0.0):
    """Start a writer, wait for its marker (and ``delay``), SIGKILL it and
    reap it, so its PID is really gone."""
    child = subprocess.Popen([sys.executable, str(WRITER), kind, str(path), phase], stdout=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        if phase != "loop":
            assert child.stdout.readline().strip() == phase
        time.sleep(delay)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()


@pytest.mark.parametrize("kind", ["workspace", "asset"])
def test_a_killed_save_never_tears_the_file_and_its_litter_is_cleaned(kind, tmp_path):
    path = tmp_path / ("w.json" if kind == "workspace" else "a.json")
    save(kind, 1, path)
    for phase in ("write", "fsync", "replace"):
        kill_writer(kind, path, phase)
        # Stopped mid-save: the new version exists only as a temporary file.
        assert version_of(kind, path) in (1, 2, 3)
        assert len(temps(path)) >= 1, phase
    rnd = random.Random(8)
    seen = set()
    for _ in range(4):
        kill_writer(kind, path, "loop", rnd.uniform(0.0, 0.5))
        seen.add(version_of(kind, path))
    assert seen <= {1, 2, 3}
    # The writers are dead, so the next save removes what they left.
    save(kind, 1, path)
    assert version_of(kind, path) == 1 and temps(path) == []


def test_stale_temps_of_live_writers_are_left_alone(tmp_path):
    path = tmp_path / "a.json"
    mine = tmp_path / f".a.json.{os.getpid()}.x.tmp"  # this process, not saving now: stale
    live = tmp_path / ".a.json.1.x.tmp"  # PID 1 is alive: maybe a save in progress
    other = tmp_path / ".b.json.999999999.x.tmp"  # another file's
    numbered = tmp_path / ".a.json.5.999999999.x.tmp"  # a temporary of "a.json.5", not of "a.json"
    for p in (mine, live, other, numbered):
        p.write_bytes(b"{")
    fileio.write_bytes_atomic(path, b"{}")
    assert not mine.exists() and live.exists() and other.exists() and numbered.exists()
    assert path.read_bytes() == b"{}"


def test_saved_files_get_the_usual_mode_and_keep_a_changed_one(tmp_path):
    path = tmp_path / "a.json"
    fileio.write_bytes_atomic(path, b"1")
    umask = os.umask(0)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask  # not mkstemp's 0600
    path.chmod(0o640)
    fileio.write_bytes_atomic(path, b"2")
    assert path.stat().st_mode & 0o777 == 0o640


def test_threads_saving_one_relative_path_never_delete_each_others_temps(tmp_path, monkeypatch):
    import threading

    monkeypatch.chdir(tmp_path)  # "a.json": the folder is "." for mkstemp and "" for pathlib
    errors = []

    def writer(n):
        try:
            for i in range(12):
                fileio.write_bytes_atomic("a.json", f"{n} {i}".encode() * 5000)
        except Exception as exc:  # the failure this test looks for
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and temps(tmp_path / "a.json") == []
    data = (tmp_path / "a.json").read_bytes()
    assert data == data[: len(data) // 5000] * 5000  # one writer's whole content
