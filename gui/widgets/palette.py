"""Token colours: light tints of the Okabe-Ito palette, distinguishable with
the common colour-vision deficiencies; chips also carry borders, so colour
is never the only cue."""

from __future__ import annotations

from functools import lru_cache

from PySide6.QtGui import QColor

OKABE_ITO_TINTS = ("#fde3a7", "#bfe3f6", "#c3ecd9", "#fdf6a3", "#bcd6ee", "#f8d2bc", "#ecd2e3")


@lru_cache(maxsize=1)
def token_colours() -> tuple[QColor, ...]:
    return tuple(QColor(c) for c in OKABE_ITO_TINTS)
