"""Byte-level BPE: train, encode, decode and (de)serialise a merge table.

Reference: seed 000, example 19.3 (book-byte-bpe-v1): IDs 0-255 are bytes,
256-258 <BOS>/<EOS>/<PAD>, learned IDs from 259; ties go to the highest
count, then the smallest ``(left_id, right_id)``.  Training is incremental
(:mod:`core.models.byte_train`).

Details: docs/notes/models.md#coremodelsbyte_bpepy.
"""

from __future__ import annotations

import heapq
import operator
import re
from dataclasses import dataclass, field
from itertools import accumulate, chain, islice, repeat
from pathlib import Path

from core.models import byte_train
from core.models.tokens import ModelTokens
from core.pipeline import pretokenize
from core import utf8
from core.decoded import DecodeResult, decode_bytes
from core.errors import AssetError, TokenizerError

SPECIALS = {"<BOS>": 256, "<EOS>": 257, "<PAD>": 258}
BASE_SIZE = 256
# Bump the version whenever a change could alter learned merges.
TRAINER_NAME = "subword-studio/byte-bpe"
TRAINER_VERSION = 1
# Encoder tuning; none of these changes a result.  Pieces up to CACHED_PIECE
# characters are cached (at most CACHE_LIMIT of them).  A chunk longer than
# SHORT_PIECE bytes replays the merges with str.replace when there are at
# most REPLAY_LIMIT of them, and otherwise uses a heap over its pairs.
SHORT_PIECE = 256
CACHED_PIECE = 1024
CACHE_LIMIT = 1 << 18
REPLAY_LIMIT = 2048
_NO_MERGE = 1 << 62  # above every ID
_NONE = repeat(_NO_MERGE)  # endless: the default of every rank lookup


@dataclass(frozen=True)
class ByteMergeStep:
    """One learned merge.  ``ties`` lists the pairs at the winning count
    (winner first, sorted), at most the first 64 of the ``tie_count``;
    :func:`step_ties` recomputes them all.  Both are empty (0) when loaded
    from an asset."""

    rank: int
    left: int
    right: int
    new_id: int
    count: int
    ties: tuple[tuple[int, int], ...] = field(compare=False)
    token_bytes: bytes
    tie_count: int = field(default=0, compare=False)


_PARTIAL = ("partial", "")  # by "both ends start a character" (0 or 1)
# Maps every UTF-8 continuation byte (0x80-0xBF) to 0 and any other to 1.
_STARTS_A_CHAR = bytes(0 if 0x80 <= b < 0xC0 else 1 for b in range(256))


def _utf8(text: str) -> bytes:
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise TokenizerError(
            f"character {exc.start} is a lone surrogate U+{ord(text[exc.start]):04X}, "
            "which UTF-8 cannot encode; remove it or pass the bytes instead"
        ) from None


def _text_bytes(text) -> tuple[bytes, bytes]:
    """The UTF-8 bytes of ``text`` and a flag per byte offset (``len + 1`` of
    them): 1 where a character starts, and at the end."""
    if isinstance(text, str):
        data = _utf8(text)
    elif isinstance(text, (bytes, bytearray)):
        data = bytes(text)
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            # A stretch of invalid UTF-8 counts as one character.
            flags = bytearray(len(data) + 1)
            for start in utf8.char_boundaries(data):
                flags[start] = 1
            return data, bytes(flags)
    else:
        raise TokenizerError(f"expected str or bytes, got {type(text).__name__}")
    return data, data.translate(_STARTS_A_CHAR) + b"\x01"


class _PieceCache(dict):
    """Pre-token -> IDs; a miss runs the merges and keeps short pieces."""

    __slots__ = ("merge",)

    def __missing__(self, piece: str) -> tuple[int, ...]:
        ids = self.merge(piece.encode("utf-8", "surrogateescape"))
        if len(piece) <= CACHED_PIECE and len(self) < CACHE_LIMIT:
            self[piece] = ids
        return ids


