"""Columns built a slice at a time equal the one-call versions."""

from itertools import accumulate

from hypothesis import given, settings, strategies as st

from core import slices


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-5, 5), max_size=40), st.integers(1, 7))
def test_slices_equal_one_call(values, step):
    saved = slices.STEP
    slices.STEP = step
    try:
        other = values[::-1]
        assert slices.listed(map(int.__add__, values, other)) == list(map(int.__add__, values, other))
        assert slices.listed(accumulate(values)) == list(accumulate(values))
        assert slices.extend([9], iter(values)) == [9, *values]
        assert slices.tupled(zip(values, other)) == tuple(zip(values, other))
        assert slices.indexed(values) == dict(zip(values, range(len(values))))
        assert slices.where([v > 0 for v in values]) == [i for i, v in enumerate(values) if v > 0]
    finally:
        slices.STEP = saved
