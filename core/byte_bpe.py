"""Byte-level BPE: train, encode, decode and (de)serialise a merge table.

Reference: seed 000, example 19.3 (book-byte-bpe-v1).  IDs 0-255 are byte
values, 256-258 are <BOS>/<EOS>/<PAD>, learned IDs follow from 259.  Merges
never cross a record (or pre-token) boundary; specials never occur in
training data, so a literal "<BOS>" in a record is just five bytes.  The tie
rule is: highest count, then the smallest ``(left_id, right_id)`` pair.

Pair counting follows minbpe's ``get_stats``: every adjacent position counts,
so ``aaa`` holds ``(a, a)`` twice even though merging it left to right
non-overlapping gives ``[aa, a]``.  Encoding replays merges by rank.

Training is incremental: identical pre-tokens are kept once with a count,
and each merge rescans only the words its pair occurs in.  The winner comes
from a heap that is invalidated lazily; the tests check every trace against
a naive recount-everything trainer.

Deviations from the seed: the special names are configurable (IDs stay
256, 257, ...); ``token_bytes`` raises for a special, because a special has
no bytes and returning ``b""`` would let decoders drop it silently; decoding
reports specials and unknown IDs instead of failing on them, except that
unknown IDs are an error under the ``strict`` policy.
"""

from __future__ import annotations

import heapq
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass, field
from itertools import accumulate

from . import pretokenize, utf8
from .errors import AssetError, TokenizerError
from .utf8 import Utf8DecodeError, Utf8Problem

SPECIALS = {"<BOS>": 256, "<EOS>": 257, "<PAD>": 258}
BASE_SIZE = 256
# Bump the version whenever a change could alter learned merges.
TRAINER_NAME = "subword-studio/byte-bpe"
TRAINER_VERSION = 1


@dataclass(frozen=True)
class ByteMergeStep:
    """One learned merge; ``ties`` lists every pair at the winning count
    (winner included, sorted) and is empty when loaded from an asset."""

    rank: int
    left: int
    right: int
    new_id: int
    count: int
    ties: tuple[tuple[int, int], ...] = field(compare=False)
    token_bytes: bytes


@dataclass(frozen=True)
class ByteEncoding:
    """Token IDs with the input bytes and characters each one covers.

    ``partial[i]`` is true when token ``i`` starts or ends inside a character.
    For bytes input, a stretch of invalid UTF-8 counts as one character.  An
    allowed special's piece is the literal text it replaced, though decoding
    gives it no bytes.
    """

    ids: tuple[int, ...]
    pieces: tuple[bytes, ...]
    byte_spans: tuple[tuple[int, int], ...]
    char_spans: tuple[tuple[int, int], ...]
    partial: tuple[bool, ...]

    def __len__(self) -> int:
        return len(self.ids)


@dataclass(frozen=True)
class DecodeResult:
    text: str | None
    data: bytes
    problems: tuple[Utf8Problem, ...]
    policy: str
    replaced: bool
    specials: tuple[tuple[int, int], ...]
    unknown_ids: tuple[tuple[int, int], ...]


def _text_bytes(text) -> tuple[bytes, list[int]]:
    """The UTF-8 bytes of ``text`` and the byte offset where each character starts."""
    if isinstance(text, str):
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise TokenizerError(
                f"character {exc.start} is a lone surrogate U+{ord(text[exc.start]):04X}, "
                "which UTF-8 cannot encode; remove it or pass the bytes instead"
            ) from None
        sizes = (1 if c < "\x80" else 2 if c < "\u0800" else 3 if c < "\U00010000" else 4 for c in text)
        return data, list(accumulate(sizes, initial=0))
    if isinstance(text, (bytes, bytearray)):
        data = bytes(text)
        return data, list(utf8.char_boundaries(data))
    raise TokenizerError(f"expected str or bytes, got {type(text).__name__}")


