"""The whole :class:`~core.tokenizer.base.Encoding` from a native engine's
IDs, field by field the reference's, where that needs no model: a
byte-level BPE without a normalizer (tiktoken's kind), whose tokens tile
the input's bytes.

The spans are running sums of the tokens' byte sizes; the characters come
from the bytes (a token that starts or ends inside a character is
``partial``); a special is word -1 and, as in the reference
(:meth:`core.tokenizer.imported_bpe.ImportedBPE.byte_level_table`), counts as a
pre-token; between specials each pre-token of the asset's own
pre-tokenizer is a word.  So choosing a large vocabulary in a window
shows its tokens without building its merge tables
(tests/core/test_engines.py compares every field with the reference).
"""

from __future__ import annotations

import numpy as np

from core.pipeline import fast_split, text_pipeline as tp
from core.render import render_piece
from core.slices import tupled
from core.tokenizer.base import PARTIAL, PLAIN, SPECIAL, Encoding, Spans


class ByteLevelTable:
    """What a byte-level Encoding needs of a vocabulary: each token's bytes
    (``token_bytes``), the specials' names and the pre-tokenizer.  A token's
    stored form, shown text, bytes and size are kept in arrays by ID, filled
    for the IDs an encoding uses, so a megabyte's half a million tokens are
    looked up by numpy, not one by one."""

    def __init__(self, token_bytes, specials: dict[int, str], pre_tokenizer: dict):
        self._bytes_of = token_bytes
        self._specials = specials
        self._special_ids = np.array(sorted(specials), dtype=np.int64)
        # The reference's own split (the pre-tokens as text, before the byte mapping).
        self._split, _ = fast_split.plan(pre_tokenizer, tp.build_pre_tokenizer(pre_tokenizer))
        self._known = np.zeros(0, dtype=bool)
        self._tokens = self._texts = self._pieces = np.zeros(0, dtype=object)
        self._sizes = np.zeros(0, dtype=np.int64)

    def shown(self, token_id: int) -> tuple[str, str, bytes]:
        """``(stored token, what a reader sees, bytes)`` of a token (a special: its name, twice, no bytes)."""
        self._fill(np.array([token_id], dtype=np.int64))
        return self._tokens[token_id], self._texts[token_id], self._pieces[token_id]

    def _fill(self, ids) -> None:
        """Look up every ID of ``ids`` not looked up before."""
        if not len(ids):
            return
        top = int(ids.max()) + 1
        if top > len(self._known):
            grow = top - len(self._known)
            self._known = np.concatenate([self._known, np.zeros(grow, dtype=bool)])
            self._tokens, self._texts, self._pieces = (np.concatenate([column, np.zeros(grow, dtype=object)])
                                                       for column in (self._tokens, self._texts, self._pieces))
            self._sizes = np.concatenate([self._sizes, np.zeros(grow, dtype=np.int64)])
        for token_id in np.unique(ids[~self._known[ids]]).tolist():
            name = self._specials.get(token_id)
            if name is not None:
                entry, size = (name, name, b""), len(name.encode("utf-8"))
            else:
                data = self._bytes_of(token_id)
                entry, size = ("".join(map(tp.BYTE_CHARS.__getitem__, data)), render_piece(data), data), len(data)
            self._tokens[token_id], self._texts[token_id], self._pieces[token_id] = entry
            self._sizes[token_id] = size
            self._known[token_id] = True

    def words(self, text: str, special, begins, total: int, byte_of_char=None, whole=None) -> np.ndarray:
        """The pre-token of each token: between specials, the pre-tokens of
        the stretch; a special counts as one (its word is -1).  ``special``
        marks the specials and ``begins`` gives each token's first byte (arrays),
        ``total`` the bytes they cover; ``byte_of_char``: each character's first
        byte (and the end), None for ASCII text; ``whole``: the pre-tokens of
        all of ``text``, if split already."""
        count = len(special)
        words = np.empty(count, dtype=np.int64)
        number, k = 0, 0
        for stop in np.flatnonzero(special).tolist() + [count]:
            if stop > k:  # the stretch of ordinary tokens k..stop
                at = int(begins[k])
                end = int(begins[stop]) if stop < count else total
                if byte_of_char is None:
                    first_char, stretch = at, text[at:end]
                else:
                    first_char = int(np.searchsorted(byte_of_char, at))
                    stretch = text[first_char:int(np.searchsorted(byte_of_char, end))]
                whole_text = whole is not None and len(stretch) == len(text)  # no special cuts the text
                pieces = whole if whole_text else self._split(stretch, at == 0)
                char_ends = np.cumsum(np.fromiter(map(len, pieces), dtype=np.int64, count=len(pieces)))
                ends = (char_ends + first_char if byte_of_char is None else byte_of_char[char_ends + first_char]) - at
                words[k:stop] = number + np.searchsorted(ends[:-1], begins[k:stop] - at, side="right")
                number += len(ends)
            if stop < count:
                words[stop] = -1
                number += 1
            k = stop + 1
        return words

    def encoding(self, text: str, ids) -> Encoding:
        """The whole Encoding of ``text`` whose IDs are ``ids``: a list, or a
        function that waits for them (core.engines.served.later), the
        text's pre-tokens split meanwhile (used where no special cuts it)."""
        whole = None
        if callable(ids):
            whole = self._split(text, True)
            ids = ids()
        found = np.fromiter(ids, dtype=np.int64, count=len(ids))
        self._fill(found)
        sizes = self._sizes[found]
        ends = np.cumsum(sizes)
        begins = ends - sizes
        data = text.encode("utf-8")
        flags = [PLAIN] * len(ids)
        byte_spans = Spans(begins, ends)
        if len(data) == len(text):
            char_spans, byte_of_char = byte_spans, None
        else:
            follows = (np.frombuffer(data, dtype=np.uint8) & 0xC0) == 0x80  # a continuation byte
            follows = np.append(follows, False)
            starts = np.concatenate([[0], np.cumsum(~follows[:-1])])  # characters begun before each byte
            char_spans = Spans(starts[begins] - follows[begins], starts[ends])
            for k in np.flatnonzero(follows[begins] | follows[ends]).tolist():
                flags[k] = PARTIAL
            byte_of_char = np.append(np.flatnonzero(~follows[:-1]), len(data))
        special = np.isin(found, self._special_ids)
        words = self.words(text, special, begins, int(ends[-1]) if len(ends) else 0, byte_of_char, whole)
        for k in np.flatnonzero(special).tolist():
            flags[k] = SPECIAL
        return Encoding(tupled(ids), tupled(self._tokens[found].tolist()), tupled(self._texts[found].tolist()),
                        tupled(self._pieces[found].tolist()), byte_spans, char_spans, tupled(words.tolist()),
                        tuple(flags))
