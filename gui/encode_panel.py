"""Encode/decode panel: text in -> colour-coded tokens with IDs and raw bytes;
IDs in -> strict UTF-8 decoding with every problem named.

Long texts are encoded on a worker thread (the window never freezes); a
newer edit supersedes an older result by a generation number.
"""

from __future__ import annotations

import html
from bisect import bisect_right
from itertools import accumulate

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QFileDialog, QGroupBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
    QPlainTextEdit, QPushButton, QSplitter, QTableView, QTextEdit, QVBoxLayout, QWidget,
)

from core.inspect import textinfo
from core.errors import StudioError
from core.inspect.idlist import parse_ids, read_id_file
from core.tokenizer import wrap

from . import core_text
from .canon_view import CanonView, decode_chips
from .chips import encoding_chips
from .token_strip import TokenStrip
from .token_table import TokenTableModel
from .workers import run_task

SAMPLE = "find: red key . 法国首都是巴黎。🙂 e\u0301 é Ａ A"
# Texts longer than this are encoded off the GUI thread.
THREAD_THRESHOLD = 20_000
NORMAL_FORMS_LIMIT = 5_000
HIGHLIGHT = QColor("#ffd54f")


def _encode(tokenizer, text):
    """The encoding, its chips and the UTF-16 offset of every code point."""
    encoding = wrap("byte-bpe", tokenizer).encode(text)
    chips = encoding_chips(encoding, text)
    utf16 = [0, *accumulate(2 if ord(c) > 0xFFFF else 1 for c in text)]
    return encoding, chips, utf16


