"""Which characters of a pre-token each of its tokens spells, for
:mod:`core.inspect.stage_kinds`.

A walk is worked out once per distinct pre-token text, in positions
*inside* the pre-token (``(start, end, kind, byte, count)``), and then
placed on each occurrence's :class:`~core.inspect.aligned.Aligned`, which
knows where its characters came from.  Natural text repeats its words, so a
``memo`` (one per tokenizer, see :class:`core.tokenizer.staged.StagedTokenizer`)
saves most of the walking; placing is exact for every occurrence.
"""

from __future__ import annotations

from core.inspect.aligned import Aligned, Origin

MEMO_LIMIT = 200_000  # distinct pre-tokens remembered; past it, walks are recomputed


def remembered(memo: dict, key, compute):
    """``memo[key]``, computed by ``compute()`` the first time (while the memo has room)."""
    found = memo.get(key)
    if found is None:
        found = compute()
        if len(memo) < MEMO_LIMIT:
            memo[key] = found
    return found


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
