"""The incremental engine behind :func:`core.models.byte_bpe.train`.

Reference: the word-count design of Sennrich et al. (2016) as HF
``tokenizers``' ``BpeTrainer`` implements it (words kept once with a count,
a pair -> words index, count deltas), with the tie and counting rules of
seed 000, example 19.3.

Details: docs/notes/models.md#coremodelsbyte_trainpy.
"""

from __future__ import annotations

import gc
import heapq
from bisect import bisect_left, insort
from collections import Counter, defaultdict, deque
from collections.abc import Mapping, Sequence
from contextlib import contextmanager
from functools import partial
from itertools import repeat

from core.pipeline import pretokenize
from core.errors import TokenizerError

# Tie sets larger than this are stored as a count plus their first members
# (char and byte BPE alike); the whole set is recomputable from the trace.
TIE_LIMIT = 64


@contextmanager
def paused_gc():
    """Pause the cyclic garbage collector; yields whether this call paused it
    (False when it was off already: someone else manages it).

    Training and batch encoding build millions of small acyclic
    containers; each one counts towards a collection that then walks every
    live object, which cost about a third of the run time.  Reference
    counting still frees everything as usual.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield was_enabled
    finally:
        if was_enabled:
            gc.enable()


def keep_long_lived(owned: bool) -> None:
    """Move every object the collector tracks to its oldest generation
    without scanning them.  Called after training, while the collector is
    paused: what survives is the model and its trace, kept for as long as
    the model is, and the first young collection would otherwise walk all
    of it (a million references from the recorded ties: 0.05-0.15 s on a
    1 MB run).  Only when ``owned`` (the collector was on when training
    began): an application that keeps it off manages it itself, as the GUI
    does, and ``unfreeze`` would release what it froze.  (Asking
    ``gc.get_freeze_count()`` instead walks every frozen object: 25 ms per
    3 million, holding the GIL.)"""
    if owned:
        gc.freeze()
        gc.unfreeze()


def _bad_record(records, index: int | None = None) -> TokenizerError:
    """The error for the first record that is not str/bytes or not encodable."""
    for position, record in enumerate(records):
        if index is not None and position != index:
            continue
        if isinstance(record, str):
            try:
                record.encode("utf-8")
            except UnicodeEncodeError:
                return TokenizerError(f"record {position}: character {_surrogate_at(record)} is a lone "
                                      "surrogate that UTF-8 cannot encode")
        elif not isinstance(record, (bytes, bytearray)):
            return TokenizerError(f"record {position} is {type(record).__name__}; records must be str or bytes")
    raise AssertionError("no bad record found")  # internal invariant


def _surrogate_at(text: str) -> int:
    return next(i for i, c in enumerate(text) if "\ud800" <= c <= "\udfff")


def _record_texts(records) -> Counter:
    """Distinct records as ``str`` (bytes via surrogateescape) with counts."""
    try:
        tally = Counter(records)
    except TypeError:  # a bytearray, or an unhashable wrong type
        records = [bytes(r) if isinstance(r, bytearray) else r for r in records]
        try:
            tally = Counter(records)
        except TypeError:
            raise _bad_record(records) from None
    has_bytes = False
    for record in tally:
        if isinstance(record, str):
            if not record.isascii():
                try:
                    record.encode("utf-8")
                except UnicodeEncodeError:
                    raise _bad_record(records) from None
        elif isinstance(record, bytes):
            has_bytes = True
        else:
            raise _bad_record(records)
    if not has_bytes:
        return tally
    texts: Counter[str] = Counter()
    for record, times in tally.items():
        # surrogateescape turns each undecodable byte into one code point
        # and back, so any bytes survive the split exactly; a bytes record
        # and its text are the same record.
        texts[record if isinstance(record, str) else record.decode("utf-8", "surrogateescape")] += times
    return texts


def count_words(records, pretokenizer: str) -> dict[bytes, int]:
    """Every distinct pre-token's bytes with its number of occurrences."""
    # A Mapping is a word table (record -> times): Counter() keeps its counts.
    if not isinstance(records, (Sequence, Mapping)):
        records = list(records)
    pieces = pretokenize.count_pieces(pretokenizer, _record_texts(records))
    return {piece.encode("utf-8", "surrogateescape"): n for piece, n in pieces.items() if piece}


