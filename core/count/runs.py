"""Spill runs: sorted rows ``[word, count, task, segment, rank]`` on disk.

Each line is a JSON array of up to ``BATCH`` rows: JSON, not a TSV, because
a run must hold any word (a carriage return, a tab) exactly, and batches
because one ``json.dumps`` per row took most of the time of a count; never
pickle, because runs are files like any other.
"""

from __future__ import annotations

import heapq
import json
import os
from itertools import groupby, islice

BATCH = 4096
FAN_IN = 64  # runs merged at once; more are merged in rounds (open files stay few)


def write(path: str, rows) -> None:
    rows = iter(rows)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        while batch := list(islice(rows, BATCH)):
            handle.write(json.dumps(batch, ensure_ascii=False) + "\n")


def read(path: str):
    with open(path, encoding="utf-8", newline="\n") as handle:
        for line in handle:
            yield from json.loads(line)


def by_word(row):
    return row[0]


def by_place(row):
    return row[2], row[3], row[4]


def merge(paths, key, folder: str, prefix: str) -> list[str]:
    """Merge sorted runs ``FAN_IN`` at a time until at most ``FAN_IN`` remain."""
    paths = list(paths)
    round_ = 0
    while len(paths) > FAN_IN:
        merged = []
        for start in range(0, len(paths), FAN_IN):
            name = os.path.join(folder, f"{prefix}-{round_}-{start // FAN_IN:06d}.jsonl")
            group = paths[start:start + FAN_IN]
            rows = heapq.merge(*map(read, group), key=key)
            write(name, combine(rows) if key is by_word else rows)
            merged.append(name)
            for path in group:
                os.unlink(path)
        paths, round_ = merged, round_ + 1
    return paths


def combine(rows):
    """Rows sorted by word -> one row per word: counts summed, the earliest place kept."""
    for word, same in groupby(rows, key=by_word):
        first = next(same)
        count, place = first[1], by_place(first)
        for row in same:
            count += row[1]
            place = min(place, by_place(row))
        yield [word, count, *place]


def sort_rows(rows, key, limit: int, folder: str, prefix: str):
    """``rows`` sorted by ``key``, holding at most ``limit`` rows in memory at once."""
    held, spilled = [], []
    for row in rows:
        held.append(row)
        if len(held) >= limit:
            held.sort(key=key)
            spilled.append(os.path.join(folder, f"{prefix}-{len(spilled):06d}.jsonl"))
            write(spilled[-1], held)
            held = []
    held.sort(key=key)
    if not spilled:
        yield from held
        return
    if held:
        spilled.append(os.path.join(folder, f"{prefix}-{len(spilled):06d}.jsonl"))
        write(spilled[-1], held)
        held = []
    yield from heapq.merge(*map(read, merge(spilled, key, folder, prefix + "-m")), key=key)

