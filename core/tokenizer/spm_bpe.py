"""SentencePiece BPE (an imported ``.model``, a :class:`core.tokenizer.imported_bpe.ImportedBPE`
with SentencePiece's normalizer and no pre-tokenizer) one piece of the
normalized text at a time: its IDs over ``▁``-led chunks (:func:`chunked`),
and its Encoding columns over those chunks or over the runs the model's own
fast path splits at (``▁*[^▁]+|▁+``, where no token has ``▁`` after another
character: ``imported_bpe.space_runs``).

The model sees the whole normalized text as one word, which SentencePiece
does too.  But a symbol that starts with ``▁`` can only join the symbol
before it through a merge whose right side starts with ``▁``, and
SentencePiece's trainer makes none (``split_by_whitespace``, its default).
Where the model has none, every ``▁`` starts a symbol that never merges
leftwards, so the merges inside each chunk are exactly those the whole text
would make, in the same order (lowest rank, then leftmost), and each chunk's
IDs can be remembered (the model's own per-word cache).  Unknown characters
fuse into one token only when they are adjacent, so ``▁`` must be a known
symbol for no run to cross a chunk.  Where any of this does not hold,
:func:`chunked` says None and the model's own encoder runs.

:mod:`core.tokenizer.stage_kinds` walks the whole normalized text as one
pre-token; here each piece is walked on its own (and remembered, as the
model remembers its IDs), then placed on the normalizer's spans of its
characters.  The walk has nothing that crosses a piece: every token spells
its own characters, an unknown run ends at the known ``▁``, a byte piece
stands for a byte of one character.  Should a walk ever fall back to
covering its whole pre-token (``approximate``), a piece is not the whole
pre-token, so the inspected columns are used instead.

The pieces of a stretch of about :data:`STRETCH` characters are placed
together: the index of each token's first and last character is the
piece's offset plus the token's own, one C-level pass over all of them.
"""

from __future__ import annotations

from itertools import accumulate, chain, repeat
from operator import attrgetter, eq

import numpy as np

from core.pipeline.aligned import utf8_offsets
from core.pipeline.normalize import BYTE_PIECES, SPACE_MARK, Pipeline, piece_byte
from core.tokenizer.stage_kinds import bpe_layout
from core.tokenizer.imported_bpe import space_runs
from core.tokenizer.token_walk import Layout, layout, memo_for, remembered
from core.slices import extend, listed, release, where

_NAMES, _IDS, _KINDS, _FIRSTS, _LASTS = map(attrgetter, ("names", "ids", "kinds", "firsts", "lasts"))
_BEFORE = (-1).__add__
STRETCH = 1 << 16  # characters of normalized text split at once (a regex call over more holds the GIL too long)


def mark_of(model) -> str:
    """What a space is written as in the model's normalized text."""
    return SPACE_MARK if model.normalizer.get("escape_whitespaces", True) else " "


def chunked(model):
    """An ``encode_ids`` for ``model`` over ``▁``-led chunks, or None where
    that would not give exactly the model's own IDs."""
    normalizer = model.normalizer if isinstance(model.normalizer, dict) else {}
    if normalizer.get("type") != "sentencepiece" or model.pre_tokenizer.get("type") != "none":
        return None
    if model.ignore_merges or model.continuing_prefix or model.end_of_word_suffix:
        return None
    if normalizer.get("treat_whitespace_as_suffix", False):
        return None
    mark = mark_of(model)
    if model.vocab_id(mark) is None or any(right.startswith(mark) for _, right in model.merges):
        return None

    def encode_ids(text: str) -> list[int]:
        out: list[int] = []
        word_ids = model.model.merge_word
        for _, part, added in model.cut_added(text):
            if added is not None:
                out.append(added.id)
                continue
            for _, inner, added2 in model.cut_added(model.normalize(part), normalized=True):
                if added2 is not None:
                    out.append(added2.id)
                    continue
                out += chain.from_iterable(map(word_ids, _chunks(inner, mark)))
        return out

    return encode_ids


