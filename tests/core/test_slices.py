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
@given(st.lists(st.text("ab", max_size=9), max_size=30), st.integers(1, 12))
def test_groups_by_size_keep_order_and_the_limit(items, limit):
    groups = list(slices.by_size(items, limit))
    assert [item for group in groups for item in group] == items
    for group in groups:
        assert group and (sum(map(len, group)) <= limit or len(group) == 1)
    for group, after in zip(groups, groups[1:]):
        assert sum(map(len, group)) + len(after[0]) > limit  # a group takes every item that still fits


@settings(max_examples=100, deadline=None)
@given(st.text(), st.lists(st.integers(0, 5), max_size=20))
def test_text_and_runs_as_arrays(text, counts):
    from core import arrays

    assert arrays.code_points(text).tolist() == list(map(ord, text))
    data = text.encode("utf-8", "surrogatepass")
    assert arrays.utf8_starts(text).tolist() == [i for i, b in enumerate(data) if not 0x80 <= b <= 0xBF] + [len(data)]
    starts = [7 * k for k in range(len(counts))]
    expected = [s + j for s, c in zip(starts, counts) for j in range(c)]
    assert arrays.runs(np.array(starts, np.int64), np.array(counts, np.int64)).tolist() == expected


@given(st.lists(st.booleans(), max_size=30))
def test_firsts_of_runs(flags):
    from core import arrays

    mask = np.array(flags, bool)
    assert arrays.firsts_of_runs(mask).tolist() == [f and (not i or not flags[i - 1]) for i, f in enumerate(flags)]
    assert mask.tolist() == flags  # the mask itself is left as it was


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.integers(0, 2**44), st.integers(-3, 9), max_size=40),
       st.lists(st.integers(0, 2**44), max_size=20), st.integers(0, 2**40))
def test_lookup_finds_what_a_dict_finds(table, others, near):
    """Small tables crowd (a probe run wraps past the end); near keys share high bits."""
    from core import arrays

    table.update({near + k: k for k in range(0, 12, 3)})
    keys = np.array(list(table), np.int64)
    found = arrays.Lookup(keys, np.array(list(table.values()), np.int64), -99)
    asked = [*table, *others, *(near + k for k in range(12))]
    assert found.get(np.array(asked, np.int64)).tolist() == [table.get(k, -99) for k in asked]


def test_lookup_refuses_negative_keys():
    import pytest

    from core import arrays

    with pytest.raises(ValueError, match="non-negative"):
        arrays.Lookup(np.array([3, -1], np.int64), np.array([1, 2], np.int64), 0)
