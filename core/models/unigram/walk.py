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
TRUSTED = 32  # narrow chunks taken on trust before they are first searched (doubling while they hold)
TRUSTED_MAX = 4096  # at most (their arrays, searched together, stay small)
TOGETHER_MIN = 160  # fewer narrow chunks are searched one by one
WRONG_MAX = 4  # trusted chunks found wrong before narrow ones are searched as met


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

    in_order = False  # the pieces are the store's (halves.Laid: in the text's order)

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
    """``(ends, ids)`` as two arrays, the best path over the chunks from the
    stored score 0 (or ``start``; then the stored score at the end too).

    A window of chunks at a time: the running score over the window's
    cached paths is one cumulative sum (in float32 when the model rounds:
    each sum rounded, as one by one), and every chunk whose path it
    certifies is taken at once.  A chunk whose margin alone is too narrow
    is taken on trust, with its stored score; the trusted ones are searched
    later, each from its stored score (many together: :func:`core.models.unigram.certify.solve_from`).
    Up to the first that finds another path every stored score was right;
    the walk goes again from that chunk (after :data:`WRONG_MAX` such, it
    searches narrow chunks as it meets them).  A chunk whose scores may pass
    the threshold is searched in its window, which goes on when the search
    takes the cached path to the same sum; any other chunk (a rebase at its
    start, no entry) is handled as one by one: the score rebased to 0, or
    the chunk searched.  After a rebase the next window reaches to near
    the threshold at the rate of the last."""
    return _Walk(segmenter, text, cuts, table).run(0.0 if start is None else start, start is not None)


