"""The timeline's pyqtgraph plots: winning count per step, the compression
curve (vocabulary size against total corpus tokens) and the parameter cost
``2·V·C`` against average sequence length (seed 000, section 19.5).

Each plot marks the selected step and exports to PNG or SVG; the series
behind all three export to one CSV.
"""

from __future__ import annotations

import csv
import io
import math

from PySide6.QtWidgets import (QFileDialog, QLabel, QMessageBox, QPushButton, QSpinBox, QTabWidget,
                               QVBoxLayout, QWidget)

from core.fileio import write_bytes_atomic

from ..shell import core_text, files, theme, zoom
from ..widgets.flow_layout import FlowLayout, labelled
from ..widgets.lazy_plot import LazyPlot, export_plot_image, pyqtgraph
from .models import parameter_cost

MAX_TICKS = 20


def _integer_ticks(axis):
    """Ticks only at whole numbers on an axis of counts or steps (pyqtgraph
    would put 1.5 between merge 1 and merge 2 when zoomed in)."""
    plain = axis.tickValues

    def tick_values(low, high, size):
        levels = [(spacing, [v for v in values if float(v).is_integer()])
                  for spacing, values in plain(low, high, size) if spacing >= 1]
        if not any(values for _, values in levels) and math.ceil(low) <= math.floor(high):
            levels = [(1.0, [float(v) for v in range(math.ceil(low), math.floor(high) + 1)][:MAX_TICKS])]
        return levels
    axis.tickValues = tick_values


def _axes(widget, x_label, y_label, *, integers=("bottom", "left")):
    item = widget.getPlotItem()
    item.showGrid(x=True, y=True, alpha=0.2)
    item.getAxis("bottom").setLabel(x_label)
    item.getAxis("left").setLabel(y_label)
    for name in integers:
        _integer_ticks(item.getAxis(name))


