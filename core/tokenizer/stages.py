"""Every stage of a tokenizer's pipeline for one input, aligned to the original.

Reference: the encode pipeline of Hugging Face ``tokenizers``
(``tokenizer/mod.rs``: normalizer, pre-tokenizer, model, post-processor,
decoder) and its ``Encoding.offsets``; SentencePiece's byte offsets
(``begin``/``end`` of each piece).  :func:`inspect` runs the stages of any
asset kind (``byte-bpe``, ``bpe``, ``wordpiece``, ``unigram``, ``char-bpe``)
and returns them in order.  Every piece of every stage carries the span of
original *characters* and of original UTF-8 *bytes* it came from; the tests
compare them with both libraries.

A stage's pieces are, for a text stage (input, normalizers), runs of
unchanged text plus each changed, inserted or removed stretch; for a split
stage, the pre-tokens; for the model and post-processing, the tokens with
their IDs.  Decoding ends with a verdict: the decoded text equals the input,
equals the normalized input (what the normalizer kept), or is lossy, and
then every difference is named with its span.

The post-processing stage runs the tokenizer's own post-processor (an
imported HF ``TemplateProcessing``, ``BertProcessing`` ...), or, where the
caller passes a ``template`` (HF's syntax for one sequence, e.g.
``"<BOS> $A <EOS>"``), that template instead.  Decoding decodes the
model's IDs, without those specials.

Deviations: spans cover every original character a piece came from: HF aligns an NFKC-composed
``é`` with the ``e`` only and a ``Replace`` with its last character, and
SentencePiece gives a character to the piece holding its end; an inserted
character (``▁``, a prefix space) has an empty span here, where HF gives it
the next character's.
"""

from __future__ import annotations

import difflib
from bisect import bisect_left, bisect_right
from dataclasses import asdict, dataclass
from typing import NamedTuple

from core.pipeline.aligned import Aligned, Origin
from core.errors import TokenizerError
from core.pipeline import post_process as pp

# Past this many differing characters the diff names one stretch, not each edit.
DIFF_LIMIT = 4000
# Every stage keeps its text, spans and per-character maps: some 40 µs and
# hundreds of bytes a character (2 MB took 100 s and 900 MB).
MAX_CHARS = 100_000


class Piece(NamedTuple):
    """One piece of a stage's output and the original it came from.

    ``kind``: "" (unchanged text, an ordinary split or token), "changed",
    "inserted" (no original characters), "removed" (original text with no
    output), "special", "unknown", "byte" (byte fallback), "partial" (a
    byte-level token that starts or ends inside a character), "approximate"
    (alignment could not be traced exactly; the span is the whole word).
    A flat tuple, because a megabyte of input makes a million of them.
    """

    text: str
    char_start: int
    char_end: int
    byte_start: int
    byte_end: int
    id: int | None = None
    kind: str = ""

    @property
    def chars(self) -> tuple[int, int]:
        """Original characters ``[start, end)``."""
        return (self.char_start, self.char_end)

    @property
    def bytes(self) -> tuple[int, int]:
        """Original UTF-8 bytes ``[start, end)``."""
        return (self.byte_start, self.byte_end)

    def to_json(self) -> dict:
        out = {"text": self.text, "chars": [self.char_start, self.char_end], "bytes": [self.byte_start, self.byte_end]}
        if self.id is not None:
            out["id"] = self.id
        if self.kind:
            out["kind"] = self.kind
        return out


_piece = Piece._make


@dataclass(frozen=True)
class Stage:
    name: str  # input, normalize, prefix, pre_tokenize, clean_text, ..., model, post_process, decode
    detail: str  # what ran, e.g. "nfkc", "byte_level", "first 3 of 32 merges"
    input: str
    output: str
    pieces: tuple[Piece, ...]
    tokens: bool = False  # pieces are tokens with IDs

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(p.id for p in self.pieces if p.id is not None)


@dataclass(frozen=True)
class Difference:
    chars: tuple[int, int]  # in the input
    bytes: tuple[int, int]
    original: str
    decoded: str


@dataclass(frozen=True)
class Verdict:
    kind: str  # "input", "normalized" or "lossy"
    differences: tuple[Difference, ...]  # decoded against the input


