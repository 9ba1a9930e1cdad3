"""Columns built a slice at a time equal the one-call versions."""

from itertools import accumulate

import numpy as np
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


@settings(max_examples=100, deadline=None)
@given(st.text())
def test_text_as_arrays(text):
    from core import arrays

    assert arrays.code_points(text).tolist() == list(map(ord, text))
    data = text.encode("utf-8", "surrogatepass")
    assert arrays.utf8_starts(text).tolist() == [i for i, b in enumerate(data) if not 0x80 <= b <= 0xBF] + [len(data)]


@given(st.lists(st.booleans(), max_size=30))
def test_firsts_of_runs(flags):
    from core import arrays

    mask = np.array(flags, bool)
    assert arrays.firsts_of_runs(mask).tolist() == [f and (not i or not flags[i - 1]) for i, f in enumerate(flags)]
    assert mask.tolist() == flags  # the mask itself is left as it was
