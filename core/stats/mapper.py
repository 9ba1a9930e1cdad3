"""The map step of corpus statistics: per-record sums for each tokenizer.

:func:`record_sums` counts words, scripts and tokens over a record's whole
Encoding, each token in the word its first character falls in, so the
per-script token counts add up to the total; :mod:`core.stats.columns`
gives the same figures a block of records at a time.

Details: docs/notes/edit-and-stats.md#corestatsmapperpy.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field

import numpy as np
import regex

from core import engines, shelf
from core.count.mapper import decode, record_texts
from core.count.sources import Task, blocks
from core.engines.served import Served
from core.tokenizer import specials
from core.tokenizer.specials import SpecialInText
from core.errors import CorpusError, StudioError
from core.scripts import NEUTRAL, script_of
from core.stats.columns import SCRIPTS, Block
from core.tokenizer.base import BYTE, INSERTED, UNKNOWN

KEPT_WORDS = 5000  # most frequent words a task returns (the "most split" list is drawn from them)
# Per-script sums, in this order.
FIELDS = ("tokens", "words", "characters", "bytes", "unknown", "byte_fallback")
_WORD = regex.compile(r"\S+")


@dataclass(frozen=True)
class StatsOptions:
    tokenizers: tuple[str, ...]  # asset paths, opened on the worker
    engines: tuple[str, ...] = ()  # the engine of each (core.engines.CHOICES; none given: auto)
    specials: tuple = (None, None)  # --allowed-special, --disallowed-special as given (None: the origin's rule)
    fmt: str = "text"
    field: str | None = None
    strict: bool = False
    block_bytes: int = 1 << 20
    record_limit: int = 64 << 20


@dataclass
class StatsResult:
    task: int
    records: int = 0
    characters: int = 0
    bytes: int = 0
    invalid: int = 0
    scripts: list = field(default_factory=list)  # per tokenizer: {script: [FIELDS...]}
    used: list = field(default_factory=list)  # per tokenizer: sorted IDs seen
    words: dict = field(default_factory=dict)  # word -> occurrences (the task's most frequent)
    problem: str | None = None


_opened: dict = {}  # (path, engine[, mtime, size]) -> Served: a worker opens each asset once


def asset_ref(arg: str) -> str:
    """What a worker opens for an ASSET argument: the file's absolute path
    (a worker may have another working folder), else ``shelf:NAME``."""
    entry = shelf.find(arg) if not os.path.exists(arg) else None
    return shelf.PREFIX + entry.name if entry is not None else os.path.abspath(arg)


def _key(path: str, engine: str) -> tuple:
    if path.startswith(shelf.PREFIX):
        return path, engine
    try:
        stat = os.stat(path)
    except OSError:
        return path, engine  # open_asset names what is wrong
    return path, engine, stat.st_mtime_ns, stat.st_size


def open_tokenizer(path: str, engine: str = "auto", notes=None):
    """The tokenizer at ``path`` (an :func:`asset_ref`), its IDs from
    ``engine`` (:func:`core.engines.open_asset`, which reads the compiled
    cache, so a worker starts fast), opened once per process; a demoted
    engine is told to ``notes`` (the parent's: a worker passes None)."""
    key = _key(path, engine)
    if key not in _opened:
        tok = engines.open_asset(path, engine=engine, notes=notes)
        _opened[key] = _opened[_key(path, tok.engine)] = tok  # a worker asks for the engine the parent got
    return _opened[key]


def word_script(word: str) -> str:
    for ch in word:
        script = script_of(ch)
        if script not in NEUTRAL:
            return script
    return "Common"


def record_sums(tok, text: str, spans, scripts, sums: dict, used: set) -> None:
    """Add one record's figures under ``tok`` to ``sums`` (script -> FIELDS list)."""
    enc = tok.encode(text)
    used.update(enc.ids)
    for (a, b), script in zip(spans, scripts):
        row = sums.setdefault(script, [0] * len(FIELDS))
        row[1] += 1
        row[2] += b - a
        row[3] += len(text[a:b].encode("utf-8", "surrogatepass"))
    word, last = 0, len(spans) - 1
    for (start, _), flag in zip(enc.char_spans, enc.flags):
        while flag != INSERTED and word < last and start >= spans[word][1]:
            word += 1  # past this word's end: the token starts in the next word or the spaces before it
        row = sums.setdefault(scripts[word] if spans else "Common", [0] * len(FIELDS))
        row[0] += 1
        row[4] += flag == UNKNOWN
        row[5] += flag == BYTE


def with_specials(tok, given) -> Served:
    """``tok`` reading specials in the text as the options ``given``
    (allowed, disallowed: ``all``, ``none``, names or None) say."""
    allowed, disallowed = given
    if allowed is None and disallowed is None:
        return tok
    names = [name for name, _ in tok.specials]
    return tok.with_policy(specials.parse(allowed, names, "--allowed-special"),
                           specials.parse(disallowed, names, "--disallowed-special"))


def stats_task(task: Task, options: StatsOptions) -> StatsResult:
    """The map step on a worker: it opens the assets itself."""
    try:
        chosen = options.engines or ("auto",) * len(options.tokenizers)
        toks = [with_specials(open_tokenizer(path, engine), options.specials)
                for path, engine in zip(options.tokenizers, chosen)]
    except StudioError as exc:
        return StatsResult(task.index, problem=str(exc))
    return task_sums(task, toks, options)


def task_sums(task: Task, toks, options: StatsOptions) -> StatsResult:
    """``task``'s sums under the tokenizers ``toks``; a problem comes back as ``result.problem``.

    A tokenizer whose native engine gives its tokens' starts is counted a
    block at a time (:mod:`core.stats.columns`); any other, record by
    record from whole Encodings (:func:`record_sums`)."""
    result = StatsResult(task.index)
    try:
        result.scripts = [{} for _ in toks]
        used = [set() for _ in toks]
        words: Counter = Counter()
        for offset, data in blocks(task, options.block_bytes, options.record_limit):
            text, bad = decode(data)
            if bad and options.strict:
                at = bad[0]
                result.problem = (f"{task.path}: invalid UTF-8 byte {data[at:at + 1].hex().upper()} "
                                  f"at byte offset {offset + at}")
                return result
            result.invalid += len(bad)
            records = [record.removesuffix("\r") for record in
                       record_texts(text, options, lambda n: f"{task.path}: a line after byte offset {offset}")]
            result.records += len(records)
            result.characters += sum(map(len, records))
            if records:  # the records' bytes, without the line breaks joining them
                result.bytes += len("\n".join(records).encode("utf-8", "surrogatepass")) - len(records) + 1
            found = [tok.token_starts(records) if isinstance(tok, Served) and records else None for tok in toks]
            block = Block(records, _WORD) if any(starts is not None for starts in found) else None
            if block is not None:
                words.update(block.words())
                _block_sums(block, found, result.scripts, used)
            rest = [(tok, sums, seen) for tok, starts, sums, seen in zip(toks, found, result.scripts, used)
                    if starts is None]
            if rest:
                try:
                    _record_sums_each(records, rest, words if block is None else None)
                except SpecialInText as exc:
                    raise CorpusError(f"{task.path}: a record after byte offset {offset}: {exc}") from None
        result.used = [sorted(s) for s in used]
        result.words = dict(words.most_common(KEPT_WORDS))
    except CorpusError as exc:
        result.problem = str(exc)
    return result


def _record_sums_each(records, toks, words: Counter | None) -> None:
    """:func:`record_sums` of each record under each ``(tok, sums, used)``; the words counted into ``words``."""
    for record in records:
        matches = list(_WORD.finditer(record))
        spans = [m.span() for m in matches]
        scripts = [word_script(m.group()) for m in matches]
        if words is not None:
            words.update(m.group() for m in matches)
        for tok, sums, seen in toks:
            record_sums(tok, record, spans, scripts, sums, seen)


def _block_sums(block: Block, found, all_sums, all_used) -> None:
    """A block's sums under each tokenizer whose engine gave its tokens' starts (``found``, else None)."""
    words = block.word_rows()
    for starts, sums, used in zip(found, all_sums, all_used):
        if starts is None:
            continue
        tokens = block.token_rows(starts)
        for s in np.flatnonzero(words[0] + tokens[0]).tolist():
            row = sums.setdefault(SCRIPTS[s], [0] * len(FIELDS))
            for k, value in enumerate((tokens[0][s], words[0][s], words[1][s], words[2][s], tokens[1][s],
                                       tokens[2][s])):
                row[k] += int(value)
        used.update(np.flatnonzero(np.bincount(starts.ids)).tolist())
