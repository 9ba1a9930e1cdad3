"""Corpus editor: the workspace's word-frequency table or raw records.

Edits go through the undo stack as commands that call workspace mutators;
the table models follow the workspace's row events, so every other view
(and the timeline's automatic retraining) sees the same edit.  Importing
runs off the GUI thread with progress and cancel.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import (
    QCoreApplication, Qt, QTimer,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView, QApplication, QComboBox, QDialog, QDialogButtonBox, QFileDialog, QFormLayout,
    QHBoxLayout, QHeaderView, QLabel, QLineEdit, QMessageBox, QProgressBar, QPushButton, QTableView,
    QVBoxLayout, QWidget,
)

from core.workspace import records as rec
from core.errors import CorpusError, StudioError
from core.fileio import check_regular

from ..shell import core_text, theme, zoom
from ..shell.bridge import WorkspaceBridge
from ..shell.workers import run_task
from ..widgets.flow_layout import FlowLayout, labelled
from ..widgets.placeholders import grouped
from ..widgets.row_proxy import RowProxy
from . import commands
from .models import RecordTableModel, WordTableModel

INFO_STYLE = "color: #1b5e20;"


def tr(text):
    return QCoreApplication.translate("CorpusEditor", text)


def pretokenizer_names():
    return {"whitespace": QCoreApplication.translate("CorpusEditor", "whitespace"),
            "gpt2": QCoreApplication.translate("CorpusEditor", "GPT-2 regex"),
            "none": QCoreApplication.translate("CorpusEditor", "none")}


class ImportDialog(QDialog):
    """Where the file goes (word table or records), its format, its pre-tokenization."""

    def __init__(self, path, mode, pretokenizer, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Import %1").replace("%1", Path(path).name))
        self.target = QComboBox()
        self.target.addItem(self.tr("Word table (counted words)"), "words")
        self.target.addItem(self.tr("Raw records (one per line, exact)"), "records")
        self.target.setCurrentIndex(self.target.findData(mode))
        self.fmt = QComboBox()
        self.fmt.addItem(self.tr("Plain text"), "text")
        self.fmt.addItem(self.tr("word<TAB>count lines"), "table")
        if Path(path).suffix.lower() in (".tsv", ".tab"):
            self.fmt.setCurrentIndex(1)
        self.pretokenizer = QComboBox()
        for name, label in pretokenizer_names().items():
            self.pretokenizer.addItem(label, name)
        self.pretokenizer.setCurrentIndex(self.pretokenizer.findData(pretokenizer))
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        form = QFormLayout(self)
        form.addRow(self.tr("Import as:"), self.target)
        form.addRow(self.tr("File format:"), self.fmt)
        form.addRow(self.tr("Pre-tokenization:"), self.pretokenizer)
        form.addRow(buttons)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.target.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self):
        self.fmt.setEnabled(self.target.currentData() == "words")

    def options(self) -> dict:
        return {"target": self.target.currentData(), "fmt": self.fmt.currentData(),
                "pretokenizer": self.pretokenizer.currentData()}


class CorpusEditor(QWidget):
    def __init__(self, bridge: WorkspaceBridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        # Shared by every corpus editor of this workspace (a tab, windows of their
        # own): edits undo in the order they were made, whichever editor made them.
        self.undo_stack = commands.undo_stack_for(bridge)
        self.word_model = WordTableModel(bridge, self.undo_stack, self)
        self.record_model = RecordTableModel(bridge, self.undo_stack, self)
        self.proxy = RowProxy(self)  # filters and sorts whole columns, not cell by cell
        self.import_task = None
        self._stats_timer = QTimer(self, singleShot=True, interval=120)

        # Widgets
        self.mode_box = QComboBox()
        self.mode_box.addItem(self.tr("Word-frequency table"), "words")
        self.mode_box.addItem(self.tr("Raw records"), "records")
        self.pretokenizer_box = QComboBox()
        for name, label in pretokenizer_names().items():
            self.pretokenizer_box.addItem(label, name)
        self.pretokenizer_label = QLabel(self.tr("Training words:"))
        self.import_button = QPushButton(self.tr("Import…"))
        self.paste_button = QPushButton(self.tr("Paste"))
        self.remove_button = QPushButton(self.tr("Remove selected"))
        self.undo_button = QPushButton(self.tr("Undo"))
        self.redo_button = QPushButton(self.tr("Redo"))
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText(self.tr("Filter…"))
        self.filter_edit.setClearButtonEnabled(True)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(-1, Qt.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.view.setAlternatingRowColors(True)
        zoom.table_follows_font(self.view)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.Fixed)
        self.new_word = QLineEdit()
        self.new_word.setPlaceholderText(self.tr("new word"))
        self.new_count = QLineEdit("1")
        self.new_count.setAccessibleName(self.tr("Count of the new word"))
        zoom.follow_font(self.new_count, lambda: self.new_count.setMaximumWidth(zoom.scaled(80)))
        self.new_record = QLineEdit()
        self.new_record.setPlaceholderText(self.tr("new record (kept exactly)"))
        self.add_button = QPushButton(self.tr("Add"))
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.progress = QProgressBar()
        self.cancel_button = QPushButton(self.tr("Cancel import"))
        self.stats = QLabel()
        self.stats.setWordWrap(True)  # two lines at a projector's zoom, not a wider window

        # Layout
        # Rows that wrap at a projector's zoom (gui/widgets/flow_layout.py).
        top = FlowLayout()
        top.addWidget(labelled(QLabel(self.tr("Mode:")), self.mode_box))
        self.pretokenizer_field = labelled(self.pretokenizer_label, self.pretokenizer_box)
        top.addWidget(self.pretokenizer_field)
        top.addStretch(1)
        top.addWidget(self.filter_edit, 1)
        actions = FlowLayout()
        for button in (self.import_button, self.paste_button, self.remove_button,
                       self.undo_button, self.redo_button):
            actions.addWidget(button)
        actions.addStretch(1)
        add = QHBoxLayout()
        add.addWidget(self.new_word, 3)
        add.addWidget(self.new_count)
        add.addWidget(self.new_record, 4)
        add.addWidget(self.add_button)
        busy = QHBoxLayout()
        busy.addWidget(self.progress, 1)
        busy.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(actions)
        layout.addWidget(self.view, 1)
        layout.addLayout(add)
        layout.addWidget(self.message)
        layout.addLayout(busy)
        layout.addWidget(self.stats)

        # Signals
        self.setAcceptDrops(True)
        self.mode_box.activated.connect(self._switch_mode)
        self.pretokenizer_box.activated.connect(
            lambda: self.workspace.set_settings(pretokenizer=self.pretokenizer_box.currentData()))
        self.import_button.clicked.connect(self.choose_import)
        self.paste_button.clicked.connect(lambda: self.paste_text(QApplication.clipboard().text()))
        self.remove_button.clicked.connect(self.remove_selected)
        self.add_button.clicked.connect(self.add_row)
        self.new_word.returnPressed.connect(self.add_row)
        self.new_count.returnPressed.connect(self.add_row)
        self.new_record.returnPressed.connect(self.add_row)
        self.cancel_button.clicked.connect(self.cancel_import)
        self.filter_edit.textChanged.connect(self.proxy.setFilterFixedString)
        for model in (self.word_model, self.record_model):
            model.sig_rejected.connect(self.show_error)
            model.sig_accepted.connect(self.clear_message)
        self._stats_timer.timeout.connect(self._show_stats)
        self.undo_button.clicked.connect(self.undo_stack.undo)
        self.redo_button.clicked.connect(self.undo_stack.redo)
        self.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_stack.undoTextChanged.connect(self._show_undo_text)
        self.undo_stack.redoTextChanged.connect(self._show_redo_text)
        self.undo_button.setEnabled(self.undo_stack.canUndo())
        self.redo_button.setEnabled(self.undo_stack.canRedo())
        self._show_undo_text(self.undo_stack.undoText())
        self._show_redo_text(self.undo_stack.redoText())
        bridge.sig_corpus_changed.connect(self._stats_timer.start)
        bridge.sig_corpus_replaced.connect(self._show_mode)
        bridge.sig_settings_changed.connect(self._show_settings)
        for key, slot in ((QKeySequence.Paste, lambda: self.paste_text(QApplication.clipboard().text())),
                          (QKeySequence.Delete, self.remove_selected),
                          (QKeySequence.Undo, self.undo_stack.undo), (QKeySequence.Redo, self.undo_stack.redo)):
            action = QAction(self)
            action.setShortcut(key)
            action.setShortcutContext(Qt.WidgetWithChildrenShortcut)
            action.triggered.connect(slot)
            self.addAction(action)
        self._set_busy(False)
        self._show_mode()
        self._show_settings()

    # ==== showing the workspace ====

    @property
    def model(self):
        return self.word_model if self.workspace.mode == "words" else self.record_model

    def _show_mode(self):
        words = self.workspace.mode == "words"
        if self.proxy.sourceModel() is not self.model:
            self.proxy.setSourceModel(self.model)
            header = self.view.horizontalHeader()
            # Fixed widths: ResizeToContents would measure every row of a big corpus.
            header.setSectionResizeMode(QHeaderView.Interactive)
            header.setStretchLastSection(False)
            header.setSectionResizeMode(0, QHeaderView.Stretch)
            zoom.follow_font(self.view, lambda: [header.resizeSection(column, zoom.scaled(90)) for column in (1, 2)],
                             "widths")
        self.mode_box.setCurrentIndex(self.mode_box.findData(self.workspace.mode))
        for widget in (self.new_word, self.new_count):
            widget.setVisible(words)
        self.new_record.setVisible(not words)
        self.pretokenizer_label.setVisible(not words)
        self.pretokenizer_box.setVisible(not words)
        self.pretokenizer_field.setVisible(not words)
        self._show_stats()

    def _show_settings(self):
        box = self.pretokenizer_box
        box.setCurrentIndex(box.findData(self.workspace.settings.pretokenizer))

    def _show_stats(self):
        if self.workspace.mode == "words":
            s = rec.corpus_stats(self.workspace.corpus)
            parts = (self.tr("%n row(s)", "", s["records"]), self.tr("%n word occurrence(s)", "", s["words"]),
                     self.tr("%n character(s)", "", s["characters"]), self.tr("%n byte(s) (UTF-8)", "", s["bytes"]))
        else:
            s = rec.records_stats(self.workspace.records, self.workspace.settings.pretokenizer)
            parts = (self.tr("%n record(s)", "", s["records"]), self.tr("%n word(s)", "", s["words"]),
                     self.tr("%n character(s)", "", s["characters"]),
                     self.tr("%n byte(s) (exact, with line endings)", "", s["bytes"]))
        counts = (s["records"], s["words"], s["characters"], s["bytes"])
        self.stats.setText(" · ".join(grouped(part, n) for part, n in zip(parts, counts)))

    def _show_undo_text(self, text):
        self.undo_button.setToolTip(self.tr("Undo %1").replace("%1", text) if text else "")

    def _show_redo_text(self, text):
        self.redo_button.setToolTip(self.tr("Redo %1").replace("%1", text) if text else "")

    def show_error(self, message: str):
        self.message.setStyleSheet(f"color: {theme.tone('error')};")  # readable on light and dark
        self.message.setText(message)

    def show_info(self, message: str):
        self.message.setStyleSheet(INFO_STYLE)
        self.message.setText(message)

    def clear_message(self):
        self.message.clear()

    # ==== edits ====

    def _switch_mode(self):
        target = self.mode_box.currentData()
        if target == self.workspace.mode:
            return
        try:
            if target == "records":
                table = rec.records_from_corpus(self.workspace.corpus)
                pretokenizer = "whitespace"
            else:
                table, pretokenizer = self.workspace.corpus, self.workspace.settings.pretokenizer
        except StudioError as exc:
            self.show_error(self.tr("Cannot switch mode: %1").replace("%1", core_text.error(exc)))
            self.mode_box.setCurrentIndex(self.mode_box.findData(self.workspace.mode))
            return
        self.undo_stack.push(commands.ReplaceCorpus(self.workspace, (target, table, pretokenizer),
                                                    self.tr("Switch corpus mode")))
        self.clear_message()

    def add_row(self):
        try:
            if self.workspace.mode == "words":
                word = self.new_word.text()
                self.workspace.check_word(word)
                count = rec.parse_count(self.new_count.text(), where=self.tr("new word"))
                self.undo_stack.push(commands.InsertWords(self.workspace, len(self.workspace.corpus),
                                                          [(word, count)]))
                self.new_word.clear()
            else:
                text = self.new_record.text()
                rec.check_record(text, self.tr("new record"))
                self._append_records([text], ["\n"])
                self.new_record.clear()
        except StudioError as exc:
            self.show_error(core_text.error(exc))
            return
        self.clear_message()
        self.view.scrollToBottom()

    def _append_records(self, lines, endings, text=None):
        records = self.workspace.records
        self.undo_stack.beginMacro(text or self.tr("Add records"))
        if len(records) and records.endings[-1] == "":
            # The old last line gets the file's usual ending, so lines never run together.
            usual = "\r\n" if records.endings.count("\r\n") > len(records) // 2 else "\n"
            self.undo_stack.push(commands.SetRecordEnding(self.workspace, len(records) - 1, "", usual))
        self.undo_stack.push(commands.InsertRecords(self.workspace, len(records), lines, endings))
        self.undo_stack.endMacro()

    def remove_selected(self):
        rows = {self.proxy.mapToSource(i).row() for i in self.view.selectionModel().selectedRows()}
        if not rows:
            return
        kind = commands.RemoveWords if self.workspace.mode == "words" else commands.RemoveRecords
        self.undo_stack.beginMacro(self.tr("Remove %n row(s)", "", len(rows)))
        for first, count in commands.blocks(rows):
            self.undo_stack.push(kind(self.workspace, first, count))
        self.undo_stack.endMacro()

    def paste_text(self, text: str):
        """Add pasted or dropped text: table rows or counted words, or records."""
        if not text:
            return
        try:
            if self.workspace.mode == "records":
                records = rec.Records.from_text(text)
                self._append_records(records.lines, records.endings[:-1] + ("\n",), self.tr("Paste records"))
            else:
                self._paste_words(rec.parse_paste(text))
        except StudioError as exc:
            self.show_error(self.tr("Nothing pasted: %1").replace("%1", core_text.error(exc)))
            return
        self.clear_message()

    def _paste_words(self, pairs):
        corpus = self.workspace.corpus
        where = {w: i for i, w in enumerate(corpus.words)}
        new = [(w, c) for w, c in pairs if w not in where]
        self.undo_stack.beginMacro(self.tr("Paste words"))
        for word, count in pairs:
            if word in where:
                row = where[word]
                old = self.workspace.corpus.counts[row]
                self.undo_stack.push(commands.SetCount(self.workspace, row, old, old + count))
        if new:
            self.undo_stack.push(commands.InsertWords(self.workspace, len(corpus), new))
        self.undo_stack.endMacro()

    # ==== importing ====

    def choose_import(self):
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Import a text file"), "",
                                              self.tr("Text files (*.txt *.tsv *.tab);;All files (*)"))
        if path:
            self._ask_and_import(path)

    def _ask_and_import(self, path):
        try:  # refused before any question: a FIFO or folder has no format to ask about
            check_regular(path, what="a text file", error=CorpusError)
        except StudioError as exc:
            self.show_error(self.tr("Import failed: %1").replace("%1", core_text.error(exc)))
            return
        dialog = ImportDialog(path, self.workspace.mode, self.workspace.settings.pretokenizer, self)
        if dialog.exec() == QDialog.Accepted:
            self.import_path(path, **dialog.options())

    def import_path(self, path, *, target="words", fmt="text", pretokenizer="whitespace"):
        """Start reading ``path`` off the GUI thread; the result replaces the corpus."""
        self.cancel_import()
        options = {"target": target, "fmt": fmt, "pretokenizer": pretokenizer}
        self.import_task = run_task(lambda progress, should_stop: rec.import_file(
            path, progress=progress, should_stop=should_stop, **options), name="import")
        self.import_task.sig_progressed.connect(self._import_progressed)
        self._import_request = (path, options)
        self.import_task.sig_done.connect(self._import_done)
        self.import_task.sig_failed.connect(self._import_failed)
        self.import_task.sig_cancelled.connect(self._import_cancelled)
        self._set_busy(True)
        self.show_info(self.tr("Reading %1…").replace("%1", str(path)))
        return self.import_task

    def cancel_import(self):
        if self.import_task is not None:
            self.import_task.cancel()

    def _set_busy(self, busy):
        self.progress.setVisible(busy)
        self.cancel_button.setVisible(busy)
        self.import_button.setEnabled(not busy)
        if busy:
            self.progress.setRange(0, 0)

    def _current_import(self) -> bool:
        """Whether the signal comes from the import running now: one replaced
        or cancelled after its read returned still reports, and is dropped."""
        task = self.sender()
        return task is self.import_task and not task.cancelled

    def _import_progressed(self, done, total):
        if not self._current_import():
            return
        self.progress.setRange(0, 1000)
        self.progress.setValue(int(1000 * done / total) if total else 0)

    def _import_failed(self, message):
        if self.sender() is not self.import_task:
            return
        self.import_task = None
        self._set_busy(False)
        self.show_error(self.tr("Import failed: %1").replace("%1", message))

    def _import_cancelled(self):
        if self.sender() is not self.import_task:
            return
        self.import_task = None
        self._set_busy(False)
        self.show_info(self.tr("Import cancelled; the corpus is unchanged."))

    def confirm_skip(self, path, result) -> bool:
        """Ask whether to import without the lines that are not valid UTF-8."""
        first = core_text.invalid_line(result.invalid[0], Path(path).name)
        box = QMessageBox(QMessageBox.Warning, self.tr("Invalid UTF-8"),
                          self.tr("%n line(s) are not valid UTF-8. The first:", "", len(result.invalid))
                          + "\n" + first, parent=self)
        skip = box.addButton(self.tr("Skip these lines"), QMessageBox.AcceptRole)
        box.addButton(self.tr("Stop import"), QMessageBox.RejectRole)
        box.exec()
        return box.clickedButton() is skip

    def _import_done(self, result):
        if self.sender() is not self.import_task:
            return
        if self.import_task.cancelled:
            return self._import_cancelled()
        path, options = self._import_request
        self.import_task = None
        self._set_busy(False)
        name = Path(path).name
        if result.invalid and not self.confirm_skip(path, result):
            first = core_text.invalid_line(result.invalid[0], name)
            self.show_error(self.tr("Import stopped: %1").replace("%1", first))
            return
        if options["target"] == "records":
            new = ("records", result.records, options["pretokenizer"])
        else:
            new = ("words", result.corpus, self.workspace.settings.pretokenizer)
        self.undo_stack.push(commands.ReplaceCorpus(self.workspace, new, self.tr("Import %1").replace("%1", name)))
        message = self.tr("Imported %1.").replace("%1", name)
        if result.invalid:
            message += " " + self.tr("Skipped %n line(s) with invalid UTF-8; the first: ", "",
                                     len(result.invalid)) + core_text.invalid_line(result.invalid[0], name)
            self.show_error(message)
        else:
            self.show_info(message)

    # ==== drag and drop ====

    def dragEnterEvent(self, event):
        if event.mimeData().hasUrls() or event.mimeData().hasText():
            event.acceptProposedAction()

    def dropEvent(self, event):
        data = event.mimeData()
        files = [u.toLocalFile() for u in data.urls() if u.isLocalFile()]
        if files:
            self._ask_and_import(files[0])
        elif data.hasText():
            self.paste_text(data.text())
        event.acceptProposedAction()
