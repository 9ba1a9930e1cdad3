"""Chips for an :class:`core.tokenizer.Encoding` of any kind: one per token,
labelled with the text a reader should see.

A token holding whole characters shows its readable text; one that starts
or ends inside a character names what it holds (``法 1/3``: the first of
the three bytes of 法); a byte-fallback piece shows as stored (``<0xE4>``) and
remembers which bytes of which character it holds (``part``);
a special shows its name and has no bytes; an unknown token remembers the
input it swallowed (``covers``).  Identical tokens share one chip object:
a plain token shows by its ID alone, so a megabyte's half a million tokens
take one chip per distinct ID, laid out by numpy.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from itertools import chain, compress
from operator import itemgetter

import numpy as np

from core.arrays import code_points, utf8_starts
from core.render import render_piece
from core.tokenizer.base import BYTE, PARTIAL, SPECIAL, UNKNOWN, Spans

from .token_strip import Chip


def byte_role(value: int) -> str:
    # Valid for text the encoder produced: it always came from a str.
    return "ascii" if value < 0x80 else "continuation" if value < 0xC0 else "lead"


def partial_label(text, char_starts, byte_span, char_span) -> str:
    """Name the characters a token only partly holds: ``法 1/3`` is the first
    of the three bytes of 法; whole characters appear as themselves, run
    together (``␣na ï 1/2``: a space, n, a and the first byte of ï).

    >>> partial_label("naïve", [0, 1, 2, 4, 5, 6], (0, 3), (0, 3))
    'na ï 1/2'
    """
    start, end = byte_span
    parts = []  # runs of whole characters, and one entry per partial one
    for index in range(char_span[0], char_span[1]):
        first, last = char_starts[index], char_starts[index + 1]
        shown = render_piece(text[index].encode("utf-8", "surrogatepass"))
        if start <= first and last <= end:
            if parts and not parts[-1][1]:
                parts[-1] = (parts[-1][0] + shown, False)
            else:
                parts.append((shown, False))
            continue
        lo, hi = max(start, first) - first + 1, min(end, last) - first
        held = f"{lo}" if lo == hi else f"{lo}–{hi}"
        parts.append((f"{shown} {held}/{last - first}", True))
    return " ".join(p for p, _ in parts)


def _partial_chip(stored, token_id, piece, text, char_starts, byte_span, char_span) -> Chip:
    """A token holding part of a character: labelled by what it holds
    (``中 1/3``), or as stored (``<0xE4>``) for a byte-fallback piece, which
    keeps what it holds in ``part`` for its tooltip."""
    held = partial_label(text, char_starts, byte_span, char_span)
    return Chip(stored or held, token_id, piece, tuple(map(byte_role, piece)), True,
                covers=text[char_span[0]:char_span[1]], part=held if stored else "")


def encoding_chips(encoding, text: str, spelled=()) -> list[Chip]:
    """One chip per token of ``encoding`` (an Encoding of ``text``);
    ``spelled``: ``(start, end, name)`` of the specials' texts in ``text``
    (core.tokenizer.specials.occurrences), whose ordinary tokens are marked."""
    chips = _plain_chips(encoding)
    odd = list(compress(range(len(encoding.flags)), encoding.flags))  # the flagged tokens ("" is plain)
    if odd:
        _flagged(chips, encoding, text, odd)
    if spelled:
        _mark_spelled(chips, encoding, spelled)
    return chips


def _plain_chips(encoding) -> list[Chip]:
    """Every token's chip as if it were plain (the flagged ones are replaced
    after).  A token's text and bytes depend on its ID and flag alone
    (core.tokenizer.staged), and the IDs whose text varies (unknown,
    special) are flagged wherever they stand, so any use of an ID stands
    for all of them."""
    ids = np.fromiter(encoding.ids, dtype=np.int64, count=len(encoding.ids))
    if not len(ids):
        return []
    if ids.min() < 0 or ids.max() >= 1 << 24:  # outside any vocabulary's IDs: keyed by a sort
        _, first, where = np.unique(ids, return_index=True, return_inverse=True)
    else:  # keyed by a table by ID, as a sort of a megabyte's IDs holds the GIL for 30 ms
        used, some_use = np.zeros(int(ids.max()) + 1, bool), np.zeros(int(ids.max()) + 1, np.int64)
        used[ids] = True
        some_use[ids] = np.arange(ids.size)  # any use of an ID stands for all (see above)
        distinct = np.flatnonzero(used)
        first, index = some_use[distinct], np.zeros(used.size, np.int64)
        index[distinct] = np.arange(distinct.size)
        where = index[ids]
    texts, pieces = encoding.texts, encoding.pieces
    made = np.empty(len(first), dtype=object)
    for k, at in enumerate(first.tolist()):
        made[k] = Chip(texts[at], ids[at].item(), pieces[at], tuple(map(byte_role, pieces[at])))
    return made[where.reshape(-1)].tolist()


def _mark_spelled(chips, encoding, spelled):
    """Mark the ordinary tokens that spell a special's text (read as text)."""
    ends = [end for _, end in encoding.char_spans]
    marked: dict[tuple, Chip] = {}
    for start, end, name in spelled:
        i = bisect_right(ends, start)  # the first token ending after the special's first character
        while i < len(chips) and encoding.char_spans[i][0] < end:
            if encoding.flags[i] != SPECIAL and encoding.char_spans[i][1] > start:
                key = (chips[i], name)  # chips are frozen: equal chips share the marked one
                if key not in marked:
                    marked[key] = replace(chips[i], spells=name)
                chips[i] = marked[key]
            i += 1


