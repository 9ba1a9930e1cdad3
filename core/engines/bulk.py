"""Encoding a large text, or many lines, on several threads, with exactly
the IDs of one call.

A text is cut only where its tokenizer's IDs are known to join
(:func:`parts`, by :func:`core.engines.compile.cut_rule`); without such a
rule it is encoded in one call.

Details: docs/notes/engines.md#coreenginesbulkpy.
"""

from __future__ import annotations

import re
from itertools import chain
from typing import Iterator

MIN_PART = 1 << 17  # characters: a shorter text is one call
PARTS_PER_WORKER = 4
LINE_CHUNKS = 64
_SPACE = re.compile("(?<=[a-z]) (?=[a-z])")


def parts(text: str, count: int, rule: str, specials=()) -> list[tuple[int, int]]:
    """Up to ``count`` ``(start, end)`` parts of ``text`` whose IDs join to
    the whole text's, cut near equal shares at a space between two
    lowercase ASCII letters outside every special's text; the space begins
    the next part (``keep-space``) or is left out (``drop-space``: the next
    part's dummy prefix stands for it)."""
    spaces = []
    for k in range(1, count):
        found = _SPACE.search(text, max(len(text) * k // count, spaces[-1] + 1 if spaces else 0))
        while found is not None and _inside_special(text, found.start(), specials):
            found = _SPACE.search(text, found.end())
        if found is None:
            break
        spaces.append(found.start())
    skip = 1 if rule == "drop-space" else 0
    starts = [0, *(at + skip for at in spaces)]
    return list(zip(starts, [*spaces, len(text)]))


def _inside_special(text: str, at: int, specials) -> bool:
    """Does an occurrence of a special's text hold the character at ``at``?"""
    for name in specials:
        found = text.find(name, max(0, at - len(name) + 1), at + len(name))
        if found != -1 and found <= at:
            return True
    return False


def encode_text(tok, text: str, *, workers: int = 2, progress=None) -> list[int]:
    """``tok.encode_ids(text)``, on ``workers`` threads where the engine and
    the tokenizer allow a cut.  ``progress(parts done, parts)``."""
    return list(chain.from_iterable(encode_parts(tok, text, workers=workers, progress=progress)))


def encode_parts(tok, text: str, *, workers: int = 2, progress=None, arrays: bool = False) -> Iterator:
    """The IDs of ``text`` in consecutive parts, yielded in order as they
    are ready; with ``arrays``, each part as a numpy uint32 array where the
    engine gives one (``encode_ids_array``), else a list.

    The parts are encoded on ``workers`` threads (one for an engine whose
    calls do not run side by side), PARTS_PER_WORKER parts per thread, so
    while the caller works on the parts already done (writing their IDs
    out, say), the native calls go on."""
    tok = tok.for_work(len(text), workers)
    encode = tok.encode_ids_array if arrays else tok.encode_ids
    rule = tok.facts.get("cut")
    if workers < 2 or tok.engine == "reference" or rule is None or len(text) < 2 * MIN_PART:
        ids = encode(text)
        if progress:
            progress(1, 1)
        yield ids
        return
    count = min(workers * PARTS_PER_WORKER, len(text) // MIN_PART)
    pieces = [text[a:b] for a, b in parts(text, count, rule, [name for name, _ in tok.specials])]
    pool = _pool(workers if tok.calls_side_by_side else 1)
    try:
        waiting = [pool.submit(encode, piece) for piece in pieces]
        for done, found in enumerate(waiting, 1):
            ids = found.result()
            waiting[done - 1] = None  # the part's IDs go once the caller is done with them
            yield ids
            if progress:
                progress(done, len(pieces))
    finally:
        pool.shutdown(cancel_futures=True)


def encode_lines(tok, lines: list[str], *, workers: int = 2, progress=None) -> list[list[int]]:
    """``[tok.encode_ids(line) for line in lines]``, in chunks on ``workers`` threads."""
    tok = tok.for_work(sum(map(len, lines)), workers)
    size = max(1, -(-len(lines) // LINE_CHUNKS))
    chunks = [lines[i:i + size] for i in range(0, len(lines), size)]
    done = 0

    def one(chunk):
        nonlocal done
        rows = tok.encode_lines(chunk)
        done += 1
        if progress:
            progress(done, len(chunks))
        return rows
    if workers < 2 or tok.engine == "reference" or not tok.lines_side_by_side:
        return list(chain.from_iterable(map(one, chunks)))
    with _pool(workers) as pool:
        return list(chain.from_iterable(pool.map(one, chunks)))


def _pool(threads: int):
    """A thread pool of ``threads`` threads."""
    # Start-up: concurrent.futures (and the logging it loads) costs every
    # command ~8 ms; only work large enough to be cut gets here.
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(threads)
