"""core.pipeline.ascii_split: the shipped patterns' scans join at every
cut, and the split by ASCII twins between cuts is the pattern's own."""

from __future__ import annotations

import re

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from core.pipeline import ascii_split

PATTERNS = sorted(ascii_split.TWINS)
# ASCII that the patterns treat apart (contractions, case, digits, every
# kind of space), and non-ASCII letters, marks, numbers and spaces.
ALPHABET = "ab Z09 '\t\n\r\x0b\x0c\x1c\x1f.,!-/_sdmtlvreSDMT" "éÉſKǅʰ中\u0301\u0903٣²\x85\u2028\u3000\xa0😀"
texts = st.text(alphabet=ALPHABET, max_size=60)


def cuts(text: str) -> list[int]:
    return [m.start() + 1 for m in re.finditer("(?=[a-z] )", text)]


@settings(max_examples=300, deadline=None)
@given(texts, st.sampled_from(PATTERNS))
def test_the_scans_join_at_every_cut(text, source):
    compiled = regex.compile(source)
    whole = compiled.findall(text)
    for cut in cuts(text):
        assert compiled.findall(text, 0, cut) + compiled.findall(text, cut) == whole, cut


@settings(max_examples=300, deadline=None)
@given(texts, st.sampled_from(PATTERNS), st.integers(0, 3), st.integers(0, 3))
def test_the_split_by_twins_is_the_patterns_own(text, source, first, last):
    """With tiny stretches and segments, so short texts take every branch;
    between any two cuts as well as over the whole text."""
    compiled = regex.compile(source)
    stretch, segment = ascii_split.STRETCH, ascii_split.SEGMENT
    ascii_split.STRETCH, ascii_split.SEGMENT = 3, 4
    try:
        assert ascii_split.findall(compiled, text) == compiled.findall(text)
        points = [0, *cuts(text), len(text)]
        lo, hi = points[min(first, len(points) - 1)], points[max(len(points) - 1 - last, 0)]
        if lo <= hi:
            inside = [m.group() for m in compiled.finditer(text) if lo <= m.start() and m.end() <= hi]
            assert ascii_split.findall(compiled, text, lo, hi) == inside
    finally:
        ascii_split.STRETCH, ascii_split.SEGMENT = stretch, segment


@pytest.mark.parametrize("source", PATTERNS)
def test_a_long_ascii_text_splits_in_segments_like_the_pattern(source):
    compiled = regex.compile(source)
    text = "It's 2024: don't   stop\r\n\n  HTTPServer's x/y/z 12345 éa b\t \n" * 3000
    assert ascii_split.findall(compiled, text) == compiled.findall(text)
    pure = text.replace("é", "e")
    assert ascii_split.findall(compiled, pure) == compiled.findall(pure)


def test_every_twin_is_for_a_pattern_that_regex_compiles_and_unknown_patterns_have_none():
    for source, twin in ascii_split.TWINS.items():
        assert regex.compile(source) and twin.flags & re.ASCII
    assert ascii_split.twin(regex.compile(r"\w+|\s+")) is None
