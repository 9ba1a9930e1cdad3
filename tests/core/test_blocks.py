"""Columns built a block at a time equal the one-call versions."""

from itertools import accumulate

from hypothesis import given, settings, strategies as st

from core import blocks


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(-5, 5), max_size=40), st.integers(1, 7))
def test_blocks_equal_one_call(values, block):
    saved = blocks.BLOCK
    blocks.BLOCK = block
    try:
        other = values[::-1]
        assert blocks.mapped(pow, values, [2] * len(values)) == [v * v for v in values]
        assert blocks.mapped(int.__add__, values, other) == list(map(int.__add__, values, other))
        assert blocks.zipped(values, other) == tuple(zip(values, other))
        assert blocks.running(values) == list(accumulate(values))
        assert blocks.last_uses(values) == dict(zip(values, range(len(values))))
    finally:
        blocks.BLOCK = saved
