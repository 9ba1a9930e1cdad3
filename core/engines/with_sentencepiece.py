"""The ``sentencepiece`` engine: Google's compiled Unigram and BPE, built
from the ModelProto an asset exports to exactly
(:func:`core.formats.spm_write.exported`).

Where its tokens start (``token_starts``) is the library's offset mapping,
in characters: a piece starts at the first original character it came
from; a byte piece at the character whose byte it holds (the library gives
the pieces before a character's last byte an empty span there); the dummy
``▁`` alone, an empty span at the first character after the spaces it
stands for, which holds no earlier word.
"""

from __future__ import annotations

import importlib

from core.engines.spec import Spec

try:
    import sentencepiece
except ImportError:  # optional: the reference serves without it
    sentencepiece = None

NAME = "sentencepiece"
STARTS = "core.engines.starts"  # numpy's arithmetic, imported when statistics first ask


def version() -> str | None:
    return None if sentencepiece is None else sentencepiece.__version__


class SentencePieceNative:
    def __init__(self, spec: Spec):
        self.processor = sentencepiece.SentencePieceProcessor(model_proto=spec.blobs["model"])

    def encode_ids(self, text: str) -> list[int]:
        return self.processor.encode(text)

    def encode_ordinary(self, text: str) -> list[int]:
        """SentencePiece never reads a control piece's text as the piece: the same IDs."""
        return self.processor.encode(text)

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return self.processor.encode(texts)

    def token_starts(self, texts: list[str]):
        """Each text's IDs, and where each token starts (core.engines.starts)."""
        return importlib.import_module(STARTS).of_sentencepiece(self, texts)

    def decode_text(self, ids) -> str:
        return self.processor.decode(list(ids))


def build(spec: Spec) -> SentencePieceNative:
    return SentencePieceNative(spec)
