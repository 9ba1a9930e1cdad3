"""The Vocabulary view's editor (issue 40): remove, add and reserve tokens,
preview what changes, apply the result as a new asset, export it.

Preview runs the core's edit in a worker; Apply adds exactly what was
previewed as an unsaved asset through the workspace's undo stack.

Details: docs/notes/gui.md#guivocabedit_panelpy.
"""

from __future__ import annotations

import json

from PySide6.QtCore import QEvent, QSize, Qt, Signal
from PySide6.QtGui import QTextOption
from PySide6.QtWidgets import (QCheckBox, QFileDialog, QGridLayout, QHBoxLayout, QLabel, QListWidget, QPlainTextEdit,
                               QProgressBar, QPushButton, QSizePolicy, QTabWidget, QTextBrowser, QVBoxLayout,
                               QWidget)

from core.errors import StudioError
from core.fileio import write_bytes_atomic

from ..assets.interop import Interop
from ..corpus import commands
from ..shell import core_text, files, theme
from ..shell.workers import run_task
from ..widgets.flow_layout import FlowLayout, WrappedLabel
from . import edit_preview, edit_request, edit_source, edit_texts
from .edit_command import AddEditedAsset

# Texts in several scripts, each alone on a line: which of them change IDs is the preview's question.
SAMPLE = "\n".join((
    "The theory of the tokenizer is there.",
    "Beautiful is better than ugly.",
    "分词器把文本切成片段。",
    "naïve café 🙂 1234",
    "Слова и токены, λέξεις, العربية, トークン",
    "<|endoftext|>",
))


