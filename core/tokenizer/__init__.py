"""One tokenizer interface for every kind: :func:`wrap` turns a model of
any kind into a :class:`Tokenizer` whose ``encode`` returns one
:class:`Encoding` and whose ``decode`` returns one
:class:`core.decoded.DecodeResult`.

A new kind is one new module here and one line in :data:`KINDS`.  The
kinds' modules are imported when a model of that kind is wrapped, so
importing the interface itself (its types) costs nothing.
"""

from __future__ import annotations

import importlib

from core.errors import TokenizerError
from core.tokenizer.base import Encoding, Tokenizer

__all__ = ["Encoding", "KINDS", "Tokenizer", "from_asset", "wrap"]

# kind -> (module, class) of its wrapper
KINDS = {"byte-bpe": ("byte_bpe", "ByteBPETokenizer"), "bpe": ("bpe", "BPETokenizer"),
         "wordpiece": ("wordpiece", "WordPieceTokenizer"), "unigram": ("unigram", "UnigramTokenizer"),
         "char-bpe": ("char_bpe", "CharBPETokenizer")}


def wrap(kind: str, model) -> Tokenizer:
    """The one interface over ``model``, an asset of ``kind``."""
    if isinstance(model, Tokenizer) and getattr(model, "kind", None) == kind:
        return model
    if kind not in KINDS:
        raise TokenizerError(f"unknown tokenizer kind {kind!r}; known: {', '.join(KINDS)}")
    module, name = KINDS[kind]
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)(model)


def from_asset(loaded) -> Tokenizer:
    """The one interface over an opened asset (:class:`core.assets.identity.LoadedAsset`)."""
    return wrap(loaded.kind, loaded.tokenizer)
