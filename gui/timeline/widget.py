"""Merge timeline: every merge of the trained tokenizer, step by step.

Training runs through the shared :class:`gui.shell.workers.Trainer` (off the GUI
thread, with progress and cancel), and retrains by itself when the corpus or
the settings change.  Selecting a merge shows the full pair table that chose
it (recomputed exactly by ``Trace.pair_table`` in a worker, so 20,000 words
never freeze the window) and the segmentation of every word or record at
that step (computed only for the rows on screen).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QFileDialog, QHeaderView, QLabel, QLineEdit,
    QMessageBox, QProgressBar, QPushButton, QSlider, QSpinBox, QSplitter, QStackedWidget, QTableView, QTabWidget, QVBoxLayout, QWidget,
)

from core.workspace import records as rec
from core.errors import StudioError
from core.fileio import write_bytes_atomic
from core.models.ties import POLICIES

from ..assets import trained as trained_assets
from ..corpus.models import visible_whitespace
from ..shell import core_text, files, zoom
from ..shell.after_paint import AfterPaint
from ..shell.bridge import WorkspaceBridge
from ..widgets.fit_columns import fit_columns
from ..widgets.flow_layout import FlowLayout, VerticalScroll, WrappedLabel, labelled
from ..widgets.palette import OKABE_ITO_TINTS
from .algorithms import ALGORITHMS, BY_KEY
from .plots import TimelinePlots
from .texts import RULES
from .texts import tr as timeline_tr
from .models import (
    PairTableModel, SegmentationModel, model_to_csv, pair_rows, pair_text, token_totals,
)
from ..shell.shared_results import shared_for
from ..shell.workers import run_task, trainer_for
from ..trace.models import policy_name


def _table(model, stretch, widths=()):
    """``stretch``: the column that takes the room left, or None: every
    column keeps its width and a narrow window scrolls (a stretched column
    squeezed below its header would read "nner-" for "Runner-up")."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setSelectionMode(QAbstractItemView.SingleSelection)
    view.setEditTriggers(QAbstractItemView.NoEditTriggers)
    view.verticalHeader().setVisible(False)
    zoom.table_follows_font(view)
    header = view.horizontalHeader()
    # Fixed widths (pixels at 100 %, gui/shell/zoom.py): ResizeToContents would measure every one of 50,000 rows.
    header.setSectionResizeMode(QHeaderView.Interactive)
    header.setStretchLastSection(stretch is None)
    if stretch is not None:
        header.setSectionResizeMode(stretch, QHeaderView.Stretch)
    zoom.follow_font(view, lambda: [header.resizeSection(column, zoom.scaled(width))
                                    for column, width in enumerate(widths) if column != stretch], "widths")
    return view


