"""The whole :class:`~core.tokenizer.base.Encoding` from a native engine's
IDs, field by field the reference's, where that needs no model: a
byte-level BPE without a normalizer (tiktoken's kind), whose tokens tile
the input's bytes.

The spans are running sums of the tokens' byte sizes; the characters come
from the bytes (a token that starts or ends inside a character is
``partial``); a special is word -1 and, as in the reference
(:meth:`core.models.bpe_model.BPEModel.byte_level_table`), counts as a
pre-token; between specials each pre-token of the asset's own
pre-tokenizer is a word.  So choosing a large vocabulary in a window
shows its tokens without building its merge tables
(tests/core/test_engines.py compares every field with the reference).
"""

from __future__ import annotations

from itertools import accumulate

from core.pipeline import fast_split, text_pipeline as tp
from core.render import render_piece
from core.tokenizer.base import PARTIAL, PLAIN, SPECIAL, Encoding
from core.tokenizer.bpe import char_spans_of


class ByteLevelTable:
    """What a byte-level Encoding needs of a vocabulary: each token's bytes
    (``token_bytes``), the specials' names and the pre-tokenizer."""

    def __init__(self, token_bytes, specials: dict[int, str], pre_tokenizer: dict):
        self._bytes_of = token_bytes
        self._specials = specials
        # The reference's own split (the pre-tokens as text, before the byte mapping).
        self._split, _ = fast_split.plan(pre_tokenizer, tp.build_pre_tokenizer(pre_tokenizer))
        self._shown: dict[int, tuple[str, str, bytes]] = {}  # id -> (token, text, bytes)

    def shown(self, token_id: int) -> tuple[str, str, bytes]:
        """``(stored token, what a reader sees, bytes)`` of a non-special token."""
        found = self._shown.get(token_id)
        if found is None:
            data = self._bytes_of(token_id)
            found = self._shown[token_id] = ("".join(map(tp.BYTE_CHARS.__getitem__, data)), render_piece(data), data)
        return found

    def words(self, text: str, ids: list[int], sizes: list[int]) -> list[int]:
        """The pre-token of each token: between specials, the pre-tokens of
        the stretch; a special counts as one (its word is -1)."""
        words, number, k, at = [], 0, 0, 0
        data = text.encode("utf-8")
        while k < len(ids):
            if ids[k] in self._specials:
                words.append(-1)
                number += 1
                at += sizes[k]
                k += 1
                continue
            stop = k
            while stop < len(ids) and ids[stop] not in self._specials:
                stop += 1
            stretch = data[at:at + sum(sizes[k:stop])].decode("utf-8")
            first = at == 0
            ends = list(accumulate(map(len, map(str.encode, self._split(stretch, first)))))
            inside, piece = 0, 0
            for size in sizes[k:stop]:
                while piece < len(ends) - 1 and inside >= ends[piece]:
                    piece += 1
                words.append(number + piece)
                inside += size
            number += len(ends)
            at += inside
            k = stop
        return words

    def encoding(self, text: str, ids: list[int]) -> Encoding:
        specials = self._specials
        tokens, texts, pieces, sizes = [], [], [], []
        for token_id in ids:
            name = specials.get(token_id)
            if name is not None:
                tokens.append(name)
                texts.append(name)
                pieces.append(b"")
                sizes.append(len(name.encode("utf-8")))
            else:
                token, shown, data = self.shown(token_id)
                tokens.append(token)
                texts.append(shown)
                pieces.append(data)
                sizes.append(len(data))
        ends = list(accumulate(sizes))
        begins = [0, *ends[:-1]]
        data = text.encode("utf-8")
        if len(data) == len(text):
            char_spans, partial = tuple(zip(begins, ends)), ()
        else:
            char_spans, partial = char_spans_of(data, begins, ends)
        flags = [PLAIN] * len(ids)
        for k in partial:
            flags[k] = PARTIAL
        words = self.words(text, ids, sizes)
        for k, token_id in enumerate(ids):
            if token_id in specials:
                flags[k] = SPECIAL
        return Encoding(tuple(ids), tuple(tokens), tuple(texts), tuple(pieces), tuple(zip(begins, ends)),
                        tuple(char_spans), tuple(words), tuple(flags))
