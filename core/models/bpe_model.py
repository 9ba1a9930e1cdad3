"""A general BPE model: one word (pre-token) to IDs, string tokens with any IDs.

This is HF ``tokenizers``' ``Model`` for BPE (0.23, ``models/bpe/model.rs``
``merge_word`` and ``word.rs`` ``merge_all``); added tokens, the normalizer,
the pre-tokenizer and the decoder are the tokenizer's
(:mod:`core.tokenizer.imported_bpe`).  A word's symbols are its characters
(the continuing prefix on all but the first, the end-of-word suffix on the
last); then the adjacent pair with the lowest rank merges, the leftmost on
a tie, until no ranked pair is left.

Merge ranks may repeat (``ranks``): SentencePiece and tiktoken rank the
*result* of a merge, so every pair that concatenates to the same piece
shares its rank and the leftmost such pair wins, which is exactly the rule
above.  ``ignore_merges`` looks a whole word up in the vocabulary first
(HF's flag; tiktoken always does this).  Characters the model cannot spell
are reported as dropped when there is no unknown token (HF drops them
without a word).  ``dropout`` is not supported.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import repeat

from core.errors import TokenizerError, excerpt
from core.numbers import MAX_MERGES, MAX_VOCAB
from core.pipeline.normalize import piece_byte

_NO_MERGE = (1 << 62, 0, 0)  # sorts after every real (rank, new_id, index)
# Words up to CACHED_WORD characters are cached, at most CACHE_LIMIT of them
# per cache (a few tens of MB at most); past that, misses still merge.
CACHE_LIMIT = 1 << 17
CACHED_WORD = 256
# Up to SHORT_WORD symbols a word merges by tiktoken's lowest-rank loop
# (quadratic, in C); longer ones by a heap over a linked list.
SHORT_WORD = 64


@dataclass(frozen=True)
class BPEModel:
    vocab: tuple[tuple[str, int], ...]  # (token, id); IDs need not be contiguous
    merges: tuple[tuple[str, str], ...]  # in priority order
    ranks: tuple[int, ...] | None = None  # per merge, non-decreasing; None: 0, 1, 2, ...
    unk: str | None = None
    fuse_unk: bool = False
    byte_fallback: bool = False
    continuing_prefix: str | None = None
    end_of_word_suffix: str | None = None
    ignore_merges: bool = False

    def __post_init__(self):
        ids: dict[str, int] = {}
        tokens: dict[int, str] = {}
        for index, (token, token_id) in enumerate(self.vocab):
            if not isinstance(token, str) or not token:
                raise TokenizerError(f"vocab[{index}]: a token must be a non-empty string, not {excerpt(token)}")
            if isinstance(token_id, bool) or not isinstance(token_id, int) or token_id < 0:
                raise TokenizerError(f"vocab[{index}]: the ID of {excerpt(token)} must be an integer >= 0")
            if token_id >= MAX_VOCAB:
                raise TokenizerError(f"vocab[{index}]: the ID {token_id} of {excerpt(token)} is over the limit "
                                     f"{MAX_VOCAB - 1} of a vocabulary ID")
            if token in ids:
                raise TokenizerError(f"vocab[{index}]: {excerpt(token)} has two IDs, {ids[token]} and {token_id}")
            if token_id in tokens:
                raise TokenizerError(f"vocab[{index}]: ID {token_id} is used by {excerpt(tokens[token_id])} "
                                     f"and {excerpt(token)}")
            ids[token], tokens[token_id] = token_id, token
        for name in ("continuing_prefix", "end_of_word_suffix", "unk"):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, str) or not value):
                raise TokenizerError(f"{name} must be a non-empty string or null, not {excerpt(value)}")
        if self.unk is not None and self.unk not in ids:
            raise TokenizerError(f"the unknown token {excerpt(self.unk)} is not in the vocabulary")
        if len(self.merges) > MAX_MERGES:
            raise TokenizerError(f"{len(self.merges)} merges are over the limit {MAX_MERGES} of a merge list")
        ranks = tuple(range(len(self.merges))) if self.ranks is None else tuple(self.ranks)
        if len(ranks) != len(self.merges) or any(b < a for a, b in zip(ranks, ranks[1:])):
            raise TokenizerError("merge ranks must give one non-decreasing integer per merge")
        table: dict[tuple[int, int], tuple[int, int, int]] = {}
        made: dict[int, int] = {}  # new ID -> index of the first merge that makes it
        cut = len(self.continuing_prefix or "")
        prefix, unk = self.continuing_prefix, self.unk
        for index, pair in enumerate(self.merges):
            # The checks cost little; the message is built only on failure.
            if not (isinstance(pair, tuple) and len(pair) == 2
                    and isinstance(pair[0], str) and isinstance(pair[1], str)):
                raise TokenizerError(f"merge {index + 1}: expected two token strings, found {excerpt(pair)}")
            left, right = pair
            if prefix and not right.startswith(prefix):
                raise TokenizerError(f"{_where(index, pair)}: the right side must start with the continuing prefix "
                                     f"{excerpt(prefix)}")
            if unk is not None and unk in pair:
                raise TokenizerError(f"{_where(index, pair)}: the unknown token {excerpt(unk)} cannot be merged")
            new = left + right[cut:]
            if left not in ids or right not in ids or new not in ids:
                part = next(p for p in (left, right, new) if p not in ids)
                raise TokenizerError(f"{_where(index, pair)}: {excerpt(part)} is not in the vocabulary")
            key = (ids[left], ids[right])
            if key in table:
                raise TokenizerError(f"{_where(index, pair)} repeats merge {table[key][2] + 1}")
            table[key] = (ranks[index], ids[new], index)
            made.setdefault(ids[new], index)
        # Where the new IDs order the merges exactly as their ranks do (tiktoken:
        # a rank is the token's ID; most HF files: IDs in merge order), the
        # short loop keys pairs by the new ID and needs no second lookup.
        by_rank = sorted(table.values())
        keyed_by_id = all((a[0] < b[0] and a[1] < b[1]) or (a[0] == b[0] and a[1] == b[1])
                          for a, b in zip(by_rank, by_rank[1:]))
        derived = {"ranks": None if self.ranks is None else ranks, "ids_by_token": ids, "tokens_by_id": tokens,
                   "ranks_are_ids": keyed_by_id, "_table": table, "_made": made, "_caches": {},
                   "_rank": {pair: found[1 if keyed_by_id else 0] for pair, found in table.items()},
                   "_new": None if keyed_by_id else {pair: found[1] for pair, found in table.items()}}
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    # ==== vocabulary ====

    def token(self, token_id: int) -> str:
        """The token of an ID; an ID outside the vocabulary is an error."""
        token = self.tokens_by_id.get(token_id) if not isinstance(token_id, bool) else None
        if token is None:
            raise TokenizerError(f"ID {excerpt(token_id)} is not in the vocabulary")
        return token

    def vocab_id(self, token: str) -> int | None:
        return self.ids_by_token.get(token)

    def token_bytes(self, token_id: int) -> bytes | None:
        """The byte a ``<0xE4>`` piece stands for where unknown characters fall
        back to bytes, else None."""
        value = piece_byte(self.token(token_id)) if self.byte_fallback else None
        return None if value is None else bytes([value])

    # ==== merging ====

    def merge_word(self, word: str, limit: int | None = None) -> tuple[int, ...]:
        """The IDs of one word, using only the first ``limit`` merges.

        >>> m = BPEModel((("l", 0), ("o", 1), ("w", 2), ("lo", 3), ("low", 4)), (("l", "o"), ("lo", "w")))
        >>> m.merge_word("low"), m.merge_word("low", 1)
        ((4,), (3, 2))
        """
        return self.encode_word(word, limit)[0]

    def encode_word(self, word: str, limit: int | None = None) -> tuple[tuple, tuple, tuple]:
        """``(ids, unknown texts, dropped characters)`` of one word, cached."""
        limit = None if limit is None or limit >= len(self.merges) else limit
        cache = self._caches.setdefault(limit, {})
        found = cache.get(word)
        if found is None:
            found = self._merge_word(word, limit)
            if len(cache) < CACHE_LIMIT and len(word) <= CACHED_WORD:
                cache[word] = found
        return found

    def word_cache(self, limit: int | None = None) -> dict:
        """The cache of :meth:`encode_word` for ``limit`` (word -> its result)."""
        return self._caches.setdefault(None if limit is None or limit >= len(self.merges) else limit, {})

    def clear_cache(self) -> None:
        """Forget every merged word (for cold-cache measurements)."""
        self._caches.clear()

    def _merge_word(self, word, limit):
        if self.ignore_merges and word in self.ids_by_token:
            index = self._made.get(self.ids_by_token[word])
            if limit is None or index is None or index < limit:
                return (self.ids_by_token[word],), (), ()
        symbols, unknown, dropped = self.symbols(word)
        if len(symbols) > 1 and self._table:
            symbols = self.merge(symbols, limit)
        return tuple(symbols), tuple(unknown), tuple(dropped)

    def symbols(self, word: str) -> tuple[list[int], list[str], list[str]]:
        """``(IDs of the symbols, unknown texts, dropped characters)`` of a word before any merge."""
        if self.continuing_prefix is None and self.end_of_word_suffix is None:
            try:
                return list(map(self.ids_by_token.__getitem__, word)), [], []
            except KeyError:
                pass  # a character outside the vocabulary: the full rule below
        # HF's merge_word, including where a pending unknown token lands.
        symbols, unknown, dropped, pending = [], [], [], False
        ids, last = self.ids_by_token, len(word) - 1
        for i, ch in enumerate(word):
            s = ch if i == 0 or self.continuing_prefix is None else self.continuing_prefix + ch
            if i == last and self.end_of_word_suffix is not None:
                s += self.end_of_word_suffix
            if s in ids:
                if pending:
                    symbols.append(ids[self.unk])
                    pending = False
                symbols.append(ids[s])
                continue
            # Unknown: no merge has the unknown token on a side (checked in
            # __post_init__), so its place among the symbols is final.
            if self.byte_fallback:
                fallback = [ids.get(f"<0x{b:02X}>") for b in s.encode("utf-8", "surrogatepass")]
                if None not in fallback:
                    symbols.extend(fallback)
                    continue
            if self.unk is None:
                dropped.append(ch)
                continue
            if pending and self.fuse_unk:
                unknown[-1] += s
                continue
            if pending:
                symbols.append(ids[self.unk])
            unknown.append(s)
            pending = True
        if pending:
            symbols.append(ids[self.unk])
        return symbols, unknown, dropped

    def merge(self, symbols: list[int], limit: int | None = None) -> list[int]:
        """The lowest-ranked adjacent pair merges first, the leftmost on a tie."""
        table = self._table
        if limit is not None:
            table = _Limited(table, limit)
        if len(symbols) > SHORT_WORD:
            return _merge_heap(symbols, table)
        if limit is None:
            return self._merge_short(symbols)
        none = _NO_MERGE[0]
        ranks = [table.get(p, _NO_MERGE)[0] for p in zip(symbols, symbols[1:])]
        while ranks:
            best = min(ranks)
            if best == none:
                break
            i = ranks.index(best)  # the leftmost pair of that rank
            symbols[i:i + 2] = [table.get((symbols[i], symbols[i + 1]), _NO_MERGE)[1]]
            del ranks[i]
            if i:
                ranks[i - 1] = table.get((symbols[i - 1], symbols[i]), _NO_MERGE)[0]
            if i < len(ranks):
                ranks[i] = table.get((symbols[i], symbols[i + 1]), _NO_MERGE)[0]
        return symbols

    def _merge_short(self, symbols):
        # tiktoken's loop: the rank of every adjacent pair in a list, so
        # finding the lowest (min, index) and shifting (del) run in C, and
        # only the two pairs around a merge are looked up again.
        rank_of, new_of, none = self._rank.get, self._new, _NO_MERGE[0]
        ranks = list(map(rank_of, zip(symbols, symbols[1:]), repeat(none, len(symbols) - 1)))
        while ranks:
            best = min(ranks)
            if best == none:
                break
            i = ranks.index(best)  # the leftmost pair of that rank
            new = best if new_of is None else new_of[symbols[i], symbols[i + 1]]
            symbols[i:i + 2] = (new,)
            del ranks[i]
            if i:
                ranks[i - 1] = rank_of((symbols[i - 1], new), none)
            if i < len(ranks):
                ranks[i] = rank_of((new, symbols[i + 1]), none)
        return symbols


def _where(index: int, pair) -> str:
    return f"merge {index + 1} {excerpt(pair)}"


class _Limited:
    """A merge table that hides every merge from index ``limit`` on."""

    def __init__(self, table, limit):
        self.table, self.limit = table, limit

    def get(self, pair, default):
        found = self.table.get(pair)
        return found if found is not None and found[2] < self.limit else default


def _merge_heap(symbols, table):
    # Long words: a heap over the adjacent pairs of a linked list, keyed by
    # (rank, position), so each merge costs O(log n).
    n = len(symbols)
    nxt, prv = list(range(1, n + 1)), list(range(-1, n - 1))
    alive = [True] * n
    heap = [(table.get(p, _NO_MERGE)[0], i, p) for i, p in enumerate(zip(symbols, symbols[1:]))]
    heap = [h for h in heap if h[0] != _NO_MERGE[0]]
    heapq.heapify(heap)
    while heap:
        rank, i, pair = heapq.heappop(heap)
        j = nxt[i]
        if not alive[i] or j >= n or (symbols[i], symbols[j]) != pair:
            continue
        symbols[i] = table.get(pair, _NO_MERGE)[1]
        alive[j] = False
        nxt[i] = nxt[j]
        if nxt[j] < n:
            prv[nxt[j]] = i
        for a in (prv[i], i):
            if a >= 0 and nxt[a] < n:
                p = (symbols[a], symbols[nxt[a]])
                found = table.get(p, _NO_MERGE)
                if found[0] != _NO_MERGE[0]:
                    heapq.heappush(heap, (found[0], a, p))
    return [s for s, keep in zip(symbols, alive) if keep]
