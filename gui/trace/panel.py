"""Trace panel: the training trace, the segmentation at the chosen step, and
the pair counts that decided the next merge.

The segmentation and the pair table of a step are recounted from the corpus
(seconds on 20,000 words), so a worker computes them and the latest
selection wins; the window never waits for them."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHeaderView, QLabel,
    QPushButton, QSpinBox, QSplitter, QTableView, QVBoxLayout, QWidget,
)

from core.models.ties import POLICIES
from core.render import visible

from ..shell import zoom
from ..shell.after_paint import AfterPaint
from ..shell.bridge import WorkspaceBridge
from ..shell.shared_results import shared_for
from ..shell.workers import trainer_for
from ..widgets.fit_columns import fit_columns
from ..widgets.flow_layout import FlowLayout, labelled
from .models import PairCountModel, SegmentationModel, TraceModel, pair_text, policy_name


def _table(model, stretch: int) -> QTableView:
    """A read-only row-selecting view; column ``stretch`` takes the spare width."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setSelectionMode(QAbstractItemView.SingleSelection)
    view.setEditTriggers(QAbstractItemView.NoEditTriggers)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeToContents)
    # Measure only the rows on screen: by default Qt measures 1,000 rows, a
    # second of Python delegate calls for a 20,000-word segmentation.
    header.setResizeContentsPrecision(0)
    header.setSectionResizeMode(stretch, QHeaderView.Stretch)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    zoom.table_follows_font(view)
    return view


def step_view(trace, step: int, should_stop=None) -> dict:
    """The segmentation after ``step`` and the pair counts before the next merge."""
    segmentation = trace.segmentation(step, should_stop)
    table = trace.pair_table(step + 1, should_stop=should_stop, segmentation=segmentation)
    return {
        "trace": trace, "step": step, "segmentation": segmentation,
        "counts": {pair: count for pair, (count, _) in table.items()},
        "where": {pair: ", ".join(f"{visible(w)} ×{n}" for w, n in words) for pair, (_, words) in table.items()},
    }


class TracePanel(QWidget):
    def __init__(self, bridge: WorkspaceBridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.trace_model = TraceModel(self)
        self.segmentation_model = SegmentationModel(self)
        self.pair_model = PairCountModel(self)
        self.after_paint = AfterPaint(self)
        self.step_task = None  # at most one recount runs; step_wanted is the latest request
        self.step_wanted = None

        # Widgets
        self.merges_box = QSpinBox()
        self.merges_box.setRange(0, 1_000_000)
        self.tie_box = QComboBox()
        for name, description in POLICIES.items():
            self.tie_box.addItem(policy_name(name), name)
            self.tie_box.setItemData(self.tie_box.count() - 1, description, Qt.ToolTipRole)
        self.train_button = QPushButton(self.tr("Train"))
        self.stale_label = QLabel()
        self.trace_view = _table(self.trace_model, stretch=3)
        # Fitted to a sample of rows when a trace arrives (fit_columns): Qt's
        # own fit sees only the rows on screen and cut later step numbers.
        for column in (0, 1, 2, 4):
            self.trace_view.horizontalHeader().setSectionResizeMode(column, QHeaderView.Interactive)
        self.segmentation_view = _table(self.segmentation_model, stretch=2)
        self.pair_view = _table(self.pair_model, stretch=2)
        self.step_label = QLabel()
        self.pairs_label = QLabel()

        # Layout
        controls = FlowLayout()  # wraps at a projector's zoom
        controls.addWidget(labelled(QLabel(self.tr("Merges:")), self.merges_box))
        controls.addWidget(labelled(QLabel(self.tr("Tie policy:")), self.tie_box))
        controls.addWidget(self.train_button)
        controls.addWidget(self.stale_label)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.step_label)
        right_layout.addWidget(self.segmentation_view, 1)
        right_layout.addWidget(self.pairs_label)
        right_layout.addWidget(self.pair_view, 2)
        splitter = QSplitter()
        splitter.addWidget(self.trace_view)
        splitter.addWidget(right)
        splitter.setSizes([520, 480])
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(splitter, 1)

        # Signals
        self.train_button.clicked.connect(self._train)
        self.trace_view.selectionModel().currentRowChanged.connect(
            lambda current, _: self.workspace.select_step(current.row()))
        bridge.sig_model_trained.connect(self._show_model)
        bridge.sig_step_selected.connect(self._show_step)
        bridge.sig_stale_changed.connect(self._show_stale)
        bridge.sig_settings_changed.connect(self._show_settings)
        self._show_settings()
        if self.workspace.model is not None:
            self._show_model(self.workspace.model)
            self._show_step(self.workspace.step)
        self._show_stale(self.workspace.stale)

    def _train(self):
        # Off the GUI thread, through the trainer every view shares.
        self.workspace.set_settings(merges=self.merges_box.value(), tie=self.tie_box.currentData())
        trainer_for(self.bridge).start("main")

    def _show_settings(self):
        settings = self.workspace.settings
        self.merges_box.setValue(settings.merges or 0)
        self.tie_box.setCurrentIndex(max(0, self.tie_box.findData(settings.tie)))

    def _show_model(self, model):
        self.trace_model.set_trace(model.trace)
        fit_columns(self.trace_view, (0, 1, 2, 4))

    def _show_stale(self, stale):
        self.stale_label.setText(self.tr("Result is out of date: train again.") if stale else "")

    def showEvent(self, event):
        super().showEvent(event)
        step, self._pending_step = getattr(self, "_pending_step", None), None
        if step is not None:
            self._show_step(step)

    def _show_step(self, step):
        if not self.isVisible():
            # Behind another tab: recount when shown.
            self._pending_step = step
            return
        trace = self.workspace.model.trace if self.workspace.model else None
        if trace is None:
            return
        if self.trace_view.currentIndex().row() != step:
            self.trace_view.selectRow(step)
        self.step_label.setText(self.tr("Segmentation after step %1 (vocab %2)").replace(
            "%1", str(step)).replace("%2", str(trace.model.vocab_size_at(step))))
        self.step_wanted = step
        if self.step_task is None:
            self._recount(trace, step)

    def _recount(self, trace, step):
        self.pairs_label.setText(self.tr("Counting pairs before merge %1…").replace("%1", str(step + 1)))
        # Asked of the shared registry: a trace panel in another window gets the same recount.
        self.step_task = shared_for(self.bridge).task(
            "trace step", trace, (step,), lambda progress, stop: step_view(trace, step, stop), self.after_paint)
        self.step_task.sig_done.connect(self._recounted)
        self.step_task.sig_failed.connect(self._recount_failed)

    def _recount_failed(self, message):
        self.step_task = None
        self.pairs_label.setText(message)

    def _recounted(self, view):
        self.step_task = None
        model = self.workspace.model
        if model is None or model.trace is None:
            return
        if view["trace"] is not model.trace or view["step"] != self.step_wanted:
            self._recount(model.trace, self.step_wanted)
            return
        trace, step = view["trace"], view["step"]
        self.segmentation_model.set_segmentation(trace.corpus, view["segmentation"])
        winner = trace.steps[step].pair if step < len(trace.steps) else None
        self.pair_model.set_counts(view["counts"], view["where"], winner)
        if winner is None:
            self.pairs_label.setText(self.tr("Pair counts after the last merge"))
        else:
            self.pairs_label.setText(self.tr("Pair counts before merge %1 (winner %2, %3 rule)").replace(
                "%1", str(step + 1)).replace("%2", pair_text(winner)).replace("%3", trace.policy))
