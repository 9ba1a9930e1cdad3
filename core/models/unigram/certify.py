"""The exact best paths of many short chunks at once, for the cache of
:class:`core.models.unigram.fast.Segmenter`.

For each chunk: its Viterbi path from the score 0 in double precision (the
later start never wins a tie), the smallest winning margin along it (the
best score at a node minus the best of the other ways into that node) and
the largest score reached anywhere in the chunk, the same as
``Segmenter._certified`` one chunk at a time (which short texts use, and the tests compare).  Here every chunk moves
together, one numpy pass per step:

- the trie walk one character deeper at every position of every chunk;
- the best score at every node ``r`` characters into its chunk, for
  r = 1, 2, ..., from the nodes before it, which are final by then;
- the way back from every chunk's end, a node per step.

The trie's edges are a hash table of arrays (core.arrays.Lookup), so a
``▁`` word costs a few array elements rather than a Python loop over its
characters.
"""

from __future__ import annotations

import numpy as np

from core.arrays import Lookup, code_points, runs
from core.slices import by_size

_SHIFT = 21  # a code point fits in 21 bits
_DENSE = 0x10000  # the root's children below this code point are in an array
_NOTHING = -1e300  # the score of "no other way in" (as in that search)


class Trie:
    """A segmenter's trie as arrays: a table from ``(node << 21) | character``
    to the child it leads to, and each node's piece and score."""

    def __init__(self, trie: dict):
        keys, children, pieces, scores, pairs = [], [], [-1], [0.0], set()
        todo = [(trie, 0, -1)]
        while todo:
            node, number, last = todo.pop()  # last: the character that led here (-1 at the root)
            for ch, child in node.items():
                if ch == "":
                    pieces[number], scores[number] = child
                    continue
                if last >= 0:
                    pairs.add(last << _SHIFT | ord(ch))
                pieces.append(-1)
                scores.append(0.0)
                keys.append(number << _SHIFT | ord(ch))
                children.append(len(pieces) - 1)
                todo.append((child, len(pieces) - 1, ord(ch)))
        keys, children = np.array(keys, np.int64), np.array(children, np.int64)
        self.pieces = np.array(pieces, np.int64)
        self.scores = np.array(scores, np.float64)
        self._child = Lookup(keys, children, 0)  # 0: no such child (the root is no one's)
        # The root's children by code point (its keys are the code points),
        # for the first step from every position; beyond the array: looked up.
        self.root = np.zeros(_DENSE + 1, np.int64)
        near = keys < _DENSE
        self.root[keys[near]] = children[near]
        self._held = _PairTable(pairs)

    def held(self, first, second):
        """For each two code points, does a piece hold them side by side?"""
        return self._held.held(first, second)

    def step(self, node, points, depth: int):
        """``(hit, child)``: which of ``node`` have a child by ``points``, and those children."""
        if depth == 0:
            child = self.root[np.minimum(points, _DENSE)]
            far = np.flatnonzero(points >= _DENSE)
            if far.size:
                child[far] = self._child.get(points[far])  # the root is node 0: its keys are the code points
            hit = child > 0
            return hit, child[hit]
        child = self._child.get(node << _SHIFT | points)
        hit = child > 0
        return hit, child[hit]


class _PairTable:
    """The pairs of characters some piece holds side by side, for testing
    every two neighbours of a text: a table of booleans over the
    characters that are in a pair (a few hundred in a SentencePiece
    model's vocabulary), or a hash table of the pairs where they are too many."""

    def __init__(self, pairs: set):
        keys = np.array(sorted(pairs), np.int64)
        chars = np.unique(np.concatenate((keys >> _SHIFT, keys & ((1 << _SHIFT) - 1))))
        if chars.size > _PAIR_CHARS:
            self._lookup = Lookup(keys, np.ones(keys.size, np.int64), 0)
            return
        self._lookup = None
        count = chars.size + 1  # the last: any character in no pair
        self._index = np.full(int(chars.max(initial=0)) + 2, chars.size, np.int64)
        self._index[chars] = np.arange(chars.size)
        self._table = np.zeros(count * count, bool)
        self._table[np.searchsorted(chars, keys >> _SHIFT) * count
                    + np.searchsorted(chars, keys & ((1 << _SHIFT) - 1))] = True
        self._count = count

    def held(self, first, second):
        if self._lookup is not None:
            return self._lookup.get(first << _SHIFT | second) > 0
        top = self._index.size - 1
        return self._table[self._index[np.minimum(first, top)] * self._count + self._index[np.minimum(second, top)]]


