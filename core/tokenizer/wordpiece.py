"""WordPiece (BERT's longest match, ``##`` continuations, whole-word
``[UNK]``) behind the one interface.  Tokens read as stored (``##ing``):
the prefix is how a BERT user reads a continuation."""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cached_property
from itertools import accumulate, chain, repeat
from operator import add

import numpy as np

from core.arrays import utf8_starts
from core.pipeline.aligned import Aligned, utf8_offsets
from core.tokenizer.stage_kinds import wordpiece_layout
from core.tokenizer.token_walk import Columns, Layout
from core.slices import listed, release
from core.tokenizer.staged import StagedTokenizer

_WORDS = re.compile(r"\S+")  # str.split(), as the whitespace stage
WORD_LIMIT = 1 << 16  # distinct words remembered


class WordPieceTokenizer(StagedTokenizer):
    kind = "wordpiece"
    lays_offsets = True  # HF's offsets and word_ids are the columns (tests/core/test_offset_encodings.py)

    def __init__(self, model):
        # added tokens ([CLS] ...) are specials: matched in text, skipped by decode;
        # [UNK] stays the unknown token (what an unknown word becomes)
        super().__init__(model, tuple((t, model.ids[t]) for t in model.added if t != model.unk))
        self._words: dict = {}  # stage-one word -> its columns (_word_columns)
        self._layouts: dict = {}
        self._ordinary = None  # ordinary(): built when first asked for

    def ordinary(self):
        """The model without its added tokens: [CLS] in the text is read as
        the characters it spells (HF's ``split_special_tokens``), built once."""
        if not self.model.added:
            return self
        if self._ordinary is None:
            self._ordinary = WordPieceTokenizer(replace(self.model, added=()))
        return self._ordinary

    def surface(self, token: str, token_id: int) -> str:
        prefix = self.model.prefix
        return token[len(prefix):] if token.startswith(prefix) and token != prefix else token

    def _model_decode(self, ids: list[int]) -> str:
        return self.model.decode(ids)

    def _table(self, text: str) -> tuple:
        """The columns :mod:`core.tokenizer.stage_kinds` gives, worked out once
        per distinct word: the clean-text and CJK stages map one character
        at a time, so each word's characters keep their own original bytes,
        and the later stages (run by the same aligned code, on the word
        alone) only say which of its characters each token came from."""

        # Every token spells whole characters (the unknown token: a whole
        # word), so the columns are kept in characters and the bytes read
        # off once at the end; no token is partial or inserted, which is
        # what Columns.table would work out from the bytes.
        model = self.model
        columns = Columns(None)
        number = 0
        for start, part, added in model.cut_added(text):
            if added is not None:
                columns.add(added.content, (start, start + len(part)), added.id, "special", -1)
                number += 1
                continue
            for at, stretch in _stretches(part):
                number = self._place(columns, start + at, stretch, number)
        starts, ends = columns.starts, columns.ends
        if text.isascii():
            return columns.names, starts, ends, starts, ends, columns.ids, columns.kinds, columns.words
        offsets = utf8_offsets(text)
        byte_starts, byte_ends = listed(map(offsets.__getitem__, starts)), listed(map(offsets.__getitem__, ends))
        release(offsets)
        return columns.names, starts, ends, byte_starts, byte_ends, columns.ids, columns.kinds, columns.words

    def offset_parts(self, text: str) -> list[tuple[int, str]]:
        """Stretches cut after a space or line end (:func:`_stretches`): no
        word spans one, nor an added token unless it holds whitespace."""
        if len(text) <= STRETCH or any(_SPACE.search(token) for token in self.model.added):
            return [(0, text)]
        return list(_stretches(text))

    def _offset_table(self, text: str, offsets: list[int], found: list):
        """The columns of :meth:`_table` from HF's own encoding of each
        part: each token spans whole original characters (HF's offsets, as
        ours are), so its bytes are their UTF-8 offsets; an added token
        matched in the text (it spells exactly its text there) is special,
        word -1; the unknown token elsewhere stands for a whole word; a
        word starts wherever HF's word changes or a part starts, and an
        added token counts as one.  Each column one numpy operation."""
        ids = list(chain.from_iterable(part[0] for part in found))
        count = len(ids)
        sizes = [len(part[0]) for part in found]
        spans = np.concatenate([np.zeros((0, 2), np.int64)] + [
            np.fromiter(chain.from_iterable(part[1]), np.int64, 2 * size).reshape(size, 2) + offset
            for offset, part, size in zip(offsets, found, sizes)])
        token_ids = np.fromiter(ids, np.int64, count)
        if count and (token_ids.min() < 0 or token_ids.max() >= len(self._vocab_names)):
            return None
        starts, ends = spans[:, 0], spans[:, 1]
        names = self._vocab_names[token_ids]
        special = np.isin(token_ids, self._added_ids)
        for k in np.flatnonzero(special).tolist():
            special[k] = text[starts[k]:ends[k]] == names[k]
        kinds = np.full(count, "", dtype=object)
        kinds[(token_ids == self.model.ids[self.model.unk]) & ~special] = "unknown"
        kinds[special] = "special"
        # HF's word of each token; None (no word) is nan, never equal: a word of its own.
        hf_words = np.array(list(chain.from_iterable(part[2] for part in found)), dtype=float)
        first = np.ones(count, bool)
        first[1:] = (hf_words[1:] != hf_words[:-1]) | special[1:] | special[:-1]
        first[np.cumsum(sizes)[:-1][np.cumsum(sizes)[:-1] < count]] = True  # a part starts a word (cut after a space)
        numbers = np.cumsum(first) - 1
        numbers[special] = -1
        if text.isascii():
            byte_starts, byte_ends = starts, ends
        else:
            at = utf8_starts(text)
            byte_starts, byte_ends = at[starts], at[ends]
        # Numpy columns: the Encoding is read off them by array operations (StagedTokenizer._array_encoding).
        return names, starts, ends, byte_starts, byte_ends, token_ids, kinds, numbers

    @cached_property
    def _vocab_names(self) -> np.ndarray:
        return np.array(self.model.vocab, dtype=object)

    @cached_property
    def _added_ids(self) -> np.ndarray:
        return np.array([self.model.ids[t] for t in self.model.added], np.int64)

    def _place(self, columns, base: int, stretch: str, number: int) -> int:
        """The tokens of one stretch, which starts at character ``base`` of
        the input: per word a lookup, then every column in one pass over
        all the words' tokens.  Returns the next word number."""
        flat, sources = _stage_one(self.model.basic, stretch)
        matches = list(_WORDS.finditer(flat))
        places, texts = list(map(re.Match.start, matches)), list(map(re.Match.group, matches))
        known = self._words.get
        founds = list(map(known, texts))
        for k in [k for k, found in enumerate(founds) if found is None]:
            founds[k] = known(texts[k]) or self._word_columns(texts[k])
        counts = [len(found[1]) for found in founds]
        columns.names += chain.from_iterable(found[0] for found in founds)
        columns.ids += chain.from_iterable(found[1] for found in founds)
        columns.kinds += chain.from_iterable(found[2] for found in founds)
        firsts = map(add, chain.from_iterable(map(repeat, places, counts)), chain.from_iterable(f[3] for f in founds))
        lasts = map(add, chain.from_iterable(map(repeat, places, counts)), chain.from_iterable(f[4] for f in founds))
        if sources is None:
            columns.starts += map(base.__add__, firsts)
            columns.ends += map(base.__add__, lasts)
        else:  # a stage-one character sits where its source character was
            columns.starts += map(base.__add__, map(sources.__getitem__, firsts))
            columns.ends += map((base + 1).__add__, map(sources.__getitem__, map((-1).__add__, lasts)))
        firsts_of_words = accumulate((found[6] for found in founds), initial=number)
        columns.words += map(add, chain.from_iterable(map(repeat, firsts_of_words, counts)),
                             chain.from_iterable(found[5] for found in founds))
        return number + sum(found[6] for found in founds)

    def _word_columns(self, word: str):
        """One stage-one word's tokens: names, IDs, kinds, first and (past
        the) last character in the word, which of its final words each
        comes from, and how many final words it makes."""

        basic = self.model.basic
        if basic is not None and not word.isascii():
            subwords = _one_to_one_words(basic, word)
            if subwords is None:
                here = Aligned(word, list(range(len(word))), list(range(1, len(word) + 1)), 0)
                subwords = [(sub.text, sub.starts, sub.ends) for sub in basic.aligned_words(here)[-1][1]]
        else:
            # ASCII: lower casing maps one to one, there are no accents,
            # and every punctuation character is ASCII's (bert_basic.is_punctuation):
            # each part keeps its characters' places.
            text = word if basic is None or not basic.lowercase else word.lower()
            spans = [m.span() for m in _ASCII_PARTS.finditer(text)] if basic is not None and \
                basic.split_punctuation else [(0, len(text))]
            subwords = [(text[a:b], a, a + 1) for a, b in spans]
        names, ids, kinds, firsts, lasts, ordinals = [], [], [], [], [], []
        for k, (sub, starts, ends) in enumerate(subwords):
            layout = self._layouts.get(sub)
            if layout is None:
                layout = _matched_layout(self.model, sub) or wordpiece_layout(self.model, sub)
                if len(self._layouts) < WORD_LIMIT:
                    self._layouts[sub] = layout
            names += layout.names
            ids += layout.ids
            kinds += layout.kinds
            if isinstance(starts, int):  # characters from ``starts`` on, in order
                firsts += map(starts.__add__, layout.firsts)
                lasts += map(ends.__add__, layout.lasts)
            else:
                firsts += map(starts.__getitem__, layout.firsts)
                lasts += map(ends.__getitem__, layout.lasts)
            ordinals += repeat(k, len(layout.ids))
        found = (names, ids, kinds, firsts, lasts, ordinals, len(subwords))
        if len(self._words) < WORD_LIMIT:
            self._words[word] = found
        return found

    def _encode_ids(self, text: str) -> list[int]:
        return self.model.encode_ids(text)


