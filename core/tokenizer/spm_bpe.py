"""The Encoding columns of a SentencePiece BPE model, one piece of the
normalized text at a time: ``▁``-led chunks (where
:func:`core.models.spm_bpe.chunked` says that gives the model's own IDs)
or the runs the model's own fast path splits at (``▁*[^▁]+|▁+``, where no
token has ``▁`` after another character: ``bpe_model._space_split``).

:mod:`core.inspect.stage_kinds` walks the whole normalized text as one
pre-token; here each piece is walked on its own (and remembered, as the
model remembers its IDs), then placed on its slice of the same aligned
text.  The walk has nothing that crosses a piece: every token spells its
own characters, an unknown run ends at the known ``▁``, a byte piece stands
for a byte of one character.  Should a walk ever fall back to covering its
whole pre-token (``approximate``), a piece is not the whole pre-token, so
the inspected columns are used instead.

Pieces whose tokens spell them exactly (no byte piece, no unknown) are
placed in bulk: the index of each token's first and last character is the
piece's offset plus the token's own, one C-level pass over all of them.
"""

from __future__ import annotations

import re
from itertools import accumulate, chain, repeat
from operator import add

from core.models.spm_bpe import mark_of
from core.pipeline.normalize import BYTE_PIECES
from core.slices import listed, release

STRETCH = 1 << 16  # characters of normalized text split at once (a regex call over more holds the GIL too long)


def chunked_table(tokenizer, text: str, memo: dict):
    """The columns of :func:`core.inspect.stages.model_table`, or None."""
    from core.inspect.aligned import Aligned
    from core.inspect.stage_kinds import _space_words
    from core.pipeline.normalize import Pipeline
    from core.inspect.stages import Builder
    from core.inspect.token_walk import Columns, memo_for

    model = tokenizer.model
    split = _splitter(tokenizer)
    if split is None:
        return None
    builder = Builder(text)
    src = builder.origin.aligned()
    columns = Columns(builder.origin)
    walks = memo_for(memo, "bpe-chunks")
    pipeline = Pipeline.from_description(model.normalizer)
    byte_ids = _plain_ids(model)
    offsets = builder.origin.offsets
    index = 0
    for start, part, added in model.cut_added(text):
        piece = src.slice(start, start + len(part))
        if added is not None:
            columns.add(added.content, piece.span(), added.id, *(("special", -1) if added.special else ("", index)))
            index += 1
            continue
        found = pipeline.columns(part)
        if found is None or found[0] != model.normalize(part):
            return None
        norm = Aligned(found[0], listed(map(offsets.__getitem__, map(start.__add__, found[1]))),
                       listed(map(offsets.__getitem__, map(start.__add__, found[2]))), piece.span(0, 0)[0])
        for inner, part2, added2 in model.cut_added(norm.text, normalized=True):
            word = norm.slice(inner, inner + len(part2))
            if added2 is not None:
                columns.add(added2.content, word.span(), added2.id,
                            *(("special", -1) if added2.special else ("", index)))
                index += 1
                continue
            if not _place(columns, word, split(part2), walks, model, byte_ids, index):
                return None
            index += 1
            release(word.starts, word.ends)
        release(found[1], found[2], norm.starts, norm.ends, piece.starts, piece.ends)
    table = columns.table()
    release(src.starts, src.ends, builder.origin.offsets, builder.origin.floor)
    return (*table[:7], _space_words(table[0]))


def _place(columns, word, chunks, walks, model, plain_ids, index) -> bool:
    """Every chunk's tokens on its slice of ``word`` (False: a walk was approximate)."""
    from core.inspect.stage_kinds import _bpe_layout
    from core.inspect.token_walk import remembered

    layouts, ats, at = [], [], 0
    for chunk in chunks:
        found = walks.get(chunk)
        if found is None:
            found = remembered(walks, chunk, lambda: _spelled_layout(model, chunk, plain_ids)
                               or _bpe_layout(model, chunk, None))
        if "approximate" in found.kinds:
            return False
        layouts.append(found)
        ats.append(at)
        at += len(chunk)
    ats.append(at)
    k = 0
    for stop in [i for i, found in enumerate(layouts) if not _bulky(found)] + [len(layouts)]:
        if stop > k:
            _bulk(columns, word, layouts[k:stop], ats[k:stop], index)
        if stop < len(layouts):
            columns.add_word(word.slice(ats[stop], ats[stop + 1]), layouts[stop], index)
        k = stop + 1
    return True


