"""A lesson step performed in the real views, as a person would.

:class:`StepRunner` puts what a step names (core.workspace.lesson_file.Step)
into the view it names.  Every step sets an absolute state, so showing step
k never depends on the step before.

Details: docs/notes/gui.md#guilessonsstepspy.
"""

from __future__ import annotations

import os

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QAbstractItemView, QTextEdit

from core import assets, shelf
from core.errors import StudioError
from core.models import wordpiece
from core.assets import classroom
from core.workspace.lesson_file import CLASSROOM as CLASSROOM_NAME
from core.workspace.workspace import CLASSROOM

from ..encode.chooser import SHELF
from ..shell import core_text
from ..shell.shelf_open import opener_for
from ..shell.workers import trainer_for

HIGHLIGHT = QColor("#ffd54f")


def mark(edit, part: str) -> None:
    """Mark the first ``part`` of a text box's text (nothing when empty)."""
    selections = []
    at = edit.toPlainText().find(part) if part else -1
    if at >= 0:
        # Qt counts UTF-16 units: a character outside the BMP is two.
        text = edit.toPlainText()
        start = len(text[:at].encode("utf-16-le")) // 2
        end = start + len(part.encode("utf-16-le")) // 2
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(edit.document())
        cursor.setPosition(start)
        cursor.setPosition(end, QTextCursor.KeepAnchor)
        selection.cursor = cursor
        marked = QTextCharFormat()
        marked.setBackground(HIGHLIGHT)
        marked.setForeground(QColor("#000000"))
        selection.format = marked
        selections.append(selection)
    edit.setExtraSelections(selections)


