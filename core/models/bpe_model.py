"""A general BPE tokenizer for imported models: string tokens with any IDs.

Reference: Hugging Face ``tokenizers`` 0.23, ``models/bpe/model.rs``
(``merge_word``) and ``word.rs`` (``merge_all``), and the encode pipeline of
``tokenizer/mod.rs``: added tokens are cut out of the raw text first (those
with ``normalized: true`` out of the normalized text), each remaining
stretch is normalized and pre-tokenized on its own, and every pre-token is
merged separately.  Within a pre-token the symbols are its characters (the
continuing prefix on all but the first, the end-of-word suffix on the last);
then the adjacent pair with the lowest rank merges, the leftmost on a tie,
until no ranked pair is left.  The tests compare IDs with ``tokenizers``,
``tiktoken``, ``sentencepiece`` and ``subword-nmt``.

Merge ranks may repeat (``ranks``): SentencePiece and tiktoken rank the
*result* of a merge, so every pair that concatenates to the same piece
shares its rank and the leftmost such pair wins, which is exactly the rule
above.  ``ignore_merges`` looks a whole pre-token up in the vocabulary first
(HF's flag; tiktoken always does this).

Deviations: an ID outside the vocabulary is an error when decoding (HF
skips it), and characters the model cannot spell are reported in
:attr:`core.models.tokens.ModelTokens.dropped` when there is no unknown
token (HF drops them without a word).  ``dropout`` is not supported.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field
from itertools import chain, repeat

import regex

from core.models.tokens import ModelTokens
from core.pipeline.added import AddedToken, AddedTokens
from core.pipeline import fast_split
from core.pipeline import text_pipeline as tp
from core.errors import require
from core.slices import listed
from core.errors import AssetError, TokenizerError, excerpt
from core.numbers import MAX_MERGES, MAX_VOCAB

_NO_MERGE = (1 << 62, 0, 0)  # sorts after every real (rank, new_id, index)
# Pre-tokens up to CACHED_WORD characters are cached, at most CACHE_LIMIT of
# them per cache (a few tens of MB at most); past that, misses still merge.
CACHE_LIMIT = 1 << 17
CACHED_WORD = 256
# Up to SHORT_WORD symbols a word merges by tiktoken's lowest-rank loop
# (quadratic, in C); longer ones by a heap over a linked list.
SHORT_WORD = 64
# SentencePiece-style models split nothing before the model; a run of ▁ and
# the characters up to the next ▁ is merged on its own (see _space_split).
_SPACE_RUNS = regex.compile("\u2581*[^\u2581]+|\u2581+")


@dataclass(frozen=True)
class BPEModel:
    vocab: tuple[tuple[str, int], ...]  # (token, id) of the model; IDs need not be contiguous
    merges: tuple[tuple[str, str], ...]  # in priority order
    ranks: tuple[int, ...] | None = None  # per merge, non-decreasing; None: 0, 1, 2, ...
    unk: str | None = None
    fuse_unk: bool = False
    byte_fallback: bool = False
    continuing_prefix: str | None = None
    end_of_word_suffix: str | None = None
    ignore_merges: bool = False
    added: tuple[AddedToken, ...] = ()
    normalizer: dict = field(default_factory=lambda: {"type": "none"})
    pre_tokenizer: dict = field(default_factory=lambda: {"type": "none"})
    decoder: dict = field(default_factory=lambda: {"type": "none"})
    post_processor: dict | None = None  # core.pipeline.post_process spec, for add_special_tokens

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
        object.__setattr__(self, "ranks", None if self.ranks is None else ranks)
        # Where the new IDs order the merges exactly as their ranks do (tiktoken:
        # a rank is the token's ID; most HF files: IDs in merge order), the
        # short loop keys pairs by the new ID and needs no second lookup.
        by_rank = sorted(table.values())
        keyed_by_id = all((a[0] < b[0] and a[1] < b[1]) or (a[0] == b[0] and a[1] == b[1])
                          for a, b in zip(by_rank, by_rank[1:]))
        object.__setattr__(self, "_rank", {pair: found[1 if keyed_by_id else 0] for pair, found in table.items()})
        object.__setattr__(self, "_new", None if keyed_by_id else {pair: found[1] for pair, found in table.items()})
        self._set_added(ids, tokens)
        for name, value in (("_ids", ids), ("_tokens", tokens), ("_table", table), ("_made", made),
                            ("_caches", {}), ("_normalize", tp.build_normalizer(self.normalizer)),
                            ("_pre_tokenize", tp.build_pre_tokenizer(self.pre_tokenizer)),
                            ("_decode", tp.build_decoder(self.decoder))):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_byte_level", _uses(self.pre_tokenizer, "byte_level"))
        split, respell = fast_split.plan(self.pre_tokenizer, self._pre_tokenize)
        if self.pre_tokenizer.get("type") == "none" and self._space_split_is_exact():
            split = _space_split
        # The fast Encoding (byte_level_table) needs byte-level tokens that tile
        # the input: no normalizer, the split's pieces kept as they are, and
        # every byte spelled, so no unknown or dropped character.
        plain = (self.byte_level and self.normalizer.get("type") == "none" and respell is tp.byte_level
                 and all(c in ids for c in tp.BYTE_CHARS.values()))
        object.__setattr__(self, "_byte_sizes", {i: len(t) for t, i in ids.items()} if plain else None)
        pieces = _PieceCache()
        pieces.merge = (lambda piece: self._word(respell(piece), None)[0]) if respell else \
            (lambda piece: self._word(piece, None)[0])
        object.__setattr__(self, "_respell", respell)
        object.__setattr__(self, "_split", split)
        object.__setattr__(self, "_pieces", pieces)

    def _set_added(self, ids, tokens):
        added = AddedTokens(self.added)
        for a in added:
            known = tokens.get(a.id)
            if (known is not None and known != a.content) or ids.get(a.content, a.id) != a.id:
                raise TokenizerError(f"added token {excerpt(a.content)} (ID {a.id}) disagrees with the vocabulary, "
                                     f"where ID {a.id} is {excerpt(known)} and {excerpt(a.content)} is "
                                     f"{ids.get(a.content)}")
        object.__setattr__(self, "_added", added)
        object.__setattr__(self, "_by_id", {**tokens, **{a.id: a.content for a in self.added}})

    # ==== vocabulary ====

    @property
    def vocab_size(self) -> int:
        """Distinct IDs, added tokens included (HF's ``get_vocab_size(with_added_tokens=True)``)."""
        return len(set(self._tokens) | {a.id for a in self.added})

    def token_of(self, token_id: int) -> str:
        token = self._by_id.get(token_id) if not isinstance(token_id, bool) else None
        if token is None:
            raise TokenizerError(f"ID {excerpt(token_id)} is not in the vocabulary")
        return token

    def id_of(self, token: str) -> int:
        added = self._added.get(token)
        if added is not None:
            return added.id
        if token in self._ids:
            return self._ids[token]
        raise TokenizerError(f"{excerpt(token)} is not in the vocabulary")

    def vocab_id(self, token: str) -> int | None:
        """The model vocabulary's ID for ``token``, or None; added tokens do
        not count (they never take part in merges or byte fallback)."""
        return self._ids.get(token)

    @property
    def byte_level(self) -> bool:
        """Do tokens spell bytes in GPT-2's alphabet (a byte_level pre-tokenizer)?"""
        return self._byte_level

    # ==== encoding ====

    def encode(self, text: str, *, limit: int | None = None) -> ModelTokens:
        """Encode ``text``; ``limit=k`` uses only the first ``k`` merges.

        >>> m = BPEModel((("l", 0), ("o", 1), ("w", 2), ("lo", 3), ("low", 4)), (("l", "o"), ("lo", "w")))
        >>> m.encode("low").tokens, m.encode("low", limit=1).ids
        (('low',), (3, 2))
        """
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise TokenizerError(f"limit must be an integer >= 0, not {excerpt(limit)}")
        limit = None if limit is None or limit >= len(self.merges) else limit
        ids, unknown, dropped = [], [], []
        cached = self._caches.setdefault(limit, {}).get
        for part, added, first in self._segments(text):
            if added is not None:
                ids.append(added.id)
                continue
            for word in self.pre_tokenize(part, first):
                word_ids, unk_text, lost = cached(word) or self._word(word, limit)
                ids += word_ids
                if unk_text or lost:
                    unknown += unk_text
                    dropped += lost
        tokens = tuple(map(self._by_id.__getitem__, ids))
        return ModelTokens(tuple(ids), tokens, unknown=tuple(unknown), dropped=tuple(dropped))

    def encode_ids(self, text: str) -> list[int]:
        """The IDs of :meth:`encode`, fast: each stretch is split in one
        ``regex`` call where the pre-tokenizer allows (core.pipeline.fast_split)
        and every raw piece is looked up in one cache of IDs."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        ids: list[int] = []
        lookup, split = self._pieces.__getitem__, self._split
        for part, added, first in self._segments(text):
            if added is not None:
                ids.append(added.id)
            else:
                ids += chain.from_iterable(map(lookup, split(part, first)))
        return ids

    def byte_level_table(self, text: str):
        """``(ids, byte sizes, words)`` of ``text`` by the fast path, for an
        Encoding built without the inspector (core.tokenizer.bpe), or None
        when this model's tokens need not tile the input bytes.  ``words``:
        the pre-token of each token, -1 for an added token marked special
        (an added token counts as a pre-token, as in the inspector)."""
        sizes_of = self._byte_sizes
        if sizes_of is None:
            return None
        ids, words, added_sizes = [], [], {}
        lookup, split, number = self._pieces.__getitem__, self._split, 0
        for part, added, first in self._segments(text):
            if added is not None:
                added_sizes[len(ids)] = len(part.encode("utf-8", "surrogatepass"))
                ids.append(added.id)
                words.append(-1 if added.special else number)
                number += 1
                continue
            for piece in split(part, first):
                found = lookup(piece)
                ids += found
                words += [number] * len(found)
                number += 1
        sizes = listed(map(sizes_of.get, ids))
        for at, size in added_sizes.items():
            sizes[at] = size
        return ids, sizes, words

    def _space_split_is_exact(self) -> bool:
        """Does no merge cross the start of a run of ▁ (so a text without a
        pre-tokenizer can be merged run by run)?  True when no vocabulary
        token has ▁ after another character, the symbols carry no marks,
        and no whole-word lookup is asked for."""
        if self.ignore_merges or self.continuing_prefix or self.end_of_word_suffix or "\u2581" not in self._ids:
            return False
        return not any(regex.search("[^\u2581]\u2581", token) for token in self._ids)

    def _segments(self, text):
        """``(text, added_token_or_None, starts_the_text)``: raw added tokens
        first, then the normalizer, then the normalized added tokens."""
        for start, part, added in self.cut_added(text):
            if added is not None:
                yield part, added, False
                continue
            for inner, part2, added2 in self.cut_added(self.normalize(part), normalized=True):
                yield part2, added2, start == 0 and inner == 0

    # The steps of :meth:`encode` one by one, for callers that show each
    # stage (core.tokenizer.stage_kinds): in this order they give exactly its IDs.

    def cut_added(self, text: str, *, normalized: bool = False):
        """``(offset, piece, added_or_None)`` tiling ``text`` around the added
        tokens matched in the raw text, or with ``normalized=True`` those
        matched in the normalized text."""
        return self._added.cut(text, normalized=normalized)

    @property
    def text_normalizer(self):
        """The normalizer object :meth:`normalize` runs (its ``aligned``
        method serves the stages view: core.pipeline.normalizers)."""
        return self._normalize

    @property
    def text_pre_tokenizer(self):
        """The pre-tokenizer object :meth:`pre_tokenize` runs (core.pipeline.pre_tokenizers)."""
        return self._pre_tokenize

    def normalize(self, text: str) -> str:
        """The normalizer on one stretch of text between added tokens."""
        return self._normalize(text)

    def pre_tokenize(self, text: str, first: bool) -> list[str]:
        """The pre-tokens of one normalized stretch; ``first``: it starts the
        whole text (a prefix space or ▁ may depend on it)."""
        return [split.text for split in self._pre_tokenize([tp.Split(text, first)])]

    def pre_tokens(self, text: str) -> list[str]:
        """Every pre-token :meth:`encode` merges, in order (added tokens excluded)."""
        return [word for part, added, first in self._segments(text) if added is None
                for word in self.pre_tokenize(part, first)]

    def word_ids(self, word: str, *, limit: int | None = None) -> tuple[int, ...]:
        """The IDs of one pre-token, using only the first ``limit`` merges."""
        return self._word(word, None if limit is None or limit >= len(self.merges) else limit)[0]

    def _word(self, word: str, limit):
        cache = self._caches.setdefault(limit, {})
        found = cache.get(word)
        if found is None:
            found = self._merge_word(word, limit)
            if len(cache) < CACHE_LIMIT and len(word) <= CACHED_WORD:
                cache[word] = found
        return found

    def clear_cache(self) -> None:
        """Forget every encoded pre-token (for cold-cache measurements)."""
        self._caches.clear()
        self._pieces.clear()

    def _merge_word(self, word, limit):
        if self.ignore_merges and word in self._ids:
            index = self._made.get(self._ids[word])
            if limit is None or index is None or index < limit:
                return (self._ids[word],), (), ()
        symbols, unknown, dropped = self._symbols(word)
        if len(symbols) > 1 and self._table:
            symbols = self._merge(symbols, limit)
        return tuple(symbols), tuple(unknown), tuple(dropped)

    def _symbols(self, word):
        if self.continuing_prefix is None and self.end_of_word_suffix is None:
            try:
                return list(map(self._ids.__getitem__, word)), (), ()
            except KeyError:
                pass  # a character outside the vocabulary: the full rule below
        # HF's merge_word, including where a pending unknown token lands.
        symbols, unknown, dropped, pending = [], [], [], False
        ids, last = self._ids, len(word) - 1
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

    def _merge(self, symbols, limit):
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

    # ==== decoding ====

    def decode(self, ids) -> str:
        """IDs to text through the decoder chain (HF ``decode``)."""
        tokens = []
        for index, token_id in enumerate(ids):
            try:
                tokens.append(self.token_of(token_id))
            except TokenizerError:
                raise TokenizerError(f"item {index}: ID {excerpt(token_id)} is not in the vocabulary") from None
        return tp.decode(self._decode, tokens)

    def token_bytes(self, token_id: int) -> bytes | None:
        """The bytes a token spells in a byte-level model, else None."""
        token = self.token_of(token_id)
        return tp.byte_level_bytes(token) if self.byte_level and token not in self._added else None


class _PieceCache(dict):
    """Raw piece -> IDs; a miss merges it and keeps short pieces."""

    __slots__ = ("merge",)

    def __missing__(self, piece: str) -> tuple[int, ...]:
        ids = self.merge(piece)
        if len(piece) <= CACHED_WORD and len(self) < CACHE_LIMIT:
            self[piece] = ids
        return ids


def _space_split(text: str, first: bool) -> list[str]:
    return _SPACE_RUNS.findall(text, concurrent=True)  # the GIL let go, as in GuardedRegex


def _where(index: int, pair) -> str:
    return f"merge {index + 1} {excerpt(pair)}"


def _uses(spec, kind: str) -> bool:
    if not isinstance(spec, dict):
        return False
    return spec.get("type") == kind or any(_uses(step, kind) for step in spec.get("steps", ()))


class _Limited:
    """A merge table that hides every merge from index ``limit`` on."""

    def __init__(self, table, limit):
        self.table, self.limit = table, limit

    def get(self, pair, default):
        found = self.table.get(pair)
        return found if found is not None and found[2] < self.limit else default


def _merge_heap(symbols, table):
    # Long pre-tokens: a heap over the adjacent pairs of a linked list, keyed
    # by (rank, position), so each merge costs O(log n).
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


# ==== asset model (core/assets.py, kind "bpe") ====

def _boundary(model: BPEModel) -> dict:
    marks = {}
    if model.continuing_prefix is not None:
        marks["continuing_prefix"] = model.continuing_prefix
    if model.end_of_word_suffix is not None:
        marks["end_of_word_suffix"] = model.end_of_word_suffix
    if not marks:
        return {"marker": "byte_level" if model.byte_level else "none"}
    return {"marker": "+".join(marks), **marks}


def to_asset_model(model: BPEModel) -> dict:
    return {
        "vocab": [[t, i] for t, i in sorted(model.vocab, key=lambda e: e[1])],
        "merges": [list(p) for p in model.merges],
        "merge_ranks": None if model.ranks is None else list(model.ranks),
        "unk": model.unk, "fuse_unk": model.fuse_unk, "byte_fallback": model.byte_fallback,
        "continuing_prefix": model.continuing_prefix, "end_of_word_suffix": model.end_of_word_suffix,
        "ignore_merges": model.ignore_merges,
        "added_tokens": [a.describe() for a in model.added],
        "decoder": model.decoder,
    }


def _field(obj, key, kinds, where, default=...):
    # A field with a default is optional: files written before it existed lack it.
    return default if default is not ... and key not in obj else require(obj, key, kinds, where)


def from_asset_model(body: dict, *, normalizer: dict, pre_tokenizer: dict, post: dict | None = None) -> BPEModel:
    """Rebuild from :func:`to_asset_model` output; any problem is one AssetError."""
    where = "model"
    if not isinstance(body, dict):
        raise AssetError("model: expected an object")
    vocab = []
    for index, entry in enumerate(_field(body, "vocab", list, where)):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)
                and isinstance(entry[1], int) and not isinstance(entry[1], bool)):
            raise AssetError(f"model.vocab[{index}]: expected [token, id], found {str(entry)[:60]}")
        vocab.append((entry[0], entry[1]))
    merges = []
    for index, pair in enumerate(_field(body, "merges", list, where)):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise AssetError(f"model.merges[{index}]: expected [left, right] token strings")
        merges.append(tuple(pair))
    ranks = _field(body, "merge_ranks", (list, type(None)), where, None)
    if ranks is not None and not all(isinstance(r, int) and not isinstance(r, bool) for r in ranks):
        raise AssetError("model.merge_ranks: expected integers")
    added = []
    for index, entry in enumerate(_field(body, "added_tokens", list, where, [])):
        at = f"model.added_tokens[{index}]"
        if not isinstance(entry, dict):
            raise AssetError(f"{at}: expected an object")
        added.append(AddedToken(_field(entry, "token", str, at), _field(entry, "id", int, at),
                                *(_field(entry, k, bool, at) for k in ("special", "normalized", "lstrip", "rstrip"))))
    options = {k: _field(body, k, (str, type(None)), where, None)
               for k in ("unk", "continuing_prefix", "end_of_word_suffix")}
    flags = {k: _field(body, k, bool, where, False) for k in ("fuse_unk", "byte_fallback", "ignore_merges")}
    try:
        return BPEModel(tuple(vocab), tuple(merges), None if ranks is None else tuple(ranks), added=tuple(added),
                        normalizer=normalizer, pre_tokenizer=pre_tokenizer,
                        decoder=_field(body, "decoder", dict, where, {"type": "none"}), post_processor=post,
                        **options, **flags)
    except TokenizerError as exc:
        raise AssetError(f"model: {exc}") from None


def implied_envelope(model: BPEModel) -> dict:
    """The envelope fields that restate the model."""
    return {"specials": [a.describe() for a in model.added], "normalizer": model.normalizer,
            "pre_tokenizer": model.pre_tokenizer, "boundary": _boundary(model)}


def identity_components(model: BPEModel) -> dict:
    """Canonical components for core.assets.identity (docs/identity.md): the token
    of every ID (null for an unused ID), merges as token strings."""
    size = 1 + max([i for _, i in model.vocab] + [a.id for a in model.added], default=-1)
    vocab: list = [None] * size
    for token, token_id in model.vocab:
        vocab[token_id] = token
    for a in model.added:
        vocab[a.id] = {"special" if a.special else "added": a.content}
    made = {model.vocab_id(a + b[len(model.continuing_prefix or ""):]) for a, b in model.merges}
    added = {a.id for a in model.added}
    return {
        "symbols": sorted([i, t] for t, i in model.vocab if i not in made and i not in added),
        "vocab": vocab,
        # In priority order; a third item only when ranks are shared.
        "merges": [list(p) if model.ranks is None else [*p, r]
                   for p, r in zip(model.merges, model.ranks or model.merges)],
        "specials": sorted((a.describe() for a in model.added), key=lambda d: d["id"]),
        "normalizer": model.normalizer,
        "pre_tokenizer": model.pre_tokenizer,
        # How a word becomes symbols and what an unspellable character becomes.
        "boundary": {**_boundary(model), "decoder": model.decoder, "ignore_merges": model.ignore_merges,
                     "unknown": {"token": model.unk, "fuse": model.fuse_unk, "byte_fallback": model.byte_fallback}},
        "counts": [],
    }
