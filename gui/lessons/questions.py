"""One lesson question in the lesson panel: the student answers, the core checks.

The answer the student gives is compared with what the core computes now
with the tokenizers the lesson names (core.workspace.questions), off the GUI
thread: opening o200k_base takes seconds the first time.  A prediction
(``predict = true``) is revealed with the core's answer as soon as the
student commits to one, and its step's view then shows; any other question
says only "not quite" until it is right or the student asks for the answer.
Answers are kept per lesson and question (gui/lessons/progress.py).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QButtonGroup, QFrame, QHBoxLayout, QLabel, QLineEdit, QPushButton, QRadioButton, QVBoxLayout, QWidget,
)

from core.errors import StudioError
from core.workspace import questions

from ..shell import core_text, language, theme
from ..shell.workers import run_task

# The shape of an answer, never an answer.
PLACEHOLDERS = {"number": "7", "ids": "12 345 6789", "tokens": "ab ␣cd e", "segmentation": "ab|c|de"}


def _wrapped(text="", *, rich=False) -> QLabel:
    """A label that wraps; a lesson's own text is plain: its "<s>" or "</s>" is
    the token's text, never a tag (Qt would guess rich text and strike it out)."""
    label = QLabel(text)
    label.setTextFormat(Qt.RichText if rich else Qt.PlainText)
    label.setWordWrap(True)
    label.setTextInteractionFlags(Qt.TextSelectableByMouse)
    return label


