"""Which characters of a pre-token each of its tokens spells, for
:mod:`core.tokenizer.stage_kinds`.

A walk is worked out once per distinct pre-token text (a ``memo``) and
placed on each occurrence; :class:`Columns` turns spans into characters
and kinds for all tokens at once.

Details: docs/notes/tokenizer.md#coretokenizertoken_walkpy.
"""

from __future__ import annotations

from operator import and_, eq, not_, or_
from typing import NamedTuple

from core.pipeline.aligned import Aligned, Origin
from core.slices import listed, where

MEMO_LIMIT = 1 << 16  # distinct pre-tokens remembered per kind of walk (as bpe_model.CACHE_LIMIT); past it, recomputed


def remembered(memo: dict, key, compute):
    """``memo[key]``, computed by ``compute()`` the first time (while the memo has room)."""
    found = memo.get(key)
    if found is None:
        found = compute()
        if len(memo) < MEMO_LIMIT:
            memo[key] = found
    return found


def memo_for(memo: dict, *key) -> dict:
    """The part of a tokenizer's memo for one kind of walk (and merge limit), keyed by pre-token text."""
    part = memo.get(key)
    if part is None:
        part = memo[key] = {}
    return part


def walk(text: str, tokens, *, known, prefix=None, suffix=None, unk=None, fuse=False, fallback=None) -> list:
    """``(start, end, kind, byte, count)`` of each token of the pre-token ``text``.

    ``known(i)`` says whether character ``i`` has a symbol; a character
    that has none is covered by ``fallback(i)`` byte tokens if that is a
    number (``byte`` is then the token's index among those ``count``),
    else by the unknown token (a fused run of them if ``fuse``), or dropped
    when there is no unknown token.  Other tokens spell their characters,
    with ``prefix`` on all but the first and ``suffix`` on the last; a token
    that does not is ``approximate`` and covers the whole pre-token, as do
    the tokens after it.  ``byte`` is -1 for every token but a byte piece.
    """
    n, pos, out, index = len(text), 0, [], 0
    while index < len(tokens):
        while pos < n and not known(pos) and unk is None and not (fallback and fallback(pos)):
            pos += 1  # dropped: no token stands for it
        token = tokens[index]
        count = fallback(pos) if fallback and pos < n and not known(pos) else 0
        if count:
            out.extend((pos, pos + 1, "byte", k, count) for k in range(min(count, len(tokens) - index)))
            index, pos = index + count, pos + 1
            continue
        if token == unk and pos < n and not known(pos):
            end = pos + 1
            while fuse and end < n and not known(end):
                end += 1
            out.append((pos, end, "unknown", -1, 0))
            index, pos = index + 1, end
            continue
        surface = token[len(prefix):] if prefix and pos and token.startswith(prefix) else token
        if suffix and surface.endswith(suffix) and pos + len(surface) - len(suffix) == n:
            surface = surface[:-len(suffix)]  # the end-of-word mark spells no character
        if not text.startswith(surface, pos):
            out.extend((0, n, "approximate", -1, 0) for _ in tokens[index:])
            return out
        out.append((pos, pos + len(surface), "", -1, 0))
        index, pos = index + 1, pos + len(surface)
    return out


def place(word: Aligned, steps, origin: Origin) -> list:
    """``(byte span, kind)`` in the original of each step of a walk over ``word``.

    A byte token of a character that is unchanged from the original points
    at its own byte; of a changed one (normalized), at the whole character.
    """
    starts, ends, out = word.starts, word.ends, []
    for start, end, kind, byte, count in steps:
        if byte < 0:
            out.append((word.span(start, end), kind))
            continue
        out.append((byte_span(origin, word.text[start], starts[start], ends[start], byte), kind))
    return out


def byte_span(origin: Origin, ch: str, start: int, end: int, byte: int) -> tuple[int, int]:
    """Original bytes of byte ``byte`` of character ``ch``, which came from
    original bytes ``[start, end)``: that one byte if ``ch`` is the original
    character there, else all of them (NFKC made ``¨`` a space and U+0308,
    whose bytes are not the original's, even where the lengths agree)."""
    exact = byte < end - start and origin.char_at(start, end) == ch
    return (start + byte, start + byte + 1) if exact else (start, end)



