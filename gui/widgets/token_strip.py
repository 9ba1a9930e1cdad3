"""Token chips: each token's text, ID and raw bytes, stacked and aligned.

Painted, not built from widgets: the layout is three flat lists (x, y,
width), computed in chunks between events so a million tokens never freeze
the window, and only the rows in view are drawn.  Colour is never the only cue: every chip
has a border, partial-character chips a dashed one, and continuation bytes a
dot under them.
"""

from __future__ import annotations

import time
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass

import numpy as np

from PySide6.QtCore import QEvent, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QAccessible, QAccessibleEvent, QColor, QFont, QFontMetrics, QPainter, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip

from core.render import render_char

from ..shell import core_text, zoom
from . import accessible
from .palette import token_colours

PAD = 4
GAP = 3
# The layout runs in turns of at most LAYOUT_SECONDS between events (checked
# every LAYOUT_CHUNK chips), so a million tokens show their first screen at
# once and the window stays responsive while the rest is laid out.
LAYOUT_CHUNK = 2_048  # a first chunk measures its new labels: 8,192 chips took 30 ms
LAYOUT_SECONDS = 0.01
MARK_COLOUR = QColor("#c62828")
SPELLS_FILL = QColor("#ffe0b2")  # ordinary tokens that spell a special token's text
DESCRIBED_CHARS = 8  # a tooltip names at most this many characters


def describe_chars(text: str) -> str:
    """Characters with their code points and UTF-8, e.g. ``中 (U+4E2D, E4 B8 AD)``;
    an invisible one also by its Unicode name."""
    parts = []
    for ch in text[:DESCRIBED_CHARS]:
        shown = render_char(ch)
        name = unicodedata.name(ch, "") if shown != ch else ""
        utf8 = ch.encode("utf-8", "surrogatepass").hex(" ").upper()
        parts.append(f"{shown} (U+{ord(ch):04X}{' ' + name if name else ''}, {utf8})")
    return " ".join(parts) + (" …" if len(text) > DESCRIBED_CHARS else "")


def chip_widths(chips, cache: dict, measure) -> list[int]:
    """The width of each chip, measured (``measure(chip)``) once per distinct
    chip object, as ``cache`` (id(chip) -> width) does not hold it yet:
    identical tokens share one chip, so the rest is dictionary lookups in C."""
    ids = list(map(id, chips))
    missing = set(ids).difference(cache)
    if missing:
        by_id = dict(zip(ids, chips))
        for key in missing:
            cache[key] = measure(by_id[key])
    return list(map(cache.__getitem__, ids))


def distinct_chips(chips) -> tuple[list, np.ndarray]:
    """The distinct chip objects of ``chips`` and each chip's index among
    them: identical tokens share one chip, so the strip measures each once
    (numpy over the objects' ids; pure, so a worker thread can do it)."""
    keys = np.fromiter(map(id, chips), np.int64, len(chips))
    _, first, where = np.unique(keys, return_index=True, return_inverse=True)
    return [chips[at] for at in first.tolist()], where.reshape(-1)


@dataclass(frozen=True)
class Chip:
    label: str  # rendered text, whitespace made visible
    token_id: int
    data: bytes  # the token's bytes (empty for specials)
    roles: tuple[str, ...]  # per byte: ascii / lead / continuation / invalid
    partial: bool = False  # starts or ends inside a character
    flag: str = ""  # "∅" a special (no bytes), "✗" an ID outside the vocabulary, or ""
    problems: tuple = ()  # the core.utf8 problems its bytes are part of, named on hover
    covers: str = ""  # the input an unknown token swallowed, or the characters a partial token is part of
    part: str = ""  # a byte-fallback piece: which bytes of which character it holds ("中 1/3")
    spells: str = ""  # read as ordinary text, it is part of a special token's spelling (that special's name)


def strip_fonts(font: QFont) -> tuple[QFont, QFont]:
    """A chip's label font and its small monospaced font (IDs, bytes), from a widget's font."""
    text = zoom.relative_font(font, 1.15)
    small = QFont("monospace")
    small.setStyleHint(QFont.Monospace)
    size = font.pointSizeF()
    if size > 0:
        small.setPointSizeF(max(7.0, size * 0.8))
    else:
        small.setPixelSize(max(9, round(font.pixelSize() * 0.8)))
    return text, small