def _merge_in_place(word: list[int], pair: tuple[int, int], new_id: int) -> Counter:
    """Merge ``pair`` left to right inside ``word``; return the pair-count delta.

    Neighbours are read after earlier merges in the same word, which keeps
    the delta exact for overlapping runs (``aaaa`` -> ``[aa, aa]``).
    """
    left, right = pair
    delta: Counter[tuple[int, int]] = Counter()
    i = 0
    while True:
        try:
            i = word.index(left, i)  # scans in C; most positions are skipped
        except ValueError:
            return delta
        if i + 1 < len(word) and word[i + 1] == right:
            delta[pair] -= 1
            if i > 0:
                delta[(word[i - 1], left)] -= 1
                delta[(word[i - 1], new_id)] += 1
            if i + 2 < len(word):
                delta[(right, word[i + 2])] -= 1
                delta[(new_id, word[i + 2])] += 1
            word[i:i + 2] = [new_id]
        i += 1


@dataclass(frozen=True)
class ByteBPE:
    merges: tuple[ByteMergeStep, ...] = ()
    specials: tuple[tuple[str, int], ...] = tuple(SPECIALS.items())
    pretokenizer: str = "none"
    cancelled: bool = field(default=False, compare=False)
    _table: tuple[bytes | None, ...] = field(init=False, repr=False, compare=False)
    _ranks: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        pretokenize.get(self.pretokenizer)
        names = [name for name, _ in self.specials]
        if any(not isinstance(n, str) or not n for n in names) or len(set(names)) != len(names):
            raise TokenizerError(f"special names must be distinct non-empty strings: {names!r}")
        ids = sorted(i for _, i in self.specials)
        if ids != list(range(BASE_SIZE, BASE_SIZE + len(ids))):
            raise TokenizerError(f"special ids must be {BASE_SIZE}, {BASE_SIZE + 1}, ... in some order, got {ids}")
        table: list[bytes | None] = [bytes([b]) for b in range(BASE_SIZE)] + [None] * len(ids)
        ranks = {}
        for position, step in enumerate(self.merges, start=1):
            where = f"merge {position}"
            if step.rank != position or step.new_id != len(table) or step.count < 1:
                raise TokenizerError(f"{where}: expected rank {position}, id {len(table)} and a positive "
                                     f"count, got rank {step.rank}, id {step.new_id}, count {step.count}")
            for part in (step.left, step.right):
                if not 0 <= part < len(table) or table[part] is None:
                    raise TokenizerError(f"{where}: id {part} is not a byte or an earlier learned id")
            if (step.left, step.right) in ranks:
                raise TokenizerError(f"{where}: pair {(step.left, step.right)} was already merged")
            if step.token_bytes != table[step.left] + table[step.right]:
                raise TokenizerError(f"{where}: token_bytes do not match the merged pair")
            ranks[(step.left, step.right)] = (step.rank, step.new_id)
            table.append(step.token_bytes)
        object.__setattr__(self, "specials", tuple(sorted(self.specials, key=lambda s: s[1])))
        object.__setattr__(self, "_table", tuple(table))
        object.__setattr__(self, "_ranks", ranks)

    @property
    def vocab_size(self) -> int:
        return len(self._table)

    def special_name(self, token_id: int) -> str | None:
        return next((name for name, i in self.specials if i == token_id), None)

    def token_bytes(self, token_id: int) -> bytes:
        """The bytes of a byte or learned token; specials and unknown IDs raise."""
        if not 0 <= token_id < len(self._table):
            raise TokenizerError(f"id {token_id} is outside the vocabulary (0-{len(self._table) - 1})")
        data = self._table[token_id]
        if data is None:
            raise TokenizerError(f"id {token_id} is the special {self.special_name(token_id)}; it has no bytes")
        return data

    def _apply_merges(self, chunk: bytes) -> list[int]:
        # Lowest rank first, leftmost first within a rank.  Equivalent to
        # replaying the merges in order: a merge only creates pairs that
        # contain its new id, and those all have a higher rank.
        symbols: list[int | None] = list(chunk)
        n, ranks = len(symbols), self._ranks
        nxt, prv = list(range(1, n + 1)), list(range(-1, n - 1))
        heap = [(ranks[p][0], i) for i, p in enumerate(zip(chunk, chunk[1:])) if p in ranks]
        heapq.heapify(heap)
        while heap:
            rank, i = heapq.heappop(heap)
            j = nxt[i]
            if symbols[i] is None or j >= n or ranks.get((symbols[i], symbols[j]), (0,))[0] != rank:
                continue
            symbols[i], symbols[j] = ranks[(symbols[i], symbols[j])][1], None
            nxt[i] = nxt[j]
            if nxt[j] < n:
                prv[nxt[j]] = i
            for a in (prv[i], i):
                if a >= 0 and nxt[a] < n and (symbols[a], symbols[nxt[a]]) in ranks:
                    heapq.heappush(heap, (ranks[(symbols[a], symbols[nxt[a]])][0], a))
        return [s for s in symbols if s is not None]

    def _segments(self, data: bytes, allowed_special) -> list[tuple[int, int, int | None]]:
        if isinstance(allowed_special, str):
            allowed_special = {allowed_special}
        if allowed_special is True:
            allowed = dict(self.specials)
        elif allowed_special is False:
            allowed = {}
        else:
            allowed = {name: self.special_id(name) for name in allowed_special}
        if not allowed:
            return [(0, len(data), None)]
        # Longest name first, so "<BOS>" wins over a shorter special prefix.
        names = sorted(allowed, key=len, reverse=True)
        pattern = re.compile(b"|".join(re.escape(n.encode("utf-8")) for n in names))
        segments, pos = [], 0
        for match in pattern.finditer(data):
            segments.append((pos, match.start(), None))
            segments.append((match.start(), match.end(), allowed[match.group().decode("utf-8")]))
            pos = match.end()
        segments.append((pos, len(data), None))
        return segments

    def special_id(self, name: str) -> int:
        ids = dict(self.specials)
        if name not in ids:
            raise TokenizerError(f"unknown special {name!r}: this tokenizer has {', '.join(ids)}")
        return ids[name]

    def encode(self, text: str | bytes, *, allowed_special=False) -> ByteEncoding:
        """Encode ``text``; ``allowed_special`` is False, True or a set of
        names whose literal spelling becomes the special id (no bytes)."""
        data, starts = _text_bytes(text)
        ids, spans = [], []
        for start, end, special in self._segments(data, allowed_special):
            if special is not None:
                ids.append(special)
                spans.append((start, end))
                continue
            for a, b in pretokenize.split_bytes(self.pretokenizer, data[start:end]):
                pos = start + a
                for token in self._apply_merges(data[pos:start + b]):
                    ids.append(token)
                    spans.append((pos, pos + len(self._table[token])))
                    pos = spans[-1][1]
        boundary = set(starts)
        return ByteEncoding(
            ids=tuple(ids),
            pieces=tuple(data[s:e] for s, e in spans),
            byte_spans=tuple(spans),
            char_spans=tuple((bisect_right(starts, s) - 1, bisect_left(starts, e)) for s, e in spans),
            partial=tuple(s not in boundary or e not in boundary for s, e in spans),
        )

    def decode(self, ids, *, errors: str = "strict") -> DecodeResult:
        """Join the bytes of ``ids`` and decode them as a whole.

        Specials contribute no bytes and are listed; unknown IDs are listed
        too, or raise under ``strict``, as does any UTF-8 problem.
        """
        if errors not in utf8.POLICIES:
            raise TokenizerError(f"unknown decode policy {errors!r}: choose one of {', '.join(utf8.POLICIES)}")
        parts, starts, sources, specials, unknown, offset = [], [], [], [], [], 0
        for index, token in enumerate(ids):
            if isinstance(token, bool) or not isinstance(token, int):
                raise TokenizerError(f"item {index} is {token!r}, not an integer token id")
            data = self._table[token] if 0 <= token < len(self._table) else None
            if data is not None:
                parts.append(data)
                starts.append(offset)
                sources.append((index, token))
                offset += len(data)
            elif 0 <= token < len(self._table):
                specials.append((index, token))
            else:
                unknown.append((index, token))
        if unknown and errors == "strict":
            index, token = unknown[0]
            raise TokenizerError(f"id {token} at index {index} is not in the vocabulary (0-{len(self._table) - 1}); "
                                 "decode with errors='raw' or 'replace' to skip it")
        data = b"".join(parts)
        try:
            text, problems = utf8.decode(data, errors=errors)
        except Utf8DecodeError as exc:
            index, token = sources[bisect_right(starts, exc.problems[0].offset) - 1]
            raise Utf8DecodeError(data, exc.problems, note=f" (in token {index}, id {token})") from None
        return DecodeResult(text, data, problems, errors, errors == "replace" and bool(problems),
                            tuple(specials), tuple(unknown))

    def to_asset_model(self) -> dict:
        return {
            "base": "bytes",
            "merges": [{"rank": m.rank, "pair": [m.left, m.right], "id": m.new_id, "count": m.count}
                       for m in self.merges],
            "specials": [{"token": name, "id": i} for name, i in self.specials],
            "pre_tokenizer": pretokenize.describe(self.pretokenizer),
        }

    @classmethod
    def from_asset_model(cls, model: dict) -> ByteBPE:
        """Rebuild from :meth:`to_asset_model` output, raising :class:`AssetError`."""
        try:
            if not isinstance(model, dict) or model.get("base") != "bytes":
                raise AssetError('tokenizer model must be an object with "base": "bytes"')
            specials = tuple((_field(s, "token", str, "special"), _field(s, "id", int, "special"))
                             for s in _list(model, "specials"))
            table = [bytes([b]) for b in range(BASE_SIZE)] + [b""] * len(specials)
            merges = []
            for n, entry in enumerate(_list(model, "merges"), start=1):
                pair = _field(entry, "pair", list, f"merge {n}")
                if len(pair) != 2 or any(isinstance(p, bool) or not isinstance(p, int) for p in pair):
                    raise AssetError(f"merge {n}: pair must be two integer ids, got {pair!r}")
                data = b"".join(table[p] for p in pair if 0 <= p < len(table))
                merges.append(ByteMergeStep(_field(entry, "rank", int, f"merge {n}"), pair[0], pair[1],
                                            _field(entry, "id", int, f"merge {n}"),
                                            _field(entry, "count", int, f"merge {n}"), (), data))
                table.append(data)
            return cls(tuple(merges), specials, _pretokenizer_name(model.get("pre_tokenizer")))
        except TokenizerError as exc:
            raise AssetError(f"invalid tokenizer model: {exc}") from None


