"""A pyqtgraph plot made the first time it is shown or used.

Importing pyqtgraph (and numpy with it) and building its plot items took
about 1.2 s of a 2.5 s start-up, for plots that sit on tabs the user may
never open.  A :class:`LazyPlot` holds the plot's place in the layout and
imports and builds it on its first ``showEvent`` (or when code asks for
the plot, e.g. to export it).  Drawing asked for before then is kept, the
latest per name, and done once the plot exists.

The plot follows the theme: background, axes and their text take the
theme's plot colours when built and again on every palette change, and
``recolour(plot_widget, colours)`` repaints the owner's own lines and marks.
It follows the zoom (gui/shell/zoom.py) the same way: the axes' tick text and
titles are in this widget's font, and lines are drawn :func:`zoom.scaled`
wide, again on every font change (``recolour`` runs then too).
:func:`export_plot_image` writes one as PNG or SVG.
"""

from __future__ import annotations

from PySide6.QtCore import QBuffer, QEvent, QIODevice, QRect
from PySide6.QtGui import QPainter
from PySide6.QtSvg import QSvgGenerator
from PySide6.QtWidgets import QVBoxLayout, QWidget

from core.fileio import write_bytes_atomic

from ..shell import theme, zoom

AXES = ("bottom", "left", "top", "right")


def pyqtgraph():
    """The pyqtgraph module, imported on first use."""
    import pyqtgraph as pg  # here: heavy, and the first window shows no plot

    return pg


class LazyPlot(QWidget):
    def __init__(self, setup=None, parent=None, recolour=None):
        """``setup(plot_widget)`` styles the new ``pg.PlotWidget`` (axes, labels);
        ``recolour(plot_widget, theme.PlotColours)`` runs after it and on each theme change."""
        super().__init__(parent)
        self._setup = setup
        self._recolour = recolour
        self._plot = None
        self._pending: dict[str, object] = {}  # name -> draw(plot_widget), in order of first request
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        return self._plot is not None

    def plot(self):
        """The ``pg.PlotWidget``, built (and drawn) now if it was not yet."""
        if self._plot is None:
            self._plot = pyqtgraph().PlotWidget()
            self.layout().addWidget(self._plot)
            if self._setup is not None:
                self._setup(self._plot)
            self._follow_theme()
            pending, self._pending = self._pending, {}
            for draw in pending.values():
                draw(self._plot)
        return self._plot

    def draw(self, name: str, fn) -> None:
        """Run ``fn(plot_widget)`` now if the plot exists, else once it does
        (a later request with the same name replaces an earlier one)."""
        if self._plot is None:
            self._pending.pop(name, None)
            self._pending[name] = fn
        else:
            fn(self._plot)

    def _follow_theme(self):
        colours = theme.plot_colours()
        self._plot.setBackground(colours.background)
        item = self._plot.getPlotItem()
        font = self.font()
        for side in AXES:
            axis = item.getAxis(side)
            axis.setTickFont(font)
            axis.label.setFont(font)  # the title; laid out again by setTextPen below
            # The grid is drawn with this pen, at the grid alpha.
            axis.setPen(pyqtgraph().mkPen(colours.foreground, width=zoom.scaled(1)))
            axis.setTextPen(colours.foreground)
        if self._recolour is not None:
            self._recolour(self._plot, colours)

    def changeEvent(self, event):
        if event.type() in (QEvent.PaletteChange, QEvent.FontChange) and self._plot is not None:
            self._follow_theme()
        super().changeEvent(event)

    def showEvent(self, event):
        self.plot()
        super().showEvent(event)


def export_plot_image(holder: LazyPlot, path, title: str) -> None:
    """The plot of ``holder`` as PNG or SVG by the file suffix, written atomically.

    Deviation: not pyqtgraph's SVGExporter, whose path rewriting fails on
    the path data Qt 6.12's SVG generator writes (pyqtgraph issue #3485);
    QSvgGenerator renders the plot widget as vectors directly.
    """
    widget = holder.plot()
    holder.layout().activate()  # a plot never shown has no size yet
    buffer = QBuffer()
    buffer.open(QIODevice.WriteOnly)
    if str(path).lower().endswith(".svg"):
        generator = QSvgGenerator()
        generator.setOutputDevice(buffer)
        generator.setSize(widget.size())
        generator.setViewBox(QRect(0, 0, widget.width(), widget.height()))
        generator.setTitle(title)
        painter = QPainter(generator)
        widget.render(painter)
        painter.end()
    else:
        widget.grab().save(buffer, "PNG")
    write_bytes_atomic(path, bytes(buffer.data()))