@dataclass(frozen=True)
class Inspection:
    text: str
    kind: str  # the asset kind
    stages: tuple[Stage, ...]
    verdict: Verdict
    merges: int | None  # merges the asset has (None: not a merge model)
    limit: int | None  # merges used (None: all)

    def stage(self, name: str) -> Stage:
        return next(s for s in self.stages if s.name == name)

    def to_json(self) -> dict:
        stages = [{"name": s.name, "detail": s.detail, "input": s.input, "output": s.output, "tokens": s.tokens,
                   "pieces": [p.to_json() for p in s.pieces]} for s in self.stages]
        return {"text": self.text, "kind": self.kind, "stages": stages, "verdict": asdict(self.verdict),
                "merges": self.merges, "limit": self.limit}


# ==== building pieces ====

class Builder:
    """Turns aligned texts into pieces for one original input."""

    def __init__(self, text: str):
        self.origin = Origin(text)
        self._floor, self._offsets, self._size = self.origin.floor, self.origin.offsets, self.origin.size

    def piece(self, text: str, span: tuple[int, int], token_id=None, kind: str = "") -> Piece:
        # A piece made only of inserted characters (a lone dummy-prefix ▁)
        # keeps its empty span; HF gives it the next character's instead.
        # (Origin.chars and Origin.whole_chars, inlined: a megabyte of
        # input makes a million pieces.)
        a, b = span
        floor = self._floor
        c = floor[a]
        d = floor[b - 1] + 1 if b > a else c
        if not kind:
            offsets = self._offsets
            kind = "inserted" if a == b else "" if offsets[c] == a and (
                b == self._size or offsets[floor[b]] == b) else "partial"
        return _piece((text, c, d, a, b, token_id, kind))

    def text_pieces(self, src: Aligned) -> tuple[Piece, ...]:
        """Runs of unchanged text, and every changed, inserted or removed stretch."""
        origin = self.origin
        if src.text == origin.text and src.starts == origin.offsets[:-1]:
            return (self.piece(src.text, (0, origin.size)),) if src.text else ()
        out: list[list] = []  # [text, start, end, kind]
        text, starts, ends, pos, i, n = src.text, src.starts, src.ends, 0, 0, len(src.text)
        while i < n:
            a, b = starts[i], ends[i]
            j = i + 1
            while j < n and starts[j] == a and ends[j] == b:
                j += 1
            if a > pos:
                out.append(["", pos, a, "removed"])
            c, d = origin.chars(a, b)
            if a == b:
                kind = "inserted"
            elif text[i:j] == origin.text[c:d] and origin.whole_chars(a, b):
                kind = ""
            else:
                kind = "changed"
            if kind == "" and out and out[-1][3] == "" and out[-1][2] == a:
                out[-1][0] += text[i:j]
                out[-1][2] = b
            else:
                out.append([text[i:j], a, b, kind])
            pos, i = max(pos, b), j
        if pos < origin.size:
            out.append(["", pos, origin.size, "removed"])
        return tuple(self.piece(t, (a, b), None, k) for t, a, b, k in out)

    def split_pieces(self, splits, kind: str = "") -> tuple[Piece, ...]:
        return tuple(self.piece(s.text, s.span(), None, kind) for s in splits)

    def text_stage(self, name: str, detail: str, before: str, src: Aligned) -> Stage:
        return Stage(name, detail, before, src.text, self.text_pieces(src))


# ==== post-processing and decoding ====

def parse_template(template: str | None, lookup) -> list:
    """``"<BOS> $A <EOS>"`` -> ``[(token, id), "$A", (token, id)]``; ``lookup`` maps a token to its ID."""
    if template is None or not template.strip():
        return ["$A"]
    items = template.split()
    if items.count("$A") != 1:
        raise TokenizerError(f"template {template!r}: write $A exactly once, e.g. \"<BOS> $A <EOS>\"")
    out = []
    for item in items:
        if item == "$A":
            out.append(item)
            continue
        try:
            out.append((item, lookup(item)))
        except (TokenizerError, KeyError, ValueError):
            raise TokenizerError(f"template {template!r}: {item!r} is not a token of this tokenizer") from None
    return out


def post_process(builder: Builder, model: Stage, template: str | None, lookup) -> Stage:
    items = parse_template(template, lookup)
    size = builder.origin.size
    pieces: list[Piece] = []
    shown = []
    for index, item in enumerate(items):
        if item == "$A":
            pieces.extend(model.pieces)
            shown.append(model.output)
        else:
            at = 0 if "$A" not in items[:index] else size
            pieces.append(builder.piece(item[0], (at, at), item[1], "special"))
            shown.append(item[0])
    detail = template.strip() if template and template.strip() else "none"  # assets store no template
    return Stage("post_process", detail, model.output, " ".join(shown), tuple(pieces), True)


