"""The sampling tab: segmentations of the text drawn from the Unigram
lattice with probability ∝ P^alpha (subword regularization, seed 003), off
the GUI thread, with the exact probability of each next to its share."""

from __future__ import annotations

import math
import random
from collections import Counter

from PySide6.QtWidgets import QDoubleSpinBox, QLabel, QPushButton, QSplitter, QVBoxLayout, QWidget

from ..shell.workers import run_task
from ..widgets.lazy_plot import LazyPlot, pyqtgraph
from .lattice import no_unigram, piece_label
from .tables import SampleModel, row, spin, table
from .texts import fill, translate, visible


def _draw_histogram(widget, rows):
    """Bars for the most frequent sampled segmentations (``rows`` as in the table)."""
    widget.clear()
    widget.addItem(pyqtgraph().BarGraphItem(x=[r[0] for r in rows], height=[r[1] for r in rows], width=0.7,
                                            brush="#90caf9", pen="#1565c0"))
    widget.getPlotItem().getAxis("bottom").setTicks([[(r[0], str(r[0])) for r in rows]])


def _setup_histogram(widget):
    widget.getPlotItem().setLabel("bottom", translate("CompareView", "Segmentation # (see the table)"))
    widget.getPlotItem().setLabel("left", translate("CompareView", "Times drawn"))


def draw_samples(model, text, alpha, count, seed, progress, should_stop):
    """``count`` segmentations drawn with ``random.Random(seed)``: (nodes, times, exact P^alpha/Z), most drawn first."""
    normalized = model.pipeline.normalize(text)
    lattice = model.lattice(normalized.text)
    rng = random.Random(seed)
    forward = lattice.forward(alpha)
    drawn = Counter()
    for done in range(count):
        if should_stop():
            break
        drawn[lattice.sample(rng, alpha, forward=forward).nodes] += 1
        progress(done + 1, count)
    z = forward[-1]
    return [(nodes, n, math.exp(alpha * sum(x.score for x in nodes) - z)) for nodes, n in drawn.most_common()]


class SamplingTab(QWidget):
    def __init__(self, chosen, parent=None):
        """``chosen()`` is the Unigram model the lattice tab shows (or None)."""
        super().__init__(parent)
        # Attributes
        self.chosen = chosen
        self.text = ""
        self.sample_model = SampleModel(self)
        self.task = None  # the running sampling
        self._request = None  # (model, count, alpha, seed) of that task

        # Widgets
        self.alpha_box = spin(0.0, 100.0, 0.5, QDoubleSpinBox)
        self.alpha_box.setSingleStep(0.1)
        self.samples_box = spin(1, 100_000, 1000)
        self.seed_box = spin(0, 2**31 - 1, 0)
        self.sample_button = QPushButton(translate("CompareView", "Sample"))
        self.cancel_button = QPushButton(translate("CompareView", "Cancel"))
        self.cancel_button.setEnabled(False)
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.histogram = LazyPlot(_setup_histogram)
        self.sample_view = table(self.sample_model, None)

        # Layout
        layout = QVBoxLayout(self)
        layout.addLayout(row(translate("CompareView", "alpha:"), self.alpha_box,
                             translate("CompareView", "samples:"), self.samples_box,
                             translate("CompareView", "seed:"), self.seed_box, self.sample_button, self.cancel_button))
        layout.addWidget(self.label)
        splitter = QSplitter()
        splitter.addWidget(self.histogram)
        splitter.addWidget(self.sample_view)
        splitter.setSizes([520, 540])
        layout.addWidget(splitter, 1)

        # Signals
        self.sample_button.clicked.connect(self.sample)
        self.cancel_button.clicked.connect(self.cancel)

    def show_text(self, text: str) -> None:
        """A new text or model: earlier draws no longer apply."""
        self.text = text
        self.cancel()  # its draws would be of the old text, and it has nothing to say any more
        self.task = None
        self.cancel_button.setEnabled(False)
        self.sample_model.set_rows([])
        self.histogram.draw("bars", lambda widget: widget.clear())
        self.label.setText(translate("CompareView", "Press Sample to draw segmentations with probability ∝ P^alpha."))

    def sample(self):
        model = self.chosen()
        if model is None:
            self.label.setText(no_unigram())
            return
        text, alpha, count, seed = self.text, self.alpha_box.value(), self.samples_box.value(), self.seed_box.value()
        self.cancel()
        self._request = (model, count, alpha, seed)
        self.task = run_task(lambda progress, should_stop: draw_samples(
            model, text, alpha, count, seed, progress, should_stop), name="unigram-sampling")
        # Bound methods, not lambdas: Qt drops them if this view is closed first.
        self.task.sig_progressed.connect(self._progressed)
        self.task.sig_done.connect(self._show)
        self.task.sig_failed.connect(self._failed)
        self.task.sig_cancelled.connect(self._cancelled)
        self.task.sig_ended.connect(self._ended)
        self.cancel_button.setEnabled(True)

    def cancel(self):
        if self.task is not None and self.task.is_running():
            self.task.cancel()

    # A task replaced by a newer one may still report: only the latest speaks.

    def _progressed(self, done, total):
        if self.sender() is self.task:
            self.label.setText(fill(translate("CompareView", "Sampling… %1 of %2"), done, total))

    def _failed(self, message):
        if self.sender() is self.task:
            self.label.setText(message)

    def _cancelled(self):
        if self.sender() is self.task:
            self.label.setText(translate("CompareView", "Sampling cancelled."))

    def _ended(self):
        if self.sender() is self.task:
            self.cancel_button.setEnabled(False)

    def _show(self, result):
        if self.sender() is not self.task:
            return
        model, count, alpha, seed = self._request
        rows = []
        for rank, (nodes, n, exact) in enumerate(result, start=1):
            pieces = "  ".join(visible(piece_label(model, x)) for x in nodes)
            rows.append((rank, n, f"{n / count:.3f}", f"{exact:.3f}", pieces))
        self.sample_model.set_rows(rows)
        shown = rows[:20]
        self.histogram.draw("bars", lambda widget: _draw_histogram(widget, shown))
        self.label.setText(", ".join((self.tr("%n draw(s)", "", count), self.tr(
            "%n distinct segmentation(s)", "", len(rows)))) + " " + fill(self.tr("(alpha %1, seed %2)"),
                                                                          f"{alpha:g}", seed))
