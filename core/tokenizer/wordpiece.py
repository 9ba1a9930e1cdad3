"""WordPiece (BERT's longest match, ``##`` continuations, whole-word
``[UNK]``) behind the one interface.  Tokens read as stored (``##ing``):
the prefix is how a BERT user reads a continuation."""

from __future__ import annotations

import re
from itertools import chain, repeat

from core.tokenizer.staged import StagedTokenizer

_WORDS = re.compile(r"\S+")  # str.split(), as the whitespace stage
WORD_LIMIT = 1 << 16  # distinct words remembered


class WordPieceTokenizer(StagedTokenizer):
    kind = "wordpiece"

    def __init__(self, model):
        # added tokens ([CLS] ...) are specials: matched in text, skipped by decode;
        # [UNK] stays the unknown token (what an unknown word becomes)
        super().__init__(model, tuple((t, model.ids[t]) for t in model.added if t != model.unk))
        self._words: dict = {}  # stage-one word -> its columns (_word_columns)
        self._layouts: dict = {}

    def surface(self, token: str, token_id: int) -> str:
        prefix = self.model.prefix
        return token[len(prefix):] if token.startswith(prefix) and token != prefix else token

    def _model_decode(self, ids: list[int]) -> str:
        return self.model.decode(ids)

    def _table(self, text: str) -> tuple:
        """The columns :mod:`core.inspect.stage_kinds` gives, worked out once
        per distinct word: the clean-text and CJK stages map one character
        at a time, so each word's characters keep their own original bytes,
        and the later stages (run by the same aligned code, on the word
        alone) only say which of its characters each token came from."""
        from core.inspect.stages import Builder
        from core.inspect.token_walk import Columns

        model = self.model
        builder = Builder(text)
        offsets = builder.origin.offsets
        columns = Columns(builder.origin)
        names, ids, starts, ends, kinds, words = [], [], [], [], [], []
        number = 0
        for start, part, added in model.cut_added(text):
            if added is not None:
                columns.names, columns.ids, columns.starts, columns.ends, columns.kinds, columns.words = \
                    names, ids, starts, ends, kinds, words
                columns.add(added.content, (offsets[start], offsets[start + len(part)]), added.id, "special", -1)
                number += 1
                continue
            flat, sources = _stage_one(model.basic, part)
            for match in _WORDS.finditer(flat):
                p = match.start()
                found = self._words.get(match.group())
                if found is None:
                    found = self._word_columns(match.group())
                word_names, word_ids, word_kinds, firsts, lasts, ordinals, count = found
                names += word_names
                ids += word_ids
                kinds += word_kinds
                if sources is None:
                    starts += [offsets[start + p + a] for a in firsts]
                    ends += [offsets[start + p + b] for b in lasts]
                else:
                    starts += [offsets[start + sources[p + a]] for a in firsts]
                    ends += [offsets[start + sources[p + b - 1] + 1] for b in lasts]
                words += [number + k for k in ordinals]
                number += count
        columns.names, columns.ids, columns.starts, columns.ends, columns.kinds, columns.words = \
            names, ids, starts, ends, kinds, words
        return columns.table()

    def _word_columns(self, word: str):
        """One stage-one word's tokens: names, IDs, kinds, first and (past
        the) last character in the word, which of its final words each
        comes from, and how many final words it makes."""
        from core.inspect import aligned_specs as specs
        from core.inspect.aligned import Aligned
        from core.inspect.stage_kinds import _wordpiece_layout

        basic = self.model.basic
        if basic is None:
            subwords = [Aligned(word, list(range(len(word))), list(range(1, len(word) + 1)), 0)]
        elif word.isascii() and word.isalnum():
            # Letters and digits of ASCII: lower casing maps one to one,
            # there are no accents or punctuation, so one word, unmoved.
            text = word.lower() if basic.lowercase else word
            subwords = [Aligned(text, list(range(len(word))), list(range(1, len(word) + 1)), 0)]
        else:
            here = Aligned(word, list(range(len(word))), list(range(1, len(word) + 1)), 0)
            subwords = specs.bert_words(basic, here)[-1][1]
        names, ids, kinds, firsts, lasts, ordinals = [], [], [], [], [], []
        for k, sub in enumerate(subwords):
            layout = self._layouts.get(sub.text)
            if layout is None:
                layout = _wordpiece_layout(self.model, sub.text)
                if len(self._layouts) < WORD_LIMIT:
                    self._layouts[sub.text] = layout
            names += layout.names
            ids += layout.ids
            kinds += layout.kinds
            firsts += [sub.starts[i] for i in layout.firsts]
            lasts += [sub.ends[i] for i in layout.lasts]
            ordinals += [k] * len(layout.ids)
        found = (names, ids, kinds, firsts, lasts, ordinals, len(subwords))
        if len(self._words) < WORD_LIMIT:
            self._words[word] = found
        return found

    def _encode_ids(self, text: str) -> list[int]:
        return self.model.encode_ids(text)


def _stage_one(basic, text: str):
    """BERT's clean-text and CJK stages over ``text``: the output, and for
    each output character the index of the input character it came from
    (both stages map one character at a time)."""
    if basic is None:
        return text, None
    table = basic._table("first", text, basic._first)
    out = text.translate(table)
    if len(out) == len(text) and all(len(v) == 1 for k, v in table.items() if chr(k) in text):
        return out, None  # one character for one: indices unchanged
    lengths = {ord(c): chr(len(table.get(ord(c), c))) for c in set(text)}
    sizes = text.translate(lengths).encode("latin-1")
    return out, list(chain.from_iterable(map(repeat, range(len(text)), sizes)))
