"""Light, dark or the system's colours, applied with a QPalette at run time.

Views that paint fixed light tints (token chips, shaded table cells) keep
them in the dark theme; :class:`ReadableDelegate` gives such cells dark text,
so every tint stays readable whatever the palette says.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication, QStyledItemDelegate

THEMES = ("system", "light", "dark")

DARK = {
    QPalette.Window: "#2b2b2b", QPalette.WindowText: "#e8e8e8", QPalette.Base: "#1e1e1e",
    QPalette.AlternateBase: "#2f2f2f", QPalette.ToolTipBase: "#3a3a3a", QPalette.ToolTipText: "#f0f0f0",
    QPalette.PlaceholderText: "#9a9a9a", QPalette.Text: "#e8e8e8", QPalette.Button: "#353535",
    QPalette.ButtonText: "#e8e8e8", QPalette.BrightText: "#ff6e6e", QPalette.Link: "#56b4e9",
    QPalette.Highlight: "#0072b2", QPalette.HighlightedText: "#ffffff", QPalette.Light: "#4a4a4a",
    QPalette.Midlight: "#3f3f3f", QPalette.Mid: "#303030", QPalette.Dark: "#1a1a1a", QPalette.Shadow: "#0a0a0a",
}
DISABLED = {QPalette.WindowText: "#7a7a7a", QPalette.Text: "#7a7a7a", QPalette.ButtonText: "#7a7a7a"}

_system_palette: QPalette | None = None


def palette_for(name: str) -> QPalette:
    app = QApplication.instance()
    global _system_palette
    if _system_palette is None:
        _system_palette = QPalette(app.palette())  # as the platform gave it, before any theme
    if name == "light":
        return app.style().standardPalette()
    if name == "dark":
        palette = QPalette()
        for role, colour in DARK.items():
            palette.setColor(role, QColor(colour))
        for role, colour in DISABLED.items():
            palette.setColor(QPalette.Disabled, role, QColor(colour))
        return palette
    return QPalette(_system_palette)


def apply(name: str) -> None:
    if name not in THEMES:
        raise ValueError(f"unknown theme {name!r}; known: {', '.join(THEMES)}")
    QApplication.instance().setPalette(palette_for(name))


def is_dark() -> bool:
    return QApplication.instance().palette().color(QPalette.Window).lightness() < 128


# Status text drawn on the window background: (light theme, dark theme).
TONES = {"busy": ("#303030", "#d0d0d0"), "error": ("#7f0000", "#ff8a80"), "warning": ("#5d4000", "#ffd54f"),
         "ok": ("#1b5e20", "#81c784")}


def tone(name: str) -> str:
    """A status text colour (``TONES``) that reads on the current theme's window."""
    light, dark = TONES[name]
    return dark if is_dark() else light


@dataclass(frozen=True)
class PlotColours:
    background: str
    foreground: str  # axes, tick labels, axis titles and (faintly) the grid
    line: str
    mark: str


# Okabe-Ito hues.  Its blue (#0072B2) is too dark to read on the dark
# background (3.2:1), so the dark theme draws lines in its sky blue (7:1);
# vermillion stays the mark in both (4:1 on white, 3.4:1 on the dark base).
LIGHT_PLOT = PlotColours(background="#ffffff", foreground="#000000", line="#0072b2", mark="#d55e00")
DARK_PLOT = PlotColours(background=DARK[QPalette.Base], foreground=DARK[QPalette.Text], line="#56b4e9",
                        mark="#d55e00")


def plot_colours() -> PlotColours:
    return DARK_PLOT if is_dark() else LIGHT_PLOT


class ReadableDelegate(QStyledItemDelegate):
    """Dark text on light cell backgrounds (tie and winner shading) in any theme."""

    def initStyleOption(self, option, index):
        super().initStyleOption(option, index)
        brush = option.backgroundBrush
        if brush.style() != Qt.NoBrush and brush.color().lightness() > 160:
            option.palette.setColor(QPalette.Text, QColor("#000000"))


def fit_views(root) -> None:
    """In the dark theme, give every item view under ``root`` that uses the
    stock delegate the readable one; in a light theme, the stock one again.
    The readable delegate is a Python call per painted cell, and repainting
    a new model's tables through it held the GUI thread ~20 ms after a training."""
    dark = is_dark()
    for view in root.findChildren(QAbstractItemView):
        kind = type(view.itemDelegate())
        if dark and kind is QStyledItemDelegate:
            view.setItemDelegate(ReadableDelegate(view))
        elif not dark and kind is ReadableDelegate:
            view.setItemDelegate(QStyledItemDelegate(view))
