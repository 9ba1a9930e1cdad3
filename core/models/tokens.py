"""What every model's ``encode`` returns: :class:`ModelTokens`.

A model turns text into tokens (HF's ``Model::tokenize`` gives ``Token``s of
id, value and offsets); everything else a view shows (the tokenizer's
:class:`core.tokenizer.base.Encoding`) is built from it.  One type for every
kind, kept in columns so the byte-level fast path builds it without a
per-token object.  Fields a model does not trace are empty tuples.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ModelTokens:
    """A model's tokens for one text, in order.

    ``tokens`` are the vocabulary's strings (``low``, ``##er``, ``▁the``);
    a byte-level BPE's tokens are the bytes they hold.  ``spans`` are the
    ``(start, end)`` of each token in what the model read (byte-level BPE:
    the input's bytes; Unigram: the normalized text's characters) and
    ``char_spans`` the input characters it covers.  ``flags`` per token: ""
    or ``partial`` (starts or ends inside a character), ``unknown`` (the
    unknown token) or ``byte`` (a byte-fallback piece spelling unknown
    characters): the words of :class:`core.tokenizer.base.Encoding` flags.
    ``unknown`` holds, per unknown token in order, the text it stands for;
    ``dropped`` the characters no token stands for (a BPE model without an
    unknown token).  ``score`` is a Unigram segmentation's log-probability.
    """

    ids: tuple[int, ...]
    tokens: tuple[str, ...] | tuple[bytes, ...]
    spans: tuple[tuple[int, int], ...] = ()
    char_spans: tuple[tuple[int, int], ...] = ()
    flags: tuple[str, ...] = ()
    unknown: tuple[str, ...] = ()
    dropped: tuple[str, ...] = ()
    score: float | None = None

    def __len__(self) -> int:
        return len(self.ids)
