"""What decoding IDs back to text gives: one :class:`DecodeResult` for every kind.

A base module, so the models (which decode) and the tokenizer interface
(which hands the result to views) share the one type without either
importing the other upward.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple

from core import utf8
from core.errors import TokenizerError
from core.utf8 import Utf8DecodeError, Utf8Problem


class DecodeResult(NamedTuple):
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


def decode_bytes(ids, bytes_of, special_ids, errors: str) -> DecodeResult:
    """The :class:`DecodeResult` of a byte-level tokenizer whose tokens are
    their bytes: ``bytes_of(id)`` gives a token's bytes, None for an ID
    outside the vocabulary; IDs in ``special_ids`` give no bytes and are
    listed.  The bytes are joined before decoding, so a character split
    over tokens decodes whole; under ``strict`` an unknown ID or a UTF-8
    problem raises, naming the token."""
    if errors not in utf8.POLICIES:
        raise TokenizerError(f"unknown decode policy {errors!r}: choose one of {', '.join(utf8.POLICIES)}")
    parts, starts, sources, specials, unknown, offset = [], [], [], [], [], 0
    for index, token_id in enumerate(ids):
        if isinstance(token_id, bool) or not isinstance(token_id, int):
            raise TokenizerError(f"item {index} is {token_id!r}, not an integer token id")
        if token_id in special_ids:
            specials.append((index, token_id))
            continue
        data = bytes_of(token_id)
        if data is None:
            unknown.append((index, token_id))
            continue
        parts.append(data)
        starts.append(offset)
        sources.append((index, token_id))
        offset += len(data)
    if unknown and errors == "strict":
        index, token_id = unknown[0]
        raise TokenizerError(f"id {token_id} at index {index} is not in the vocabulary; "
                             "decode with errors='raw' or 'replace' to skip it")
    data = b"".join(parts)

    def owner(problem):
        return sources[bisect_right(starts, problem.offset) - 1]
    try:
        text, problems = utf8.decode(data, errors=errors)
    except Utf8DecodeError as exc:
        raise Utf8DecodeError(data, exc.problems, token=owner(exc.problems[0])) from None
    return DecodeResult(text, data, problems, errors, errors == "replace" and bool(problems),
                        tuple(specials), tuple(unknown), tuple(map(owner, problems)))
