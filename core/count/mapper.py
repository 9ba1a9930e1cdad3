"""The map step: count the words of one task, spilling sorted runs to disk.

Runs on a worker (a local process or a Dask worker) and returns plain data,
so every backend calls the same function.  A word's place in corpus order is
``(task, segment, rank)``: the task's index, which spill segment of it first
met the word, and the word's rank among that segment's new words.  Sorting
by it gives the order of first appearance whatever the number of workers
or the memory budget, which the ``first-seen`` tie policy needs.
"""

from __future__ import annotations

import codecs
import json
import os
import sys
import threading
from collections import Counter
from dataclasses import dataclass, field
from itertools import chain, islice

from core.corpus import END_OF_WORD
from core.count import runs
from core.count.sources import Task, blocks
from core.errors import CorpusError
from core.pipeline import pretokenize

PRETOKENIZERS = ("none", "whitespace", "gpt2", "cl100k", "o200k")
FORMATS = ("text", "jsonl")
ENTRY_BYTES = 100  # a dict slot, its int and the str header beyond sys.getsizeof(word), roughly
KEPT_OFFSETS = 20  # invalid UTF-8 offsets reported per file; the rest are only counted


@dataclass(frozen=True)
class Options:
    pretokenizer: str = "whitespace"
    fmt: str = "text"
    field: str | None = None
    strict: bool = False
    budget: int = 64 << 20  # bytes of counter this task may hold before it spills
    spill_dir: str = "."

    @property
    def block_bytes(self) -> int:
        # A block is held as bytes, as text (up to 4 bytes a character) and
        # as its list of records: keep it a small part of the budget.
        return max(64 << 10, min(8 << 20, self.budget // 32))

    @property
    def record_limit(self) -> int:
        return max(1 << 20, self.budget // 4)


@dataclass
class TaskResult:
    task: int
    runs: list = field(default_factory=list)
    records: int = 0
    words: int = 0
    bytes: int = 0
    invalid: int = 0
    invalid_offsets: list = field(default_factory=list)
    problem: str | None = None


_bad = threading.local()  # offsets the decode error handler saw, per thread (Dask runs tasks in threads)


def _note_invalid(exc: UnicodeDecodeError):
    _bad.offsets.append(exc.start)
    return "\ufffd", exc.end


codecs.register_error("subword-studio-count", _note_invalid)


def decode(data: bytes) -> tuple[str, list[int]]:
    """The text with each invalid UTF-8 sequence as U+FFFD, and where those were."""
    _bad.offsets = []
    text = data.decode("utf-8", "subword-studio-count")
    return text, _bad.offsets


def record_texts(text: str, options: Options, where) -> list[str]:
    """The records of a decoded block (its lines, or the JSON strings they hold)."""
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline that ends the last record
    if options.fmt == "text":
        return lines
    records = []
    for number, line in enumerate(lines):
        try:
            value = json.loads(line)
        except ValueError as exc:
            raise CorpusError(f"{where(number)}: not JSON ({exc.msg} at column {exc.colno})") from None
        if options.field is not None:
            if not isinstance(value, dict) or options.field not in value:
                raise CorpusError(f"{where(number)}: no field {options.field!r} in this JSON line")
            value = value[options.field]
        if not isinstance(value, str):
            raise CorpusError(f"{where(number)}: expected a JSON string, found {type(value).__name__}")
        records.append(value)
    return records


def words_of(records: list[str], pretokenizer: str):
    """Every word of ``records`` in order; pre-tokens never cross a record."""
    if pretokenizer == "whitespace":
        return chain.from_iterable(map(str.split, records))
    if pretokenizer == "none":
        return filter(None, records)
    ascii_findall, findall = pretokenize.piece_finder(pretokenizer)
    return filter(None, chain.from_iterable(ascii_findall(r) if r.isascii() else findall(r) for r in records))


def unfit(word: str) -> str | None:
    """Why a ``word<TAB>count`` table cannot hold ``word`` (None if it can)."""
    if "\n" in word:
        return "contains a line break"
    if END_OF_WORD in word:
        return f"contains the reserved symbol {END_OF_WORD!r}"
    return None


class _Segments:
    """The task's counter; written out as a sorted run whenever it outgrows the budget."""

    def __init__(self, task: Task, options: Options, result: TaskResult):
        self.task, self.options, self.result = task, options, result
        self.counts: Counter = Counter()
        self.size = 0
        self.segment = 0

    def add(self, words) -> str | None:
        """Count ``words`` (an iterable); a reason when one cannot go into a table."""
        counts = self.counts
        before = len(counts)
        counts.update(words)  # Counter.update counts an iterable in C
        # The new words are the last ones in insertion order: only they are checked and sized.
        for word in islice(reversed(counts), len(counts) - before):
            why = unfit(word)
            if why:
                return f"the word {word[:40]!r} {why}, which a word<TAB>count table cannot hold"
            self.size += sys.getsizeof(word) + ENTRY_BYTES
        if self.size > self.options.budget // 2:
            self.spill()
        return None

    def spill(self) -> None:
        counts = self.counts
        if not counts:
            return
        self.result.words += counts.total()
        task, segment = self.task.index, self.segment
        name = os.path.join(self.options.spill_dir, f"map-{task:06d}-{segment:04d}.jsonl")
        words, times = list(counts), list(counts.values())
        # A word's rank is its index in insertion order; sort the indexes by word.
        order = sorted(range(len(words)), key=words.__getitem__)
        runs.write(name, ([words[i], times[i], task, segment, i] for i in order))
        self.result.runs.append(name)
        self.counts, self.size = Counter(), 0
        self.segment += 1


def _line_start(data: bytes, number: int) -> int:
    """Where line ``number`` (from 0) of ``data`` starts."""
    at = 0
    for _ in range(number):
        at = data.index(b"\n", at) + 1
    return at


def count_task(task: Task, options: Options) -> TaskResult:
    """Count ``task``'s words; problems come back as ``result.problem``, never raised."""
    result = TaskResult(task.index)
    segments = _Segments(task, options, result)
    try:
        for offset, data in blocks(task, options.block_bytes, options.record_limit):
            text, bad = decode(data)
            if bad:
                if options.strict:
                    at = bad[0]
                    result.problem = (f"{task.path}: invalid UTF-8 byte {data[at:at + 1].hex().upper()} "
                                      f"at byte offset {offset + at}")
                    return result
                result.invalid += len(bad)
                room = KEPT_OFFSETS - len(result.invalid_offsets)
                result.invalid_offsets += [offset + at for at in bad[:max(room, 0)]]
            records = record_texts(text, options, lambda n: f"{task.path}: the line at byte offset "
                                   f"{offset + _line_start(data, n)}")
            result.records += len(records)
            result.bytes += len(data)
            problem = segments.add(words_of(records, options.pretokenizer))
            if problem:
                result.problem = f"{task.path}: at or after byte offset {offset}: {problem}"
                return result
        segments.spill()
    except CorpusError as exc:
        result.problem = str(exc)
    return result
