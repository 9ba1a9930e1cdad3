"""Token labels: the fast path for valid UTF-8 equals unit-by-unit rendering."""

from hypothesis import given, settings, strategies as st

from core import render
from core.render import render_piece


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=12) | st.text(max_size=12).map(lambda t: t.encode("utf-8", "surrogatepass")))
def test_render_piece_equals_unit_by_unit(data):
    assert render_piece(data) == render._render_units(data)


def test_labels():
    assert render_piece(b"key ") == "key␣"
    assert render_piece("e\u0301\t中".encode()) == "e◌\u0301⇥中"
    assert render_piece(b"\xe4\xb8") == "‹E4 B8›"
    assert render_piece(b"a\xffb") == "a‹FF›b"
    assert render_piece("\u00a0\u200b".encode()) == "\\u00a0\\u200b"
