"""Corpus files cut into tasks, and each task read back as blocks of records.

A task is a byte range of one plain file, or a whole compressed file
(``.gz``, ``.zst``: a compressed stream cannot be entered in the middle).
A range owns the records whose first byte lies in it, so ranges cut
anywhere still give every record to exactly one task (the usual split
rule of Hadoop-style line readers).  A record ends at ``\\n`` only, as
``train`` reads records: a carriage return stays in its record.
"""

from __future__ import annotations

import gzip
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from core.errors import CorpusError
from core.fileio import check_regular

COMPRESSED = (".gz", ".zst")
BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True)
class Task:
    """Records of ``path`` starting in ``[start, end)``; ``end`` None: to the end."""

    index: int
    path: str
    start: int = 0
    end: int | None = None


def corpus_files(paths) -> list[str]:
    """The regular files of ``paths`` in order; a directory gives its files sorted, recursively.

    Hidden names (a leading dot) inside a directory are skipped: they are
    editor and version-control files, not corpus.
    """
    files: list[str] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            found = []
            for folder, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found += [os.path.join(folder, n) for n in names if not n.startswith(".")]
            files += sorted(f for f in found if stat.S_ISREG(os.stat(f).st_mode))
        else:
            # Missing, unreadable, a FIFO or device: the one-line refusal every reader gives.
            check_regular(path, what="a corpus file", error=CorpusError)
            files.append(str(path))
    if not files:
        raise CorpusError("no corpus files found in " + ", ".join(map(str, paths)))
    return files


def tasks_of(files, chunk_bytes: int) -> list[Task]:
    """Tasks in corpus order: each plain file in ranges of ``chunk_bytes``."""
    tasks: list[Task] = []
    for path in files:
        size = os.path.getsize(path)
        if path.endswith(COMPRESSED) or size <= chunk_bytes:
            tasks.append(Task(len(tasks), path))
            continue
        for start in range(0, size, chunk_bytes):
            tasks.append(Task(len(tasks), path, start, min(start + chunk_bytes, size)))
    return tasks


def _open(path: str):
    if path.endswith(".gz"):
        return gzip.open(path, "rb")
    if path.endswith(".zst"):
        try:
            import zstandard  # here: an optional package that only a .zst corpus needs
        except ImportError:
            raise CorpusError(f"{path}: reading .zst needs the zstandard package") from None
        return zstandard.ZstdDecompressor().stream_reader(open(path, "rb"), closefd=True)
    return open(path, "rb")


def blocks(task: Task, block_bytes: int, record_limit: int):
    """Yield ``(offset, data)``: whole records (each ending in ``\\n`` but maybe the last).

    ``offset`` is the byte offset of ``data`` in the file (in the
    decompressed stream for ``.gz``/``.zst``).  A record longer than
    ``record_limit`` bytes is refused: a record is counted whole.
    """
    try:
        handle = _open(task.path)
    except OSError as exc:
        raise CorpusError(f"{task.path}: {exc.strerror or exc}") from None
    with handle:
        offset = task.start
        if task.start > 0:
            handle.seek(task.start - 1)
            skipped = handle.readline(record_limit + 1)  # the end of a record that began before the range
            if len(skipped) > record_limit:
                raise CorpusError(f"{task.path}: the record ending after byte offset {task.start} is longer than "
                                  f"{record_limit} bytes")
            offset = task.start - 1 + len(skipped)
        pending, first = b"", task.start == 0
        while task.end is None or offset < task.end:
            data = _read(handle, block_bytes, task.path)
            if not data:
                break
            data = pending + data
            if first and data.startswith(BOM):
                data, offset = data[3:], 3  # train drops a BOM at the start of a file too
            first = False
            cut = data.rfind(b"\n") + 1
            if task.end is not None:
                cut = _cut_at_end(data, cut, task.end - offset)
            if cut == 0:
                if len(data) > record_limit:
                    raise CorpusError(f"{task.path}: the record at byte offset {offset} is longer than "
                                      f"{record_limit} bytes")
                pending = data
                continue
            yield offset, data[:cut]
            offset += cut
            pending = data[cut:]
            if task.end is not None and offset >= task.end:
                return
        if pending and (task.end is None or offset < task.end):
            yield offset, pending


def _cut_at_end(data: bytes, cut: int, left: int) -> int:
    """Keep only the records starting before the range's end (``left`` bytes away)."""
    if left <= 0:
        return 0
    if cut <= left:
        return cut
    # The first record starting at or after ``left`` is cut off; it belongs to the next range.
    return data.index(b"\n", left - 1) + 1


def _read(handle, size: int, path: str) -> bytes:
    try:
        return handle.read(size)
    except (OSError, EOFError) as exc:  # a truncated or corrupt .gz / .zst
        raise CorpusError(f"{path}: cannot read ({exc})") from None
    except Exception as exc:  # zstandard.ZstdError is not an OSError
        if type(exc).__name__ == "ZstdError":
            raise CorpusError(f"{path}: cannot read ({exc})") from None
        raise