_PAIR_CHARS = 2048  # more characters in pairs: their pairs are hashed (a table of 4 M booleans at most)


def certify(trie: Trie, chunks: list[str], longest: int, unk: float, unknown: int, limit: int):
    """``(ends, ids, scores, counts, margins, reaches)``: the chunks' best
    paths one after another (ends relative to each chunk), the pieces per
    chunk, and each chunk's margin and reach.

    A chunk is solved in segments, cut between two characters no piece
    holds side by side (no node spans the cut, so the best path passes
    there): ``▁the,`` as ``▁the`` and ``,``.  Equal segments of different
    chunks are solved once, ``limit`` characters of them at a time.  A
    chunk's path is its segments' paths, its margin their smallest; its
    reach is read off each segment's highest and lowest best score,
    shifted by the sum of the segments before it (added from the left, as
    ``Segmenter._certified`` does)."""
    sizes = np.fromiter(map(len, chunks), np.int64, len(chunks))
    points = code_points("".join(chunks))
    count = sizes.size
    if not count or not sizes.all():
        return _solve(trie, points, sizes, longest, unk, unknown)[:6]
    head = np.cumsum(sizes) - sizes
    cut = np.ones(points.size, bool)
    cut[1:] = ~trie.held(points[:-1], points[1:])
    cut[head] = True
    seg_start = np.flatnonzero(cut)
    seg_size = np.diff(np.append(seg_start, points.size))
    first_seg = np.searchsorted(seg_start, head)  # each chunk's first segment
    segs = np.diff(np.append(first_seg, seg_start.size))  # segments per chunk
    one, same = _distinct(points, seg_start, seg_size)
    found = [_solve(trie, points[runs(seg_start[part], seg_size[part])], seg_size[part], longest, unk, unknown)
             for part in by_size(one, limit, seg_size[one].tolist())]
    ends, ids, scores, counts, margins, _, highs, lows, totals = (np.concatenate(a) for a in zip(*found))
    # Back to every segment, then to chunks.
    picked = runs((np.cumsum(counts) - counts)[same], counts[same])
    counts, margins, highs, lows, totals = (a[same] for a in (counts, margins, highs, lows, totals))
    offset = seg_start - np.repeat(head, segs)  # where each segment starts in its chunk
    out_ends = ends[picked] + np.repeat(offset, counts)
    before = np.zeros(seg_start.size)  # the sum of the segments before each in its chunk
    running = np.zeros(count)
    for j in range(int(segs.max())):
        has = np.flatnonzero(segs > j)
        at = first_seg[has] + j
        before[at] = running[has]
        running[has] += totals[at]
    reach = np.maximum(np.abs(before + highs), np.abs(before + lows))
    return (out_ends, ids[picked], scores[picked], np.add.reduceat(counts, first_seg),
            np.minimum.reduceat(margins, first_seg), np.maximum.reduceat(reach, first_seg))


_MIX = np.uint64(0x9E3779B97F4A7C15)  # odd: each position's multiplier is a power of it


