"""Lessons: replay the seeds' worked examples step by step in the real views.

:class:`LessonPlayer` loads a lesson's data into the one workspace (asking
before it discards unsaved work) and performs each step through the views
the user sees, the way a person would: select a merge in the timeline, type
into the encode panel, decode an ID list, open and diff an asset.  Every
step sets an absolute state, so Previous and Next are just "perform step k".
A lesson that names a layout (``Lesson.layout``) shows those views side by
side while it runs; ending it (or starting one without a layout, or
quitting) puts the user's windows back as they were.
:class:`LessonPanel` shows the lesson, the explanation of the current step
and its seed reference; :class:`LessonDock` holds the main window's panel
(Window → Detach moves it into a window of its own, and New window opens
another).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget, QHBoxLayout, QLabel, QMessageBox, QPushButton, QScrollArea, QVBoxLayout, QWidget,
)

from core import assets
from core.workspace import lessons
from core.assets import classroom
from core.workspace.workspace import CLASSROOM
from core.models import wordpiece
from core.errors import StudioError

from . import core_text, theme
from .lesson_text import SEEDS, STEPS, TITLES, WHERE, tr as lesson_tr
from .workers import trainer_for

WORDPIECE_NAME = "example-19.2-wordpiece"


class LessonPlayer(QObject):
    sig_step_shown = Signal(str, int)
    """A lesson step was performed (arguments: lesson key, step index)."""
    sig_failed = Signal(str)
    """A step could not be performed (argument: the reason)."""
    sig_ended = Signal()
    """The lesson was ended (Lessons → End lesson); no lesson runs now."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.lesson: lessons.Lesson | None = None
        self.index = 0
        self.layout: tuple[str, ...] = ()  # the views the lesson put side by side
        self._saved_layout = None  # the user's windows before that (gui/windows/layouts.py)
        self._dock_was_shown = True  # the lesson dock, before the first lesson showed it

    # ==== starting a lesson ====

    def start(self, key: str, *, confirm=None) -> bool:
        """Load lesson ``key`` and show its first step; ``confirm`` answers the
        "discard unsaved work?" question (None: ask the user)."""
        lesson = lessons.lesson(key)
        window = self.window
        if lesson.corpus is not None and window.workspace.revision != window.saved_revision:
            if confirm is None:
                answer = QMessageBox.question(
                    window, self.tr("Start lesson"),
                    self.tr("The workspace has unsaved changes. The lesson replaces its corpus and settings. "
                            "Discard the changes?"), QMessageBox.Discard | QMessageBox.Cancel)
                confirm = answer == QMessageBox.Discard
            if not confirm:
                return False
        try:
            self._load(lesson)
        except StudioError as exc:
            self.sig_failed.emit(core_text.error(exc))
            return False
        if self.lesson is None:
            self._dock_was_shown = self.window.lesson_dock.isVisible()
        self.lesson = lesson
        self._arrange(lesson.layout)
        self.go(0)
        return True

    def end(self) -> None:
        """Stop the lesson and give the user's window layout back (the lesson
        dock too, if the lesson is what showed it)."""
        if self.lesson is None:
            return
        if not self._dock_was_shown:
            self.window.lesson_dock.hide()  # first: the main window's old geometry may need the room
        self.restore_layout()
        self.lesson, self.index = None, 0
        self.sig_ended.emit()

    # ==== the lesson's layout ====

    def _arrange(self, keys):
        if keys and tuple(keys) == self.layout:
            return  # the next lesson wants what is on screen already
        self.restore_layout()
        if keys:
            self._saved_layout = self.window.windows.side_by_side(keys)
            self.layout = tuple(keys)

    def restore_layout(self) -> None:
        """Put the user's windows back as they were before the lesson's layout."""
        saved, self._saved_layout, self.layout = self._saved_layout, None, ()
        if saved is not None:
            self.window.windows.restore_layout(saved)

    def _load(self, lesson):
        window, workspace = self.window, self.window.workspace
        if lesson.corpus is not None:
            # A running training must not land on the lesson's corpus afterwards.
            trainer = trainer_for(window.bridge)
            trainer.cancel("main")
            trainer.cancel("compare")
            window.panels["timeline"].compare_button.setChecked(False)
            workspace.set_corpus(lesson.corpus)
            workspace.set_settings(merges=lesson.merges, tie=lesson.tie)
            # A handful of words trains at once, so the first step can show it;
            # views that follow the trainer hear of it as of any finished run.
            trainer.sig_training_finished.emit("main", workspace.train())
            # The lesson is reproducible from the menu: it is not unsaved work, and
            # Save must not write it over the file the user had open.
            window.workspace_path, window.saved_revision = None, workspace.revision
            window.show_title()
        if lesson.wordpiece and not any(e.loaded.name == WORDPIECE_NAME for e in workspace.assets):
            model = wordpiece.WordPiece(lesson.wordpiece)
            workspace.add_asset(assets.wordpiece_to_asset(model, name=WORDPIECE_NAME), dirty=False)

    # ==== stepping ====

    @property
    def count(self) -> int:
        return len(self.lesson.steps) if self.lesson else 0

    def go(self, index: int) -> None:
        if self.lesson is None or not 0 <= index < self.count:
            return
        self.index = index
        step = self.lesson.steps[index]
        self.window.show_panel(step.view)
        problem = None
        try:
            getattr(self, "_do_" + step.action)(self.window.panels[step.view], *step.args)
        except StudioError as exc:
            problem = core_text.error(exc)
        self.sig_step_shown.emit(self.lesson.key, index)
        if problem is not None:  # after the step is shown, so the panel keeps the message
            self.sig_failed.emit(problem)

    def next(self):
        self.go(self.index + 1)

    def previous(self):
        self.go(self.index - 1)

    # ==== actions, one per kind of step (see core.workspace.lessons.Step) ====

    def _do_step(self, timeline, k):
        self.window.workspace.select_step(k)

    def _do_sample(self, timeline, text, k):
        timeline.sample_edit.setText(text)
        timeline.limit_slider.setValue(k)
        self.window.workspace.select_step(k)

    def _classroom_encoder(self):
        # The lessons' texts and IDs are the classroom tokenizer's (seed 000,
        # section 19.3), whichever one the panel had; the choice remembered
        # for the next session stays the user's.
        workspace = self.window.workspace
        if workspace.wanted_encoder != CLASSROOM:
            workspace.set_encoder(CLASSROOM)

    def _do_encode(self, panel, text):
        self._classroom_encoder()
        panel.input.setPlainText(text)
        panel.encode_now()

    def _do_decode(self, panel, ids, policy):
        self._classroom_encoder()
        box = panel.decoder
        box.ids_edit.setText(ids)
        box.policy_box.setCurrentIndex(box.policy_box.findData(policy))
        box.decode_now()

    def _do_compare(self, view, text):
        view.input.setPlainText(text)
        view.refresh()
        view.search.model_box.setCurrentIndex(max(0, view.search.model_box.findText(WORDPIECE_NAME)))
        view.tabs.setCurrentWidget(view.search)

    def _do_swap(self, manager, first, second):
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

    def _do_policy(self, timeline, tie):
        # Off and on again: the comparison is retrained with the chosen rule.
        timeline.compare_button.setChecked(False)
        timeline.compare_box.setCurrentIndex(timeline.compare_box.findData(tie))
        timeline.compare_button.setChecked(True)


