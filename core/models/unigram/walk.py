"""The walk over a long text's chunks for :class:`core.models.unigram.fast.Segmenter`:
the cached best paths in flat arrays (:class:`Store`), each chunk's entry
(:class:`Entries`, certifying the new ones together with
:mod:`core.models.unigram.certify`), and the window walk (:func:`walk`).
"""

from __future__ import annotations

from itertools import compress, repeat

import numpy as np

from core.arrays import runs
from core.models.unigram.certify import certify
from core.slices import by_size

RESET = 100000.0  # SentencePiece's kScoreResetThreshold
CACHE_LIMIT = 1 << 16  # distinct chunks remembered per model
CACHE_CHARS = 64  # longer chunks are searched every time
UNKNOWN = -1  # the id of an unknown node in a path
CERTIFY_CHARS = 1 << 20  # characters of new chunks certified at once (their equal segments solved once)
CERTIFY_WORK = 1 << 20  # characters of distinct segments solved at once, times the longest piece
WINDOW = 256  # chunks certified together after one was not (doubling while all are)
WINDOW_MAX = 1 << 14


class Store:
    """Every cached chunk's best path, one after another in flat arrays,
    with each entry's first piece, piece count, margin and reach."""

    def __init__(self, kind):
        self.ends, self.ids = np.zeros(0, np.int64), np.zeros(0, np.int64)
        self.scores = np.zeros(0, kind)
        self.first, self.count = np.zeros(0, np.int64), np.zeros(0, np.int64)
        self.margin, self.reach = np.zeros(0), np.zeros(0)

    def add(self, ends, ids, scores, counts, margins, reaches) -> None:
        self.first = np.concatenate((self.first, self.ends.size + np.cumsum(counts) - counts))
        self.ends, self.ids = np.concatenate((self.ends, ends)), np.concatenate((self.ids, ids))
        self.scores = np.concatenate((self.scores, scores.astype(self.scores.dtype)))
        self.count = np.concatenate((self.count, counts))
        self.margin, self.reach = np.concatenate((self.margin, margins)), np.concatenate((self.reach, reaches))


class Entries:
    """For each chunk of a text in order, the number of its cached entry
    (-1: none, the chunk is searched), the store's arrays, and per entry
    (and at -1, for none) its first piece, piece count, margin and reach."""

    def __init__(self, segmenter, chunks):
        # One encoder at a time adds entries: their numbers are the store's places.
        with segmenter.lock:
            self._read(segmenter, chunks)

    def _read(self, segmenter, chunks):
        cache, store = segmenter.cache, segmenter.store
        which = (np.fromiter(map(cache.get, chunks, repeat(-1)), np.int64, len(chunks)) if cache
                 else np.full(len(chunks), -1, np.int64))  # a process's first text: nothing to look up
        room = CACHE_LIMIT - len(cache)
        if room > 0 and (which < 0).any():
            unseen = list(compress(chunks, (which < 0).tolist()))
            new = [c for c in dict.fromkeys(unseen) if len(c) <= CACHE_CHARS]
            del new[room:]
            found = []
            for group in by_size(new, CERTIFY_CHARS):
                found.append(certify(segmenter.arrays, group, segmenter.longest, segmenter.unk, UNKNOWN,
                                     certify_chars(segmenter)))
                cache.update(zip(group, range(len(cache), len(cache) + len(group))))
            if found:  # the store grows once, not once per group
                store.add(*map(np.concatenate, zip(*found)))
            if new:  # the chunks that had no entry may have one now
                which[which < 0] = np.fromiter(map(cache.get, unseen, repeat(-1)), np.int64, len(unseen))
        self.which = which
        self.ends, self.ids, self.scores = store.ends, store.ids, store.scores
        self.count = np.append(store.count, 0)
        self.first = np.append(store.first, 0)
        self.margin = np.append(store.margin, -np.inf)
        self.reach = np.append(store.reach, 0.0)


