"""The split of a long text by one of the shipped patterns (GPT-2's, r50k's,
cl100k's as tiktoken and as files spell it, o200k's), faster: wherever the
text holds no character beyond U+FFFF, by the pattern's twin under the
standard ``re``, which splits such text 2-2.5x as fast as ``regex``; the
stretches around astral characters (emoji, newer scripts) by the pattern
itself.

The twin is the pattern with each class (``\\p{L}``, ``\\s``, ...) spelled as
the list of the first plane's characters in it, read off ``regex`` itself
(or, for an HF file's pattern, off its Oniguruma reading, core.pipeline.onig),
so on such text the two agree character for character;
tests/core/test_twin_split.py checks every class and the case-blind
contractions over the whole plane.  It is built with the split
(fast_split.RegexSplit), so when a tokenizer loads: some 40 ms a pattern,
once a process.

Cuts.  In each of these patterns a space after an ASCII lowercase letter
is always where one match ends and the next begins: the letter can only
be inside a letter match, which the space ends (it is neither a letter nor
the apostrophe of a contraction), and no pattern looks behind.  So a scan
from anywhere before such a cut goes on from the cut as a scan started
there, and up to the cut it is the scan of the text cut short there (the
letter match ends at the cut either way).  Scans between cuts join to the
whole text's scan; the tests check the join at every cut of generated
texts.
"""

from __future__ import annotations

import re
from functools import cache

import numpy as np
import regex

from core.pipeline import onig
from core.pipeline.text_pipeline import known_patterns, respell_escapes

SEGMENT = 1 << 15  # characters per ``re`` call where cuts allow: ``re`` holds the GIL, ``regex`` lets it go
LONGEST = 1 << 17  # a stretch without a cut longer than this goes to ``regex``
_CUT = re.compile("[a-z] ")
_PLANE = "".join(chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF)


def twin(compiled):
    """The ``re`` twin of a compiled shipped pattern (text_pipeline.known_patterns;
    plain or as HF reads it: an onig.OnigPattern), or None."""
    source = getattr(compiled, "pattern", None)
    return _twin(source, isinstance(compiled, onig.OnigPattern)) if source in known_patterns() else None


@cache
def _twin(source: str, hf: bool):
    def spell(escape, inside):
        if not (escape.startswith("\\p{") or escape in ("\\s", "\\S")):
            return None
        body = _members(escape.replace("\\S", "\\s"), hf)
        return f"[^{body}]" if escape == "\\S" else body if inside else f"[{body}]"
    return re.compile(respell_escapes(source, spell))


@cache
def _members(cls: str, hf: bool) -> str:
    """The first plane's characters in ``cls`` as the inside of an ``re`` class."""
    plane = onig.view(_PLANE) if hf else _PLANE
    points = [ord(_PLANE[m.start()]) for m in regex.finditer(cls, plane)]
    runs, start = [], None
    for k, point in enumerate(points):
        if start is None:
            start = point
        if k + 1 == len(points) or points[k + 1] != point + 1:
            runs.append(re.escape(chr(start)) + ("" if point == start else "-" + re.escape(chr(point))))
            start = None
    return "".join(runs)


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


def findall(compiled, text: str, lo: int = 0, hi: int | None = None, *, spelled=None) -> list[str]:
    """``compiled.findall(text, lo, hi)``: the scan of ``text`` from ``lo``,
    up to ``hi`` (the end or a cut).  ``spelled``: the pattern's twin, where
    the caller holds it."""
    spelled = twin(compiled) if spelled is None else spelled
    if spelled is None:
        return compiled.findall(text, lo, len(text) if hi is None else hi, concurrent=True)
    if lo == 0 and hi is None and len(text) <= SEGMENT and (text.isascii() or max(text, default="") < "\U00010000"):
        return spelled.findall(text)  # a line, mostly
    hi = len(text) if hi is None else hi
    out: list[str] = []
    at = lo
    for a, b in _astral(text, lo, hi):
        out += _first_plane(spelled, compiled, text, at, a)
        out += compiled.findall(text, a, b, concurrent=True)
        at = b
    out += _first_plane(spelled, compiled, text, at, hi)
    return out


def _first_plane(spelled, compiled, text: str, lo: int, hi: int) -> list[str]:
    """The scan of ``text[lo:hi]`` (from a cut to a cut, no astral
    character in it) by the twin, a segment at a time; a stretch with no
    cut for :data:`LONGEST` characters by the pattern itself."""
    out: list[str] = []
    while hi - lo > 2 * SEGMENT:
        stop = cut_after(text, lo + SEGMENT, min(hi, lo + LONGEST))
        if stop is not None:
            out += spelled.findall(text, lo, stop)
        elif hi - lo <= LONGEST:
            break
        else:  # regex lets the GIL go meanwhile
            stop = cut_after(text, lo + LONGEST, hi) or hi
            out += compiled.findall(text, lo, stop, concurrent=True)
        lo = stop
    return out + spelled.findall(text, lo, hi) if hi > lo else out


def _astral(text: str, lo: int, hi: int) -> list[list[int]]:
    """Stretches of ``text[lo:hi]`` from a cut (or ``lo``) to a cut (or
    ``hi``) around its characters beyond U+FFFF, in order and apart."""
    part = text if lo == 0 and hi == len(text) else text[lo:hi]
    if part.isascii() or (len(part) < 256 and max(part) < "\U00010000"):
        return []
    points = np.frombuffer(part.encode("utf-32-le", "surrogatepass"), np.uint32)
    out: list[list[int]] = []
    for at in (np.flatnonzero(points > 0xFFFF) + lo).tolist():
        if out and at < out[-1][1]:
            continue
        start = _cut_before(text, lo, at) or lo
        end = cut_after(text, at + 1, hi) or hi
        if out and start <= out[-1][1]:
            out[-1][1] = end
        else:
            out.append([start, end])
    return out
