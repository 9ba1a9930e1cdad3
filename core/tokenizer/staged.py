"""The shared machinery of the string-vocabulary kinds (imported BPE,
WordPiece, Unigram, char BPE): an :class:`Encoding` read off the model
stage of :func:`core.tokenizer.stage_kinds.inspect`, which aligns every token with
the input's characters and bytes (and is tested against HF offsets and
SentencePiece byte offsets); decoding through the model's own decoder with
byte pieces kept as bytes, so invalid UTF-8 is named, never replaced.

Encoding runs only the stages the model stage needs
(:func:`core.tokenizer.stage_kinds.model_table`), and remembers the alignment of
each distinct pre-token, so long texts cost a few times the model's own
encode, not the whole inspector; the IDs are always the model's.

A kind's module subclasses :class:`StagedTokenizer` and says how a stored
token reads (:meth:`~StagedTokenizer.surface`) and which IDs are specials.
"""

from __future__ import annotations

import gc
from bisect import bisect_right
from contextlib import contextmanager
from itertools import accumulate

import numpy as np

from core import utf8
from core.decoded import DecodeResult
from core.errors import TokenizerError, excerpt
from core.tokenizer import stage_kinds
from core.slices import indexed, listed, tupled, where
from core.pipeline import text_pipeline as tp
from core.render import render_piece, visible
from core.tokenizer import post
from core.tokenizer.base import BYTE, SPECIAL, UNKNOWN, Encoding, Spans
from core.utf8 import Utf8DecodeError


SHOWN_LIMIT = 1 << 19  # (id, flag) pairs remembered: a few per token of the largest vocabularies


