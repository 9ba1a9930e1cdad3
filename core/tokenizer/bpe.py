"""Imported BPE (:class:`core.tokenizer.imported_bpe.ImportedBPE`) behind the one
interface: GPT-2's byte-level alphabet, SentencePiece-style ``▁`` with byte
fallback, subword-nmt's ``@@``/``</w>``, minbpe and tiktoken ranks.

Byte-level models are byte-based (a token's bytes are exact); so are
byte-fallback models for their ``<0xE4>`` pieces.  Added tokens marked
special decode to nothing and are listed, as HF's ``decode`` with
``skip_special_tokens`` does.
"""

from __future__ import annotations

from functools import cached_property
from dataclasses import replace
from itertools import accumulate, repeat
from operator import or_, sub

import numpy as np

from core.errors import TokenizerError
from core.pipeline.normalize import BYTE_PIECES, Pipeline, piece_byte
from core.render import render_piece
from core.tokenizer.base import PARTIAL, PLAIN, SPECIAL, Encoding
from core.slices import STEP, listed, tupled
from core.tokenizer import spm_path
from core.tokenizer.imported_bpe import ImportedBPE
from core.tokenizer.spm_bpe import chunked, chunked_table
from core.tokenizer.staged import StagedTokenizer, ids_of

SPACE_MARK = "▁"


