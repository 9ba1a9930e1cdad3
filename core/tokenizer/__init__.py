"""One tokenizer interface for every kind: :func:`wrap` turns a model of
any kind into a :class:`Tokenizer` whose ``encode`` returns one
:class:`Encoding` and whose ``decode`` returns one :class:`DecodeResult`.

A new kind is one new module here and one line in ``KINDS``.
"""

from __future__ import annotations

from core.errors import TokenizerError
from core.tokenizer.base import DecodeResult, Encoding, Tokenizer
from core.tokenizer.bpe import BPETokenizer
from core.tokenizer.byte_bpe import ByteBPETokenizer
from core.tokenizer.char_bpe import CharBPETokenizer
from core.tokenizer.unigram import UnigramTokenizer
from core.tokenizer.wordpiece import WordPieceTokenizer

__all__ = ["DecodeResult", "Encoding", "KINDS", "Tokenizer", "from_asset", "wrap"]

KINDS = {"byte-bpe": ByteBPETokenizer, "bpe": BPETokenizer, "wordpiece": WordPieceTokenizer,
         "unigram": UnigramTokenizer, "char-bpe": CharBPETokenizer}


def wrap(kind: str, model) -> Tokenizer:
    """The one interface over ``model``, an asset of ``kind``."""
    if isinstance(model, Tokenizer) and getattr(model, "kind", None) == kind:
        return model
    try:
        return KINDS[kind](model)
    except KeyError:
        raise TokenizerError(f"unknown tokenizer kind {kind!r}; known: {', '.join(KINDS)}") from None


def from_asset(loaded) -> Tokenizer:
    """The one interface over an opened asset (:class:`core.assets.identity.LoadedAsset`)."""
    return wrap(loaded.kind, loaded.tokenizer)
