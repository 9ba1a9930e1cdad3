"""Encode/decode panel: text in -> colour-coded tokens with IDs and raw bytes;
IDs in -> strict UTF-8 decoding with every problem named.  Any tokenizer
the workspace holds, chosen in the selector, through the one interface.

An open asset, or a built-in tokenizer just picked, is encoded by the
engine core.engines serves it with (gui/shell/serving.py): the IDs from a native
library checked exact, or the reference, as pinned; the engine line names
it (``Engine: tiktoken 0.14.0 (checked exact)``) and the pin beside it
chooses.  Serving it the first time runs in a worker (seconds: the
probes); meanwhile an open asset's reference encodes a short text, and a
long one waits rather than be encoded twice.  A demotion found then is
told once, in the window's status bar.  The classroom tokenizer and the
trained models are the reference's.

Long texts are encoded on a worker thread (the window never freezes); a
newer edit supersedes an older result by a generation number.  The kinds
that run the staged pipeline (imported BPE, WordPiece, Unigram, char BPE)
are about ten times slower than our byte-level BPE, so they go to the
thread sooner.  A tokenizer's encode cannot be interrupted, so at most one
encoding runs: a newer text waits for it, and its stale result is dropped.
"""

from __future__ import annotations

import re
import traceback
from bisect import bisect_right
from collections import Counter
from dataclasses import dataclass
from itertools import accumulate
from operator import add

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView, QCheckBox, QComboBox, QHBoxLayout, QHeaderView, QLabel, QPlainTextEdit, QPushButton, QSplitter, QTableView, QTextEdit, QVBoxLayout, QWidget,
)

from core.errors import Cancelled, StudioError
from core.inspect import textinfo
from core.slices import STEP, extend
from core.engines.served import Served
from core.tokenizer import specials
from core.tokenizer.base import SPECIAL

from ..shell import core_text, serving, zoom
from ..shell.shelf_open import opener_for
from ..shell.workers import run_task
from ..widgets import accessible
from ..widgets.chips import encoding_chips
from ..widgets.flow_layout import FlowLayout, VerticalScroll, WrappedLabel, labelled
from ..widgets.token_strip import TokenStrip, distinct_chips
from . import texts
from .choice import OwnChoice, WorkspaceChoice
from .chooser import TokenizerChooser
from .decode_box import DecodeBox
from .table import TokenTableModel

SAMPLE = "find: red key . 法国首都是巴黎。🙂 e\u0301 é Ａ A"
# Texts from this long on are encoded off the GUI thread, whatever the kind.
# A shorter one, chips and all, takes 3-9 ms with a shelf tokenizer, by
# engine or reference, every word new or not (measured 2026-12-06).
THREAD_THRESHOLD = 1_000
NORMAL_FORMS_LIMIT = 5_000
HIGHLIGHT = QColor("#ffd54f")
COLUMN_CHARS = (6, 8, 16, 16, 26, 12, 12)  # the token table's columns, in digits


@dataclass(frozen=True)
class Encoded:
    """One text's encoding and everything the panel shows of it."""

    encoding: object  # core.tokenizer.Encoding
    chips: list
    distinct: tuple  # token_strip.distinct_chips of the chips (worked out here, not on the GUI thread)
    utf16: list  # the UTF-16 offset of every code point, and the end
    size: int  # UTF-8 bytes of the input
    report: tuple | None  # textinfo.normalization_report, for short inputs
    decoded: str | None  # what decoding the tokens gives back, for short inputs
    expected: str | None  # the input without its specials (they decode to nothing)
    positions: list | None  # the input's character index of each character of ``expected``
    flag_counts: dict  # how many tokens carry each flag (counted here, not on the GUI thread)
    text: str  # what was encoded
    specials: bool  # with the post-processor's specials added
    spelled: list  # (start, end, name) of the specials' texts in the text (core.tokenizer.specials.occurrences)
    read_specials: bool | None  # were they read as control tokens (None: as the tokenizer always does)


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