class LessonPanel(QWidget):
    """The current lesson: title, seed reference, step explanation, Previous/Next."""

    def __init__(self, player: LessonPlayer, parent=None):
        super().__init__(parent)
        # Attributes
        self.player = player

        # Widgets
        self.title = QLabel()
        self.title.setWordWrap(True)
        self.reference = QLabel()
        self.reference.setWordWrap(True)
        self.position = QLabel()
        self.explanation = QLabel()
        self.explanation.setWordWrap(True)
        self.explanation.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        self.explanation.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"QLabel {{ color: {theme.tone('error')}; }}")
        self.error.hide()
        self.previous_button = QPushButton()
        self.next_button = QPushButton()
        self.end_button = QPushButton()

        # Layout
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.explanation)
        buttons = QHBoxLayout()
        buttons.addWidget(self.previous_button)
        buttons.addWidget(self.position, 1, Qt.AlignCenter)
        buttons.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.reference)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        layout.addWidget(self.end_button, 0, Qt.AlignRight)
        self.setMinimumWidth(300)

        # Signals
        self.previous_button.clicked.connect(player.previous)
        self.next_button.clicked.connect(self._next)
        self.end_button.clicked.connect(player.end)
        # Bound methods: Qt drops the connections with this panel.
        player.sig_step_shown.connect(self._step_shown)
        player.sig_ended.connect(self.render)
        player.sig_failed.connect(self._show_error)
        self.retranslate()

    def retranslate(self):
        self.previous_button.setText(self.tr("◀ Previous"))
        self.next_button.setText(self.tr("Next ▶"))
        self.end_button.setText(self.tr("End lesson"))
        self.end_button.setToolTip(self.tr("Stop the lesson; windows it arranged go back as they were"))
        self.render()

    def _step_shown(self, *_):
        self.render()

    def render(self):
        lesson, index = self.player.lesson, self.player.index
        self.error.hide()
        if lesson is None:
            self.title.setText(self.tr("No lesson yet: choose one from the Lessons menu."))
            for widget in (self.reference, self.position, self.explanation):
                widget.setText("")
            self.previous_button.setEnabled(False)
            self.next_button.setEnabled(False)
            self.end_button.hide()
            return
        self.end_button.show()
        self.title.setText(f"<b>{lesson_tr(TITLES[lesson.key])}</b>")
        where = lesson_tr(WHERE[lesson.key])
        if lesson.section:
            where = self.tr("§%1, %2").replace("%1", lesson.section).replace("%2", where)
        self.reference.setText(lesson_tr(SEEDS[lesson.seed]) + "\n" + where)
        self.position.setText(self.tr("Step %1 of %2").replace("%1", str(index + 1)).replace(
            "%2", str(self.player.count)))
        last = index + 1 == self.player.count
        text = lesson_tr(STEPS[lesson.key][index])
        following = self.following()
        if last:
            done = self.tr("Lesson finished.")
            if following is not None:
                done += " " + self.tr("Next: %1.").replace("%1", lesson_tr(TITLES[following.key]))
            text += "\n\n" + done
        self.explanation.setText(text)
        self.previous_button.setEnabled(index > 0)
        self.next_button.setText(self.tr("Next lesson ▶") if last else self.tr("Next ▶"))
        self.next_button.setEnabled(not last or following is not None)

    def following(self):
        """The lesson after the current one, in the Lessons menu's order, or None."""
        keys = [item.key for item in lessons.LESSONS]
        lesson = self.player.lesson
        at = keys.index(lesson.key) + 1 if lesson is not None and lesson.key in keys else len(keys)
        return lessons.LESSONS[at] if at < len(keys) else None

    def _next(self):
        if self.player.index + 1 < self.player.count:
            self.player.next()
        elif (following := self.following()) is not None:
            self.player.start(following.key)

    def _show_error(self, message):
        self.error.setText(message)
        self.error.show()


