"""The split of a long text by one of the shipped patterns (GPT-2, r50k,
cl100k as tiktoken and as files spell it, o200k), faster: its long ASCII
stretches by the pattern's ASCII twin under the standard ``re``, which
splits ASCII about twice as fast as ``regex`` (core.pipeline.pretokenize),
the rest by the pattern itself.

Cuts.  In each of these patterns a space after an ASCII lowercase letter
is always where one match ends and the next begins: the letter can only
be inside a letter match, which the space ends (it is neither a letter nor
the apostrophe of a contraction), and no pattern looks behind.  So a scan
from anywhere before such a cut goes on from the cut as a scan started
there, and up to the cut it is the scan of the text cut short there (the
letter match ends at the cut either way).  Scans between cuts join to the whole
text's scan; tests/core/test_ascii_split.py checks it at every cut of
generated texts.
"""

from __future__ import annotations

import re

import numpy as np

from core.pipeline import pretokenize
from core.pipeline.text_pipeline import BYTE_LEVEL_PATTERN, FILE_SPELLINGS

STRETCH = 256  # the shortest ASCII stretch scanned on its own
SEGMENT = 1 << 15  # ASCII characters per ``re`` call at most: ``re`` holds the GIL, ``regex`` lets it go
_CUT = re.compile("[a-z] ")

_FILE_TWIN = (r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\nA-Za-z0-9]?[A-Za-z]+|[0-9]{1,3}| ?[^\sA-Za-z0-9]+[\r\n]*"""
              r"""|\s*[\r\n]+|\s+(?!\S)|\s+""")
TWINS = {
    **{pretokenize.PRETOKENIZERS[name].pattern: twin for name, twin in pretokenize._ASCII_COMPILED.items()},
    BYTE_LEVEL_PATTERN: pretokenize._ASCII_COMPILED["gpt2"],
    FILE_SPELLINGS[0]: re.compile(_FILE_TWIN, re.ASCII),
}


def twin(compiled):
    """The ASCII twin of a compiled shipped pattern, or None."""
    return TWINS.get(getattr(compiled, "pattern", None))


def cut_after(text: str, at: int, hi: int) -> int | None:
    """The first cut (see the module doc) from ``at`` on, before ``hi``."""
    found = _CUT.search(text, max(at - 1, 0), hi)
    return None if found is None else found.end() - 1


def _cut_before(text: str, lo: int, at: int) -> int | None:
    """The last cut after ``lo`` and at most ``at``."""
    width = 256
    while True:
        start = max(lo, at - width)
        last = None
        for last in _CUT.finditer(text, start, at + 1):
            pass
        if last is not None:
            return last.end() - 1
        if start == lo:
            return None
        width *= 4


def findall(compiled, text: str, lo: int = 0, hi: int | None = None) -> list[str]:
    """``compiled.findall(text, lo, hi)``: the scan of ``text`` from ``lo``,
    up to ``hi`` (the end or a cut)."""
    hi = len(text) if hi is None else hi
    ascii_twin = twin(compiled)
    if ascii_twin is None:
        return compiled.findall(text, lo, hi, concurrent=True)
    if hi - lo <= SEGMENT and lo == 0 and hi == len(text) and text.isascii():  # a line, mostly
        return ascii_twin.findall(text)
    if hi - lo < STRETCH:
        return compiled.findall(text, lo, hi, concurrent=True)
    out: list[str] = []
    at = lo
    for a, b in _stretches(text, lo, hi):
        first = cut_after(text, a + 1, b)
        last = None if first is None else _cut_before(text, first, b - 1)
        if last is None or last - first < STRETCH:
            continue
        out += compiled.findall(text, at, first, concurrent=True)
        while first < last:
            stop = cut_after(text, first + SEGMENT, last) if last - first > 2 * SEGMENT else None
            stop = last if stop is None else stop
            out += ascii_twin.findall(text, first, stop)
            first = stop
        at = last
    out += compiled.findall(text, at, hi, concurrent=True)
    return out


def _stretches(text: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The ASCII runs of ``text[lo:hi]`` at least :data:`STRETCH` long."""
    if lo == 0 and hi == len(text) and text.isascii():
        return [(0, hi)]
    points = np.frombuffer(text[lo:hi].encode("utf-32-le", "surrogatepass"), np.uint32)
    narrow = np.concatenate(([False], points < 128, [False]))
    edges = np.flatnonzero(narrow[1:] != narrow[:-1]).reshape(-1, 2)  # [start, end) of each ASCII run
    long = edges[edges[:, 1] - edges[:, 0] >= STRETCH] + lo
    return list(map(tuple, long.tolist()))
