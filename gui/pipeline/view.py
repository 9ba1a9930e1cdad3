"""The Pipeline tab: every stage of a tokenizer for one input, aligned.

A view of the workspace: it lists the tokenizers the workspace holds (the
encode panel's, the trained char-BPE model, every open asset), runs
:func:`core.tokenizer.stage_kinds.inspect` off the GUI thread on the typed text, and shows
the stages as rows.  Selecting a piece (or text in the input) highlights the
characters and bytes it came from in the input and the pieces of every stage
that share them.  A second page explains the tokenizer's base-byte IDs.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QPlainTextEdit, QProgressBar, QPushButton, QSlider, QSpinBox, QSplitter, QTableView,
                               QTabWidget, QTextEdit, QVBoxLayout, QWidget)

from core.inspect import byte_order
from core.pipeline.aligned import Origin
from core.tokenizer.stage_kinds import inspect, merge_count
from core.tokenizer.stages import SpanIndex
from core.workspace import workspace as workspace_mod

from ..encode import texts as encode_texts
from ..shell import core_text, zoom
from ..shell.workers import Cancelled, run_task
from ..widgets.flow_layout import FlowLayout, labelled
from .models import ByteOrderModel, PiecesModel, StagesModel, span_text, visible

DEBOUNCE_MS = 150
ENCODE_PANEL = "encode-panel"  # the source that follows the encode panel's tokenizer
SAMPLE = "ﬁne Ａ café  中文🙂"
HIGHLIGHT = QColor("#ffe08a")


def _compute(tokenizer, kind, text, limit, template):
    def run(_progress, should_stop):
        def check():
            if should_stop():
                raise Cancelled()
        found = inspect(tokenizer, kind, text, limit=limit, template=template, check=check)
        return found, SpanIndex(found), Origin(text)
    return run


class PipelineView(QWidget):
    sig_inspected = Signal(object)
    """A new inspection is on screen (argument: the core.tokenizer.stages.Inspection)."""

    def __init__(self, bridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.sources: list[tuple[str, str, object]] = []  # (label, kind, tokenizer)
        self.inspection = None
        self.index = None  # SpanIndex of the inspection
        self.origin = None  # its input's byte offsets
        self.selection: tuple[int, int] | None = None  # original bytes
        self._task = None
        self._stale = True  # the inputs changed since the last run
        self._tokenizer = None  # the one the controls are set up for
        self.wanted = None  # the source key chosen here, kept while it is not held (an asset not open)
        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)

        # Widgets
        self.source_combo = QComboBox()
        self.template_edit = QLineEdit()
        self.template_edit.setPlaceholderText(self.tr("none, or e.g. <BOS> $A <EOS>"))
        self.input_edit = QPlainTextEdit(SAMPLE)
        self.input_edit.setAccessibleName(self.tr("Text to run through the pipeline"))
        # Four lines or so, at any zoom.
        zoom.follow_font(self.input_edit, lambda: self.input_edit.setMaximumHeight(
            4 * self.input_edit.fontMetrics().lineSpacing() + zoom.scaled(34)))
        self.limit_slider = QSlider(Qt.Horizontal)
        self.limit_spin = QSpinBox()
        self.limit_spin.setAccessibleName(self.tr("Merges used"))
        self.limit_label = QLabel()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.progress = QProgressBar()
        self.progress.setRange(0, 0)
        self.progress.setMaximumWidth(120)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.stages_model, self.pieces_model = StagesModel(self), PiecesModel(self)
        self.stages_view = self._table(self.stages_model)
        self.pieces_view = self._table(self.pieces_model)
        self.stages_view.verticalHeader().setVisible(False)
        self.selection_label = QLabel()
        self.selection_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.order_model = ByteOrderModel(self)
        self.order_view = self._table(self.order_model)
        self.order_view.verticalHeader().setVisible(False)  # row numbers would read as byte values
        self.order_label = QLabel()
        self.order_label.setWordWrap(True)
        self.pages = QTabWidget()

        # Layout
        # Rows that wrap at a projector's zoom (gui/widgets/flow_layout.py).
        top = FlowLayout()
        top.addWidget(labelled(QLabel(self.tr("Tokenizer:")), self.source_combo, 1), 2)
        top.addWidget(labelled(QLabel(self.tr("Post-processing template:")), self.template_edit, 1), 1)
        limit_row = FlowLayout()
        limit_row.addWidget(labelled(QLabel(self.tr("Use only the first k merges:")), self.limit_slider, 1), 1)
        limit_row.addWidget(self.limit_spin)
        limit_row.addWidget(self.limit_label)
        status_row = QHBoxLayout()
        status_row.addWidget(self.status, 1)
        status_row.addWidget(self.progress)
        status_row.addWidget(self.cancel_button)
        split = QSplitter(Qt.Vertical)
        split.addWidget(self.stages_view)
        split.addWidget(self.pieces_view)
        split.setSizes([260, 220])
        stages_page = QWidget()
        stages_layout = QVBoxLayout(stages_page)
        stages_layout.addWidget(split, 1)
        stages_layout.addWidget(self.selection_label)
        order_page = QWidget()
        order_layout = QVBoxLayout(order_page)
        order_layout.addWidget(self.order_label)
        order_layout.addWidget(self.order_view, 1)
        self.pages.addTab(stages_page, self.tr("Stages"))
        self.pages.addTab(order_page, self.tr("Base-byte IDs"))
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.input_edit)
        layout.addLayout(limit_row)
        layout.addLayout(status_row)
        layout.addWidget(self.pages, 1)
        self._set_busy(False)

        # Signals
        self._debounce.timeout.connect(self.run)
        self.source_combo.currentIndexChanged.connect(self._source_changed)
        self.template_edit.textChanged.connect(self.schedule)
        self.input_edit.textChanged.connect(self.schedule)
        self.input_edit.selectionChanged.connect(self._text_selected)
        self.limit_slider.valueChanged.connect(self.limit_spin.setValue)
        self.limit_spin.valueChanged.connect(self.limit_slider.setValue)
        self.limit_spin.valueChanged.connect(self._limit_changed)
        self.cancel_button.clicked.connect(self.cancel)
        self.stages_view.selectionModel().currentRowChanged.connect(self._stage_chosen)
        self.pieces_view.selectionModel().currentRowChanged.connect(self._piece_chosen)
        for signal in (bridge.sig_assets_changed, bridge.sig_model_trained, bridge.sig_encoder_changed,
                       bridge.sig_held_changed):
            signal.connect(self.refresh_sources)
        self.refresh_sources()

    @staticmethod
    def _table(model):
        view = QTableView()
        view.setModel(model)
        view.setSelectionBehavior(QAbstractItemView.SelectRows)
        view.setSelectionMode(QAbstractItemView.SingleSelection)
        zoom.table_follows_font(view)
        view.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        view.horizontalHeader().setStretchLastSection(True)
        # resizeColumnsToContents measures the rows on screen only: Qt's
        # default, 1,000 rows through the Python delegate, froze 1-2 s.
        view.horizontalHeader().setResizeContentsPrecision(0)
        return view

    # ==== tokenizers the workspace holds ====

    def refresh_sources(self, *_):
        current = self.source_combo.currentData()
        encoder = self.workspace.encoder_held  # any kind: the one the encode panel uses
        sources = [(self.tr("Encode panel: %1").replace("%1", encode_texts.held_name(encoder)),
                    encoder.tokenizer.kind, encoder.tokenizer.model)]
        keys = [ENCODE_PANEL]
        for kind in self.workspace.trained_kinds():  # every model the merge timeline trained
            key = self.workspace.trained_key(kind)
            trained = self.workspace.held_by_key(key).tokenizer
            sources.append((self.tr("Trained: %1").replace("%1", core_text.family(trained)),
                            trained.kind, trained.model))
            keys.append(key)
        for key, entry in zip(workspace_mod.asset_keys(self.workspace.assets), self.workspace.assets):
            loaded = entry.loaded
            sources.append((f"{loaded.name} ({core_text.family(loaded)})", loaded.kind, loaded.tokenizer))
            keys.append(key)
        self.sources = sources
        self.source_combo.blockSignals(True)
        self.source_combo.clear()
        for (label, _, _), key in zip(sources, keys):
            self.source_combo.addItem(label, key)
        index = self.source_combo.findData(self.wanted) if self.wanted else -1
        if index < 0:
            index = self.source_combo.findData(current)
        self.source_combo.setCurrentIndex(max(index, 0))
        self.source_combo.blockSignals(False)
        self._source_changed()

    def choose(self, index: int) -> None:
        self.source_combo.setCurrentIndex(index)

    # ==== what this view shows beyond the workspace (gui/shell/windows/views.py) ====

    def view_state(self) -> dict:
        """The tokenizer inspected (kept while its asset is not open) and
        the merge limit; the template and the text are typed text."""
        return {"source": self.wanted or self.source_combo.currentData(), "limit": self.limit()}

    def restore_view_state(self, state: dict) -> None:
        if isinstance(state.get("source"), str):
            self.wanted = state["source"]
            self.refresh_sources()
        limit = state.get("limit")
        if type(limit) is int and self.limit_spin.isEnabled() and 0 <= limit < self.limit_spin.maximum():
            self.limit_spin.setValue(limit)

    def _source_changed(self, *_):
        if self.sender() is self.source_combo:
            self.wanted = self.source_combo.currentData()  # chosen here, by a person or a lesson
        _, kind, tokenizer = self.sources[self.source_combo.currentIndex()]
        if tokenizer is self._tokenizer:
            return  # the list changed around it: keep its merge limit and result
        self._tokenizer = tokenizer
        total = merge_count(tokenizer, kind)
        for widget in (self.limit_slider, self.limit_spin):
            widget.blockSignals(True)
            widget.setRange(0, total or 0)
            widget.setValue(total or 0)
            widget.setEnabled(total is not None)
            widget.blockSignals(False)
        self._limit_changed()
        order = byte_order.detect(tokenizer, kind)
        self.order_model.set_order(order)
        self.order_label.setText(self._order_text(order))
        self.schedule()

    def _limit_changed(self, *_):
        _, kind, tokenizer = self.sources[self.source_combo.currentIndex()]
        total = merge_count(tokenizer, kind)
        if total is None:
            self.limit_label.setText(self.tr("this model has no merges"))
        elif self.limit_spin.value() >= total:
            self.limit_label.setText(self.tr("all %n merge(s)", "", total))
        else:
            self.limit_label.setText(self.tr("of %n merge(s)", "", total))
        self.schedule()

    def limit(self) -> int | None:
        _, kind, tokenizer = self.sources[self.source_combo.currentIndex()]
        total = merge_count(tokenizer, kind)
        return None if total is None or self.limit_spin.value() >= total else self.limit_spin.value()

    def _order_text(self, order) -> str:
        if order.kind == "raw":
            return self.tr("Raw byte order: byte b has ID %1 + b, as in this project's byte-level BPE and in "
                           "minbpe.").replace("%1", str(order.first))
        if order.kind == "gpt2":
            return self.tr("GPT-2's printable-first order (tiktoken, HF ByteLevel): the 188 printable bytes "
                           "come first, spelled as themselves, then the other 68, spelled from U+0100 on. "
                           "A space is %1, ID %2.").replace("%1", order.spellings[32]).replace("%2", str(order.ids[32]))
        if order.kind == "sentencepiece":
            text = self.tr("SentencePiece byte pieces <0x00>…<0xFF> at IDs %1–%2, after the meta pieces %3.")
            return text.replace("%1", str(order.first)).replace("%2", str(order.first + 255)).replace(
                "%3", ", ".join(order.meta))
        if order.kind == "permuted":
            return self.tr("Every byte has a token, in an order that is neither raw nor GPT-2's.")
        if order.kind == "partial":
            present = sum(i is not None for i in order.ids)
            return self.tr("Only %1 of the 256 bytes have a token.").replace("%1", str(present))
        return self.tr("No byte tokens: this tokenizer works on characters.")

    # ==== running off the GUI thread ====

    def schedule(self, *_):
        # A run on the old inputs can only give a stale result: drop it now.
        # A hidden tab only remembers that it is out of date.
        self._drop_task()
        self._stale = True
        if self.isVisible():
            self._debounce.start()

    def showEvent(self, event):
        super().showEvent(event)
        if self._stale:
            self._debounce.start()

    def run(self):
        self._debounce.stop()
        self._drop_task()
        self._stale = False
        _, kind, tokenizer = self.sources[self.source_combo.currentIndex()]
        text, template = self.input_edit.toPlainText(), self.template_edit.text().strip() or None
        self._task = task = run_task(_compute(tokenizer, kind, text, self.limit(), template), name="pipeline")
        # Bound slots, not lambdas: Qt drops them if this view is deleted first.
        task.sig_done.connect(self._show)
        task.sig_failed.connect(self._fail)
        task.sig_ended.connect(self._ended)
        self._set_busy(True)
        self.status.setText(self.tr("Running the stages…"))

    def cancel(self):
        if self._drop_task():
            self.status.setText(self.tr("Cancelled."))

    def _drop_task(self) -> bool:
        if self._task is None:
            return False
        self._task.cancel()
        self._task = None
        self._set_busy(False)
        return True

    def _set_busy(self, busy: bool):
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)

    @Slot()
    def _ended(self):
        if self.sender() is self._task:
            self._task = None
            self._set_busy(False)

    @Slot(str)
    def _fail(self, message):
        if self.sender() is self._task:
            self.status.setText(self.tr("Cannot run the stages: %1").replace("%1", message))

    @Slot(object)
    def _show(self, result):
        if self.sender() is not self._task:
            return
        self.inspection, self.index, self.origin = result
        self.selection = None
        self.stages_model.set_inspection(self.inspection)
        self.stages_view.resizeColumnsToContents()
        self.status.setText(self._verdict_text(self.inspection.verdict))
        names = [s.name for s in self.inspection.stages]
        row = names.index("model") if "model" in names else 0
        self.stages_view.selectionModel().setCurrentIndex(
            self.stages_model.index(row, 0), QItemSelectionModel.ClearAndSelect | QItemSelectionModel.Rows)
        self._stage_chosen(self.stages_model.index(row, 0))
        self._highlight()
        self.sig_inspected.emit(self.inspection)

    def _verdict_text(self, verdict) -> str:
        if verdict.kind == "input":
            return self.tr("Round trip: decoding gives back the input exactly.")
        where = self.tr("characters %1")
        shown = "; ".join(f"{visible(d.original) or '∅'} → {visible(d.decoded) or '∅'} "
                          f"({where.replace('%1', span_text(d.chars))})" for d in verdict.differences[:4])
        more = " …" if len(verdict.differences) > 4 else ""
        if verdict.kind == "normalized":
            return self.tr("Round trip: decoding gives back the normalized input, not the input: %1").replace(
                "%1", shown + more)
        return self.tr("Lossy: decoding loses %1").replace("%1", shown + more)

    # ==== selection and highlighting ====

    def _stage_chosen(self, current, _previous=None):
        if self.inspection is None or not current.isValid():
            return
        row = current.row()
        hits = self._hits()[row] if self.selection else []
        self.pieces_model.set_pieces(self.inspection.stages[row].pieces, hits, self.inspection.text)
        self.pieces_view.resizeColumnsToContents()
        if hits:
            self.pieces_view.scrollTo(self.pieces_model.index(hits[0], 0))

    def _piece_chosen(self, current, _previous=None):
        if self.inspection is None or not current.isValid():
            return
        self.select_bytes(*self.pieces_model.pieces[current.row()].bytes)

    def _text_selected(self):
        cursor = self.input_edit.textCursor()
        text = self.input_edit.toPlainText()
        if self.inspection is None or not cursor.hasSelection() or self.inspection.text != text:
            return
        # Qt counts UTF-16 units; the stages count characters and bytes.
        units = text.encode("utf-16-le", "surrogatepass")
        start, end = (len(units[:2 * p].decode("utf-16-le", "surrogatepass"))
                      for p in (cursor.selectionStart(), cursor.selectionEnd()))
        self.select_bytes(self.origin.offsets[start], self.origin.offsets[end])

    def select_bytes(self, start: int, end: int) -> None:
        """Highlight original bytes ``[start, end)`` in the input and in every stage."""
        self.selection = (start, end)
        hits = self._hits()
        self.stages_model.set_hits(hits, self.origin.chars(start, end))
        self.stages_view.resizeColumnToContents(3)
        row = self.stages_view.currentIndex().row()
        if row >= 0:
            self.pieces_model.set_hits(hits[row])
            if hits[row] and self.sender() is not self.pieces_view.selectionModel():
                self.pieces_view.scrollTo(self.pieces_model.index(hits[row][0], 0))
        self._highlight()

    def _hits(self):
        start, end = self.selection
        return [self.index.overlapping(k, start, end) for k in range(len(self.inspection.stages))]

    def _highlight(self):
        selections = []
        if self.selection is not None and self.inspection is not None:
            text = self.inspection.text
            start, end = self.selection
            chars = self.origin.chars(start, end)
            data = text.encode("utf-8", "surrogatepass")[start:end]
            hex_bytes = " ".join(f"{b:02X}" for b in data[:24]) + (" …" if len(data) > 24 else "")
            self.selection_label.setText(self.tr("Selected: characters %1, bytes %2: %3").replace(
                "%1", span_text(chars)).replace("%2", span_text((start, end))).replace("%3", hex_bytes or "∅"))
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setBackground(HIGHLIGHT)
            selection.format = fmt
            cursor = QTextCursor(self.input_edit.document())
            cursor.setPosition(_utf16(text, chars[0]))
            cursor.setPosition(_utf16(text, chars[1]), QTextCursor.KeepAnchor)
            selection.cursor = cursor
            selections.append(selection)
        else:
            self.selection_label.setText(self.tr("Select a piece, or text in the input, to see where it came from."))
        self.input_edit.setExtraSelections(selections)


def _utf16(text: str, index: int) -> int:
    """QTextDocument position (UTF-16 units) of character ``index``."""
    return len(text[:index].encode("utf-16-le", "surrogatepass")) // 2
