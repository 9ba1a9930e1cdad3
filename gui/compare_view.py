"""Compare view: one text under every loaded tokenizer, side by side, and the
inside of each algorithm -- the Unigram lattice with its Viterbi path, the
n-best list and a histogram of sampled segmentations; the WordPiece search
trace; fastText's character n-grams (seed 003).

Tokenizers come from the workspace: the trained char BPE, the encode panel's
byte BPE and every open asset.  The view keeps only its own inputs (the
text, n-best size, alpha, seed) and what it computed from them.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QDoubleSpinBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton,
    QSpinBox, QSplitter, QTableView, QTabWidget, QVBoxLayout, QWidget,
)

from core.inspect import ngrams
from core.models import unigram, wordpiece
from core.errors import StudioError
from core.render import render_char, render_piece

from . import core_text
from .lazy_plot import LazyPlot, pyqtgraph
from .models import RowTable
from .workers import run_task

MAX_TEXT = 500  # characters: this view is for a word or a sentence, and stays responsive
MAX_DRAWN_NODES = 600
VITERBI_BRUSH = QBrush(QColor("#c8e6c9"))
FAIL_BRUSH = QBrush(QColor("#f8d2bc"))


def tr(text):
    return QCoreApplication.translate("compare_view", text)


def _setup_lattice(widget):
    widget.getPlotItem().hideAxis("left")
    widget.getPlotItem().invertY(True)


def _draw_histogram(widget, rows):
    """Bars for the most frequent sampled segmentations (``rows`` as in the table)."""
    widget.clear()
    widget.addItem(pyqtgraph().BarGraphItem(x=[r[0] for r in rows], height=[r[1] for r in rows], width=0.7,
                                            brush="#90caf9", pen="#1565c0"))
    widget.getPlotItem().getAxis("bottom").setTicks([[(r[0], str(r[0])) for r in rows]])


def visible(text: str) -> str:
    return "".join(render_char(ch) for ch in text)


def segment(tokenizer, text: str) -> list[str]:
    """The token labels of ``text`` under any tokenizer kind the app knows."""
    if isinstance(tokenizer, wordpiece.WordPiece):
        return list(tokenizer.encode(text).tokens)
    if isinstance(tokenizer, unigram.Unigram):
        return [t.piece for t in tokenizer.encode(text).tokens]
    encoded = tokenizer.encode(text)
    if hasattr(encoded, "pieces"):  # byte-level: bytes per token
        return [render_piece(p) if p else "<special>" for p in encoded.pieces]
    return [visible(t) for t in encoded]


class _Table(RowTable):
    context = "compare_view"

    def __init__(self, parent=None):
        super().__init__(parent)
        self.shaded: set[int] = set()
        self.brush = VITERBI_BRUSH

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        if role in (Qt.DisplayRole, Qt.ToolTipRole):
            return str(self.rows[index.row()][index.column()])
        if role == Qt.BackgroundRole and index.row() in self.shaded:
            return self.brush
        return None

    def set_rows(self, rows, shaded=()):
        self.beginResetModel()
        self.rows, self.shaded = list(rows), set(shaded)
        self.endResetModel()


class ComparisonModel(_Table):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Tokenizer"), QT_TRANSLATE_NOOP("compare_view", "Kind"),
               QT_TRANSLATE_NOOP("compare_view", "Tokens"), QT_TRANSLATE_NOOP("compare_view", "Segmentation"))


class NBestModel(_Table):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Rank"), QT_TRANSLATE_NOOP("compare_view", "Log-probability"),
               QT_TRANSLATE_NOOP("compare_view", "P(segmentation | text)"),
               QT_TRANSLATE_NOOP("compare_view", "Segmentation"))


class NodeModel(_Table):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Start"), QT_TRANSLATE_NOOP("compare_view", "End"),
               QT_TRANSLATE_NOOP("compare_view", "Piece"), QT_TRANSLATE_NOOP("compare_view", "ID"),
               QT_TRANSLATE_NOOP("compare_view", "Score"))


class SampleModel(_Table):
    headers = (QT_TRANSLATE_NOOP("compare_view", "#"), QT_TRANSLATE_NOOP("compare_view", "Drawn"),
               QT_TRANSLATE_NOOP("compare_view", "Share"), QT_TRANSLATE_NOOP("compare_view", "Exact P^α/Z"),
               QT_TRANSLATE_NOOP("compare_view", "Segmentation"))


class SearchModel(_Table):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Word"), QT_TRANSLATE_NOOP("compare_view", "Offset"),
               QT_TRANSLATE_NOOP("compare_view", "Tried"), QT_TRANSLATE_NOOP("compare_view", "Result"))


class NGramModel(_Table):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Word"), QT_TRANSLATE_NOOP("compare_view", "n"),
               QT_TRANSLATE_NOOP("compare_view", "Count"), QT_TRANSLATE_NOOP("compare_view", "n-grams (fastText order)"))


def _table(model, stretch: int | None) -> QTableView:
    """Read-only rows; column ``stretch`` takes the spare width (None: the
    columns fit their contents and the view scrolls sideways)."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setEditTriggers(QAbstractItemView.NoEditTriggers)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeToContents)
    header.setResizeContentsPrecision(0)  # the rows on screen, not 1,000 through the Python delegate
    if stretch is not None:
        header.setSectionResizeMode(stretch, QHeaderView.Stretch)
    return view