class _Queue:
    """Pair counts in buckets (count -> pairs), the top bucket kept sorted."""

    def __init__(self, counts: dict[str, int], entry=None, entries_of=None):
        self.counts = counts
        # What the top bucket holds and is sorted by: the pair strings
        # themselves (their order is the IDs'), or ``entry(pair)``, a value
        # distinct for each pair (char BPE: its symbol strings, or a policy
        # key ending with them), so that the sort and every bisect compare
        # tuples in C instead of calling a key function.
        self.entry = entry
        # A whole new top bucket's entries at once (default: entry by entry).
        self.entries_of = entries_of if entries_of is not None or entry is None else partial(map, entry)
        self.buckets: dict[int, set[str]] = defaultdict(set)
        for pair, count in counts.items():
            self.buckets[count].add(pair)
        self.levels = [-c for c in self.buckets]
        heapq.heapify(self.levels)
        self.top = 0
        self.sorted: list = []

    def apply(self, merged: str, delta: dict[str, int]) -> None:
        """Drop the merged pair and add each nonzero delta, moving each pair
        between buckets (one pass: this runs once per touched pair and
        merge)."""
        counts, buckets, levels, top, entry, listed = (self.counts, self.buckets, self.levels, self.top,
                                                       self.entry, self.sorted)
        delta[merged] = -counts[merged]
        for pair, d in delta.items():
            if not d:
                continue
            old = counts.get(pair, 0)
            new = old + d
            if old:
                bucket = buckets[old]
                bucket.discard(pair)
                if not bucket:
                    del buckets[old]
                if old == top:
                    del listed[bisect_left(listed, pair if entry is None else entry(pair))]
            if new > 0:
                counts[pair] = new
                bucket = buckets.get(new)
                if bucket is None:
                    heapq.heappush(levels, -new)
                    buckets[new] = {pair}
                else:
                    bucket.add(pair)
                if new == top:
                    insort(listed, pair if entry is None else entry(pair))
            else:
                del counts[pair]
        del delta[merged]

    def best(self) -> tuple[int, list]:
        """The top count and its pairs (or entries), sorted (count 0 when
        none are left)."""
        levels, buckets = self.levels, self.buckets
        while levels and -levels[0] not in buckets:
            heapq.heappop(levels)
        if not levels:
            return 0, []
        if -levels[0] != self.top:
            self.top = -levels[0]
            bucket = buckets[self.top]
            self.sorted = sorted(bucket if self.entry is None else self.entries_of(bucket))
        return self.top, self.sorted


class _PairTuples(dict):
    """Two-character pair -> ``(left, right)`` IDs, made once per pair."""

    def __missing__(self, pair: str) -> tuple[int, int]:
        self[pair] = value = (ord(pair[0]), ord(pair[1]))
        return value


class _Ties:
    """Each step's recorded ties (its first ``tie_limit`` top pairs, each
    through ``convert``), built from the previous step's.  Between steps at
    one count the top usually only loses its winner and, when longer than
    the limit, shows one more pair at the end, so that case converts one
    pair instead of all of them."""

    def __init__(self, convert):
        self.convert = convert  # None: record the top's entries as they are
        self.head: list[str] = []
        self.ties: tuple = ()

    def __call__(self, head: list) -> tuple:
        prev, convert = self.head, self.convert
        if len(head) == len(prev) and head[:-1] == prev[1:]:
            ties = self.ties[1:] + ((head[-1] if convert is None else convert(head[-1])),)
        elif len(head) + 1 == len(prev) and head == prev[1:]:
            ties = self.ties[1:]
        else:
            ties = tuple(head if convert is None else map(convert, head))
        self.head, self.ties = head, ties
        return ties


def _pairs(word: str):
    return map(str.__add__, word, word[1:])


def _index(symbols: list[str], freqs: list[int]) -> tuple[dict[str, int], dict[str, list[int]]]:
    """The pair counts and the pair -> words index of the starting words.

    The index lists a word once per occurrence (``_merge`` visits each
    word once), so it is built by ``map`` in C, and each count is the summed
    count of the words listed: a Python step per occurrence took a tenth
    of a 1 MB run.
    """
    where: dict[str, list[int]] = defaultdict(list)
    get, append = where.__getitem__, list.append
    for index, word in enumerate(symbols):
        deque(map(append, map(get, _pairs(word)), repeat(index)), 0)
    weight = freqs.__getitem__
    return {pair: sum(map(weight, listed)) for pair, listed in where.items()}, where