@dataclass(frozen=True)
class ByteBPE:
    merges: tuple[ByteMergeStep, ...] = ()
    specials: tuple[tuple[str, int], ...] = tuple(SPECIALS.items())
    pretokenizer: str = "none"
    cancelled: bool = field(default=False, compare=False)
    _table: tuple[bytes | None, ...] = field(init=False, repr=False, compare=False)
    _special_ids: frozenset = field(init=False, repr=False, compare=False)
    _ranks: dict = field(init=False, repr=False, compare=False)
    _merge_id: dict = field(init=False, repr=False, compare=False)
    _sizes: tuple = field(init=False, repr=False, compare=False)
    _cache: _PieceCache = field(init=False, repr=False, compare=False)

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
            left, right = step.left, step.right
            if step.rank != position or step.new_id != len(table) or step.count < 1:
                raise TokenizerError(f"merge {position}: expected rank {position}, id {len(table)} and a positive "
                                     f"count, got rank {step.rank}, id {step.new_id}, count {step.count}")
            if not (0 <= left < len(table) and 0 <= right < len(table)) or table[left] is None \
                    or table[right] is None:
                part = left if not 0 <= left < len(table) or table[left] is None else right
                raise TokenizerError(f"merge {position}: id {part} is not a byte or an earlier learned id")
            if (pair := (left, right)) in ranks:
                raise TokenizerError(f"merge {position}: pair {pair} was already merged")
            if step.token_bytes != table[left] + table[right]:
                raise TokenizerError(f"merge {position}: token_bytes do not match the merged pair")
            ranks[pair] = (position, step.new_id)
            table.append(step.token_bytes)
        object.__setattr__(self, "specials", tuple(sorted(self.specials, key=lambda s: s[1])))
        object.__setattr__(self, "_table", tuple(table))
        object.__setattr__(self, "_special_ids", frozenset(i for _, i in self.specials))
        object.__setattr__(self, "_ranks", ranks)
        object.__setattr__(self, "_merge_id", {pair: new for pair, (_, new) in ranks.items()})
        object.__setattr__(self, "_sizes", tuple(len(b) if b is not None else 0 for b in table))
        cache = _PieceCache()
        cache.merge = self._merge_chunk
        object.__setattr__(self, "_cache", cache)

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

    def _merge_chunk(self, chunk: bytes) -> tuple[int, ...]:
        """The IDs of one pre-token: its bytes after every merge, in rank order."""
        if len(chunk) < 2 or not self._ranks:
            return tuple(chunk)
        if len(chunk) > SHORT_PIECE:
            if len(self.merges) > REPLAY_LIMIT:
                return tuple(self._apply_merges(chunk))
            # Few merges over a long chunk: str.replace is a left-to-right,
            # non-overlapping merge, i.e. exactly one replayed step, in C.
            word = chunk.decode("latin-1")
            for step in self.merges:
                pair = chr(step.left) + chr(step.right)
                if pair in word:
                    word = word.replace(pair, chr(step.new_id))
            return tuple(map(ord, word))
        # Short chunk: merge the leftmost lowest-ranked pair until none is
        # left, keeping the rank of every adjacent pair in a list so that
        # finding it (min, index) and shifting (del) run in C.  A merged ID
        # orders ranks, and only the two pairs around a merge change.
        symbols, rank_of, none = list(chunk), self._merge_id.get, _NONE
        ranks = list(map(rank_of, zip(symbols, symbols[1:]), none))
        while ranks:
            best = min(ranks)
            if best == _NO_MERGE:
                break
            i = ranks.index(best)
            symbols[i:i + 2] = [best]
            del ranks[i]
            if i:
                ranks[i - 1] = rank_of((symbols[i - 1], best), _NO_MERGE)
            if i < len(ranks):
                ranks[i] = rank_of((best, symbols[i + 1]), _NO_MERGE)
        return tuple(symbols)

    def _apply_merges(self, chunk: bytes) -> list[int]:
        # Lowest rank first, leftmost first within a rank (a heap over the
        # adjacent pairs of a linked list), for long chunks under many merges.
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

    def _segment_ids(self, data: bytes) -> list[int]:
        """IDs of a stretch without specials: pre-tokens through the cache."""
        text = data.decode("utf-8", "surrogateescape")
        return list(chain.from_iterable(map(self._cache.__getitem__, pretokenize.pieces(self.pretokenizer, text))))

    def clear_cache(self) -> None:
        """Forget the encoded pre-tokens (for cold-cache measurements)."""
        self._cache.clear()

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

    def encode(self, text: str | bytes, *, allowed_special=False) -> ModelTokens:
        """Encode ``text``; ``allowed_special`` is False, True or a set of
        names whose literal spelling becomes the special id (no bytes).

        The tokens are the input bytes each ID covers (an allowed special's
        is the literal text it replaced, though decoding gives it no bytes);
        ``spans`` are those bytes' offsets, ``char_spans`` the characters
        (for bytes input a stretch of invalid UTF-8 counts as one), and a
        token that starts or ends inside a character is flagged ``partial``."""
        data, starts = _text_bytes(text)
        ids: list[int] = []
        ends: list[int] = []
        size = self._sizes.__getitem__
        for start, end, special in self._segments(data, allowed_special):
            if special is not None:
                ids.append(special)
                ends.append(end)
            elif end > start:
                found = self._segment_ids(data[start:end])
                ids.extend(found)
                ends.extend(islice(accumulate(map(size, found), initial=start), 1, None))
        begins = [0, *ends[:-1]]  # tokens tile the input, specials included
        byte_spans = tuple(zip(begins, ends))
        if starts.count(1) == len(starts):  # ASCII: bytes are characters
            char_spans, flags = byte_spans, ("",) * len(ids)
        else:
            # Character index of each byte offset, and of the first
            # character starting at or after it.
            floor = list(accumulate(starts, initial=-1))[1:]
            ceil = list(map(operator.sub, accumulate(starts), starts))
            char_spans = tuple(zip(map(floor.__getitem__, begins), map(ceil.__getitem__, ends)))
            # Whole when both ends are character starts (flags are 0 or 1).
            flags = tuple(map(_PARTIAL.__getitem__, map(operator.and_, map(starts.__getitem__, begins),
                                                        map(starts.__getitem__, ends))))
        return ModelTokens(tuple(ids), tuple(map(data.__getitem__, map(slice, begins, ends))), byte_spans,
                           char_spans, flags)

    def encode_ids(self, text: str | bytes, *, allowed_special=False) -> list[int]:
        """Only the IDs of :meth:`encode`, without spans (the fast path)."""
        if isinstance(text, str):
            if not text.isascii():
                _utf8(text)  # the clear error for a lone surrogate
            if allowed_special is False:
                return list(chain.from_iterable(map(self._cache.__getitem__,
                                                    pretokenize.pieces(self.pretokenizer, text))))
            data = text.encode("utf-8")
        elif isinstance(text, (bytes, bytearray)):
            data = bytes(text)
        else:
            raise TokenizerError(f"expected str or bytes, got {type(text).__name__}")
        ids: list[int] = []
        for start, end, special in self._segments(data, allowed_special):
            if special is not None:
                ids.append(special)
            elif end > start:
                ids.extend(self._segment_ids(data[start:end]))
        return ids

    def encode_batch(self, texts, *, allowed_special=False) -> list[list[int]]:
        """:meth:`encode_ids` of each text, sharing one pre-token cache."""
        if isinstance(texts, (str, bytes)):
            raise TokenizerError("encode_batch takes a list of texts, not one text; wrap it in a list")
        finder = pretokenize.piece_finder(self.pretokenizer)
        if finder is None or allowed_special is not False:
            with byte_train.paused_gc():
                return [self.encode_ids(text, allowed_special=allowed_special) for text in texts]
        # The common case inlined: plain ASCII text needs no checks.
        ascii_findall, lookup, out = finder[0], self._cache.__getitem__, []
        with byte_train.paused_gc():
            for text in texts:
                if type(text) is str and text.isascii():
                    out.append(list(chain.from_iterable(map(lookup, ascii_findall(text)))))
                else:
                    out.append(self.encode_ids(text))
        return out

    def encode_file(self, path, *, allowed_special=False) -> list[int]:
        """The IDs of a whole file's bytes, as :meth:`encode` of those bytes."""
        try:
            data = Path(path).read_bytes()
        except OSError as exc:
            raise TokenizerError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
        return self.encode_ids(data, allowed_special=allowed_special)

    def decode(self, ids, *, errors: str = "strict") -> DecodeResult:
        """Join the bytes of ``ids`` and decode them as a whole.

        Specials contribute no bytes and are listed; unknown IDs are listed
        too, or raise under ``strict``, as does any UTF-8 problem.
        """
        return decode_bytes(ids, self._bytes_of, self._special_ids, errors)

    def _bytes_of(self, token_id: int) -> bytes | None:
        return self._table[token_id] if 0 <= token_id < len(self._table) else None

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