class MergeTimeline(QWidget):
    def __init__(self, bridge: WorkspaceBridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.trainer = trainer_for(bridge)
        # One strategy per algorithm (gui/timeline/strategy.py), by the trainer purpose it shows.
        self.strategies = {algorithm.purpose: algorithm(self.workspace, self) for algorithm in ALGORITHMS}
        # The one whose step is the workspace's (char BPE): the pair pane, segmentation and Compare read it.
        self.shared = next(s for s in self.strategies.values() if s.workspace_step)
        self.merge_model = self.shared.table
        self.pair_model = PairTableModel(self)
        self.segmentation_model = SegmentationModel(self)
        self.pair_task = None
        self.pair_wanted = None
        self.stats_task = None
        self.shown_pairs = None  # the pair_rows result on screen
        self.after_paint = AfterPaint(self)  # pair tables and plot series wait for the paint
        self._retrain_timer = QTimer(self, singleShot=True, interval=250)
        self._play_timer = QTimer(self, interval=400)

        # Widgets
        # purpose -> the step table of each algorithm whose steps are its rows (all but char BPE)
        self.other_models = {purpose: s.table for purpose, s in self.strategies.items() if not s.workspace_step}
        self.byte_stats_task = None  # the running series task of the shown other algorithm
        self.asset_task = None  # making the shown model an asset, in a worker
        self._wanted_row = None  # (purpose, row) a restored state selects once that model is shown
        self.algorithm_box = QComboBox()
        for algorithm in ALGORITHMS:
            self.algorithm_box.addItem(timeline_tr(algorithm.name), algorithm.key)
        self.merges_box = QSpinBox()
        self.merges_box.setRange(0, 1_000_000)
        self.merges_label = QLabel(self.tr("Merges:"))
        self.vocab_label = QLabel(self.tr("Vocabulary size:"))
        self.vocab_box = QSpinBox()
        self.vocab_box.setRange(1, 1_000_000)
        self.vocab_box.setValue(80)
        self.vocab_box.setToolTip(self.tr("WordPiece and Unigram train to this many vocabulary entries, "
                                          "[UNK] or <unk> included."))
        self.tie_box = self._policy_box()
        self.train_button = QPushButton(self.tr("Train"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.auto_box = QCheckBox(self.tr("Retrain on every change"))
        self.auto_box.setChecked(self.trainer.auto)  # one switch for every timeline window
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.status = QLabel()
        # Wrapped: a long status must not widen a timeline that shares the screen.
        self.status.setWordWrap(True)
        self.back_button = QPushButton(self.tr("◀ Step back"))
        self.play_button = QPushButton(self.tr("▶ Play"))
        self.play_button.setCheckable(True)
        self.forward_button = QPushButton(self.tr("Step forward ▶"))
        self.step_label = QLabel()
        self.compare_box = self._policy_box()
        self.compare_box.setCurrentIndex(1)
        self.compare_button = QPushButton(self.tr("Compare"))
        self.compare_button.setCheckable(True)
        self.divergence_label = QLabel()
        self.divergence_label.setWordWrap(True)
        self.views = {purpose: _table(s.table, s.stretch, s.widths) for purpose, s in self.strategies.items()}
        self.merge_view = self.views[self.shared.purpose]
        # Each table and view by name too (the tests read them).
        self.byte_merge_model, self.wordpiece_model, self.unigram_model = (
            self.other_models[p] for p in ("byte", "wordpiece", "unigram"))
        self.byte_view, self.wordpiece_view, self.unigram_view = (
            self.views[p] for p in ("byte", "wordpiece", "unigram"))
        self.merge_stack = QStackedWidget()
        for view in self.views.values():
            self.merge_stack.addWidget(view)
        self.rule_label = WrappedLabel()
        self.pair_view = _table(self.pair_model, stretch=4, widths=(130, 64, 64, 170))
        self.segmentation_label = WrappedLabel()
        self.segmentation_view = _table(self.segmentation_model, stretch=3, widths=(150, 56, 56))
        self.plots = TimelinePlots()
        self.limit_slider = QSlider(Qt.Horizontal)
        self.limit_label = QLabel()
        self.follow_box = QCheckBox(self.tr("Follow the selected step"))
        self.follow_box.setChecked(True)
        self.follow_box.setToolTip(self.tr("The sample text is encoded with as many merges as the step selected "
                                           "above; untick to choose the number of merges with the slider."))
        self.sample_edit = QLineEdit("lower newest lowest")
        self.sample_output = QLabel()
        self.sample_output.setTextFormat(Qt.RichText)
        self.sample_output.setWordWrap(True)
        self.export_buttons = {key: QPushButton(self.tr("Export CSV…"))
                               for key in ("merges", "pairs", "segmentation")}
        self.asset_button = QPushButton(self.tr("Add to assets"))
        self.asset_button.setToolTip(self.tr("Add the trained model shown here to the Assets tab, with its "
                                             "training data; File → Export tokenizer then writes it as a "
                                             "tokenizer.json and in every other format that can hold it."))
        # For the other algorithms the step pane's pair table and segmentation
        # (char BPE's) would be stale: a note stands in for them.
        self.step_note = QLabel()
        self.step_note.setWordWrap(True)
        self.step_note.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.step_note.setMargin(12)

        # Layout
        # Rows that wrap at a projector's zoom (gui/widgets/flow_layout.py); a label stays with its field.
        controls = FlowLayout()
        self.merges_field = labelled(self.merges_label, self.merges_box)
        self.vocab_field = labelled(self.vocab_label, self.vocab_box)
        controls.addWidget(self.merges_field)
        controls.addWidget(self.vocab_field)
        controls.addWidget(labelled(QLabel(self.tr("Tie policy:")), self.tie_box))
        for widget in (self.train_button, self.cancel_button, self.auto_box, self.progress):
            controls.addWidget(widget)
        controls.addWidget(self.status, 1)
        stepping = FlowLayout()
        for widget in (self.back_button, self.play_button, self.forward_button, self.step_label):
            stepping.addWidget(widget)
        stepping.addStretch(1)
        stepping.addWidget(labelled(QLabel(self.tr("Compare with:")), self.compare_box, 0, self.compare_button))
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        # Above the merge table, not in a row of buttons: those rows set the
        # timeline's minimum width, and a lesson puts it beside the corpus at 1280.
        left_layout.addWidget(labelled(QLabel(self.tr("Algorithm:")), self.algorithm_box, 1))
        left_layout.addWidget(self.merge_stack, 1)
        left_layout.addWidget(self.divergence_label)
        below = FlowLayout()  # wraps at a projector's zoom
        below.addStretch(1)
        below.addWidget(self.asset_button)
        below.addWidget(self.export_buttons["merges"])
        left_layout.addLayout(below)
        step_tab = QWidget()
        step_layout = QVBoxLayout(step_tab)
        step_layout.addWidget(self.rule_label)
        step_layout.addWidget(self.pair_view, 1)
        step_layout.addWidget(self.export_buttons["pairs"], 0, Qt.AlignRight)
        step_layout.addWidget(self.segmentation_label)
        step_layout.addWidget(self.segmentation_view, 1)
        step_layout.addWidget(self.export_buttons["segmentation"], 0, Qt.AlignRight)
        self.step_stack = QStackedWidget()
        self.step_stack.addWidget(VerticalScroll(step_tab))  # scrolls rather than squeezes at a projector's zoom
        self.step_stack.addWidget(self.step_note)
        self.tabs = QTabWidget()
        self.tabs.addTab(self.step_stack, self.tr("Selected step"))
        self.tabs.addTab(self.plots, self.tr("Plots"))
        self.splitter = splitter = QSplitter()
        splitter.addWidget(left)
        splitter.addWidget(self.tabs)
        splitter.setSizes([470, 610])
        self._wide_steps = False  # the step table has the larger share (byte, WordPiece, Unigram)
        sample = FlowLayout()
        sample.addWidget(self.follow_box)
        sample.addWidget(labelled(self.limit_label, self.limit_slider, 1), 2)
        sample.addWidget(labelled(QLabel(self.tr("Sample text:")), self.sample_edit, 1), 2)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addLayout(stepping)
        layout.addWidget(splitter, 1)
        layout.addLayout(sample)
        layout.addWidget(self.sample_output)

        # Signals
        self.train_button.clicked.connect(self.train)
        self.cancel_button.clicked.connect(self.cancel)
        self.algorithm_box.activated.connect(self._algorithm_chosen)
        for purpose in self.other_models:
            self.views[purpose].selectionModel().currentRowChanged.connect(
                lambda current, _, p=purpose: current.isValid() and self._show_other_step(p, current.row()))
        self.merges_box.editingFinished.connect(self._push_settings)
        self.vocab_box.editingFinished.connect(self._vocab_changed)
        self.tie_box.activated.connect(self._push_settings)
        self.back_button.clicked.connect(lambda: self.step_by(-1))
        self.forward_button.clicked.connect(lambda: self.step_by(1))
        self.play_button.toggled.connect(self._play)
        self._play_timer.timeout.connect(self._tick)
        self.compare_button.toggled.connect(self._compare)
        self.compare_box.activated.connect(lambda: self._compare(self.compare_button.isChecked()))
        self.merge_view.selectionModel().currentRowChanged.connect(
            lambda current, _: current.isValid() and self.workspace.select_step(current.row() + 1))
        self.limit_slider.valueChanged.connect(self._encode_sample)
        self.sample_edit.textChanged.connect(self._encode_sample)
        for key, button in self.export_buttons.items():
            button.clicked.connect(lambda _=False, k=key: self._choose_export(k))
        self.asset_button.clicked.connect(self.add_asset)
        bridge.sig_model_trained.connect(self._show_asset_button)
        bridge.sig_held_changed.connect(self._show_asset_button)
        self._retrain_timer.timeout.connect(self._auto_retrain)
        self.auto_box.toggled.connect(self.trainer.set_auto)
        self.trainer.sig_auto_changed.connect(self.auto_box.setChecked)
        bridge.sig_corpus_changed.connect(self._inputs_changed)
        bridge.sig_settings_changed.connect(self._show_settings)
        bridge.sig_settings_changed.connect(self._inputs_changed)
        bridge.sig_model_trained.connect(self._show_model)
        bridge.sig_step_selected.connect(self._show_step)
        bridge.sig_stale_changed.connect(self._show_stale)
        bridge.sig_comparison_changed.connect(self._show_comparison)
        self.trainer.sig_training_started.connect(self._training_started)
        self.trainer.sig_training_progressed.connect(self._training_progressed)
        self.trainer.sig_training_finished.connect(self._training_ended)
        self.trainer.sig_training_failed.connect(self._training_failed)
        self.trainer.sig_training_cancelled.connect(self._training_cancelled)
        self._set_running(False)
        self._show_settings()
        self._show_controls()
        self._show_comparison(self.workspace.comparison)
        if self.workspace.model is not None:
            self._show_model(self.workspace.model)
            self._show_step(self.workspace.step)
        self._show_stale(self.workspace.stale)
        # The other algorithms' models the workspace holds (trained before
        # this view was made: another window, or before a language switch).
        for purpose in self.other_models:
            strategy = self.strategies[purpose]
            model = self.workspace.trained_others.get(strategy.kind)
            if model is not None:
                strategy.restore(model)
        self._show_asset_button()

    def _policy_box(self):
        box = QComboBox()
        for name in POLICIES:
            box.addItem(policy_name(name), name)
            box.setItemData(box.count() - 1, timeline_tr(RULES[name]), Qt.ToolTipRole)
        return box

    # ==== training ====

    def _push_settings(self):
        merges, tie = self.merges_box.value(), self.tie_box.currentData()
        if (merges, tie) != (self.workspace.settings.merges, self.workspace.settings.tie):
            self.workspace.set_settings(merges=merges, tie=tie)

    @property
    def strategy(self):
        """The algorithm on show (gui/timeline/strategy.py)."""
        return self.strategies[self.purpose]

    @property
    def purpose(self):
        """The trainer purpose this timeline shows: "main" (char BPE), "byte", "wordpiece" or "unigram"."""
        return self.purpose_of(self.algorithm_box.currentData())

    def _start(self, purpose):
        self.trainer.start(purpose, vocab_size=self.vocab_box.value())

    def train(self):
        self._push_settings()
        # The click is the retrain the settings change just scheduled.
        self._retrain_timer.stop()
        self._start(self.purpose)

    def cancel(self):
        # A pending automatic retrain would start the cancelled run again.
        self._retrain_timer.stop()
        self.trainer.cancel(self.purpose)

    def _show_controls(self):
        purpose, strategy = self.purpose, self.strategy
        sized = strategy.sized
        for widget in (self.merges_label, self.merges_box, self.merges_field):
            widget.setVisible(not sized)
        for widget in (self.vocab_label, self.vocab_box, self.vocab_field):
            widget.setVisible(sized)
        # The tie policy, the step panes and the comparison read a char-BPE trace.
        char = strategy.workspace_step
        for widget in (self.tie_box, self.compare_box, self.compare_button):
            widget.setEnabled(char)
        self.step_stack.setCurrentIndex(0 if char else 1)
        if not char:
            self.step_note.setText(self.tr(
                "This pane shows character BPE's pair table and segmentation. For %1, every step is a row of "
                "the table on the left (select one to step through it), and the Plots tab follows it.").replace(
                "%1", timeline_tr(strategy.name)))
        self.merge_stack.setCurrentWidget(self.views[purpose])
        # The other algorithms' tables have more columns and no "Selected step" pane: give them the room.
        if self._wide_steps == char:
            self._wide_steps = not char
            total = sum(self.splitter.sizes()) or 1080
            left = total * 2 // 3 if not char else total * 470 // 1080
            self.splitter.setSizes([left, total - left])

    def _algorithm_chosen(self):
        purpose = self.purpose
        self._show_controls()
        self._show_asset_button()
        if not self.strategy.workspace_step:
            self.tabs.setCurrentWidget(self.plots)
        self._set_running(self.trainer.is_running(purpose))
        table = self.other_models.get(purpose)
        if table is not None and (table.model is None or not self._trained_with_current(purpose)):
            self.train()
        elif table is not None:
            self._show_other_model(purpose)
        elif self.workspace.stale and self.auto_box.isChecked() and len(self.workspace.corpus):
            self.train()  # the corpus changed while another algorithm was shown
        elif self.workspace.model is not None:
            self._show_model(self.workspace.model)
            self._show_step(self.workspace.step)
            self._show_stale(self.workspace.stale)

    def _trained_with_current(self, purpose):
        return self.trainer.trained_with_current(purpose, self.vocab_box.value())

    def _vocab_changed(self):
        if self.strategy.sized:
            self._inputs_changed()

    def _inputs_changed(self):
        # Every timeline window schedules; the trainer runs one training
        # for the same inputs (Trainer.start), whichever timer fires first.
        if self.auto_box.isChecked():
            self._retrain_timer.start()

    def _auto_retrain(self):
        if self.workspace.stale and len(self.workspace.corpus):
            self.trainer.start(self.shared.purpose)
        # The algorithm on screen follows the corpus too; the others retrain when chosen.
        purpose = self.purpose
        if purpose in self.other_models and len(self.workspace.corpus) and (
                self.other_models[purpose].model is None or not self._trained_with_current(purpose)):
            self._start(purpose)

    def _set_running(self, running):
        self.cancel_button.setEnabled(running)
        self.progress.setVisible(running)

    def _training_started(self, purpose):
        if purpose == self.purpose:
            self._set_running(True)
            self.progress.setRange(0, 0)
            self.status.setText(self.tr("Training…"))

    def _training_progressed(self, purpose, done, total):
        if purpose == self.purpose:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
            self.status.setText(self.strategy.progress_text(done))

    def _training_ended(self, purpose, model):
        if purpose in self.other_models:
            model = self.strategies[purpose].adopt(model)
            if self.purpose == purpose:
                self._set_running(False)
                self.status.setText(self.strategy.trained_text(model))
                self._show_other_model(purpose)
        if purpose == self.shared.purpose == self.purpose:
            self._set_running(False)
            self.status.setText(self.shared.trained_text(model))
            if self.compare_button.isChecked():
                self._compare(True)

    def _training_failed(self, purpose, message):
        if purpose == self.purpose:
            self._set_running(False)
        self.status.setText(self.tr("Training failed: %1").replace("%1", message))

    def _training_cancelled(self, purpose):
        if purpose == self.purpose:
            self._set_running(False)
            self.status.setText(self.tr("Training cancelled; the previous result is kept."))

    def _show_settings(self):
        settings = self.workspace.settings
        self.merges_box.setValue(settings.merges or 0)
        self.tie_box.setCurrentIndex(max(0, self.tie_box.findData(settings.tie)))

    def _show_stale(self, stale):
        if stale and not self.trainer.is_running(self.shared.purpose) and self.strategy is self.shared:
            self.status.setText(self.tr("The result is out of date: train again."))

    # ==== the trained model ====

    def _show_other_model(self, purpose):
        """An other algorithm's steps, its plots (series from a worker) and the sample."""
        strategy, view = self.strategies[purpose], self.views[purpose]
        table, model = strategy.table, strategy.table.model
        strategy.fit(view)
        self.plots.clear()
        self.plots.set_kind(strategy.plot_kind)
        if self.byte_stats_task is not None:
            self.byte_stats_task.cancel()
        sequences, by_record, stats = strategy.plot_job(model)
        unit = self.tr("record") if by_record else self.tr("word")

        # Bound methods, not closures: Qt drops them with this view (a
        # language switch frees it while the series may still be on their way).
        self._series_request = (purpose, model, sequences, unit)
        self.byte_stats_task = run_task(stats, name=f"{purpose}-stats")
        self.byte_stats_task.sig_done.connect(self._other_series_done)
        self.byte_stats_task.sig_failed.connect(self._other_series_failed)
        steps = table.rowCount()
        self.limit_slider.setRange(0, strategy.slider_max(steps))
        self.limit_slider.setValue(self.limit_slider.maximum())
        self.step_label.setText("")
        wanted, self._wanted_row = self._wanted_row, None
        if wanted is not None and wanted[0] == purpose and 0 <= wanted[1] < steps:
            view.selectRow(wanted[1])  # a restored state's row: selecting it shows that step
            view.scrollTo(table.index(wanted[1], 0))
        self._show_other_step(purpose, view.currentIndex().row() if view.currentIndex().isValid() else None)
        self._encode_sample()

    def _series_wanted(self) -> bool:
        purpose, model, _, _ = self._series_request
        return (self.sender() is self.byte_stats_task and self.other_models[purpose].model is model
                and self.purpose == purpose)

    def _other_series_done(self, result):
        if self._series_wanted():
            purpose, _, sequences, unit = self._series_request
            self.plots.set_series(*result, sequences, unit)
            row = self.views[purpose].currentIndex().row()
            self.plots.set_step(self.strategies[purpose].plot_index(row if row >= 0 else None))

    def _other_series_failed(self, message):
        if self._series_wanted():
            self.plots.clear()
            self.plots.readout.setText(message)  # not blank plots with no word why

    def _show_other_step(self, purpose, row):
        """Row ``row`` (None: none) of an other algorithm is the selected step."""
        if purpose != self.purpose:
            return
        strategy = self.strategies[purpose]
        model = strategy.model()
        if model is None:
            return
        steps = strategy.steps()
        at = strategy.plot_index(row)
        text = strategy.step_text(model, at)
        self.plots.set_step(at)
        self.step_label.setText(text)
        if self.follow_box.isChecked():
            self.limit_slider.setValue(at)
        self.back_button.setEnabled(row is not None and row > 0)
        self.forward_button.setEnabled(row is None or row < steps - 1)

    def step_by(self, delta):
        """Step back (-1) or forward (+1) through whichever algorithm is shown."""
        purpose = self.purpose
        if self.strategy.workspace_step:
            self.workspace.select_step(self.workspace.step + delta)
            return
        view, steps = self.views[purpose], self.other_models[purpose].rowCount()
        row = view.currentIndex().row()
        row = (steps - 1 if delta < 0 else 0) if row < 0 else max(0, min(steps - 1, row + delta))
        if steps:
            view.selectRow(row)
            view.scrollTo(self.other_models[purpose].index(row, 0))

    def _show_model(self, model):
        if self.strategy is not self.shared:
            return  # trained by another timeline or an automatic retrain; shown when switched back
        trace = model.trace
        self.merge_model.set_model(model)
        self.shared.fit(self.merge_view)
        if self.workspace.mode == "records" and trace.corpus == self.workspace.corpus:
            records, pretokenizer = self.workspace.records, self.workspace.settings.pretokenizer
            self.segmentation_model.set_source(model, records.lines, ("",) * len(records),
                                               lambda line: rec.words_of(line, pretokenizer), visible_whitespace)
            sequences, unit = len(records), self.tr("record")
        else:
            self.segmentation_model.set_source(model, trace.corpus.words, trace.corpus.counts, lambda w: [w])
            sequences, unit = None, self.tr("word")
        self.segmentation_view.setColumnHidden(1, unit == self.tr("record"))
        fit_columns(self.segmentation_view, (0, 1, 2), cap=240)
        self.limit_slider.setRange(0, len(model.merges))
        self.limit_slider.setValue(len(model.merges))
        self.plots.clear()
        # The old run's pair table is not this run's: empty until the new count arrives.
        self.shown_pairs = None
        self.pair_model.set_rows([])
        self.rule_label.setText("")
        if self.stats_task is not None:
            self.stats_task.cancel()
        if self.pair_task is not None:  # counting for the old trace: stop, not wait for it
            self.pair_task.cancel()
            self.pair_task = None
        self._stats_request = (model, unit)

        def stats(progress, should_stop):
            # The word total and the counts too: on the GUI thread, with
            # the rest of a new model's set-up, they made one long turn.
            totals = token_totals(model, trace.corpus, should_stop)
            words = trace.corpus.total if sequences is None else sequences
            return totals, [s.count for s in trace.steps], model.vocab_sizes(), words

        # Asked of the shared registry: a timeline in another window gets the same run.
        self.stats_task = shared_for(self.bridge).task("stats", model, (unit, sequences), stats, self.after_paint)
        self.stats_task.sig_done.connect(self._show_series)
        self.shown_pairs = None
        self._encode_sample()

    def _show_series(self, result):
        if self.sender() is not self.stats_task:
            return  # a replaced run that finished before it could be cancelled
        totals, counts, sizes, sequences = result
        model, unit = self._stats_request
        if model is self.workspace.model and totals and self.strategy is self.shared:
            self.plots.set_kind("merges")
            self.plots.set_series(counts, sizes, totals, sequences, unit)
            self.plots.set_step(self.workspace.step)

    def _show_comparison(self, other):
        self.merge_model.set_other(other)
        self.merge_view.setColumnHidden(6, other is None)
        model = self.workspace.model
        if other is None or model is None:
            self.divergence_label.setText("")
            return
        mine, theirs = policy_name(model.trace.policy), policy_name(other.trace.policy)
        at = self.merge_model.divergence
        if at is None:
            text = self.tr("%1 and %2 give the same %n merge(s).", "", len(model.merges)).replace(
                "%1", mine).replace("%2", theirs)
        else:
            def pick(steps):
                return (pair_text(steps[at - 1].pair) + f" ({steps[at - 1].count})") if at <= len(steps) else "—"
            text = self.tr("The timelines agree on %n merge(s) and diverge at merge %2: %3 picks %4, %5 picks %6.",
                           "", at - 1)
            for marker, value in (("%2", str(at)), ("%3", mine), ("%4", pick(model.trace.steps)),
                                  ("%5", theirs), ("%6", pick(other.trace.steps))):
                text = text.replace(marker, value)
        if other.trace.corpus != model.trace.corpus:
            text += " " + self.tr("(The comparison was trained on an older corpus.)")
        self.divergence_label.setText(text)

    def _compare(self, on):
        if on:
            self.trainer.start("compare", tie=self.compare_box.currentData())
        else:
            self.trainer.cancel("compare")
            if self.workspace.comparison is not None:
                self.workspace.set_comparison(None)

    # ==== the selected step ====

    def _show_step(self, step):
        model = self.workspace.model
        if model is None or self.strategy is not self.shared:
            return  # shown when char BPE is chosen again
        total = len(model.merges)
        if step == 0:
            self.merge_view.clearSelection()
        elif self.merge_view.currentIndex().row() != step - 1:
            self.merge_view.selectRow(step - 1)
            self.merge_view.scrollTo(self.merge_model.index(step - 1, 0))
        self.step_label.setText(self.tr("Step %1 of %2 · vocabulary %3").replace("%1", f"{step:,}").replace(
            "%2", f"{total:,}").replace("%3", str(model.vocab_size_at(step))))
        self.segmentation_model.set_step(step)
        self.segmentation_label.setText(
            self.tr("Segmentation after %n merge(s); shaded rows changed at this step.", "", step))
        self.plots.set_step(step)
        if self.follow_box.isChecked():
            self.limit_slider.setValue(step)
        self.back_button.setEnabled(step > 0)
        self.forward_button.setEnabled(step < total)
        self.request_pairs(max(step, 1))

    def request_pairs(self, step):
        """Recompute the pair table before merge ``step`` in a worker; the latest request wins."""
        self.pair_wanted = step
        if self.pair_task is not None:
            return
        trace = self.workspace.model.trace
        self.rule_label.setText(self.tr("Counting pairs before merge %1…").replace("%1", str(step)))
        self.pair_task = shared_for(self.bridge).task(
            "pairs", trace, (step,), lambda progress, stop: (trace, pair_rows(trace, step, stop)), self.after_paint)
        self.pair_task.sig_done.connect(self._pairs_done)
        self.pair_task.sig_failed.connect(self._pairs_failed)

    def _pairs_done(self, result):
        self.pair_task = None
        trace, rows = result
        model = self.workspace.model
        if model is None or trace is not model.trace or rows["step"] != self.pair_wanted:
            if model is not None and self.pair_wanted is not None:
                self.request_pairs(self.pair_wanted)
            return
        self.shown_pairs = rows
        self.pair_model.set_rows(rows["rows"])
        fit_columns(self.pair_view, (0, 1, 2, 3), cap=200)
        self._show_rule(trace, rows)

    def _pairs_failed(self, message):
        self.pair_task = None
        self.rule_label.setText(message)

    def _show_rule(self, trace, rows):
        step = rows["step"]
        if rows["winner"] is None:
            self.rule_label.setText(self.tr("No pairs are left before merge %1.").replace("%1", str(step)))
            return
        if rows["recorded"] is None:
            head = self.tr("After the last merge, the next would be %1 (count %2).")
        else:
            head = self.tr("Merge %3: %1 wins with count %2.")
        if rows["tied"] > 1:
            head += " " + self.tr("%4 pairs tie at that count; the %5 rule picks %6.")
        else:
            head += " " + self.tr("No other pair has that count, so the %5 rule is not needed.")
        for marker, value in (("%1", pair_text(rows["winner"])), ("%2", str(rows["top"])), ("%3", str(step)),
                              ("%4", str(rows["tied"])), ("%5", policy_name(trace.policy)),
                              ("%6", timeline_tr(RULES[trace.policy]))):
            head = head.replace(marker, value)
        if rows["recorded"] is not None and rows["recorded"] != rows["winner"]:
            head += " " + self.tr("Warning: the trace recorded %1.").replace("%1", pair_text(rows["recorded"]))
        self.rule_label.setText(head)

    # ==== playing, the k-merge slider, export ====

    def _play(self, on):
        self.play_button.setText(self.tr("⏸ Pause") if on else self.tr("▶ Play"))
        if on:
            purpose = self.purpose
            if self.strategy.workspace_step:
                model = self.workspace.model
                if model is not None and self.workspace.step >= len(model.merges):
                    self.workspace.select_step(0)
            else:
                view, steps = self.views[purpose], self.other_models[purpose].rowCount()
                if steps and view.currentIndex().row() in (-1, steps - 1):
                    view.selectRow(0)
            self._play_timer.start()
        else:
            self._play_timer.stop()

    def _tick(self):
        purpose = self.purpose
        if self.strategy.workspace_step:
            model = self.workspace.model
            at_end = model is None or self.workspace.step >= len(model.merges)
        else:
            at_end = self.views[purpose].currentIndex().row() >= self.other_models[purpose].rowCount() - 1
        if at_end:
            self.play_button.setChecked(False)
            return
        self.step_by(1)

    def _encode_sample(self):
        strategy, k = self.strategy, self.limit_slider.value()
        model = strategy.model()
        self.limit_label.setText(strategy.limit_text(k))
        for each in self.strategies.values():
            each.set_sample(self.sample_edit.text())
        if model is None:
            self.sample_output.setText("")
            return
        tokens = self.sample_tokens()
        full = len(self.sample_tokens(limit=None))
        chips = " ".join(
            f'<span style="background:{OKABE_ITO_TINTS[i % len(OKABE_ITO_TINTS)]}; color:#000">'
            f'&nbsp;{html.escape(t)}&nbsp;</span>'
            for i, t in enumerate(tokens))
        summary = strategy.sample_summary(model, len(tokens), full, k)
        self.sample_output.setText(f"{chips}<br><small>{html.escape(summary)}</small>")

    def sample_tokens(self, limit: int | None = -1) -> list[str]:
        """The sample text's tokens as shown, with the model at the slider
        (``limit=None``: the whole trained model); spaces made visible."""
        strategy = self.strategy
        k = self.limit_slider.value() if limit == -1 else limit
        return strategy.sample_tokens(strategy.model(), self.sample_edit.text(), k)

    def export_csv(self, key, path):
        model = {"merges": self.merge_model, "pairs": self.pair_model, "segmentation": self.segmentation_model}[key]
        write_bytes_atomic(path, model_to_csv(model).encode("utf-8"))

    def _choose_export(self, key):
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export table"), f"{key}.csv", self.tr("CSV (*.csv)"))
        if path:
            try:
                files.save(self, lambda: self.export_csv(key, path))
            except OSError as exc:  # a refused or failed write is shown, never raised into Qt
                QMessageBox.warning(self, self.tr("Export failed"), core_text.error(exc))


    # ==== the shown model as an asset ====

    @property
    def kind(self) -> str:
        """The kind of tokenizer the algorithm on show trains (char-bpe, byte-bpe, wordpiece, unigram)."""
        return self.strategy.kind

    def _show_asset_button(self, *_):
        self.asset_button.setEnabled(self.asset_task is None and self.kind in self.workspace.trained_kinds())

    def add_asset(self):
        """Add the trained model on show to the assets (made in a worker); returns the task, or None."""
        try:
            build = trained_assets.builder(self.workspace, self.kind)
        except StudioError as exc:
            self.status.setText(core_text.error(exc))
            return None
        self.asset_task = task = run_task(lambda progress, should_stop: build(), name="trained asset")
        task.sig_done.connect(self._asset_made)
        task.sig_failed.connect(self._asset_failed)
        task.sig_ended.connect(self._asset_ended)
        self._show_asset_button()
        return task

    def _asset_made(self, loaded):
        if self.sender().cancelled:
            return
        self.workspace.add_loaded(loaded)
        self.status.setText(self.tr("Added %1 to the assets (the Assets tab lists it; File → Export tokenizer "
                                    "writes it for other libraries).").replace("%1", loaded.name))

    def _asset_failed(self, message):
        self.status.setText(message)

    def _asset_ended(self):
        if self.sender() is self.asset_task:
            self.asset_task = None
            self._show_asset_button()

    # ==== what this view shows beyond the workspace (gui/shell/windows/views.py) ====

    def view_state(self) -> dict:
        """The algorithm, its vocabulary size, the follow switch and the
        selected row of an other algorithm: kept across a language switch
        and a restart (JSON-able)."""
        purpose = self.purpose
        row = self.views[purpose].currentIndex().row() if purpose in self.other_models else -1
        return {"algorithm": self.algorithm_box.currentData(), "vocab_size": self.vocab_box.value(),
                "follow": self.follow_box.isChecked(), "row": row if row >= 0 else None,
                "limit": None if self.follow_box.isChecked() else self.limit_slider.value()}

    def restore_view_state(self, state: dict) -> None:
        vocab = state.get("vocab_size")
        if type(vocab) is int and self.vocab_box.minimum() <= vocab <= self.vocab_box.maximum():
            self.vocab_box.setValue(vocab)
        if isinstance(state.get("follow"), bool):
            self.follow_box.setChecked(state["follow"])
        index = self.algorithm_box.findData(state.get("algorithm"))
        if index >= 0 and index != self.algorithm_box.currentIndex():
            row = state.get("row")
            self._wanted_row = (self.purpose_of(state["algorithm"]), row) if type(row) is int else None
            self.algorithm_box.setCurrentIndex(index)
            self._algorithm_chosen()  # the model the workspace holds, or a training
        limit = state.get("limit")
        if type(limit) is int and not self.follow_box.isChecked():
            self.limit_slider.setValue(limit)

    @staticmethod
    def purpose_of(algorithm: str) -> str:
        return BY_KEY[algorithm].purpose
