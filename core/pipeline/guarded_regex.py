"""User-supplied regexes as Hugging Face means them, under a time budget.

A pattern from a ``tokenizer.json`` is Oniguruma's (HF's Split, Replace and
ByteLevel): :func:`onig_pattern` spells its ``\\w`` for Python's ``regex``
and core.pipeline.onig reads the characters ``regex`` knows but HF's older
tables do not as HF reads them, so the classes agree on every character; a
pattern using a feature the two engines spell differently may still split
differently.  :class:`GuardedRegex` turns catastrophic backtracking into a
clear error instead of a hang.
"""

from __future__ import annotations

from functools import cache

import regex

from core.errors import AssetError, TokenizerError
from core.pipeline.onig import compile as onig_compile
from core.pipeline.pretokenize import PRETOKENIZERS
from core.pipeline.regex_bounds import repeat_problem
from core.pipeline.regex_dialects import from_oniguruma, to_oniguruma
from core.pipeline.spec_options import option

# GPT-2's split pattern as HF's ByteLevel pre-tokenizer compiles it.
BYTE_LEVEL_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""

_ONIG_WORD = r"\p{Alphabetic}\p{M}\p{Nd}\p{Pc}"
_LATIN1_DIGITS = r"\xb2\xb3\xb9\xbc-\xbe"


def onig_pattern(pattern: str) -> str:
    """Spell Oniguruma's ``\\w`` for Python's ``regex``: the same classes,
    but without U+200C/U+200D, and outside a character class with the
    Latin-1 digits ``²³¹¼½¾`` too (checked against ``tokenizers`` over every
    Unicode 14 character).
    ``\\W`` inside a character class is left alone."""
    def spell(escape, inside):
        if escape == "\\w":
            return _ONIG_WORD if inside else f"[{_ONIG_WORD}{_LATIN1_DIGITS}]"
        if escape == "\\W" and not inside:
            return f"[^{_ONIG_WORD}{_LATIN1_DIGITS}]"
        return None
    return respell_escapes(pattern, spell)


_ESCAPE = regex.compile(r"\\(?:p\{\w+\}|.)", regex.DOTALL)


def respell_escapes(pattern: str, spell) -> str:
    """``pattern`` with each escape (``\\w``, ``\\p{L}``, ``\\[``, ...) that
    ``spell(escape, inside a character class)`` spells otherwise replaced by
    that spelling; ``spell`` returns None to keep an escape."""
    out, at, depth = [], 0, 0
    while at < len(pattern):
        ch = pattern[at]
        if ch == "\\" and at + 1 < len(pattern):
            escape = _ESCAPE.match(pattern, at).group()
            spelled = spell(escape, depth > 0)
            out.append(escape if spelled is None else spelled)
            at += len(escape)
            continue
        depth += ch == "["
        depth -= ch == "]" and depth > 0
        out.append(ch)
        at += 1
    return "".join(out)


# A regex from a file can backtrack catastrophically: ``(a|aa)+$`` takes
# minutes on forty a's, in Oniguruma as here.  Each search gets a time
# budget that grows with the text, far above what an honest pattern needs,
# and running out is a clear error naming the pattern instead of a hang.
# The budget makes ``regex`` about 3x slower, so the split patterns shipped
# in core.pipeline.pretokenize (which a GPT-2, cl100k or Llama 3 file spells out) run
# without it.
REGEX_SECONDS = 2.0
REGEX_SECONDS_PER_CHAR = 2e-6


@cache
def known_patterns() -> frozenset:
    """The split patterns shipped here: they run without the budget, and
    a long text may be cut for threads between their matches
    (core.engines.compile.cut_rule)."""
    shipped = {p.pattern for p in PRETOKENIZERS.values() if p.pattern}
    # ... and as our tokenizer.json exports spell them (core.pipeline.regex_dialects)
    return frozenset(shipped | set(map(to_oniguruma, shipped))) | {BYTE_LEVEL_PATTERN, *FILE_SPELLINGS}


# The cl100k split as tokenizer.json files (Llama 3, GPT-4 conversions) and
# tiktoken's own JSON tables spell it, without possessive quantifiers: no
# nested repetition, so it runs without the budget like the shipped ones.
FILE_SPELLINGS = (r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
                  r"""|\s*[\r\n]+|\s+(?!\S)|\s+""",)


class GuardedRegex:
    """A compiled user-supplied pattern whose ``findall``, ``finditer`` and
    ``sub`` stop with a :class:`TokenizerError` when over budget."""

    def __init__(self, source: str, where: str, translated: str | None = None, *, onig: bool = False):
        """``onig``: a pattern from a Hugging Face file, matched with
        Oniguruma's Unicode tables (core.pipeline.onig)."""
        self.source, self.where = source, where
        self.trusted = source in known_patterns()
        problem = None if self.trusted else repeat_problem(source)
        if problem is not None:  # regex.compile expands counted repeats: checked before it runs
            raise AssetError(f"{where}.pattern: the regex {source[:80]!r} is refused: {problem}")
        try:
            self.compiled = (onig_compile if onig else regex.compile)(source if translated is None else translated)
        except (regex.error, OverflowError, RecursionError) as exc:
            raise AssetError(f"{where}.pattern: the regex {source[:80]!r} does not compile ({exc})") from None

    def _run(self, text, work):
        try:
            return work(None if self.trusted else REGEX_SECONDS + REGEX_SECONDS_PER_CHAR * len(text))
        except TimeoutError:
            raise TokenizerError(
                f"{self.where}.pattern: the regex {self.source[:80]!r} took too long on a text of {len(text)} "
                "characters (it backtracks catastrophically, e.g. nested repetition like (a|aa)+); "
                "fix the pattern in the tokenizer file") from None

    # concurrent: the GIL is let go while a long text is matched, so a window
    # whose worker thread splits a megabyte keeps painting.
    def findall(self, text):
        return self._run(text, lambda budget: self.compiled.findall(text, timeout=budget, concurrent=True))

    def finditer(self, text):
        # list(): the iterator matches, and runs out of time, while consumed
        return self._run(text, lambda budget: list(self.compiled.finditer(text, timeout=budget, concurrent=True)))

    def sub(self, repl, text):
        return self._run(text, lambda budget: self.compiled.sub(repl, text, timeout=budget))


def split_pattern(spec, where):
    """``{"string": s}`` (a literal) or ``{"regex": r}`` in Oniguruma's
    dialect, as HF's SplitPattern."""
    pattern = option(spec, "pattern", dict, where)
    if set(pattern) == {"string"} and isinstance(pattern["string"], str):
        return regex.compile(regex.escape(pattern["string"]))
    if set(pattern) == {"regex"} and isinstance(pattern["regex"], str):
        translated = from_oniguruma(onig_pattern(pattern["regex"]))  # HF's meaning, in regex's dialect
        return GuardedRegex(pattern["regex"], where, translated, onig=True)
    raise AssetError(f'{where}.pattern: expected {{"string": ...}} or {{"regex": ...}}')