def learn(words: dict[bytes, int], num_merges: int, first_id: int, *, progress=None,
          should_stop=None, tie_limit: int = TIE_LIMIT) -> tuple[list[tuple], bool]:
    """Up to ``num_merges`` steps ``(left, right, count, ties, tie_count)``
    with new IDs counting up from ``first_id``, and whether ``should_stop``
    ended the run."""
    symbols: list[str] = []
    freqs: list[int] = []
    for data, freq in words.items():
        if len(data) >= 2:
            symbols.append(data.decode("latin-1"))  # one character per byte value
            freqs.append(freq)
    # The index only grows: a repeated or stale word is skipped by the find
    # in _merge, which is cheaper than keeping sets.
    counts, where = _index(symbols, freqs)
    queue = _Queue(counts)
    del counts
    steps: list[tuple] = []
    record = _Ties(_PairTuples().__getitem__)
    for rank in range(1, num_merges + 1):
        if should_stop is not None and should_stop():
            return steps, True
        top, tied = queue.best()
        if not top:
            break
        pair = tied[0]
        if first_id + rank > 0x110000:
            raise TokenizerError(f"byte BPE can learn at most {0x110000 - first_id} merges")
        # Consecutive steps at one count share most ties: one tuple per
        # distinct pair keeps a long trace at a pointer per recorded tie.
        ties = record(tied[:tie_limit])
        steps.append((ties[0][0], ties[0][1], top, ties, len(tied)))
        _merge(pair, chr(first_id + rank - 1), symbols, freqs, where, queue)
        if progress is not None:
            progress(rank, num_merges)
    return steps, False


def _merge(pair: str, new: str, symbols: list[str], freqs: list[int], where, queue: _Queue) -> dict[str, int]:
    """Merge ``pair`` into ``new`` in every word that holds it, then apply
    the summed count deltas (returned: every pair they touched).  ``new``
    may already occur in the words (char BPE: two merges can spell the same
    string)."""
    delta: dict[str, int] = defaultdict(int)
    # A word that holds the pair once only swaps its neighbours' pairs:
    # ``x + pair[0]`` becomes ``x + new`` and ``pair[1] + y`` becomes
    # ``new + y``.  Grouping those words by the neighbour symbol makes one
    # dict update per occurrence instead of four slices and six updates;
    # the deltas and the index entries follow once per distinct neighbour.
    before: dict[str, list[int]] = defaultdict(list)
    after: dict[str, list[int]] = defaultdict(list)
    # The index lists a word once per occurrence: a word holding the pair
    # k times must be merged once, not found k times (k scans of one long
    # word made training quadratic in its length).  ``dict.fromkeys``
    # keeps the first-listed order, so every merge and tie is as before.
    for w in dict.fromkeys(where.pop(pair)):
        old = symbols[w]
        i = old.find(pair)
        if i < 0:  # the index only grows; this word lost the pair earlier
            continue
        word = old.replace(pair, new)
        symbols[w] = word
        if len(word) + 1 == len(old):  # the common case: one occurrence
            if i:
                before[old[i - 1]].append(w)
            if i + 2 < len(old):
                after[old[i + 2]].append(w)
            continue
        # Several occurrences: each outer neighbour is grouped as above (a
        # word listed once per occurrence counts once per occurrence), and
        # between two adjacent occurrences ``pair[1] + pair[0]`` becomes
        # ``new + new``, counted as the left side of the second one.
        end = -2
        while i >= 0:
            if i == end:
                f = freqs[w]
                delta[pair[1] + pair[0]] -= f
                delta[new + new] += f
                where[new + new].append(w)
            elif i:
                before[old[i - 1]].append(w)
            end = i + 2
            i = old.find(pair, end)
            if i != end and end < len(old):
                after[old[end]].append(w)
    weight = freqs.__getitem__
    first, second = pair
    for side, grouped in ((0, before), (1, after)):
        for x, words in grouped.items():
            f = sum(map(weight, words))
            if side:
                delta[second + x] -= f
                p = new + x
            else:
                delta[x + first] -= f
                p = x + new
            delta[p] += f
            listed = where.get(p)
            if listed is None:
                where[p] = words
            else:
                listed += words
    delta.pop(pair, None)  # every occurrence merged: it goes to zero below
    queue.apply(pair, delta)
    return delta
