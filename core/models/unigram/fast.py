"""The Viterbi segmentation of a frozen unigram model, fast and exact.

SentencePiece 0.2's ``Model::EncodeOptimized`` (``unigram_model.cc``),
step by step: for each start offset in order, the pieces that match there
(walked in a trie of the pieces, shortest first) relax the best score of
their end offset when strictly better, so on a tie the earlier start wins;
where no one-character piece matches, an unknown node of ``unk_score``
covers one character.  With ``float32`` every sum is rounded to single
precision, and when the best score at a start offset passes ±100,000 every
stored score from there to the furthest end seen is rebased by it (the
``kScoreResetThreshold`` of SentencePiece 0.2.3), which is what keeps long
texts from losing all precision.  Without ``float32`` scores add in double
precision and are never rebased.

The cache.  SentencePiece never lets a piece run past a ``▁`` (unless a
model's vocabulary says otherwise, which is checked), so every path passes
through each ``▁`` offset and the text splits into ``▁``-led chunks; a long
chunk (Chinese, Japanese) is cut further between two characters that no
piece holds side by side.  The
best path over a chunk still depends on the score it starts from, because
sums are rounded: the cache keeps, per chunk, the exact best path with its
smallest winning margin and the largest score it reaches, and uses it only
where the rounding from that start score cannot reach the margin (and no
rebase can happen inside the chunk); the stored score at the chunk's end is
then recomputed along the path in the same arithmetic.  Elsewhere (ties,
long chunks, a rebase) the chunk is searched as above.  Either way the IDs
are those of the search over the whole text.

Speed.  In a long text the chunks not seen before are certified together
(:mod:`core.models.unigram.certify`, numpy) and kept in flat arrays; the
walk over the text's chunks then takes a window of them at a time, their
running score one cumulative sum in the model's arithmetic (:func:`core.models.unigram.walk.walk`).
A text shorter than :data:`SHORT_TEXT` (a line of a corpus) is walked one
chunk at a time with a cache of tuples, which costs less than numpy's
set-up there; many lines at once (:meth:`Segmenter.paths_many`) are read
from the flat store wherever no score a line can reach could change a
chunk's path, and the rest walked so.
"""

from __future__ import annotations

import threading
from array import array
from functools import cached_property
from itertools import chain

import numpy as np

from core.arrays import code_points, runs
from core.models.unigram.certify import Trie, certify
from core.models.unigram.walk import (CACHE_CHARS, CACHE_LIMIT, CERTIFY_CHARS, RESET, UNKNOWN, Entries, Store,
                                      certify_chars, walk, wide)
from core.slices import by_size
from core.pipeline.normalize import SPACE_MARK

F32_STEP = 2.0 ** -23  # relative spacing of float32 values
F64_STEP = 2.0 ** -52
SHORT_TEXT = 1000  # shorter texts are walked one chunk at a time (_short_path)
FILL_MIN = 64  # fewer new chunks are left to _short_path, one by one


