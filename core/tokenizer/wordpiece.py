"""WordPiece (BERT's longest match, ``##`` continuations, whole-word
``[UNK]``) behind the one interface.  Tokens read as stored (``##ing``):
the prefix is how a BERT user reads a continuation."""

from __future__ import annotations

from core.tokenizer.staged import StagedTokenizer


class WordPieceTokenizer(StagedTokenizer):
    kind = "wordpiece"

    def __init__(self, model):
        # added tokens ([CLS] ...) are specials: matched in text, skipped by decode;
        # [UNK] stays the unknown token (what an unknown word becomes)
        super().__init__(model, tuple((t, model.ids[t]) for t in model.added if t != model.unk))

    def surface(self, token: str, token_id: int) -> str:
        prefix = self.model.prefix
        return token[len(prefix):] if token.startswith(prefix) and token != prefix else token

    def _model_decode(self, ids: list[int]) -> str:
        return self.model.decode(ids)

    def encode_ids(self, text: str) -> list[int]:
        return self.model.encode_ids(text)
