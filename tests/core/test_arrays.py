"""core.arrays: the numpy helpers the fast paths share."""

from hypothesis import given, strategies as st

from core.arrays import distinct_chars


@given(st.text(alphabet=st.characters(blacklist_categories=()), max_size=50), st.integers(0, 3))
def test_distinct_chars_is_set_of_text_short_and_long(text, copies):
    long = (text or "a") * (70_000 // max(1, len(text or "a")) + 1) * copies
    assert distinct_chars(text) == set(text)
    assert distinct_chars(long) == set(long)


def test_distinct_chars_keeps_lone_surrogates_and_astral_characters():
    text = ("\ud800x\U0001f600\U0010ffff" * 20_000)
    assert distinct_chars(text) == {"\ud800", "x", "\U0001f600", "\U0010ffff"}
