"""Character BPE with ``</w>`` (seed 000, example 19.1) behind the one
interface.  Tokens read as stored (``er</w>``): the end-of-word mark is
what the classroom teaches; a token's bytes are the characters it spells,
without the mark.  Text is split at whitespace, which is lost."""

from __future__ import annotations

from core.tokenizer.staged import StagedTokenizer


class CharBPETokenizer(StagedTokenizer):
    kind = "char-bpe"

    def surface(self, token: str, token_id: int) -> str:
        # The characters the token spells: ``er</w>`` stands for "er" at a
        # word's end, a lone ``</w>`` for no character (its span is empty).
        # Decoding puts a space there between words; the input may have had
        # a tab, several spaces or nothing (the end of the text).
        mark = self.model.end_of_word
        return token[:-len(mark)] if token.endswith(mark) else token

    def decoded(self, token: str, token_id: int) -> str:
        # Decoding joins words with one space: the end-of-word mark is that space.
        mark = self.model.end_of_word
        return token[:-len(mark)] + " " if token.endswith(mark) else token

    def _encode_ids(self, text: str) -> list[int]:
        return list(self.model.encode(text).ids)