def _distinct(points, start, size):
    """``(one, same)``: one segment of each kind of equal segments, and
    for each segment the place of its kind in ``one``.  A segment of at
    most three characters is its key (21 bits a character); a longer one
    is keyed by a polynomial hash of its code points (the top bit set),
    and those sharing a key are compared in full: should two unequal ones
    share one, no segment is grouped with another."""
    n = points.size
    within = np.arange(n) - np.repeat(start, size)  # each character's place in its segment
    short = size <= 3
    exact = (points + 1) << (_SHIFT * np.minimum(within, 2))  # 1 + the code point: never 0
    powers = np.cumprod(np.full(int(size.max()), _MIX, np.uint64))
    mixed = points.astype(np.uint64) * powers[within] + within.astype(np.uint64)
    key = np.where(short, np.add.reduceat(exact, start).astype(np.uint64),
                   np.add.reduceat(mixed, start) | np.uint64(1 << 63))
    rep = _representatives(key)
    one = np.flatnonzero(rep == np.arange(key.size))
    place = np.empty(key.size, np.int64)
    place[one] = np.arange(one.size)
    same = place[rep]
    copy = np.flatnonzero(~short & (one[same] != np.arange(key.size)))
    origin = one[same[copy]]
    if copy.size and not ((size[copy] == size[origin]).all()
                          and (points[runs(start[copy], size[copy])] == points[runs(start[origin], size[copy])]).all()):
        every = np.arange(key.size)
        return every, every
    return one, same


def _representatives(key):
    """For each key, the index of one with the same key (the same for all
    of them), by a hash table rather than a sort: each key is written to
    its slot, one of those sharing a slot stays there and the keys equal
    to it are done; the others try a table of their own."""
    rep = np.empty(key.size, np.int64)
    left = np.arange(key.size)
    salt = 0
    while left.size:
        bits = max(4, int(2 * left.size - 1).bit_length())
        slot = (((key[left] + np.uint64(salt)) * _MIX) >> np.uint64(64 - bits)).astype(np.int64)
        table = np.empty(1 << bits, np.int64)
        table[slot] = left  # of those sharing a slot, one stays: any one
        winner = table[slot]
        done = key[winner] == key[left]
        rep[left[done]] = winner[done]
        left = left[~done]
        salt = (salt + 0x632BE59BD9B4E019) % (1 << 64)  # the next table places them elsewhere
    return rep


def solve_from(trie: Trie, chunks: list[str], bases, longest: int, unk: float, unknown: int, kind):
    """``(ends, ids, counts, totals)``: each chunk's best path from its
    stored score in ``bases``, every sum rounded to ``kind`` (float32 for
    a model that rounds), as ``Segmenter.search`` finds it, for chunks
    no rebase can reach (the walk's narrow ones)."""
    sizes = np.fromiter(map(len, chunks), np.int64, len(chunks))
    ends, ids, _, counts, _, _, _, _, totals = _solve(trie, code_points("".join(chunks)), sizes, longest, unk,
                                                      unknown, bases=np.asarray(bases, kind), kind=kind)
    return ends, ids, counts, totals