def certify_chars(segmenter) -> int:
    """Characters of distinct segments solved together: a step's arrays hold
    up to a node per character and piece length, so they stay within
    :data:`CERTIFY_WORK`; fewer, larger groups cost fewer numpy calls."""
    return max(CACHE_CHARS, CERTIFY_WORK // max(1, segmenter.longest))


def wide(size, top, segmenter):
    """The margin a chunk's cached path needs to be taken as it is: of
    ``size`` characters, its stored scores at most ``top`` in magnitude.
    Every sum in the chunk is at most ``top`` plus the largest |piece score|
    in magnitude, so each rounding moves it by at most half a step of that,
    and a value reached by k additions is off its exact sum by at most k
    of those (k <= size).  A decision between two candidates then goes as
    in exact arithmetic when they are more than ``size`` steps apart, the
    two sums' worst case; ``size + 1`` spares room for the rounding of
    the margin and of ``top`` themselves (double precision, and the +1 in
    ``top``).  Works on numbers or numpy arrays."""
    return (size + 1) * (top + segmenter.spread) * segmenter.step


def walk(segmenter, text, cuts, table, start=None):
    """``(ends, ids)`` as two arrays: the chunks in order from the stored score 0, a window at a time: the
    running score over the window's cached paths is one cumulative sum
    (in float32 when the model rounds: each sum rounded, as one by one),
    and every chunk whose path it certifies is taken at once.  A chunk
    whose margin alone is too narrow is searched from its stored score;
    when the search takes the cached path to the same sum, the running
    sums past it still hold and the window goes on.  Any other chunk (a
    rebase at its start, a sum near the threshold, no entry) is handled as
    one by one: the score rebased to 0, or the chunk searched."""
    rounding = segmenter.float32
    kind = np.float32 if rounding else np.float64
    sizes = np.diff(cuts)
    starts = cuts[:-1]
    total = sizes.size
    out_ends, out_ids = [], []

    def search(at, base):
        lo = int(starts[at])
        found_ends, found_ids, base = segmenter.search(text, lo, lo + int(sizes[at]), base)
        out_ends.append(np.array(found_ends, np.int64))
        out_ids.append(np.array(found_ids, np.int64))
        return found_ids, base

    base, k, window = (0.0 if start is None else start), 0, WINDOW
    while k < total:
        stop = min(total, k + window)
        which = table.which[k:stop]
        counts = table.count[which]
        before = np.cumsum(counts) - counts
        picked = runs(table.first[which], counts)  # the window's pieces in the store
        running = np.cumsum(np.concatenate((np.array([base], kind), table.scores[picked])), dtype=kind)
        at_start = running[before].astype(np.float64)  # the stored score where each chunk starts
        top = np.abs(at_start) + table.reach[which] + 1.0
        certified = table.margin[which] > wide(sizes[k:stop], top, segmenter)
        narrow = which >= 0
        if rounding:
            narrow &= (top < RESET) & ~((at_start < -RESET) | (at_start > RESET))
            certified &= narrow
        narrow &= ~certified
        size = stop - k
        # The window's chunks are taken as cached up to the first that is
        # neither certified nor searched to its cached path and sum (a narrow
        # chunk searched from its stored score mostly is).
        upto, searched, pending = size, None, False
        for j in np.flatnonzero(~certified).tolist():
            if not narrow[j]:
                upto, pending = j, True
                break
            first, count = int(before[j]), int(counts[j])
            lo = int(starts[k + j])
            found = segmenter.search(text, lo, lo + int(sizes[k + j]), float(running[first]))
            if found[2] != float(running[first + count]) or found[1] != table.ids[picked[first:first + count]].tolist():
                upto, searched = j, found  # another path or another sum: the walk restarts after this chunk
                break
        if upto:
            last = int(before[upto - 1] + counts[upto - 1])
            out_ends.append(table.ends[picked[:last]] + np.repeat(starts[k:k + upto], counts[:upto]))
            out_ids.append(table.ids[picked[:last]])
            base = float(running[last])
        taken = upto
        if searched is not None:
            out_ends.append(np.array(searched[0], np.int64))
            out_ids.append(np.array(searched[1], np.int64))
            base, taken = searched[2], upto + 1
        clean = upto == size
        k += taken
        window = min(window * 2, WINDOW_MAX) if clean else WINDOW
        if not pending:
            continue
        if rounding and (base < -RESET or base > RESET):
            base = 0.0  # rebased at the chunk's start: nothing reaches past it yet
            continue
        _, base = search(k, base)
        k += 1
    if not out_ends:
        out = np.zeros(0, np.int64), np.zeros(0, np.int64)
    else:
        out = np.concatenate(out_ends), np.concatenate(out_ids)
    return out if start is None else (*out, base)
