"""Text that remembers which bytes of the original input each character came from.

Like HF ``tokenizers``' ``NormalizedString``, but alignments are byte spans
of the *original* UTF-8 input; these are the operations the stages'
``aligned`` methods are made of.

Details: docs/notes/pipeline.md#corepipelinealignedpy.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from itertools import accumulate, chain, compress, repeat

from core.arrays import utf8_starts
from core.slices import listed


_LEADS = bytes(0 if 0x80 <= b <= 0xBF else 1 for b in range(256))


def _utf8_length(ch: str) -> int:
    # Lone surrogates count 3 bytes, as "surrogatepass" writes them.
    return 1 if ch < "\x80" else 2 if ch < "\u0800" else 3 if ch < "\U00010000" else 4


def utf8_offsets(text: str) -> list[int]:
    """The UTF-8 offset of every character of ``text``, and its length (a
    lone surrogate counts 3 bytes, as "surrogatepass" writes it)."""
    if text.isascii():
        return listed(range(len(text) + 1))
    return utf8_starts(text).tolist()


def _offsets(data: bytes, leads: bytes) -> list[int]:
    found = listed(compress(range(len(data)), leads))
    found.append(len(data))
    return found


class Origin:
    """The original input: its byte offsets, and bytes back to characters."""

    def __init__(self, text: str):
        self.text = text
        if text.isascii():
            self.offsets = listed(range(len(text) + 1))
            self.floor = self.offsets
        else:
            # Lone surrogates count 3 bytes, as "surrogatepass" writes them.
            data = text.encode("utf-8", "surrogatepass")
            leads = data.translate(_LEADS)  # 1 where a character starts, 0 on a continuation byte
            self.offsets = _offsets(data, leads)
            # Character index of every byte offset (the character holding it).
            self.floor = listed(map((-1).__add__, accumulate(leads)))
            self.floor.append(len(text))
        self.size = self.offsets[-1]

    def aligned(self) -> Aligned:
        return Aligned(self.text, self.offsets[:-1], self.offsets[1:], 0)

    def chars(self, start: int, end: int) -> tuple[int, int]:
        """Character span of byte span ``[start, end)``: every character it touches."""
        if end <= start:
            return (self.floor[start], self.floor[start])
        return (self.floor[start], self.floor[end - 1] + 1)

    def char_at(self, start: int, end: int) -> str | None:
        """The one original character that is exactly bytes ``[start, end)``, else None."""
        if not 0 <= start < end <= self.size:
            return None
        c = self.floor[start]
        return self.text[c] if self.offsets[c] == start and self.offsets[c + 1] == end else None

    def whole_chars(self, start: int, end: int) -> bool:
        """Does ``[start, end)`` start and end on character boundaries?"""
        return self.offsets[self.floor[start]] == start and (end == self.size or self.offsets[self.floor[end]] == end)


@dataclass(slots=True)
class Aligned:
    """``text`` with the original byte span ``[starts[i], ends[i])`` of each
    character; ``at`` places an empty text."""

    text: str
    starts: list
    ends: list
    at: int

    def span(self, start: int = 0, end: int | None = None) -> tuple[int, int]:
        """Original bytes behind characters ``[start, end)`` (empty: where they would be)."""
        end = len(self.text) if end is None else end
        if end <= start:
            at = self.starts[start] if start < len(self.text) else (self.ends[-1] if self.text else self.at)
            return (at, at)
        # Every operation here keeps starts and ends in order, so the ends
        # of the range bound it.
        return (self.starts[start], self.ends[end - 1])

    def slice(self, start: int, end: int) -> Aligned:
        at = self.starts[start] if start < len(self.text) else self.span(start, start)[0]
        return Aligned(self.text[start:end], self.starts[start:end], self.ends[start:end], at)

    def remap(self, text: str, ranges) -> Aligned:
        """A new text whose character ``j`` came from characters ``ranges[j]`` of this one."""
        starts, ends = [], []
        for start, end in ranges:
            a, b = self.span(start, end)
            starts.append(a)
            ends.append(b)
        return Aligned(text, starts, ends, self.at)

    def coarse(self, text: str) -> Aligned:
        """Every character of ``text`` from the whole of this one (alignment unknown)."""
        return self.remap(text, [(0, len(self.text))] * len(text))


def map_local(src: Aligned, function) -> Aligned:
    """Apply a ``str -> str`` function that works character by character,
    except where characters combine (NFKC composing ``e`` + U+0301, the final
    sigma of ``str.lower``): those are grouped, and the group's output maps
    to the whole group."""
    text = src.text
    whole = function(text)
    if whole == text:
        return src
    outputs = list(map(function, text))
    if "".join(outputs) == whole:
        return src.remap(whole, chain.from_iterable(repeat((i, i + 1), len(o)) for i, o in enumerate(outputs)))
    groups: list[list] = []  # [start, end, output]
    for i, ch in enumerate(text):
        if groups:
            start, _, out = groups[-1]
            joined = function(text[start:i + 1])
            if unicodedata.combining(ch) or joined != out + outputs[i]:
                groups[-1][1:] = [i + 1, joined]
                continue
        groups.append([i, i + 1, outputs[i]])
    if "".join(g[2] for g in groups) != whole:
        return src.coarse(whole)
    return src.remap(whole, chain.from_iterable(repeat((s, e), len(o)) for s, e, o in groups))


def replace_matches(src: Aligned, matches, content: str) -> Aligned:
    """Replace each ``(start, end)`` match by ``content``, which maps to the whole match."""
    text, ranges, pos = [], [], 0
    for start, end in matches:
        text.append(src.text[pos:start])
        ranges.extend((i, i + 1) for i in range(pos, start))
        text.append(content)
        ranges.extend([(start, end)] * len(content))
        pos = end
    text.append(src.text[pos:])
    ranges.extend((i, i + 1) for i in range(pos, len(src.text)))
    return src.remap("".join(text), ranges)


def insert(src: Aligned, position: int, chars: str) -> Aligned:
    """Insert ``chars`` (empty spans) before character ``position``."""
    at = src.span(position, position)[0]
    return Aligned(src.text[:position] + chars + src.text[position:],
                   src.starts[:position] + [at] * len(chars) + src.starts[position:],
                   src.ends[:position] + [at] * len(chars) + src.ends[position:], src.at)


def to_bytes(src: Aligned, spell) -> Aligned:
    """One character per UTF-8 byte, spelled by ``spell`` (str -> str); a
    byte of an unchanged original character points at exactly that byte."""
    starts, ends = [], []
    for ch, a, b in zip(src.text, src.starts, src.ends):
        n = _utf8_length(ch)
        if b - a == n:
            starts.extend(range(a, b))
            ends.extend(range(a + 1, b + 1))
        else:
            starts.extend([a] * n)
            ends.extend([b] * n)
    return Aligned(spell(src.text), starts, ends, src.at)


def split_at(src: Aligned, spans) -> list[Aligned]:
    """The pieces at character ``spans`` ((start, end) pairs)."""
    return [src.slice(s, e) for s, e in spans]


_WORDS = re.compile(r"\S+")  # str.split(): runs of non-str.isspace characters


def split_words(src: Aligned) -> list[Aligned]:
    """The words of ``str.split()``, aligned."""
    return split_at(src, [m.span() for m in _WORDS.finditer(src.text)])


def concat(parts: list[Aligned], at: int = 0) -> Aligned:
    """Join aligned texts end to end (``at`` places an empty result)."""
    return Aligned("".join(p.text for p in parts), list(chain.from_iterable(p.starts for p in parts)),
                   list(chain.from_iterable(p.ends for p in parts)), parts[0].at if parts else at)