class StepRunner(QObject):
    sig_failed = Signal(str)
    """A step could not be performed (argument: the reason, one line)."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.opener = opener_for(window.workspace)
        self.current = None  # (lesson, step, hidden) last performed, to perform again
        self.waiting: set[str] = set()  # built-in tokenizers it waits for
        self.opener.sig_opened.connect(self._opened)
        self.opener.sig_failed.connect(self._open_failed)

    # ==== a lesson's own material ====

    def prepare(self, lesson) -> None:
        """Load what the lesson brings: its corpus and settings (trained at once:
        a handful of words), and its WordPiece vocabulary as an asset."""
        window, workspace = self.window, self.window.workspace
        if lesson.corpus is not None:
            # A running training must not land on the lesson's corpus afterwards.
            trainer = trainer_for(window.bridge)
            trainer.cancel("main")
            trainer.cancel("compare")
            window.panels["timeline"].compare_button.setChecked(False)
            workspace.set_corpus(lesson.corpus)
            workspace.set_settings(merges=lesson.merges, tie=lesson.tie)
            # Views that follow the trainer hear of it as of any finished run.
            trainer.sig_training_finished.emit("main", workspace.train())
            # The lesson is reproducible from the menu: it is not unsaved work, and
            # Save must not write it over the file the user had open.
            window.workspace_path, window.saved_revision = None, workspace.revision
            window.show_title()
        if lesson.wordpiece is not None and self._named_asset(lesson.wordpiece.name) is None:
            model = wordpiece.WordPiece(lesson.wordpiece.vocab)
            workspace.add_asset(assets.wordpiece_to_asset(model, name=lesson.wordpiece.name), dirty=False)

    def _named_asset(self, name):
        return next((i for i, e in enumerate(self.window.workspace.assets) if e.loaded.name == name), None)

    # ==== tokenizers by the lesson's names ====

    def key(self, lesson, name: str) -> str | None:
        """The held key of the tokenizer ``name``; None while a built-in one opens."""
        workspace = self.window.workspace
        if name == CLASSROOM_NAME:
            return CLASSROOM
        if lesson.wordpiece is not None and name == lesson.wordpiece.name:
            index = self._named_asset(name)
            return None if index is None else workspace.asset_key(index)
        if shelf.find(name) is not None:
            key = self.opener.held_key(name)
            if key is None:
                self.waiting.add(name)
                self.opener.open(name)
            return key
        path = os.path.abspath(lesson.folder / name)
        for index, entry in enumerate(workspace.assets):
            if entry.loaded.path and os.path.abspath(entry.loaded.path) == path:
                return workspace.asset_key(index)
        return workspace.asset_key(workspace.open_asset_file(path))

    def _opened(self, name, _key):
        if self.current is not None and name in self.waiting:
            problem = self.perform(*self.current)  # the step can now show the tokenizer it waited for
            if problem is not None:
                self.sig_failed.emit(problem)

    def _open_failed(self, name, message):
        if self.current is not None and name in self.current[0].named_tokenizers():
            self.sig_failed.emit(message)

    # ==== performing a step ====

    def perform(self, lesson, step, hidden: bool = False) -> str | None:
        """Show ``step`` of ``lesson`` in its view (``hidden``: its view waits for
        a prediction); returns why it could not, or None."""
        self.current, self.waiting = (lesson, step, hidden), set()
        window = self.window
        window.show_panel(step.view)
        try:
            getattr(self, "_" + step.view, lambda *_: None)(window.panels[step.view], lesson, step, hidden)
        except StudioError as exc:
            return core_text.error(exc)
        return None

    def stop(self) -> None:
        self.current, self.waiting = None, set()

    def _timeline(self, timeline, lesson, step, hidden):
        workspace = self.window.workspace
        if step.sample is not None:
            timeline.sample_edit.setText(step.sample)
            timeline.limit_slider.setValue(step.merge)
        workspace.select_step(step.merge)
        if step.tie:
            # Off and on again: the comparison is retrained with the chosen rule.
            timeline.compare_button.setChecked(False)
            timeline.compare_box.setCurrentIndex(timeline.compare_box.findData(step.tie))
            timeline.compare_button.setChecked(True)

    def _encode(self, panel, lesson, step, hidden):
        workspace = self.window.workspace
        key = self.key(lesson, step.tokenizer)
        if key is not None:
            # The workspace's encoder, not the choice remembered for the next
            # session: that stays the user's (the player puts it back).
            if workspace.wanted_encoder != key:
                workspace.set_encoder(key)
        else:
            # Served from the compiled cache at once while the workspace opens it.
            panel.chooser.setCurrentIndex(panel.chooser.findData(SHELF + step.tokenizer))
        if step.text is not None:
            panel.input.setPlainText("" if hidden else step.text)
            panel.encode_now()
            mark(panel.input, "" if hidden else step.highlight)
        if step.decode is not None:
            box = panel.decoder
            box.ids_edit.setText("" if hidden else step.decode)
            box.policy_box.setCurrentIndex(box.policy_box.findData(step.policy))
            box.decode_now()

    def _compare(self, view, lesson, step, hidden):
        names = step.tokenizers or lesson.tokenizers
        if names:
            wanted = {key for key in (self.key(lesson, name) for name in names) if key is not None}
            model = view.side_by_side.model
            for entry in list(model.entries):
                if entry.tokenizer is not None:
                    model.set_checked(entry.key, entry.key in wanted)
            rows = [row for row, entry in enumerate(model.entries) if entry.key in wanted]
            if rows:  # the table scrolls: the lesson's tokenizers in view, not the unticked ones above them
                view.side_by_side.table.scrollTo(model.index(rows[0], 0), QAbstractItemView.PositionAtTop)
        view.input.setPlainText("" if hidden else (step.text or ""))
        view.refresh()
        mark(view.input, "" if hidden else step.highlight)
        tabs = {"side-by-side": view.side_by_side, "lattice": view.lattice, "sampling": view.sampling,
                "search": view.search, "ngrams": view.fasttext, "corpus": view.corpus_stats}
        tab = tabs[step.tab or "side-by-side"]
        box = getattr(tab, "model_box", None)
        if box is not None and names:
            box.setCurrentIndex(max(0, box.findText(names[0])))
        view.tabs.setCurrentWidget(tab)

    def _vocab(self, view, lesson, step, hidden):
        key = self.key(lesson, step.tokenizer)
        if key is None:
            return  # performed again once it is open
        view.refresh()
        view.choose(key)
        view.text_filter.setText(step.filter)
        if step.audit and not hidden:
            view.audit_when_built()

    def _pipeline(self, view, lesson, step, hidden):
        key = self.key(lesson, step.tokenizer)
        if key is not None and self.window.workspace.wanted_encoder != key:
            self.window.workspace.set_encoder(key)
        view.refresh_sources()
        view.choose(0)  # the encode panel's tokenizer: the step's
        if step.text is not None:
            view.input_edit.setPlainText("" if hidden else step.text)

    def _assets(self, manager, lesson, step, hidden):
        if step.swap is None:
            return
        first, second = step.swap
        workspace = self.window.workspace
        original = workspace.open_asset_file(classroom.ASSET_PATH)
        source = workspace.assets[original].loaded.identity.interface_sha256
        wanted = {"interface_sha256": source, "swapped_ids": [first, second]}
        # Replaying the lesson reuses the copy it made before.
        existing = [i for i, e in enumerate(workspace.assets) if e.loaded.metadata.get("derived_from") == wanted]
        if existing:
            manager.select_rows([original, existing[0]])
        else:
            # At once, not in a worker: the classroom asset is small, and a
            # replay (after a language switch) must find the copy made before.
            loaded = workspace.assets[original].loaded
            copy = workspace.add_broken_copy(original, first, second, name=manager.broken_name(loaded, first, second))
            manager.select_rows([original, copy])