def asset_post_process(builder: Builder, model: Stage, spec: dict) -> Stage:
    """The post-processing stage from the tokenizer's own post-processor
    (:mod:`core.pipeline.post_process`): its specials around the model's
    tokens, trimmed spans where it trims.  A special sits at the start of
    the input before the tokens and at its end after them (HF gives every
    added special (0, 0))."""
    items = [pp.Item(p.id, p.text, p.chars, 0, (0, k)) for k, p in enumerate(model.pieces)]
    offsets, size = builder.origin.offsets, builder.origin.size
    pieces: list[Piece] = []
    shown, after = [], False
    for item in pp.process(spec, [items]):
        if item.special:
            at = size if after else 0
            pieces.append(builder.piece(item.token, (at, at), item.id, "special"))
            shown.append(item.token)
            continue
        if not after:
            shown.append(model.output)
        after = True
        piece = model.pieces[item.source[1]]
        if item.offsets != piece.chars:
            (a, b), (c, d) = piece.chars, item.offsets
            piece = piece._replace(char_start=c, char_end=d, byte_start=piece.byte_start + offsets[c] - offsets[a],
                                   byte_end=piece.byte_end - (offsets[b] - offsets[d]))
        pieces.append(piece)
    return Stage("post_process", pp.describe(spec), model.output, " ".join(shown), tuple(pieces), True)


def verdict(builder: Builder, decoded: str, normalized: str) -> Verdict:
    original = builder.origin.text
    if decoded == original:
        return Verdict("input", ())
    kind = "normalized" if decoded == normalized else "lossy"
    return Verdict(kind, tuple(_differences(builder, original, decoded)))


def _differences(builder: Builder, a: str, b: str):
    # Trim the common ends first: difflib is quadratic on long differing texts.
    head = 0
    limit = min(len(a), len(b))
    while head < limit and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < limit - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    mid_a, mid_b = a[head:len(a) - tail], b[head:len(b) - tail]
    if len(mid_a) + len(mid_b) > DIFF_LIMIT:
        opcodes = [("replace", 0, len(mid_a), 0, len(mid_b))]
    else:
        opcodes = difflib.SequenceMatcher(None, mid_a, mid_b, autojunk=False).get_opcodes()
    offsets = builder.origin.offsets
    for tag, i1, i2, j1, j2 in opcodes:
        if tag != "equal":
            start, end = head + i1, head + i2
            yield Difference((start, end), (offsets[start], offsets[end]), a[start:end], mid_b[j1:j2])


def decode_stage(builder: Builder, model: Stage, decoded: str, normalized: str, detail: str):
    result = verdict(builder, decoded, normalized)
    pieces = decode_pieces(builder, decoded, result)
    return Stage("decode", detail, " ".join(map(str, model.ids)), decoded, pieces), result


def decode_pieces(builder: Builder, decoded: str, result: Verdict) -> tuple[Piece, ...]:
    """The decoded text as runs equal to the input and the differing stretches."""
    pieces, pos_a, pos_b = [], 0, 0
    offsets = builder.origin.offsets
    for diff in result.differences:
        start, end = diff.chars
        if start > pos_a:
            pieces.append(Piece(decoded[pos_b:pos_b + start - pos_a], pos_a, start, offsets[pos_a], offsets[start]))
        pos_b += start - pos_a
        pieces.append(Piece(diff.decoded, *diff.chars, *diff.bytes, None, "changed" if diff.decoded else "removed"))
        pos_a, pos_b = end, pos_b + len(diff.decoded)
    if pos_a < len(builder.origin.text) or pos_b < len(decoded):
        pieces.append(Piece(decoded[pos_b:], pos_a, len(builder.origin.text), offsets[pos_a], builder.origin.size))
    return tuple(pieces)


class SpanIndex:
    """Which pieces of each stage overlap a span of original bytes.

    Pieces are in input order in every stage, so their starts and ends are
    sorted and a bisection finds the candidates; the test is then exact.
    An empty span (an inserted piece) matches the pieces at that point.
    """

    def __init__(self, inspection: Inspection):
        self._starts = [[p.byte_start for p in s.pieces] for s in inspection.stages]
        self._ends = [[p.byte_end for p in s.pieces] for s in inspection.stages]

    def overlapping(self, stage: int, start: int, end: int) -> list[int]:
        starts, ends = self._starts[stage], self._ends[stage]
        lo, hi = bisect_left(ends, start), bisect_right(starts, end)
        found = []
        for i in range(lo, hi):
            a, b = starts[i], ends[i]
            if (a < end and b > start) if end > start else (a <= start < b or a == b == start):
                found.append(i)
            elif a == b and start <= a < end:
                found.append(i)  # an inserted piece inside the span
        return found
