"""The strip's row-at-a-time layout against the plain greedy wrap."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import given, settings, strategies as st  # noqa: E402

from gui.widgets.token_strip import GAP, Chip, TokenStrip  # noqa: E402

LABELS = ["a", "␣the", "中文", "🙂", "x" * 40, "naïve", "<0xE4>", "W" * 300, ""]


def greedy(strip, chips, marked):
    """Chip by chip, as a reader would wrap them."""
    limit = max(200, strip.viewport().width() - GAP)
    x, y, placed = GAP, GAP, []
    for index, chip in enumerate(chips):
        width = min(strip._measure(chip) + (strip._mark_room if index in marked else 0), limit - GAP)
        if x + width > limit and x > GAP:
            x, y = GAP, y + strip._row_height + GAP
        placed.append((x, y, width))
        x += width + GAP
    return placed


chip_lists = st.lists(st.tuples(st.sampled_from(LABELS), st.integers(0, 10**6), st.binary(max_size=9)),
                      max_size=300)


@settings(max_examples=40, deadline=None)
@given(chip_lists, st.integers(150, 1400), st.sets(st.integers(0, 299), max_size=30))
def test_layout_equals_the_greedy_wrap(qapp, specs, width, marked):
    chips = [Chip(label, token_id, data, ()) for label, token_id, data in specs]
    chips += chips[: len(chips) // 2]  # shared chip objects, as encoding_chips makes them
    strip = TokenStrip()
    strip.resize(width, 300)
    strip.set_chips(chips, marked)
    while not strip.laid_out:
        strip._layout_chunk()
    assert list(zip(strip._xs, strip._ys, strip._ws)) == greedy(strip, chips, strip.marked)
    rows = sorted(set(strip._ys))
    assert strip._row_tops == rows
    assert strip._row_first == [strip._ys.index(y) for y in rows]


def test_layout_in_small_turns_equals_one_pass(qapp, monkeypatch):
    import gui.widgets.token_strip as token_strip
    chips = [Chip(LABELS[i % len(LABELS)], i, bytes(i % 5), ()) for i in range(5_000)]
    whole = TokenStrip()
    whole.resize(900, 300)
    whole.set_chips(chips, {7, 4_000})
    while not whole.laid_out:
        whole._layout_chunk()
    monkeypatch.setattr(token_strip, "LAYOUT_CHUNK", 37)
    monkeypatch.setattr(token_strip, "LAYOUT_SECONDS", 0.0)
    turns = TokenStrip()
    turns.resize(900, 300)
    turns.set_chips(chips, {7, 4_000})
    count = 1
    while not turns.laid_out:
        turns._layout_chunk()
        count += 1
    assert count > 100
    assert (turns._xs, turns._ys, turns._ws, turns._row_tops, turns._row_first) == \
        (whole._xs, whole._ys, whole._ws, whole._row_tops, whole._row_first)
