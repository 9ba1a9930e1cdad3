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
import re

from core.engines.spec import Spec

try:
    import sentencepiece
except ImportError:  # optional: the reference serves without it
    sentencepiece = None

NAME = "sentencepiece"
STARTS = "core.engines.starts"  # numpy's arithmetic, imported when statistics first ask
SPM = "core.spm_proto"  # the ModelProto reader, imported when a long text first asks whether it may be cut
CUT_CHARS = 1 << 17  # from this many characters on, a cuttable BPE text is encoded in parts on THREADS threads
THREADS = 2
# A piece with a space, or a ▁ after another character (the rule of
# core.tokenizer.imported_bpe's space split): one could hold the space a cut takes out.
_HOLDS_CUT_SPACE = re.compile(" |[^\u2581]\u2581")


def version() -> str | None:
    return None if sentencepiece is None else sentencepiece.__version__


class SentencePieceNative:
    def __init__(self, spec: Spec):
        self.processor = sentencepiece.SentencePieceProcessor(model_proto=spec.blobs["model"])
        self._blob = spec.blobs["model"]
        self._cuttable: bool | None = None  # worked out when a long text first asks (cuttable)

    def encode_ids(self, text: str) -> list[int]:
        return self.processor.encode(text)

    def encode_long(self, text: str) -> list[int]:
        """:meth:`encode_ids` for a window's whole Encoding: a long text
        cut at spaces (:func:`cut`) on THREADS threads where the model
        allows it (:meth:`cuttable`).  Bulk work cuts on its own, one
        engine thread per worker (core.engines.bulk), so ``--workers 1``
        is one thread."""
        if len(text) >= CUT_CHARS and self.cuttable():
            parts = cut(text, THREADS)
            if len(parts) > 1:
                out: list[int] = []
                for ids in self.processor.encode(parts, num_threads=len(parts)):
                    out += ids
                return out
        return self.processor.encode(text)

    def encode_ordinary(self, text: str) -> list[int]:
        """SentencePiece never reads a control piece's text as the piece: the same IDs."""
        return self.encode_ids(text)

    def cuttable(self) -> bool:
        """May a text be encoded in parts cut at a space (:func:`cut`), the
        IDs joined being the whole text's?  So for SentencePiece's BPE
        where the normalizer is the identity, the dummy ``▁`` comes first,
        and no piece has ``▁`` after another character: no merge then
        joins a symbol to a ``▁`` after it, a part's dummy ``▁`` stands for
        the space cut out (a whitespace squeeze does not reach it: it is
        between two other characters), and no user-defined piece holds it."""
        if self._cuttable is None:
            trainer, norm = importlib.import_module(SPM).settings(self._blob)
            self._cuttable = (trainer.get("model_type", 1) == 2 and not trainer.get("treat_whitespace_as_suffix", False)
                              and norm.get("name") == "identity" and not norm.get("precompiled_charsmap")
                              and norm.get("add_dummy_prefix", True) and norm.get("escape_whitespaces", True))
            if self._cuttable:
                pieces = self.processor.id_to_piece(list(range(self.processor.get_piece_size())))
                # A space or a ▁ after another character: a piece that could hold the space cut out.
                self._cuttable = "\u2581" in pieces and not any(map(_HOLDS_CUT_SPACE.search, pieces))
        return self._cuttable

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return self.processor.encode(texts)

    def token_starts(self, texts: list[str]):
        """Each text's IDs, and where each token starts (core.engines.starts)."""
        return importlib.import_module(STARTS).of_sentencepiece(self, texts)

    def decode_text(self, ids) -> str:
        return self.processor.decode(list(ids))


def cut(text: str, parts: int) -> list[str]:
    """``text`` in about ``parts`` parts, each cut out of it at a space
    between two characters that are neither whitespace nor ``▁`` (the
    space itself left out); fewer where no such space is found."""
    out, at = [], 0
    for k in range(1, parts):
        space = text.find(" ", max(at, len(text) * k // parts))
        while 0 < space < len(text) - 1 and not _between_words(text, space):
            space = text.find(" ", space + 1)
        if space <= at or space >= len(text) - 1:
            break
        out.append(text[at:space])
        at = space + 1
    out.append(text[at:])
    return out


def _between_words(text: str, space: int) -> bool:
    before, after = text[space - 1], text[space + 1]
    return not (before.isspace() or after.isspace() or "\u2581" in (before, after))


def build(spec: Spec) -> SentencePieceNative:
    return SentencePieceNative(spec)