def _spin(low, high, value, kind=QSpinBox):
    box = kind()
    box.setRange(low, high)
    box.setValue(value)
    return box


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


class CompareView(QWidget):
    def __init__(self, bridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.tokenizers: list[tuple[str, str, object]] = []
        self.comparison_model = ComparisonModel(self)
        self.nbest_model = NBestModel(self)
        self.node_model = NodeModel(self)
        self.sample_model = SampleModel(self)
        self.search_model = SearchModel(self)
        self.search_model.brush = FAIL_BRUSH
        self.ngram_model = NGramModel(self)
        self.debounce = QTimer(self, singleShot=True, interval=150)
        self.sampling = None  # the running sampling task
        self._request = None  # (model, count, alpha, seed) of that task
        self.lattice_items = 0

        # Widgets
        self.input = QLineEdit("lower")
        self.input.setMaxLength(MAX_TEXT)
        self.input.setPlaceholderText(self.tr("A word or a sentence"))
        self.summary = QLabel()
        self.comparison_view = _table(self.comparison_model, 3)
        self.tabs = QTabWidget()
        self.unigram_box, self.wordpiece_box = QComboBox(), QComboBox()
        self.nbest_box = _spin(1, 100, 10)
        self.alpha_box = _spin(0.0, 100.0, 0.5, QDoubleSpinBox)
        self.alpha_box.setSingleStep(0.1)
        self.samples_box = _spin(1, 100_000, 1000)
        self.seed_box = _spin(0, 2**31 - 1, 0)
        self.sample_button = QPushButton(self.tr("Sample"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.lattice_label, self.sample_label, self.search_label = QLabel(), QLabel(), QLabel()
        for label in (self.lattice_label, self.sample_label, self.search_label, self.summary):
            label.setWordWrap(True)
        self.lattice_plot = LazyPlot(_setup_lattice)
        self.lattice_font = QFont(self.font())
        self.lattice_font.setPointSizeF(self.lattice_font.pointSizeF() * 0.85)
        self.histogram = LazyPlot(self._setup_histogram)
        self.nbest_view = _table(self.nbest_model, None)
        self.node_view = _table(self.node_model, 2)
        self.sample_view = _table(self.sample_model, None)
        self.search_view = _table(self.search_model, 3)
        self.minn_box, self.maxn_box = _spin(1, 20, 3), _spin(1, 20, 6)
        self.ngram_view = _table(self.ngram_model, 3)

        # Layout
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Text:")))
        top.addWidget(self.input, 1)
        self.tabs.addTab(self._lattice_tab(), self.tr("Unigram lattice"))
        self.tabs.addTab(self._sampling_tab(), self.tr("Sampling"))
        self.tabs.addTab(self._search_tab(), self.tr("WordPiece search"))
        self.tabs.addTab(self._ngram_tab(), self.tr("fastText n-grams"))
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addWidget(self.summary)
        upper_layout.addWidget(self.comparison_view, 1)
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(upper)
        splitter.addWidget(self.tabs)
        splitter.setSizes([220, 480])
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)

        # Signals
        self.input.textChanged.connect(self.debounce.start)
        self.debounce.timeout.connect(self.refresh)
        for box in (self.unigram_box, self.wordpiece_box):
            box.currentIndexChanged.connect(self.refresh)
        self.nbest_box.valueChanged.connect(self._show_lattice)
        for box in (self.minn_box, self.maxn_box):
            box.valueChanged.connect(self._show_ngrams)
        self.sample_button.clicked.connect(self.sample)
        self.cancel_button.clicked.connect(self._cancel_sampling)
        # Bound methods, not lambdas: Qt drops them with this view, while a
        # training result can still arrive after the window is gone.
        bridge.sig_model_trained.connect(self._workspace_changed)
        bridge.sig_encoder_changed.connect(self._workspace_changed)
        bridge.sig_assets_changed.connect(self._workspace_changed)
        self._stale = False
        self.reload()

    def _workspace_changed(self, *_):
        # Behind another tab, reload when shown: re-encoding every tokenizer
        # and redrawing the lattice took GUI time right as a training ended.
        if self.isVisible():
            self.reload()
        else:
            self._stale = True

    def showEvent(self, event):
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.reload()

    def _setup_histogram(self, widget):
        widget.getPlotItem().setLabel("bottom", self.tr("Segmentation # (see the table)"))
        widget.getPlotItem().setLabel("left", self.tr("Times drawn"))

    def _row(self, *widgets):
        row = QHBoxLayout()
        for w in widgets:
            row.addWidget(QLabel(w) if isinstance(w, str) else w)
        row.addStretch(1)
        return row

    def _lattice_tab(self):
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(self._row(self.tr("Unigram model:"), self.unigram_box, self.tr("n-best:"), self.nbest_box))
        layout.addWidget(self.lattice_label)
        tables = QSplitter(Qt.Vertical)
        tables.addWidget(self.nbest_view)
        tables.addWidget(self.node_view)
        splitter = QSplitter()
        splitter.addWidget(self.lattice_plot)
        splitter.addWidget(tables)
        splitter.setSizes([640, 420])
        layout.addWidget(splitter, 1)
        return tab

    def _sampling_tab(self):
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(self._row(self.tr("alpha:"), self.alpha_box, self.tr("samples:"), self.samples_box,
                                   self.tr("seed:"), self.seed_box, self.sample_button, self.cancel_button))
        layout.addWidget(self.sample_label)
        splitter = QSplitter()
        splitter.addWidget(self.histogram)
        splitter.addWidget(self.sample_view)
        splitter.setSizes([520, 540])
        layout.addWidget(splitter, 1)
        return tab

    def _search_tab(self):
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(self._row(self.tr("WordPiece model:"), self.wordpiece_box))
        layout.addWidget(self.search_label)
        layout.addWidget(self.search_view, 1)
        return tab

    def _ngram_tab(self):
        tab = QWidget()
        layout = QVBoxLayout(tab)
        layout.addLayout(self._row(self.tr("n from"), self.minn_box, self.tr("to"), self.maxn_box))
        layout.addWidget(self.ngram_view, 1)
        return tab

    # ==== tokenizers ====

    def reload(self, *_changed):
        """Collect the workspace's tokenizers and fill the model choosers."""
        found = []
        if self.workspace.model is not None:
            found.append((self.tr("trained char BPE"), "char-bpe", self.workspace.model))
        try:
            encoder = self.workspace.encoder  # loads the default first, which names it
            found.append((self.workspace.encoder_name or self.tr("encoder"), encoder.kind, encoder.model))
        except StudioError:
            pass  # no encoder available; the encode panel says why
        for entry in self.workspace.assets:
            loaded = entry.loaded
            found.append((loaded.name or loaded.kind, loaded.kind, loaded.tokenizer))
        self.tokenizers = found
        for box, kind in ((self.unigram_box, unigram.Unigram), (self.wordpiece_box, wordpiece.WordPiece)):
            current = box.currentText()
            box.blockSignals(True)
            box.clear()
            for index, (name, _, tok) in enumerate(found):
                if isinstance(tok, kind):
                    box.addItem(name, index)
            box.setCurrentIndex(max(0, box.findText(current)))
            box.blockSignals(False)
        self.refresh()

    def _chosen(self, box):
        index = box.currentData()
        return None if index is None else self.tokenizers[index][2]

    # ==== refreshing ====

    def refresh(self):
        text = self.input.text()
        rows = []
        for name, kind, tok in self.tokenizers:
            try:
                tokens = segment(tok, text)
                rows.append((name, kind, len(tokens), "  ".join(tokens)))
            except StudioError as exc:
                rows.append((name, kind, "–", self.tr("cannot encode: %1").replace("%1", core_text.error(exc))))
        self.comparison_model.set_rows(rows)
        self.summary.setText(self.tr("%1 characters under %2 tokenizers").replace(
            "%1", str(len(text))).replace("%2", str(len(rows))))
        self._show_lattice()
        self._show_search()
        self._show_ngrams()
        self._cancel_sampling()  # its draws would be of the old text
        self.sample_model.set_rows([])
        self.histogram.draw("bars", lambda widget: widget.clear())
        self.sample_label.setText(self.tr("Press Sample to draw segmentations with probability ∝ P^alpha."))

    def _show_lattice(self):
        self.lattice_plot.draw("lattice", lambda widget: widget.getPlotItem().clear())
        model = self._chosen(self.unigram_box)
        if model is None:
            self.nbest_model.set_rows([])
            self.node_model.set_rows([])
            self.lattice_label.setText(self.tr("No Unigram model is loaded: open a unigram asset in the Assets tab."))
            return
        normalized = model.pipeline.normalize(self.input.text())
        lattice = model.lattice(normalized.text)
        best = lattice.viterbi()
        z = lattice.log_partition()
        rows = [(rank, f"{p.score:.4f}", f"{math.exp(p.score - z):.4f}",
                 "  ".join(visible(self._label(model, n)) for n in p.nodes))
                for rank, p in enumerate(lattice.nbest(self.nbest_box.value()), start=1)]
        self.nbest_model.set_rows(rows, shaded={0})
        on_path = {id(n) for n in best.nodes}
        self.node_model.set_rows(
            [(n.start, n.end, visible(self._label(model, n)), n.id, f"{n.score:.4f}") for n in lattice.nodes],
            shaded={i for i, n in enumerate(lattice.nodes) if id(n) in on_path})
        self.lattice_label.setText(self.tr("Normalized: %1 — %2 candidate pieces; Viterbi path (green) scores %3").replace(
            "%1", normalized.text).replace("%2", str(len(lattice.nodes))).replace("%3", f"{best.score:.4f}"))
        if len(lattice.nodes) > MAX_DRAWN_NODES:
            self.lattice_label.setText(self.lattice_label.text() + " " + self.tr(
                "(too many to draw; shorten the text to see the lattice)"))
            return
        self.lattice_plot.draw("lattice", lambda widget: self._draw_lattice(
            widget.getPlotItem(), model, lattice, best.nodes, normalized.text))

    def _draw_lattice(self, plot, model, lattice, path, text):
        pg = pyqtgraph()
        plot.clear()
        self.lattice_items = 0
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
            item.setFont(self.lattice_font)
            item.setPos((node.start + node.end) / 2, y)
            plot.addItem(item)
            self.lattice_items += 1
        axis = plot.getAxis("bottom")
        axis.setTicks([[(i + 0.5, visible(ch)) for i, ch in enumerate(text)]])
        plot.setXRange(0, max(1, len(text)), padding=0.02)
        plot.setYRange(-0.6, max(ys, default=0) + 0.6, padding=0)

    @staticmethod
    def _label(model, node) -> str:
        return "<unk>" if node.unknown else model.pieces[node.id].piece

    def _show_search(self):
        model = self._chosen(self.wordpiece_box)
        if model is None:
            self.search_model.set_rows([])
            self.search_label.setText(self.tr("No WordPiece model is loaded: open a wordpiece asset in the Assets tab."))
            return
        encoding = model.encode(self.input.text())
        rows, failed = [], set()
        for trace in encoding.words:
            if trace.too_long:
                rows.append((trace.word, "–", "–", self.tr("longer than %1 characters → [UNK]").replace(
                    "%1", str(model.max_input_chars_per_word))))
                failed.add(len(rows) - 1)
            for attempt in trace.attempts:
                result = self.tr("match") if attempt.found else self.tr("not in vocab")
                if not attempt.found and trace.failed_at == attempt.start and attempt.end == attempt.start + 1:
                    result = self.tr("nothing matches here → whole word [UNK]")
                    failed.add(len(rows))
                rows.append((trace.word, attempt.start, attempt.candidate, result))
        self.search_model.set_rows(rows, shaded=failed)
        # Show only the BasicTokenizer stages that changed something.
        changes, previous = [], self.input.text()
        for stage in encoding.stages:
            now = stage.text if stage.words is None else " ".join(stage.words)
            if stage.enabled and now != previous:
                shown = visible(now) if stage.words is None else " · ".join(stage.words)
                changes.append(f"{stage.name} → {shown}")
            previous = now
        text = self.tr("Tokens: %1").replace("%1", "  ".join(encoding.tokens))
        if encoding.stages:
            text += "\n" + self.tr("BasicTokenizer: %1").replace(
                "%1", "; ".join(changes) if changes else self.tr("no stage changed the text"))
        self.search_label.setText(text)

    def _show_ngrams(self):
        minn, maxn = self.minn_box.value(), self.maxn_box.value()
        rows = []
        for word in self.input.text().split()[:20]:
            try:
                groups = ngrams.by_length(ngrams.char_ngrams(word, minn=minn, maxn=maxn))
            except StudioError as exc:
                rows = [("–", "–", "–", core_text.error(exc))]
                break
            rows += [(word, n, len(grams), "  ".join(grams)) for n, grams in groups.items()]
        self.ngram_model.set_rows(rows)

    # ==== sampling (off the GUI thread) ====

    def sample(self):
        model = self._chosen(self.unigram_box)
        if model is None:
            self.sample_label.setText(self.tr("No Unigram model is loaded: open a unigram asset in the Assets tab."))
            return
        text, alpha, count, seed = self.input.text(), self.alpha_box.value(), self.samples_box.value(), self.seed_box.value()

        def work(progress, should_stop):
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

        self._cancel_sampling()
        self._request = (model, count, alpha, seed)
        self.sampling = run_task(work, name="unigram-sampling")
        # Bound methods, not lambdas: Qt drops them if this view is closed first.
        self.sampling.sig_progressed.connect(self._sampling_progressed)
        self.sampling.sig_done.connect(self._show_samples)
        self.sampling.sig_failed.connect(self.sample_label.setText)
        self.sampling.sig_cancelled.connect(self._sampling_cancelled)
        self.sampling.sig_ended.connect(self._sampling_ended)
        self.cancel_button.setEnabled(True)

    def _cancel_sampling(self):
        if self.sampling is not None and self.sampling.is_running():
            self.sampling.cancel()

    def _sampling_progressed(self, done, total):
        self.sample_label.setText(self.tr("Sampling… %1 of %2").replace("%1", str(done)).replace("%2", str(total)))

    def _sampling_cancelled(self):
        self.sample_label.setText(self.tr("Sampling cancelled."))

    def _sampling_ended(self):
        self.cancel_button.setEnabled(False)

    def closeEvent(self, event):
        self._cancel_sampling()
        super().closeEvent(event)

    def _show_samples(self, result):
        model, count, alpha, seed = self._request
        rows = []
        for rank, (nodes, n, exact) in enumerate(result, start=1):
            pieces = "  ".join(visible(self._label(model, x)) for x in nodes)
            rows.append((rank, n, f"{n / count:.3f}", f"{exact:.3f}", pieces))
        self.sample_model.set_rows(rows)
        shown = rows[:20]
        self.histogram.draw("bars", lambda widget: _draw_histogram(widget, shown))
        self.sample_label.setText(self.tr("%1 draws, %2 distinct segmentations (alpha %3, seed %4)").replace(
            "%1", str(count)).replace("%2", str(len(rows))).replace("%3", f"{alpha:g}").replace("%4", str(seed)))
