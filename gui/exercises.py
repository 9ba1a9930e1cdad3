"""The six exercises of seed 000, section 19.8, as questions the app checks.

The student writes a pair, a segmentation, a number or a byte, or ticks
options; ``core.workspace.lessons`` computes the answer with the core each time, and
the reference explanation of section 19.9 is shown after a check.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox, QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QLineEdit, QListWidget, QPushButton, QVBoxLayout,
    QWidget,
)

from core.workspace import lessons
from core.errors import StudioError

from . import core_text
from .lesson_text import OPTIONS, QUESTIONS, REFERENCES, tr as lesson_tr

PLACEHOLDERS = {
    "pair": "w + </w>",
    "tokens": "low er </w>",
    "number": "12",
    "hex": "0A",
}


class ExerciseDialog(QDialog):
    def __init__(self, player=None, parent=None):
        super().__init__(parent)
        # Attributes
        self.player = player  # a LessonPlayer, to replay the lesson behind an exercise
        self.exercise = lessons.EXERCISES[0]

        # Widgets
        self.setWindowTitle(self.tr("Exercises (seed 000, §19.8)"))
        self.list = QListWidget()
        for exercise in lessons.EXERCISES:
            self.list.addItem(self.tr("Exercise %1").replace("%1", str(exercise.number)))
        self.list.setMaximumWidth(160)
        self.question = QLabel()
        self.question.setWordWrap(True)
        self.answer = QLineEdit()
        self.boxes = {key: QCheckBox(lesson_tr(OPTIONS[key])) for key in lessons.SWAP_OPTIONS}
        self.check_button = QPushButton(self.tr("Check"))
        self.check_button.setDefault(True)  # Enter in the answer field checks it
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
        self.replay_button.clicked.connect(self._replay)
        self.replay_button.setEnabled(player is not None)
        close.rejected.connect(self.reject)
        self.list.setCurrentRow(0)

    def show_exercise(self, row: int):
        if row < 0:
            return
        self.exercise = exercise = lessons.EXERCISES[row]
        self.question.setText(f"<b>{html.escape(self.tr('Exercise %1').replace('%1', str(exercise.number)))}</b>"
                              f"<br>{html.escape(lesson_tr(QUESTIONS[exercise.number]))}")
        choosing = exercise.kind == "choices"
        self.answer.setVisible(not choosing)
        self.choices.setVisible(choosing)
        self.answer.clear()
        self.answer.setPlaceholderText(self.tr("e.g. %1").replace("%1", PLACEHOLDERS.get(exercise.kind, "")))
        for box in self.boxes.values():
            box.setChecked(False)
        self.verdict.setText("")
        self.reference.setText("")

    def given(self):
        """The student's answer: the text typed, or the ticked option keys."""
        if self.exercise.kind == "choices":
            return [key for key, box in self.boxes.items() if box.isChecked()]
        return self.answer.text()

    def check(self):
        exercise = self.exercise
        try:
            verdict = exercise.check(self.given())
        except StudioError as exc:
            self.verdict.setText(self.tr("The core could not compute the answer: %1").replace(
                "%1", core_text.error(exc)))
            return None
        shown = verdict.shown
        if exercise.kind == "choices":
            shown = ", ".join(lesson_tr(OPTIONS[key]) for key in lessons.SWAP_OPTIONS if key in verdict.expected)
        if verdict.ok:
            text = self.tr("✔ Correct: the core computes %1.").replace("%1", shown)
            colour = "background: #e8f5e9; color: #1b5e20; border: 1px solid #2e7d32"
        else:
            text = self.tr("✘ Not quite: the core computes %1.").replace("%1", shown)
            colour = "background: #fdecea; color: #7f0000; border: 1px solid #b00020"
        self.verdict.setStyleSheet(f"QLabel {{ {colour}; padding: 6px; }}")
        self.verdict.setText(text)
        self.reference.setText("<b>" + html.escape(self.tr("Reference (§19.9)")) + "</b><br>"
                               + html.escape(lesson_tr(REFERENCES[exercise.number])))
        return verdict

    def _replay(self):
        self.player.start(self.exercise.lesson)
