"""One text under several tokenizers, lined up: each one's Encoding and
chips, its token boundaries, and the boundaries they all share.

A *boundary* is a byte offset where a token starts or ends; the boundaries
every row has cut the text into *segments*.  Nothing here touches Qt
widgets, so :func:`compare` runs in a worker.

Details: docs/notes/gui.md#guicomparealignmentpy.
"""

from __future__ import annotations

import time
import traceback
from bisect import bisect_left
from dataclasses import dataclass

from core.errors import Cancelled, StudioError

from ..shell import core_text
from ..widgets.chips import encoding_chips


@dataclass(frozen=True)
class Row:
    """One tokenizer's result: its encoding and chips, or why it failed."""

    key: str
    encoding: object  # core.tokenizer.Encoding, or None when ``error``
    chips: tuple
    error: str = ""  # a message for the user
    seconds: float = 0.0

    @property
    def tokens(self) -> int:
        return len(self.encoding) if self.encoding is not None else 0


@dataclass(frozen=True)
class Comparison:
    text: str
    chars: int  # code points
    size: int  # UTF-8 bytes
    rows: tuple[Row, ...]  # in the order asked for, failed ones included
    shared: tuple[int, ...]  # byte offsets every encoded row has as a boundary, ascending
    cuts: tuple[int, ...]  # segment edges: the shared boundaries, with 0 and ``size``
    firsts: dict  # key -> the token index each segment starts at (len(cuts) entries)

    @property
    def encoded(self) -> tuple[Row, ...]:
        return tuple(r for r in self.rows if r.error == "")


def boundaries(encoding) -> set[int]:
    """Every byte offset where a token of ``encoding`` starts or ends."""
    found = set()
    for start, end in encoding.byte_spans:
        found.add(start)
        found.add(end)
    return found


def shared_boundaries(encodings) -> tuple[int, ...]:
    """The byte offsets that are a boundary in every one of ``encodings``."""
    encodings = list(encodings)
    if not encodings:
        return ()
    common = boundaries(encodings[0])
    for encoding in encodings[1:]:
        common &= boundaries(encoding)
    return tuple(sorted(common))


def segment_cuts(shared, size: int) -> tuple[int, ...]:
    """Segment edges: the shared boundaries inside the text, with both ends.
    An empty text is one empty segment, ``(0, 0)``."""
    inner = [b for b in shared if 0 < b < size]
    return (0, *inner, size)


def segment_firsts(byte_spans, cuts) -> tuple[int, ...]:
    """For each segment, the index of its first token; the last entry is the
    token count, so segment ``k`` holds tokens ``firsts[k]:firsts[k + 1]``.

    A token belongs to the segment its first byte is in.  A token with an
    empty span (an inserted ``</w>``, a special the pipeline added) stays
    with the token before it, so ``low</w>`` is not torn apart at a shared
    boundary; the spans of the rest only ever move forward.
    """
    keys = []
    last = 0
    for index, (start, end) in enumerate(byte_spans):
        if not (start == end and index):
            last = max(last, start)
        keys.append(last)
    # Segment 0 starts at token 0 whatever its offset; the end is every token.
    return (0, *(bisect_left(keys, cut) for cut in cuts[1:-1]), len(keys))


def stats(row: Row, chars: int, size: int) -> tuple[float | None, float | None]:
    """Characters and bytes per token (None for no tokens)."""
    if not row.tokens:
        return None, None
    return chars / row.tokens, size / row.tokens


def encode_row(key: str, tokenizer, text: str) -> Row:
    """``text`` under one tokenizer; a failure is this row's, not the whole comparison's."""
    began = time.perf_counter()
    try:
        encoding = tokenizer.encode(text)
        chips = tuple(encoding_chips(encoding, text))
    except StudioError as exc:
        return Row(key, None, (), core_text.error(exc))
    except Exception as exc:  # a bug in one kind must not hide the others' rows
        traceback.print_exc()
        return Row(key, None, (), core_text.internal_error(exc))
    return Row(key, encoding, chips, "", time.perf_counter() - began)


def compare(text: str, jobs, *, cached=None, progress=None, should_stop=None) -> Comparison:
    """Encode ``text`` with each ``(key, tokenizer)`` of ``jobs``.

    ``cached`` maps a key to a :class:`Row` already made for this same text
    and tokenizer (ticking one more tokenizer re-encodes only that one).
    ``should_stop`` is asked between tokenizers; True raises Cancelled.
    """
    cached = cached or {}
    rows = []
    for done, (key, tokenizer) in enumerate(jobs):
        if should_stop is not None and should_stop():
            raise Cancelled()
        row = cached.get(key)
        rows.append(row if row is not None else encode_row(key, tokenizer, text))
        if progress is not None:
            progress(done + 1, len(jobs))
    size = len(text.encode("utf-8", "surrogatepass"))
    encoded = [r for r in rows if r.error == ""]
    shared = shared_boundaries(r.encoding for r in encoded)
    cuts = segment_cuts(shared, size)
    firsts = {r.key: segment_firsts(r.encoding.byte_spans, cuts) for r in encoded}
    return Comparison(text, len(text), size, tuple(rows), shared, cuts, firsts)
