"""core.pipeline.onig: a pattern from an HF file matches as ``regex`` does
on the stand-in copy of the text, read from the text itself, whatever part
of the text is searched; a text with no flagged character is matched as
it is."""

from __future__ import annotations

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from core.pipeline import onig

PATTERNS = [r"\p{L}+|\p{N}+|\s+|[^\s\p{L}\p{N}]+", r"\p{L}+", r"(\p{Ll})(\p{L}*)", r"(?<=\p{L})\d", r"\b\w",
            r"^\p{L}+|x", r"[^\p{L}]+$", r"(?P<w>\w)|(?P<n>\d)"]
ALPHABET = "aZ1 é\u0558\u0295\U000323b0\u0b53x_"
texts = st.text(alphabet=ALPHABET, max_size=40)


def expected(source, text, pos, endpos):
    """What a pattern finds searching ``text[pos:endpos]``: regex on the whole stand-in copy."""
    copy = text.translate(onig.STAND_IN)
    return list(regex.compile(source).finditer(copy, pos, endpos))


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(PATTERNS), texts, st.integers(0, 45), st.integers(0, 45))
def test_matches_are_those_of_the_stand_in_copy(source, text, pos, endpos):
    ours = onig.compile(source)
    want = expected(source, text, pos, endpos)
    got = list(ours.finditer(text, pos, endpos))
    assert [m.span() for m in got] == [m.span() for m in want]
    groups = range(ours.groups + 1)
    assert [[m.group(g) for g in groups] for m in got] == \
           [[None if m.start(g) < 0 else text[m.start(g):m.end(g)] for g in groups] for m in want]
    found = ours.findall(text, pos, endpos)
    if ours.groups == 0:
        assert found == [text[m.start():m.end()] for m in want]
    else:
        assert len(found) == len(want)
    if pos == 0:
        replaced = ours.sub(lambda m: f"<{m.group()}>", text)
        out, at = [], 0
        for m in expected(source, text, 0, None):
            out += [text[at:m.start()], f"<{text[m.start():m.end()]}>"]
            at = m.end()
        assert replaced == "".join(out) + text[at:]


def test_a_text_without_flagged_characters_is_matched_as_it_is():
    ours = onig.compile(r"\p{L}+")
    text = "héllo 中文 " * 100
    assert ours.findall(text) == regex.findall(r"\p{L}+", text)
    assert type(next(ours.finditer(text))) is type(next(regex.finditer(r"\p{L}+", text)))


def test_long_texts_take_the_same_stand_ins():
    text = ("ab\u0558c \u0295x \U000323b0 " * 400)[:3000]
    assert onig.view(text) == text.translate(onig.STAND_IN) and len(onig.view(text)) == len(text)
    assert onig.compile(r"\p{L}+").findall(text, 5, 2900) == \
        [text[a:b] for a, b in (m.span() for m in regex.compile(r"\p{L}+").finditer(onig.view(text), 5, 2900))]
