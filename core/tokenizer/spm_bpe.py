"""The Encoding columns of a SentencePiece BPE model, one ``▁``-led chunk
at a time (where :func:`core.models.spm_bpe.chunked` says that gives the
model's own IDs).

:mod:`core.inspect.stage_kinds` walks the whole normalized text as one
pre-token; here each chunk is walked on its own (and remembered, as the
model remembers its IDs), then placed on its slice of the same aligned
text.  The walk has nothing that crosses a chunk: every token spells its
own characters, an unknown run ends at the known ``▁``, a byte piece stands
for a byte of one character.  Should a walk ever fall back to covering its
whole pre-token (``approximate``), a chunk is not the whole pre-token, so
the inspected columns are used instead.
"""

from __future__ import annotations

from core.models.spm_bpe import mark_of


def chunked_table(tokenizer, text: str, memo: dict):
    """The columns of :func:`core.inspect.stages.model_table`, or None."""
    from core.inspect.aligned import Aligned
    from core.inspect.stage_kinds import _bpe_layout, _space_words
    from core.pipeline.normalize import Pipeline
    from core.inspect.stages import Builder
    from core.inspect.token_walk import Columns, memo_for, remembered

    model = tokenizer.model
    mark = mark_of(model)
    builder = Builder(text)
    src = builder.origin.aligned()
    columns = Columns(builder.origin)
    walks = memo_for(memo, "bpe-chunks")
    pipeline = Pipeline.from_description(model.normalizer)
    names, ids, starts, ends, kinds, words = \
        columns.names, columns.ids, columns.starts, columns.ends, columns.kinds, columns.words
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
        offsets = builder.origin.offsets
        norm = Aligned(found[0], [offsets[start + a] for a in found[1]], [offsets[start + b] for b in found[2]],
                       piece.span(0, 0)[0])
        for inner, part2, added2 in model.cut_added(norm.text, normalized=True):
            word = norm.slice(inner, inner + len(part2))
            if added2 is not None:
                columns.add(added2.content, word.span(), added2.id,
                            *(("special", -1) if added2.special else ("", index)))
                index += 1
                continue
            at = 0
            for chunk in _chunks(part2, mark):
                found = walks.get(chunk)
                if found is None:
                    found = remembered(walks, chunk, lambda: _bpe_layout(model, chunk, None))
                if "approximate" in found.kinds:
                    return None
                if found.simple and not found.closed:  # Columns.add_word, on the chunk's slice of word
                    names += found.names
                    ids += found.ids
                    starts += [word.starts[at + i] for i in found.firsts]
                    ends += [word.ends[at + i] for i in found.lasts]
                    kinds += found.kinds
                    words += [index] * len(found.ids)
                else:
                    columns.add_word(word.slice(at, at + len(chunk)), found, index)
                at += len(chunk)
            index += 1
    table = columns.table()
    return (*table[:7], _space_words(table[0]))


def _chunks(text: str, mark: str):
    pieces = text.split(mark)
    if pieces[0]:
        yield pieces[0]
    for piece in pieces[1:]:
        yield mark + piece