def _matched_layout(model, word: str):
    """The layout of a word the fast matcher (``WordPiece.word_ids``) cut
    into pieces that spell it, from their lengths; None where it became
    the unknown token (stage_kinds.wordpiece_layout traces that)."""

    ids = model.word_ids(word)
    if ids == (model.ids[model.unk],) and not (word == model.unk and len(word) <= model.max_input_chars_per_word):
        return None
    names = tuple(map(model.vocab.__getitem__, ids))
    cut = len(model.prefix)
    sizes = [len(names[0]), *(len(name) - cut for name in names[1:])]
    if names[0] + "".join(name[cut:] for name in names[1:]) != word or min(sizes) < 1:
        return None
    ends = tuple(accumulate(sizes))
    return Layout(names, ids, (), ("",) * len(ids), (0, *ends[:-1]), tuple(e - 1 for e in ends), True, False)


def _one_to_one_words(basic, word: str):
    """The word stages of :meth:`core.pipeline.bert_basic.BasicTokenizer.aligned_words` as
    ``(text, first character, first character + 1)`` per final word, where
    lower casing and accent stripping each map every character to exactly
    one (as a whole and one by one: then ``map_local`` keeps each place),
    else None."""

    text = word
    for on, function in ((basic.lowercase, basic.lower), (basic.strips_accents, basic.strip)):
        if on:
            out = function(text)
            if out != text:
                each = list(map(function, text))
                if len(out) != len(text) or "".join(each) != out or any(len(c) != 1 for c in each):
                    return None
                text = out
    if basic.split_punctuation:
        marks = [i for i, ch in enumerate(text) if basic.is_punctuation(ch)]
        cuts = sorted({0, len(text), *marks, *(i + 1 for i in marks)})
        spans = list(zip(cuts, cuts[1:]))
    else:
        spans = [(0, len(text))]
    parts = [(text[a:b], a, a + 1) for a, b in spans]
    return parts if all(_WORDS.fullmatch(part) for part, _, _ in parts) else None


