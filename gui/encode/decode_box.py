"""The decode side of the encode/decode panel: IDs in, text out, with every
UTF-8 problem named (a banner gives the byte and its offset under the chosen
policy), the IDs as chips, and the canonical-list check beside them.

Works for every kind through the one interface: ``Tokenizer.decode(ids,
errors="raw")`` gives the bytes, the problems, the specials and the unknown
IDs; the policy only changes what the text box shows.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFileDialog, QGroupBox, QLabel, QLineEdit, QPlainTextEdit, QPushButton, \
    QVBoxLayout

from core.errors import StudioError
from core.inspect.idlist import parse_ids, read_id_file

from ..shell import core_text, files
from ..shell.workers import run_task
from ..widgets import accessible
from ..widgets.flow_layout import FlowLayout, labelled
from ..widgets.token_strip import TokenStrip
from . import texts
from .canon_view import CanonView, decode_chips


THREAD_IDS = 50_000  # longer lists decode in a worker


def _decoded(tokenizer, ids) -> tuple:
    """The raw DecodeResult of ``ids`` and their chips (pure: runs on a worker thread for long lists)."""
    return tokenizer.decode(ids, errors="raw"), decode_chips(tokenizer, ids)


class DecodeBox(QGroupBox):
    def __init__(self, choice, parent=None):
        super().__init__(parent)
        # Attributes
        self.choice = choice  # the panel's tokenizer (gui/encode/choice.py)
        self.result = None  # the last DecodeResult (raw policy), or None
        self._held: list[int] | None = None  # a list too long for the field, decoded while the field is empty
        self._generation = 0  # a decode in a worker shows its result only if nothing newer started
        self.task = None

        # Widgets
        self.setTitle(self.tr("Decode IDs"))
        self.ids_edit = QLineEdit()
        self.ids_edit.setPlaceholderText(self._hint())
        self.policy_box = QComboBox()
        for policy, label in (("strict", self.tr("strict (error)")), ("raw", self.tr("raw (bytes)")),
                              ("replace", self.tr("replace (display fallback)"))):
            self.policy_box.addItem(label, policy)
        self.policy_box.setToolTip(self.tr("What decoding does with bytes that are not valid UTF-8"))
        self.decode_button = QPushButton(self.tr("Decode"))
        self.decode_button.setToolTip(self.tr("Decode the IDs in the field with the panel's tokenizer"))
        self.copy_ids_button = QPushButton(self.tr("Use the IDs above"))
        self.copy_ids_button.setToolTip(self.tr("Put the IDs of the encoded text in the field and decode them"))
        self.open_ids_button = QPushButton(self.tr("Open IDs…"))
        self.open_ids_button.setToolTip(self.tr("Read a list of IDs from a text or JSON file and decode it"))
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.banner.hide()
        self.decoded = QPlainTextEdit(readOnly=True)
        accessible.describe(self.decoded, self.tr("Decoded text"),
                            self.tr("The text the IDs decode to, under the chosen policy for invalid UTF-8"))
        self.decoded_strip = TokenStrip()
        self.decoded_strip.setAccessibleName(self.tr("Tokens of the IDs"))
        self.canon_view = CanonView(self.decoded_strip)

        # Layout
        layout = QVBoxLayout(self)
        row = FlowLayout()  # wraps at a projector's zoom
        row.addWidget(labelled(QLabel(self.tr("IDs:")), self.ids_edit, 1), 1)
        row.addWidget(labelled(QLabel(self.tr("Invalid UTF-8:")), self.policy_box))
        row.addWidget(self.decode_button)
        row.addWidget(self.copy_ids_button)
        row.addWidget(self.open_ids_button)
        layout.addLayout(row)
        layout.addWidget(self.banner)
        layout.addWidget(self.canon_view, 1)
        layout.addWidget(self.decoded, 1)

        # Signals
        self.decode_button.clicked.connect(self.decode_now)
        self.ids_edit.returnPressed.connect(self.decode_now)
        self.policy_box.currentIndexChanged.connect(self.decode_now)
        self.open_ids_button.clicked.connect(self._open_ids)
        self.ids_edit.textEdited.connect(self._typed)

    def view_state(self) -> dict:
        """The invalid-UTF-8 policy and whether a result was on show (the IDs
        are typed text, kept as such; a list too long for the field is not)."""
        return {"policy": self.policy_box.currentData(),
                "shown": self.result is not None or self.banner.isVisible()}

    def restore_view_state(self, state: dict) -> None:
        index = self.policy_box.findData(state.get("policy"))
        if index >= 0:
            self.policy_box.blockSignals(True)
            self.policy_box.setCurrentIndex(index)
            self.policy_box.blockSignals(False)
        if state.get("shown") is True and self.ids_edit.text().strip():
            self.decode_now()  # the result shown before, under the tokenizer in use now

    def _hint(self) -> str:
        return self.tr("IDs, e.g. 255 or [270, 32, 268]")

    def set_ids(self, ids) -> None:
        """Decode ``ids``; a list longer than the field can hold (a file, a
        megabyte's encoding) is kept whole and named in the empty field: the
        field would silently cut it at its 32,767 characters."""
        limit = self.ids_edit.maxLength()
        text = " ".join(map(str, ids)) if 2 * len(ids) - 1 <= limit else None
        if text is not None and len(text) <= limit:
            self._held = None
            self.ids_edit.setText(text)
            self.ids_edit.setPlaceholderText(self._hint())
        else:
            self._held = list(ids)
            self.ids_edit.clear()
            self.ids_edit.setPlaceholderText(self.tr("%1 IDs, too many to show here (typing replaces them)").replace(
                "%1", f"{len(ids):,}"))
        self.decode_now()

    def _typed(self, _text):
        if self._held is not None:
            self._held = None
            self.ids_edit.setPlaceholderText(self._hint())

    def _open_ids(self):
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open an ID list"), "",
                                              self.tr("ID lists (*.txt *.json);;All files (*)"))
        if path:
            self.load_ids_file(path)

    def load_ids_file(self, path):
        """Read the IDs of a text file (any spelling parse_ids reads) in a worker,
        then put them in the field and decode them; returns the reading task."""
        # A failure leaves the field with its list, and the result stays with it.
        return files.read_in_worker(
            self, self.tr("Reading %1…").replace("%1", Path(path).name), lambda: read_id_file(path), self.set_ids,
            lambda message: self._show_banner(self.tr("Cannot read the ID list: %1").replace("%1", message),
                                              error=True), name="read IDs")

    def clear(self):
        self._generation += 1
        self.result = None
        self.banner.hide()
        self.decoded.setPlainText("")
        self.decoded_strip.set_chips([])
        self.canon_view.clear()

    def decode_now(self):
        if self._held is not None and not self.ids_edit.text().strip():
            ids = self._held
        elif not self.ids_edit.text().strip():
            self.clear()
            return
        else:
            try:
                ids = parse_ids(self.ids_edit.text())
            except StudioError as exc:
                self._cannot(self.tr("Cannot read the ID list: %1").replace("%1", core_text.error(exc)))
                return
        self._generation += 1
        generation = self._generation
        try:
            tokenizer = self.choice.tokenizer
            if len(ids) <= THREAD_IDS:
                self._show(generation, tokenizer, ids, *_decoded(tokenizer, ids))
                return
        except StudioError as exc:
            self._cannot(self.tr("Cannot decode: %1").replace("%1", core_text.error(exc)))
            return
        if self.task is not None:
            self.task.cancel()
        self._show_banner(self.tr("Decoding %1 IDs…").replace("%1", f"{len(ids):,}"), error=False)
        self.task = run_task(lambda progress, should_stop: _decoded(tokenizer, ids), name="decode")
        self.task.sig_done.connect(lambda result: self._show(generation, tokenizer, ids, *result))
        self.task.sig_failed.connect(lambda message: generation == self._generation and self._cannot(
            self.tr("Cannot decode: %1").replace("%1", message)))

    def _show(self, generation, tokenizer, ids, raw, chips):
        if generation != self._generation:
            return
        policy = self.policy_box.currentData()
        self.result = raw
        self.decoded_strip.set_chips(chips)
        self.canon_view.check(tokenizer, ids)
        messages = texts.decode_messages(tokenizer, raw)
        if raw.problems:
            messages.insert(0, texts.invalid_utf8(policy, raw.problems))
            shown = {"strict": "", "raw": raw.data.hex(" ").upper()}.get(policy)
            self.decoded.setPlainText(raw.data.decode("utf-8", "replace") if shown is None else shown)
        else:
            self.decoded.setPlainText(raw.data.decode("utf-8"))
        if messages:
            self._show_banner("\n".join(messages), error=bool(raw.problems) or bool(raw.unknown_ids))
        else:
            self.banner.hide()

    def _cannot(self, message):
        """A list that cannot be decoded at all: say why, and show no stale result."""
        self._generation += 1
        self.result = None
        self.decoded.setPlainText("")
        self.decoded_strip.set_chips([])
        self.canon_view.clear()
        self._show_banner(message, error=True)

    def _show_banner(self, text, *, error):
        colour = "#fdecea; color: #7f0000; border: 1px solid #b00020" if error else \
            "#fff8e1; color: #5d4000; border: 1px solid #c79100"
        self.banner.setStyleSheet(f"QLabel {{ background: {colour}; padding: 6px; }}")
        self.banner.setText(("⚠ " if error else "ⓘ ") + text)
        self.banner.show()
