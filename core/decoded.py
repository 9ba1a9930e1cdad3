"""What decoding IDs back to text gives: one :class:`DecodeResult` for every kind.

A base module, so the models (which decode) and the tokenizer interface
(which hands the result to views) share the one type without either
importing the other upward.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.utf8 import Utf8Problem


@dataclass(frozen=True)
class DecodeResult:
    """IDs back to text.  ``data`` is the UTF-8 the tokens stand for, joined
    before decoding, so a character split over tokens decodes whole and
    every ill-formed byte is named in ``problems`` (by offset into ``data``).
    ``text`` is None under the ``raw`` policy; under ``replace`` it holds
    U+FFFD where ``problems`` are, and ``replaced`` says so.  Specials give
    no bytes and are listed as ``(position, id)``, as are unknown IDs (which
    raise under ``strict``).  ``problem_tokens`` gives, per problem, the
    ``(position, id)`` of the token holding its first byte, or None where
    the decoder's output cannot be traced back to tokens (a stand-in such as
    `` ⁇ `` was printed).  Under ``strict`` a problem raises
    :class:`core.utf8.Utf8DecodeError`, whose ``token`` is that pair."""

    text: str | None
    data: bytes
    problems: tuple[Utf8Problem, ...]
    policy: str
    replaced: bool
    specials: tuple[tuple[int, int], ...]
    unknown_ids: tuple[tuple[int, int], ...]
    problem_tokens: tuple[tuple[int, int] | None, ...] = ()