def utf16_offsets(text: str):
    """Qt's (UTF-16) position of each character boundary of ``text``: a range
    when no character lies beyond U+FFFF (each of those takes two units),
    else a list, built a slice at a time so no C call holds the GIL long."""
    if not _ASTRAL.search(text):
        return range(len(text) + 1)
    return extend([0], map(add, range(1, len(text) + 1), accumulate(map((0xFFFF).__lt__, map(ord, text)))))


def specials_origin(tokenizer) -> str:
    """Whose rule for specials in the text is this tokenizer's (core.tokenizer.specials.DEFAULTS)."""
    return tokenizer.origin if isinstance(tokenizer, Served) else "text"


def reads_specials_by_choice(tokenizer) -> bool:
    """Can the panel choose how this tokenizer reads a special's text in the
    input (an engine-served tokenizer follows a policy; the classroom and
    trained ones always read it as text)?"""
    return isinstance(tokenizer, Served)


def encode_text(tokenizer, text: str, should_stop=lambda: False, add_special_tokens: bool = False,
                read_specials: bool = False) -> Encoded:
    """Encode ``text`` and prepare its chips (pure: runs on a worker thread).
    ``read_specials``: read the specials' texts in ``text`` as control
    tokens (tiktoken's ``allowed_special="all"``), else as ordinary text,
    never an error: the panel marks them instead."""
    names = [name for name, _ in tokenizer.specials]
    spelled = specials.occurrences(text, names)
    if reads_specials_by_choice(tokenizer):
        encoding = tokenizer.encode(text, add_special_tokens=add_special_tokens, disallowed=frozenset(),
                                    allowed=frozenset(names) if read_specials else frozenset())
    else:
        encoding, read_specials = tokenizer.encode(text, add_special_tokens=add_special_tokens), None
    if should_stop():
        raise Cancelled()
    chips = encoding_chips(encoding, text, spelled)
    utf16 = utf16_offsets(text)
    size = len(text.encode("utf-8", "surrogatepass"))
    report = decoded = expected = positions = None
    if len(text) <= NORMAL_FORMS_LIMIT:
        report = tuple(textinfo.normalization_report(text))
        special = [span for span, flag in zip(encoding.char_spans, encoding.flags) if flag == SPECIAL]
        positions = [i for i in range(len(text)) if not any(a <= i < b for a, b in special)]
        expected = "".join(text[i] for i in positions)
        # Specials decode to nothing here, as ``expected`` has them.
        skip = {"keep_specials": False} if reads_specials_by_choice(tokenizer) else {}
        try:
            decoded = tokenizer.decode(list(encoding.ids), errors="replace", **skip).text
        except StudioError:
            decoded = None  # the normal forms line then claims nothing about the round trip
    flags = Counter()
    for at in range(0, len(encoding.flags), STEP):  # a slice at a time: the GUI thread gets the GIL between
        flags.update(encoding.flags[at:at + STEP])
    return Encoded(encoding, chips, distinct_chips(chips), utf16, size, report, decoded, expected, positions,
                   flags, text, add_special_tokens, spelled, read_specials)


