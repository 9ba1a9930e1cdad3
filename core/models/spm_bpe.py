"""SentencePiece BPE (an imported ``.model``, a :class:`core.models.bpe_model.BPEModel`
with SentencePiece's normalizer and no pre-tokenizer) encoded one ``▁``-led
chunk at a time.

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
"""

from __future__ import annotations

from itertools import chain

from core.pipeline.normalize import SPACE_MARK


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
        word_ids = model.word_ids
        for _, part, added in model.cut_added(text):
            if added is not None:
                out.append(added.id)
                continue
            for _, inner, added2 in model.cut_added(model.normalize(part), normalized=True):
                if added2 is not None:
                    out.append(added2.id)
                    continue
                pieces = inner.split(mark)
                words = [mark + piece for piece in pieces[1:]]
                if pieces[0]:
                    words.insert(0, pieces[0])
                out += chain.from_iterable(map(word_ids, words))
        return out

    return encode_ids
