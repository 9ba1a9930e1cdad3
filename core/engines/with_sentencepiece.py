"""The ``sentencepiece`` engine: Google's compiled Unigram and BPE, built
from the ModelProto an asset exports to exactly
(:func:`core.formats.spm_write.exported`)."""

from __future__ import annotations

from core.engines.spec import Spec

try:
    import sentencepiece
except ImportError:  # optional: the reference serves without it
    sentencepiece = None

NAME = "sentencepiece"
SPEC = "sentencepiece"  # the spec it is built from (core.engines.specs.MAKERS)


def version() -> str | None:
    return None if sentencepiece is None else sentencepiece.__version__


class SentencePieceNative:
    def __init__(self, spec: Spec):
        self._processor = sentencepiece.SentencePieceProcessor(model_proto=spec.blobs["model"])

    def encode_ids(self, text: str) -> list[int]:
        return self._processor.encode(text)

    def encode_ordinary(self, text: str) -> list[int]:
        """SentencePiece never reads a control piece's text as the piece: the same IDs."""
        return self._processor.encode(text)

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return self._processor.encode(texts)

    def decode_text(self, ids) -> str:
        return self._processor.decode(list(ids))


def build(spec: Spec) -> SentencePieceNative:
    return SentencePieceNative(spec)
