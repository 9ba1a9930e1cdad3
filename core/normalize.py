"""SentencePiece-style text pipeline: normalize, make whitespace explicit, decode.

Reference: Kudo & Richardson (2018), SentencePiece, sections 2-3, and its
``normalizer.cc`` (v0.2): the input is a raw sentence, not pre-split words;
after normalization a space is an ordinary symbol written ``▁`` (U+2581), a
``▁`` is prepended ("dummy prefix") so that a sentence-initial word looks like
any other, runs of spaces collapse to one and leading/trailing spaces go.

Decoding joins the pieces, turns every ``▁`` back into a space and drops the
dummy prefix.  The round trip holds on the *normalized* text, not the raw
input (seed 000, §19.3): ``decode(encode(x)) == normalize(x).plain``.

Deviations and details:

* Only two normalizations are offered: ``identity`` and ``nfkc`` (Python's
  :mod:`unicodedata`, which agrees with SentencePiece's ``nfkc`` rule on the
  texts the tests compare).  SentencePiece's default ``nmt_nfkc`` also maps
  control characters and some spaces; it is not reproduced here.
* As in SentencePiece, only U+0020 counts as whitespace *after*
  normalization: NFKC turns U+3000 or U+00A0 into it, but a tab or newline
  stays a character of its own.
* A ``▁`` already present in the input is indistinguishable from an escaped
  space (also true of SentencePiece); :attr:`Normalized.literal_markers`
  reports where that happened.
* Alignment is by character: every normalized character knows the span of
  original characters it came from (SentencePiece keeps byte offsets).

Byte fallback pieces are spelled ``<0xNN>`` with two upper-case hex digits.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from .errors import TokenizerError

SPACE_MARK = "\u2581"
NORMALIZATIONS = ("identity", "nfkc")
BYTE_PIECES = tuple(f"<0x{b:02X}>" for b in range(256))
_BYTE_RE = re.compile(r"<0x([0-9A-F]{2})>")


def byte_piece(value: int) -> str:
    """``<0xNN>`` for a byte value.

    >>> byte_piece(0xE4)
    '<0xE4>'
    """
    return BYTE_PIECES[value]


def piece_byte(piece: str) -> int | None:
    """The byte value a ``<0xNN>`` piece stands for, or None for other pieces."""
    match = _BYTE_RE.fullmatch(piece)
    return int(match.group(1), 16) if match else None


@dataclass(frozen=True)
class Normalized:
    """A normalized sentence with ``▁`` for spaces, aligned to the original.

    ``spans[i]`` is the half-open range of original characters that produced
    normalized character ``i``; the dummy prefix has an empty range, and a
    collapsed run of spaces maps to the whole run.
    """

    original: str
    text: str
    spans: tuple[tuple[int, int], ...]
    dummy_prefix: bool
    literal_markers: tuple[int, ...]  # original offsets of ▁ present in the input

    @property
    def plain(self) -> str:
        """What decoding gives back: ``▁`` as spaces, without the dummy prefix."""
        return _plain(self.text, self.dummy_prefix)

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Original character range covered by normalized characters ``[start, end)``."""
        if not 0 <= start <= end <= len(self.text):
            raise TokenizerError(f"span {start}..{end} is outside the normalized text (length {len(self.text)})")
        if start == end:
            at = self.spans[start][0] if start < len(self.spans) else len(self.original)
            return (at, at)
        return (min(s for s, _ in self.spans[start:end]), max(e for _, e in self.spans[start:end]))


def _plain(text: str, dummy_prefix: bool) -> str:
    text = text.replace(SPACE_MARK, " ")
    return text[1:] if dummy_prefix and text.startswith(" ") else text


def _nfkc_segments(text: str):
    """Split ``text`` into pieces NFKC can normalize independently.

    A new piece starts at a character with combining class 0 whose joining
    does not change the normalization of what came before (this catches
    Hangul jamo and the other characters that compose backwards).  If the
    pieces ever disagree with normalizing the whole string, the whole string
    becomes one piece: coarser alignment, but never a different text.
    """
    segments: list[list] = []  # [start, end]
    for index, ch in enumerate(text):
        if segments and unicodedata.combining(ch):
            segments[-1][1] = index + 1
            continue
        if segments:
            start, _ = segments[-1]
            current = text[start:index]
            joined = unicodedata.normalize("NFKC", current + ch)
            if joined != unicodedata.normalize("NFKC", current) + unicodedata.normalize("NFKC", ch):
                segments[-1][1] = index + 1
                continue
        segments.append([index, index + 1])
    pieces = [(s, e, unicodedata.normalize("NFKC", text[s:e])) for s, e in segments]
    if "".join(p for _, _, p in pieces) != unicodedata.normalize("NFKC", text):
        pieces = [(0, len(text), unicodedata.normalize("NFKC", text))] if text else []
    return pieces


