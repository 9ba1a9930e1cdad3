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

from functools import cached_property

import numpy as np

from core.engines.spec import Spec
from core.engines.starts import CHARS, TokenStarts, flat

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

    def token_starts(self, texts: list[str]) -> TokenStarts:
        """Each text's IDs, and where each token starts in its text's characters."""
        rows = self._processor.encode(texts, out_type="offset_mapping")
        ids, counts = flat([row["ids"] for row in rows])
        starts, _ = flat([[begin for begin, _ in row["offsets"]] for row in rows])
        unknown, byte = self._kinds
        return TokenStarts(ids, counts, starts, CHARS, unknown[ids], byte[ids])

    @cached_property
    def _kinds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per ID: is it the unknown piece, is it a byte piece (neither is ever matched in the text)."""
        processor = self._processor
        size = processor.get_piece_size()
        return (np.fromiter(map(processor.is_unknown, range(size)), bool, size),
                np.fromiter(map(processor.is_byte, range(size)), bool, size))

    def decode_text(self, ids) -> str:
        return self._processor.decode(list(ids))


def build(spec: Spec) -> SentencePieceNative:
    return SentencePieceNative(spec)
