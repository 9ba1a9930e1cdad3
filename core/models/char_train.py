"""The incremental engine behind :func:`core.models.char_bpe.train`.

It is the byte-level engine (:mod:`core.models.byte_train`) run on
character symbols, one code point per distinct symbol string; ties follow
the policy by symbol strings, not by code points.

Details: docs/notes/models.md#coremodelschar_trainpy.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections import deque
from itertools import compress, count, repeat, starmap
from operator import getitem, itemgetter, not_

from core.models.byte_train import TIE_LIMIT, _index, _merge, _Queue, _Ties, paused_gc
from core.errors import TokenizerError
from core.models.ties import CORPUS_ORDER, order_key

MAX_SYMBOLS = 0x110000  # one code point per distinct symbol string
SORTED_POLICIES = ("lexicographic", "subword-nmt")


class _Names(dict):
    """Two-character pair -> ``(left, right)`` symbol strings, made once per
    pair, so a long trace holds one tuple per distinct tied pair."""

    def __init__(self, names):
        super().__init__()
        self.names = names  # code point -> symbol string

    def __missing__(self, pair: str) -> tuple[str, str]:
        names = self.names
        self[pair] = value = (names[pair[0]], names[pair[1]])
        return value


class _Entries(dict):
    """Pair -> ``(key, strings)``, its entry in the queue's sorted top under
    a policy whose key does not depend on the corpus (``hf``,
    ``sentencepiece``), made once per pair."""

    def __init__(self, key, as_names):
        super().__init__()
        self.key, self.as_names = key, as_names

    def __missing__(self, pair: str):
        names = self.as_names[pair]
        self[pair] = value = (self.key(names), names)
        return value


class _FirstSeen(dict):
    """Pair -> ``((word index, offset), strings)``: where the pair first
    occurs, the offset counted in characters of the original word.  Unlike
    the symbol position, it stays put when a merge shortens the word before
    it, so the key changes only when the pair itself is merged, destroyed
    or created (:func:`_refresh`).  A whole new top bucket is keyed at once
    by :meth:`many`."""

    def __init__(self, symbols, where, spelled, as_names):
        super().__init__()
        # spelled: ord(code point) -> symbol string, for str.translate
        self.symbols, self.where, self.spelled, self.as_names = symbols, where, spelled, as_names

    def __missing__(self, pair: str):
        symbols, listed = self.symbols, self.where[pair]
        # The index may list a word twice or after it lost the pair; its
        # smallest word usually still holds it.
        w = min(listed)
        if pair not in symbols[w]:
            w = _prune(pair, listed, symbols)
        word = symbols[w]
        self[pair] = value = ((w, len(word[:word.find(pair)].translate(self.spelled))), self.as_names[pair])
        return value

    def many(self, pairs) -> list:
        """The entries of ``pairs`` (a new top bucket), as ``__missing__``
        makes them but computed in C: the whole bucket is keyed at once
        when the top count changes."""
        symbols, where = self.symbols, self.where
        pairs = list(pairs)
        ws = list(map(min, map(where.__getitem__, pairs)))
        words = list(map(symbols.__getitem__, ws))
        for n in compress(count(), map(not_, map(str.__contains__, words, pairs))):
            ws[n] = w = _prune(pairs[n], where[pairs[n]], symbols)
            words[n] = symbols[w]
        before = map(getitem, words, map(slice, map(str.find, words, pairs)))
        offsets = map(len, map(str.translate, before, repeat(self.spelled)))
        entries = list(zip(zip(ws, offsets), map(self.as_names.__getitem__, pairs)))
        self.update(zip(pairs, entries))
        return entries


def _prune(pair: str, listed: list[int], symbols: list[str]) -> int:
    """Drop the words that no longer hold ``pair`` from its index list (a
    word that gets it back is listed again by the merge that makes it) and
    return the first one left.  A pair whose count fell from hundreds to a
    few would otherwise be scanned whole at every re-keying."""
    # Once per word: a long word listed once per occurrence is searched once.
    listed[:] = [w for w in dict.fromkeys(listed) if pair in symbols[w]]
    return min(listed)


def _refresh(touched, entries: _FirstSeen, queue: _Queue) -> None:
    """Re-key the pairs a merge touched (first-seen: their first occurrence
    may have moved); those at the top count move to their new place in the
    sorted top.  Each entry is unique, so a bisect finds the old one."""
    listed, counts, top = queue.sorted, queue.counts, queue.top
    for pair in touched:
        old = entries.pop(pair, None)
        if old is not None and counts.get(pair) == top:
            del listed[bisect_left(listed, old)]
            insort(listed, entries[pair])


def learn(words, freqs, alphabet, ids, length, tie: str, *, merges=None, vocab_size=None, progress=None,
          should_stop=None, tie_limit: int = TIE_LIMIT):
    """Learn merges over ``words`` (lists of symbols drawn from ``alphabet``).

    Returns ``(steps, stop_reason)``; a step is ``(left, right, count,
    ties, tie_count)`` with ``ties`` the first ``tie_limit`` tied pairs in
    policy order, winner first.  ``ids`` (symbol -> ID: the specials, then
    the alphabet) and ``length`` (symbol -> characters) are extended with
    each new symbol, as the ``hf`` and ``sentencepiece`` policies compare
    them; training stops at ``merges`` steps, when ``ids`` reaches
    ``vocab_size``, when no pair is left, or when ``should_stop()`` is true.
    """
    # The pause ends after _learn's index and queue are freed: re-enabling
    # the collector with them alive made it walk millions of objects at
    # once, a 0.3 s stall of the GUI thread, which waits for the GIL.
    held: dict = {}  # the big containers, emptied by _release
    with paused_gc():
        try:
            return _learn(words, freqs, alphabet, ids, length, tie, merges, vocab_size, progress, should_stop,
                          tie_limit, held)
        finally:
            _release(held)


def _release(held) -> None:
    """Empty the trainer's big containers a thousand entries at a time.
    Freeing a million-entry index in one ``dict`` teardown holds the GIL for
    0.1-0.2 s; between chunks the GUI thread can take it."""
    for container in held.values():
        pop = container.popitem
        while container:
            deque(starmap(pop, repeat((), min(len(container), 1024))), 0)


def _learn(words, freqs, alphabet, ids, length, tie, merges, vocab_size, progress, should_stop, tie_limit, held):
    codes = {s: chr(i) for i, s in enumerate(alphabet)}  # symbol string -> code point
    names = {c: s for s, c in codes.items()}
    spelled = {ord(c): s for c, s in names.items()}
    symbols = ["".join(map(codes.__getitem__, w)) for w in words]
    counts, where = _index(symbols, freqs)  # where: pair -> words, appended as pairs appear
    as_names = _Names(names)
    if tie in SORTED_POLICIES:
        # The top holds the pairs' symbol strings: sorted as the policy
        # wants and recorded as they are.
        entries, record = as_names, _Ties(None)
    else:
        # The top holds (policy key, symbol strings): unique, sorted by the
        # key, recorded by the strings.
        if tie in CORPUS_ORDER:
            entries = _FirstSeen(symbols, where, spelled, as_names)
        else:
            entries = _Entries(order_key(tie, ids=ids, length=length), as_names)
        record = _Ties(itemgetter(1))
    queue = _Queue(counts, entry=entries.__getitem__, entries_of=getattr(entries, "many", None))
    held.update(where=where, counts=counts, buckets=queue.buckets, entries=entries)
    limit = float("inf") if merges is None else merges
    steps = []
    while True:
        if len(steps) >= limit:
            return steps, "merges"
        if vocab_size is not None and len(ids) >= vocab_size:
            return steps, "vocab_size"
        if should_stop is not None and should_stop():
            return steps, "cancelled"
        top, tied = queue.best()
        if not top:
            return steps, "no_pairs"
        # The top bucket is in policy order; subword-nmt's is read backwards.
        shown = tied[:-tie_limit - 1:-1] if tie == "subword-nmt" else tied[:tie_limit]
        ties = record(shown)
        left, right = ties[0]
        steps.append((left, right, top, ties, len(tied)))
        new = left + right
        code = codes.get(new)
        if code is None:
            if len(codes) >= MAX_SYMBOLS:
                raise TokenizerError(f"char BPE can hold at most {MAX_SYMBOLS} distinct symbols")
            code = codes[new] = chr(len(codes))
            names[code] = new
            spelled[ord(code)] = new
        ids.setdefault(new, len(ids))
        length.setdefault(new, length[left] + length[right])
        delta = _merge(codes[left] + codes[right], code, symbols, freqs, where, queue)
        if tie in CORPUS_ORDER:
            _refresh(delta, entries, queue)
        if progress is not None:
            progress(len(steps), merges)
