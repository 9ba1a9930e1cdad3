"""The best segmentation of a normalized text under a frozen unigram model,
as SentencePiece 0.2.3's ``Model::EncodeOptimized`` (``unigram_model.cc``)
finds it, in one plain dynamic programme.

The path is the one :meth:`core.models.unigram.lattice.Lattice.viterbi`
finds; this builds no lattice nodes.

Details: docs/notes/models.md#coremodelsunigramviterbipy.
"""

from __future__ import annotations

from array import array

from core.models.unigram.lattice import RESET

UNKNOWN_NODE = -1  # the id of an unknown node in a path


def trie_of(scored: dict[str, tuple[int, float]]) -> dict:
    """The pieces as nested dicts, one level per character; a node's own
    piece is under ``""`` (never a character) as ``(id, score)``."""
    trie: dict = {}
    for piece, found in scored.items():
        node = trie
        for ch in piece:
            node = node.setdefault(ch, {})
        node[""] = found
    return trie


def best_path(trie: dict, longest: int, unk_score: float, text: str, float32: bool) -> tuple[list[int], list[int]]:
    """``(ends, ids)``: the best path over ``text``, each node's end offset
    and piece ID (:data:`UNKNOWN_NODE` for an unknown node)."""
    n = len(text)
    best: list = [None] * (n + 1)
    best[0] = 0.0
    back_start = [0] * (n + 1)
    back_id = [0] * (n + 1)
    rounded = array("f", [0.0])  # a float32 slot: storing rounds a sum as C++ does
    frontier = 0
    for s in range(n):
        b = best[s]
        if float32 and (b < -RESET or b > RESET):
            for i in range(s, frontier + 1):
                if best[i] is not None:
                    rounded[0] = best[i] - b
                    best[i] = rounded[0]
            b = best[s]
        node, single, e = trie, False, s
        for ch in text[s:s + longest]:
            node = node.get(ch)
            if node is None:
                break
            e += 1
            hit = node.get("")
            if hit is None:
                continue
            if float32:
                rounded[0] = b + hit[1]
                c = rounded[0]
            else:
                c = b + hit[1]
            if best[e] is None or c > best[e]:
                best[e], back_start[e], back_id[e] = c, s, hit[0]
            single = single or e == s + 1
            frontier = max(frontier, e)
        if not single:
            if float32:
                rounded[0] = b + unk_score
                c = rounded[0]
            else:
                c = b + unk_score
            if best[s + 1] is None or c > best[s + 1]:
                best[s + 1], back_start[s + 1], back_id[s + 1] = c, s, UNKNOWN_NODE
            frontier = max(frontier, s + 1)
    ends, ids = [], []
    e = n
    while e > 0:
        ends.append(e)
        ids.append(back_id[e])
        e = back_start[e]
    ends.reverse()
    ids.reverse()
    return ends, ids