# One ASCII punctuation character, or a run of anything else (bert_basic.split_punctuation).
_ASCII_PARTS = re.compile(r"[!-/:-@\[-`{-~]|[^!-/:-@\[-`{-~]+")


def _stretches(text: str):
    """``(offset, stretch)`` of about :data:`STRETCH` characters each, cut
    after a space or line end (which stays whitespace through stage one, so
    no word spans a cut): a str.translate or regex call over a megabyte
    holds the GIL too long for the window."""
    at = 0
    while at < len(text):
        found = _SPACE.search(text, at + STRETCH) if at + STRETCH < len(text) else None
        end = len(text) if found is None else found.end()
        yield at, text[at:end]
        at = end


STRETCH = 1 << 16
_SPACE = re.compile("[ \n]")


def _stage_one(basic, text: str):
    """BERT's clean-text and CJK stages over ``text``: the output, and for
    each output character the index of the input character it came from
    (both stages map one character at a time)."""
    if basic is None:
        return text, None
    table = basic._table("first", text, basic._first)
    out = text.translate(table)
    chars = set(text)
    if len(out) == len(text) and all(len(table.get(ord(c), c)) == 1 for c in chars):
        return out, None  # one character for one: indices unchanged
    lengths = {ord(c): chr(len(table.get(ord(c), c))) for c in chars}
    sizes = text.translate(lengths).encode("latin-1")
    return out, list(chain.from_iterable(map(repeat, range(len(text)), sizes)))