class EncodePanel(QWidget):
    def __init__(self, bridge, parent=None, *, own_tokenizer: str | None = None, own_engine: str = "auto"):
        """``own_tokenizer``: None follows the workspace's encoder (the main
        window's panel); a held key gives this panel a choice of its own,
        starting there, with ``own_engine`` pinned (a panel in a new window;
        see choice.py)."""
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        if own_tokenizer is None:
            self.choice = WorkspaceChoice(bridge, self)
        else:
            self.choice = OwnChoice(bridge, own_tokenizer, self, engine=own_engine)
        self.server = serving.server_for(self.workspace)
        self.outcome = None  # the serving.Outcome in use, None while the reference serves
        self._waiting = None  # (source, pin) being served for this panel, if any
        self._engine_shown = None  # what the engine line and the pin show
        self._shown = None  # (tokenizer, text, specials) of the tokens on show
        self._counts = ""  # their counts line
        self.encoding = None  # the Encoding on show, or None
        self.tokenizer = None  # the tokenizer that made it
        self._utf16 = [0]
        self._generation = 0
        self._task = None  # the encoding running off the GUI thread, if any (one at a time)
        self._task_generation = 0  # the generation it encodes
        self._task_tokenizer = None  # and with which tokenizer
        self._queued = False  # a newer text waits for that task to end
        self.token_model = TokenTableModel(self)
        self.debounce = QTimer(self, singleShot=True, interval=150)

        # Widgets
        self.chooser = TokenizerChooser(self.workspace, self.choice)
        # Alt+T puts the keyboard on the tokenizer (the label's mnemonic).
        chooser_label = QLabel(self.tr("&Tokenizer (this window's own):") if self.choice.own else self.tr("&Tokenizer:"))
        if self.choice.own:
            chooser_label.setToolTip(self.tr("This window keeps its own choice: the main window's encode panel, "
                                             "the Pipeline and Compare keep theirs."))
        chooser_label.setBuddy(self.chooser)
        self.specials_box = QCheckBox(self.tr("Add special tokens"))
        self.read_specials_box = QCheckBox(self.tr("Read specials in the text"))
        self._read_default_for = None  # the tokenizer whose origin default the box shows
        self.engine_label = QLabel()
        self.engine_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.pin_box = QComboBox()
        self.pin_box.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        pin_label = QLabel(self.tr("Pin engine:"))
        pin_label.setBuddy(self.pin_box)
        self.input = QPlainTextEdit()
        self.input.setPlaceholderText(self.tr("Type or paste text to encode"))
        accessible.describe(self.input, self.tr("Text to encode"),
                            self.tr("Encoded as you type: the counts, the tokens and the table below follow"))
        self.counts_label = WrappedLabel()  # a projector's zoom: two lines, not a wider window
        self.counts_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Stop waiting for this encoding; the tokens stay empty until "
                                              "the text or the tokenizer changes"))
        self.cancel_button.hide()
        self.strip = TokenStrip()
        self.strip.setAccessibleName(self.tr("Tokens of the text"))
        self.normal_label = WrappedLabel()
        self.normal_label.setTextFormat(Qt.RichText)
        self.normal_label.setWordWrap(True)
        self.table = QTableView()
        self.table.setModel(self.token_model)
        accessible.describe(self.table, self.tr("Token table"),
                            self.tr("One row per token: its ID, how the vocabulary stores it, what it reads as, its "
                                    "bytes and where it is in the text; the arrow keys select a token"))
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        zoom.table_follows_font(self.table, 6)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.Interactive)
        header.setStretchLastSection(True)
        # Fixed widths, in digits of the table's font (again after a zoom): measuring a million rows would stall.
        zoom.follow_font(self.table, lambda: [header.resizeSection(column, zoom.em(self.table, chars))
                                              for column, chars in enumerate(COLUMN_CHARS)], "widths")
        self.decoder = DecodeBox(self.choice)

        # Layout
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        # Rows that wrap at a projector's zoom (gui/widgets/flow_layout.py).
        chooser_row = FlowLayout()
        chooser_row.addWidget(labelled(chooser_label, self.chooser, 1), 1)
        chooser_row.addWidget(self.chooser.status)
        chooser_row.addWidget(self.specials_box)
        chooser_row.addWidget(self.read_specials_box)
        top_layout.addLayout(chooser_row)
        engine_row = FlowLayout()
        engine_row.addWidget(self.engine_label, 1)
        engine_row.addWidget(labelled(pin_label, self.pin_box))
        top_layout.addLayout(engine_row)
        top_layout.addWidget(self.input, 1)
        counts_row = QHBoxLayout()
        counts_row.addWidget(self.counts_label, 1)
        counts_row.addWidget(self.cancel_button)
        top_layout.addLayout(counts_row)
        top_layout.addWidget(self.strip, 2)
        top_layout.addWidget(self.normal_label)
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(self.table)
        # Scrolls rather than squeezes the tokens above it when a projector's zoom wants more room than there is.
        splitter.addWidget(VerticalScroll(self.decoder))
        splitter.setSizes([340, 200, 260])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        # Signals (bound methods: Qt drops them with this panel)
        self.input.textChanged.connect(self.debounce.start)
        self.specials_box.toggled.connect(self.encode_now)
        self.read_specials_box.toggled.connect(self.encode_now)
        self.debounce.timeout.connect(self.encode_now)
        self.input.cursorPositionChanged.connect(self._cursor_moved)
        self.strip.sig_token_clicked.connect(self._select_token)
        self.strip.sig_token_hovered.connect(self._hover_token)
        self.table.selectionModel().currentRowChanged.connect(self._row_changed)
        self.cancel_button.clicked.connect(self.cancel)
        self.decoder.copy_ids_button.clicked.connect(self._use_encoded_ids)
        self.choice.sig_changed.connect(self._tokenizer_changed)
        self.chooser.sig_wanted.connect(self.encode_now)
        self.pin_box.activated.connect(self._pinned)
        self.server.sig_served.connect(self._served)
        bridge.sig_assets_changed.connect(self.chooser.refresh)
        bridge.sig_model_trained.connect(self.chooser.refresh)
        bridge.sig_held_changed.connect(self.chooser.refresh)

        # Tab goes down the panel as it reads: choose, type, read the tokens, decode.
        decoder = self.decoder
        order = [self.chooser, self.specials_box, self.read_specials_box, self.pin_box, self.input,
                 self.cancel_button, self.strip, self.table, decoder.ids_edit, decoder.policy_box,
                 decoder.decode_button, decoder.copy_ids_button, decoder.open_ids_button, decoder.decoded_strip,
                 decoder.canon_view.canonical_strip, decoder.decoded]
        for first, second in zip(order, order[1:]):
            QWidget.setTabOrder(first, second)

        self.input.setPlainText(SAMPLE)
        self.encode_now()

    # ==== encoding ====

    def _tokenizer_changed(self):
        self.chooser.refresh()
        self.encode_now()
        if self.decoder.ids_edit.text().strip():
            self.decoder.decode_now()  # the same IDs mean other text under another tokenizer

    def _pinned(self, index):
        self.choice.pin(self.pin_box.itemData(index))

    def _encoder(self):
        """The tokenizer to encode with now (a served one, or the reference), and
        the engine line and pin to match; None while a built-in tokenizer that
        the workspace does not hold yet is being served."""
        pin, shelf = self.choice.engine, self.chooser.wanted_shelf
        if shelf:
            source, reference = self.server.shelf_source(shelf), None
        else:
            reference = self.choice.tokenizer  # StudioError: nothing to encode with
            source = self.server.source(self.choice.key)
        outcome = None if source is None else self.server.outcome(source, pin)
        self._waiting = (source, pin) if source is not None and outcome is None else None
        if self._waiting:
            self.server.request(source, pin)
        self._show_engine(outcome, source is not None)
        self.outcome = outcome
        if outcome is None or outcome.served is None:
            if reference is None and outcome is not None:
                raise StudioError(outcome.error)
            return reference
        return outcome.served

    def _show_engine(self, outcome, served: bool):
        """The engine line and the pin for ``outcome`` (None: the reference serves,
        or, when ``served``, the engines are being set up)."""
        shown = (outcome, served, self.choice.engine)
        if shown == self._engine_shown:
            return
        self._engine_shown = shown
        self.engine_label.setText(serving.engine_text(outcome, waiting=served))
        self.engine_label.setToolTip(serving.tooltip(serving.engine_tip(outcome if served else None)))
        serving.fill_pin_box(self.pin_box, outcome, self.choice.engine if served else serving.REFERENCE)
        self.pin_box.setEnabled(served)
        self.pin_box.setToolTip("" if served else serving.tooltip(serving.engine_tip(None)))

    def _served(self, outcome):
        if self._waiting is None or self.server.outcome(*self._waiting) is not outcome:
            return  # another view's, or one this panel no longer waits for
        serving.show_notes(self, outcome)
        self.encode_now()

    def _offer_specials(self, tokenizer) -> bool:
        """Enable the checkbox where the tokenizer has a post-processor; say
        whether to add its specials."""
        has = serving.post_processor(tokenizer) is not None
        self.specials_box.setEnabled(has)
        self.specials_box.setToolTip(
            self.tr("Put the tokenizer's post-processor specials around the tokens ([CLS] … [SEP]), as Hugging "
                    "Face's encode(text) does by default") if has else
            self.tr("This tokenizer has no post-processor: there are no special tokens to add"))
        return has and self.specials_box.isChecked()

    def _offer_reading(self, tokenizer) -> bool:
        """Enable "Read specials in the text" where the tokenizer can read
        them either way, ticked as its origin library does (HF reads them;
        tiktoken refuses them, shown here as text); say whether to read them."""
        can = reads_specials_by_choice(tokenizer)
        chosen = (self.choice.key, self.chooser.wanted_shelf)
        if can and self._read_default_for != chosen:  # a tokenizer newly chosen: its origin's default
            self._read_default_for = chosen
            self.read_specials_box.blockSignals(True)
            self.read_specials_box.setChecked(specials_origin(tokenizer) == "hf")
            self.read_specials_box.blockSignals(False)
        self.read_specials_box.setEnabled(can)
        self.read_specials_box.setToolTip(
            self.tr("Read a special token written in the text (such as <|endoftext|>) as the control token, "
                    "as tiktoken's allowed_special=\"all\" does; unticked, it is ordinary text. A user's text "
                    "that becomes a control token is how prompt injection through a tokenizer works.") if can else
            self.tr("This tokenizer reads special tokens written in the text as ordinary text"))
        return can and self.read_specials_box.isChecked()

    def encode_now(self, *_):
        self.debounce.stop()
        self._generation += 1
        text = self.input.toPlainText()
        try:
            tokenizer = self._encoder()
        except StudioError as exc:
            self._encode_failed(self._generation, core_text.error(exc))
            return
        if tokenizer is None or (self._waiting and len(text) >= THREAD_THRESHOLD):
            # Served soon (_served encodes then): a long text waits rather than encode twice.
            self.counts_label.setText(self.tr("Waiting for the engine…"))
            return
        specials = self._offer_specials(tokenizer), self._offer_reading(tokenizer)
        if self._task is None and self._shown == (tokenizer, text, specials):
            self.counts_label.setText(self._counts)  # the same tokens (a built-in tokenizer now open, say)
            return
        if self._task is not None:
            self._task.cancel()  # stale: its result is dropped
        if len(text) < THREAD_THRESHOLD:
            self._queued = False
            try:
                result = encode_text(tokenizer, text, add_special_tokens=specials[0], read_specials=specials[1])
            except StudioError as exc:
                self._encode_failed(self._generation, core_text.error(exc))
            except Exception as exc:  # a bug, not bad input: say so, keep the window
                traceback.print_exc()
                self._encode_failed(self._generation, core_text.internal_error(exc))
            else:
                self._encoded(self._generation, tokenizer, result)
            return
        self.counts_label.setText(self.tr("Encoding %1 characters…").replace("%1", str(len(text))))
        self.cancel_button.show()
        if self._task is not None:
            self._queued = True  # started when the running one ends
            return
        self._start(tokenizer, text, specials)

    def _start(self, tokenizer, text, specials):
        # A Task (QThread) rather than a Python QRunnable: the pool could free the
        # runnable while Python's collector still held its wrapper (a crash).
        self._task_generation, self._task_tokenizer = self._generation, tokenizer
        self._task = run_task(lambda progress, should_stop: encode_text(tokenizer, text, should_stop, *specials),
                              name="encode")
        self._task.sig_done.connect(self._task_done)
        self._task.sig_failed.connect(self._task_failed)
        self._task.sig_ended.connect(self._task_ended)

    def _task_done(self, result):
        if self.sender() is self._task and not self._task.cancelled:
            self._encoded(self._task_generation, self._task_tokenizer, result)

    def _task_failed(self, message):
        if self.sender() is self._task and not self._task.cancelled:
            self._encode_failed(self._task_generation, message)

    def _task_ended(self):
        if self.sender() is not self._task:
            return
        self._task = self._task_tokenizer = None
        if self._queued:
            self._queued = False
            self.encode_now()

    def cancel(self):
        """Stop waiting for the encoding under way and show no tokens."""
        if self._task is not None:
            self._task.cancel()
        self._queued = False
        self._generation += 1
        self.cancel_button.hide()
        self._show_nothing()
        self.counts_label.setText(self.tr("Encoding cancelled: edit the text or choose a tokenizer to encode again."))

    def _show_nothing(self):
        self.encoding = self.tokenizer = self._shown = None
        self._utf16 = [0]
        self.strip.set_chips([])
        self.token_model.set_chips([], None)
        self.normal_label.setText("")
        self.input.setExtraSelections([])

    def _encoded(self, generation, tokenizer, result: Encoded):
        if generation != self._generation:
            return
        self.cancel_button.hide()
        self.encoding, self.tokenizer, self._utf16 = result.encoding, tokenizer, result.utf16
        self._shown = (tokenizer, result.text, (result.specials, self.read_specials_box.isChecked()))
        self.strip.set_chips(result.chips, distinct=result.distinct)
        self.token_model.set_chips(result.chips, result.encoding)
        self._counts = texts.counts(tokenizer, len(result.utf16) - 1, result.size, len(result.encoding.ids),
                                    result.flag_counts)
        if result.spelled:
            self._counts += "\n" + texts.spelled_specials(result.spelled, result.read_specials,
                                                          specials_origin(tokenizer))
        self.counts_label.setText(self._counts)
        self.chooser.open_wanted()
        if result.report is None:
            self.normal_label.setText(texts.too_long_for_normal_forms(NORMAL_FORMS_LIMIT))
        else:
            lead = texts.round_trip(result.expected, result.decoded, result.positions.__getitem__
                                    if result.positions else (lambda i: i))
            self.normal_label.setText(lead + texts.normal_forms(result.report))

    def _encode_failed(self, generation, message):
        if generation == self._generation:
            self.chooser.open_wanted()  # whatever failed here, the workspace tries on its own
            self.cancel_button.hide()
            self._show_nothing()
            self.counts_label.setText(self.tr("Cannot encode: %1").replace("%1", message))

    # ==== selection, both ways ====

    def _char_range(self, index):
        start, end = self.encoding.char_spans[index]
        last = len(self._utf16) - 1
        return self._utf16[min(start, last)], self._utf16[min(end, last)]

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

    def _row_changed(self, current, _previous):
        self._select_token(current.row())

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
            self.decoder.set_ids(self.encoding.ids)

    # ==== what this view shows beyond the workspace (gui/shell/windows/views.py) ====

    def view_state(self) -> dict:
        """The built-in tokenizer picked and still loading, or the one the
        chosen tokenizer came from (opened again at the next start); the
        special-token switches; the decode side (typed text is kept as such)."""
        opener = opener_for(self.workspace)
        return {"loading": self.chooser.wanted_shelf, "shelf": opener.shelf_of(self.choice.wanted),
                "tokenizer": self.choice.wanted, "add_specials": self.specials_box.isChecked(),
                "read_specials": self.read_specials_box.isChecked(), "decode": self.decoder.view_state()}

    def restore_view_state(self, state: dict) -> None:
        if isinstance(state.get("add_specials"), bool):
            self.specials_box.setChecked(state["add_specials"])
        if isinstance(state.get("read_specials"), bool) and state.get("tokenizer") == self.choice.wanted:
            # the reading chosen for this tokenizer, not its origin's default
            self._read_default_for = (self.choice.key, self.chooser.wanted_shelf)
            self.read_specials_box.setChecked(state["read_specials"])
        if isinstance(state.get("loading"), str) and state["loading"]:
            self.chooser.pick_shelf(state["loading"])  # picked, not open yet: picked again
        elif state.get("tokenizer") == self.choice.wanted:
            opener_for(self.workspace).reopen(self.choice.wanted, state.get("shelf"))
        if isinstance(state.get("decode"), dict):
            self.decoder.restore_view_state(state["decode"])
