"""core.pipeline.twin_split: the shipped patterns' scans join at every
cut, their ``re`` twins split text of the first plane exactly as they do
(plain, and as HF's Oniguruma reads them), and the split by twins between
cuts, with the stretches around astral characters left to the pattern, is
the pattern's own."""

from __future__ import annotations

import re

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from core.pipeline import onig, twin_split
from core.pipeline.text_pipeline import known_patterns

PATTERNS = sorted(known_patterns())
# ASCII that the patterns treat apart (contractions, case, digits, every
# kind of space), non-ASCII letters, marks, numbers and spaces, characters
# newer than HF's tables, and astral ones.
ALPHABET = ("ab Z09 '\t\n\r\x0b\x0c\x1c\x1f.,!-/_sdmtlvreSDMT" "éÉſKǅʰ中\u0301\u0903٣²\x85\u2028\u3000\xa0"
            "\u0558\u0295İı😀\U000323b0\U00011de0")
texts = st.text(alphabet=ALPHABET, max_size=60)
KINDS = [(source, hf) for source in PATTERNS for hf in (False, True)]


def compiled(source, hf):
    return onig.compile(source) if hf else regex.compile(source)


def cuts(text: str) -> list[int]:
    return [m.start() + 1 for m in re.finditer("(?=[a-z] )", text)]


@settings(max_examples=300, deadline=None)
@given(texts, st.sampled_from(KINDS))
def test_the_scans_join_at_every_cut(text, kind):
    pattern = compiled(*kind)
    whole = pattern.findall(text)
    for cut in cuts(text):
        assert pattern.findall(text, 0, cut) + pattern.findall(text, cut) == whole, cut


@settings(max_examples=300, deadline=None)
@given(texts, st.sampled_from(KINDS), st.integers(0, 3), st.integers(0, 3))
def test_the_split_by_twins_is_the_patterns_own(text, kind, first, last):
    """With tiny segments, so short texts take every branch; between any
    two cuts as well as over the whole text."""
    pattern = compiled(*kind)
    segment, longest = twin_split.SEGMENT, twin_split.LONGEST
    twin_split.SEGMENT, twin_split.LONGEST = 2, 5
    try:
        assert twin_split.findall(pattern, text) == pattern.findall(text)
        points = [0, *cuts(text), len(text)]
        lo, hi = points[min(first, len(points) - 1)], points[max(len(points) - 1 - last, 0)]
        if lo <= hi:
            inside = [m.group() for m in pattern.finditer(text) if lo <= m.start() and m.end() <= hi]
            assert twin_split.findall(pattern, text, lo, hi) == inside
    finally:
        twin_split.SEGMENT, twin_split.LONGEST = segment, longest


@pytest.mark.parametrize("source, hf", KINDS)
def test_a_twin_splits_the_whole_first_plane_as_its_pattern(source, hf):
    """Every character of the plane beside letters of both cases, digits,
    spaces and apostrophes (the contractions are case-blind: ſ, K, İ)."""
    pattern = compiled(source, hf)
    twin = twin_split.twin(pattern)
    plane = [chr(c) for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
    text = "".join(f"a{c}b 1{c}2 {c}Ya A{c} '{c} 'l{c} 'r{c} 'v{c} x'{c}{c}  {c}\n" for c in plane)
    assert twin.findall(text) == pattern.findall(text)


def test_long_texts_split_in_segments_like_the_pattern():
    text = ("It's 2024: don't   stop\r\n\n  HTTPServer's x/y/z 12345 éa b\t \n中文没有空格 "
            "😀👩‍💻 \U000323b0\u0558 ") * 3000
    for source in PATTERNS:
        for hf in (False, True):
            pattern = compiled(source, hf)
            assert twin_split.findall(pattern, text) == pattern.findall(text)
    chinese = "中文没有空格，所以分词更难。" * 20000  # no cut for 280,000 characters
    pattern = regex.compile(PATTERNS[0])
    assert twin_split.findall(pattern, "a b " + chinese + " c d") == pattern.findall("a b " + chinese + " c d")


def test_only_shipped_patterns_have_twins():
    assert twin_split.twin(regex.compile(r"\w+|\s+")) is None
    assert all(twin_split.twin(compiled(*kind)) is not None for kind in KINDS)
