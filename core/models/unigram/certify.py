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

from core.arrays import Lookup, code_points

_SHIFT = 21  # a code point fits in 21 bits
_DENSE = 0x10000  # the root's children below this code point are in an array
_NOTHING = -1e300  # the score of "no other way in" (as in that search)


class Trie:
    """A segmenter's trie as arrays: a table from ``(node << 21) | character``
    to the child it leads to, and each node's piece and score."""

    def __init__(self, trie: dict):
        keys, children, pieces, scores = [], [], [-1], [0.0]
        todo = [(trie, 0)]
        while todo:
            node, number = todo.pop()
            for ch, child in node.items():
                if ch == "":
                    pieces[number], scores[number] = child
                    continue
                pieces.append(-1)
                scores.append(0.0)
                keys.append(number << _SHIFT | ord(ch))
                children.append(len(pieces) - 1)
                todo.append((child, len(pieces) - 1))
        keys, children = np.array(keys, np.int64), np.array(children, np.int64)
        self.pieces = np.array(pieces, np.int64)
        self.scores = np.array(scores, np.float64)
        self._child = Lookup(keys, children, 0)  # 0: no such child (the root is no one's)
        # The root's children by code point (its keys are the code points),
        # for the first step from every position; beyond the array: looked up.
        self.root = np.zeros(_DENSE + 1, np.int64)
        near = keys < _DENSE
        self.root[keys[near]] = children[near]

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


def certify(trie: Trie, chunks: list[str], longest: int, unk: float, unknown: int):
    """``(ends, ids, scores, counts, margins, reaches)``: the chunks' best
    paths one after another (ends relative to each chunk), the pieces per
    chunk, and each chunk's margin and reach."""
    sizes = np.fromiter(map(len, chunks), np.int64, len(chunks))
    points = code_points("".join(chunks))
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
    best = np.zeros(slots)
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
        second[where] = np.where(others == -np.inf, _NOTHING, others)
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
    return path_end, path_id, path_score, counts, margins, reaches
