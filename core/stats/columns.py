"""The map step of corpus statistics over a whole block of records at
once, in numpy, for a tokenizer whose native engine says where its tokens
start (:class:`core.engines.starts.TokenStarts`).

Its figures are :func:`core.stats.mapper.record_sums`'s
(tests/core/test_stats_engines.py holds them equal for every shelf tokenizer).

Details: docs/notes/edit-and-stats.md#corestatscolumnspy.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from core.arrays import code_points, utf8_starts
from core.engines.starts import CHARS
from core.scripts import NAMES, NEUTRAL, script_of

SCRIPTS = (*NAMES, "Other")  # what script_of answers, by index
COMMON = SCRIPTS.index("Common")
_NEUTRAL = np.isin(np.arange(256), [SCRIPTS.index(name) for name in NEUTRAL])
_UNSEEN = 255


class _Table:
    """What the block needs of each character, worked out the first time
    a code point is met: its script (an index in SCRIPTS), whether it is
    outside every match of the mapper's word pattern (a space), and
    whether ``str.split`` disagrees about that."""

    def __init__(self, word):
        self._word = word
        self._script = np.full(0x110000, _UNSEEN, np.uint8)
        self._space = np.zeros(0x110000, bool)
        self._split_differs = np.zeros(0x110000, bool)

    def of(self, points: np.ndarray) -> tuple[np.ndarray, np.ndarray, bool]:
        """``(scripts, spaces, does str.split disagree on any)`` of the code points."""
        scripts = self._script[points]
        new = np.unique(points[scripts == _UNSEEN]).tolist()
        if new:
            chars = list(map(chr, new))
            space = [self._word.fullmatch(ch) is None for ch in chars]
            self._space[new] = space
            self._split_differs[new] = list(map(bool.__ne__, map(str.isspace, chars), space))
            # The script last: a thread that sees it (Dask runs tasks in threads) sees the rest.
            self._script[new] = [SCRIPTS.index(script_of(ch)) for ch in chars]
            scripts = self._script[points]
        return scripts, self._space[points], bool(self._split_differs[points].any())


@cache
def _table(word) -> _Table:
    return _Table(word)


class Block:
    """A block's records joined, their words, and each word's script, characters and bytes."""

    def __init__(self, records: list[str], word):
        self.records = records
        self.text = text = "\n".join(records)
        points = code_points(text)
        count = len(records)
        lengths = np.fromiter(map(len, records), np.int64, count) + 1
        self.record_chars = np.cumsum(lengths) - lengths  # where each record starts in the text
        # The UTF-8 offset of each character, and the text's size (a surrogate: 3 bytes, as surrogatepass).
        self.char_bytes = np.arange(len(text) + 1) if text.isascii() else utf8_starts(text)
        scripts, space, self._split_differs = _table(word).of(points)
        edges = np.diff(np.concatenate(([0], ~space, [0])).astype(np.int8))
        self.word_starts, self.word_ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
        record_of_word = np.searchsorted(self.record_chars, self.word_starts, "right") - 1
        self.words_in = np.bincount(record_of_word, minlength=count)
        self.first_word = np.cumsum(self.words_in) - self.words_in
        # A word's script: its first strong character's, found by the next strong character from its start.
        strong = np.flatnonzero(~_NEUTRAL[scripts])
        at = np.minimum(np.searchsorted(strong, self.word_starts), max(strong.size - 1, 0))
        first = strong[at] if strong.size else np.zeros(self.word_starts.size, np.int64)
        held = (first < self.word_ends) & (first >= self.word_starts) if strong.size else first < 0
        self.word_script = np.where(held, scripts[first], COMMON) if held.size else np.zeros(0, np.int64)

    def words(self) -> list[str]:
        """The words in order (``str.split`` where it splits as ``\\S+`` does)."""
        if not self._split_differs:
            return self.text.split()
        return list(map(self.text.__getitem__, map(slice, self.word_starts.tolist(), self.word_ends.tolist())))

    def word_rows(self) -> np.ndarray:
        """Per script (rows: words, characters, bytes)."""
        script, size = self.word_script, len(SCRIPTS)
        return np.stack([np.bincount(script, minlength=size),
                         np.bincount(script, self.word_ends - self.word_starts, size).astype(np.int64),
                         np.bincount(script, self.char_bytes[self.word_ends] - self.char_bytes[self.word_starts],
                                     size).astype(np.int64)])

    def token_rows(self, found) -> np.ndarray:
        """Per script (rows: tokens, unknown, byte fallback) of a TokenStarts over these records."""
        record = np.repeat(np.arange(len(self.records)), found.counts)
        if found.unit == CHARS:
            at, ends = self.record_chars[record] + found.starts, self.word_ends
        else:
            at, ends = self.char_bytes[self.record_chars][record] + found.starts, self.char_bytes[self.word_ends]
        first, count = self.first_word[record], self.words_in[record]
        word = np.minimum(np.maximum(np.searchsorted(ends, at, "right"), first), first + count - 1)
        if word.size:
            word = np.maximum.accumulate(word)  # within a record, never back; records' words follow in order
        script = np.full(word.size, COMMON, np.int64)
        has = count > 0
        script[has] = self.word_script[word[has]]
        size = len(SCRIPTS)
        return np.stack([np.bincount(script, minlength=size), np.bincount(script[found.unknown], minlength=size),
                         np.bincount(script[found.byte], minlength=size)])

