"""One spelling, two meanings: a counted repeat followed by ``+``.

``X{1,3}+`` is possessive in ``regex``, tiktoken and Perl, but
``(?:X{1,3})+`` in Oniguruma, which HF ``tokenizers`` runs;
:func:`to_oniguruma` and :func:`from_oniguruma` carry patterns across.

Details: docs/notes/pipeline.md#corepipelineregex_dialectspy.
"""

from __future__ import annotations

import regex

_ESCAPE = regex.compile(r"\\(?:[pPx]\{[^}]*\}|.)", regex.DOTALL)
_COUNTED = regex.compile(r"\{\d+(?:,\d*)?\}")
_COUNTED_PLUS = regex.compile(r"\{\d+(?:,\d*)?\}\+")


def to_oniguruma(pattern: str) -> str:
    """``pattern`` (``regex``'s dialect) with each possessive ``X{m,n}+`` as ``(?>X{m,n})``."""
    return _rewrite(pattern, lambda atom, count: f"(?>{atom}{count})")


def from_oniguruma(pattern: str) -> str:
    """``pattern`` (Oniguruma's dialect) with each ``X{m,n}+`` as ``(?:X{m,n})+``, its meaning there."""
    return _rewrite(pattern, lambda atom, count: f"(?:{atom}{count})+")


def _class_end(pattern: str, at: int) -> int:
    """The index after the character class opening at ``pattern[at]``
    (nested classes, POSIX ``[:alpha:]``, escapes and a leading ``]``)."""
    depth, i = 0, at
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += len(_ESCAPE.match(pattern, i).group()) if i + 1 < len(pattern) else 1
            continue
        if ch == "[":
            depth += 1
            i += 1
            if pattern.startswith("^", i):
                i += 1
            if pattern.startswith("]", i):  # a literal ] first in a class
                i += 1
            continue
        if ch == "]":
            depth -= 1
            i += 1
            if depth == 0:
                return i
            continue
        i += 1
    return len(pattern)  # unbalanced: the engine will say so when it compiles


def _rewrite(pattern: str, rewrite) -> str:
    out: list[str] = []  # pieces of the new pattern
    opened: list[int] = []  # where in ``out`` each open group starts
    atom: int | None = None  # where in ``out`` the last complete atom starts
    at = 0
    while at < len(pattern):
        ch = pattern[at]
        counted = _COUNTED_PLUS.match(pattern, at)
        if counted is not None and atom is not None:
            whole = "".join(out[atom:])
            del out[atom:]
            out.append(rewrite(whole, counted.group()[:-1]))
            at = counted.end()
            continue
        if ch == "\\":
            piece = _ESCAPE.match(pattern, at).group() if at + 1 < len(pattern) else ch
        elif ch == "[":
            piece = pattern[at:_class_end(pattern, at)]
        elif ch == "{" and _COUNTED.match(pattern, at):  # a quantifier: the atom stays the one before
            piece = _COUNTED.match(pattern, at).group()
            out.append(piece)
            at += len(piece)
            continue
        else:
            piece = ch
        if ch == "(":
            opened.append(len(out))
            atom = None
        elif ch == ")":
            atom = opened.pop() if opened else None
        elif ch == "|":
            atom = None
        elif ch not in "*+?":
            atom = len(out)
        out.append(piece)
        at += len(piece)
    return "".join(out)
