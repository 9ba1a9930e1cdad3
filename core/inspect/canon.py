"""Is an ID list the canonical encoding of its own text?

Many ID lists decode to the same text (``[58, 32]`` and ``[259]`` both spell
": " in the classroom tokenizer, seed 000, section 19.3), but a model saw
only the encoder's.  :func:`check` decodes a list, re-encodes it and lines
the two up by bytes, naming each difference.

Details: docs/notes/inspect.md#coreinspectcanonpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate
from operator import sub
from typing import NamedTuple

from core import utf8
from core.models.byte_train import paused_gc
from core.errors import StudioError, TokenizerError
from core.models.unigram import CONTROL
from core.tokenizer.base import Tokenizer

# Decoding and re-encoding takes some 20 µs an ID: a list is checked
# whole in a few seconds at most, not minutes (10 million IDs took 2.9 GB).
MAX_IDS = 100_000


class Span(NamedTuple):
    """One token of a list and the bytes it covers in the decoded data
    (a special or an unknown ID covers none: ``start == end``).  A named
    tuple, not a dataclass: a long list makes millions of them."""

    index: int
    id: int
    start: int
    end: int


class Difference(NamedTuple):
    """Tokens ``given[0]:given[1]`` of the list and ``canonical[0]:canonical[1]``
    of the canonical list spell the same bytes ``bytes[0]:bytes[1]``."""

    given: tuple[int, int]
    canonical: tuple[int, int]
    bytes: tuple[int, int]


@dataclass(frozen=True)
class CanonResult:
    ids: tuple[int, ...]
    # The tokens' bytes joined: what a byte-level list decodes to; for
    # string tokenizers, their spellings ("##er", "▁a"), used to line up.
    data: bytes
    text: str | None  # the decoded text; None when ``data`` is not valid UTF-8
    canonical: bool | None  # None: undecidable (no text to re-encode)
    canonical_ids: tuple[int, ...] | None
    spans: tuple[Span, ...]
    canonical_spans: tuple[Span, ...]
    differences: tuple[Difference, ...]
    specials: tuple[tuple[int, int, str], ...]  # (index, id, name)
    out_of_range: tuple[tuple[int, int], ...]  # (index, id)
    problems: tuple[utf8.Utf8Problem, ...]

    @property
    def ok(self) -> bool:
        """Canonical, every ID in the vocabulary, and valid UTF-8.  Specials
        are listed but allowed: the caller, not the encoder, adds them."""
        return self.canonical is True and not self.out_of_range and not self.problems


def check(tokenizer, ids) -> CanonResult:
    """Decode ``ids`` with ``tokenizer``, re-encode, and compare."""
    ids = tuple(ids)
    if len(ids) > MAX_IDS:
        raise StudioError(f"more than {MAX_IDS} IDs: split the list", code="ids.too_many", limit=MAX_IDS)
    # Millions of small tuples would each count towards a full GC pass.
    with paused_gc():
        return _check(tokenizer, tuple(ids))


def _check(tokenizer, ids) -> CanonResult:
    for index, token_id in enumerate(ids):
        if isinstance(token_id, bool) or not isinstance(token_id, int):
            raise TokenizerError(f"item {index} is {token_id!r}, not an integer ID")
    adapter = _adapter(tokenizer)
    spans, pieces = _pieces(adapter, ids)
    specials = tuple((i, ids[i], value) for i, (kind, value) in enumerate(pieces) if kind == "special")
    out_of_range = tuple((i, ids[i]) for i, (kind, _) in enumerate(pieces) if kind == "unknown")
    data = b"".join([value for kind, value in pieces if kind == "bytes"])
    problems = utf8.scan(data)
    if problems:  # no text: only a byte-level tokenizer can encode the bytes again
        text = None
        canonical_ids = _canonical(adapter, spans, specials, out_of_range) if adapter.takes_bytes else None
    else:
        skip = {index for index, _ in out_of_range}
        text = adapter.text([span.id for span in spans if span.index not in skip], data)
        canonical_ids = _canonical(adapter, spans, specials, out_of_range)
    if canonical_ids is None:
        return CanonResult(ids, data, text, None, None, spans, (), (), specials, out_of_range, problems)
    if canonical_ids == ids:  # the common case, and the one that needs no lining up
        return CanonResult(ids, data, text, True, ids, spans, spans, (), specials, out_of_range, problems)
    canonical_spans = _pieces(adapter, canonical_ids)[0]
    differences = tuple(align(spans, canonical_spans))
    return CanonResult(ids, data, text, False, canonical_ids,
                       spans, canonical_spans, differences, specials, out_of_range, problems)


def _adapter(tokenizer):
    if isinstance(tokenizer, Tokenizer):
        return _Interface(tokenizer)
    return _ByteLevel(tokenizer) if hasattr(tokenizer, "special_name") else _Textual(tokenizer)


def pieces_of(tokenizer, ids) -> list[tuple[str, object]]:
    """What each ID of ``ids`` covers, as :func:`check` lines lists up:
    ``("bytes", b"...")``, ``("special", name)`` or ``("unknown", b"")``."""
    return list(map(_adapter(tokenizer).piece, ids))


def _canonical(adapter, spans, specials, out_of_range) -> tuple[int, ...]:
    """Specials stay in place and each stretch between them is encoded on
    its own: no encoder turns text into a special, and bytes never merge
    across one.  Unknown IDs are left out (they spell nothing)."""
    if not specials and not out_of_range:
        return tuple(adapter.encode_stretch([span.id for span in spans]))
    fixed = {index for index, _, _ in specials}
    skip = {index for index, _ in out_of_range}
    out, stretch = [], []
    for span in spans:
        if span.index in fixed:
            out += adapter.encode_stretch(stretch)
            out.append(span.id)
            stretch = []
        elif span.index not in skip:
            stretch.append(span.id)
    out += adapter.encode_stretch(stretch)
    return tuple(out)


def _pieces(adapter, ids):
    """The spans of ``ids`` (tiling the joined bytes) and each one's
    ``(kind, value)``; built list-wise, since lists run to millions."""
    pieces = list(map(adapter.piece, ids))
    sizes = [len(value) if kind == "bytes" else 0 for kind, value in pieces]
    ends = list(accumulate(sizes))
    starts = list(map(sub, ends, sizes))
    return tuple(map(Span, range(len(ids)), ids, starts, ends)), pieces


def align(given, canonical):
    """Cut both span lists where they share a byte boundary; yield each piece
    where the IDs differ.

    >>> a = [Span(0, 58, 0, 1), Span(1, 32, 1, 2), Span(2, 101, 2, 3)]
    >>> b = [Span(0, 259, 0, 2), Span(1, 101, 2, 3)]
    >>> list(align(a, b))
    [Difference(given=(0, 2), canonical=(0, 1), bytes=(0, 2))]
    """
    i = j = 0
    n, m = len(given), len(canonical)
    while i < n or j < m:
        first_i, first_j = i, j
        start = given[i].start if i < n else canonical[j].start
        end_a = end_b = start
        if i < n:
            end_a, i = given[i].end, i + 1
        if j < m:
            end_b, j = canonical[j].end, j + 1
        # Grow the shorter side until both end on the same byte; a
        # zero-width token (special, unknown ID) then forms its own piece.
        while end_a != end_b:
            if end_a < end_b and i < n:
                end_a, i = given[i].end, i + 1
            elif end_b < end_a and j < m:
                end_b, j = canonical[j].end, j + 1
            else:  # the spellings differ in length: the rest is one piece
                i, j = n, m
                end_a = end_b = max(given[-1].end if n else start, canonical[-1].end if m else start)
        if [s.id for s in given[first_i:i]] != [s.id for s in canonical[first_j:j]]:
            yield Difference((first_i, i), (first_j, j), (start, max(end_a, end_b)))


class _Memo:
    """``piece(id)`` once per distinct ID: a long list repeats its IDs."""

    def __init__(self, model):
        self.model = model
        self._pieces = {}

    def piece(self, token_id):
        found = self._pieces.get(token_id)
        if found is None:
            found = self._pieces[token_id] = self._piece(token_id)
        return found


class _ByteLevel(_Memo):
    """``byte-bpe`` assets: IDs are bytes, learned merges and specials."""

    def _piece(self, token_id):
        if not 0 <= token_id < self.model.vocab_size:
            return "unknown", b""
        name = self.model.special_name(token_id)
        if name is not None:
            return "special", name
        return "bytes", self.model.token_bytes(token_id)

    takes_bytes = True

    def text(self, ids, data):
        return data.decode("utf-8")

    def encode_stretch(self, ids):
        data = b"".join(map(self.model.token_bytes, ids))
        return list(self.model.encode(data).ids) if data else []


class _Textual(_Memo):
    """Tokenizers over strings: imported ``bpe``, ``wordpiece``, ``unigram``
    and ``char-bpe``.

    A token covers the UTF-8 of its own spelling (its bytes in a byte-level
    BPE), so two lists line up wherever their spellings cut the text alike.
    """

    def _piece(self, token_id):
        model = self.model
        try:
            if hasattr(model, "token_of"):  # imported BPE
                token = model.token_of(token_id)
                if any(a.special and a.id == token_id for a in model.added):
                    return "special", token
                data = model.token_bytes(token_id)
                return "bytes", data if data is not None else token.encode("utf-8")
            token = model.token(token_id)
        except TokenizerError:
            return "unknown", b""
        piece = getattr(token, "piece", token)  # a unigram Piece or a string
        if getattr(token, "type", None) == CONTROL:
            return "special", piece
        return "bytes", piece.encode("utf-8")

    takes_bytes = False

    def text(self, ids, data):
        return self.model.decode(ids)

    def encode_stretch(self, ids):
        if not ids:
            return []
        return list(self.model.encode(self.model.decode(ids)).ids)


class _Interface(_Memo):
    """Any kind behind the one interface (:class:`core.tokenizer.Tokenizer`)."""

    def __init__(self, tokenizer):
        super().__init__(tokenizer)
        self._specials = {token_id: name for name, token_id in tokenizer.specials}
        # The unknown token stays in place like a special: the text it stood
        # for is lost, and its name ("[UNK]") is not text the encoder reads back.
        unknown = _unknown_id(tokenizer)
        if unknown is not None:
            self._specials.setdefault(unknown, tokenizer.id_to_token(unknown))
        # Our byte-level BPE encodes bytes, so even bytes that are not UTF-8
        # have a canonical list; every other kind needs text.
        self.takes_bytes = tokenizer.kind == "byte-bpe"

    def _piece(self, token_id):
        name = self._specials.get(token_id)
        if name is not None:
            return "special", name
        try:
            token = self.model.id_to_token(token_id)
            data = self.model.token_bytes(token_id)
        except TokenizerError:
            return "unknown", b""
        if data is None:
            # The text a stored token adds to decoded text ("##er" -> "er",
            # "▁a" -> " a", "er</w>" -> "er "), where the kind says (the staged
            # kinds do), so two spellings of one text cover the same bytes.
            decoded = getattr(self.model, "decoded", None)
            data = (decoded(token, token_id) if decoded is not None else token).encode("utf-8", "surrogatepass")
        return "bytes", data

    def text(self, ids, data):
        return self.model.decode(ids, errors="strict").text

    def encode_stretch(self, ids):
        if not ids:
            return []
        if self.takes_bytes:
            data = b"".join(map(self.model.token_bytes, ids))
            return list(self.model.model.encode(data).ids) if data else []
        return list(self.model.encode_ids(self.text(ids, None)))


def _unknown_id(tokenizer) -> int | None:
    """The ID of a kind's unknown token (``[UNK]``, ``<unk>``), if it has one."""
    model = tokenizer.model
    if tokenizer.kind == "unigram":
        return model.unk_id
    unk = getattr(model, "unk", None)
    if not isinstance(unk, str):
        return None
    try:
        return tokenizer.token_to_id(unk)
    except TokenizerError:
        return None
