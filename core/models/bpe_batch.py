"""Many words merged at once: the lowest-rank loop, one numpy pass per round.

A word's next merge is always its lowest-ranked adjacent pair, the leftmost
on a tie (tiktoken's loop, ``BPEModel._merge_short``).  One round here makes
that merge in every word that still has a ranked pair, so a word's k-th
merge happens in round k exactly as in the one-word loop; a word leaves as
soon as no pair of it is ranked.  A round is a fixed handful of numpy calls
over the symbols of the words still merging, and only the two pairs beside
each merge are looked up again, so the ~30,000 distinct pre-tokens of a
megabyte cost a few dozen rounds instead of one Python loop each, which
was most of a cold encoding's time.  The tests compare every result with
the one-word loop.
"""

from __future__ import annotations

from itertools import accumulate, chain
from operator import itemgetter

import numpy as np

from core.arrays import Lookup, code_points, runs, utf8_starts
from core.pipeline.text_pipeline import byte_level

_SHIFT = 22  # every ID is below 2**22 (core.numbers.MAX_VOCAB)
_NONE = np.iinfo(np.int64).max  # the rank of a pair with no merge
_DENSE = 0x10000  # characters below this are looked up in an array
TAIL = 64  # this many words left merging go to the one-word loop
FIRST_ALPHABET = 512  # up to this many starting symbols, the first round's pairs are one array


