"""Text and runs as numpy arrays, for the batched fast paths
(:mod:`core.models.bpe_batch`, :mod:`core.models.unigram.certify` and
:mod:`core.models.unigram.walk`, the Unigram Encoding)."""

from __future__ import annotations

import numpy as np


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


def runs(starts: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """``starts[i], starts[i] + 1, ... (counts[i] of them)`` for each i in turn."""
    before = np.cumsum(counts) - counts
    return np.repeat(starts, counts) + (np.arange(int(counts.sum())) - np.repeat(before, counts))


def firsts_of_runs(mask: np.ndarray) -> np.ndarray:
    """Where ``mask`` is true and the element before it is not: the first of each run of trues."""
    out = mask.copy()
    out[1:] &= ~mask[:-1]
    return out


class Lookup:
    """Many non-negative int64 keys looked up at once: an open-addressing
    hash table (linear probing, at most half full), which finds a key in
    one or two array reads where ``searchsorted`` over a few hundred
    thousand sorted keys takes some twenty."""

    _MULTIPLY = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: the top bits of key * 2**64 / golden ratio

    def __init__(self, keys: np.ndarray, values: np.ndarray, missing: int):
        if keys.size and int(keys.min()) < 0:
            raise ValueError("Lookup keys must be non-negative (-1 marks an empty slot)")
        bits = max(1, int(2 * keys.size).bit_length())
        self._mask, self._shift, self._missing = (1 << bits) - 1, np.uint64(64 - bits), missing
        self._keys = np.full(1 << bits, -1, np.int64)
        self._values = np.full(1 << bits, missing, values.dtype)
        todo, slot = np.arange(keys.size), self._home(keys)
        while todo.size:
            # Each free slot goes to the first key wanting it; the others try the next slot.
            free = self._keys[slot] == -1
            taken, first = np.unique(slot[free], return_index=True)
            placed = todo[free][first]
            self._keys[taken], self._values[taken] = keys[placed], values[placed]
            left = np.ones(todo.size, bool)
            left[np.flatnonzero(free)[first]] = False
            todo, slot = todo[left], (slot[left] + 1) & self._mask

    def _home(self, keys: np.ndarray) -> np.ndarray:
        return ((keys.astype(np.uint64) * self._MULTIPLY) >> self._shift).astype(np.int64)

    def get(self, keys: np.ndarray) -> np.ndarray:
        """The value of each key, ``missing`` where it has none."""
        slot = self._home(keys)
        found = self._keys[slot]
        out = self._values[slot]  # right where the key is there; an empty slot holds ``missing``
        live = np.flatnonzero((found != keys) & (found != -1))  # another key there: probe on
        out[live] = self._missing
        slot = slot[live]
        while live.size:
            slot = (slot + 1) & self._mask
            found = self._keys[slot]
            hit = found == keys[live]
            out[live[hit]] = self._values[slot[hit]]
            keep = ~hit & (found != -1)
            live, slot = live[keep], slot[keep]
        return out
