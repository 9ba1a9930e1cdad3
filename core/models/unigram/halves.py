"""A long text's best path found on two processes (core.tokenizer.parallel).

The normalized text is cut at the first ``▁`` from :data:`SHARE` of it on,
where a chunk starts anyway (every path passes there:
:meth:`core.models.unigram.fast.Segmenter._cuts`); each process cuts its
own part into chunks.  The child finds its part's entries (certifying the
new chunks) and sends them in the text's order; this process finds and
walks its part meanwhile and turns it into IDs, then walks the child's part
over the child's entries from the stored score its own part ended on.  The
walk is the one a single process makes (:func:`core.models.unigram.walk.walk`)
over the same entries, so the path is the same: a chunk's entry is its
exact path from 0 with its margin and reach, whichever process certified it.
"""

from __future__ import annotations

import numpy as np

from core.arrays import runs
from core.models.unigram.walk import UNKNOWN, Entries, walk

SHARE = 0.45  # of the normalized text, about the part this process walks (it also walks the child's after)


class Laid:
    """Entries as the child sent them: one per chunk in the text's order
    (the attributes of :class:`core.models.unigram.walk.Entries`), their
    pieces in the text's order."""

    in_order = True

    def __init__(self, counts, margins, reaches, ids, ends, score_of):
        n = counts.size
        self.which = np.where(counts > 0, np.arange(n), -1)  # no piece: the chunk had no entry
        self.count = np.append(counts, 0)
        self.first = np.append(np.cumsum(counts) - counts, 0)
        self.margin = np.append(margins, -np.inf)
        self.reach = np.append(reaches, 0.0)
        self.ids, self.ends = ids, ends
        self.scores = score_of[ids]


def pack(table: Entries, sizes) -> np.ndarray:
    """A chunk list's entries in order, as int64s for the pipe: the chunk
    count, then per chunk its piece count (0: no entry), margin and reach,
    then its size and per piece its ID and its end in its chunk (int32s,
    two to an int64)."""
    which = table.which
    counts = table.count[which]
    picked = runs(table.first[which], counts)
    small = np.concatenate((sizes, np.stack((table.ids[picked], table.ends[picked]), axis=1).ravel())).astype(np.int32)
    if small.size % 2:
        small = np.append(small, np.int32(0))
    return np.concatenate((np.array([which.size], np.int64), counts, table.margin[which].view(np.int64),
                           table.reach[which].view(np.int64), small.view(np.int64)))


def unpack(flat: np.ndarray, score_of: np.ndarray) -> tuple[Laid, np.ndarray]:
    """:func:`pack`'s entries, and the chunks' sizes."""
    n = int(flat[0])
    counts = flat[1:1 + n]
    margins = flat[1 + n:1 + 2 * n].view(np.float64)
    reaches = flat[1 + 2 * n:1 + 3 * n].view(np.float64)
    total = int(counts.sum())
    small = flat[1 + 3 * n:].view(np.int32)
    pieces = small[n:n + 2 * total].reshape(total, 2).astype(np.int64)
    return Laid(counts, margins, reaches, pieces[:, 0], pieces[:, 1], score_of), small[:n].astype(np.int64)


def plan(model, text: str):
    """``(mine, theirs, join)`` for core.tokenizer.parallel, or None where
    the text has no cut to share (short, no cache, or no ``▁`` in its
    second part).  Each process cuts its own part into chunks: the parts
    meet at a ``▁``, where a chunk starts anyway."""
    segmenter = model.segmenter
    if not (segmenter.cache_on and segmenter.cacheable):
        return None
    normalized = model.pipeline.normalize_text(text)
    at = normalized.find(segmenter.mark, int(len(normalized) * SHARE))
    if at <= 0:
        return None

    def entries(cuts):
        bounds = cuts.tolist()
        return Entries(segmenter, [normalized[a:b] for a, b in zip(bounds, bounds[1:])])

    def second_cuts():
        return segmenter._cuts(normalized[at:]) + at

    def mine():
        cuts = segmenter._cuts(normalized[:at])
        ends, ids, base = walk(segmenter, normalized, cuts, entries(cuts), start=0.0)
        # The first part's IDs are final here: only a run of unknown characters across the meeting joins them.
        return model._ids_from(normalized, (ends, ids)), bool(ids.size and ids[-1] == UNKNOWN), base

    def theirs():
        cuts = second_cuts()
        return pack(entries(cuts), np.diff(cuts))

    def join(found, flat):
        ids, unknown_last, base = found
        if flat is None:
            cuts = second_cuts()
            table = entries(cuts)
        else:
            table, sizes = unpack(np.frombuffer(flat, np.int64), segmenter.id_scores)
            cuts = np.concatenate(([at], at + np.cumsum(sizes)))
        more_ends, more_ids, _ = walk(segmenter, normalized, cuts, table, start=base)
        more = model._ids_from(normalized, (more_ends, more_ids), at)
        if unknown_last and more_ids.size and more_ids[0] == UNKNOWN and not model.byte_fallback:
            del more[0]  # one unknown token for the run
        ids += more
        return ids
    return mine, theirs, join