def _solve(trie: Trie, points, sizes, longest: int, unk: float, unknown: int, bases=None, kind=np.float64):
    """The best paths of the chunks laid end to end in ``points``: ``(ends,
    ids, scores, counts, margins, reaches, highs, lows, totals)``, the
    last three each chunk's highest and lowest best score and its score at
    the end; from 0, or from ``bases``, in ``kind``'s arithmetic."""
    n, count = points.size, sizes.size
    chunk_of = np.repeat(np.arange(count), sizes)  # the chunk of each character
    chunk_end = np.cumsum(sizes)[chunk_of]  # where the chunk of each character ends
    # The candidate nodes: (start, end, piece, score), character offsets in the joined text.
    starts, ends, ids, scores = [], [], [], []
    at, node = np.arange(n), np.zeros(n, np.int64)
    single = np.zeros(n, bool)
    for depth in range(longest):
        keep = at + depth < chunk_end[at]
        at, node = at[keep], node[keep]
        if not at.size:
            break
        hit, node = trie.step(node, points[at + depth], depth)
        at = at[hit]
        piece = trie.pieces[node]
        whole = piece >= 0
        starts.append(at[whole])
        ends.append(at[whole] + depth + 1)
        ids.append(piece[whole])
        scores.append(trie.scores[node[whole]])
        if depth == 0:
            single[at[whole]] = True
    lone = np.flatnonzero(~single)  # no one-character piece: an unknown node covers the character
    # Unknown nodes are one character long: first here, so last (with the one-character pieces) once reversed.
    starts.insert(0, lone)
    ends.insert(0, lone + 1)
    ids.insert(0, np.full(lone.size, unknown, np.int64))
    scores.insert(0, np.full(lone.size, unk, np.float64))
    # Longest pieces first: then a node's candidates come in the order of their starts, earliest first.
    starts, ends, ids, scores = (np.concatenate(a[::-1]) for a in (starts, ends, ids, scores))
    scores = scores.astype(kind, copy=False)
    # Node slots: a chunk of size s has s + 1 of them, so a chunk's end and
    # the next chunk's start are two slots.
    head = np.cumsum(sizes) - sizes  # each chunk's first character
    slot_of = chunk_of + np.arange(n)  # slot of the node at each character's start
    first_slot = head + np.arange(count)
    start_slot = slot_of[starts]
    end_slot = start_slot + (ends - starts)
    depth_of = ends - head[chunk_of[starts]]  # the end, in characters into its chunk
    # By depth, then node, then earlier start first: two stable sorts, the
    # first over a few sorted runs (one per piece length), the second of
    # small numbers (a radix sort).
    order = np.argsort(end_slot, kind="stable")
    small = np.min_scalar_type(int(sizes.max(initial=0)))  # 8 or 16 bits: numpy sorts them by radix
    order = order[np.argsort(depth_of[order].astype(small), kind="stable")]
    start_slot, end_slot, ids, scores, depth_of = (a[order] for a in (start_slot, end_slot, ids, scores, depth_of))
    slots = n + count
    best = np.zeros(slots, kind)
    if bases is not None:
        best[first_slot] = bases
    second = np.full(slots, _NOTHING)
    back = np.zeros(slots, np.int64)  # the winning candidate into each slot
    bounds = np.searchsorted(depth_of, np.arange(1, int(sizes.max(initial=0)) + 2))
    for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist()):
        if lo == hi:
            continue
        value = best[start_slot[lo:hi]] + scores[lo:hi]
        target = end_slot[lo:hi]
        heads = np.flatnonzero(np.concatenate(([True], target[1:] != target[:-1])))
        top = np.maximum.reduceat(value, heads)
        spread = np.diff(np.append(heads, hi - lo))
        winners = np.flatnonzero(value == np.repeat(top, spread))
        winners = winners[np.concatenate(([True], target[winners[1:]] != target[winners[:-1]]))]
        rest = value.copy()
        rest[winners] = -np.inf
        others = np.maximum.reduceat(rest, heads)
        where = target[heads]
        best[where] = top
        second[where] = others
        second[where[others == -np.inf]] = _NOTHING
        back[where] = winners + lo
    # The way back from every chunk's end at once.
    last_slot = first_slot + sizes
    reaches = np.maximum.reduceat(np.abs(best), first_slot) if count else np.zeros(0)
    steps = []  # per step back: (chunks, ids, ends, margins, scores)
    cur, which = last_slot, np.arange(count)
    while cur.size:
        won = back[cur]
        steps.append((which, ids[won], cur - first_slot[which], best[cur] - second[cur], scores[won]))
        cur = start_slot[won]
        moving = cur > first_slot[which]
        cur, which = cur[moving], which[moving]
    counts = np.bincount(np.concatenate([step[0] for step in steps]), minlength=count) if steps else \
        np.zeros(count, np.int64)
    # The k-th step back from a chunk's end is its (count - 1 - k)-th node.
    place = np.cumsum(counts) - 1
    path_id, path_end = np.empty(int(counts.sum()), np.int64), np.empty(int(counts.sum()), np.int64)
    path_margin, path_score = np.empty(path_id.size), np.empty(path_id.size)
    for chunk, step_ids, step_ends, step_margins, step_scores in steps:
        at = place[chunk]
        path_id[at], path_end[at], path_margin[at], path_score[at] = step_ids, step_ends, step_margins, step_scores
        place[chunk] -= 1
    margins = np.full(count, np.inf)
    has = counts > 0
    if path_id.size:
        margins[has] = np.minimum.reduceat(path_margin, (np.cumsum(counts) - counts)[has])
    highs = np.maximum.reduceat(best, first_slot) if count else np.zeros(0)
    lows = np.minimum.reduceat(best, first_slot) if count else np.zeros(0)
    return path_end, path_id, path_score, counts, margins, reaches, highs, lows, best[last_slot]