def _step(rank, left, right, new_id, count, ties, token_bytes, tie_count) -> ByteMergeStep:
    """``ByteMergeStep(...)`` for a step the trainer just made: the frozen
    dataclass's ``__init__`` sets its eight fields one ``object.__setattr__``
    at a time, a tenth of the time left after training on 1 MB."""
    step = object.__new__(ByteMergeStep)
    step.__dict__.update(rank=rank, left=left, right=right, new_id=new_id, count=count, ties=ties,
                         token_bytes=token_bytes, tie_count=tie_count)
    return step


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
    # The steps and the model are built with the collector paused too: made
    # with it running, their tens of thousands of objects set off
    # collections that walked everything training had allocated (a fifth
    # of the run on 1 MB).
    with byte_train.paused_gc() as owned:
        words = byte_train.count_words(records, pretokenizer)
        steps, cancelled = byte_train.learn(words, num_merges, BASE_SIZE + len(specials),
                                            progress=progress, should_stop=should_stop)
        del words
        table = [bytes([b]) for b in range(BASE_SIZE)] + [b""] * len(specials)
        merges = []
        for rank, (left, right, count, ties, tie_count) in enumerate(steps, start=1):
            merges.append(_step(rank, left, right, len(table), count, ties, table[left] + table[right], tie_count))
            table.append(merges[-1].token_bytes)
        model = ByteBPE(tuple(merges), specials, pretokenizer, cancelled)
        del steps, merges
        byte_train.keep_long_lived(owned)
        return model