def chunked_table(tokenizer, text: str, memo: dict):
    """The columns of :func:`core.tokenizer.stage_kinds.model_table`, or None.

    Kept in characters of the input (the normalizer's spans), and turned
    into bytes once at the end: a token spells whole normalized
    characters, so it covers the original characters of its first and last
    ones and is never partial; only a byte piece of a character that is its
    own original points at its one byte (token_walk.byte_span)."""
    model = tokenizer.model
    split = _splitter(tokenizer)
    if split is None:
        return None
    pieces, cut = split
    walks = memo_for(memo, "bpe-chunks")
    pipeline = Pipeline.from_description(model.normalizer)
    plain_ids = _plain_ids(model)
    out = _Columns()
    index = 0
    for start, part, added in model.cut_added(text):
        if added is not None:
            out.one(added.content, added.id, start, start + len(part), *(("special", -1) if added.special
                                                                       else ("", index)))
            index += 1
            continue
        found = pipeline.columns(part)
        if found is None or found[0] != model.normalize(part):
            return None
        flat, firsts, lasts = found
        if start:
            firsts, lasts = listed(map(start.__add__, firsts)), listed(map(start.__add__, lasts))
        spans = np.fromiter(firsts, np.int64, len(firsts)), np.fromiter(lasts, np.int64, len(lasts))
        for inner, part2, added2 in model.cut_added(flat, normalized=True):
            if added2 is not None:
                end = inner + len(part2)
                out.one(added2.content, added2.id, firsts[inner], lasts[end - 1],
                        *(("special", -1) if added2.special else ("", index)))
                index += 1
                continue
            at = 0
            while at < len(part2):
                end = _cut(part2, at, cut)
                if not _place(out, text, flat, (firsts, lasts), spans, inner + at, pieces(part2[at:end]), walks,
                              model, plain_ids, index):
                    return None
                at = end
            index += 1
        release(firsts, lasts)
    starts, ends, kinds = out.starts, out.ends, out.kinds
    for i in where(listed(map(eq, starts, ends))):
        if not kinds[i]:
            kinds[i] = "inserted"  # the dummy ▁ alone
    if text.isascii():
        byte_starts, byte_ends = starts, ends
    else:
        offsets = utf8_offsets(text)
        byte_starts, byte_ends = listed(map(offsets.__getitem__, starts)), listed(map(offsets.__getitem__, ends))
        for k, c, byte in out.bytes:
            byte_starts[k] = offsets[c] + byte
            byte_ends[k] = byte_starts[k] + 1
        release(offsets)
    names = out.names
    words = listed(accumulate(map(str.startswith, names, repeat("\u2581"))))
    if names and names[0].startswith("\u2581"):
        words = [w - 1 for w in words]  # a word starts at each ▁ but the first token's (stage_kinds._space_words)
    return names, starts, ends, byte_starts, byte_ends, out.ids, kinds, tuple(words)


class _Columns:
    """Columns in characters, and the byte pieces that point at one byte:
    ``(token, character, byte)``."""

    def __init__(self):
        self.names, self.ids, self.starts, self.ends, self.kinds, self.words = [], [], [], [], [], []
        self.bytes: list = []

    def one(self, name, token_id, start, end, kind, word) -> None:
        self.names.append(name)
        self.ids.append(token_id)
        self.starts.append(start)
        self.ends.append(end)
        self.kinds.append(kind)
        self.words.append(word)