@contextmanager
def gc_paused():
    """No cyclic garbage collection while a long text's columns are built:
    they are millions of small acyclic objects, and the collector's passes
    over them cost as much as building them."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def ids_of(ids) -> list[int]:
    """The IDs :meth:`StagedTokenizer.encode_from_ids` was given: a list,
    or a function that waits for one (core.engines.served.later); a kind
    asks once its text-only work is done."""
    return ids() if callable(ids) else ids


class StagedTokenizer:
    kind = ""
    byte_based = False
    byte_level = False
    lays_ids = False  # can encode_from_ids lay another engine's IDs over a text (a kind that can says so)
    lays_offsets = False  # can encode_from_offsets take another engine's IDs with their spans (likewise)

    def __init__(self, model, specials=()):
        self.model = model
        self._specials = tuple(specials)  # (name, id) that decode to nothing
        self._special_ids = {i for _, i in self._specials}
        self._walks: dict = {}  # each pre-token's tokens and places, kept between calls (core.tokenizer.token_walk)
        self._shown_memo: dict = {}  # (id, flag) -> (text, bytes), kept between calls

    @property
    def family(self) -> str:
        """One of :data:`core.tokenizer.base.FAMILIES` (a kind with several says which)."""
        return self.kind

    def ordinary(self):
        """This tokenizer reading every special's text as ordinary text
        (tiktoken's ``encode_ordinary``): itself, where the kind never
        matches a special in the text (a kind that does says otherwise)."""
        return self

    # ==== vocabulary (a kind overrides what its model spells differently) ====

    @property
    def vocab_size(self) -> int:
        return self.model.vocab_size

    @property
    def specials(self) -> tuple[tuple[str, int], ...]:
        return self._specials

    def id_to_token(self, token_id: int) -> str:
        return self.model.token(token_id)

    def token_to_id(self, token: str) -> int:
        found = self.model.ids.get(token)
        if found is None:
            raise TokenizerError(f"{excerpt(token)} is not in the vocabulary")
        return found

    def token_bytes(self, token_id: int) -> bytes | None:
        """The bytes a token stands for where the kind is byte-based, else None."""
        return None

    def ids(self) -> list[int]:
        return sorted(self.model.ids.values())

    def shown(self, token_id: int) -> tuple[str, bytes]:
        token = self.id_to_token(token_id)
        return self._shown(token, token_id, SPECIAL if token_id in self._special_ids else "")

    def surface(self, token: str, token_id: int) -> str:
        """The text a stored token stands for (markers removed)."""
        return token

    def decoded(self, token: str, token_id: int) -> str:
        """What the token adds to decoded text, where that differs from the
        characters it spells (char BPE's ``er</w>`` ends a word: "er ")."""
        return self.surface(token, token_id)

    def readable(self, token: str, token_id: int) -> str:
        return visible(token)

    def _model_decode(self, ids: list[int]) -> str:
        return self.model.decode(ids)

    # ==== encoding ====

    def encode(self, text: str, *, add_special_tokens: bool = False) -> Encoding:
        encoding = self._encode(text)
        return post.add_specials(encoding, post.post_processor_of(self.model), text) if add_special_tokens \
            else encoding

    def _encode(self, text: str) -> Encoding:
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        with gc_paused():
            return self._table_encoding(text)

    def encode_from_ids(self, text: str, ids, *, add_special_tokens: bool = False) -> Encoding | None:
        """:meth:`encode`'s Encoding of ``text`` whose model IDs are ``ids``
        (a native engine's, checked exact for this asset), laid over the
        text without the model's own search; None where the kind cannot
        lay them (:attr:`lays_ids`, :meth:`_laid_table`), and the caller
        encodes.  ``ids``: a list, or a function that waits for it (the
        engine encoding on a thread while the text is prepared: see
        :func:`ids_of`)."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        return self._encoding_of_table(text, self._laid_table(text, ids), add_special_tokens)

    def offset_parts(self, text: str) -> list[tuple[int, str]]:
        """``(offset, part)`` tiling ``text``, parts a native engine may
        encode apart for :meth:`encode_from_offsets` (no token or word
        spans two); the whole text, unless the kind says where it may cut."""
        return [(0, text)]

    def encode_from_offsets(self, text: str, parts: list, found: list, *,
                            add_special_tokens: bool = False) -> Encoding | None:
        """:meth:`encode`'s Encoding of ``text`` from a native engine's
        encoding of its :meth:`offset_parts`: ``found`` holds each part's
        IDs, each token's character span in the part and its pre-token
        (HF's ``ids``, ``offsets`` and ``word_ids``; the engine checked
        exact for this asset), taken without the model's own search; None
        where the kind cannot take them (:attr:`lays_offsets`,
        :meth:`_offset_table`), and the caller encodes."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        table = self._offset_table(text, [offset for offset, _ in parts], found)
        return self._encoding_of_table(text, table, add_special_tokens)

    def _encoding_of_table(self, text: str, table, add_special_tokens: bool) -> Encoding | None:
        """The Encoding of a table a native engine's output gave, None for no table."""
        if table is None:
            return None
        with gc_paused():
            encoding = self._encoding_of(text, table)
        return post.add_specials(encoding, post.post_processor_of(self.model), text) if add_special_tokens \
            else encoding

    def _offset_table(self, text: str, offsets: list[int], found: list):
        """The columns of :meth:`_table` from a native engine's parts
        (``offsets``: where each starts in ``text``), or None (a kind that
        can says how)."""
        return None

    def _laid_table(self, text: str, ids):
        """The columns of :meth:`_table` for ``ids`` (:func:`ids_of`) laid
        over ``text``, or None (a kind that can says how)."""
        return None

    def _table_encoding(self, text: str) -> Encoding:
        return self._encoding_of(text, self._table(text))

    def _encoding_of(self, text: str, table: tuple) -> Encoding:
        if isinstance(table[5], np.ndarray):
            if not table[5].size or table[5].min() >= 0:
                return self._array_encoding(text, table)
            table = tuple(column.tolist() for column in table)  # an ID below 0: the lists' way
        tokens, char_starts, char_ends, byte_starts, byte_ends, ids, flags, words = table
        tokens, ids, flags, words = tuple(tokens), tuple(ids), tuple(flags), tuple(words)
        if not self._special_ids.isdisjoint(ids):
            flags = tuple(SPECIAL if i in self._special_ids else f for i, f in zip(ids, flags))
            words = tuple(-1 if f == SPECIAL else w for w, f in zip(words, flags))
        texts, pieces = self._texts_and_pieces(ids, tokens, flags)
        if UNKNOWN in flags:
            # The unknown token stands for what it swallowed (see Encoding).
            data, readable = text.encode("utf-8", "surrogatepass"), {}
            for k in where(listed(map(UNKNOWN.__eq__, flags))):
                if ids[k] not in readable:
                    readable[ids[k]] = self.readable(tokens[k], ids[k])
                texts[k] = readable[ids[k]]
                pieces[k] = data[byte_starts[k]:byte_ends[k]]
        return Encoding(ids, tokens, tuple(texts), tuple(pieces), tupled(zip(byte_starts, byte_ends)),
                        tupled(zip(char_starts, char_ends)), words, flags)

    def _array_encoding(self, text: str, table: tuple) -> Encoding:
        """:meth:`_encoding_of` over numpy columns (core.tokenizer.spm_path:
        tokens and flags object arrays, the rest int64), to the same values:
        each distinct ID shown once, as its last use's flag says, and each
        column read off that with one array operation."""
        tokens, char_starts, char_ends, byte_starts, byte_ends, ids, flags, words = table
        if self._special_ids and ids.size:
            special = np.isin(ids, np.fromiter(self._special_ids, np.int64, len(self._special_ids)))
            if special.any():
                flags = np.where(special, SPECIAL, flags).astype(object)
                words = np.where(special, -1, words)
        texts, pieces = np.empty(0, object), np.empty(0, object)
        if ids.size:
            last = np.full(int(ids.max()) + 1, -1, np.int64)
            np.maximum.at(last, ids, np.arange(ids.size, dtype=np.int64))  # each ID's last position
            distinct = np.flatnonzero(last >= 0)
            last = last[distinct]
            texts_of, bytes_of = np.empty(distinct[-1] + 1, object), np.empty(distinct[-1] + 1, object)
            for token_id, flag, k in zip(distinct.tolist(), flags[last].tolist(), last.tolist()):
                texts_of[token_id], bytes_of[token_id] = self._shown_once(tokens[k], token_id, flag)
            texts, pieces = texts_of[ids], bytes_of[ids]
        unknown = np.flatnonzero(flags == UNKNOWN)
        if unknown.size:
            # The unknown token stands for what it swallowed (see Encoding).
            data, readable = text.encode("utf-8", "surrogatepass"), {}
            unknown_ids = ids[unknown].tolist()
            for token_id, k in zip(unknown_ids, unknown.tolist()):
                if token_id not in readable:
                    readable[token_id] = self.readable(tokens[k], token_id)
            texts[unknown] = list(map(readable.__getitem__, unknown_ids))
            pieces[unknown] = [data[a:b] for a, b in zip(byte_starts[unknown].tolist(), byte_ends[unknown].tolist())]
        return Encoding(tuple(ids.tolist()), tuple(tokens.tolist()), tuple(texts.tolist()), tuple(pieces.tolist()),
                        Spans(byte_starts, byte_ends), Spans(char_starts, char_ends), tuple(words.tolist()),
                        tuple(flags.tolist()))

    def _texts_and_pieces(self, ids, tokens, flags) -> tuple[list, list]:
        # Each distinct token shown once (by the position of its last use).
        texts_of, bytes_of = {}, {}
        for token_id, k in indexed(ids).items():
            texts_of[token_id], bytes_of[token_id] = self._shown_once(tokens[k], token_id, flags[k])
        return listed(map(texts_of.__getitem__, ids)), listed(map(bytes_of.__getitem__, ids))

    def _shown_once(self, token: str, token_id: int, flag: str) -> tuple[str, bytes]:
        """:meth:`_shown`, remembered: how a token shows depends on its ID
        and flag alone.  An unknown token's text and bytes are what it
        swallowed, filled in by the caller (here nothing)."""
        if flag == UNKNOWN:
            return "", b""
        key = (token_id, flag)
        found = self._shown_memo.get(key)
        if found is None:
            found = self._shown(token, token_id, flag)
            if len(self._shown_memo) < SHOWN_LIMIT:
                self._shown_memo[key] = found
        return found

    def _table(self, text: str) -> tuple:
        """The model stage as columns (:func:`core.tokenizer.stage_kinds.model_table`);
        a kind may work them out faster, to exactly the same values."""
        return stage_kinds.model_table(self.model, self.kind, text, memo=self._walks)

    def _shown(self, token: str, token_id: int, flag: str) -> tuple[str, bytes]:
        if flag == SPECIAL:
            return token, b""
        data = self.token_bytes(token_id)
        if data is not None:
            return (token if flag == BYTE else render_piece(data)), data
        return self.readable(token, token_id), self.surface(token, token_id).encode("utf-8", "surrogatepass")

    def encode_ids(self, text: str, *, add_special_tokens: bool = False) -> list[int]:
        ids = self._encode_ids(text)
        return post.add_special_ids(ids, post.post_processor_of(self.model)) if add_special_tokens else ids

    def _encode_ids(self, text: str) -> list[int]:
        return list(self.model.encode(text).ids)

    # ==== decoding ====

    def decode(self, ids, *, errors: str = "strict") -> DecodeResult:
        if errors not in utf8.POLICIES:
            raise TokenizerError(f"unknown decode policy {errors!r}: choose one of {', '.join(utf8.POLICIES)}")
        kept, positions, specials, unknown = [], [], [], []
        for index, token_id in enumerate(ids):
            if isinstance(token_id, bool) or not isinstance(token_id, int):
                raise TokenizerError(f"item {index} is {token_id!r}, not an integer token id")
            if token_id in self._special_ids:
                specials.append((index, token_id))
            elif self._known(token_id):
                kept.append(token_id)
                positions.append(index)
            else:
                unknown.append((index, token_id))
        if unknown and errors == "strict":
            index, token_id = unknown[0]
            raise TokenizerError(f"id {token_id} at index {index} is not in the vocabulary; "
                                 "decode with errors='raw' or 'replace' to skip it")
        with tp.keeping_bytes():
            joined = self._model_decode(kept)
        data = tp.escaped_bytes(joined)
        problems = utf8.scan(data)
        located = self._locate(kept, positions, data, problems) if problems else ()
        if problems and errors == "strict":
            raise Utf8DecodeError(data, problems, token=located[0])
        text = None if errors == "raw" else data.decode("utf-8", "replace")
        return DecodeResult(text, data, problems, errors, errors == "replace" and bool(problems),
                            tuple(specials), tuple(unknown), located)

    def _locate(self, kept, positions, data: bytes, problems) -> tuple:
        """``(position, id)`` of the token holding each problem's first byte.

        Known when the tokens' own bytes (``pieces``) join to the decoded
        data, or to it after the decoder dropped some leading bytes (the
        dummy-prefix space); else None: the decoder printed something the
        tokens do not spell (`` ⁇ `` for the unknown piece, joining spaces).
        """
        own = [self._shown(self.id_to_token(i), i, "")[1] for i in kept]
        shift = sum(map(len, own)) - len(data)
        if shift < 0 or not b"".join(own).endswith(data):
            return (None,) * len(problems)
        ends = list(accumulate(map(len, own)))
        out = []
        for problem in problems:
            k = bisect_right(ends, problem.offset + shift)
            out.append((positions[k], kept[k]) if k < len(kept) else None)
        return tuple(out)

    def _known(self, token_id: int) -> bool:
        try:
            self.id_to_token(token_id)
        except TokenizerError:
            return False
        return True
