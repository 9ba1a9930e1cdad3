"""The decode side's canonical check: "canonical: yes / no", and the list the
encoder would give for the same bytes beside the one typed, with the tokens
that differ marked on both sides (core/inspect/canon.py lines them up by bytes).
Any kind: the check re-encodes the decoded text through the one interface.

Lists up to THREAD_THRESHOLD IDs are checked at once; longer ones (a pasted
file) on a worker thread, and a newer list supersedes an older result.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QVBoxLayout, QWidget

from core import utf8
from core.errors import StudioError
from core.inspect import canon
from core.render import render_char, render_piece

from ..shell import core_text, theme
from ..shell.workers import run_task
from ..widgets.token_strip import Chip, TokenStrip

THREAD_THRESHOLD = 20_000
BYTE_PIECE = re.compile(r"<0x[0-9A-Fa-f]{2}>")


def decode_chips(tokenizer, ids) -> list[Chip]:
    """One chip per ID of ``ids`` under ``tokenizer`` (any kind, the one
    interface), covering what core/inspect/canon.py lines lists up by: a
    token's bytes where the kind knows them, else the UTF-8 of the text it
    stands for (``##ing``: "ing", ``▁the``: " the").  Specials and unknown IDs have no bytes;
    a chip that cuts a character is partial, each byte keeps its role in the
    joined bytes (invalid ones too), and a chip holding invalid bytes names
    their problems in its tooltip."""
    pieces = canon.pieces_of(tokenizer, ids)
    data = b"".join([value for kind, value in pieces if kind == "bytes"])
    roles = [role for _, _, role in utf8.byte_roles(data)]
    bounds = set(utf8.char_boundaries(data))
    problems = utf8.scan(data)  # in offset order, so one pass pairs them with the chips
    labels: dict[int, str] = {}
    chips, offset, first = [], 0, 0
    for token_id, (kind, value) in zip(ids, pieces):
        if kind == "unknown":
            chips.append(Chip("?", token_id, b"", (), flag="✗"))
            continue
        if kind == "special":
            chips.append(Chip(value, token_id, b"", (), flag="∅"))
            continue
        end = offset + len(value)
        partial = offset not in bounds or end not in bounds
        while first < len(problems) and problems[first].offset + problems[first].length <= offset:
            first += 1
        last = first
        while last < len(problems) and problems[last].offset < end:
            last += 1
        label = labels.get(token_id)
        if label is None:
            label = labels[token_id] = _label(tokenizer, token_id, value)
        chips.append(Chip(label, token_id, value, tuple(roles[offset:end]), partial, problems=problems[first:last]))
        offset = end
    return chips


def _label(tokenizer, token_id, value) -> str:
    """What the encode strip shows for the same token: a byte-fallback piece
    as stored (``<0xE4>``), other byte tokens as their bytes (``␣world``),
    string tokens as their kind reads them (``##ing``, ``␣the``)."""
    token = tokenizer.id_to_token(token_id)
    if tokenizer.token_bytes(token_id) is None:
        readable = getattr(tokenizer, "readable", None)  # the staged kinds' reading of a stored token
        return readable(token, token_id) if readable is not None else "".join(map(render_char, token))
    return token if BYTE_PIECE.fullmatch(token) else render_piece(value)


def marked_indices(differences, side: str) -> set[int]:
    """Token indices inside any difference, on side ``given`` or ``canonical``."""
    return {i for d in differences for i in range(*getattr(d, side))}


class CanonView(QWidget):
    def __init__(self, given_strip: TokenStrip, parent=None):
        """``given_strip`` shows the list as typed; the view lays it out
        beside the canonical list and marks its differing chips."""
        super().__init__(parent)
        # Attributes
        self.given_strip = given_strip
        self.result = None
        self.task = None
        self._generation = 0
        self._tone = "busy"  # the verdict's theme.TONES colour

        # Widgets
        self.verdict = QLabel()
        self.verdict.setWordWrap(True)
        self.verdict.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.verdict.setToolTip(self.tr("An encoder gives one list per text. A model trained on its output has "
                                        "never seen another spelling of the same bytes, such as [58, 32] for "
                                        "[259] in the classroom tokenizer."))
        self.given_caption = QLabel()
        self.canonical_caption = QLabel()
        self.canonical_strip = TokenStrip()
        self.canonical_strip.setAccessibleName(self.tr("Canonical tokens"))

        # Layout
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.verdict)
        grid = QGridLayout()
        grid.addWidget(self.given_caption, 0, 0)
        grid.addWidget(self.canonical_caption, 0, 1)
        grid.addWidget(given_strip, 1, 0)
        grid.addWidget(self.canonical_strip, 1, 1)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)
        grid.setRowStretch(1, 1)
        layout.addLayout(grid, 1)

        # Signals: a click on a chip shows where its bytes are on the other side.
        given_strip.sig_token_clicked.connect(lambda index: self.follow(index, "given"))
        self.canonical_strip.sig_token_clicked.connect(lambda index: self.follow(index, "canonical"))
        self.clear()

    def clear(self):
        self._generation += 1
        self.result = None
        self.verdict.setText("")
        self.verdict.hide()
        self.given_strip.set_marked(())
        self.given_caption.hide()
        self._show_canonical(False)

    def _show_canonical(self, on):
        self.canonical_caption.setVisible(on)
        self.canonical_strip.setVisible(on)
        if not on:
            self.canonical_strip.set_chips([])

    def check(self, tokenizer, ids):
        """Check ``ids`` against ``tokenizer`` and show the verdict when known."""
        self.clear()
        generation = self._generation
        if len(ids) <= THREAD_THRESHOLD:
            try:
                result = canon.check(tokenizer, ids)
            except StudioError as exc:
                self._failed(generation, core_text.error(exc))
            else:
                self._show(generation, tokenizer, result)
            return
        self._say(self.tr("Checking whether these %1 IDs are canonical…").replace("%1", str(len(ids))), "busy")
        self.task = run_task(lambda progress, should_stop: canon.check(tokenizer, ids), name="canon")
        self.task.sig_done.connect(lambda result: self._show(generation, tokenizer, result))
        self.task.sig_failed.connect(lambda message: self._failed(generation, message))

    def _failed(self, generation, message):
        if generation == self._generation:
            self._say(self.tr("Cannot check the list: %1").replace("%1", message), "error")

    def _show(self, generation, tokenizer, result):
        if generation != self._generation:
            return
        self.result = result
        self.given_caption.setText(self.tr("This list: %n token(s)", "", len(result.ids)))
        self.given_caption.show()
        if result.canonical is None:
            self._say("? " + self.tr("Canonical: cannot tell. The bytes are not valid UTF-8, so there is no text "
                                     "for this tokenizer to encode again."), "warning")
            return
        if result.canonical and result.problems:
            self._say("✓ " + self.tr("Canonical as bytes: encoding these bytes again gives this list, but they "
                                     "are not valid UTF-8 text (see above)."), "warning")
            return
        if result.canonical:
            self._say("✓ " + self.tr("Canonical: yes. Encoding the decoded text gives this list."), "ok")
            return
        # The list separator is translated too (Chinese uses "、").
        spans = self.tr(", ").join(self.tr("bytes %1–%2").replace("%1", str(d.bytes[0])).replace("%2", str(d.bytes[1]))
                          for d in result.differences[:8])
        more = " …" if len(result.differences) > 8 else ""
        self._say("≠ " + self.tr("Canonical: no. The encoder spells the same bytes differently at %1%2; the "
                                 "tokens that differ are marked ≠ on both sides.").replace("%1", spans).replace(
            "%2", more), "error")
        self.given_strip.set_marked(marked_indices(result.differences, "given"))
        chips = decode_chips(tokenizer, result.canonical_ids)
        self.canonical_strip.set_chips(chips, marked_indices(result.differences, "canonical"))
        self.canonical_caption.setText(self.tr("Canonical list: %n token(s)", "", len(result.canonical_ids)))
        self._show_canonical(True)

    def follow(self, index, side):
        """Select, in the other list, the token that holds the first byte of
        token ``index`` of ``side`` (a special: the same special there)."""
        result = self.result
        if result is None or not self.canonical_strip.isVisible():
            return
        source, target, strip = ((result.spans, result.canonical_spans, self.canonical_strip) if side == "given"
                                 else (result.canonical_spans, result.spans, self.given_strip))
        if not 0 <= index < len(source):
            return
        token = source[index]
        for other in target:
            if (other.start <= token.start < other.end if token.end > token.start
                    else other.start == token.start == other.end and other.id == token.id):
                strip.select(other.index)
                return

    def _say(self, text, tone):
        """Show ``text`` in a ``theme.TONES`` colour, kept readable when the theme changes."""
        self._tone = tone
        self.verdict.setText(text)
        self._colour_verdict()
        self.verdict.show()

    def _colour_verdict(self):
        self.verdict.setStyleSheet(f"QLabel {{ color: {theme.tone(self._tone)}; font-weight: bold; }}")

    def changeEvent(self, event):
        if event.type() == QEvent.PaletteChange:
            self._colour_verdict()
        super().changeEvent(event)