class TokenStrip(QAbstractScrollArea):
    """The chips of one encoding.  Keyboard: Left/Right (and Home/End, Up/Down
    by row) select a chip, as a click does; the strip's accessible description
    is then that chip's (what it reads as, its ID and bytes, and its tooltip),
    so a screen reader reads the token the keys are on."""

    sig_token_hovered = Signal(int)
    """Index of the chip under the mouse, or -1."""
    sig_token_clicked = Signal(int)
    """Index of the chip the user clicked or moved to with the keys."""

    def __init__(self, parent=None):
        super().__init__(parent)
        # Attributes
        self._chips: list[Chip] = []
        self._xs: list[int] = []
        self._ys: list[int] = []
        self._ws: list[int] = []
        self._row_tops: list[int] = []
        self._row_first: list[int] = []
        self._distinct: list[Chip] = []  # the distinct chip objects on show (identical tokens share one)
        self._kinds = np.zeros(0, np.int64)  # each chip's index in _distinct
        self._widths = np.zeros(0, np.int64)  # the width of each of _distinct, -1 until measured
        self._label_widths: dict[str, int] = {}  # label -> its advance, kept across texts
        self._small_widths: dict[int, int] = {}  # hex of n bytes (n) or an ID of n digits (-n) -> advance
        self._marked_order: list[int] = []
        self._cursor = (GAP, GAP)
        self._layout_timer = QTimer(self, interval=0)
        self._layout_timer.timeout.connect(self._layout_chunk)
        self.selected = -1
        self.hovered = -1
        self.marked: frozenset[int] = frozenset()  # chips drawn as "differs" (≠ corner, thick border)
        self._set_fonts()

        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)  # the arrows walk the chips (keyPressEvent)
        self.setAccessibleName(self.tr("Tokens"))
        self._describe()

    def _set_fonts(self) -> None:
        """Fonts and sizes from the widget's font: again on every change (a zoom)."""
        self._text_font, self._small_font = strip_fonts(self.font())
        self._text_metrics = QFontMetrics(self._text_font)
        self._small_metrics = QFontMetrics(self._small_font)
        self._row_height = self._text_metrics.height() + 2 * self._small_metrics.height() + 3 * PAD
        self._mark_room = 2 * self._small_metrics.horizontalAdvance("≠")  # the "≠" corner on both sides, never over the label
        self._widths = np.full(len(self._distinct), -1, np.int64)
        self._label_widths, self._small_widths = {}, {}
        self.setMinimumHeight(self._row_height + 2 * GAP + 4)

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.FontChange:
            self._set_fonts()
            self._relayout()
            self.updateGeometry()

    # ==== data ====

    def set_chips(self, chips, marked=(), distinct=None) -> None:
        """Show ``chips``; ``distinct``: :func:`distinct_chips` of them, if
        a worker has it (a megabyte's is 0.05 s of the GUI thread's time)."""
        self._chips = list(chips)
        self._distinct, self._kinds = distinct_chips(self._chips) if distinct is None else distinct
        self._widths = np.full(len(self._distinct), -1, np.int64)
        self.marked = frozenset(marked)
        self.selected = self.hovered = -1
        self._relayout()
        self._describe()

    def set_marked(self, marked) -> None:
        self.marked = frozenset(marked)
        self._relayout()

    def chips(self) -> list[Chip]:
        return self._chips

    def select(self, index: int) -> None:
        self.selected = index
        self._describe()
        while 0 <= index >= len(self._ys) and self._layout_timer.isActive():
            self._layout_chunk()
        if 0 <= index < len(self._ys):
            self.verticalScrollBar().setValue(
                max(0, min(self._ys[index] - GAP, self.verticalScrollBar().maximum())))
        self.viewport().update()

    def chip_rect(self, index: int) -> QRect:
        return QRect(self._xs[index], self._ys[index], self._ws[index], self._row_height)

    @property
    def laid_out(self) -> bool:
        return len(self._ys) == len(self._chips)

    # ==== layout ====

    @staticmethod
    def hex_text(chip: Chip) -> str:
        return " ".join(f"{b:02X}" for b in chip.data) if chip.data else "—"

    def _measure(self, chip: Chip) -> int:
        label = self._label_widths.get(chip.label)
        if label is None:
            label = self._label_widths[chip.label] = self._text_metrics.horizontalAdvance(chip.label)
        # The small font is monospaced: hex and ID widths depend only on their length.
        size = len(chip.data)
        hex_width = self._small_widths.get(size)
        if hex_width is None:
            hex_width = self._small_widths[size] = self._small_metrics.horizontalAdvance(
                " ".join(["00"] * size) if size else "—")
        digits = -len(str(chip.token_id))
        id_width = self._small_widths.get(digits)
        if id_width is None:
            id_width = self._small_widths[digits] = self._small_metrics.horizontalAdvance("0" * -digits)
        return max(label, hex_width, id_width) + 2 * PAD

    def _relayout(self) -> None:
        self._xs, self._ys, self._ws, self._row_tops, self._row_first = [], [], [], [], []
        self._cursor = (GAP, GAP)
        self._marked_order = sorted(self.marked)
        if len(self._label_widths) > 200_000:
            self._label_widths.clear()
        self._layout_chunk()

    def _layout_chunk(self) -> None:
        began = time.perf_counter()
        limit = max(200, self.viewport().width() - GAP)
        first = len(self._xs)
        # A new text lays out its first screen at once, the rest in later turns.
        screen = self.verticalScrollBar().value() + self.viewport().height() if not first else None
        while len(self._xs) < len(self._chips):
            self._place(len(self._xs), min(len(self._chips), len(self._xs) + LAYOUT_CHUNK), limit)
            if time.perf_counter() - began > LAYOUT_SECONDS or screen is not None and self._cursor[1] > screen:
                break
        if len(self._xs) < len(self._chips):
            self._layout_timer.start()
        else:
            self._layout_timer.stop()
        step = self._row_height + GAP
        total = (self._cursor[1] + step) if self._chips else 0
        bar = self.verticalScrollBar()
        bar.setRange(0, max(0, total - self.viewport().height()))
        bar.setPageStep(self.viewport().height())
        bar.setSingleStep(self._row_height // 2)
        # Repaint only when these chips can be on show: a million chips below
        # the view would otherwise repaint the view once per turn.
        if not first or self._ys[first - 1] <= bar.value() + self.viewport().height():
            self.viewport().update()

    def _place(self, start: int, stop: int, limit: int) -> None:
        """Lay out chips ``start``..``stop``: a row at a time, found by one
        bisection over the running sum of the widths, not chip by chip; the
        chips' places are then read off the rows by numpy."""
        kinds = self._kinds[start:stop]
        sizes = self._widths[kinds]
        if (sizes < 0).any():
            for kind in np.unique(kinds[sizes < 0]).tolist():
                self._widths[kind] = self._measure(self._distinct[kind])
            sizes = self._widths[kinds]
        marked = self._marked_order
        for index in marked[bisect_right(marked, start - 1):bisect_right(marked, stop - 1)]:
            sizes[index - start] += self._mark_room
        sizes = np.minimum(sizes, limit - GAP)
        sums = np.concatenate(([0], np.cumsum(sizes + GAP)))  # chip k ends at sums[k + 1] - GAP
        ends = sums.tolist()
        tops, firsts = self._row_tops, self._row_first
        step = self._row_height + GAP
        x, y = self._cursor
        row, count = 0, len(ends) - 1
        rows, bases, row_ys = [], [], []  # each row's first chip (in this chunk), x offset and y
        while row < count:
            # Chips row..end-1 fit: chip k sits at x + ends[k] - ends[row].
            end = bisect_right(ends, limit + GAP - x + ends[row], row + 1) - 1
            if end == row:  # not even one more fits: a new row (any chip fits an empty one)
                x, y = GAP, y + step
                continue
            if not tops or tops[-1] != y:
                tops.append(y)
                firsts.append(start + row)
            base = x - ends[row]
            rows.append(row)
            bases.append(base)
            row_ys.append(y)
            x, row = base + ends[end], end
            if row < count:
                x, y = GAP, y + step
        lengths = np.diff(np.append(np.array(rows, np.int64), count))
        self._xs += (sums[:-1] + np.repeat(np.array(bases, np.int64), lengths)).tolist()
        self._ys += np.repeat(np.array(row_ys, np.int64), lengths).tolist()
        self._ws += sizes.tolist()
        self._cursor = (x, y)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._relayout()

    def sizeHint(self):
        return QSize(600, 3 * (self._row_height + GAP))

    def index_at(self, pos) -> int:
        y = pos.y() + self.verticalScrollBar().value()
        row = bisect_right(self._row_tops, y) - 1
        if row < 0:
            return -1
        end = self._row_first[row + 1] if row + 1 < len(self._row_first) else len(self._xs)
        for index in range(self._row_first[row], end):
            if self.chip_rect(index).contains(pos.x(), y):
                return index
        return -1

    # ==== painting ====

    def paintEvent(self, event):
        painter = QPainter(self.viewport())
        offset = self.verticalScrollBar().value()
        top, bottom = offset, offset + self.viewport().height()
        first_row = max(0, bisect_right(self._row_tops, top - self._row_height) - 1)
        start = self._row_first[first_row] if self._row_first else 0
        colours = token_colours()
        painter.translate(0, -offset)
        for index in range(start, len(self._xs)):
            if self._ys[index] > bottom:
                break
            self._paint_chip(painter, index, self.chip_rect(index), colours)
        painter.translate(0, offset)
        accessible.paint_focus(self, painter)  # where the keyboard is
        painter.end()

    def _paint_chip(self, painter, index, rect, colours):
        chip = self._chips[index]
        fill = QColor("#eeeeee") if chip.flag else SPELLS_FILL if chip.spells else colours[index % len(colours)]
        painter.fillRect(rect, fill)
        marked = index in self.marked
        if marked:
            pen = QPen(MARK_COLOUR)
            pen.setWidth(3)
        else:
            pen = QPen(QColor("#1a1a1a") if index in (self.selected, self.hovered) else QColor("#6b6b6b"))
            pen.setWidth(3 if index == self.selected else 2 if index == self.hovered else 1)
        if chip.partial or chip.flag == "✗":
            pen.setStyle(Qt.DashLine)
        elif chip.spells:  # a shape as well as a colour: dotted, where a special's chip is plain
            pen.setStyle(Qt.DotLine)
            pen.setWidth(max(pen.width(), 2))
        painter.setPen(pen)
        painter.drawRect(rect.adjusted(0, 0, -1, -1))
        painter.setPen(QColor("#b00020") if chip.flag == "✗" else QColor("#000000"))
        text_h = self._text_metrics.height()
        small_h = self._small_metrics.height()
        painter.setFont(self._text_font)
        painter.drawText(QRect(rect.left(), rect.top() + PAD, rect.width(), text_h), Qt.AlignCenter,
                         self._text_metrics.elidedText(chip.label, Qt.ElideRight, rect.width() - 2))
        painter.setFont(self._small_font)
        id_rect = QRect(rect.left(), rect.top() + PAD + text_h, rect.width(), small_h)
        painter.setPen(QColor("#303030"))
        painter.drawText(id_rect, Qt.AlignCenter, str(chip.token_id))
        self._paint_bytes(painter, chip, QRect(rect.left(), id_rect.bottom() + PAD, rect.width(), small_h))
        if marked:  # a shape as well as a colour
            painter.setPen(MARK_COLOUR)
            painter.drawText(QRect(rect.left() + 3, rect.top() + 1, rect.width(), small_h), Qt.AlignLeft, "≠")

    def _paint_bytes(self, painter, chip, rect):
        if not chip.data:
            painter.drawText(rect, Qt.AlignCenter, chip.flag or "—")
            return
        text = self.hex_text(chip)
        x = rect.left() + (rect.width() - self._small_metrics.horizontalAdvance(text)) // 2
        cell = self._small_metrics.horizontalAdvance("00")
        space = self._small_metrics.horizontalAdvance(" ")
        for value, role in zip(chip.data, chip.roles):
            colour = {"invalid": "#b00020", "continuation": "#555555"}.get(role, "#000000")
            painter.setPen(QColor(colour))
            painter.drawText(x, rect.top() + self._small_metrics.ascent(), f"{value:02X}")
            if role == "continuation":
                painter.drawPoint(x + cell // 2, rect.bottom() + 1)
            elif role == "invalid":
                painter.drawLine(x, rect.bottom() + 1, x + cell, rect.bottom() + 1)
            x += cell + space

    # ==== interaction ====

    def mouseMoveEvent(self, event):
        index = self.index_at(event.position().toPoint())
        if index != self.hovered:
            self.hovered = index
            self.viewport().update()
            self.sig_token_hovered.emit(index)

    def leaveEvent(self, event):
        if self.hovered != -1:
            self.hovered = -1
            self.viewport().update()
            self.sig_token_hovered.emit(-1)

    def mousePressEvent(self, event):
        index = self.index_at(event.position().toPoint())
        if index >= 0:
            self.select(index)
            self.sig_token_clicked.emit(index)

    def focusInEvent(self, event):
        super().focusInEvent(event)
        self.viewport().update()

    def focusOutEvent(self, event):
        super().focusOutEvent(event)
        self.viewport().update()

    def keyPressEvent(self, event):
        """Left/Right: the previous/next chip; Home/End: the first/last; Up/Down:
        the chip above/below in the row before/after.  The chip reached is
        selected as by a click."""
        key, count = event.key(), len(self._chips)
        if not count or key not in (Qt.Key_Left, Qt.Key_Right, Qt.Key_Home, Qt.Key_End, Qt.Key_Up, Qt.Key_Down):
            super().keyPressEvent(event)
            return
        at = self.selected
        if key == Qt.Key_Home:
            index = 0
        elif key == Qt.Key_End:
            index = count - 1
        elif at < 0:
            index = 0
        elif key in (Qt.Key_Left, Qt.Key_Right):
            index = max(0, min(count - 1, at + (1 if key == Qt.Key_Right else -1)))
        else:
            index = self._row_neighbour(at, 1 if key == Qt.Key_Down else -1)
        if index != at:
            self.select(index)
            self.sig_token_clicked.emit(index)

    def _row_neighbour(self, index: int, rows: int) -> int:
        """The chip of the row ``rows`` away from chip ``index``'s nearest below its middle."""
        while len(self._ys) < len(self._chips) and (rows > 0 and index >= len(self._ys) - 1):
            self._layout_chunk()  # the next row may not be laid out yet
        if index >= len(self._ys):
            return index
        row = bisect_right(self._row_tops, self._ys[index]) - 1 + rows
        if not 0 <= row < len(self._row_tops):
            return index
        middle = self._xs[index] + self._ws[index] // 2
        end = self._row_first[row + 1] if row + 1 < len(self._row_first) else len(self._xs)
        candidates = range(self._row_first[row], end)
        return min(candidates, key=lambda i: 0 if self._xs[i] <= middle < self._xs[i] + self._ws[i]
                   else min(abs(self._xs[i] - middle), abs(self._xs[i] + self._ws[i] - middle)))

    def describe(self, index: int) -> str:
        """Chip ``index`` in words: its place, what it reads as, its ID and bytes, and its tooltip."""
        chip = self._chips[index]
        text = self.tr("Token %1 of %2: %3, ID %4, bytes %5").replace("%1", str(index + 1)).replace(
            "%2", str(len(self._chips))).replace("%3", chip.label).replace("%4", str(chip.token_id)).replace(
            "%5", self.hex_text(chip))
        more = self.tooltip(index)
        return text + ("\n" + more if more else "")

    def _describe(self) -> None:
        """The accessible description: the selected chip's, else how many there are and how to walk them."""
        if 0 <= self.selected < len(self._chips):
            text = self.describe(self.selected)
        elif self._chips:
            text = self.tr("%n token(s); the arrow keys go from one to the next", "", len(self._chips))
        else:
            text = self.tr("No tokens")
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.DescriptionChanged))

    def tooltip(self, index: int) -> str:
        """What chip ``index`` stands for, beyond its label: a special, an ID
        outside the vocabulary, the input an unknown token swallowed, the
        character a partial or byte-fallback token is part of, and the UTF-8
        problems its bytes take part in."""
        chip = self._chips[index]
        lines = []
        if chip.flag == "∅":
            lines.append(self.tr("Special token %1 (ID %2): it stands for no bytes of the text.").replace(
                "%1", chip.label).replace("%2", str(chip.token_id)))
        elif chip.flag == "✗":
            lines.append(self.tr("ID %1 is not in this tokenizer's vocabulary.").replace("%1", str(chip.token_id)))
        elif chip.part:
            lines.append(self.tr("Byte-fallback piece %1 (ID %2): the vocabulary has no piece for %3, so it is "
                                 "spelled byte by byte; this piece is %4.").replace("%1", chip.label).replace(
                "%2", str(chip.token_id)).replace("%3", describe_chars(chip.covers)).replace("%4", chip.part))
        elif chip.spells:
            lines.append(self.tr("Ordinary text that spells the special token %1: read as text, not as the control "
                                 "token (“Read specials in the text” reads it as the special).").replace(
                "%1", chip.spells))
        elif chip.partial and chip.covers:
            lines.append(self.tr("This token holds only part of %1: a character's bytes are split over "
                                 "several tokens.").replace("%1", describe_chars(chip.covers)))
        elif chip.partial and not chip.problems:  # with problems, the bytes may form no character at all
            lines.append(self.tr("This token holds only part of a multi-byte character."))
        elif chip.covers:
            lines.append(self.tr("Unknown token %1 (ID %2): the vocabulary cannot spell %3, so this token "
                                 "stands for it.").replace("%1", chip.label).replace(
                "%2", str(chip.token_id)).replace("%3", describe_chars(chip.covers)))
        if chip.problems:
            lines.append(core_text.problems(chip.problems))
        return "\n".join(lines)

    def viewportEvent(self, event):
        if event.type() == QEvent.ToolTip:
            index = self.index_at(event.pos())
            text = self.tooltip(index) if index >= 0 else ""
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def scrollContentsBy(self, dx, dy):
        self.viewport().update()
