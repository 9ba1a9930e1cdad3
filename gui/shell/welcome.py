"""The welcome page: what the app is for, and two lessons to start with.

Shown at the first interactive start (gui/shell/app.py) and from Help → Welcome
page; closing it in any way is remembered (``settings.WELCOMED``), so it
never comes back by itself.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPushButton, QVBoxLayout

from core.errors import StudioError
from core.workspace import lessons

from . import language, settings

FIRST = "19.1"  # Four BPE merges: the algorithm on four words
REAL = "numbers"  # a lesson on the real tokenizers


class WelcomeDialog(QDialog):
    def __init__(self, window):
        super().__init__(window)
        # Attributes
        self.window = window

        # Widgets
        self.setWindowTitle(self.tr("Welcome to Subword Studio"))
        self.text = QLabel(self.tr(
            "<h3>Subword Studio</h3>"
            "<p>A workbench to learn, inspect and compare subword tokenizers, offline: train BPE on a few words "
            "and watch every merge, encode any text with the tokenizers of GPT-2, GPT-4, GPT-4o, BERT, Mistral "
            "and SentencePiece side by side, and see why a model cannot count the r's in strawberry.</p>"
            "<p>The Lessons menu walks through both, step by step, with questions the app checks against the "
            "real tokenizers. File → Open lesson opens a lesson a teacher wrote.</p>"))
        self.text.setWordWrap(True)
        self.text.setTextFormat(Qt.RichText)
        self.first_button = QPushButton()
        self.real_button = QPushButton()
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        try:
            titles = {x.id: x.title.get(language.current()) for x in lessons.shipped()}
        except StudioError:
            titles = {}
        self.first_button.setText(self.tr("Start: %1").replace("%1", titles.get(FIRST, FIRST)))
        self.real_button.setText(self.tr("Start: %1").replace("%1", titles.get(REAL, REAL)))
        self.first_button.setEnabled(FIRST in titles)
        self.real_button.setEnabled(REAL in titles)

        # Layout
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(self.first_button)
        layout.addWidget(self.real_button)
        layout.addWidget(buttons)
        self.resize(520, 300)

        # Signals
        self.first_button.clicked.connect(lambda: self._start(FIRST))
        self.real_button.clicked.connect(lambda: self._start(REAL))
        buttons.rejected.connect(self.reject)
        self.finished.connect(self._dismissed)

    def _start(self, key):
        self.accept()
        self.window.start_lesson(key)

    def _dismissed(self, _result):
        settings.write(settings.WELCOMED, 1)


def first_start() -> bool:
    """Is this the first start (the welcome page never dismissed)?"""
    return not settings.read(settings.WELCOMED)