class Segmenter:
    """A unigram model's pieces as a trie, and its best paths."""

    def __init__(self, model, *, cache: bool = True):
        from core.models.unigram.lattice import f32
        from core.models.unigram.model import NORMAL

        self.float32 = model.float32
        trie: dict = {}
        scores = {}
        for piece, index in model._match.items():
            p = model.pieces[index]
            # SentencePiece: a user-defined symbol outscores any segmentation of it.
            score = p.score if p.type == NORMAL else len(piece) * model._max_score - 0.1
            score = f32(score) if self.float32 else float(score)
            scores[index] = score
            node = trie
            for ch in piece:
                node = node.setdefault(ch, {})
            node[""] = (index, score)  # "" is never a character: the node's own piece
        self.trie = trie
        self.longest = model._max_len
        self.unk = model.unk_score
        scores[UNKNOWN] = self.unk
        self.scores = scores
        self.spread = max(map(abs, scores.values()))  # the largest |score| a step adds
        pipeline = model.pipeline
        self.mark = SPACE_MARK if pipeline.escape_whitespaces else " "
        self.cache_on = cache
        self.cacheable = cache and not pipeline.treat_whitespace_as_suffix and \
            all(self.mark not in piece[1:] for piece in model._match)
        # Two characters no piece holds side by side: no node spans the
        # place between them, so every path passes there too.
        self.pairs = frozenset(piece[i:i + 2] for piece in model._match for i in range(len(piece) - 1))
        self.step = F32_STEP if self.float32 else F64_STEP
        self.cache: dict = {}  # chunk -> its entry in the store
        self.short_cache: dict = {}  # chunk -> (ends, ids, scores, margin, reach), for short texts
        self.store = Store(np.float32 if self.float32 else np.float64)
        self.lock = threading.Lock()

    @cached_property
    def arrays(self) -> Trie:
        return Trie(self.trie)

    @cached_property
    def id_scores(self) -> np.ndarray:
        """Each piece's score by ID in the store's arithmetic (0 for a piece
        no text matches); the unknown node's last, where UNKNOWN (-1) indexes."""
        table = np.zeros(max(self.scores) + 2, self.store.scores.dtype)
        for index, score in self.scores.items():
            table[index] = score
        return table

    # ==== the search ====

    def search(self, text: str, lo: int, hi: int, base: float):
        """``(ends, ids, score)``: the best path over ``text[lo:hi]`` starting
        from the stored score ``base``, as absolute end offsets and IDs
        (UNKNOWN for an unknown node), and the stored score at ``hi``."""
        n = hi - lo
        best: list = [None] * (n + 1)
        best[0] = base
        back_start = [0] * (n + 1)
        back_id = [0] * (n + 1)
        trie, unk, rounding, longest = self.trie, self.unk, self.float32, self.longest
        buf = array("f", [0.0])
        frontier = 0
        for s in range(n):
            b = best[s]
            if rounding and (b < -RESET or b > RESET):
                for i in range(s, frontier + 1):
                    v = best[i]
                    if v is not None:
                        buf[0] = v - b
                        best[i] = buf[0]
                b = best[s]
            node = trie
            single = False
            e = s
            for ch in text[lo + s:min(hi, lo + s + longest)]:
                node = node.get(ch)
                if node is None:
                    break
                e += 1
                hit = node.get("")
                if hit is None:
                    continue
                if rounding:
                    buf[0] = b + hit[1]
                    c = buf[0]
                else:
                    c = b + hit[1]
                old = best[e]
                if old is None or c > old:
                    best[e] = c
                    back_start[e] = s
                    back_id[e] = hit[0]
                if e == s + 1:
                    single = True
                if e > frontier:
                    frontier = e
            if not single:
                if rounding:
                    buf[0] = b + unk
                    c = buf[0]
                else:
                    c = b + unk
                old = best[s + 1]
                if old is None or c > old:
                    best[s + 1] = c
                    back_start[s + 1] = s
                    back_id[s + 1] = UNKNOWN
                if s + 1 > frontier:
                    frontier = s + 1
        ends, ids = [], []
        e = n
        while e > 0:
            ends.append(lo + e)
            ids.append(back_id[e])
            e = back_start[e]
        ends.reverse()
        ids.reverse()
        return ends, ids, best[n]

    def _certified(self, chunk: str):
        """The exact best path over ``chunk`` from 0: ``(relative ends, ids,
        scores, smallest margin on the path, largest |score| reached)``.
        Margin 0 means an exact tie, which the rounding decides.  Solved in
        segments, as :func:`core.models.unigram.certify.certify` (which
        gives the same numbers): cut between two characters that no piece
        holds side by side, the reach each segment's shifted by the sum of
        the segments before it."""
        ends, ids, margin, reach, before, start = [], [], float("inf"), 0.0, 0.0, 0
        for at in [*self._unheld(chunk), len(chunk)]:
            found_ends, found_ids, found_margin, high, low, total = self._solved(chunk[start:at])
            ends += [start + e for e in found_ends]
            ids += found_ids
            margin = min(margin, found_margin)
            reach = max(reach, abs(before + high), abs(before + low))
            before += total
            start = at
        return tuple(ends), tuple(ids), tuple(map(self.scores.__getitem__, ids)), margin, reach

    def _solved(self, chunk: str):
        """The best path over a segment from 0: ``(ends, ids, margin, highest
        and lowest best score, score at the end)``."""
        n = len(chunk)
        best: list = [None] * (n + 1)
        second = [-1e300] * (n + 1)
        best[0] = 0.0
        back_start = [0] * (n + 1)
        back_id = [0] * (n + 1)
        trie, unk, longest = self.trie, self.unk, self.longest
        for s in range(n):
            b = best[s]
            node = trie
            single = False
            e = s
            for ch in chunk[s:s + longest]:
                node = node.get(ch)
                if node is None:
                    break
                e += 1
                hit = node.get("")
                if hit is None:
                    continue
                c = b + hit[1]
                old = best[e]
                if old is None:
                    best[e] = c
                    back_start[e] = s
                    back_id[e] = hit[0]
                elif c > old:
                    second[e] = old if old > second[e] else second[e]
                    best[e] = c
                    back_start[e] = s
                    back_id[e] = hit[0]
                elif c > second[e]:
                    second[e] = c
                if e == s + 1:
                    single = True
            if not single:
                c = b + unk
                e = s + 1
                old = best[e]
                if old is None:
                    best[e] = c
                    back_start[e] = s
                    back_id[e] = UNKNOWN
                elif c > old:
                    second[e] = old if old > second[e] else second[e]
                    best[e] = c
                    back_start[e] = s
                    back_id[e] = UNKNOWN
                elif c > second[e]:
                    second[e] = c
        ends, ids, margin = [], [], float("inf")
        e = n
        while e > 0:
            ends.append(e)
            ids.append(back_id[e])
            if best[e] - second[e] < margin:
                margin = best[e] - second[e]
            e = back_start[e]
        ends.reverse()
        ids.reverse()
        return ends, ids, margin, max(best), min(best), best[n]

    def _short_chunks(self, text: str):
        """The text cut where no node can span the cut: before each ``▁``
        (where the vocabulary allows), and inside long stretches between
        two characters that no piece holds side by side."""
        if self.cacheable:
            parts = text.split(self.mark)
            stretches = [self.mark + part if k else part for k, part in enumerate(parts)]
        else:
            stretches = [text]
        for stretch in stretches:
            if len(stretch) <= CACHE_CHARS:
                if stretch:
                    yield stretch
                continue
            start = 0
            for at in self._unheld(stretch):
                yield stretch[start:at]
                start = at
            yield stretch[start:]

    def _unheld(self, text: str):
        """The places inside ``text`` between two characters that no piece
        holds side by side: no node spans them."""
        pairs = self.pairs
        return (at for at in range(1, len(text)) if text[at - 1:at + 1] not in pairs)

    def paths_many(self, texts: list[str]) -> list[tuple[list[int], list[int]]]:
        """``[self.path(t) for t in texts]`` for many short texts (the lines
        of a corpus).  A text's running score is at most the sum of its
        chunks' reaches (plus the rounding of that many additions); where
        every chunk's margin is wide enough (:func:`wide`) from that bound,
        and no rebase can happen below it, the walk would take every cached
        path as it is, so the text's path is read from the store with
        numpy.  Any other text is walked as one by one."""
        short = [k for k, t in enumerate(texts) if 0 < len(t) < SHORT_TEXT] if self.cache_on else []
        out: list = [None] * len(texts)
        if len(short) >= FILL_MIN:
            for k, found in zip(short, self._read_many([texts[k] for k in short])):
                out[k] = found
        rest = [k for k, found in enumerate(out) if found is None]
        self.fill_short([texts[k] for k in rest])
        for k in rest:
            out[k] = self.path(texts[k])
        return out

    def _read_many(self, texts: list[str]) -> list:
        """Each text's path read from the store, or None where it must be walked."""
        per = [list(self._short_chunks(t)) for t in texts]
        chunks = list(chain.from_iterable(per))
        table = Entries(self, chunks)
        which = table.which
        per_text = np.fromiter(map(len, per), np.int64, len(per))
        first_chunk = np.cumsum(per_text) - per_text
        text_of = np.repeat(np.arange(len(per)), per_text)
        sizes = np.fromiter(map(len, chunks), np.int64, len(chunks))
        # SHORT_TEXT additions at most, each rounding off a step of the bound at most.
        bound = (np.add.reduceat(table.reach[which], first_chunk) + 1.0) * (1.0 + SHORT_TEXT * self.step)
        held = table.margin[which] > wide(sizes, bound[text_of], self)
        if self.float32:
            held &= bound[text_of] < RESET
        whole = np.logical_and.reduceat(held, first_chunk)
        taken = np.flatnonzero(whole[text_of])
        counts = table.count[which[taken]]
        picked = runs(table.first[which[taken]], counts)
        offset = np.cumsum(sizes) - sizes
        offset -= offset[first_chunk][text_of]  # where each chunk starts in its text
        ids = table.ids[picked].tolist()
        ends = (table.ends[picked] + np.repeat(offset[taken], counts)).tolist()
        pieces = np.bincount(text_of[taken], weights=counts, minlength=len(per)).astype(np.int64).tolist()
        out, at = [], 0
        for ok, count in zip(whole.tolist(), pieces):
            if ok:
                out.append((ends[at:at + count], ids[at:at + count]))
                at += count
            else:
                out.append(None)
        return out

    def fill_short(self, texts) -> None:
        """Certify together (:func:`core.models.unigram.certify.certify`)
        the chunks of these texts that :meth:`_short_path` will walk and
        its cache lacks, so many lines cost a few numpy passes instead of a
        Python search per new chunk."""
        cache = self.short_cache
        room = CACHE_LIMIT - len(cache)
        if not self.cache_on or room <= 0:
            return
        chunks = chain.from_iterable(self._short_chunks(t) for t in texts if 0 < len(t) < SHORT_TEXT)
        new = [c for c in dict.fromkeys(chunks) if len(c) <= CACHE_CHARS and c not in cache]
        del new[room:]
        if len(new) < FILL_MIN:
            return
        for group in by_size(new, CERTIFY_CHARS):
            cache.update(zip(group, self.certified_together(group)))

    def certified_together(self, chunks: list[str]) -> list[tuple]:
        """``[self._certified(c) for c in chunks]``, by one :func:`certify`."""
        ends, ids, scores, counts, margins, reaches = certify(self.arrays, chunks, self.longest, self.unk, UNKNOWN,
                                                              certify_chars(self))
        ends, ids, scores = ends.tolist(), ids.tolist(), scores.tolist()
        out, at = [], 0
        for count, margin, reach in zip(counts.tolist(), margins.tolist(), reaches.tolist()):
            stop = at + count
            out.append((tuple(ends[at:stop]), tuple(ids[at:stop]), tuple(scores[at:stop]), margin, reach))
            at = stop
        return out

    def _cuts(self, text: str) -> np.ndarray:
        """Offsets where the text is cut into chunks no node can span, from
        0 to ``len(text)``: before each ``▁`` (where the vocabulary allows),
        and inside stretches longer than :data:`CACHE_CHARS` between two
        characters that no piece holds side by side."""
        points = code_points(text)
        n = points.size
        if not n:
            return np.zeros(1, np.int64)
        marks = np.flatnonzero(points == ord(self.mark)) if self.cacheable else np.empty(0, np.int64)
        head = np.zeros(0 if marks.size and not marks[0] else 1, np.int64)  # 0, unless a ▁ starts the text
        bounds = np.concatenate((head, marks, np.array([n], np.int64)))
        longest = np.diff(bounds)
        if not longest.size or longest.max() <= CACHE_CHARS:
            return bounds
        inside = np.repeat(longest > CACHE_CHARS, longest)
        inside[bounds[:-1]] = False  # a stretch's own start is cut already
        at = np.flatnonzero(inside[1:]) + 1
        extra = at[~self.arrays.held(points[at - 1], points[at])]
        return np.insert(bounds, np.searchsorted(bounds, extra), extra)  # both sorted: merged without a sort

    def path(self, text: str) -> tuple[list[int], list[int]]:
        """``(ends, ids)`` of the best path over the whole normalized text."""
        ends, ids = self.path_ids(text)
        if isinstance(ids, np.ndarray):
            return ends.tolist(), ids.tolist()
        return ends, ids

    def path_ids(self, text: str) -> tuple:
        """:meth:`path`, as two numpy arrays where the text is long (the
        IDs alone need no list of the ends)."""
        n = len(text)
        if not self.cache_on or not n:
            ends, ids, _ = self.search(text, 0, n, 0.0)
            return ends, ids
        if n < SHORT_TEXT:
            return self._short_path(text)
        cuts = self._cuts(text)
        bounds = cuts.tolist()
        chunks = [text[a:b] for a, b in zip(bounds, bounds[1:])]
        return walk(self, text, cuts, Entries(self, chunks))

    def _short_path(self, text: str) -> tuple[list[int], list[int]]:
        """:meth:`path` one chunk at a time, for a short text (a line, a
        word), where numpy's set-up would cost more than the work: the
        cache of tuples, new chunks certified one by one."""
        cache, rounding = self.short_cache, self.float32
        buf = array("f", [0.0])
        ends: list[int] = []
        ids: list[int] = []
        base, pos = 0.0, 0
        for chunk in self._short_chunks(text):
            size = len(chunk)
            if rounding and (base < -RESET or base > RESET):
                base = 0.0  # rebased at the chunk's start: nothing reaches past it yet
            entry = cache.get(chunk)
            if entry is None and size <= CACHE_CHARS and len(cache) < CACHE_LIMIT:
                entry = cache[chunk] = self._certified(chunk)
            if entry is not None:
                rel_ends, rel_ids, scores, margin, reach = entry
                top = abs(base) + reach + 1.0
                if margin > wide(size, top, self) and (not rounding or top < RESET):
                    ends += [pos + e for e in rel_ends]
                    ids += rel_ids
                    if rounding:
                        for score in scores:
                            buf[0] = base + score
                            base = buf[0]
                    else:
                        for score in scores:
                            base += score
                    pos += size
                    continue
            found_ends, found_ids, base = self.search(text, pos, pos + size, base)
            ends += found_ends
            ids += found_ids
            pos += size
        return ends, ids
