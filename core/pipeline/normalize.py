"""SentencePiece-style text pipeline: normalize, make whitespace explicit, decode.

After normalization a space is an ordinary symbol ``▁`` (U+2581), with a
dummy prefix, as in SentencePiece's ``normalizer.cc`` (v0.2); the round
trip holds on the normalized text (seed 000, §19.3):
``decode(encode(x)) == normalize(x).plain``.

Details: docs/notes/pipeline.md#corepipelinenormalizepy.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core.arrays import within_runs
from core.pipeline.charsmap import Charsmap
from core.errors import TokenizerError
from core.pipeline.byte_chars import WHITE_SPACE, bytes_text

SPACE_MARK = "\u2581"
NORMALIZATIONS = ("identity", "nfkc", "precompiled")
CHARSMAP_RULES = ("sentencepiece", "hf")
# Options a description carries only when they differ from these.
_OPTIONAL = {"escape_whitespaces": True, "treat_whitespace_as_suffix": False, "rule_name": "",
             "trailing": "drop"}
# What squeezing does at the end of the text: SentencePiece drops every
# trailing space; HF converters either keep one or strip all White_Space.
TRAILING = ("drop", "keep_one", "strip_white_space")
BYTE_PIECES = tuple(f"<0x{b:02X}>" for b in range(256))
_BYTE_RE = re.compile(r"<0x([0-9A-F]{2})>")
_SPACES = re.compile(" {2,}")
_EMPTY = np.zeros(0, np.int64)


class _Offsets:
    """A column of offsets built as runs, ``count`` values from ``first``
    on, each ``step`` (0 or 1) more than the one before: a run of a
    million costs what one costs, and the array is one numpy pass."""

    def __init__(self):
        self.firsts: list[int] = []
        self.steps: list[int] = []
        self.counts: list[int] = []

    def add(self, value: int, count: int = 1, step: int = 0) -> None:
        if count > 0:
            self.firsts.append(value)
            self.steps.append(step)
            self.counts.append(count)

    def range(self, start: int, stop: int) -> None:
        self.add(start, stop - start, 1)

    def set_last(self, value: int) -> None:
        """The last value becomes ``value``."""
        if self.counts[-1] == 1:
            self.firsts[-1], self.steps[-1] = value, 0
        else:
            self.counts[-1] -= 1
            self.add(value)

    def array(self) -> np.ndarray:
        counts = np.array(self.counts, np.int64)
        return (np.repeat(np.array(self.firsts, np.int64), counts)
                + np.repeat(np.array(self.steps, np.int64), counts) * within_runs(counts))
_MARKS = re.compile(SPACE_MARK)


@lru_cache(maxsize=8)
def charsmap_from_base64(text: str) -> Charsmap:
    """Parsed once per distinct charsmap (a model is rebuilt on every load)."""
    return Charsmap.from_base64(text)


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
    strips_leading: bool = False  # decoding drops a leading ▁ even without a dummy prefix

    @property
    def plain(self) -> str:
        """What decoding gives back: ``▁`` as spaces, without the leading one
        decoding drops.  (With squeezed spaces SentencePiece drops the ``▁`` of
        every leading piece, so a text that starts with a literal ``▁``
        decodes according to its segmentation.)"""
        return _plain(self.text, self.dummy_prefix or self.strips_leading)

    def original_span(self, start: int, end: int) -> tuple[int, int]:
        """Original character range covered by normalized characters ``[start, end)``."""
        if not 0 <= start <= end <= len(self.text):
            raise TokenizerError(f"span {start}..{end} is outside the normalized text (length {len(self.text)})")
        if start == end:
            at = self.spans[start][0] if start < len(self.spans) else len(self.original)
            return (at, at)
        return (min(s for s, _ in self.spans[start:end]), max(e for _, e in self.spans[start:end]))


def _utf8_or_replacement(data: bytes) -> str:
    """UTF-8, with U+FFFD for each byte that does not begin a valid character
    (SentencePiece consumes one byte per U+FFFD)."""
    out, i = [], 0
    while i < len(data):
        lead = data[i]
        size = 1 if lead < 0x80 else 2 if lead >> 5 == 6 else 3 if lead >> 4 == 14 else 4 if lead >> 3 == 30 else 0
        try:
            out.append(data[i:i + size].decode("utf-8") if size else "\ufffd")
            i += size or 1
        except UnicodeDecodeError:
            out.append("\ufffd")
            i += 1
    return "".join(out)


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


def _protected_runs(text: str, pattern):
    """``(start, end, piece)`` of each protected piece, scanning left to
    right and taking the longest at each place (:func:`core.pipeline.charsmap.longest_protected`):
    ``pattern`` is every piece in one alternation, longest first, which
    finds the same where a loop over each character costs a second a megabyte."""
    for match in pattern.finditer(text):
        yield match.start(), match.end(), match.group()


@dataclass(frozen=True)
class Pipeline:
    """Normalization and whitespace rules, as a SentencePiece model records them.

    ``normalization="precompiled"`` applies a model's ``charsmap``
    (:class:`core.pipeline.charsmap.Charsmap`) the way ``charsmap_rule`` says:
    ``sentencepiece`` (its longest-match reading) or ``hf`` (HF tokenizers'
    grapheme reading).  ``rule_name`` only records the SentencePiece rule
    it was compiled from (e.g. ``nmt_nfkc``).  ``trailing`` says what
    squeezing does at the end: ``drop`` the spaces (SentencePiece),
    ``keep_one`` (HF's ``Replace(" {2,}", " ")``) or ``strip_white_space``
    (HF's ``Strip(right)``, which also takes tabs and newlines).
    """

    normalization: str = "nfkc"
    add_dummy_prefix: bool = True
    remove_extra_whitespaces: bool = True
    escape_whitespaces: bool = True
    treat_whitespace_as_suffix: bool = False
    charsmap: Charsmap | None = None
    charsmap_rule: str = "sentencepiece"
    rule_name: str = ""
    trailing: str = "drop"
    # User-defined pieces pass through unnormalized, longest first (SentencePiece's
    # PrefixMatcher).  Derived from a model's pieces, so not part of describe().
    protected: tuple[str, ...] = ()

    def __post_init__(self):
        if self.normalization not in NORMALIZATIONS:
            raise TokenizerError(
                f"unknown normalization {self.normalization!r}; use one of: {', '.join(NORMALIZATIONS)}")
        if (self.normalization == "precompiled") != isinstance(self.charsmap, Charsmap):
            raise TokenizerError("a precompiled normalization needs a charsmap, and only it takes one")
        if self.charsmap_rule not in CHARSMAP_RULES:
            raise TokenizerError(f"unknown charsmap rule {self.charsmap_rule!r}; use one of: {', '.join(CHARSMAP_RULES)}")
        if self.trailing not in TRAILING:
            raise TokenizerError(f"unknown trailing rule {self.trailing!r}; use one of: {', '.join(TRAILING)}")
        matcher: dict[str, list[str]] = {}
        for piece in sorted(set(self.protected), key=len, reverse=True):
            matcher.setdefault(piece[0], []).append(piece)
        object.__setattr__(self, "_matcher", matcher)
        pieces = sorted(set(self.protected), key=lambda p: (-len(p), p))
        object.__setattr__(self, "_protected", re.compile("|".join(map(re.escape, pieces))) if pieces else None)

    def describe(self) -> dict:
        """The identity-relevant description; options at their defaults are
        left out, so assets written before they existed keep their identity."""
        out = {"type": "sentencepiece", "normalization": self.normalization,
               "add_dummy_prefix": self.add_dummy_prefix,
               "remove_extra_whitespaces": self.remove_extra_whitespaces}
        for key, default in _OPTIONAL.items():
            if getattr(self, key) != default:
                out[key] = getattr(self, key)
        if self.charsmap is not None:
            out["charsmap"] = self.charsmap.to_base64()
            out["charsmap_rule"] = self.charsmap_rule
        return out

    @classmethod
    def from_description(cls, spec: dict) -> "Pipeline":
        if not isinstance(spec, dict) or spec.get("type") != "sentencepiece":
            raise TokenizerError("normalizer: expected an object with type 'sentencepiece'")
        options = {}
        kinds = {"normalization": str, "add_dummy_prefix": bool, "remove_extra_whitespaces": bool,
                 "charsmap_rule": str, **{k: type(v) for k, v in _OPTIONAL.items()}}
        unknown = sorted(set(spec) - set(kinds) - {"type", "charsmap", "protected"})
        if unknown:
            raise TokenizerError(f"normalizer.{unknown[0]}: not a SentencePiece pipeline option")
        for key, kind in kinds.items():
            if key in spec:
                if not isinstance(spec[key], kind):
                    raise TokenizerError(f"normalizer.{key}: expected {kind.__name__}, found {type(spec[key]).__name__}")
                options[key] = spec[key]
        if "protected" in spec:
            # Stored only by a BPE import, where no piece types say which are user-defined.
            protected = spec["protected"]
            if not isinstance(protected, list) or not all(isinstance(p, str) and p for p in protected):
                raise TokenizerError("normalizer.protected: expected a list of non-empty strings")
            options["protected"] = tuple(protected)
        if "charsmap" in spec:
            if not isinstance(spec["charsmap"], str):
                raise TokenizerError("normalizer.charsmap: expected a base64 string")
            options["charsmap"] = charsmap_from_base64(spec["charsmap"])
        return cls(**options)

    # ==== Normalizing ====

    def _segments(self, text: str):
        if self.normalization == "nfkc":
            return _nfkc_segments(text)
        if self.normalization == "precompiled":
            if self.charsmap_rule == "hf":
                return self.charsmap.hf_segments(text)
            return self.charsmap.segments(text, self._matcher)
        if self._matcher:
            # Identity maps character by character, so cutting around the
            # protected pieces is exact.
            out, at = [], 0
            for start, end, piece in _protected_runs(text, self._protected):
                out += [(i, i + 1, ch) for i, ch in enumerate(text[at:start], at)]
                out.append((start, end, piece))
                at = end
            return out + [(i, i + 1, ch) for i, ch in enumerate(text[at:], at)]
        return [(i, i + 1, ch) for i, ch in enumerate(text)]

    def normalize(self, text: str) -> Normalized:
        """Normalize ``text`` and write its spaces as ``▁``, following
        SentencePiece's ``Normalizer::Normalize`` step by step.

        >>> Pipeline().normalize("  Hello   ｗｏｒｌｄ ").text
        '▁Hello▁world'
        """
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        runs = self._runs(text)
        return self.normalize_plain(text) if runs is None else self._from_runs(text, runs)

    def normalize_plain(self, text: str) -> Normalized:
        """:meth:`normalize` one segment (mostly one character) at a time:
        the reference the long-stretch path is tested against."""
        segments = self._segments(text)
        squeeze = self.remove_extra_whitespaces
        first = 0
        while squeeze and first < len(segments) and segments[first][2] == " ":
            first += 1  # heading spaces go
        if first == len(segments):
            return Normalized(text, "", (), False, ())
        space = SPACE_MARK if self.escape_whitespaces else " "
        start = segments[first][0]
        chars: list[tuple[str, int, int]] = []
        prefix = self.add_dummy_prefix and not self.treat_whitespace_as_suffix
        if prefix:
            chars.append((space, start, start))
        previous_space = squeeze
        for s, e, out in segments[first:]:
            if previous_space and out.startswith(" "):
                # A squeezed space: the kept one's span grows over the run.
                out = out.lstrip(" ")
                if chars and chars[-1][0] == space:
                    chars[-1] = (space, chars[-1][1], e)
            if out:
                chars.extend((space if ch == " " else ch, s, e) for ch in out)
                previous_space = out.endswith(" ")
            if not squeeze:
                previous_space = False
        if squeeze and self.trailing != "keep_one":
            # Trailing spaces go (a literal ▁ too, as there); HF's Strip also
            # takes the other White_Space characters the normalizer kept.
            strip = WHITE_SPACE if self.trailing == "strip_white_space" else ()
            while chars and (chars[-1][0] == space or chars[-1][0] in strip):
                chars.pop()
        if prefix and len(chars) == 1:
            chars.clear()  # the rules removed everything (a lone control character): no dummy either
        suffix = self.add_dummy_prefix and self.treat_whitespace_as_suffix
        if suffix:
            at = chars[-1][2] if chars else start
            chars.append((space, at, at))
        if not chars:
            return Normalized(text, "", (), False, ())
        markers = tuple(i for i, ch in enumerate(text) if ch == SPACE_MARK)
        return Normalized(text, "".join(ch for ch, _, _ in chars), tuple((s, e) for _, s, e in chars),
                          prefix, markers, self.remove_extra_whitespaces)

    def _from_runs(self, text: str, runs) -> Normalized:
        joined, starts, ends, prefix = self._columns(runs)
        if not joined:
            return Normalized(text, "", (), False, ())
        markers = tuple(m.start() for m in _MARKS.finditer(text)) if SPACE_MARK in text else ()
        return Normalized(text, joined, tuple(zip(starts.tolist(), ends.tolist())), prefix, markers,
                          self.remove_extra_whitespaces)

    def columns(self, text: str, arrays: bool = False):
        """``(normalized text, starts, ends)`` with the spans of
        :meth:`normalize` as two lists (``arrays``: int64 arrays), or None
        where only :meth:`normalize` can tell (a lone surrogate, Python's NFKC)."""
        runs = self._runs(text)
        if runs is None:
            return None
        joined, starts, ends, _ = self._columns(runs)
        return (joined, starts, ends) if arrays else (joined, starts.tolist(), ends.tolist())

    def _columns(self, runs):
        """The steps of :meth:`normalize_plain` over ``(text, verbatim, start,
        end)`` stretches: a verbatim stretch is one segment per character,
        so its spaces squeeze as a run does (the kept space's span grows
        over the run) and everything else keeps its own character.  The
        spans come as int64 arrays, built from their runs (:class:`_Offsets`)."""
        squeeze = self.remove_extra_whitespaces
        runs = list(runs)
        k = 0
        while squeeze and k < len(runs):  # heading spaces go
            out, verbatim, s, e = runs[k]
            if not verbatim:
                if out != " ":
                    break
                k += 1
                continue
            lead = len(out) - len(out.lstrip(" "))
            if lead < len(out):
                runs[k] = (out[lead:], True, s + lead, e)
                break
            k += 1
        if k == len(runs):
            return "", _EMPTY, _EMPTY, False
        space = SPACE_MARK if self.escape_whitespaces else " "
        start = runs[k][2]
        pieces: list[str] = []
        starts, ends = _Offsets(), _Offsets()
        prefix = self.add_dummy_prefix and not self.treat_whitespace_as_suffix
        if prefix:
            pieces.append(space)
            starts.add(start)
            ends.add(start)
        previous_space = squeeze
        for out, verbatim, s, e in runs[k:]:
            if previous_space and out.startswith(" "):
                # A squeezed space: the kept one's span grows over the run.
                lead = len(out) - len(out.lstrip(" "))
                if pieces and pieces[-1][-1] == space:
                    ends.set_last(s + lead if verbatim else e)
                out = out[lead:]
                if verbatim:
                    s += lead
            if not out:
                continue
            if not verbatim:
                pieces.append(out.replace(" ", space))
                starts.add(s, len(out))
                ends.add(e, len(out))
            elif squeeze and "  " in out:
                at = 0
                for match in _SPACES.finditer(out):
                    a, b = match.span()
                    pieces.append(out[at:a + 1].replace(" ", space))
                    starts.range(s + at, s + a + 1)
                    ends.range(s + at + 1, s + a + 1)
                    ends.add(s + b)
                    at = b
                if at < len(out):
                    pieces.append(out[at:].replace(" ", space))
                    starts.range(s + at, e)
                    ends.range(s + at + 1, e + 1)
            else:
                pieces.append(out.replace(" ", space))
                starts.range(s, e)
                ends.range(s + 1, e + 1)
            previous_space = squeeze and out.endswith(" ")
        joined = "".join(pieces)
        starts, ends = starts.array(), ends.array()
        if squeeze and self.trailing != "keep_one":
            kept = joined.rstrip(space + ("".join(WHITE_SPACE) if self.trailing == "strip_white_space" else ""))
            if len(kept) < len(joined):
                starts, ends = starts[:len(kept)], ends[:len(kept)]
                joined = kept
        if prefix and len(joined) == 1:
            joined, starts, ends = "", _EMPTY, _EMPTY
        if self.add_dummy_prefix and self.treat_whitespace_as_suffix:
            at = int(ends[-1]) if joined else start
            joined += space
            starts, ends = np.append(starts, at), np.append(ends, at)
        if not joined:
            return "", _EMPTY, _EMPTY, False
        return joined, starts, ends, prefix

    def normalize_text(self, text: str) -> str:
        """``self.normalize(text).text``, without the alignment: the same
        steps over long stretches of text instead of one character at a time
        (the tests compare the two)."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        runs = self._runs(text)
        if runs is None:
            return self.normalize(text).text
        squeeze = self.remove_extra_whitespaces
        if not runs:
            return ""
        if squeeze and all(out == " " if not verbatim else not out.strip(" ") for out, verbatim, _, _ in runs):
            return ""  # nothing but spaces: they all go, and no dummy prefix either
        parts, previous_space = [], squeeze
        for out, verbatim, _, _ in runs:
            if squeeze:
                if previous_space and out.startswith(" "):
                    out = out.lstrip(" ")
                if verbatim and "  " in out:
                    out = _SPACES.sub(" ", out)  # each space of a run is a step of its own
                if out:
                    parts.append(out)
                    previous_space = out.endswith(" ")
            elif out:
                parts.append(out)
        space = SPACE_MARK if self.escape_whitespaces else " "
        body = "".join(parts)
        if space != " ":
            body = body.replace(" ", space)
        prefix = self.add_dummy_prefix and not self.treat_whitespace_as_suffix
        chars = space + body if prefix else body
        if squeeze and self.trailing != "keep_one":
            chars = chars.rstrip(space + ("".join(WHITE_SPACE) if self.trailing == "strip_white_space" else ""))
        if prefix and len(chars) == 1:
            chars = ""
        if self.add_dummy_prefix and self.treat_whitespace_as_suffix:
            chars += space
        return chars

    def _runs(self, text: str):
        """``(text, verbatim, start, end)`` stretches (see :meth:`Charsmap.runs`), or None: no shortcut."""
        if self.normalization == "precompiled":
            return self.charsmap.runs(text, self._matcher) if self.charsmap_rule == "sentencepiece" else None
        if self.normalization == "identity":
            if not self._matcher:
                return [(text, True, 0, len(text))] if text else []
            out, at = [], 0
            for start, end, piece in _protected_runs(text, self._protected):
                out += [(text[at:start], True, at, start), (piece, False, start, end)]
                at = end
            return [r for r in out + [(text[at:], True, at, len(text))] if r[0]]
        return None

    # ==== Decoding ====

    def decode(self, parts) -> str:
        """Join piece surfaces (str) and fallback bytes (int or bytes) into
        text, as SentencePiece's ``Decode`` does.

        Consecutive bytes are decoded together as UTF-8, one U+FFFD per byte
        that does not start a valid character.  At the start of the text a
        piece loses its leading ``▁`` (the dummy prefix): only the first
        piece, or with ``remove_extra_whitespaces`` every piece until some
        text has been written.

        >>> Pipeline().decode(["▁h", 0xC3, 0xA9, "▁", "x"])
        'hé x'
        """
        out: list[str] = []
        pending = bytearray()
        strip = self.add_dummy_prefix or self.remove_extra_whitespaces
        at_start, consumed = True, False
        for part in parts:
            if isinstance(part, int) and not isinstance(part, bool):
                pending.append(part)
                continue
            if isinstance(part, (bytes, bytearray)):
                pending += part
                continue
            if pending:
                out.append(bytes_text(pending, _utf8_or_replacement))
                pending.clear()
            if consumed or any(out):
                at_start = False
            consumed = False
            if at_start and strip and part.startswith(SPACE_MARK):
                part = part[1:]
                consumed = not self.remove_extra_whitespaces
            out.append(part.replace(SPACE_MARK, " "))
        if pending:
            out.append(bytes_text(pending, _utf8_or_replacement))
        return "".join(out)