def step_ties(records, model: ByteBPE, rank: int) -> tuple[tuple[int, int], ...]:
    """Every pair tied at step ``rank`` of ``model``, recounted from ``records``.

    A step keeps only its first 64 ties; this replays the earlier merges on
    the pre-tokens and lists all pairs at the step's count, sorted.  Raises
    :class:`TokenizerError` if the records do not train to that step.
    """
    if isinstance(rank, bool) or not isinstance(rank, int) or not 1 <= rank <= len(model.merges):
        raise TokenizerError(f"rank must be 1-{len(model.merges)}, got {rank!r}")
    step = model.merges[rank - 1]
    before = ByteBPE(model.merges[:rank - 1], model.specials, model.pretokenizer)
    counts: dict[tuple[int, int], int] = {}
    with byte_train.paused_gc():
        for data, times in byte_train.count_words(records, model.pretokenizer).items():
            ids = before._merge_chunk(data)
            for pair in zip(ids, ids[1:]):
                counts[pair] = counts.get(pair, 0) + times
    if counts.get((step.left, step.right)) != step.count or max(counts.values()) != step.count:
        raise TokenizerError(f"step {rank}: these records do not give pair {(step.left, step.right)} "
                             f"the top count {step.count}; they did not train this tokenizer")
    return tuple(sorted(pair for pair, count in counts.items() if count == step.count))