class _Walk:
    def __init__(self, segmenter, text, cuts, table):
        self.segmenter, self.text = segmenter, text
        self.rounding = segmenter.float32
        self.kind = np.float32 if self.rounding else np.float64
        self.sizes = np.diff(cuts)
        self.starts = cuts[:-1]
        which = table.which
        self.counts = table.count[which]
        self.first = np.cumsum(self.counts) - self.counts  # each chunk's first cached piece, in the text's
        if table.in_order:
            self.ids, self.ends, self.scores = table.ids, table.ends, table.scores
        else:
            picked = runs(table.first[which], self.counts)  # the text's cached pieces in the store
            self.ids, self.ends, self.scores = table.ids[picked], table.ends[picked], table.scores[picked]
        self.margin, self.reach, self.cached = table.margin[which], table.reach[which], which >= 0
        self.parts: list = []  # (k, stop): chunks k..stop-1 take their cached paths; (k, ends, ids): searched
        self.trusted: list = []  # (chunks, stored scores at their starts): narrow, to be searched together
        self.trusting = 0  # the chunks in self.trusted
        self.rate = 0.0

    def run(self, base: float, with_base: bool):
        total, k, window, check, wrong_ones = self.sizes.size, 0, WINDOW, TRUSTED, 0
        while k < total:
            before = base
            k, base, ended = self._window(k, min(total, k + window), base, wrong_ones >= WRONG_MAX)
            window = min(window * 2, WINDOW_MAX) if ended == "clean" else WINDOW
            if ended == "searched" and self.rounding and abs(base) < abs(before):
                window = self._until_threshold()  # the search rebased inside its chunk
            if ended == "stuck":  # the chunk at k is neither certified nor narrow
                if self.rounding and (base < -RESET or base > RESET):
                    base = 0.0  # rebased at the chunk's start: nothing reaches past it yet
                    window = self._until_threshold()
                    continue
                base = self._search(k, base)
                k += 1
            if self.trusting and (k >= total or self.trusting >= check):
                wrong = self._first_wrong()
                if wrong is None:
                    check = min(check * 2, TRUSTED_MAX)
                    continue
                k, base = wrong
                window, check, wrong_ones = WINDOW, TRUSTED, wrong_ones + 1
        ends, ids = self._joined()
        return (ends, ids, base) if with_base else (ends, ids)

    def _until_threshold(self):
        """A window from a rebase: the chunks that the score, at the rate
        of the last window, takes to near the threshold (where the walk
        stops at the first chunk it cannot take), so one window covers the
        stretch between two rebases."""
        if not self.rate:
            return WINDOW
        return max(WINDOW, min(WINDOW_MAX, int(RESET / abs(self.rate) * 1.05)))

    def _window(self, k, stop, base, eager: bool):
        """Take the window's chunks up to the first that cannot be taken:
        ``(next chunk, stored score there, how the window ended)``: "clean"
        (all taken), "stuck" (at a chunk with no entry, or a rebase at its
        start) or "searched" (a chunk searched here found another path or
        sum, and was taken so).  A chunk whose scores may pass the
        threshold is searched here, and so are narrow ones when ``eager``;
        one that takes its cached path to the same sum leaves the running
        sums past it as they are."""
        first, counts, segmenter = self.first, self.counts, self.segmenter
        p0 = int(first[k])
        p1 = int(first[stop - 1] + counts[stop - 1])
        running = np.cumsum(np.concatenate((np.array([base], self.kind), self.scores[p0:p1])), dtype=self.kind)
        at_start = running[first[k:stop] - p0].astype(np.float64)  # the stored score where each chunk starts
        top = np.abs(at_start) + self.reach[k:stop] + 1.0
        usable = self.cached[k:stop]
        certified = usable & (self.margin[k:stop] > wide(self.sizes[k:stop], top, segmenter))
        near = np.zeros(0, np.int64)  # chunks whose scores may pass the threshold
        if self.rounding:
            usable = usable & (np.abs(at_start) <= RESET)
            certified &= top < RESET
            near = np.flatnonzero(usable & (top >= RESET))
        stuck = np.flatnonzero(~usable)
        upto = int(stuck[0]) if stuck.size else stop - k
        unsure = ~certified[:upto]
        now = near[near < upto] if not eager else np.flatnonzero(unsure)
        searched = None
        for j in now.tolist():
            lo, count = int(first[k + j]) - p0, int(counts[k + j])
            found = self._found(k + j, float(running[lo]))
            if found[2] != float(running[lo + count]) or \
                    found[1] != self.ids[p0 + lo:p0 + lo + count].tolist():
                upto, searched = j, found  # another path or another sum: the walk goes on after it
                break
        if not eager:
            unsure[near[near < upto]] = False
            trusted = np.flatnonzero(unsure[:upto])
            if trusted.size:
                self.trusted.append((trusted + k, at_start[trusted]))
                self.trusting += trusted.size
        if upto:
            self.parts.append((k, k + upto))
            end = float(running[int(first[k + upto - 1] + counts[k + upto - 1]) - p0])
            self.rate = (end - base) / upto  # the score a chunk adds, on average
            base = end
        k += upto
        if searched is not None:
            self.parts.append((k, np.array(searched[0], np.int64), np.array(searched[1], np.int64)))
            return k + 1, searched[2], "searched"
        return k, base, "clean" if k == stop else "stuck"

    def _found(self, k, base):
        lo = int(self.starts[k])
        return self.segmenter.search(self.text, lo, lo + int(self.sizes[k]), base)

    def _search(self, k, base):
        found_ends, found_ids, base = self._found(k, base)
        self.parts.append((k, np.array(found_ends, np.int64), np.array(found_ids, np.int64)))
        return base

    def _first_wrong(self):
        """Search the trusted chunks; None if each finds its cached path,
        else ``(the chunk after the first that did not, the stored score
        there)``, the walk cut back to that chunk's search."""
        chunks = np.concatenate([c for c, _ in self.trusted])
        bases = np.concatenate([b for _, b in self.trusted])
        self.trusted, self.trusting = [], 0
        if chunks.size < TOGETHER_MIN:  # a few: one by one costs less than numpy's passes
            for k, base in zip(chunks.tolist(), bases.tolist()):
                lo, count = int(self.first[k]), int(self.counts[k])
                found = self._found(k, base)
                if found[1] != self.ids[lo:lo + count].tolist():
                    self._cut_back(k)
                    self.parts.append((k, np.array(found[0], np.int64), np.array(found[1], np.int64)))
                    return k + 1, found[2]
            return None
        starts, sizes, text = self.starts, self.sizes, self.text
        texts = [text[a:b] for a, b in zip(starts[chunks].tolist(), (starts[chunks] + sizes[chunks]).tolist())]
        at = 0
        for group in by_size(texts, certify_chars(self.segmenter)):  # in order: the first wrong is the one
            wrong = self._wrong_in(chunks[at:at + len(group)], bases[at:at + len(group)], group)
            if wrong is not None:
                return wrong
            at += len(group)
        return None

    def _wrong_in(self, chunks, bases, texts):
        """:meth:`_first_wrong` for a group of them, by numpy."""
        from core.models.unigram.certify import solve_from

        segmenter = self.segmenter
        ends, ids, counts, totals = solve_from(segmenter.arrays, texts, bases, segmenter.longest, segmenter.unk,
                                               UNKNOWN, self.kind)
        same = counts == self.counts[chunks]
        where = runs(self.first[chunks[same]], counts[same])
        found = runs((np.cumsum(counts) - counts)[same], counts[same])
        equal = (ids[found] == self.ids[where]) & (ends[found] == self.ends[where])
        ok = np.ones(chunks.size, bool)
        if equal.size:
            ok[np.flatnonzero(same)] = np.logical_and.reduceat(equal, np.cumsum(counts[same]) - counts[same])
        ok &= same
        wrong = np.flatnonzero(~ok)
        if not wrong.size:
            return None
        w = int(wrong[0])
        k = int(chunks[w])
        at = int(np.cumsum(counts)[w] - counts[w])
        self._cut_back(k)
        self.parts.append((k, ends[at:at + counts[w]] + self.starts[k], ids[at:at + counts[w]]))
        return k + 1, float(totals[w])

    def _cut_back(self, k):
        """Drop every part from chunk ``k`` on."""
        parts = self.parts
        while parts and parts[-1][0] >= k:
            parts.pop()
        if parts and len(parts[-1]) == 2 and parts[-1][1] > k:
            parts[-1] = (parts[-1][0], k)

    def _joined(self):
        first, counts, starts = self.first, self.counts, self.starts
        out_ends, out_ids = [], []
        for part in self.parts:
            if len(part) == 2:
                k, stop = part
                lo, hi = int(first[k]), int(first[stop - 1] + counts[stop - 1])
                out_ends.append(self.ends[lo:hi] + np.repeat(starts[k:stop], counts[k:stop]))
                out_ids.append(self.ids[lo:hi])
            else:
                out_ends.append(part[1])
                out_ids.append(part[2])
        if not out_ends:
            return np.zeros(0, np.int64), np.zeros(0, np.int64)
        return np.concatenate(out_ends), np.concatenate(out_ids)
