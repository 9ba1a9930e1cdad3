"""Counting the words of a corpus of any size: map over byte ranges, reduce on disk.

``count_corpus`` cuts the files into tasks (core.count.sources), counts each
on a worker (core.count.mapper), and merges the workers' sorted spill runs
(core.count.runs) into the ``word<TAB>count`` table that ``train --format
table`` and ``train --from-counts`` read, in order of first appearance.
Neither the corpus nor the table is ever held whole in memory.
"""

from __future__ import annotations

import heapq
import os
import shutil
import tempfile
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path

from core.count import backends, runs
from core.count.mapper import FORMATS, PRETOKENIZERS, Options, count_task
from core.count.sources import corpus_files, tasks_of
from core.errors import CorpusError, StudioError
from core.fileio import atomic_file

CHUNK_BYTES = 32 << 20
ROW_BYTES = 300  # one merged row held by the reduce step (a list, its str and ints), roughly
MIN_TASK_BUDGET = 2 << 20


@dataclass
class Summary:
    files: int = 0
    tasks: int = 0
    records: int = 0
    words: int = 0
    distinct: int = 0
    bytes: int = 0
    runs: int = 0
    spilled: int = 0
    invalid: dict = field(default_factory=dict)  # file -> {"count": n, "offsets": [first few]}

    def as_json(self) -> dict:
        return dict(self.__dict__)


def parse_size(text: str) -> int:
    """``512M``, ``2G``, ``64k`` or plain bytes."""
    units = {"k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}
    text = text.strip().lower().removesuffix("b")
    scale = units.get(text[-1:], 1)
    digits = text[:-1] if text[-1:] in units else text
    try:
        value = float(digits)
    except ValueError:
        raise StudioError(f"size {text!r}: expected a number with an optional k, M or G") from None
    if value <= 0:
        raise StudioError(f"size {text!r} must be positive")
    return int(value * scale)


def budgets(memory: int, backend: str, workers: int) -> tuple[int, int]:
    """(per-task counter budget, reduce budget) out of ``memory``.

    Local: the workers and the reduce step share it.  Dask: the budget is
    each worker's own; the reduce step on this machine takes the same.
    """
    share = memory // (workers + 1) if backend == "local" else memory // 2
    if share < MIN_TASK_BUDGET:
        raise StudioError(f"--memory {memory} bytes is too small for {workers} workers: give at least "
                          f"{MIN_TASK_BUDGET * (workers + 1) >> 20} MB")
    return share, share


def count_corpus(paths, output, *, pretokenizer="whitespace", fmt="text", field=None, strict=False,
                 memory=1 << 30, backend="local", workers=None, scheduler="", spill_dir=None,
                 chunk_bytes=CHUNK_BYTES, progress=None, client=None) -> Summary:
    """Count ``paths`` into the table ``output``; raises CorpusError/StudioError on bad input."""
    if pretokenizer not in PRETOKENIZERS:
        raise StudioError(f"unknown pre-tokenizer {pretokenizer!r}: choose one of {', '.join(PRETOKENIZERS)}")
    if fmt not in FORMATS or (field is not None and fmt != "jsonl"):
        raise StudioError("--field reads JSON lines: use it with --format jsonl")
    workers = workers or backends.default_workers()
    task_budget, reduce_budget = budgets(memory, backend, workers)
    files = corpus_files(paths)
    tasks = tasks_of(files, max(chunk_bytes, 1 << 10))
    folder = spill_dir or str(Path(output).resolve().parent)
    work = tempfile.mkdtemp(prefix=".count-", dir=folder)
    try:
        options = Options(pretokenizer, fmt, field, strict, task_budget, work)
        summary = Summary(files=len(files), tasks=len(tasks))
        all_runs = _map(tasks, options, summary, backend, workers, scheduler, progress, client)
        rows = runs.combine(heapq.merge(*map(runs.read, runs.merge(all_runs, runs.by_word, work, "w")),
                                        key=runs.by_word))
        ordered = runs.sort_rows(rows, runs.by_place, max(reduce_budget // ROW_BYTES, 1000), work, "p")
        summary.distinct = _write_table(output, ordered)
        return summary
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _map(tasks, options, summary, backend, workers, scheduler, progress, client) -> list[str]:
    sizes = {t.index: (t.end - t.start) if t.end is not None else os.path.getsize(t.path) for t in tasks}
    total, done, found = sum(sizes.values()), 0, {}
    paths = {t.index: t.path for t in tasks}

    def on_result(result):
        nonlocal done
        if result.problem:
            raise CorpusError(result.problem)
        found[result.task] = result.runs
        summary.records += result.records
        summary.words += result.words
        summary.bytes += result.bytes
        summary.spilled += max(len(result.runs) - 1, 0)
        if result.invalid:
            entry = summary.invalid.setdefault(paths[result.task], {"count": 0, "offsets": []})
            entry["count"] += result.invalid
            entry["offsets"] = sorted(entry["offsets"] + result.invalid_offsets)[:20]
        done += sizes[result.task]
        if progress:
            progress(done, total)

    backends.run(count_task, tasks, options, backend=backend, workers=workers, scheduler=scheduler,
                 on_result=on_result, client=client)
    all_runs = [path for index in sorted(found) for path in found[index]]
    summary.runs = len(all_runs)
    return all_runs


def _write_table(output, rows) -> int:
    """Write ``word<TAB>count`` lines; the number of rows written."""
    rows = iter(rows)
    first = next(rows, None)
    if first is None:
        raise CorpusError("the corpus has no words")  # before the output is touched
    rows = chain([first], rows)
    written = 0
    with atomic_file(output) as handle:
        batch = []
        for word, count, *_ in rows:
            if written == 0 and word.startswith("\ufeff"):
                # The reader drops one BOM at the start of the file; this
                # one makes it keep the word's own.
                batch.append("\ufeff")
            batch.append(f"{word}\t{count}\n")
            written += 1
            if len(batch) >= 8192:
                handle.write("".join(batch).encode("utf-8"))
                batch = []
        handle.write("".join(batch).encode("utf-8"))
    return written