class BPETokenizer(StagedTokenizer):
    kind = "bpe"

    def __init__(self, model: ImportedBPE):
        # Specials: added tokens marked special, and SentencePiece's control
        # pieces (<s>, </s>), which its decoder prints as nothing.
        controls = model.decoder.get("controls", ()) if model.decoder.get("type") == "sentencepiece" else ()
        specials = [(a.content, a.id) for a in model.added if a.special]
        specials += [(c, model.vocab_id(c)) for c in controls if model.vocab_id(c) is not None]
        super().__init__(model, tuple(specials))
        self.byte_level = model.byte_level
        self.byte_based = model.byte_level or model.byte_fallback
        self._metaspace = _marks_spaces(model.pre_tokenizer) or _marks_spaces(model.normalizer)
        self._chunked = chunked(model)
        self._ordinary = None  # ordinary(): built when first asked for  # SentencePiece BPE: one ▁-led chunk at a time

    @property
    def family(self) -> str:
        if self.model.byte_level:
            return "byte-level-bpe"
        return "bpe-byte-fallback" if self.model.byte_fallback else "bpe"

    def _encode(self, text: str) -> Encoding:
        """A byte-level model without a normalizer builds its Encoding from
        the fast path: its tokens tile the input bytes, so the spans are
        running sums of token sizes (tested equal to the inspector's)."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        table = self.model.byte_level_table(text)
        if table is None or not text.isascii() and not _encodable(text):
            return super()._encode(text)
        ids, sizes, words = table
        data = text.encode("utf-8")
        ends = listed(accumulate(sizes))
        if (ends[-1] if ends else 0) != len(data):
            return super()._encode(text)  # cannot happen for such a model; the inspector is the reference
        begins = [0, *ends[:-1]]
        if len(data) == len(text):  # ASCII: bytes are characters
            char_spans, partial = tupled(zip(begins, ends)), ()
        else:
            char_spans, partial = char_spans_of(data, begins, ends)
        flags = [PLAIN] * len(ids)
        for i in partial:
            flags[i] = PARTIAL
        if self._special_ids and not self._special_ids.isdisjoint(ids):
            for i, token_id in enumerate(ids):
                if token_id in self._special_ids:
                    flags[i], words[i] = SPECIAL, -1
        tokens = listed(map(self.model.tokens_by_id.__getitem__, ids))
        texts, pieces = self._texts_and_pieces(ids, tokens, flags)
        return Encoding(tuple(ids), tuple(tokens), tuple(texts), tuple(pieces), tupled(zip(begins, ends)), char_spans,
                        tuple(words), tuple(flags))

    def ordinary(self):
        """The model without its special added tokens (the others are still
        matched, as HF's ``split_special_tokens`` does), built once."""
        if not any(a.special for a in self.model.added):
            return self
        if self._ordinary is None:
            self._ordinary = BPETokenizer(replace(self.model, added=tuple(a for a in self.model.added
                                                                          if not a.special)))
        return self._ordinary

    def id_to_token(self, token_id: int) -> str:
        return self.model.token_of(token_id)

    def token_to_id(self, token: str) -> int:
        return self.model.id_of(token)

    def ids(self) -> list[int]:
        return sorted(self.model.tokens_by_id)  # the vocabulary's IDs and the added tokens'

    def token_bytes(self, token_id: int) -> bytes | None:
        return self.model.token_bytes(token_id)

    def surface(self, token: str, token_id: int) -> str:
        prefix, suffix = self.model.continuing_prefix, self.model.end_of_word_suffix
        if prefix and token.startswith(prefix) and token != prefix:
            token = token[len(prefix):]
        if suffix and token.endswith(suffix):
            token = token[:-len(suffix)]  # a lone end-of-word mark spells nothing
        return token.replace(SPACE_MARK, " ") if self._metaspace else token

    def readable(self, token: str, token_id: int) -> str:
        if self._metaspace:
            return render_piece(self.surface(token, token_id).encode("utf-8", "surrogatepass"))
        return super().readable(token, token_id)

    def _model_decode(self, ids: list[int]) -> str:
        return self.model.decode(ids)

    def _table(self, text: str) -> tuple:
        found = chunked_table(self, text, self._walks)
        return super()._table(text) if found is None else found

    @cached_property
    def lays_ids(self) -> bool:
        """SentencePiece's BPE (its normalizer, nothing split before the
        model, no marks, no added token matched before normalizing) lays
        another engine's IDs over the normalized text (core.tokenizer.spm_path)."""
        model = self.model
        return (model.normalizer.get("type") == "sentencepiece" and model.pre_tokenizer.get("type") == "none"
                and model.continuing_prefix is None and model.end_of_word_suffix is None
                and all(a.normalized for a in model.added))

    def _laid_table(self, text: str, ids):
        if not self.lays_ids:
            return None
        pipeline = Pipeline.from_description(self.model.normalizer)
        found = spm_path.aligned(pipeline, text)
        if found is None or found[0] != self.model.normalize(text):
            return None
        flat, starts, ends = found
        spelling = self._spelling  # first, while the engine may still be encoding
        path = spm_path.path_of(flat, ids_of(ids), spelling)
        if path is None:
            return None
        return spm_path.columns(text, flat, starts, ends, path, self._names, self._byte_ids, -1)

    @cached_property
    def _spelling(self) -> spm_path.Spelling:
        """Every token spells its own text but the byte pieces; the unknown
        token is never laid (BPE's unknown runs follow other rules)."""
        model = self.model
        byte_ids = set((self._byte_ids or {}).values())
        spells = {i: t for i, t in model.tokens_by_id.items() if i not in byte_ids and t != model.unk}
        bytes_of = {i: piece_byte(model.token_of(i)) for i in byte_ids}
        return spm_path.Spelling(spells, bytes_of, model.model.ids_by_token.__contains__, None)

    @cached_property
    def _byte_ids(self) -> dict[str, int] | None:
        """``<0xE4>`` -> ID where unknown characters fall back to byte pieces."""
        model = self.model
        if not model.byte_fallback:
            return None
        return {piece: model.vocab_id(piece) for piece in BYTE_PIECES if model.vocab_id(piece) is not None}

    @cached_property
    def _names(self) -> np.ndarray:
        by_id = self.model.tokens_by_id
        names = np.full(max(by_id, default=-1) + 1, None, dtype=object)
        names[list(by_id)] = list(by_id.values())
        return names

    def _encode_ids(self, text: str) -> list[int]:
        if self._chunked is not None:
            return self._chunked(text)
        return self.model.encode_ids(text)


_CONTINUES = bytes(1 if 0x80 <= b < 0xC0 else 0 for b in range(256))


def char_spans_of(data: bytes, begins: list, ends: list) -> tuple:
    """Each token's character span, and the tokens that start or end inside
    a character, from the tokens' byte spans over the UTF-8 ``data``; counted
    per token a slice at a time (see core.slices), not per byte."""
    conts = data.translate(_CONTINUES) + b"\x00"  # 1 for a continuation byte
    spans, partial, before = [], [], 0
    for lo in range(0, len(begins), STEP):
        block_begins, block_ends = begins[lo:lo + STEP], ends[lo:lo + STEP]
        inside = list(map(conts.__getitem__, block_begins))
        # Characters begun before each token, and before the end of the last.
        run = list(accumulate(map(conts.count, repeat(0), block_begins, block_ends), initial=before))
        spans += zip(map(sub, run, inside), run[1:])
        partial += [lo + i for i, odd in enumerate(map(or_, inside, map(conts.__getitem__, block_ends))) if odd]
        before = run[-1]
    return tuple(spans), partial


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False  # a lone surrogate: the inspector places its three bytes
    return True


def _marks_spaces(spec) -> bool:
    """Does a pipeline spec write spaces as ▁ (Metaspace, SentencePiece's
    normalizer, a Replace or Prepend of ▁)?"""
    if not isinstance(spec, dict):
        return False
    if spec.get("type") in ("metaspace", "sentencepiece"):
        return True
    if spec.get("type") == "sequence":
        return any(_marks_spaces(step) for step in spec.get("steps", ()))
    return SPACE_MARK in (spec.get("content"), spec.get("prepend"), spec.get("replacement"))