class EncodePanel(QWidget):
    def __init__(self, bridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.encoding = None
        self._utf16 = [0]
        self._generation = 0
        self._task = None  # the encoding running off the GUI thread, if any
        self.token_model = TokenTableModel(self)
        self.debounce = QTimer(self, singleShot=True, interval=150)

        # Widgets
        self.tokenizer_label = QLabel()
        self.input = QPlainTextEdit()
        self.input.setPlaceholderText(self.tr("Type or paste text to encode"))
        self.counts_label = QLabel()
        self.counts_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.strip = TokenStrip()
        self.normal_label = QLabel()
        self.normal_label.setTextFormat(Qt.RichText)
        self.normal_label.setWordWrap(True)
        self.table = QTableView()
        self.table.setModel(self.token_model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.ids_edit = QLineEdit()
        self.ids_edit.setPlaceholderText(self.tr("IDs, e.g. 255 or [270, 32, 268]"))
        self.policy_box = QComboBox()
        for policy, label in (("strict", self.tr("strict (error)")), ("raw", self.tr("raw (bytes)")),
                              ("replace", self.tr("replace (display fallback)"))):
            self.policy_box.addItem(label, policy)
        self.decode_button = QPushButton(self.tr("Decode"))
        self.copy_ids_button = QPushButton(self.tr("Use the IDs above"))
        self.open_ids_button = QPushButton(self.tr("Open IDs…"))
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.banner.hide()
        self.decoded = QPlainTextEdit(readOnly=True)
        self.decoded.setMaximumBlockCount(0)
        self.decoded_strip = TokenStrip()
        self.canon_view = CanonView(self.decoded_strip)

        # Layout
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.tokenizer_label)
        top_layout.addWidget(self.input, 1)
        top_layout.addWidget(self.counts_label)
        top_layout.addWidget(self.strip, 2)
        top_layout.addWidget(self.normal_label)
        decode_box = QGroupBox(self.tr("Decode IDs"))
        decode_layout = QVBoxLayout(decode_box)
        row = QHBoxLayout()
        row.addWidget(self.ids_edit, 1)
        row.addWidget(QLabel(self.tr("Invalid UTF-8:")))
        row.addWidget(self.policy_box)
        row.addWidget(self.decode_button)
        row.addWidget(self.copy_ids_button)
        row.addWidget(self.open_ids_button)
        decode_layout.addLayout(row)
        decode_layout.addWidget(self.banner)
        decode_layout.addWidget(self.canon_view, 1)
        decode_layout.addWidget(self.decoded, 1)
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(self.table)
        splitter.addWidget(decode_box)
        splitter.setSizes([380, 160, 260])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        # Signals
        self.input.textChanged.connect(self.debounce.start)
        self.debounce.timeout.connect(self.encode_now)
        self.input.cursorPositionChanged.connect(self._cursor_moved)
        self.strip.sig_token_clicked.connect(self._select_token)
        self.strip.sig_token_hovered.connect(self._hover_token)
        self.table.selectionModel().currentRowChanged.connect(lambda current, _: self._select_token(current.row()))
        self.decode_button.clicked.connect(self.decode_now)
        self.ids_edit.returnPressed.connect(self.decode_now)
        self.policy_box.currentIndexChanged.connect(self.decode_now)
        self.copy_ids_button.clicked.connect(self._use_encoded_ids)
        self.open_ids_button.clicked.connect(self._open_ids)
        bridge.sig_encoder_changed.connect(self._tokenizer_changed)  # bound: Qt drops it with this panel

        self._tokenizer_changed()
        self.input.setPlainText(SAMPLE)
        self.encode_now()

    # ==== encoding ====

    def _tokenizer_changed(self, *_encoder):
        tokenizer = self.workspace.encoder
        self.tokenizer_label.setText(self.tr("Tokenizer: %1 (vocab %2)").replace(
            "%1", self.workspace.encoder_name).replace("%2", str(tokenizer.vocab_size)))
        self.encode_now()

    def encode_now(self):
        self.debounce.stop()
        self._generation += 1
        text = self.input.toPlainText()
        tokenizer = self.workspace.encoder
        if self._task is not None:
            self._task.cancel()  # its result is stale; _task_done drops it
            self._task = None
        if len(text) < THREAD_THRESHOLD:
            try:
                result = _encode(tokenizer, text)
            except StudioError as exc:
                self._encode_failed(self._generation, core_text.error(exc))
            else:
                self._encoded(self._generation, *result)
            return
        self.counts_label.setText(self.tr("Encoding %1 characters…").replace("%1", str(len(text))))
        # A Task (QThread) rather than a Python QRunnable: the pool could free the
        # runnable while Python's collector still held its wrapper (a crash).
        self._task = run_task(lambda progress, should_stop: _encode(tokenizer, text), name="encode")
        self._task.sig_done.connect(self._task_done)
        self._task.sig_failed.connect(self._task_failed)

    def _task_done(self, result):
        if self.sender() is self._task:
            self._task = None
            self._encoded(self._generation, *result)

    def _task_failed(self, message):
        if self.sender() is self._task:
            self._task = None
            self._encode_failed(self._generation, message)

    def _encoded(self, generation, encoding, chips, utf16):
        if generation != self._generation:
            return
        self.encoding, self._utf16 = encoding, utf16
        self.strip.set_chips(chips)
        self.token_model.set_chips(chips, encoding)
        code_points = len(utf16) - 1
        size = encoding.byte_spans[-1][1] if encoding.byte_spans else 0
        self.counts_label.setText(self.tr(
            "%1 code points · %2 UTF-8 bytes = %2 base byte tokens · %3 BPE tokens").replace(
            "%1", str(code_points)).replace("%2", str(size)).replace("%3", str(len(encoding.ids))))

        self._show_normal_forms()

    def _show_normal_forms(self):
        """What NFC/NFD/NFKC/NFKD would change; this tokenizer applies none."""
        text = self.input.toPlainText()
        if len(text) > NORMAL_FORMS_LIMIT:
            self.normal_label.setText(self.tr("Normal forms: shown for inputs up to %1 characters.").replace(
                "%1", str(NORMAL_FORMS_LIMIT)))
            return
        cells = []
        for row in textinfo.normalization_report(text):
            if row.same_as_input:
                verdict = self.tr("same as the input")
            else:
                verdict = self.tr("changes it: %1 code points, %2 bytes").replace(
                    "%1", str(len(row.code_points))).replace("%2", str(row.utf8_bytes))
            cells.append(f"<b>{row.form}</b> {html.escape(verdict)}")
        self.normal_label.setText(self.tr("Normal forms (this tokenizer keeps the input exactly): ") + " · ".join(cells))

    def _encode_failed(self, generation, message):
        if generation == self._generation:
            self.counts_label.setText(self.tr("Cannot encode: %1").replace("%1", message))

    # ==== selection, both ways ====

    def _char_range(self, index):
        start, end = self.encoding.char_spans[index]
        return self._utf16[start], self._utf16[min(end, len(self._utf16) - 1)]

    def _highlight(self, index):
        selections = []
        if self.encoding is not None and 0 <= index < len(self.encoding.ids):
            start, end = self._char_range(index)
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.input.document())
            cursor.setPosition(start)
            cursor.setPosition(end, QTextCursor.KeepAnchor)
            selection.cursor = cursor
            fmt = QTextCharFormat()
            fmt.setBackground(HIGHLIGHT)
            selection.format = fmt
            selections.append(selection)
        self.input.setExtraSelections(selections)

    def _select_token(self, index):
        if self.encoding is None or not 0 <= index < len(self.encoding.ids):
            return
        if self.strip.selected != index:
            self.strip.select(index)
        if self.table.currentIndex().row() != index:
            self.table.selectRow(index)
        self._highlight(index)

    def _hover_token(self, index):
        self._highlight(index if index >= 0 else self.strip.selected)

    def token_at_char(self, char_index: int) -> int:
        starts = [s for s, _ in self.encoding.char_spans]
        return max(0, bisect_right(starts, char_index) - 1)

    def _cursor_moved(self):
        if self.encoding is None or not self.encoding.ids or self.debounce.isActive():
            return
        position = self.input.textCursor().position()
        char_index = bisect_right(self._utf16, position) - 1
        index = self.token_at_char(char_index)
        if index != self.strip.selected:
            self.strip.select(index)
            self.table.selectRow(index)

    # ==== decoding ====

    def _use_encoded_ids(self):
        if self.encoding is not None:
            self.ids_edit.setText(" ".join(map(str, self.encoding.ids)))
            self.decode_now()

    def _open_ids(self):
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open an ID list"), "",
                                              self.tr("ID lists (*.txt *.json);;All files (*)"))
        if path:
            self.load_ids_file(path)

    def load_ids_file(self, path):
        """Put the IDs of a text file (any spelling parse_ids reads) in the field and decode them."""
        try:
            ids = read_id_file(path)
        except StudioError as exc:
            self._show_banner(self.tr("Cannot read the ID list: %1").replace("%1", core_text.error(exc)), error=True)
            return
        self.ids_edit.setText(" ".join(map(str, ids)))
        self.decode_now()

    def decode_now(self):
        tokenizer = self.workspace.encoder
        policy = self.policy_box.currentData()
        text = self.ids_edit.text()
        if not text.strip():
            self.banner.hide()
            self.decoded.setPlainText("")
            self.decoded_strip.set_chips([])
            self.canon_view.clear()
            return
        try:
            ids = parse_ids(text)
        except StudioError as exc:
            self._show_banner(self.tr("Cannot read the ID list: %1").replace("%1", core_text.error(exc)), error=True)
            self.canon_view.clear()
            return
        raw = tokenizer.decode(ids, errors="raw")
        self.decoded_strip.set_chips(decode_chips(tokenizer, ids, raw.data))
        self.canon_view.check(tokenizer, ids)
        messages = [self.tr("ID %1 at position %2 is a special token (%3): it has no bytes.").replace(
            "%1", str(i)).replace("%2", str(p)).replace("%3", tokenizer.special_name(i) or "?")
            for p, i in raw.specials]
        messages += [self.tr("ID %1 at position %2 is outside the vocabulary (0–%3).").replace(
            "%1", str(i)).replace("%2", str(p)).replace("%3", str(tokenizer.vocab_size - 1))
            for p, i in raw.unknown_ids]
        problems = raw.problems
        if problems:
            what = core_text.problems(problems)
            if policy == "strict":
                messages.insert(0, self.tr("Invalid UTF-8 (policy: strict): %1. Nothing was decoded.").replace("%1", what))
                self.decoded.setPlainText("")
            elif policy == "raw":
                messages.insert(0, self.tr("Invalid UTF-8 (policy: raw): %1. Showing the raw bytes.").replace("%1", what))
                self.decoded.setPlainText(raw.data.hex(" ").upper())
            else:
                messages.insert(0, self.tr("Invalid UTF-8 (policy: replace): %1. U+FFFD is a display fallback, "
                                           "not text these IDs encode.").replace("%1", what))
                self.decoded.setPlainText(raw.data.decode("utf-8", "replace"))
        else:
            self.decoded.setPlainText(raw.data.decode("utf-8"))
        if messages:
            self._show_banner("\n".join(messages), error=bool(problems) or bool(raw.unknown_ids))
        else:
            self.banner.hide()

    def _show_banner(self, text, *, error):
        colour = "#fdecea; color: #7f0000; border: 1px solid #b00020" if error else \
            "#fff8e1; color: #5d4000; border: 1px solid #c79100"
        self.banner.setStyleSheet(f"QLabel {{ background: {colour}; padding: 6px; }}")
        self.banner.setText(("⚠ " if error else "ⓘ ") + text)
        self.banner.show()
