"""A unigram lattice over one normalized text and the searches on it.

Ties and ``float32`` sums (with ``EncodeOptimized``'s rebasing) follow
SentencePiece's ``unigram_model.cc`` (0.2.3); ``tokenizers`` adds in
double precision.

Details: docs/notes/models.md#coremodelsunigramlatticepy.
"""

from __future__ import annotations

import math
import random
import struct
from dataclasses import dataclass
from functools import cmp_to_key

from core.errors import TokenizerError

RESET = 100000.0  # SentencePiece 0.2.3's kScoreResetThreshold (unigram_model.cc)


def f32(x: float) -> float:
    """Round to the nearest single-precision value (exact for one + of two floats)."""
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:  # beyond float32's range, as C++ would give
        return math.copysign(math.inf, x)


def logaddexp(a: float, b: float) -> float:
    """``log(exp(a) + exp(b))`` without overflow; ``-inf`` stands for probability 0."""
    if a == -math.inf:
        return b
    if b == -math.inf:
        return a
    hi, lo = (a, b) if a > b else (b, a)
    return hi + math.log1p(math.exp(lo - hi))


@dataclass(frozen=True)
class Node:
    """A lattice edge: normalized characters ``[start, end)`` read as piece ``id``."""

    start: int
    end: int
    id: int
    score: float
    unknown: bool = False


@dataclass(frozen=True)
class Path:
    """One segmentation: its nodes and its score (the sum of their scores)."""

    nodes: tuple[Node, ...]
    score: float


class Lattice:
    """Every piece over a normalized text; the search algorithms run on it."""

    def __init__(self, text: str, nodes, *, float32: bool = False):
        self.text = text
        self.nodes = tuple(nodes)
        self.float32 = float32
        self.ending: list[list[Node]] = [[] for _ in range(len(text) + 1)]
        for node in self.nodes:  # already in (start, length) order
            self.ending[node.end].append(node)

    def _add(self, a: float, b: float) -> float:
        return f32(a + b) if self.float32 else a + b

    def viterbi(self) -> Path:
        """The best segmentation; ties go to the candidate with the earliest start.

        In single precision, as SentencePiece 0.2.3: once the best score at
        a start offset passes ±100,000, every score stored from there to the
        furthest end seen is rebased by it.  The path's score is still the
        sum of its nodes' scores (added in order, in the same precision).
        """
        best: list[tuple[float, Node | None] | None] = [None] * (len(self.text) + 1)
        best[0] = (0.0, None)
        start, frontier = -1, 0
        for node in self.nodes:
            if best[node.start] is None:
                continue
            if self.float32 and node.start != start:
                start = node.start
                offset = best[start][0]
                if offset < -RESET or offset > RESET:
                    for i in range(start, frontier + 1):
                        if best[i] is not None:
                            best[i] = (f32(best[i][0] - offset), best[i][1])
            score = self._add(best[node.start][0], node.score)
            slot = best[node.end]
            if slot is None or score > slot[0]:
                best[node.end] = (score, node)
            frontier = max(frontier, node.end)
        nodes = self._backtrack(best)
        total = 0.0
        for node in nodes:
            total = self._add(total, node.score)
        return Path(nodes, total)

    def _backtrack(self, best):
        nodes, at = [], len(self.text)
        while at > 0:
            node = best[at][1]
            nodes.append(node)
            at = node.start
        return tuple(reversed(nodes))

    def nbest(self, n: int) -> list[Path]:
        """The ``n`` best segmentations, best first (the first is :meth:`viterbi`'s).

        Exact k-best dynamic programming: the ``n`` best partial paths are kept
        at every offset.  Equal scores are ordered as Viterbi orders them:
        earlier start of the last piece first, then the better prefix.
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise TokenizerError(f"n-best size must be an integer >= 1, not {n!r}")
        # A partial path is (score, node, previous partial path) -- a linked list.
        keep: list[list] = [[] for _ in range(len(self.text) + 1)]
        keep[0] = [(0.0, None, None)]
        order = cmp_to_key(_compare_partial)
        for end in range(1, len(self.text) + 1):
            found = [(self._add(p[0], node.score), node, p) for node in self.ending[end] for p in keep[node.start]]
            keep[end] = sorted(found, key=order)[:n]
        paths = []
        for partial in keep[-1]:
            nodes, p = [], partial
            while p[1] is not None:
                nodes.append(p[1])
                p = p[2]
            paths.append(Path(tuple(reversed(nodes)), partial[0]))
        return paths

    def forward(self, alpha: float = 1.0) -> list[float]:
        """log of the summed ``exp(alpha * score)`` of all paths to each offset."""
        fwd = [-math.inf] * (len(self.text) + 1)
        fwd[0] = 0.0
        for node in self.nodes:
            fwd[node.end] = logaddexp(fwd[node.end], fwd[node.start] + alpha * node.score)
        return fwd

    def log_partition(self, alpha: float = 1.0) -> float:
        return self.forward(alpha)[-1]

    def sample(self, rng: random.Random, alpha: float = 1.0, *, forward: list[float] | None = None) -> Path:
        """Draw a segmentation with probability ``exp(alpha * score) / Z``
        (forward filtering, backward sampling over the whole lattice).

        Pass ``forward=self.forward(alpha)`` when drawing many samples, so
        it is computed once.
        """
        fwd = forward if forward is not None else self.forward(alpha)
        nodes, at = [], len(self.text)
        while at > 0:
            candidates = self.ending[at]
            weights = [math.exp(fwd[c.start] + alpha * c.score - fwd[at]) for c in candidates]
            node = rng.choices(candidates, weights=weights)[0]
            nodes.append(node)
            at = node.start
        nodes.reverse()
        score = 0.0
        for node in nodes:
            score = self._add(score, node.score)
        return Path(tuple(nodes), score)


def _compare_partial(a, b) -> int:
    while True:
        if a[0] != b[0]:
            return -1 if a[0] > b[0] else 1
        if a[1] is None or b[1] is None:
            return 0
        if a[1].start != b[1].start:
            return -1 if a[1].start < b[1].start else 1
        a, b = a[2], b[2]

