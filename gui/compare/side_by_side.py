"""The side-by-side tab: tick any of the workspace's tokenizers; the text is
encoded by every ticked one off the GUI thread and shown as lanes of chips
lined up at the boundaries they share, under a table of their figures.

One worker per change: a newer text or selection cancels the running one.

Details: docs/notes/gui.md#guicompareside_by_sidepy.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QPushButton, QSplitter, QTableView, QVBoxLayout,
    QWidget,
)

from ..shell import serving, settings, zoom
from ..shell.workers import run_task
from ..widgets.placeholders import grouped
from .alignment import compare
from .lanes import Lane, LaneView
from .picker import ENGINE, PinDelegate, TokenizerListModel
from .texts import fill

MAX_REMEMBERED = 200  # unticked keys kept in the settings (assets come and go)
MAX_TABLE_ROWS = 6  # the tokenizer table grows to this many rows, then scrolls


class SideBySide(QWidget):
    sig_span_hovered = Signal(int, int)
    """Character span of the chip under the mouse (or pinned), in the text of ``comparison``; (-1, -1): none."""
    sig_compared = Signal()
    """A new comparison is shown."""

    def __init__(self, server, parent=None):
        """``server``: the workspace's serving.Server."""
        super().__init__(parent)
        # Attributes
        self.server = server
        self.model = TokenizerListModel(self)
        self.model.unchecked = dict.fromkeys(settings.read(settings.COMPARE_UNCHECKED))
        self.model.pins = dict(item.split("=", 1) for item in settings.read(settings.COMPARE_ENGINES) if "=" in item)
        self.baseline = settings.read(settings.COMPARE_BASELINE)
        self.text = ""
        self.comparison = None  # the one shown (alignment.Comparison)
        self.names: dict[str, tuple[str, str]] = {}  # key -> (name, kind)
        self._task = None
        self._waiting: list = []  # (source, pin) being served before the comparison can start
        self._cache: dict[str, tuple] = {}  # key -> (text, the tokenizer that encoded it, Row)

        # Widgets
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        # Only the engine column is editable (its pin): a click on a selected cell or F2.
        self.table.setEditTriggers(QAbstractItemView.SelectedClicked | QAbstractItemView.DoubleClicked
                                   | QAbstractItemView.EditKeyPressed)
        self.table.setItemDelegateForColumn(ENGINE, PinDelegate(self.table))
        self.table.verticalHeader().setVisible(False)
        zoom.table_follows_font(self.table, 16)  # Qt's default height at 100 %
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        # Every column as wide as its contents and the last one takes the rest:
        # in a narrow pane (beside a lesson) the table scrolls sideways with
        # the tokenizers' names whole at the left, rather than squeezing them.
        header.setSectionResizeMode(QHeaderView.ResizeToContents)
        header.setStretchLastSection(True)
        self.baseline_box = QComboBox()
        self.baseline_box.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.hide()
        self.lanes = LaneView()
        self.table.setAccessibleName(self.tr("Tokenizers to compare, with their figures"))
        self.lanes.setAccessibleName(self.tr("Each ticked tokenizer's tokens, lined up at the boundaries they share"))

        # Layout
        bar = QHBoxLayout()
        baseline_label = QLabel(self.tr("Baseline:"))
        baseline_label.setBuddy(self.baseline_box)
        bar.addWidget(baseline_label)
        bar.addWidget(self.baseline_box)
        bar.addWidget(self.status, 1)
        bar.addWidget(self.cancel_button)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addLayout(bar)
        lower_layout.addWidget(self.lanes, 1)
        self.splitter = QSplitter(Qt.Vertical)
        self.splitter.addWidget(self.table)
        self.splitter.addWidget(lower)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([130, 520])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter)

        # Signals
        self.model.sig_checked_changed.connect(self._checked_changed)
        self.model.sig_pin_changed.connect(self._pinned)
        self.server.sig_served.connect(self._served)
        self.baseline_box.currentIndexChanged.connect(self._baseline_chosen)
        self.cancel_button.clicked.connect(self.cancel)
        self.lanes.sig_span_hovered.connect(self.sig_span_hovered)

    # ==== inputs ====

    def set_entries(self, entries) -> None:
        """The tokenizers to offer (picker.Entry, in the workspace's order)."""
        self.names = {e.key: (e.name, e.kind) for e in entries}
        self._cache = {k: v for k, v in self._cache.items() if k in self.names}
        fit = len(entries) != self.model.rowCount()
        self.model.set_entries(entries)
        if fit:
            self._fit_table()
        self._fill_baselines()
        self.start()

    def _fit_table(self):
        """Room for every tokenizer in the table (up to MAX_TABLE_ROWS; it scrolls beyond)."""
        rows = min(max(1, self.model.rowCount()), MAX_TABLE_ROWS)
        height = (self.table.horizontalHeader().sizeHint().height() + 2 * self.table.frameWidth()
                  + rows * self.table.verticalHeader().defaultSectionSize() + 2)
        total = sum(self.splitter.sizes()) or 650
        self.splitter.setSizes([height, max(1, total - height)])

    def set_text(self, text: str) -> None:
        self.text = text
        self.start()

    def checked_keys(self) -> list[str]:
        return [e.key for e in self.model.checked()]

    def _pinned(self, _key, _engine):
        settings.write(settings.COMPARE_ENGINES, [f"{k}={v}" for k, v in self.model.pins.items()][-MAX_REMEMBERED:])
        self.start()

    def _served(self, outcome):
        """A serving ended: its demotions told here if this tab asked for it; compare once all are served."""
        asked = [w for w in self._waiting if self.server.outcome(*w) is outcome]
        if not asked:
            return
        serving.show_notes(self, outcome)
        self.start()

    def _checked_changed(self):
        remembered = list(self.model.unchecked)[-MAX_REMEMBERED:]
        settings.write(settings.COMPARE_UNCHECKED, remembered)
        self._fill_baselines()
        self.start()

    def _fill_baselines(self):
        checked = self.model.checked()
        self.baseline_box.blockSignals(True)
        self.baseline_box.clear()
        for entry in checked:
            self.baseline_box.addItem(entry.name, entry.key)
        index = self.baseline_box.findData(self.baseline)
        self.baseline_box.setCurrentIndex(max(0, index) if checked else -1)
        self.baseline_box.blockSignals(False)
        self.model.set_comparison(self.comparison, self.baseline_key())

    def baseline_key(self) -> str:
        """The chosen baseline if it is shown, else the first tokenizer shown."""
        key = self.baseline_box.currentData()
        return key if isinstance(key, str) else ""

    def _baseline_chosen(self, _index):
        key = self.baseline_key()
        if key:
            self.baseline = key
            settings.write(settings.COMPARE_BASELINE, key)
        self.model.set_comparison(self.comparison, key)

    # ==== encoding, off the GUI thread ====

    def start(self) -> None:
        """Encode the text with every ticked tokenizer (cancelling a run in progress)."""
        self.cancel(quiet=True)
        entries = self.model.checked()
        if not entries:
            self._show(None, self.tr("Tick one or more tokenizers in the table above to compare them."))
            return
        if not self.text:
            self._show(None, self.tr("Type or paste a text above to see how each tokenizer cuts it."))
            return
        text = self.text
        jobs, outcomes, self._waiting = [], {}, []
        for e in entries:
            pin = self.model.pin_of(e.key)
            outcome = None if e.source is None else self.server.outcome(e.source, pin)
            if e.source is not None and outcome is None:
                self._waiting.append((e.source, pin))
                self.server.request(e.source, pin)
            elif outcome is not None:
                outcomes[e.key] = outcome
            served = outcome.served if outcome is not None else None
            jobs.append((e.key, served or e.tokenizer))
        self.model.set_outcomes(outcomes)
        if self._waiting:  # _served starts again
            self.status.setText(self.tr("Setting up the engines of %n tokenizer(s)…", "", len(self._waiting)))
            return
        cached = {k: row for k, (t, tok, row) in self._cache.items() if t == text and tok is dict(jobs).get(k)}
        self.status.setText(grouped(self.tr("Encoding %n character(s)", "", len(text)), len(text)) + " " + self.tr(
            "with %n tokenizer(s)…", "", len(jobs)))
        self.cancel_button.show()
        self._task = run_task(lambda progress, should_stop: compare(
            text, jobs, cached=cached, progress=progress, should_stop=should_stop), name="compare")
        self._task.jobs = dict(jobs)
        # Bound methods: Qt drops them with this widget, while the thread can outlive it.
        self._task.sig_progressed.connect(self._progressed)
        self._task.sig_done.connect(self._done)
        self._task.sig_failed.connect(self._failed)
        self._task.sig_cancelled.connect(self._cancelled)

    def cancel(self, quiet: bool = False) -> None:
        self._waiting = []  # a serving goes on (it is kept for later), but this comparison is not started
        if self._task is not None:
            self._task.cancel()
            self._task = None  # whatever it still sends is dropped
            self.cancel_button.hide()
            if not quiet:
                self.status.setText(self.tr("Cancelled: the lanes show the last text compared."))

    def is_running(self) -> bool:
        return self._task is not None or bool(self._waiting)

    def _progressed(self, done, total):
        if self.sender() is self._task:
            self.status.setText(grouped(self.tr("Encoding %n character(s)…", "", len(self.text)), len(self.text))
                                + " " + self.tr("%1 of %n tokenizer(s) done", "", total).replace("%1", str(done)))

    def _failed(self, message):
        if self.sender() is self._task:
            self._task = None
            self.cancel_button.hide()
            self.status.setText(fill(self.tr("Cannot compare: %1"), message))

    def _cancelled(self):
        if self.sender() is self._task:
            self._task = None
            self.cancel_button.hide()

    def _done(self, comparison):
        if self.sender() is not self._task:
            return  # a newer text or selection is on its way
        jobs, self._task = self._task.jobs, None
        self.cancel_button.hide()
        self._cache = {r.key: (comparison.text, jobs.get(r.key), r) for r in comparison.rows if not r.error}
        self._show(comparison)

    def _show(self, comparison, message=""):
        self.comparison = comparison
        self.model.set_comparison(comparison, self.baseline_key())
        if comparison is None:
            self.status.setText("")
            self.lanes.show_message(message)
            self.sig_compared.emit()
            return
        lanes = [Lane(r.key, *self.names.get(r.key, (r.key, "")), r) for r in comparison.encoded]
        failed = len(comparison.rows) - len(lanes)
        if lanes:
            self.lanes.set_lanes(lanes, comparison)
        else:
            self.lanes.show_message(self.tr("No ticked tokenizer could encode this text: the table says why."))
        status = ", ".join((grouped(self.tr("%n character(s)", "", comparison.chars), comparison.chars),
                            grouped(self.tr("%n UTF-8 byte(s)", "", comparison.size), comparison.size)))
        status += " · " + grouped(self.tr("▼ marks the %n token boundaries all %1 share", "", len(comparison.shared)),
                                  len(comparison.shared)).replace("%1", str(len(lanes)))
        if failed:
            status += " · " + fill(self.tr("%1 could not encode it (see the table)"), failed)
        self.status.setText(status)
        self.sig_compared.emit()
