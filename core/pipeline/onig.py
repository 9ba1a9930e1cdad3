"""Regexes from Hugging Face files run as HF runs them.

HF ``tokenizers`` 0.23 matches with Oniguruma, whose Unicode tables are
older than the ``regex`` module's; :func:`compile` wraps a pattern so the
characters whose properties differ match as they do there
(tests/core/test_hf_unicode.py reads the sets again).

Details: docs/notes/pipeline.md#corepipelineonigpy.
"""

from __future__ import annotations

from itertools import accumulate

import numpy as np
import regex

from core.pipeline.hf_unicode import _chars

# Assigned for ``regex``, unassigned for Oniguruma.
UNASSIGNED = _chars(
    "0558 058B-058C 05C8-05C9 088F 0B53-0B54 0C5C 0CDC 1ACF-1AF0 208F 209D-209F 20C1-20C4 2B96 2E60-2E63 "
    "A7CE-A7CF A7D2 A7D4 A7DD A7E2 A7F1 AB6C-AB6D FBC3-FBD2 FD90-FD91 FDC8-FDCE 107BB-107BF 10940-10959 "
    "10EC5-10EC7 10EC9-10EEE 10EF0-10EFB 11B0A 11B60-11B67 11DB0-11DDB 11DE0-11DE9 11DF0-11DF1 1246F "
    "12475-1247F 12550-12686 16EA0-16EB8 16EBB-16ED3 16FF2-16FF6 187F8-187FF 18CD6-18CDA 18D09-18D20 "
    "18D80-18DF2 18E00-19191 191A0-191D2 1B123-1B128 1B168 1CCFA-1CCFC 1CEBA-1CED0 1CED2-1CED4 "
    "1CEDD-1CEFD 1D127-1D128 1D1EB-1D1FF 1D250-1D281 1D6A6 1DB00-1DB1C 1DF1F-1DF24 1DF2B-1DF81 "
    "1DF90-1DF96 1DFCD-1DFFF 1E6C0-1E6DE 1E6E0-1E6F5 1E6FE-1E6FF 1F1AE 1F6D8-1F6D9 1F777-1F77A "
    "1F7DA-1F7DB 1F7F1-1F7FF 1F8D0-1F8D8 1FA54-1FA57 1FA8A-1FA8E 1FAC8 1FACC-1FACD 1FADD 1FAEA-1FAEB "
    "1FAEF 1FAF9-1FAFA 1FBFA 2B73A-2B73F 2B81E 2CEA2-2CEAD 323B0-33479 3D000-3FC3F")
# What each such character stands for: U+0378, unassigned everywhere; for
# U+0295 (Ll there, Lo here), U+0250, a lowercase Latin letter everywhere.
STAND_IN = {**dict.fromkeys(map(ord, UNASSIGNED), 0x0378), 0x0295: 0x0250}
_FLAGGED = np.zeros(0x110000, bool)
_FLAGGED[list(STAND_IN)] = True
_KEYS = frozenset(map(chr, STAND_IN))
_SHORT = 256  # shorter texts are checked character by character


def compile(pattern: str) -> OnigPattern:  # noqa: A001 (regex.compile's name, as its callers read it)
    return OnigPattern(regex.compile(pattern))


def flagged(text: str, pos: int = 0, endpos: int | None = None) -> bool:
    """Does ``text[pos:endpos]`` hold a character Oniguruma reads otherwise?"""
    part = text if pos == 0 and endpos is None else text[pos:endpos]
    if part.isascii():
        return False
    if len(part) < _SHORT:
        return not _KEYS.isdisjoint(part)
    points = np.frombuffer(part.encode("utf-32-le", "surrogatepass"), np.uint32)
    return bool(_FLAGGED[points].any())


_STAND = np.arange(0x110000, dtype=np.uint32)
_STAND[list(STAND_IN)] = list(STAND_IN.values())
# A pattern that may look before where its search starts (lookbehind,
# \\b, \\A, ^) is matched in a stand-in copy from the text's start; any
# other, in a copy of the searched part only.
_BEHIND = regex.compile(r"\(\?<|\\[bBA]|(?<!\[)\^")


def view(text: str) -> str:
    """``text`` with each flagged character replaced by its stand-in (as long as ``text``)."""
    if len(text) < _SHORT:
        return text.translate(STAND_IN)
    points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32)
    return _STAND[points].tobytes().decode("utf-32-le", "surrogatepass")


class OnigPattern:
    """A compiled ``regex`` pattern with the calls the pipeline makes
    (``findall``, ``finditer``, ``sub``; ``pos``, ``endpos`` and keywords
    such as ``timeout`` and ``concurrent`` passed on), matching as
    Oniguruma would (see the module doc)."""

    def __init__(self, compiled):
        self.compiled = compiled
        self.pattern, self.groups = compiled.pattern, compiled.groups
        self._behind = _BEHIND.search(compiled.pattern) is not None

    def findall(self, text: str, pos: int = 0, endpos: int | None = None, **options):
        if not flagged(text, 0 if self._behind else pos, endpos):
            return self.compiled.findall(text, pos, endpos, **options)
        if not self.groups and not self._behind:
            part = text[pos:endpos]
            found = self.compiled.findall(view(part), **options)
            if sum(map(len, found)) == len(part):  # the matches tile it: the text is cut alike
                ends = list(accumulate(map(len, found)))
                return [part[a:b] for a, b in zip([0, *ends], ends)]
        return [m.group() if self.groups == 0 else m.group(1) or "" if self.groups == 1 else m.groups("")
                for m in self.finditer(text, pos, endpos, **options)]

    def finditer(self, text: str, pos: int = 0, endpos: int | None = None, **options):
        if not flagged(text, 0 if self._behind else pos, endpos):  # what a lookbehind may see too
            return self.compiled.finditer(text, pos, endpos, **options)
        end = len(text) if endpos is None else min(endpos, len(text))
        if self._behind:
            found = self.compiled.finditer(view(text[:end]), pos, **options)
            return (_Match(m, text, 0) for m in found)
        found = self.compiled.finditer(view(text[pos:end]), **options)
        return (_Match(m, text, pos) for m in found)

    def sub(self, repl, text: str, **options) -> str:
        """``repl`` is called with each match, as the pipeline's Replace does."""
        if not flagged(text):
            return self.compiled.sub(repl, text, **options)
        out, at = [], 0
        for match in self.finditer(text, **options):
            out += [text[at:match.start()], repl(match)]
            at = match.end()
        return "".join(out) + text[at:]


class _Match:
    """A match found in a stand-in copy (of the text from ``shift`` on), read from the text itself."""

    def __init__(self, match, text: str, shift: int):
        self._match, self._text, self._shift = match, text, shift

    def span(self, group=0):
        start, end = self._match.span(group)
        return (-1, -1) if start < 0 else (start + self._shift, end + self._shift)

    def start(self, group=0):
        return self.span(group)[0]

    def end(self, group=0):
        return self.span(group)[1]

    def group(self, group=0):
        start, end = self.span(group)
        return None if start < 0 else self._text[start:end]

    def groups(self, default=None):
        return tuple(default if g is None else g for g in map(self.group, range(1, self._match.re.groups + 1)))