def _list(model: dict, key: str) -> list:
    if not isinstance(model.get(key), list):
        raise AssetError(f'tokenizer model needs a list "{key}"')
    return model[key]


def _field(entry, key: str, kind: type, where: str):
    value = entry.get(key) if isinstance(entry, dict) else None
    if isinstance(value, bool) or not isinstance(value, kind):
        raise AssetError(f'{where}: "{key}" must be {kind.__name__}, got {value!r}')
    return value


def _pretokenizer_name(spec) -> str:
    if spec == {"type": "none"}:
        return "none"
    name = spec.get("name") if isinstance(spec, dict) else None
    if spec != pretokenize.describe(name if isinstance(name, str) else ""):
        raise AssetError(f"pre_tokenizer {spec!r} does not match the built-in {name!r} exactly "
                         "(same name, version and pattern are required)")
    return name


def _record_bytes(record, index: int) -> bytes:
    if isinstance(record, str):
        try:
            return record.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise TokenizerError(f"record {index}: character {exc.start} is a lone surrogate "
                                 "that UTF-8 cannot encode") from None
    if isinstance(record, (bytes, bytearray)):
        return bytes(record)
    raise TokenizerError(f"record {index} is {type(record).__name__}; records must be str or bytes")


def _best_pairs(heap: list, counts: dict) -> tuple[int, tuple[tuple[int, int], ...]] | None:
    """Pop the top count's pairs; return it with all pairs at it, sorted.

    The heap holds ``(-count, left, right)`` and is invalidated lazily: an
    entry is live only while it matches the current count, and every change
    of a count pushes a fresh entry.  Tied losers are pushed back.
    """
    while heap and counts.get((heap[0][1], heap[0][2])) != -heap[0][0]:
        heapq.heappop(heap)
    if not heap:
        return None
    top, ties = -heap[0][0], set()
    while heap and heap[0][0] == -top:
        _, left, right = heapq.heappop(heap)
        if counts.get((left, right)) == top:
            ties.add((left, right))
    ordered = tuple(sorted(ties))
    for left, right in ordered[1:]:
        heapq.heappush(heap, (-top, left, right))
    return top, ordered