def _bulky(found) -> bool:
    """Can :func:`_bulk` place the layout: every token spells at least one character of it?"""
    return found.simple or (not found.closed and all(step[1] > step[0] for step in found.steps))


def _bulk(columns, word, layouts, ats, index) -> None:
    """Layouts at offsets ``ats`` of ``word``: a token spans the original
    bytes of its first and last character (Columns.add_word), a byte piece
    then its own byte (token_walk.place)."""
    from core.inspect.token_walk import byte_span

    counts = [len(found.ids) for found in layouts]
    base = len(columns.starts)
    columns.names += chain.from_iterable(found.names for found in layouts)
    columns.ids += chain.from_iterable(found.ids for found in layouts)
    columns.kinds += chain.from_iterable(found.kinds for found in layouts)
    columns.starts += map(word.starts.__getitem__, map(add, chain.from_iterable(map(repeat, ats, counts)),
                                                       chain.from_iterable(found.firsts for found in layouts)))
    columns.ends += map(word.ends.__getitem__, map(add, chain.from_iterable(map(repeat, ats, counts)),
                                                   chain.from_iterable(found.lasts for found in layouts)))
    columns.words += repeat(index, sum(counts))
    starts, ends, origin, text = columns.starts, columns.ends, columns.origin, word.text
    for found, at, k in zip(layouts, ats, accumulate(counts, initial=base)):
        if not found.simple:
            for j, (pos, _, _, byte, _) in enumerate(found.steps, k):
                if byte >= 0:
                    starts[j], ends[j] = byte_span(origin, text[at + pos], word.starts[at + pos],
                                                   word.ends[at + pos], byte)


def _spelled_layout(model, chunk: str, plain_ids):
    """The layout of a chunk whose tokens spell its characters in order,
    a byte piece only where a character outside the vocabulary falls back
    to its bytes, without the general walk (which gives the same steps
    there), else None (the unknown token, a dropped character)."""
    from core.inspect.token_walk import Layout, layout

    ids = model.word_ids(chunk)
    names = tuple(map(model.token_of, ids))
    if plain_ids.issuperset(ids):
        if "".join(names) != chunk:
            return None
        ends = tuple(accumulate(map(len, names)))
        return Layout(names, tuple(ids), (), ("",) * len(ids), (0, *ends[:-1]), tuple(e - 1 for e in ends),
                      True, False)
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
        from core.pipeline.normalize import piece_byte

        found = frozenset(i for t, i in model._ids.items()
                          if t != model.unk and not (model.byte_fallback and piece_byte(t) is not None))
        object.__setattr__(model, "_spelled_ids", found)
    return found


def _splitter(tokenizer):
    """How a normalized stretch is cut into pieces whose walks join to its walk, or None."""
    from core.models import bpe_model

    model = tokenizer.model
    if tokenizer._chunked is not None:
        mark = mark_of(model)
        return lambda text: _chunks(text, mark)
    if model._split is bpe_model._space_split and model.normalizer.get("type") == "sentencepiece":
        return lambda text: chain.from_iterable(model._split(text[at:_cut(text, at)], False)
                                                for at in _starts(text))
    return None


def _starts(text: str):
    """Where each stretch of about :data:`STRETCH` characters starts: at a
    ▁ after another character, where the space-run split cuts too."""
    at = 0
    while at < len(text):
        yield at
        at = _cut(text, at)


def _cut(text: str, at: int) -> int:
    found = _RUN_START.search(text, at + STRETCH) if at + STRETCH < len(text) else None
    return len(text) if found is None else found.start()


_RUN_START = re.compile("(?<=[^\u2581])\u2581")


def _chunks(text: str, mark: str):
    pieces = text.split(mark)
    if pieces[0]:
        yield pieces[0]
    for piece in pieces[1:]:
        yield mark + piece
