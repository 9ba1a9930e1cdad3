"""The pre-tokenizers, one object per kind: the plain application the
encoder runs and the aligned one the stages view runs, over one shared rule.

Calling a pre-tokenizer maps a list of :class:`Split` to a list of
:class:`Split` (the plain path); :meth:`PreTokenizer.aligned` maps a list of
``(Aligned, starts the text)`` pairs the same way, with each piece's
original bytes.  Both cut with the same rule (the same character test or
regex, through :meth:`PreTokenizer.pieces` and
:meth:`PreTokenizer.aligned_pieces`), so their texts agree
(tests/core/test_aligned_stages.py checks every kind).  The objects are
built from specs by :func:`core.pipeline.text_pipeline.build_pre_tokenizer`.
"""

from __future__ import annotations

from typing import NamedTuple

from core.pipeline import hf_unicode
from core.pipeline.aligned import Aligned, insert, split_at, to_bytes
from core.pipeline.byte_chars import byte_level


class Split(NamedTuple):
    text: str
    first: bool  # starts the text (Metaspace's prepend_scheme "first")


# ==== HF's NormalizedString::split, on (start, end) spans ====

def _marks(text, found):
    """``(start, end, is_match)`` covering ``text``, as HF's find_matches."""
    out, prev = [], 0
    for start, end in found:
        if start > prev:
            out.append((prev, start, False))
        out.append((start, end, True))
        prev = end
    if prev < len(text):
        out.append((prev, len(text), False))
    return out


def split_by(text: str, found, behavior: str, invert: bool = False) -> list[str]:
    """HF's ``NormalizedString::split`` for matches ``found`` ((start, end) pairs)."""
    return [text[s:e] for s, e in split_spans(text, found, behavior, invert)]


def split_spans(text: str, found, behavior: str, invert: bool = False) -> list[tuple[int, int]]:
    """The ``(start, end)`` of every piece :func:`split_by` returns."""
    marks = [(s, e, m != invert) for s, e, m in _marks(text, found)]
    spans: list[list] = []
    previous = False
    if behavior == "removed":
        spans = [[s, e] for s, e, m in marks if not m]
    elif behavior == "isolated":
        spans = [[s, e] for s, e, _ in marks]
    elif behavior == "merged_with_previous":
        for s, e, m in marks:
            if m and not previous and spans:
                spans[-1][1] = e
            else:
                spans.append([s, e])
            previous = m
    elif behavior == "merged_with_next":
        for s, e, m in reversed(marks):
            if m and not previous and spans:
                spans[-1][0] = s
            else:
                spans.append([s, e])
            previous = m
        spans.reverse()
    elif behavior == "contiguous":
        for s, e, m in marks:
            if m == previous and spans:
                spans[-1][1] = e
            else:
                spans.append([s, e])
            previous = m
    return [(s, e) for s, e in spans if e > s]


def char_spans(text, test):
    """``(i, i + 1)`` for every character of ``text`` that passes ``test``."""
    return [(i, i + 1) for i, c in enumerate(text) if test(c)]


def is_punctuation(ch: str) -> bool:
    """HF's ``is_bert_punc``: ASCII punctuation or a P* character of its Unicode tables."""
    return ch in hf_unicode.PUNCTUATION


def regex_pieces(pattern, text: str, isolated: bool = True) -> list[str]:
    """The pieces of a split by one regex: every match when they tile the
    text (the usual case, one C call); else HF's split: ``isolated`` keeps
    the text between matches as pieces too, else (``removed`` with
    ``invert``) it is dropped."""
    if not text:
        return []
    compiled = getattr(pattern, "compiled", pattern)  # a GuardedRegex or a compiled pattern
    if not compiled.groups:  # findall gives whole matches only without groups
        found = pattern.findall(text) if pattern is not compiled else compiled.findall(text, concurrent=True)
        if sum(map(len, found)) == len(text) and all(found):
            return found
    spans = [m.span() for m in pattern.finditer(text)]
    if isolated:
        return split_by(text, spans, "isolated")
    return [text[a:b] for a, b in spans if b > a]


# ==== the pre-tokenizers ====

class PreTokenizer:
    """Cuts each split on its own: :meth:`pieces` (plain) and
    :meth:`aligned_pieces` give one split's pieces; only a split's first
    piece keeps ``first``, and empty splits are dropped (HF never hands one
    to a pre-tokenizer)."""

    def pieces(self, text: str, first: bool) -> list[str]:
        raise NotImplementedError

    def aligned_pieces(self, piece: Aligned, first: bool) -> list[Aligned]:
        raise NotImplementedError

    def __call__(self, splits: list[Split]) -> list[Split]:
        out = []
        for split in splits:
            if split.text:
                out.extend(Split(p, split.first and i == 0) for i, p in enumerate(self.pieces(*split)))
        return out

    def aligned(self, splits: list[tuple[Aligned, bool]]) -> list[tuple[Aligned, bool]]:
        out = []
        for piece, first in splits:
            if piece.text:
                out.extend((p, first and i == 0) for i, p in enumerate(self.aligned_pieces(piece, first)))
        return out