class LessonDock(QDockWidget):
    """The main window's lesson panel, docked (``panel``: wherever it is, docked
    or in a window of its own)."""

    def __init__(self, player: LessonPlayer, parent=None):
        super().__init__(parent)
        self.setObjectName("lesson_dock")  # saveState() finds docks by name
        # Not floatable: Window → Detach gives it a real window, with menus,
        # in the Ctrl+` cycle and in the window set a restart restores.
        self.setFeatures(QDockWidget.DockWidgetClosable | QDockWidget.DockWidgetMovable)
        self.panel = LessonPanel(player)
        self.setWidget(self.panel)
        self.retranslate()

    def retranslate(self):
        self.setWindowTitle(self.tr("Lesson"))
        self.panel.retranslate()

    @property
    def holds_panel(self) -> bool:
        return self.widget() is self.panel

    def take_panel(self) -> LessonPanel:
        """The panel, out of the dock (which hides, its toggle disabled)."""
        self.setWidget(QWidget())  # the old content is hidden, not deleted
        self.hide()
        self.toggleViewAction().setEnabled(False)
        return self.panel

    def put_panel(self, panel) -> None:
        placeholder = self.widget()
        self.setWidget(panel)
        if placeholder is not None and placeholder is not panel:
            placeholder.deleteLater()
        panel.show()
        self.toggleViewAction().setEnabled(True)
        self.show()
