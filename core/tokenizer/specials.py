"""Special tokens written in a text, under tiktoken's rule: which of them
the encoder may read as control tokens (``allowed``), which make the text
an error (``disallowed``), the rest read as ordinary text.

A user's text that spells ``<|endoftext|>`` must not silently become the
control token (prompt injection); :data:`DEFAULTS` keeps each origin's rule.

Details: docs/notes/tokenizer.md#coretokenizerspecialspy.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from core import utf8
from core.decoded import DecodeResult
from core.errors import StudioError, TokenizerError, excerpt
from core.tokenizer.base import SPECIAL, Encoding
from core.utf8 import Utf8DecodeError

ALL, NONE = "all", "none"


class SpecialInText(StudioError):
    """The text spells a special token the policy disallows."""


class Policy(NamedTuple):
    allowed: frozenset  # specials read as control tokens
    disallowed: frozenset  # specials that make the text an error; the rest are text
    origin: str = ""  # whose default this is, for messages

    def reads_all(self, names) -> bool:
        return set(names) <= self.allowed


# Per origin: (allowed, disallowed), as the library that made the file does.
DEFAULTS = {"tiktoken": (NONE, ALL), "hf": (ALL, NONE), "text": (NONE, NONE)}
# Decoding: does the origin library print a special's text by default?
KEEPS = {"tiktoken": True, "hf": False, "text": False}


def parse(value: str | None, names, what: str):
    """``all``, ``none`` or comma-separated special names, as a set of names
    (None when not given); an unknown name is one clear error."""
    if value is None:
        return None
    if value == ALL:
        return frozenset(names)
    if value == NONE or value == "":
        return frozenset()
    wanted = [v for v in value.split(",") if v]
    unknown = [v for v in wanted if v not in names]
    if unknown:
        shown = ", ".join(sorted(names)[:8]) or "none"
        raise StudioError(f"{what} {excerpt(unknown[0])}: not a special token of this tokenizer (it has: {shown})")
    return frozenset(wanted)


def policy(names, origin: str, allowed=None, disallowed=None) -> Policy:
    """The policy for a tokenizer whose specials are ``names``: the origin's
    default where ``allowed`` / ``disallowed`` (sets of names) are None.  As
    in tiktoken, ``disallowed`` never holds an allowed special."""
    names = frozenset(names)
    default_allowed, default_disallowed = DEFAULTS.get(origin, DEFAULTS["text"])
    if allowed is None:
        allowed = names if default_allowed == ALL else frozenset()
    if disallowed is None:
        disallowed = names if default_disallowed == ALL else frozenset()
    return Policy(frozenset(allowed), frozenset(disallowed) - frozenset(allowed), origin)


def check(text: str, policy: Policy) -> None:
    """Raise :class:`SpecialInText` when ``text`` spells a disallowed special."""
    if not policy.disallowed:
        return
    found = _matcher(policy.disallowed).search(text)
    if found is not None:
        name = found.group()
        at = found.start()
        if policy.origin == "tiktoken":
            raise SpecialInText(f"the text spells the special token {name!r} at character {at}; tiktoken refuses it "
                                "by default, so a user's text cannot become a control token: --allowed-special all "
                                f"(or {name}) reads it as the special, --disallowed-special none as ordinary text",
                                code="encode.special_refused", name=repr(name), at=at)
        raise SpecialInText(f"the text spells the special token {name!r} at character {at}; it is disallowed, so a "
                            "user's text cannot become a control token: --allowed-special all (or "
                            f"{name}) reads it as the special, --disallowed-special none as ordinary text",
                            code="encode.special_disallowed", name=repr(name), at=at)


def cut(text: str, allowed) -> list[tuple[int, str, str | None]]:
    """``(offset, piece, special name or None)`` tiling ``text`` at the
    occurrences of the ``allowed`` specials, leftmost, the longest first."""
    out, pos = [], 0
    for start, end, name in occurrences(text, allowed):
        if start > pos:
            out.append((pos, text[pos:start], None))
        out.append((start, name, name))
        pos = end
    if pos < len(text):
        out.append((pos, text[pos:], None))
    return out


def occurrences(text: str, names) -> list[tuple[int, int, str]]:
    """``(start, end, name)`` of every special of ``names`` spelled in
    ``text`` (character offsets), leftmost, the longest first: what
    :func:`cut` would cut there.  Names absent from the text are dropped
    first (a substring search each), so a tokenizer with hundreds of
    specials costs one short pattern."""
    present = _present(text, names)
    if not present:
        return []
    return [(found.start(), found.end(), found.group()) for found in _matcher(present).finditer(text)]


def _present(text: str, names) -> list[str]:
    """The names of ``names`` spelled in ``text``, in their order: those
    sharing their first characters are looked for together first (a
    tokenizer with hundreds of specials, ``[control_8]`` and the like,
    costs a few searches of a long text, not one each)."""
    groups: dict[str, list[str]] = {}
    for name in names:
        if name:
            groups.setdefault(name[:_SHARED], []).append(name)
    found = set()
    for head, members in groups.items():
        if len(members) == 1:
            if head in text and members[0] in text:
                found.add(members[0])
        elif head in text:
            # Each place the shared head is: which of the group's lengths spell a member there.
            wanted, lengths = set(members), sorted({len(name) for name in members})
            for match in re.finditer(f"(?={re.escape(head)})", text):  # overlapping places too
                at = match.start()
                found.update(text[at:at + n] for n in lengths if text[at:at + n] in wanted)
    return [name for name in names if name in found]


_SHARED = 3  # the leading characters that group specials for one search


def _matcher(names):
    """One pattern for the names, the longest first; made once per set of
    names (--lines asks it for every line)."""
    return _pattern(frozenset(names))


@lru_cache(maxsize=64)
def _pattern(names: frozenset):
    ordered = sorted(names, key=lambda n: (-len(n), n))
    return re.compile("|".join(map(re.escape, ordered)))


def join(text: str, parts, special_ids: dict) -> Encoding:
    """One Encoding from ``(offset, piece, name or Encoding)`` parts: an
    Encoding of the stretch at ``offset`` (its spans moved there, its words
    after the words before), or a special's name (one special token over
    its text, word -1)."""
    fields = {name: [] for name in ("ids", "tokens", "texts", "pieces", "byte_spans", "char_spans", "words",
                                    "flags")}
    words = 0
    for offset, piece, what in parts:
        start_byte = len(text[:offset].encode("utf-8", "surrogatepass"))
        if isinstance(what, str):
            size = len(piece.encode("utf-8", "surrogatepass"))
            row = (special_ids[what], what, what, b"", (start_byte, start_byte + size),
                   (offset, offset + len(piece)), -1, SPECIAL)
            for values, value in zip(fields.values(), row):
                values.append(value)
            continue
        enc = what
        fields["ids"] += enc.ids
        fields["tokens"] += enc.tokens
        fields["texts"] += enc.texts
        fields["pieces"] += enc.pieces
        fields["byte_spans"] += [(a + start_byte, b + start_byte) for a, b in enc.byte_spans]
        fields["char_spans"] += [(a + offset, b + offset) for a, b in enc.char_spans]
        fields["words"] += [w if w < 0 else w + words for w in enc.words]
        fields["flags"] += enc.flags
        words += max((w for w in enc.words if w >= 0), default=-1) + 1
    return Encoding(*(tuple(v) for v in fields.values()))


def decode_keeping(decode, ids, names: dict, errors: str) -> DecodeResult:
    """``decode(ids, errors=...)`` with each special's text kept in the
    output: the stretches between specials are decoded on their own (raw)
    and joined with the specials' text, then read under ``errors``.
    ``names``: special ID -> its text."""
    if errors not in utf8.POLICIES:
        raise TokenizerError(f"unknown decode policy {errors!r}: choose one of {', '.join(utf8.POLICIES)}")
    ids = list(ids)
    stretches, stretch, start = [], [], 0
    for index, token_id in enumerate(ids):
        if not isinstance(token_id, bool) and token_id in names:
            stretches.append((start, stretch, index))
            stretch, start = [], index + 1
        else:
            stretch.append(token_id)
    stretches.append((start, stretch, None))
    data, specials, unknown, owners = bytearray(), [], [], {}
    for start, part, special_at in stretches:
        found = decode(part, errors="raw") if part else None
        if found is not None:
            for problem, token in zip(found.problems, found.problem_tokens or (None,) * len(found.problems)):
                owners[len(data) + problem.offset] = None if token is None else (start + token[0], token[1])
            unknown += [(start + i, t) for i, t in found.unknown_ids]
            specials += [(start + i, t) for i, t in found.specials]
            data += found.data
        if special_at is not None:
            specials.append((special_at, ids[special_at]))
            data += names[ids[special_at]].encode("utf-8")
    data = bytes(data)
    if unknown and errors == "strict":
        index, token_id = unknown[0]
        raise TokenizerError(f"id {token_id} at index {index} is not in the vocabulary; "
                             "decode with errors='raw' or 'replace' to skip it")
    problems = utf8.scan(data)
    located = tuple(owners.get(p.offset) for p in problems)
    if problems and errors == "strict":
        raise Utf8DecodeError(data, problems, token=located[0])
    text = None if errors == "raw" else data.decode("utf-8", "replace")
    return DecodeResult(text, data, problems, errors, errors == "replace" and bool(problems),
                        tuple(sorted(specials)), tuple(unknown), located)