def _place(out, text, flat, columns, spans, base, chunks, walks, model, plain_ids, index) -> bool:
    """Every chunk's tokens, the chunks following one another from
    ``flat[base]`` (False: a walk was approximate, or a token spells no
    character, which only the inspector places).  ``columns``: the first
    and last original character of each normalized one, as lists, and
    ``spans`` the same as arrays."""
    firsts, lasts = columns
    chunks = list(chunks)
    layouts, ats, at = [], [], base
    for chunk in chunks:
        found = walks.get(chunk)
        if found is None:
            found = remembered(walks, chunk, lambda: _spelled_layout(model, chunk, plain_ids)
                               or bpe_layout(model, chunk, None))
        if "approximate" in found.kinds or not found.simple and (
                found.closed or any(step[1] <= step[0] for step in found.steps)):
            return False
        layouts.append(found)
        ats.append(at)
        at += len(chunk)
    counts = list(map(len, map(_IDS, layouts)))
    k = len(out.starts)
    extend(out.names, chain.from_iterable(map(_NAMES, layouts)))
    extend(out.ids, chain.from_iterable(map(_IDS, layouts)))
    extend(out.kinds, chain.from_iterable(map(_KINDS, layouts)))
    total = sum(counts)
    offsets = np.repeat(np.array(ats, np.int64), counts)
    out.starts += spans[0][offsets + np.fromiter(chain.from_iterable(map(_FIRSTS, layouts)), np.int64, total)].tolist()
    out.ends += spans[1][offsets + np.fromiter(chain.from_iterable(map(_LASTS, layouts)), np.int64, total)].tolist()
    out.words += repeat(index, total)
    for found, at, first in zip(layouts, ats, accumulate(counts, initial=k)):
        if not found.simple:
            for j, (pos, _, _, byte, _) in enumerate(found.steps, first):
                c = firsts[at + pos]
                # A byte piece of a character that is its own original
                # points at its byte; of a changed one, at all of them.
                if byte >= 0 and lasts[at + pos] == c + 1 and text[c] == flat[at + pos]:
                    out.bytes.append((j, c, byte))
    return True


def _spelled_layout(model, chunk: str, plain_ids):
    """The layout of a chunk whose tokens spell its characters in order,
    a byte piece only where a character outside the vocabulary falls back
    to its bytes, without the general walk (which gives the same steps
    there), else None (the unknown token, a dropped character)."""

    ids = model.model.merge_word(chunk)
    names = tuple(map(model.tokens_by_id.__getitem__, ids))  # IDs the model just gave: all known
    if plain_ids.issuperset(ids):
        if "".join(names) != chunk:
            return None
        ends = tuple(accumulate(map(len, names)))
        return Layout(names, ids, (), ("",) * len(ids), (0, *ends[:-1]), tuple(map(_BEFORE, ends)), True, False)
    steps, pos, k, vocab_id = [], 0, 0, model.vocab_id
    while k < len(ids):
        if ids[k] in plain_ids:
            name = names[k]
            if not chunk.startswith(name, pos):
                return None
            steps.append((pos, pos + len(name), "", -1, 0))
            pos += len(name)
            k += 1
            continue
        if pos >= len(chunk) or vocab_id(chunk[pos]) is not None:
            return None
        data = chunk[pos].encode("utf-8", "surrogatepass")
        if names[k:k + len(data)] != tuple(map(BYTE_PIECES.__getitem__, data)):
            return None
        steps += [(pos, pos + 1, "byte", n, len(data)) for n in range(len(data))]
        pos += 1
        k += len(data)
    return layout(names, ids, steps, len(chunk)) if pos == len(chunk) else None


def _plain_ids(model) -> frozenset:
    """IDs of tokens that spell their own characters: not the unknown token, not a byte piece."""
    found = getattr(model, "_spelled_ids", None)
    if found is None:
        found = frozenset(i for t, i in model.model.ids_by_token.items()
                          if t != model.unk and not (model.byte_fallback and piece_byte(t) is not None))
        object.__setattr__(model, "_spelled_ids", found)
    return found


def _splitter(tokenizer):
    """``(pieces of a stretch, the mark a stretch may be cut before)``: pieces
    whose walks join to the stretch's walk, or None."""
    model = tokenizer.model
    if tokenizer._chunked is not None:
        mark = mark_of(model)
        return (lambda text: _chunks(text, mark)), mark
    if model.splits_space_runs and model.normalizer.get("type") == "sentencepiece":
        return space_runs, "\u2581"
    return None


def _cut(text: str, at: int, mark: str) -> int:
    """The end of the stretch from ``at``: about :data:`STRETCH` characters,
    cut before a ``mark`` that follows another character (where both
    splits cut too)."""
    if at + STRETCH >= len(text):
        return len(text)
    found = text.find(mark, at + STRETCH)
    while found > 0 and text[found - 1] == mark:
        found = text.find(mark, found + 1)
    return len(text) if found < 0 else found


def _chunks(text: str, mark: str):
    pieces = text.split(mark)
    if pieces[0]:
        yield pieces[0]
    for piece in pieces[1:]:
        yield mark + piece