class EditPanel(QWidget):
    sig_checked = Signal(bool)
    """The core said whether the tokenizer shown can be edited (argument: it can)."""
    sig_previewed = Signal(object)
    """A preview finished (argument: gui.vocab.edit_preview.Preview)."""
    sig_failed = Signal(str)
    """A preview could not be made (argument: the message shown)."""
    sig_applied = Signal(int)
    """The previewed edit was added to the workspace (argument: the asset's index)."""

    def __init__(self, bridge, selected_tokens, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.selected_tokens = selected_tokens  # () -> the table's selected tokens, as stored
        self.source = None  # the LoadedAsset being edited
        self.editable = False
        self.preview = None  # the last preview, while the boxes still ask for it
        self.applied = None  # the AddEditedAsset command of the last Apply
        self.task = None
        self._previewing = False
        self._pending = False  # a key to check once on show (False: none)
        self.undo_stack = commands.undo_stack_for(bridge)

        # Widgets
        self.reason = WrappedLabel()
        self.remove_box = self._box(self.tr("Tokens to remove, one per line"))
        self.add_box = self._box(self.tr("New tokens, one per line"))
        self.special_box = self._box(self.tr("New special tokens, one per line"))
        self.reserve_box = self._box(self.tr("OLD=NEW, keeping its ID"))
        self.remove_selected_button = QPushButton(self.tr("Remove selected"))
        self.remove_selected_button.setToolTip(self.tr("Add the tokens selected in the table to the list to "
                                                       "remove"))
        self.reserve_selected_button = QPushButton(self.tr("Reserve selected"))
        self.reserve_selected_button.setToolTip(self.tr("Start an OLD=NEW line for each token selected in the table"))
        self.unreachable_check = QCheckBox(self.tr("Also remove what becomes unreachable"))
        self.compact_check = QCheckBox(self.tr("Renumber densely"))
        self.compact_check.setToolTip(self.tr("Give the kept and new tokens consecutive IDs (every later ID "
                                              "moves)"))
        self.sample_box = LinesBox(6)
        self.sample_box.setPlainText(SAMPLE)
        self.sample_box.setPlaceholderText(self.tr("Sample texts, one per line"))
        self.preview_button = QPushButton(self.tr("Preview"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(140)
        self.progress.hide()
        self.summary = WrappedLabel()
        self.summary.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.changed = QTextBrowser()  # each changed text, its old and new IDs wrapped, what differs marked
        self.unreachable = QListWidget()
        self.new_tokens = QListWidget()
        self.removed = QListWidget()
        self.notes = QListWidget()
        self.notes.setWordWrap(True)
        self.results = QTabWidget()
        self.apply_button = QPushButton(self.tr("Apply as new asset"))
        self.undo_button = QPushButton(self.tr("Undo"))
        self.export_button = QPushButton(self.tr("Export…"))
        self.id_map_button = QPushButton(self.tr("Save ID map…"))
        self.id_map_button.setToolTip(self.tr("Where every old ID went and the new tokens, as the command line's "
                                              "--id-map writes it (JSON)"))
        self.message = WrappedLabel()
        self.message.setTextInteractionFlags(Qt.TextSelectableByMouse)

        # Layout
        boxes = QGridLayout()
        for at, (label, box) in enumerate(((self.tr("&Remove"), self.remove_box), (self.tr("A&dd"), self.add_box),
                                           (self.tr("Add &special"), self.special_box),
                                           (self.tr("Reserv&e"), self.reserve_box))):
            title = QLabel(label)
            title.setBuddy(box)
            boxes.addWidget(title, (at // 2) * 2, at % 2)
            boxes.addWidget(box, (at // 2) * 2 + 1, at % 2)
        picks = FlowLayout()
        for w in (self.remove_selected_button, self.reserve_selected_button, self.unreachable_check,
                  self.compact_check):
            picks.addWidget(w)
        sample_title = QLabel(self.tr("Sa&mple texts"))
        sample_title.setBuddy(self.sample_box)
        run = QHBoxLayout()
        for w in (self.preview_button, self.cancel_button, self.progress):
            run.addWidget(w)
        run.addStretch(1)
        actions = FlowLayout()
        for w in (self.apply_button, self.undo_button, self.export_button, self.id_map_button):
            actions.addWidget(w)
        # The boxes keep their few lines (however the rows above them wrap); the results take the rest.
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.reason)
        layout.addLayout(boxes)
        layout.addLayout(picks)
        layout.addWidget(sample_title)
        layout.addWidget(self.sample_box)
        layout.addLayout(run)
        layout.addWidget(self.summary)
        layout.addWidget(self.results, 1)
        layout.addLayout(actions)
        layout.addWidget(self.message)

        # Signals
        for box in (self.remove_box, self.add_box, self.special_box, self.reserve_box, self.sample_box):
            box.textChanged.connect(self._asked_changed)
        for check in (self.unreachable_check, self.compact_check):
            check.toggled.connect(self._asked_changed)
        self.remove_selected_button.clicked.connect(self.remove_selected)
        self.reserve_selected_button.clicked.connect(self.reserve_selected)
        self.preview_button.clicked.connect(self.start_preview)
        self.cancel_button.clicked.connect(self.cancel)
        self.apply_button.clicked.connect(self.apply)
        self.undo_button.clicked.connect(self.undo_stack.undo)
        self.export_button.clicked.connect(self.export)
        self.id_map_button.clicked.connect(self._ask_id_map)
        self.undo_stack.indexChanged.connect(self._update_buttons)
        bridge.sig_assets_changed.connect(self._update_buttons)
        self._show_results(None)
        self._set_editable(False, "")

    def _box(self, placeholder: str) -> QPlainTextEdit:
        box = LinesBox(3)
        box.setPlaceholderText(placeholder)
        box.setLineWrapMode(QPlainTextEdit.NoWrap)
        # A token's spaces count (" the" is not "the"): shown as dots.
        option = box.document().defaultTextOption()
        option.setFlags(option.flags() | QTextOption.ShowTabsAndSpaces)
        box.document().setDefaultTextOption(option)
        return box

    # ==== the tokenizer to edit ====

    def set_source(self, key) -> None:
        """Edit held tokenizer ``key`` (the view's choice): ask the core, in a
        worker, whether it can be edited; the controls wait for the answer.
        Asked once the editor is on show: a view whose editor is never opened
        costs nothing."""
        self._pending = key
        self.cancel()
        self.source, self.preview = None, None
        self._set_editable(False, "")
        if self.isVisible():
            self._check_pending()

    def showEvent(self, event):
        super().showEvent(event)
        self._check_pending()

    def _check_pending(self) -> None:
        if self._pending is False:
            return
        key, self._pending = self._pending, False
        self._show_results(None)
        self._say("")
        make = edit_source.builder(self.workspace, key) if key else None
        if make is None:
            self._set_editable(False, self.tr("Choose a tokenizer to edit."))
            return
        self._set_editable(False, self.tr("Checking whether this tokenizer can be edited…"))

        def work(progress, should_stop):
            loaded = make()
            return loaded, edit_source.probe(loaded)
        self._run(work, self._checked)

    def _checked(self, result):
        loaded, why = result
        self.source = loaded
        if why is None:
            self._set_editable(True, "")
        else:
            self._set_editable(False, self.tr("This tokenizer cannot be edited: %1").replace("%1", why))
        self.sig_checked.emit(why is None)

    def _set_editable(self, editable: bool, reason: str) -> None:
        self.editable = editable
        self.reason.setText(reason)
        self.reason.setVisible(bool(reason))
        for w in (self.remove_box, self.add_box, self.special_box, self.reserve_box, self.remove_selected_button,
                  self.reserve_selected_button, self.unreachable_check, self.compact_check, self.sample_box):
            w.setEnabled(editable)
        self._update_buttons()

    # ==== what is asked ====

    def remove_selected(self) -> None:
        self._append(self.remove_box, self.selected_tokens())

    def reserve_selected(self) -> None:
        self._append(self.reserve_box, [token + "=" for token in self.selected_tokens()])
        self.reserve_box.setFocus()

    @staticmethod
    def _append(box: QPlainTextEdit, new: list[str]) -> None:
        have = edit_request.lines(box.toPlainText())
        new = [t for t in new if t not in have]
        if new:
            box.setPlainText("\n".join([*have, *new]))
            box.moveCursor(box.textCursor().MoveOperation.End)

    def request(self):
        """The EditRequest the boxes make; raises core.edit.EditError."""
        return edit_request.request_of(
            remove=self.remove_box.toPlainText(), add=self.add_box.toPlainText(),
            add_special=self.special_box.toPlainText(), reserve=self.reserve_box.toPlainText(),
            remove_unreachable=self.unreachable_check.isChecked(), compact=self.compact_check.isChecked())

    def _asked_changed(self, *_):
        if self.preview is not None:
            self.preview = None
            self._say(self.tr("Changed since the preview: preview again to apply."), tone="warning")
        self._update_buttons()

    # ==== preview ====

    def start_preview(self):
        """Preview the edit the boxes ask for; returns the task, or None with the reason shown."""
        if not self.editable or self.source is None:
            return None
        try:
            request = self.request()
        except StudioError as exc:  # core.edit.EditError: a malformed line
            return self._fail(core_text.error(exc))
        if edit_request.is_empty(request):
            return self._fail(self.tr("Nothing to do: name tokens to remove, add or reserve."))
        source, samples = self.source, edit_request.lines(self.sample_box.toPlainText())
        name = self.tr("%1 (edited)").replace("%1", source.name or self.tr("tokenizer"))
        self.preview = None
        self._show_results(None)
        self._say(self.tr("Previewing…"))

        def work(progress, should_stop):
            return edit_preview.compute(source, request, samples, name, progress, should_stop)
        task = self._run(work, self._previewed)
        self._previewing = True
        self._update_buttons()
        return task

    def _previewed(self, preview):
        self.preview = preview
        self._show_results(preview)
        self._say("")
        self.sig_previewed.emit(preview)

    def _show_results(self, preview) -> None:
        for w in (self.changed, self.unreachable, self.new_tokens, self.removed, self.notes):
            w.clear()
        self.results.clear()
        if preview is None:
            self.summary.setText(self.tr("Preview shows the new size, the tokens that become unreachable and "
                                         "the sample texts whose IDs change."))
            self._update_buttons()
            return
        e = preview.edited
        self.summary.setText(edit_texts.summary(preview))
        self.changed.setHtml(edit_texts.changes_html(preview.changed, theme.tone("error")))
        self.unreachable.addItems([edit_texts.unreachable_line(u) for u in e.unreachable])
        texts = {t["token"]: t.get("text", t["token"]) for t in e.new_tokens}
        self.new_tokens.addItems([edit_texts.new_line(t, texts) for t in e.new_tokens])
        self.removed.addItems([edit_texts.removed_line(r) for r in e.removed]
                              + [edit_texts.renamed_line(r) for r in e.renamed])
        self.notes.addItems([core_text.note(n) for n in e.notes])
        tabs = ((self.changed, self.tr("Texts (%1)"), len(preview.changed), self.tr("Sample texts whose IDs change")),
                (self.unreachable, self.tr("Unreachable (%1)"), len(e.unreachable),
                 self.tr("Kept tokens no merge builds any more")),
                (self.new_tokens, self.tr("New (%1)"), len(e.new_tokens), self.tr("New tokens and their IDs")),
                (self.removed, self.tr("Removed (%1)"), len(e.removed) + len(e.renamed),
                 self.tr("Removed and renamed tokens")),
                (self.notes, self.tr("Notes (%1)"), len(e.notes), self.tr("What the edit says about itself")))
        for widget, title, count, tip in tabs:
            at = self.results.addTab(widget, title.replace("%1", str(count)))
            self.results.setTabToolTip(at, tip)
        self._update_buttons()

    # ==== apply, undo, export ====

    def apply(self) -> int | None:
        """Add the previewed tokenizer to the workspace (undoable); returns its index."""
        if self.preview is None:
            return None
        command = AddEditedAsset(self.workspace, self.preview.loaded)
        self.undo_stack.push(command)
        self.applied = command
        index = command.index()
        self._say(self.tr("Added %1 to the assets.").replace("%1", self.preview.loaded.name), tone="ok")
        self._update_buttons()
        self.sig_applied.emit(index)
        return index

    def export(self, fmt: str | None = None, path=None):
        """Export the applied tokenizer through File → Export (its format check,
        file dialog and report); ``fmt`` and ``path`` skip those questions."""
        index = self.applied.index() if self.applied is not None else None
        if index is None:
            return None
        return self.interop().export_tokenizer(index, fmt, path)

    def _ask_id_map(self):
        if self.preview is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Save ID map"), "id-map.json", "JSON (*.json)")
        if path:
            self.save_id_map(path)

    def save_id_map(self, path) -> bool:
        """The previewed edit's ID map as JSON at ``path`` (never over an open asset's file)."""
        if self.preview is None:
            return False
        data = (json.dumps(self.preview.edited.id_map(), ensure_ascii=False, separators=(",", ":")) + "\n").encode()
        inputs = [e.loaded.path for e in self.workspace.assets if e.loaded.path]
        try:
            saved = files.save(self, lambda: write_bytes_atomic(path, data, inputs=inputs))
        except (OSError, StudioError) as exc:
            self._say(self.tr("ID map not saved: %1").replace("%1", core_text.error(exc)), tone="error")
            return False
        if saved:
            self._say(self.tr("ID map saved to %1.").replace("%1", str(path)), tone="ok")
        return saved

    def interop(self):
        """The window's import/export, or this pane's own in a window without a File menu."""
        found = getattr(self.window(), "interop", None)
        if found is None:
            found = getattr(self, "_interop", None)
            if found is None:
                found = self._interop = Interop(self.bridge, self)
        return found

    def _update_buttons(self, *_):
        busy = self.task is not None
        self.preview_button.setEnabled(self.editable and not busy)
        self.cancel_button.setEnabled(busy and self._previewing)
        # Apply only what the preview showed, while it is not in the workspace already, and not while something runs.
        self.apply_button.setEnabled(self.preview is not None and not busy and (
            self.applied is None or self.applied.loaded is not self.preview.loaded or self.applied.index() is None))
        self.undo_button.setEnabled(self.undo_stack.canUndo())
        self.undo_button.setToolTip(self.tr("Undo %1").replace("%1", self.undo_stack.undoText())
                                    if self.undo_stack.canUndo() else "")
        self.export_button.setEnabled(self.applied is not None and self.applied.index() is not None)
        self.id_map_button.setEnabled(self.preview is not None)

    # ==== long work ====

    def _run(self, fn, done):
        self.cancel()
        task = self.task = run_task(fn, name="vocab-edit")
        self._done = done
        self.progress.setValue(0)
        self.progress.show()
        task.sig_progressed.connect(self._progressed)
        task.sig_done.connect(self._task_done)
        task.sig_failed.connect(self._task_failed)
        task.sig_ended.connect(self._ended)
        self._update_buttons()
        return task

    def _task_done(self, result):
        if self.sender() is self.task:
            self._finish()  # the buttons are ready before anyone hears of the result
            self._done(result)

    def _task_failed(self, message):
        if self.sender() is self.task:
            self._finish()
            if self.source is None:  # the tokenizer itself could not be taken
                self._set_editable(False, message)
                self.sig_checked.emit(False)
            else:
                self._fail(message)

    def _progressed(self, done, total):
        if self.sender() is self.task:
            self.progress.setMaximum(max(total, 1))
            self.progress.setValue(done)

    def _ended(self):
        if self.sender() is self.task:  # cancelled in the worker: no result came
            self._finish()

    def _finish(self):
        self.task = None
        self._previewing = False
        self.progress.hide()
        self._update_buttons()

    def cancel(self):
        """Stop the running preview or check; a result still on its way is dropped."""
        if self.task is not None:
            self.task.cancel()
            self.task = None
            self.progress.hide()
            if self._previewing:
                self._say(self.tr("Preview cancelled."))
            self._previewing = False
            self._update_buttons()

    def _fail(self, message: str):
        """One clear message; nothing is applied."""
        self.preview = None
        self._show_results(None)
        self._say(self.tr("Not previewed: %1").replace("%1", message), tone="error")
        self.sig_failed.emit(message)
        return None

    def _say(self, text: str, *, tone: str | None = None) -> None:
        """A line under the results, coloured by ``tone`` (gui.theme.TONES) or plain."""
        self.message.setStyleSheet(f"color: {theme.tone(tone)};" if tone and text else "")
        self.message.setText(text)


class LinesBox(QPlainTextEdit):
    """A text box that asks for ``lines`` lines of its font (at any zoom), Tab leaving it."""

    def __init__(self, lines: int, parent=None):
        super().__init__(parent)
        self.lines = lines
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)  # its lines, no more, no fewer

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        height = self.fontMetrics().lineSpacing() * (self.lines + 0.5) + 2 * self.document().documentMargin() \
            + margins.top() + margins.bottom()
        return QSize(super().sizeHint().width(), int(height))

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.FontChange:
            self.updateGeometry()  # a zoom: the same lines are taller

    def minimumSizeHint(self) -> QSize:
        return QSize(super().minimumSizeHint().width(), self.sizeHint().height())
