"""Many texts' tokens as flat arrays: each token's ID, where its first
character is in its text, and whether it is the unknown token or a
byte-fallback piece, as the reference's Encoding flags it.

This is what corpus statistics (:mod:`core.stats.columns`) need of a
token, without building a whole :class:`~core.tokenizer.base.Encoding`
per text: a native engine answers for a batch of texts at once
(``token_starts`` on each engine of :data:`core.engines.NATIVE`), and the
arithmetic over them is numpy's.  A start is given in the unit the
library counts in, code points or UTF-8 bytes (:attr:`TokenStarts.unit`);
either names the same character, the one holding the token's first byte.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

import numpy as np

from core.arrays import runs

CHARS, BYTES = "chars", "bytes"


@dataclass(frozen=True)
class TokenStarts:
    ids: np.ndarray  # int64: every text's tokens, one text after another
    counts: np.ndarray  # int64: tokens per text
    starts: np.ndarray  # int64: where each token starts in its own text, in ``unit``
    unit: str  # CHARS (code points) or BYTES (UTF-8)
    unknown: np.ndarray  # bool: the unknown token (not a special that spells it)
    byte: np.ndarray  # bool: a byte-fallback piece

    def __len__(self) -> int:
        return int(self.ids.size)

    def take(self, texts: np.ndarray) -> "TokenStarts":
        """The tokens of the texts numbered ``texts``, in that order (a number may repeat)."""
        counts = self.counts[texts]
        index = runs(firsts(self.counts)[texts], counts)
        return TokenStarts(self.ids[index], counts, self.starts[index], self.unit, self.unknown[index],
                           self.byte[index])


def flat(rows, dtype=np.int64) -> tuple[np.ndarray, np.ndarray]:
    """``(all items in order, items per row)`` of a list of lists."""
    counts = np.fromiter(map(len, rows), np.int64, len(rows))
    return np.fromiter(chain.from_iterable(rows), dtype, int(counts.sum())), counts


def firsts(counts: np.ndarray) -> np.ndarray:
    """Where each text's first token is among all texts' tokens."""
    return np.cumsum(counts) - counts