class PairTable:
    """A merge table ``{(left, right): (rank, new_id, ...)}`` as arrays in
    the table's order, and a hash table from pair to position in them, so a
    round looks its pairs up in a few array reads.

    ``by_new``: the new IDs order the merges as their ranks do (tiktoken,
    most HF files; ``BPEModel._new`` is None), so a pair's new ID serves as
    its rank and a round needs no table position to find it."""

    def __init__(self, table: dict, ids: dict, *, byte_fallback: bool = False, by_new: bool = False):
        count = len(table)
        pairs = np.fromiter(chain.from_iterable(table), np.int64, 2 * count)
        keys = pairs[0::2] << _SHIFT | pairs[1::2]
        news = np.fromiter(map(itemgetter(1), table.values()), np.int64, count)
        ranks = news if by_new else np.fromiter(map(itemgetter(0), table.values()), np.int64, count)
        # Position ``count`` is a sentinel: where a pair has no merge, its rank is none.
        self.ranks = np.append(ranks, _NONE)
        self.news = None if by_new else np.append(news, 0)
        self._position = Lookup(keys, np.arange(count, dtype=np.int32), count)
        self._ids = ids
        # Byte fallback: a character outside the vocabulary is the pieces of its UTF-8 bytes.
        self._bytes = None
        if byte_fallback:
            self._bytes = np.array([ids.get(f"<0x{b:02X}>", -1) for b in range(256)], np.int64)
        self._chars = np.full(_DENSE, -1, np.int64)  # code point -> ID of that one-character token
        single = [(ord(token), token_id) for token, token_id in ids.items() if len(token) == 1]
        if single:
            points, single_ids = np.array(single, np.int64).T
            dense = points < _DENSE
            self._chars[points[dense]] = single_ids[dense]
        self._first = None  # (slot of each ID, ranks, positions): the first round's pairs, built on first use

    def first_round(self):
        """Where the symbols a word starts with (its characters, byte
        pieces) are few, as in byte-level models, the rank and table
        position of every pair of them in two arrays, so the first round,
        which looks up every pair of every word, needs no search."""
        if self._first is None:
            alphabet = np.unique(np.concatenate((self._chars[self._chars >= 0], [] if self._bytes is None
                                                 else self._bytes[self._bytes >= 0]))).astype(np.int64)
            self._first = ()
            if 0 < alphabet.size <= FIRST_ALPHABET:
                slot = np.full(int(alphabet.max()) + 1, -1, np.int64)
                slot[alphabet] = np.arange(alphabet.size)
                pairs = (np.repeat(alphabet, alphabet.size) << _SHIFT) | np.tile(alphabet, alphabet.size)
                pos = self._position.get(pairs)
                rank = self.ranks[pos]
                self._first = slot, rank, pos
        return self._first

    def respelled(self, pieces: list[str], respell):
        """``(words, the words joined, characters per word)``: each piece as
        ``respell`` spells it (None: as it is).  GPT-2's byte-level
        respelling is made once over all pieces joined and cut by each
        piece's UTF-8 length, not once per piece."""
        if respell is None:
            words = pieces
            joined = "".join(words)
        elif respell is byte_level:
            raw = "".join(pieces)
            joined = byte_level(raw)  # a character per UTF-8 byte
            chars = np.cumsum(np.fromiter(map(len, pieces), np.int64, len(pieces)))
            ends = utf8_starts(raw)[chars].tolist()
            words = [joined[a:b] for a, b in zip(chain((0,), ends), ends)]
        else:
            words = list(map(respell, pieces))
            joined = "".join(words)
        return words, joined, np.fromiter(map(len, words), np.int64, len(words))

    def symbols(self, joined: str, lengths: np.ndarray):
        """``(symbol IDs of the words joined, symbols per word, spelled)``:
        ``spelled[i]`` is false for a word with a character that is neither
        a token nor (with byte fallback) its bytes' pieces; the caller
        merges that one by the full rule."""
        points = code_points(joined)
        sym = self._chars[np.minimum(points, _DENSE - 1)]
        wide = np.flatnonzero(points >= _DENSE - 1)
        if wide.size:
            sym[wide] = [self._ids.get(chr(c), -1) for c in points[wide].tolist()]
        missing = np.flatnonzero(sym < 0)
        if missing.size and self._bytes is not None:
            sym, lengths, missing = self._fall_back(points, sym, lengths, missing)
        spelled = np.ones(lengths.size, bool)
        if missing.size:
            spelled[np.searchsorted(np.cumsum(lengths), missing, side="right")] = False
        return sym, lengths, spelled

    def _fall_back(self, points, sym, lengths, missing):
        """Each missing character replaced by its UTF-8 bytes' pieces:
        ``(symbols, symbols per word, positions still missing)``."""
        chars, which = np.unique(points[missing], return_inverse=True)
        spelled = [self._bytes[list(chr(c).encode("utf-8", "surrogatepass"))] for c in chars.tolist()]
        widths = np.fromiter(map(len, spelled), np.int64, len(spelled))
        pieces = np.concatenate(spelled)
        firsts = np.cumsum(widths) - widths
        count = np.ones(sym.size, np.int64)
        count[missing] = widths[which]
        out = np.repeat(sym, count)
        at = np.cumsum(count) - count  # where each character's symbols start
        out[runs(at[missing], widths[which])] = pieces[runs(firsts[which], widths[which])]
        word_starts = np.cumsum(lengths) - lengths
        lengths = np.add.reduceat(count, word_starts) if sym.size else lengths
        return out, lengths, np.flatnonzero(out < 0)

    def merge(self, sym: np.ndarray, lengths: np.ndarray, finish) -> list[tuple[int, ...]]:
        """Each word, ``lengths[i]`` symbol IDs of ``sym`` in turn, fully
        merged.  The last :data:`TAIL` words still merging (a few long ones
        that would take a round per merge) are handed to ``finish``, the
        one-word loop, as lists of their symbols so far."""
        count = lengths.size
        if not count:
            return []
        word = np.repeat(np.arange(count), lengths)
        rank, pos = self._ranks(sym, word)
        if self.news is None:
            pos = None  # the rank is the new ID
        done_sym, done_word = [], []
        while sym.size:
            starts = np.flatnonzero(np.concatenate(([True], word[1:] != word[:-1])))
            if starts.size <= TAIL:
                ends = np.append(starts[1:], sym.size).tolist()
                rest = sym.tolist()
                for a, b in zip(starts.tolist(), ends):
                    merged = finish(rest[a:b])
                    done_sym.append(np.array(merged, np.int64))
                    done_word.append(np.full(len(merged), word[a]))
                break
            lowest = np.repeat(np.minimum.reduceat(rank, starts), np.diff(np.append(starts, sym.size)))
            merging = lowest != _NONE
            if not merging.all():
                done_sym.append(sym[~merging])
                done_word.append(word[~merging])
                sym, word, rank, lowest = sym[merging], word[merging], rank[merging], lowest[merging]
                pos = None if pos is None else pos[merging]
                if not sym.size:
                    break
            at = np.flatnonzero(rank == lowest)
            at = at[np.concatenate(([True], word[at[1:]] != word[at[:-1]]))]  # the leftmost in each word
            sym[at] = rank[at] if pos is None else self.news[pos[at]]
            keep = np.ones(sym.size, bool)
            keep[at + 1] = False
            sym, word, rank = sym[keep], word[keep], rank[keep]
            pos = None if pos is None else pos[keep]
            # Word j's merge moved left by the j merges before it; look up the
            # pair before it and the pair it starts.
            at -= np.arange(at.size)
            near = np.concatenate((at[at > 0] - 1, at))
            if pos is None:
                rank[near] = self._ranks_at(sym, word, near)[0]
            else:
                rank[near], pos[near] = self._ranks_at(sym, word, near)
        all_word = np.concatenate(done_word)
        # A word leaves whole and in order, so a stable sort by word restores each.
        flat = np.concatenate(done_sym)[np.argsort(all_word, kind="stable")].tolist()
        ends = list(accumulate(np.bincount(all_word, minlength=count).tolist()))
        return [tuple(flat[a:b]) for a, b in zip(chain((0,), ends), ends)]

    def _ranks(self, sym, word):
        """Rank and table position of the pair each symbol starts (none for a word's last)."""
        first = self.first_round()
        if not first or sym.max() >= first[0].size or (first[0][sym] < 0).any():
            return self._ranks_at(sym, word, np.arange(sym.size))
        slot, ranks, positions = first
        at = slot[sym]
        pair = np.empty(sym.size, np.int64)
        pair[:-1] = at[:-1] * int(slot.max() + 1) + at[1:]
        pair[-1] = 0
        rank, pos = ranks[pair], positions[pair]
        rank[:-1][word[:-1] != word[1:]] = _NONE
        rank[-1] = _NONE
        return rank, pos

    def _ranks_at(self, sym, word, at):
        nxt = np.minimum(at + 1, sym.size - 1)
        pos = self._position.get((sym[at] << _SHIFT) | sym[nxt])
        rank = self.ranks[pos]
        rank[(word[at] != word[nxt]) | (nxt == at)] = _NONE
        return rank, pos