@dataclass(frozen=True)
class Pipeline:
    """Normalization and whitespace rules, as a SentencePiece model records them."""

    normalization: str = "nfkc"
    add_dummy_prefix: bool = True
    remove_extra_whitespaces: bool = True

    def __post_init__(self):
        if self.normalization not in NORMALIZATIONS:
            raise TokenizerError(
                f"unknown normalization {self.normalization!r}; use one of: {', '.join(NORMALIZATIONS)}")

    def describe(self) -> dict:
        return {"type": "sentencepiece", "normalization": self.normalization,
                "add_dummy_prefix": self.add_dummy_prefix,
                "remove_extra_whitespaces": self.remove_extra_whitespaces}

    @classmethod
    def from_description(cls, spec: dict) -> "Pipeline":
        if not isinstance(spec, dict) or spec.get("type") != "sentencepiece":
            raise TokenizerError("normalizer: expected an object with type 'sentencepiece'")
        options = {}
        for key, kind in (("normalization", str), ("add_dummy_prefix", bool), ("remove_extra_whitespaces", bool)):
            if key in spec:
                if not isinstance(spec[key], kind):
                    raise TokenizerError(f"normalizer.{key}: expected {kind.__name__}, found {type(spec[key]).__name__}")
                options[key] = spec[key]
        return cls(**options)

    # ==== Normalizing ====

    def normalize(self, text: str) -> Normalized:
        """Normalize ``text`` and write its spaces as ``▁``.

        >>> Pipeline().normalize("  Hello   ｗｏｒｌｄ ").text
        '▁Hello▁world'
        """
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        if self.normalization == "nfkc":
            segments = _nfkc_segments(text)
        else:
            segments = [(i, i + 1, ch) for i, ch in enumerate(text)]
        chars: list[tuple[str, int, int]] = [(ch, s, e) for s, e, out in segments for ch in out]
        if self.remove_extra_whitespaces:
            chars = _squeeze_spaces(chars)
        if not chars:
            return Normalized(text, "", (), False, ())
        out = [SPACE_MARK if ch == " " else ch for ch, _, _ in chars]
        spans = [(s, e) for _, s, e in chars]
        if self.add_dummy_prefix:
            out.insert(0, SPACE_MARK)
            spans.insert(0, (spans[0][0], spans[0][0]))
        markers = tuple(i for i, ch in enumerate(text) if ch == SPACE_MARK)
        return Normalized(text, "".join(out), tuple(spans), self.add_dummy_prefix, markers)

    # ==== Decoding ====

    def decode(self, parts) -> str:
        """Join piece surfaces (str) and fallback bytes (int or bytes) into text.

        Consecutive bytes are decoded together as UTF-8; a sequence that is not
        valid UTF-8 becomes U+FFFD, as in SentencePiece.

        >>> Pipeline().decode(["▁h", 0xC3, 0xA9, "▁", "x"])
        'hé x'
        """
        out: list[str] = []
        pending = bytearray()
        for part in parts:
            if isinstance(part, int) and not isinstance(part, bool):
                pending.append(part)
                continue
            if isinstance(part, (bytes, bytearray)):
                pending += part
                continue
            if pending:
                out.append(pending.decode("utf-8", errors="replace"))
                pending.clear()
            out.append(part)
        if pending:
            out.append(pending.decode("utf-8", errors="replace"))
        return _plain("".join(out), self.add_dummy_prefix)


def _squeeze_spaces(chars):
    """Drop leading and trailing spaces; a run of spaces becomes one space
    whose span covers the whole run."""
    out: list[tuple[str, int, int]] = []
    for ch, s, e in chars:
        if ch == " ":
            if not out:
                continue
            if out[-1][0] == " ":
                out[-1] = (" ", out[-1][1], e)
                continue
        out.append((ch, s, e))
    while out and out[-1][0] == " ":
        out.pop()
    return out
