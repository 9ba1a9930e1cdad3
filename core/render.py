"""Show token bytes to a person: visible whitespace, escaped controls, and
partial UTF-8 marked, never silently replaced (minbpe's ``render_token``)."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from core import utf8

# A carriage return is ⇤ (back to the line's start, beside tab's ⇥), not the
# control picture ␍: no font of a standard Debian desktop (DejaVu, WenQuanYi,
# Noto Color Emoji) draws U+240D, so CRLF text showed a box in every view.
VISIBLE = {" ": "␣", "\t": "⇥", "\n": "↵", "\r": "⇤", "\u3000": "□"}


@lru_cache(maxsize=1 << 16)  # a megabyte's chips ask for the same few thousand characters again and again
def render_char(ch: str) -> str:
    if ch in VISIBLE:
        return VISIBLE[ch]
    category = unicodedata.category(ch)
    if category in ("Cc", "Cf", "Zl", "Zp", "Cs") or (category == "Zs" and ch != " "):
        return f"\\u{ord(ch):04x}"
    if category.startswith("M"):
        return "◌" + ch  # a lone combining mark needs a base to be seen
    return ch


def visible(text: str) -> str:
    """Text with whitespace and controls made visible, for symbols and words
    shown in tables (a leading space is otherwise a blank).

    >>> visible(" regex</w>")
    '␣regex</w>'
    """
    if text.isascii() and text.isprintable():  # most tokens of real vocabularies: a space at most to mark
        return text.replace(" ", VISIBLE[" "])
    return "".join(map(render_char, text))


def render_piece(data: bytes) -> str:
    """A one-line label for a token's bytes.

    >>> render_piece(b"key ")
    'key␣'
    >>> render_piece(b"\\xe4\\xb8")
    '‹E4 B8›'
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return _render_units(data)
    return visible(text)


def _render_units(data: bytes) -> str:
    bounds = utf8.char_boundaries(data)
    out = []
    for start, end in zip(bounds, bounds[1:]):
        unit = data[start:end]
        try:
            out.append("".join(render_char(ch) for ch in unit.decode("utf-8")))
        except UnicodeDecodeError:
            out.append("‹" + unit.hex(" ").upper() + "›")
    return "".join(out)
