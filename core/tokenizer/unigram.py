"""Unigram LM (SentencePiece's Viterbi, ``▁`` for spaces, byte fallback)
behind the one interface.  Control pieces (``<s>``, ``</s>``) decode to
nothing and are listed as specials; ``<0xE4>`` byte pieces are bytes."""

from __future__ import annotations

from core.models.unigram.model import BYTE, CONTROL
from core.pipeline.normalize import piece_byte
from core.render import render_piece
from core.tokenizer.bpe import SPACE_MARK
from core.tokenizer.staged import StagedTokenizer


class UnigramTokenizer(StagedTokenizer):
    kind = "unigram"

    def __init__(self, model):
        pieces = model.pieces
        super().__init__(model, tuple((p.piece, i) for i, p in enumerate(pieces) if p.type == CONTROL))
        self.byte_based = any(p.type == BYTE for p in pieces)

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
        return list(self.model.encode(text).ids)