class TimelinePlots(QWidget):
    def __init__(self, parent=None):
        super().__init__(parent)
        # Attributes
        self.counts: list[int] = []  # winning count of merge k at index k-1
        self.sizes: list[int] = []  # vocab size after k merges at index k
        self.totals: list[int] = []  # corpus tokens after k merges at index k
        self.sequences = 1
        self.unit = ""
        self.step = 0
        self.kind = "merges"  # or "rounds" (Unigram: index k is after round k+1, the last the final model)

        # Widgets
        self.tabs = QTabWidget()
        # pyqtgraph is imported when a plot is first shown (see gui.widgets.lazy_plot).
        self.count_plot = LazyPlot(self._setup_counts, recolour=self._recolour_counts)
        self.compression_plot = LazyPlot(self._setup_compression, recolour=self._recolour_compression)
        self.cost_plot = LazyPlot(self._setup_cost, recolour=self._recolour_cost)
        self.plots = {"counts": self.count_plot, "compression": self.compression_plot, "cost": self.cost_plot}
        self.tabs.addTab(self.count_plot, self.tr("Winning count"))
        self.tabs.addTab(self.compression_plot, self.tr("Compression"))
        self.tabs.addTab(self.cost_plot, self.tr("Parameter cost"))
        self.width_box = QSpinBox()
        self.width_box.setRange(1, 65536)
        self.width_box.setValue(16)
        self.width_box.setPrefix("C = ")
        self.readout = QLabel()
        self.readout.setWordWrap(True)
        self.png_button = QPushButton(self.tr("PNG…"))
        self.svg_button = QPushButton(self.tr("SVG…"))
        self.csv_button = QPushButton(self.tr("Data CSV…"))

        # Layout
        bar = FlowLayout()  # wraps at a projector's zoom
        bar.addWidget(labelled(QLabel(self.tr("Model width:")), self.width_box))
        bar.addStretch(1)
        bar.addWidget(QLabel(self.tr("Export:")))
        bar.addWidget(self.png_button)
        bar.addWidget(self.svg_button)
        bar.addWidget(self.csv_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.readout)
        layout.addLayout(bar)

        # Signals
        self.width_box.valueChanged.connect(self._redraw_cost)
        self.png_button.clicked.connect(lambda: self._choose_image("png"))
        self.svg_button.clicked.connect(lambda: self._choose_image("svg"))
        self.csv_button.clicked.connect(self._choose_csv)

    # ==== data ====

    # ==== building the plots (on first show) ====

    # Colours come from the theme (gui.shell.theme.plot_colours) through the
    # _recolour_* methods, which LazyPlot runs after setup and on every
    # theme change.

    def _setup_counts(self, widget):
        pg = pyqtgraph()
        _axes(widget, self.tr("merge step"), self.tr("winning pair count"))
        self.count_curve = widget.plot()
        self.count_mark = pg.InfiniteLine(angle=90)
        widget.addItem(self.count_mark)

    def _setup_compression(self, widget):
        pg = pyqtgraph()
        _axes(widget, self.tr("vocabulary size V"), self.tr("total corpus tokens"))
        self.compression_curve = widget.plot()
        self.compression_mark = pg.ScatterPlotItem(size=10, pen=None)
        widget.addItem(self.compression_mark)

    def _setup_cost(self, widget):
        pg = pyqtgraph()
        _axes(widget, self.tr("average sequence length (tokens)"), self.tr("parameters 2·V·C"), integers=("left",))
        self.cost_curve = widget.plot(symbolSize=5, symbolPen=None)
        self.cost_mark = pg.ScatterPlotItem(size=10, pen=None)
        widget.addItem(self.cost_mark)

    @staticmethod
    def _recolour_curve(curve, colours):
        curve.setPen(pyqtgraph().mkPen(colours.line, width=zoom.scaled(2)))
        curve.setSymbolSize(zoom.scaled(5))
        curve.setSymbolBrush(colours.line)

    def _recolour_counts(self, _widget, colours):
        self._recolour_curve(self.count_curve, colours)
        self.count_mark.setPen(pyqtgraph().mkPen(colours.mark, width=1.5 * zoom.factor()))

    def _recolour_compression(self, _widget, colours):
        self._recolour_curve(self.compression_curve, colours)
        self.compression_mark.setBrush(colours.mark)
        self.compression_mark.setSize(zoom.scaled(10))

    def _recolour_cost(self, _widget, colours):
        self._recolour_curve(self.cost_curve, colours)
        self.cost_mark.setBrush(colours.mark)
        self.cost_mark.setSize(zoom.scaled(10))

    # ==== data ====

    def set_kind(self, kind: str) -> None:
        """``"merges"``: counts are winning counts, index k is after k merges;
        ``"steps"``: the same, for WordPiece's steps; ``"rounds"``: counts are
        log-likelihoods, index k is after pruning round k+1."""
        self.kind = kind
        rounds = kind == "rounds"
        self.tabs.setTabText(0, self.tr("Log-likelihood") if rounds else self.tr("Winning count"))
        bottom = {"rounds": self.tr("pruning round"), "steps": self.tr("WordPiece step")}.get(kind, self.tr("merge step"))

        def labels(widget):
            item = widget.getPlotItem()
            item.getAxis("bottom").setLabel(bottom)
            item.getAxis("left").setLabel(self.tr("corpus log-likelihood") if rounds else self.tr("winning pair count"))
        self.count_plot.draw("labels", labels)

    def set_series(self, counts, sizes, totals, sequences, unit):
        """``sequences`` divides total tokens into an average length (records or words)."""
        self.counts, self.sizes, self.totals = list(counts), list(sizes), list(totals)
        self.sequences, self.unit = max(1, sequences), unit
        self.count_plot.draw("series", self._draw_counts)
        self.compression_plot.draw("series", self._draw_compression)
        self._redraw_cost()

    def _dots(self):
        # Dots only while they can be told apart.
        return {"symbol": "o" if len(self.counts) <= 300 else None, "symbolSize": zoom.scaled(5),
                "symbolBrush": theme.plot_colours().line, "symbolPen": None}

    def _draw_counts(self, _widget):
        self.count_curve.setData(list(range(1, len(self.counts) + 1)), self.counts, **self._dots())

    def _draw_compression(self, _widget):
        self.compression_curve.setData(self.sizes[:len(self.totals)], self.totals, **self._dots())

    def _draw_cost(self, widget):
        self.cost_curve.setSymbol(self._dots()["symbol"])
        self.cost_curve.setData(self.averages(), self.costs())
        widget.getPlotItem().getAxis("bottom").setLabel(
            self.tr("average sequence length (tokens per %1)").replace("%1", self.unit))

    def clear(self):
        self.set_series([], [], [], 1, self.unit)

    def averages(self):
        return [t / self.sequences for t in self.totals]

    def costs(self):
        width = self.width_box.value()
        return [parameter_cost(v, width) for v in self.sizes[:len(self.totals)]]

    def _redraw_cost(self):
        self.cost_plot.draw("series", self._draw_cost)
        self.set_step(self.step)

    def set_step(self, step):
        self.step = step
        # Unigram's x axis counts rounds from 1; its index 0 is round 1.
        mark = step + 1 if self.kind == "rounds" else step
        self.count_plot.draw("step", lambda _widget: self.count_mark.setValue(mark))
        self.compression_plot.draw("step", self._draw_compression_mark)
        self.cost_plot.draw("step", self._draw_cost_mark)
        self.readout.setText(self.cost_text(step) if step < len(self.totals) else "")

    def _draw_compression_mark(self, _widget):
        step = self.step
        shown = step < len(self.totals)
        self.compression_mark.setData([self.sizes[step]] if shown else [], [self.totals[step]] if shown else [])

    def _draw_cost_mark(self, _widget):
        step = self.step
        shown = step < len(self.totals)
        self.cost_mark.setData([self.totals[step] / self.sequences] if shown else [],
                               [self.costs()[step]] if shown else [])

    def cost_text(self, step) -> str:
        width = self.width_box.value()
        if self.kind == "rounds":
            v = self.sizes[step]
            return self.tr("Row %1: V %2, 2×%2×%3 = %4 weights; average length %5 tokens per %6.").replace(
                "%1", str(step + 1)).replace("%2", str(v)).replace("%3", str(width)).replace(
                "%4", f"{parameter_cost(v, width):,}").replace(
                "%5", f"{self.totals[step] / self.sequences:.3g}").replace("%6", self.unit)
        v0, v = self.sizes[0], self.sizes[step]
        added = parameter_cost(v, width) - parameter_cost(v0, width)
        after = self.tr("After %n step(s):", "", step) if self.kind == "steps" else self.tr(
            "After %n merge(s):", "", step)
        return after + " " + self.tr(
            "V %2 → %3 adds 2×%4×%5 = %6 weights; average length %7 → %8 tokens per %9.").replace(
            "%2", str(v0)).replace("%3", str(v)).replace("%4", str(v - v0)).replace("%5", str(width)).replace(
            "%6", f"{added:,}").replace("%7", f"{self.totals[0] / self.sequences:.3g}").replace(
            "%8", f"{self.totals[step] / self.sequences:.3g}").replace("%9", self.unit)

    # ==== export ====

    def current_key(self) -> str:
        return list(self.plots)[self.tabs.currentIndex()]

    def export_image(self, path, key=None) -> None:
        """PNG or SVG by the file suffix, written atomically."""
        key = key or self.current_key()
        export_plot_image(self.plots[key], path, self.tabs.tabText(list(self.plots).index(key)))

    def series_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        width = self.width_box.value()
        writer.writerow(["step", "winning_count", "vocab_size", "total_tokens",
                         "average_tokens_per_sequence", f"parameters_2VC_C{width}"])
        costs, averages = self.costs(), self.averages()
        for step in range(len(self.totals)):
            count = self.counts[step - 1] if step else ""
            writer.writerow([step, count, self.sizes[step], self.totals[step], f"{averages[step]:.6g}", costs[step]])
        return out.getvalue()

    def export_csv(self, path) -> None:
        write_bytes_atomic(path, self.series_csv().encode("utf-8"))

    def _choose_image(self, suffix):
        name = f"{self.current_key()}.{suffix}"
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export plot"), name, f"{suffix.upper()} (*.{suffix})")
        if path:
            self._exporting(self.export_image, path)

    def _choose_csv(self):
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export plot data"), "timeline.csv", "CSV (*.csv)")
        if path:
            self._exporting(self.export_csv, path)

    def _exporting(self, export, path):
        """A refused or failed write (a link, a device, a full disk) is shown, never raised into Qt."""
        try:
            files.save(self, lambda: export(path))
        except OSError as exc:
            QMessageBox.warning(self, self.tr("Export failed"), core_text.error(exc))
