"""The six exercises of seed 000, section 19.8, as questions the app checks.

The student writes a pair, a segmentation, a number or a byte, or ticks
options; ``core.workspace.exercises`` computes the answer with the core each
time.  A wrong answer is never followed by the answer: the student tries
again, and the computed answer with the reference explanation of section
19.9 appears only when solved, on request, or after MAX_TRIES wrong tries.
Progress per exercise is kept across sessions (settings).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox, QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QPushButton, QVBoxLayout,
    QWidget,
)

from core.workspace import exercises
from core.errors import StudioError

from ..shell import core_text, settings, zoom
from .exercise_text import OPTIONS, QUESTIONS, REFERENCES, tr as lesson_tr

# The shape of an answer, never an answer (a test checks each against the core).
PLACEHOLDERS = {
    "pair": "x + y",
    "tokens": "n e w </w>",
    "number": "7",
    "hex": "0A",
}
MAX_TRIES = 3


class Progress:
    """Wrong tries, solved and revealed, per exercise number; stored in settings
    as ``number:tries:solved:revealed`` strings (data only)."""

    def __init__(self):
        self.tries: dict[int, int] = {}
        self.solved: set[int] = set()
        self.revealed: set[int] = set()
        for item in settings.read(settings.EXERCISE_PROGRESS):
            parts = item.split(":")
            if len(parts) != 4 or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
                continue  # a damaged entry is dropped, not fatal
            number, tries, solved, revealed = map(int, parts)
            self.tries[number] = tries
            if solved:
                self.solved.add(number)
            if revealed:
                self.revealed.add(number)

    def save(self):
        numbers = sorted(set(self.tries) | self.solved | self.revealed)
        settings.write(settings.EXERCISE_PROGRESS, [
            f"{n}:{self.tries.get(n, 0)}:{int(n in self.solved)}:{int(n in self.revealed)}" for n in numbers])

    def done(self, number: int) -> bool:
        return number in self.solved or number in self.revealed

    def csv_rows(self) -> list[tuple]:
        """The exercises tried, as rows of File → Export progress (gui/lessons/progress.py)."""
        return [("exercises", "Exercises (Chapter 19, §19.8)", str(e.number), e.kind, "", "", int(e.number in self.solved),
                 self.tries.get(e.number, 0)) for e in exercises.EXERCISES
                if e.number in self.tries or e.number in self.solved or e.number in self.revealed]


class ExerciseDialog(QDialog):
    def __init__(self, player=None, parent=None):
        super().__init__(parent)
        # Attributes
        self.player = player  # a LessonPlayer, to replay the lesson behind an exercise
        self.exercise = exercises.EXERCISES[0]
        self.progress = Progress()

        # Widgets
        self.setWindowTitle(self.tr("Exercises (Chapter 19, §19.8)"))
        self.list = QListWidget()
        for exercise in exercises.EXERCISES:
            self.list.addItem("")
        zoom.follow_font(self.list, lambda: self.list.setMaximumWidth(zoom.scaled(200)))
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.answer = QLineEdit()
        self.boxes = {key: QCheckBox(lesson_tr(OPTIONS[key])) for key in exercises.SWAP_OPTIONS}
        self.check_button = QPushButton(self.tr("Check"))
        self.check_button.setDefault(True)  # Enter in the answer field checks it
        self.reveal_button = QPushButton(self.tr("Show the answer"))
        self.replay_button = QPushButton(self.tr("Replay the lesson"))
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.reference = QLabel()
        self.reference.setWordWrap(True)
        self.reference.setTextInteractionFlags(Qt.TextSelectableByMouse)
        close = QDialogButtonBox(QDialogButtonBox.Close)

        # Layout
        choices = QWidget()
        choices_layout = QVBoxLayout(choices)
        choices_layout.setContentsMargins(0, 0, 0, 0)
        for box in self.boxes.values():
            choices_layout.addWidget(box)
        self.choices = choices
        buttons = QHBoxLayout()
        buttons.addWidget(self.check_button)
        buttons.addWidget(self.reveal_button)
        buttons.addWidget(self.replay_button)
        buttons.addStretch(1)
        right = QVBoxLayout()
        right.addWidget(self.question)
        right.addWidget(self.answer)
        right.addWidget(self.choices)
        right.addLayout(buttons)
        right.addWidget(self.verdict)
        right.addWidget(self.reference, 1, Qt.AlignTop)
        body = QHBoxLayout()
        body.addWidget(self.list)
        body.addLayout(right, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(body, 1)
        layout.addWidget(close)
        self.resize(720, 420)

        # Signals
        self.list.currentRowChanged.connect(self.show_exercise)
        self.check_button.clicked.connect(self.check)
        self.reveal_button.clicked.connect(self.reveal)
        self.replay_button.clicked.connect(self._replay)
        self.replay_button.setEnabled(player is not None)
        close.rejected.connect(self.reject)
        self._label_items()
        self.list.setCurrentRow(0)

    def _label_items(self):
        for row, exercise in enumerate(exercises.EXERCISES):
            number = exercise.number
            label = self.tr("Exercise %1").replace("%1", str(number))
            if number in self.progress.solved:
                label += " ✔"
            elif number in self.progress.revealed:
                label += " " + self.tr("(answer shown)")
            elif self.progress.tries.get(number):
                label += " · " + self.tr("%n wrong tries", "", self.progress.tries[number])
            self.list.item(row).setText(label)

    def show_exercise(self, row: int):
        if row < 0:
            return
        self.exercise = exercise = exercises.EXERCISES[row]
        self.question.setText(f"<b>{html.escape(self.tr('Exercise %1').replace('%1', str(exercise.number)))}</b>"
                              f"<br>{html.escape(lesson_tr(QUESTIONS[exercise.number]))}")
        choosing = exercise.kind == "choices"
        self.answer.setVisible(not choosing)
        self.choices.setVisible(choosing)
        self.answer.clear()
        self.answer.setPlaceholderText(self.tr("e.g. %1").replace("%1", PLACEHOLDERS.get(exercise.kind, "")))
        for box in self.boxes.values():
            box.setChecked(False)
        self._say("", None)
        self.reference.setText("")

    def given(self):
        """The student's answer: the text typed, or the ticked option keys."""
        if self.exercise.kind == "choices":
            return [key for key, box in self.boxes.items() if box.isChecked()]
        return self.answer.text()

    def check(self):
        """Check the answer; a wrong one counts a try and reveals nothing
        until the last try."""
        exercise = self.exercise
        try:
            verdict = exercise.check(self.given())
        except StudioError as exc:
            self._say(self.tr("The core could not compute the answer: %1").replace("%1", core_text.error(exc)), False)
            return None
        number = exercise.number
        if verdict.ok:
            self.progress.solved.add(number)
            self._show_answer(verdict, self.tr("✔ Correct: the core computes %1."))
        else:
            tries = self.progress.tries[number] = self.progress.tries.get(number, 0) + 1
            if tries >= MAX_TRIES and not self.progress.done(number):
                self.progress.revealed.add(number)
                self._show_answer(verdict, self.tr("✘ Not quite, %n tries: the core computes %1.", "", tries))
            elif self.progress.done(number):
                self._show_answer(verdict, self.tr("✘ Not quite: the core computes %1."))
            else:
                self._say(self.tr("✘ Not quite. Try again (%1 of %n tries used), or replay the lesson.", "",
                                  MAX_TRIES).replace("%1", str(tries)), False)
        self.progress.save()
        self._label_items()
        return verdict

    def reveal(self):
        """Show the computed answer and the reference without a check."""
        exercise = self.exercise
        try:
            expected = exercise.expected()
        except StudioError as exc:
            self._say(self.tr("The core could not compute the answer: %1").replace("%1", core_text.error(exc)), False)
            return
        if exercise.number not in self.progress.solved:
            self.progress.revealed.add(exercise.number)
        self.progress.save()
        self._label_items()
        self._show_answer(None, self.tr("The core computes %1."), expected)

    def _show_answer(self, verdict, template, expected=None):
        exercise = self.exercise
        expected = verdict.expected if verdict is not None else expected
        shown = exercises.show(exercise.kind, expected) if exercise.kind != "choices" else \
            ", ".join(lesson_tr(OPTIONS[key]) for key in exercises.SWAP_OPTIONS if key in expected)
        self._say(template.replace("%1", shown), True if verdict is None else verdict.ok)
        self.reference.setText("<b>" + html.escape(self.tr("Reference (§19.9)")) + "</b><br>"
                               + html.escape(lesson_tr(REFERENCES[exercise.number])))

    def _say(self, text, ok):
        """The verdict line: green when ok, red when not, no box when empty."""
        if not text:
            self.verdict.setStyleSheet("")
            self.verdict.setText("")
            return
        colour = "background: #e8f5e9; color: #1b5e20; border: 1px solid #2e7d32" if ok else \
            "background: #fdecea; color: #7f0000; border: 1px solid #b00020"
        self.verdict.setStyleSheet(f"QLabel {{ {colour}; padding: 6px; }}")
        self.verdict.setText(text)

    def _replay(self):
        self.player.start(self.exercise.lesson)
