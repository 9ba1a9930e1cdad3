"""Projector mode: every view's text, chips, tables and plots larger or smaller together.

One mechanism, the application font: :func:`apply` scales QApplication's
font by the zoom level and every view follows it; pixel sizes "at 100 %"
go through :func:`scaled`.

Details: docs/notes/gui.md#guishellzoompy.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from . import settings

STEPS = (100, 125, 150, 175, 200)
ACTUAL = 100

_base: QFont | None = None  # the platform's font, before any zoom
_level = ACTUAL


def base_font() -> QFont:
    """The application font at 100 % (the platform's, as Qt gave it)."""
    global _base
    if _base is None:
        _base = QFont(QApplication.instance().font())
    return QFont(_base)


def level() -> int:
    return _level


def factor() -> float:
    return _level / 100


def scaled(pixels: float) -> int:
    """A size given in pixels at 100 %, at the current zoom."""
    return max(1, round(pixels * _level / 100))


def nearest(value) -> int:
    """The step closest to ``value`` (a remembered level from another version, say)."""
    try:
        value = int(value)
    except (TypeError, ValueError):
        return ACTUAL
    return min(STEPS, key=lambda step: (abs(step - value), step))


def relative_font(font: QFont, ratio: float) -> QFont:
    """``font`` at ``ratio`` times its size (point or pixel sized)."""
    font = QFont(font)
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * ratio)
    else:
        font.setPixelSize(max(1, round(font.pixelSize() * ratio)))
    return font


def font_at(percent: int) -> QFont:
    return relative_font(base_font(), percent / 100)


def apply(percent: int) -> int:
    """Scale every view to ``percent`` (rounded to a step) now; returns the level applied."""
    global _level
    percent = nearest(percent)
    font = font_at(percent)  # the base is taken before the first change
    _level = percent
    QApplication.instance().setFont(font)
    # Qt posts the change to the windows: delivered now, every view is at the new size when this returns.
    QCoreApplication.sendPostedEvents(None, QEvent.ApplicationFontChange)
    return percent


def set_level(percent: int) -> int:
    """Apply ``percent`` and remember it for the next start."""
    percent = apply(percent)
    settings.write(settings.ZOOM, percent)
    return percent


def zoom_in() -> int:
    return set_level(next((step for step in STEPS if step > _level), STEPS[-1]))


def zoom_out() -> int:
    return set_level(next((step for step in reversed(STEPS) if step < _level), STEPS[0]))


def actual_size() -> int:
    return set_level(ACTUAL)


def restore() -> int:
    """Apply the level remembered from the last session (at start-up)."""
    # Read raw: a hand-edited value that is no number falls back to 100 %.
    return apply(settings.settings().value(settings.ZOOM.key, settings.ZOOM.default))


class _Follower(QObject):
    """Runs a widget's calls, in the order first given, whenever that widget's font changes."""

    def __init__(self, widget):
        super().__init__(widget)
        self.setObjectName("zoom follower")
        self.calls: dict[str, object] = {}
        widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        if event.type() == QEvent.FontChange:
            for fn in list(self.calls.values()):
                fn()
        return False


def follow_font(widget, fn, name: str = "font") -> None:
    """Run ``fn()`` now and whenever ``widget``'s font changes (a zoom, a
    style change).  Another call with the same ``name`` replaces ``fn`` in
    its place: calls run in the order their names were first given (fixed
    widths, then the columns fitted over them)."""
    follower = widget.findChild(_Follower, "zoom follower", Qt.FindDirectChildrenOnly)
    if follower is None:
        follower = _Follower(widget)
    follower.calls[name] = fn
    fn()


def table_follows_font(view, padding: int = 8) -> None:
    """A table's rows as tall as its font's line plus ``padding`` (pixels at
    100 %), at any zoom; a column title wider than its column is elided
    ("Where (word × w…"), never cut at both ends as Qt's header does."""
    view.horizontalHeader().setTextElideMode(Qt.ElideRight)
    follow_font(view, lambda: view.verticalHeader().setDefaultSectionSize(
        view.fontMetrics().height() + scaled(padding)), "rows")


def em(widget, count: float = 1.0) -> int:
    """``count`` widths of a digit in ``widget``'s font: for sizes that hold text."""
    return round(widget.fontMetrics().horizontalAdvance("0") * count)
