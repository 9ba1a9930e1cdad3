"""A process that saves a large workspace or asset over and over, for
test_crash_safe_save to SIGKILL.  ``phase`` stops it at a chosen moment of
core.fileio's save and prints a marker, so the kill lands exactly there:

* ``write``: half of the temporary file written;
* ``fsync``: the temporary file written, not yet flushed to disk;
* ``replace``: flushed, not yet renamed over the destination;
* ``loop``: no stop; the parent kills at a random moment.

Usage: crash_writer.py workspace|asset DEST PHASE
"""

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from core import assets, fileio
from core.models import char_bpe
from core.workspace import workspace_file  # noqa: E402
from core.corpus import EXAMPLE_19_1, WordCorpus  # noqa: E402
from core.workspace.workspace import Workspace  # noqa: E402

WORDS = 30_000


def workspace_version(count: int):
    corpus = WordCorpus(tuple(f"word{i}" for i in range(WORDS)), (count,) * WORDS)
    return workspace_file.snapshot(Workspace(corpus))


def asset_version(count: int) -> dict:
    asset = assets.char_bpe_to_asset(char_bpe.train(EXAMPLE_19_1, merges=4), name=f"version {count}")
    asset["metadata"]["notes"] = f"{count}" * 2_000_000
    return asset


def announce(marker: str):
    print(marker, flush=True)
    time.sleep(60)  # the parent kills us here


def instrument(phase: str):
    if phase == "write":
        real_fdopen = os.fdopen

        class HalfThenStop:
            def __init__(self, handle):
                self.handle = handle

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return self.handle.__exit__(*exc)

            def write(self, data):
                self.handle.write(data[: len(data) // 2])
                self.handle.flush()
                announce("write")

            def __getattr__(self, name):
                return getattr(self.handle, name)

        fileio.os.fdopen = lambda fd, mode: HalfThenStop(real_fdopen(fd, mode))
    elif phase in ("fsync", "replace"):
        real = getattr(os, phase)

        def stop_then(*args):
            announce(phase)
            return real(*args)

        setattr(os, phase, stop_then)


def main(kind: str, dest: str, phase: str):
    save = workspace_file.save if kind == "workspace" else lambda doc, path: assets.save_asset(path, doc)
    versions = [(workspace_version if kind == "workspace" else asset_version)(c) for c in (2, 3)]
    instrument(phase)
    print("ready", flush=True)
    while True:
        for doc in versions:
            save(doc, dest)


if __name__ == "__main__":
    main(*sys.argv[1:])