def _flagged(chips, encoding, text, odd):
    """Replace the flagged tokens' chips; equal tokens share one chip.  The
    partial and byte pieces (a megabyte of CJK through r50k has 100,000)
    are keyed by numpy where each holds part of one character."""
    flags = encoding.flags
    pieces = [i for i in odd if flags[i] in (PARTIAL, BYTE)]
    if pieces:
        _partial_chips(chips, encoding, text, pieces)
    shared: dict[tuple, Chip] = {}
    ids, spans = encoding.ids, encoding.char_spans
    for i in odd:
        flag = flags[i]
        if flag == SPECIAL:
            key = (flag, ids[i])
            chip = shared.get(key)
            if chip is None:
                chip = shared[key] = Chip(encoding.tokens[i], ids[i], b"", (), flag="∅")
        elif flag == UNKNOWN:
            c0, c1 = spans[i]
            key = (flag, ids[i], text[c0:c1])
            chip = shared.get(key)
            if chip is None:
                piece = encoding.pieces[i]
                chip = shared[key] = Chip(encoding.texts[i], ids[i], piece, tuple(map(byte_role, piece)),
                                          covers=text[c0:c1])
        else:
            continue
        chips[i] = chip


def _partial_chips(chips, encoding, text, where):
    """The chips of the partial and byte tokens at ``where``.  Such a chip
    depends on the token's ID and flag, the characters it touches and how
    many bytes it leaves off the first and the last of them: keyed by numpy
    where it touches one character (by its code point), else by the text."""
    char_starts = utf8_starts(text)
    c, b = _pairs(encoding.char_spans, where), _pairs(encoding.byte_spans, where)
    head, tail = b[:, 0] - char_starts[c[:, 0]], char_starts[c[:, 1]] - b[:, 1]
    ids = np.fromiter(_picked(encoding.ids, where), np.int64, len(where))
    is_byte = np.array(_picked(encoding.flags, where), dtype=object) == BYTE
    one = c[:, 1] - c[:, 0] == 1
    points = code_points(text)

    def made(at: int) -> Chip:
        i = where[at]
        return _partial_chip(encoding.tokens[i] if is_byte[at] else None, encoding.ids[i], encoding.pieces[i],
                             text, char_starts, encoding.byte_spans[i], encoding.char_spans[i])

    single = np.flatnonzero(one)
    if single.size:
        # One int64 per token: the ID, the flag, the code point (21 bits) and
        # the bytes left off each end (0-3, 3 bits each).
        keys = (((ids * 2 + is_byte) << 27) | (points[np.where(one, c[:, 0], 0)] << 6) | (head << 3) | tail)[single]
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        shared = np.empty(len(first), dtype=object)
        shared[:] = [made(at) for at in single[first].tolist()]
        for at, chip in zip(single.tolist(), shared[inverse.reshape(-1)].tolist()):
            chips[where[at]] = chip
    found: dict[tuple, Chip] = {}
    for at in np.flatnonzero(~one).tolist():
        key = (int(ids[at]), bool(is_byte[at]), text[c[at, 0]:c[at, 1]], int(head[at]), int(tail[at]))
        if key not in found:
            found[key] = made(at)
        chips[where[at]] = found[key]


def _pairs(spans, where) -> np.ndarray:
    """``spans[i]`` for each ``i`` of ``where``, as an (n, 2) int64 array."""
    if isinstance(spans, Spans):
        return np.stack([spans.starts[where], spans.ends[where]], axis=1)
    return np.fromiter(chain.from_iterable(_picked(spans, where)), np.int64, 2 * len(where)).reshape(-1, 2)


def _picked(items, where) -> tuple:
    """``items[i]`` for each ``i`` of ``where`` (picked in C)."""
    return itemgetter(*where)(items) if len(where) > 1 else tuple(items[i] for i in where)
