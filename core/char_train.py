"""The incremental engine behind :func:`core.char_bpe.train`.

It is the byte-level engine (:mod:`core.byte_train`: words kept once with
their counts, a pair -> words index, summed count deltas, a bucket queue)
run on character symbols.  Each distinct symbol *string* gets one code
point, so a word is a ``str`` with one character per symbol and merging is
``str.replace`` in C.  Two merges that spell the same string (``ab + c``
and ``a + bc``) get the same code point: symbols are strings, as in the
plain trainer, and so they count as one symbol.

Ties follow the policy by symbol strings, not by code points:

* ``lexicographic`` and ``subword-nmt`` keep the top bucket sorted by the
  pair's strings and read it from the front or the back;
* any other policy (``first-seen``, ``minbpe``, ``hf``, ``sentencepiece``)
  sorts the top bucket by :func:`core.ties.order_key`, each pair's key
  cached until a merge changes the pair's count.
"""

from __future__ import annotations

from collections import defaultdict

from .byte_train import TIE_LIMIT, _merge, _pairs, _Queue, paused_gc
from .errors import TokenizerError
from .ties import order_key

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


def _first_seen(symbols, where, codes, names):
    """``pair -> (word index, offset)`` of its first occurrence, the offset
    counted in characters of the original word: unlike the symbol position,
    it stays put when a merge shortens the word before it, so a key changes
    only when the pair itself is merged, destroyed or created.  A closure,
    not a method: the keys object holding it would otherwise be a reference
    cycle, and keep the whole index alive after training."""

    def first_seen(pair: tuple[str, str]) -> tuple[int, int]:
        code = codes[pair[0]] + codes[pair[1]]
        # The index may list a word twice or after it lost the pair.
        w = min(w for w in where[code] if code in symbols[w])
        word = symbols[w]
        return w, sum(map(len, map(names.__getitem__, word[:word.find(code)])))

    return first_seen


class _PolicyKeys:
    """Each pair's sort key under a policy whose order depends on the corpus
    (``first-seen``: where the pair first occurs), cached.  The queue keeps
    its top bucket sorted by these keys, so a key may change only in
    :meth:`refresh`, which takes the pairs a merge touched out of the sorted
    top, forgets their keys and puts them back under their new ones."""

    def __init__(self, policy_key, as_names):
        self.policy_key, self.as_names = policy_key, as_names
        self.cache: dict[str, object] = {}

    def __call__(self, pair: str):
        found = self.cache.get(pair)
        if found is None:
            found = self.cache[pair] = self.policy_key(self.as_names[pair])
        return found

    def refresh(self, touched, queue) -> None:
        cache, counts, top = self.cache, queue.counts, queue.top
        touched = [p for p in touched if p in cache]
        shown = [p for p in touched if counts.get(p) == top]
        for pair in shown:
            queue.unlist(pair)
        for pair in touched:
            del cache[pair]
        for pair in shown:
            queue.relist(pair)


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
    """Empty the trainer's big containers one entry at a time.  Freeing a
    million-entry index in one ``dict`` teardown holds the GIL for 0.1-0.2 s;
    a Python loop lets the GUI thread in between entries."""
    for container in held.values():
        while container:
            container.popitem()


def _learn(words, freqs, alphabet, ids, length, tie, merges, vocab_size, progress, should_stop, tie_limit, held):
    codes = {s: chr(i) for i, s in enumerate(alphabet)}  # symbol string -> code point
    names = {c: s for s, c in codes.items()}
    symbols = ["".join(map(codes.__getitem__, w)) for w in words]
    where: dict[str, list[int]] = defaultdict(list)  # pair -> words, appended as pairs appear
    counts: dict[str, int] = {}
    for index, word in enumerate(symbols):
        f = freqs[index]
        for pair in _pairs(word):
            counts[pair] = counts.get(pair, 0) + f
            listed = where[pair]
            if not listed or listed[-1] != index:
                listed.append(index)
    as_names = _Names(names)
    keys = None if tie in SORTED_POLICIES else _PolicyKeys(
        order_key(tie, first_seen=_first_seen(symbols, where, codes, names), ids=ids, length=length), as_names)
    queue = _Queue(counts, key=as_names.__getitem__ if keys is None else keys)
    held.update(where=where, counts=counts, buckets=queue.buckets)
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
        ties = tuple(map(as_names.__getitem__, shown))
        left, right = ties[0]
        steps.append((left, right, top, ties, len(tied)))
        new = left + right
        code = codes.get(new)
        if code is None:
            if len(codes) >= MAX_SYMBOLS:
                raise TokenizerError(f"char BPE can hold at most {MAX_SYMBOLS} distinct symbols")
            code = codes[new] = chr(len(codes))
            names[code] = new
        ids.setdefault(new, len(ids))
        length.setdefault(new, length[left] + length[right])
        delta = _merge(codes[left] + codes[right], code, symbols, freqs, where, queue)
        if keys is not None:
            keys.refresh(delta, queue)
        if progress is not None:
            progress(len(steps), merges)