# ==== the model stage as columns ====

class Layout(NamedTuple):
    """One pre-token's tokens, worked out once: their strings, IDs, walk
    steps (unless ``simple``) and kinds.  ``firsts``/``lasts`` are the first and last character
    of each token when every token spells characters of the word
    (``simple``), but for a last token that spells none (a lone ``</w>``:
    ``closed``), which sits at the word's end."""

    names: tuple
    ids: tuple
    steps: tuple
    kinds: tuple
    firsts: tuple
    lasts: tuple
    simple: bool
    closed: bool


def layout(names, ids, steps, size: int) -> Layout:
    """``size``: the pre-token's length in characters."""
    steps = tuple(steps)
    closed = bool(steps) and steps[-1][0] == steps[-1][1] == size and steps[-1][3] < 0
    spelled = steps[:-1] if closed else steps
    # Other empty spans and byte pieces need place(); the rest is two list
    # lookups per token.
    simple = all(end > start and byte < 0 for start, end, _, byte, _ in spelled) and len(steps) == len(ids) \
        and bool(spelled)
    # A simple layout keeps no steps: a memo holds tens of thousands of these.
    return Layout(tuple(names), tuple(ids), () if simple else steps, tuple(step[2] for step in steps),
                  tuple(step[0] for step in spelled), tuple(step[1] - 1 for step in spelled), simple, closed)


class Columns:
    """The model stage's tokens, collected in input order."""

    def __init__(self, origin: Origin):
        self.origin = origin
        self.names, self.ids, self.starts, self.ends, self.kinds, self.words = [], [], [], [], [], []

    def add(self, name: str, span: tuple[int, int], token_id, kind: str, word: int) -> None:
        """One token (``kind`` "" is decided from the span: plain, partial or inserted)."""
        self.names.append(name)
        self.ids.append(token_id)
        self.starts.append(span[0])
        self.ends.append(span[1])
        self.kinds.append(kind)
        self.words.append(word)

    def add_word(self, word: Aligned, found: Layout, number: int) -> None:
        """Every token of one occurrence of a pre-token."""
        if not found.simple:
            for name, token_id, (span, kind) in zip(found.names, found.ids, place(word, found.steps, self.origin)):
                self.add(name, span, token_id, kind, number)
            return
        self.names += found.names
        self.ids += found.ids
        self.starts += map(word.starts.__getitem__, found.firsts)
        self.ends += map(word.ends.__getitem__, found.lasts)
        if found.closed:
            self.starts.append(self.ends[-1])
            self.ends.append(self.ends[-1])
        self.kinds += found.kinds
        self.words += [number] * len(found.ids)

    def table(self) -> tuple:
        """``(texts, char_starts, char_ends, byte_starts, byte_ends, ids, kinds, words)``.

        Character spans cover every character a token's bytes touch; a
        token whose kind is still "" is ``inserted`` if its span is empty
        and ``partial`` if it starts or ends inside a character."""
        floor, offsets = self.origin.floor, self.origin.offsets
        starts, ends, kinds = self.starts, self.ends, self.kinds
        # One C-level pass per column (a megabyte makes a million tokens);
        # the few empty or partial tokens are then fixed one by one.
        char_starts = listed(map(floor.__getitem__, starts))
        char_ends = listed(map((1).__add__, map(floor.__getitem__, map((-1).__add__, ends))))
        # floor[size] is the text's length, whose offset is size: every
        # character boundary x, the end too, has offsets[floor[x]] == x.
        whole = map(and_, map(eq, map(offsets.__getitem__, char_starts), starts),
                    map(eq, map(offsets.__getitem__, map(floor.__getitem__, ends)), ends))
        odd = where(listed(map(or_, map(not_, whole), map(eq, starts, ends))))
        if odd:
            kinds = list(kinds)
            for i in odd:
                if starts[i] == ends[i]:
                    char_ends[i] = char_starts[i]
                if not kinds[i]:
                    kinds[i] = INSERTED if starts[i] == ends[i] else PARTIAL
        return self.names, char_starts, char_ends, starts, ends, self.ids, kinds, self.words


INSERTED, PARTIAL = "inserted", "partial"