class Identity(PreTokenizer):
    """Spec ``none``: the splits as they are (empty ones too)."""

    def __call__(self, splits):
        return splits

    def aligned(self, splits):
        return splits


class Cut(PreTokenizer):
    """A pre-tokenizer that only cuts, at the ``(start, end)`` of :meth:`spans`."""

    def spans(self, text: str) -> list[tuple[int, int]]:
        raise NotImplementedError

    def pieces(self, text, first):
        return [text[s:e] for s, e in self.spans(text)]

    def aligned_pieces(self, piece, first):
        return split_at(piece, self.spans(piece.text))


class CharSplit(Cut):
    """HF's split on the characters that pass ``test`` (WhitespaceSplit,
    Punctuation, Digits)."""

    def __init__(self, test, behavior: str):
        self.test, self.behavior = test, behavior

    def spans(self, text):
        return split_spans(text, char_spans(text, self.test), self.behavior)


class Nested(Cut):
    """``inner`` cuts each piece of ``outer`` (HF's BertPreTokenizer:
    whitespace, then punctuation), in one pass over the text."""

    def __init__(self, outer: Cut, inner: Cut):
        self.outer, self.inner = outer, inner

    def spans(self, text):
        return [(start + s, start + e) for start, end in self.outer.spans(text)
                for s, e in self.inner.spans(text[start:end])]


class PatternSplit(Cut):
    """HF's Split on a regex (or a literal); Whitespace is ``\\w+|[^\\w\\s]+``
    kept with ``removed`` and ``invert``."""

    def __init__(self, pattern, behavior: str, invert: bool = False):
        self.pattern, self.behavior, self.invert = pattern, behavior, invert

    def spans(self, text):
        return split_spans(text, [m.span() for m in self.pattern.finditer(text)], self.behavior, self.invert)


class PatternPieces(PatternSplit):
    """Every match a piece, and the text between (``isolated``): a named
    split of core.pipeline.pretokenize, with :func:`regex_pieces`' fast plain path."""

    def __init__(self, pattern):
        super().__init__(pattern, "isolated")

    def pieces(self, text, first):
        return regex_pieces(self.pattern, text)


class ByteLevel(PreTokenizer):
    """HF's ByteLevel: an optional prefix space, GPT-2's split (``pattern``,
    or none), then every piece spelled one character per byte."""

    def __init__(self, add_prefix_space: bool, pattern=None):
        self.add_prefix_space, self.pattern = add_prefix_space, pattern

    def unsplit(self) -> ByteLevel:
        """The prefix space and byte spelling alone (the stages view shows them before the split)."""
        return ByteLevel(self.add_prefix_space)

    def _prefixes(self, text: str) -> bool:
        return self.add_prefix_space and not text.startswith(" ")

    def pieces(self, text, first):
        text = " " + text if self._prefixes(text) else text
        return [byte_level(p) for p in (regex_pieces(self.pattern, text) if self.pattern else [text])]

    def aligned_pieces(self, piece, first):
        piece = insert(piece, 0, " ") if self._prefixes(piece.text) else piece
        spans = split_spans(piece.text, [m.span() for m in self.pattern.finditer(piece.text)], "isolated") \
            if self.pattern else [(0, len(piece.text))]
        return [to_bytes(p, byte_level) for p in split_at(piece, spans)]


class Metaspace(PreTokenizer):
    """HF's Metaspace: spaces become ``replacement`` (one to one), which is
    prepended by ``scheme`` (always, first: only where the text starts,
    never), then with ``split`` every piece starts at one."""

    def __init__(self, replacement: str, scheme: str, split: bool):
        self.replacement, self.scheme, self.split = replacement, scheme, split

    def unsplit(self) -> Metaspace:
        """The ▁ marking alone (the stages view shows it before the split)."""
        return Metaspace(self.replacement, self.scheme, False)

    def _prepends(self, text: str, first: bool) -> bool:
        return (self.scheme == "always" or (self.scheme == "first" and first)) \
            and not text.startswith(self.replacement)

    def _spans(self, text: str) -> list[tuple[int, int]]:
        if not self.split:
            return [(0, len(text))]
        return split_spans(text, char_spans(text, self.replacement.__eq__), "merged_with_next")

    def pieces(self, text, first):
        text = text.replace(" ", self.replacement)
        text = self.replacement + text if self._prepends(text, first) else text
        return [text[s:e] for s, e in self._spans(text)]

    def aligned_pieces(self, piece, first):
        piece = Aligned(piece.text.replace(" ", self.replacement), piece.starts, piece.ends, piece.at)
        piece = insert(piece, 0, self.replacement) if self._prepends(piece.text, first) else piece
        return split_at(piece, self._spans(piece.text))


class Sequence(PreTokenizer):
    """Each step on the splits of the one before."""

    def __init__(self, steps: list):
        self.steps = steps

    def __call__(self, splits):
        for step in self.steps:
            splits = step(splits)
        return splits

    def aligned(self, splits):
        for step in self.steps:
            splits = step.aligned(splits)
        return splits
