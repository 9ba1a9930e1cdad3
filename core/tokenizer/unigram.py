"""Unigram LM (SentencePiece's Viterbi, ``▁`` for spaces, byte fallback)
behind the one interface.  Control pieces (``<s>``, ``</s>``) decode to
nothing and are listed as specials; ``<0xE4>`` byte pieces are bytes."""

from __future__ import annotations

from functools import cached_property

import numpy as np

from core.models.unigram.model import BYTE, CONTROL
from core.pipeline.normalize import piece_byte
from core.render import render_piece
from core.tokenizer import spm_path
from core.tokenizer.bpe import SPACE_MARK
from core.tokenizer.staged import StagedTokenizer, ids_of


class UnigramTokenizer(StagedTokenizer):
    kind = "unigram"
    lays_ids = True

    def __init__(self, model):
        pieces = model.pieces
        super().__init__(model, tuple((p.piece, i) for i, p in enumerate(pieces) if p.type == CONTROL))
        self.byte_based = any(p.type == BYTE for p in pieces)

    @property
    def family(self) -> str:
        return "unigram-byte-fallback" if self.byte_based else "unigram"

    def id_to_token(self, token_id: int) -> str:
        return self.model.token(token_id).piece

    def ids(self) -> list[int]:
        return list(range(len(self.model.pieces)))

    def token_bytes(self, token_id: int) -> bytes | None:
        piece = self.model.token(token_id)
        return bytes([piece_byte(piece.piece)]) if piece.type == BYTE else None

    def surface(self, token: str, token_id: int) -> str:
        return token.replace(SPACE_MARK, " ")

    def readable(self, token: str, token_id: int) -> str:
        return render_piece(self.surface(token, token_id).encode("utf-8", "surrogatepass"))

    def _encode_ids(self, text: str) -> list[int]:
        return self.model.encode_ids(text)

    def _table(self, text: str) -> tuple:
        """The columns :mod:`core.tokenizer.stage_kinds` gives, read straight off
        the normalized text's spans and the model's search (:mod:`core.tokenizer.spm_path`)."""
        found = spm_path.aligned(self.model.pipeline, text)
        if found is None:
            return super()._table(text)
        flat, starts, ends = found
        return self._columns(text, flat, starts, ends, self.model.search(flat))

    def _laid_table(self, text: str, ids):
        """The same columns, the path read off IDs a native engine gave (:func:`core.tokenizer.spm_path.path_of`)."""
        found = spm_path.aligned(self.model.pipeline, text)
        if found is None:
            return None
        flat, starts, ends = found
        spelling = self._spelling  # first, while the engine may still be encoding
        path = spm_path.path_of(flat, ids_of(ids), spelling)
        return None if path is None else self._columns(text, flat, starts, ends, path)

    def _columns(self, text, flat, starts, ends, path) -> tuple:
        model = self.model
        return spm_path.columns(text, flat, starts, ends, path, self._names, model.ids if model.byte_fallback else None,
                                model.unk_id)

    @cached_property
    def _spelling(self) -> spm_path.Spelling:
        model = self.model
        spells = {index: piece for piece, index in model._match.items()}  # what the search can give
        bytes_of = {i: piece_byte(p.piece) for i, p in enumerate(model.pieces) if p.type == BYTE} \
            if model.byte_fallback else {}
        return spm_path.Spelling(spells, bytes_of, model._match.__contains__,
                                 None if model.byte_fallback else model.unk_id)

    @cached_property
    def _names(self) -> np.ndarray:
        return np.array([p.piece for p in self.model.pieces], dtype=object)
