"""Text and runs as numpy arrays, for the columns of a long text's
Encoding (:mod:`core.tokenizer.spm_path`, :mod:`core.pipeline.aligned`) and
the charsmap's set of characters."""

from __future__ import annotations

import numpy as np



def runs(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """``starts[i], starts[i] + 1, ... (counts[i] of them)`` for each i in turn."""
    return np.repeat(starts, counts) + within_runs(counts)


def within_runs(counts: np.ndarray) -> np.ndarray:
    """``0, 1, ... counts[i] - 1`` for each i in turn: each element's place in its run."""
    before = np.cumsum(counts) - counts
    return np.arange(int(counts.sum()), dtype=np.int64) - np.repeat(before, counts)

def code_points(text: str) -> np.ndarray:
    """Each character's code point (a lone surrogate's too), as int64."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), np.uint32).astype(np.int64)


def distinct_chars(text: str) -> set[str]:
    """``set(text)``; a long text's counted by code point, a third of the
    time of hashing each character of a megabyte (a short one's hashed:
    the counts reach up to its highest code point)."""
    if len(text) < 1 << 16:
        return set(text)
    return set(map(chr, np.flatnonzero(np.bincount(code_points(text))).tolist()))


def utf8_starts(text: str) -> np.ndarray:
    """The UTF-8 offset of every character of ``text``, and its length (a
    lone surrogate counts 3 bytes, as "surrogatepass" writes it)."""
    data = np.frombuffer(text.encode("utf-8", "surrogatepass"), np.uint8)
    return np.append(np.flatnonzero((data & 0xC0) != 0x80), data.size)  # every byte but a continuation


def firsts_of_runs(mask: np.ndarray) -> np.ndarray:
    """Where ``mask`` is true and the element before it is not: the first of each run of trues."""
    out = mask.copy()
    out[1:] &= ~mask[:-1]
    return out