class QuestionBox(QFrame):
    sig_answered = Signal(str)
    """The student committed to an answer (argument: the question's ID)."""

    def __init__(self, lesson, question, progress, parent=None):
        super().__init__(parent)
        # Attributes
        self.lesson, self.question, self.progress = lesson, question, progress
        self.task = None  # the core computing the answer, while it does
        self._given = ""  # the answer being checked, as typed (or the option key)
        lang = language.current()

        # Widgets
        self.setFrameShape(QFrame.StyledPanel)
        self.ask = _wrapped(rich=True)  # the tag in bold, the question escaped
        self.answer = QLineEdit()
        self.answer.setPlaceholderText(self.tr("e.g. %1").replace("%1", PLACEHOLDERS.get(question.kind, "")))
        self.choices = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        for option in question.options:
            button = QRadioButton(option.label.get(lang) or questions.show(question, option.value))
            button.setProperty("key", option.key)
            self.choices.addButton(button)
            self.buttons[option.key] = button
        self.check_button = QPushButton(self.tr("Check"))
        self.reveal_button = QPushButton(self.tr("Show the answer"))
        self.verdict = _wrapped()
        self.explain = _wrapped()
        self.explain.hide()

        # Layout
        layout = QVBoxLayout(self)
        layout.addWidget(self.ask)
        if question.kind == "choose":
            for button in self.buttons.values():
                layout.addWidget(button)
            self.answer.hide()
        layout.addWidget(self.answer)
        row = QHBoxLayout()
        row.addWidget(self.check_button)
        row.addWidget(self.reveal_button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addWidget(self.verdict)
        layout.addWidget(self.explain)

        # Signals
        self.check_button.clicked.connect(self.check)
        self.answer.returnPressed.connect(self.check)
        self.reveal_button.clicked.connect(self.reveal)
        self._fill()

    def _fill(self):
        lang = language.current()
        tag = self.tr("Predict first") if self.question.predict else self.tr("Question")
        self.ask.setText(f"<b>{html.escape(tag)}</b><br>{html.escape(self.question.ask.get(lang))}")
        # A screen reader names the answer field by the question it answers.
        self.answer.setAccessibleName(self.question.ask.get(lang))
        self.answer.setAccessibleDescription(tag)
        self.reveal_button.setVisible(not self.question.predict)
        entry = self.progress.get(self.lesson.id, self.question.id)
        if entry is not None:  # answered before: as it was left
            if self.question.kind == "choose":
                button = self.buttons.get(entry["answer"])
                if button is not None:
                    button.setChecked(True)
            else:
                self.answer.setText(entry["answer"])
            if entry["ok"] or self.question.predict or entry["shown"]:
                self._show_answer(entry["ok"], entry["expected"])

    def given(self) -> str:
        """The answer as given: the text typed, or the key of the option picked."""
        if self.question.kind == "choose":
            button = self.choices.checkedButton()
            return button.property("key") if button is not None else ""
        return self.answer.text()

    # ==== checking, off the GUI thread ====

    def check(self):
        if self.task is not None:
            return
        given = self.given()
        try:
            questions.parse(self.question, given)
        except ValueError as exc:
            self._say(self.tr("Cannot read that answer: %1").replace("%1", core_text.error(exc)
                                                                       if isinstance(exc, StudioError) else str(exc)),
                      False)
            return
        self._given = given
        self._compute(self._checked)

    def reveal(self):
        """Show the core's answer without a check (counted as not right)."""
        if self.task is None:
            self._compute(self._revealed)

    def _compute(self, done):
        lesson, question = self.lesson, self.question
        self.check_button.setEnabled(False)
        self.reveal_button.setEnabled(False)
        self._say(self.tr("The core is working it out…"), None)
        self.task = run_task(lambda progress, stop: questions.compute(lesson, question), name="question")
        self._done = done
        # Bound methods: Qt drops them with this box when the step changes meanwhile.
        self.task.sig_done.connect(self._task_done)
        self.task.sig_failed.connect(self._task_failed)
        self.task.sig_ended.connect(self._task_ended)

    def _task_done(self, value):
        self._done(value)

    def _task_failed(self, message):
        self._say(self.tr("The core could not compute the answer: %1").replace("%1", message), False)

    def _task_ended(self):
        self.task = None
        self.check_button.setEnabled(True)
        self.reveal_button.setEnabled(True)

    def _checked(self, value):
        question = self.question
        ok = questions.matches(question, questions.parse(question, self._given), value)
        shown = questions.show(question, value)
        entry = self.progress.record(self.lesson.id, question.id, self._given, ok, shown)
        if ok or question.predict:
            self._show_answer(ok, shown)
        else:
            self._say(self.tr("✘ Not quite (%n tries). Try again, or show the answer.", "", entry["tries"]), False)
        self.sig_answered.emit(question.id)

    def _revealed(self, value):
        shown = questions.show(self.question, value)
        entry = self.progress.get(self.lesson.id, self.question.id)
        if entry is None or not entry["ok"]:
            self.progress.record(self.lesson.id, self.question.id, self.given(), False, shown, shown=True)
        self._show_answer(entry is not None and entry["ok"], shown)
        self.sig_answered.emit(self.question.id)

    def _show_answer(self, ok: bool, shown: str):
        template = self.tr("✔ Right: the core computes %1.") if ok else self.tr("The core computes %1.")
        self._say(template.replace("%1", shown), ok if ok else None)
        explain = self.question.explain.get(language.current())
        self.explain.setText(explain)
        self.explain.setVisible(bool(explain))

    def _say(self, text, ok):
        """The verdict line: green when right, red when not, plain otherwise."""
        if not text:
            self.verdict.setStyleSheet("")
        elif ok is None:
            self.verdict.setStyleSheet("")
        else:
            tone = theme.tone("ok" if ok else "error")
            self.verdict.setStyleSheet(f"QLabel {{ color: {tone}; }}")
        self.verdict.setText(text)


class QuestionList(QWidget):
    """The questions of one step, one box each."""

    sig_answered = Signal(str)
    """A question of this step was answered (its ID)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.boxes: list[QuestionBox] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    def show_step(self, lesson, step, progress) -> None:
        for box in self.boxes:
            box.hide()
            box.deleteLater()
        self.boxes = []
        if lesson is not None and step is not None:
            for question in step.questions:
                box = QuestionBox(lesson, question, progress, self)
                box.sig_answered.connect(self.sig_answered)
                self._layout.addWidget(box)
                self.boxes.append(box)
        self.setVisible(bool(self.boxes))
