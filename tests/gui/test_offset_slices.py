"""Offsets built a slice at a time equal the plain character-by-character ones."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import given, settings, strategies as st  # noqa: E402

from core.pipeline.aligned import utf8_offsets  # noqa: E402
from core import slices  # noqa: E402
from gui.encode import panel  # noqa: E402

texts = st.text(st.characters(codec="utf-8") | st.sampled_from("中🙂é\U0001F469\u200d"), max_size=60)


@settings(max_examples=80, deadline=None)
@given(texts, st.integers(1, 9))
def test_utf16_offsets(text, block):
    plain = [0]
    for ch in text:
        plain.append(plain[-1] + (2 if ord(ch) > 0xFFFF else 1))
    saved = slices.STEP
    slices.STEP = block
    try:
        assert list(panel.utf16_offsets(text)) == plain
    finally:
        slices.STEP = saved


@settings(max_examples=80, deadline=None)
@given(texts | st.text(st.sampled_from("a\ud800中"), max_size=20), st.integers(1, 9))
def test_utf8_offsets(text, block):
    plain, at = [], 0
    for ch in text:
        plain.append(at)
        at += len(ch.encode("utf-8", "surrogatepass"))
    saved = slices.STEP
    slices.STEP = block
    try:
        assert utf8_offsets(text) == plain + [at]
    finally:
        slices.STEP = saved
