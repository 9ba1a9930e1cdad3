"""Lessons: a lesson file's steps, shown one at a time in the real views.

:class:`LessonPlayer` loads a lesson into the one workspace and shows each
step through the views (gui/lessons/steps.py); :class:`LessonPanel` shows
the lesson and :class:`LessonDock` holds the main window's panel.

Details: docs/notes/gui.md#guilessonsplayerpy.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDockWidget, QHBoxLayout, QLabel, QMessageBox, QPushButton, QScrollArea, QVBoxLayout, QWidget,
)

from core.errors import StudioError
from core.workspace import lessons

from ..shell import core_text, language, settings, theme, zoom
from .progress import Progress
from .questions import QuestionList
from .steps import StepRunner

# What a lesson changes that the user chose and the next session remembers:
# put back as it was when the lesson ends.
KEPT = (settings.ENCODE_TOKENIZER, settings.COMPARE_UNCHECKED)
WIDEST = 480  # the lesson panel grows for a choice's label up to this width (at 100 %), then scrolls sideways


class LessonPlayer(QObject):
    sig_step_shown = Signal(str, int)
    """A lesson step was performed (arguments: lesson ID, step index)."""
    sig_failed = Signal(str)
    """A step could not be performed (argument: the reason)."""
    sig_ended = Signal()
    """The lesson was ended (Lessons → End lesson); no lesson runs now."""

    def __init__(self, window):
        super().__init__(window)
        self.window = window
        self.lesson = None  # core.workspace.lesson_file.Lesson
        self.index = 0
        self.progress = Progress()
        self.runner = StepRunner(window)
        self.runner.sig_failed.connect(self.sig_failed)
        self.layout: tuple[str, ...] = ()  # the views the lesson put side by side
        self._saved_layout = None  # the user's windows before that (gui/shell/windows/layouts.py)
        self._dock_was_shown = True  # the lesson dock, before the first lesson showed it
        self._kept = None  # the user's KEPT settings, while a lesson runs
        # The lesson panel changed size after a step (a question wider than the
        # text widens the dock, leftwards): once, when the layout has settled,
        # no window over it.
        self._clear_later = QTimer(self, singleShot=True, interval=0)
        self._clear_later.timeout.connect(self._keep_clear)

    # ==== starting a lesson ====

    def start(self, lesson, *, confirm=None) -> bool:
        """Load ``lesson`` (a Lesson, or a shipped lesson's ID) and show its first
        step; ``confirm`` answers "discard unsaved work?" (None: ask the user)."""
        if isinstance(lesson, str):
            lesson = lessons.lesson(lesson)
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
            self.runner.prepare(lesson)
        except StudioError as exc:
            self.sig_failed.emit(core_text.error(exc))
            return False
        if self.lesson is None:
            self._dock_was_shown = self.window.lesson_dock.isVisible()
            self._kept = {s.key: settings.settings().value(s.key) for s in KEPT}
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
        self.restore_layout(dock=self._dock_was_shown)
        self.restore_choices()
        self.runner.stop()
        self.lesson, self.index = None, 0
        self.sig_ended.emit()

    def restore_choices(self) -> None:
        """The tokenizer choices the next session remembers, as they were before the lesson."""
        kept, self._kept = self._kept, None
        for key, value in (kept or {}).items():
            if value is None:
                settings.settings().remove(key)
            else:
                settings.settings().setValue(key, value)

    # ==== the lesson's layout ====

    def _arrange(self, keys):
        if keys and tuple(keys) == self.layout:
            return  # the next lesson wants what is on screen already
        self.restore_layout()
        if keys:
            self._saved_layout = self.window.windows.side_by_side(keys)
            self.layout = tuple(keys)

    def restore_layout(self, *, dock: bool | None = None) -> None:
        """Put the user's windows back as they were before the lesson's layout
        (``dock``: whether the lesson dock shows then; None: as it is)."""
        saved, self._saved_layout, self.layout = self._saved_layout, None, ()
        if saved is not None:
            self.window.windows.restore_layout(saved, dock=dock)

    # ==== stepping ====

    @property
    def count(self) -> int:
        return len(self.lesson.steps) if self.lesson else 0

    @property
    def step(self):
        return self.lesson.steps[self.index] if self.lesson else None

    def waiting(self, step=None) -> bool:
        """Does ``step`` (the current one) still wait for the student's prediction?"""
        step = step or self.step
        return step is not None and any(q.predict and not self.progress.answered(self.lesson.id, q.id)
                                        for q in step.questions)

    def go(self, index: int) -> None:
        if self.lesson is None or not 0 <= index < self.count:
            return
        self.index = index
        problem = self.runner.perform(self.lesson, self.step, self.waiting())
        self.sig_step_shown.emit(self.lesson.id, index)
        if problem is not None:  # after the step is shown, so the panel keeps the message
            self.sig_failed.emit(problem)
        self.window.windows.keep_lesson_clear()

    def panel_resized(self) -> None:
        if self.lesson is not None:
            self._clear_later.start()

    def _keep_clear(self):
        if self.lesson is not None:
            self.window.windows.keep_lesson_clear()

    def reveal(self) -> None:
        """A prediction was made: the step's view shows what it held back."""
        if self.lesson is not None and not self.waiting():
            problem = self.runner.perform(self.lesson, self.step, False)
            if problem is not None:
                self.sig_failed.emit(problem)
            self.window.windows.keep_lesson_clear()

    def next(self):
        self.go(self.index + 1)

    def previous(self):
        self.go(self.index - 1)

    def following(self):
        """The shipped lesson after the current one, in the Lessons menu's order, or None."""
        shipped = lessons.shipped()
        ids = [item.id for item in shipped]
        lesson = self.lesson
        if lesson is None or lesson.id not in ids or shipped[ids.index(lesson.id)] != lesson:
            return None  # a teacher's file: no next lesson
        at = ids.index(lesson.id) + 1
        return shipped[at] if at < len(ids) else None


class LessonPanel(QWidget):
    """The current lesson: title, source, step explanation, questions, Previous/Next."""

    def __init__(self, player: LessonPlayer, parent=None):
        super().__init__(parent)
        # Attributes
        self.player = player

        # Widgets
        self.title = QLabel()
        self.title.setTextFormat(Qt.RichText)  # the title in bold, escaped
        self.title.setWordWrap(True)
        # The lesson's own texts are plain: "(<s>, </s>)" is two tokens' text, not a tag.
        self.reference = QLabel()
        self.reference.setTextFormat(Qt.PlainText)
        self.reference.setWordWrap(True)
        self.position = QLabel()
        self.explanation = QLabel()
        self.explanation.setTextFormat(Qt.PlainText)
        self.explanation.setWordWrap(True)
        self.explanation.setAlignment(Qt.AlignTop | Qt.AlignLeft)
        # Reachable by Tab and read by a screen reader, its text selectable with the keys too.
        self.explanation.setTextInteractionFlags(Qt.TextSelectableByMouse | Qt.TextSelectableByKeyboard)
        self.explanation.setFocusPolicy(Qt.StrongFocus)
        self.explanation.setAccessibleDescription(self.tr("The explanation of this step of the lesson"))
        self.waiting = QLabel()
        self.waiting.setWordWrap(True)
        self.questions = QuestionList()
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"QLabel {{ color: {theme.tone('error')}; }}")
        self.error.hide()
        self.previous_button = QPushButton()
        self.next_button = QPushButton()
        self.end_button = QPushButton()

        # Layout
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.addWidget(self.explanation)
        body_layout.addWidget(self.waiting)
        body_layout.addWidget(self.questions)
        body_layout.addStretch(1)
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setWidget(body)
        buttons = QHBoxLayout()
        buttons.addWidget(self.previous_button)
        buttons.addWidget(self.position, 1, Qt.AlignCenter)
        buttons.addWidget(self.next_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.reference)
        layout.addWidget(self.scroll, 1)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        layout.addWidget(self.end_button, 0, Qt.AlignRight)
        # Wider at a projector's zoom, but never more than two fifths of the screen: the view beside it needs the rest.
        zoom.follow_font(self, lambda: self.setMinimumWidth(min(zoom.scaled(300), self._screen_share())))

        # Signals
        self.previous_button.clicked.connect(player.previous)
        self.next_button.clicked.connect(self._next)
        self.end_button.clicked.connect(player.end)
        self.questions.sig_answered.connect(self._answered)
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
        lesson, index, lang = self.player.lesson, self.player.index, language.current()
        self.error.hide()
        if lesson is None:
            self.title.setText(self.tr("No lesson yet: choose one from the Lessons menu."))
            for widget in (self.reference, self.position, self.explanation, self.waiting):
                widget.setText("")
            self.waiting.hide()
            self.questions.show_step(None, None, None)
            self.previous_button.setEnabled(False)
            self.next_button.setEnabled(False)
            self.end_button.hide()
            return
        self.end_button.show()
        self.title.setText(f"<b>{html.escape(lesson.title.get(lang))}</b>")
        self.reference.setText(lesson.source.get(lang))
        self.reference.setVisible(bool(lesson.source.en))
        self.position.setText(self.tr("Step %1 of %2").replace("%1", str(index + 1)).replace(
            "%2", str(self.player.count)))
        last = index + 1 == self.player.count
        text = self.player.step.say.get(lang)
        following = self.player.following()
        if last:
            done = self.tr("Lesson finished.")
            if following is not None:
                done += " " + self.tr("Next: %1.").replace("%1", following.title.get(lang))
            text += "\n\n" + done
        self.explanation.setText(text)
        self.questions.show_step(lesson, self.player.step, self.player.progress)
        self._fit_width()
        self._show_waiting()
        self.previous_button.setEnabled(index > 0)
        self.next_button.setText(self.tr("Next lesson ▶") if last else self.tr("Next ▶"))
        self.next_button.setEnabled(not last or following is not None)

    def _fit_width(self):
        """Room for the step's widest line that cannot wrap (a choice's label):
        the panel grows, up to WIDEST, rather than cut the text at its right edge."""
        scroll, body = self.scroll, self.scroll.widget()
        margins = body.layout().contentsMargins()
        # The boxes themselves: a layout counts a new one once it is shown, after this.
        boxes = max((box.minimumSizeHint().width() for box in self.questions.boxes), default=0)
        needed = (max(body.minimumSizeHint().width(), boxes + margins.left() + margins.right())
                  + scroll.verticalScrollBar().sizeHint().width() + 2 * scroll.frameWidth())
        scroll.setMinimumWidth(min(needed, zoom.scaled(WIDEST), self._screen_share()))

    def _screen_share(self) -> int:
        """The most the panel may take: two fifths of its screen's width."""
        return self.screen().availableGeometry().width() * 2 // 5

    def _show_waiting(self):
        waiting = self.player.waiting()
        self.waiting.setText(self.tr("Answer the prediction below: the view shows the result once you have.")
                             if waiting else "")
        self.waiting.setVisible(waiting)

    def _answered(self, _question):
        self._show_waiting()
        self.player.reveal()

    def _next(self):
        if self.player.index + 1 < self.player.count:
            self.player.next()
        elif (following := self.player.following()) is not None:
            self.player.start(following)

    def _show_error(self, message):
        self.error.setText(message)
        self.error.show()

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self.player.panel_resized()


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