def train(records, num_merges: int, *, pretokenizer: str = "none", specials=None,
          progress=None, should_stop=None) -> ByteBPE:
    """Learn up to ``num_merges`` merges from ``records`` (str or bytes each).

    Stops early when no adjacent pair remains.  ``progress(step, total)`` is
    called after each merge; if ``should_stop()`` returns true before a merge,
    the merges so far are returned with ``cancelled=True``.
    """
    if isinstance(records, (str, bytes)):
        raise TokenizerError("records must be a list of texts, not one text; wrap it in a list")
    if isinstance(num_merges, bool) or not isinstance(num_merges, int) or num_merges < 0:
        raise TokenizerError(f"num_merges must be a non-negative integer, got {num_merges!r}")
    specials = tuple((SPECIALS if specials is None else specials).items())
    pretokenize.get(pretokenizer)
    # Identical pre-tokens train identically, so each distinct one is kept
    # once with its frequency (insertion order keeps this deterministic).
    frequency: Counter[bytes] = Counter()
    for index, record in enumerate(records):
        data = _record_bytes(record, index)
        frequency.update(data[a:b] for a, b in pretokenize.split_bytes(pretokenizer, data))
    words = [list(w) for w in frequency if len(w) > 1]
    freqs = [frequency[bytes(w)] for w in words]
    counts: Counter[tuple[int, int]] = Counter()
    where: dict[tuple[int, int], set[int]] = {}
    for w, symbols in enumerate(words):
        for pair in zip(symbols, symbols[1:]):
            counts[pair] += freqs[w]
            where.setdefault(pair, set()).add(w)
    heap = [(-c, left, right) for (left, right), c in counts.items()]
    heapq.heapify(heap)
    table = [bytes([b]) for b in range(BASE_SIZE)] + [b""] * len(specials)
    merges, cancelled = [], False
    for rank in range(1, num_merges + 1):
        if should_stop is not None and should_stop():
            cancelled = True
            break
        best = _best_pairs(heap, counts)
        if best is None:
            break
        count, ties = best
        pair, new_id = ties[0], len(table)
        table.append(table[pair[0]] + table[pair[1]])
        merges.append(ByteMergeStep(rank, pair[0], pair[1], new_id, count, ties, table[-1]))
        changed = set()
        # ``where`` may list words that no longer hold a pair (entries are
        # only ever added); such a word merges nothing and costs one scan.
        for w in where[pair]:
            for p, d in _merge_in_place(words[w], pair, new_id).items():
                if d:
                    counts[p] += d * freqs[w]
                    changed.add(p)
                if d > 0:
                    where.setdefault(p, set()).add(w)
        for p in changed:
            if counts[p] > 0:
                heapq.heappush(heap, (-counts[p], p[0], p[1]))
            else:
                del counts[p], where[p]
        if progress is not None:
            progress(rank, num_merges)
    return ByteBPE(tuple(merges), specials, pretokenizer, cancelled)
