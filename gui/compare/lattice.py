"""The Unigram lattice tab: every candidate piece of the text, the Viterbi
path through them (green, on top), the n-best segmentations and the node
table (seed 003).  It works on the :class:`core.models.unigram.Unigram`
behind a held tokenizer (``tokenizer.model``): the lattice is that model's
own inside, which the one tokenizer interface does not show."""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QComboBox, QLabel, QSplitter, QVBoxLayout

from ..shell import zoom
from ..widgets.lazy_plot import LazyPlot, pyqtgraph
from .tables import LazyTab, NBestModel, NodeModel, fill_models, row, spin, table
from .texts import fill, translate, visible

MAX_DRAWN_NODES = 600


def lattice_rows(nodes, viterbi) -> list[int]:
    """A row per node so that no two overlap; the Viterbi path is row 0."""
    rows, ends = [], [math.inf]  # ends[r] = where row r is free again; row 0 is reserved
    on_path = {id(n) for n in viterbi}
    for node in nodes:
        if id(node) in on_path:
            rows.append(0)
            continue
        for r in range(1, len(ends)):
            if ends[r] <= node.start:
                ends[r] = node.end
                rows.append(r)
                break
        else:
            ends.append(node.end)
            rows.append(len(ends) - 1)
    return rows


def piece_label(model, node) -> str:
    return "<unk>" if node.unknown else model.pieces[node.id].piece


def no_unigram() -> str:
    return translate("CompareView", "No Unigram model is loaded: open a unigram asset in the Assets tab.")


def _setup_lattice(widget):
    widget.getPlotItem().hideAxis("left")
    widget.getPlotItem().invertY(True)


class LatticeTab(LazyTab):
    def __init__(self, parent=None):
        super().__init__(parent)
        # Attributes
        self.nbest_model = NBestModel(self)
        self.node_model = NodeModel(self)
        self.items = 0  # pieces drawn in the plot

        # Widgets
        self.model_box = QComboBox()
        self.nbest_box = spin(1, 100, 10)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.plot = LazyPlot(_setup_lattice)
        self.nbest_view = table(self.nbest_model, None)
        self.node_view = table(self.node_model, 2)

        # Layout
        layout = QVBoxLayout(self)
        layout.addLayout(row(translate("CompareView", "Unigram model:"), self.model_box,
                             translate("CompareView", "n-best:"), self.nbest_box))
        layout.addWidget(self.label)
        tables = QSplitter(Qt.Vertical)
        tables.addWidget(self.nbest_view)
        tables.addWidget(self.node_view)
        splitter = QSplitter()
        splitter.addWidget(self.plot)
        splitter.addWidget(tables)
        splitter.setSizes([640, 420])
        layout.addWidget(splitter, 1)

        # Signals
        self.nbest_box.valueChanged.connect(self.refresh)

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.FontChange and self.plot.built:
            self.changed()  # the pieces' captions in the new size

    def set_models(self, choices) -> None:
        """``choices``: (name, Unigram) pairs; the one chosen before stays chosen."""
        fill_models(self.model_box, choices)

    def chosen(self):
        return self.model_box.currentData()

    def refresh(self):
        self.plot.draw("lattice", lambda widget: widget.getPlotItem().clear())
        model = self.chosen()
        if model is None:
            self.nbest_model.set_rows([])
            self.node_model.set_rows([])
            self.label.setText(no_unigram())
            return
        normalized = model.pipeline.normalize(self.text)
        lattice = model.lattice(normalized.text)
        best = lattice.viterbi()
        z = lattice.log_partition()
        rows = [(rank, f"{p.score:.4f}", f"{math.exp(p.score - z):.4f}",
                 "  ".join(visible(piece_label(model, n)) for n in p.nodes))
                for rank, p in enumerate(lattice.nbest(self.nbest_box.value()), start=1)]
        self.nbest_model.set_rows(rows, shaded={0})
        on_path = {id(n) for n in best.nodes}
        self.node_model.set_rows(
            [(n.start, n.end, visible(piece_label(model, n)), n.id, f"{n.score:.4f}") for n in lattice.nodes],
            shaded={i for i, n in enumerate(lattice.nodes) if id(n) in on_path})
        self.label.setText(fill(translate(
            "CompareView", "Normalized: %1 — %2 candidate pieces; Viterbi path (green) scores %3"),
            normalized.text, len(lattice.nodes), f"{best.score:.4f}"))
        if len(lattice.nodes) > MAX_DRAWN_NODES:
            self.label.setText(self.label.text() + " " + translate(
                "CompareView", "(too many to draw; shorten the text to see the lattice)"))
            return
        self.plot.draw("lattice", lambda widget: self._draw(widget.getPlotItem(), model, lattice, best.nodes,
                                                            normalized.text))

    def _draw(self, plot, model, lattice, path, text):
        pg = pyqtgraph()
        plot.clear()
        self.items = 0
        on_path = {id(n) for n in path}
        ys = lattice_rows(lattice.nodes, path)
        scores = [n.score for n in lattice.nodes]
        low, high = min(scores, default=0.0), max(scores, default=0.0)
        for node, y in zip(lattice.nodes, ys):
            shade = 0.0 if high == low else (node.score - low) / (high - low)
            colour = "#66bb6a" if id(node) in on_path else pg.mkColor(int(255 - 90 * shade), int(255 - 60 * shade), 255)
            bar = pg.BarGraphItem(x0=[node.start + 0.04], x1=[node.end - 0.04], y=[y], height=0.8,
                                  brush=colour, pen=pg.mkPen("#1b5e20" if id(node) in on_path else "#607d8b"))
            plot.addItem(bar)
            label = "\u2047" if node.unknown else visible(model.pieces[node.id].piece)
            # Scores fit under pieces of three characters or more; the table lists them all.
            caption = f"{label}\n{node.score:.2f}" if node.end - node.start >= 3 else label
            item = pg.TextItem(caption, color="k", anchor=(0.5, 0.5))
            item.setFont(zoom.relative_font(self.font(), 0.85))  # follows a zoom: redrawn on FontChange
            item.setPos((node.start + node.end) / 2, y)
            plot.addItem(item)
            self.items += 1
        axis = plot.getAxis("bottom")
        axis.setTicks([[(i + 0.5, visible(ch)) for i, ch in enumerate(text)]])
        plot.setXRange(0, max(1, len(text)), padding=0.02)
        plot.setYRange(-0.6, max(ys, default=0) + 0.6, padding=0)
