"""Lanes: several tokenizers' chips for one text, lined up at the token
boundaries they all share.

Painted, as :class:`gui.widgets.token_strip.TokenStrip` is, from the flat
lists of :mod:`.lane_layout`, so only the bands in view are drawn.

Details: docs/notes/gui.md#guicomparelanespy.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, Signal
from PySide6.QtGui import (QAccessible, QAccessibleEvent, QColor, QFont, QFontMetrics, QPainter, QPalette, QPen,
                           QPolygon)
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip

from ..shell import zoom
from ..widgets import accessible
from ..widgets.palette import token_colours
from ..widgets.token_strip import TokenStrip, chip_widths, strip_fonts
from .lane_layout import LaneLayout
from .texts import fill, tooltip, visible

PAD = 4  # inside a chip
LANE_GAP = 4  # between lanes of a band
TICK_H = 8  # room above a band for the ▼ of shared boundaries
BAND_GAP = 12
GUTTER = 150  # the tokenizer names at the left of every band
MARGIN = 6
MIN_LINE = 360  # narrower views scroll sideways rather than squeeze a chip
HIGHLIGHT = QColor("#ffd54f")
INK = QColor("#1a1a1a")


@dataclass(frozen=True)
class Lane:
    key: str
    name: str
    kind: str
    row: object  # alignment.Row (encoded)


def _id_text(chip) -> str:
    # A special says it has no bytes ("∅"), as in the encode panel.
    return f"{chip.token_id} {chip.flag}" if chip.flag else str(chip.token_id)


class LaneView(QAbstractScrollArea):
    sig_span_hovered = Signal(int, int)
    """Character span (start, end) of the chip under the mouse or pinned by a click; (-1, -1) when none."""

    def __init__(self, parent=None):
        super().__init__(parent)
        # Attributes
        self.lanes: list[Lane] = []
        self.text = ""
        self.cuts: tuple[int, ...] = ()
        self.shared: frozenset[int] = frozenset()
        self.message = ""  # painted when there is no lane to show
        self.hovered: tuple[int, int] | None = None  # (lane, token)
        self.pinned: tuple[int, int] | None = None
        self.placement = LaneLayout()
        self._content_width = 0
        self._width_cache: dict[int, int] = {}  # id(chip) -> width; identical tokens share a chip
        self._measured: dict[int, object] = {}  # id(chip) -> chip: kept alive, so no id is reused
        self._set_fonts()

        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setFocusPolicy(Qt.StrongFocus)  # arrows walk the chips (keyPressEvent)
        self.setAccessibleName(self.tr("Tokens of every tokenizer"))
        self._describe()

    def _set_fonts(self) -> None:
        """Fonts and sizes from the widget's font: again on every change (a zoom)."""
        self._text_font = zoom.relative_font(self.font(), 1.1)
        _, self._small_font = strip_fonts(self.font())
        self._name_font = QFont(self.font())
        self._name_font.setBold(True)
        self._text_metrics = QFontMetrics(self._text_font)
        self._small_metrics = QFontMetrics(self._small_font)
        self._name_metrics = QFontMetrics(self._name_font)
        self._chip_h = self._text_metrics.height() + self._small_metrics.height() + 2 * PAD
        self._lane_h = self._chip_h + LANE_GAP
        self._gutter = zoom.scaled(GUTTER)
        self._width_cache.clear()
        self._measured.clear()
        self.setMinimumHeight(TICK_H + 2 * self._lane_h + BAND_GAP)

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.FontChange:
            self._set_fonts()
            if self.lanes:
                self.placement = LaneLayout([self._chip_widths(lane.row.chips) for lane in self.lanes],
                                            self.placement.firsts)
            self._pack()

    # ==== data ====

    def set_lanes(self, lanes, comparison) -> None:
        """Show ``lanes`` (each an encoded row of ``comparison``)."""
        self.lanes = list(lanes)
        self.text = comparison.text
        self.cuts = comparison.cuts
        self.shared = frozenset(comparison.shared)
        self.hovered = self.pinned = None
        if len(self._width_cache) > 200_000:
            self._width_cache.clear()
            self._measured.clear()
        self.placement = LaneLayout([self._chip_widths(lane.row.chips) for lane in self.lanes],
                                    [comparison.firsts[lane.key] for lane in self.lanes])
        self._pack()
        self.sig_span_hovered.emit(-1, -1)
        self._describe()

    def show_message(self, message: str) -> None:
        """No lanes: say why (nothing ticked, no text, every tokenizer failed)."""
        self.lanes, self.placement = [], LaneLayout()
        self.hovered = self.pinned = None
        self.message = message
        self._pack()
        self._describe()

    def lane_chips(self, lane: int):
        return self.lanes[lane].row.chips

    def band_count(self) -> int:
        return len(self.placement.bands)

    # ==== layout ====

    def _chip_widths(self, chips) -> list[int]:
        return chip_widths(chips, self._width_cache, self._measure)

    def _measure(self, chip) -> int:
        self._measured[id(chip)] = chip
        return max(self._text_metrics.horizontalAdvance(chip.label),
                   self._small_metrics.horizontalAdvance(_id_text(chip)), 12) + 2 * PAD

    def _line_width(self) -> int:
        return max(MIN_LINE, self.viewport().width() - self._gutter - 2 * MARGIN)

    def _pack(self) -> None:
        """Bands as wide as the view (again on every resize), and the scroll ranges."""
        self.placement.pack(self._line_width())
        self._content_width = self._gutter + 2 * MARGIN + self.placement.width
        total = (MARGIN + len(self.placement.bands) * self._band_height()) if self.placement.bands else 0
        vertical, horizontal = self.verticalScrollBar(), self.horizontalScrollBar()
        vertical.setRange(0, max(0, total - self.viewport().height()))
        vertical.setPageStep(self.viewport().height())
        vertical.setSingleStep(self._lane_h)
        horizontal.setRange(0, max(0, self._content_width - self.viewport().width()))
        horizontal.setPageStep(self.viewport().width())
        self.viewport().update()

    def _band_height(self) -> int:
        return TICK_H + len(self.lanes) * self._lane_h + BAND_GAP

    def _band_top(self, band: int) -> int:
        return MARGIN + band * self._band_height()

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._pack()

    def chip_rect(self, lane: int, token: int) -> QRect | None:
        """Where token ``token`` of lane ``lane`` is drawn, in content coordinates."""
        found = self.placement.locate(lane, token)
        return None if found is None else self._rect(found[0], found[1], lane, token)

    def _rect(self, band: int, item, lane: int, token: int) -> QRect:
        x = MARGIN + self._gutter + self.placement.x_of(item, lane, token)
        y = self._band_top(band) + TICK_H + lane * self._lane_h
        return QRect(x, y, self.placement.widths[lane][token], self._chip_h)

    def chip_at(self, pos: QPoint) -> tuple[int, int] | None:
        """(lane, token) under a viewport position, or None."""
        if not self.lanes:
            return None
        x = pos.x() + self.horizontalScrollBar().value()
        y = pos.y() + self.verticalScrollBar().value()
        band = (y - MARGIN) // self._band_height()
        if not 0 <= band < len(self.placement.bands):
            return None
        inside = y - self._band_top(band) - TICK_H
        lane = inside // self._lane_h if inside >= 0 else -1
        if not 0 <= lane < len(self.lanes) or inside - lane * self._lane_h >= self._chip_h:
            return None
        token = self.placement.hit(band, lane, x - MARGIN - self._gutter)
        return None if token is None else (lane, token)

    # ==== what a hover or a pin marks ====

    def focus(self) -> tuple[int, int] | None:
        return self.hovered if self.hovered is not None else self.pinned

    def focus_span(self) -> tuple[int, int] | None:
        """Byte span of the hovered (else pinned) chip."""
        focus = self.focus()
        if focus is None:
            return None
        lane, token = focus
        return self.lanes[lane].row.encoding.byte_spans[token]

    def highlighted(self, lane: int) -> list[int]:
        """Tokens of ``lane`` that hold any byte of the focused chip's span
        (the focused chip itself, even when it holds no bytes)."""
        span = self.focus_span()
        if span is None:
            return []
        spans = self.lanes[lane].row.encoding.byte_spans
        h0, h1 = span
        found = [t for t, (b0, b1) in enumerate(spans) if b0 < h1 and h0 < b1]
        focus_lane, focus_token = self.focus()
        if focus_lane == lane and focus_token not in found:
            found = sorted([*found, focus_token])
        return found

    def _set_hovered(self, found) -> None:
        if found != self.hovered:
            self.hovered = found
            self.viewport().update()
            self._emit_focus()

    def _emit_focus(self):
        focus = self.focus()
        if focus is None:
            self.sig_span_hovered.emit(-1, -1)
        else:
            lane, token = focus
            self.sig_span_hovered.emit(*self.lanes[lane].row.encoding.char_spans[token])

    def pin(self, found) -> None:
        """Keep ``found`` (lane, token) marked after the mouse leaves; None unpins."""
        self.pinned = found
        self.viewport().update()
        self._emit_focus()
        self._describe()

    def _describe(self) -> None:
        """The accessible description: the pinned chip's (the keys pin as they
        walk), else how many lanes there are and how to walk them."""
        if self.pinned is not None:
            text = self.describe(*self.pinned)
        elif self.lanes:
            text = self.tr("%n tokenizer(s); Left and Right go through a lane's tokens, Up and Down to the "
                           "next lane", "", len(self.lanes))
        else:
            text = self.message
        if text != self.accessibleDescription():
            self.setAccessibleDescription(text)
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.DescriptionChanged))

    # ==== painting ====

    def paintEvent(self, event):
        painter = QPainter(self.viewport())
        palette = self.palette()
        ink = palette.color(QPalette.Text)
        if not self.lanes:
            painter.setPen(palette.color(QPalette.PlaceholderText))
            painter.drawText(self.viewport().rect().adjusted(12, 12, -12, -12), Qt.AlignCenter | Qt.TextWordWrap,
                             self.message)
            accessible.paint_focus(self, painter)
            painter.end()
            return
        top = self.verticalScrollBar().value()
        bottom = top + self.viewport().height()
        painter.translate(-self.horizontalScrollBar().value(), -top)
        first = max(0, (top - MARGIN) // self._band_height())
        span = self.focus_span()
        colours = token_colours()
        for band in range(first, len(self.placement.bands)):
            y = self._band_top(band)
            if y > bottom:
                break
            if band:
                painter.setPen(palette.color(QPalette.Mid))
                painter.drawLine(MARGIN, y - BAND_GAP // 2, self._content_width - MARGIN, y - BAND_GAP // 2)
            self._paint_names(painter, y, ink)
            placed = self.placement.items(band)
            for item in placed:
                self._paint_item(painter, band, item, item is placed[-1], span, colours, ink)
        painter.resetTransform()
        accessible.paint_focus(self, painter)
        painter.end()

    def focusInEvent(self, event):
        super().focusInEvent(event)
        self.viewport().update()

    def focusOutEvent(self, event):
        super().focusOutEvent(event)
        self.viewport().update()

    def _paint_names(self, painter, y, ink):
        small_h, name_h = self._small_metrics.height(), self._name_metrics.height()
        painter.setPen(ink)
        for lane, info in enumerate(self.lanes):
            top = y + TICK_H + lane * self._lane_h
            painter.setFont(self._name_font)
            painter.drawText(QRect(MARGIN, top + PAD, self._gutter - 8, name_h), Qt.AlignLeft,
                             self._name_metrics.elidedText(info.name, Qt.ElideMiddle, self._gutter - 8))
            painter.setFont(self._small_font)
            painter.drawText(QRect(MARGIN, top + PAD + name_h, self._gutter - 8, small_h), Qt.AlignLeft, info.kind)

    def _paint_item(self, painter, band, item, at_end, span, colours, ink):
        y = self._band_top(band)
        left = MARGIN + self._gutter + item.x
        lanes_bottom = y + TICK_H + len(self.lanes) * self._lane_h - LANE_GAP
        edges = []
        if item.first and self.cuts[item.segment] in self.shared:
            edges.append(left + 2)
        if item.last and at_end and self.cuts[item.segment + 1] in self.shared:
            edges.append(left + item.width + 2)
        for x in edges:  # the shared boundary: a ▼ and a line through every lane
            painter.setPen(QPen(ink, 2))
            painter.drawLine(x, y + TICK_H - 1, x, lanes_bottom)
            painter.setPen(Qt.NoPen)
            painter.setBrush(ink)
            painter.drawPolygon(QPolygon([QPoint(x - 4, y), QPoint(x + 4, y), QPoint(x, y + TICK_H - 1)]))
            painter.setBrush(Qt.NoBrush)
        for lane, (a, b) in enumerate(item.ranges):
            spans = self.lanes[lane].row.encoding.byte_spans
            for token in range(a, b):
                self._paint_chip(painter, lane, token, self._rect(band, item, lane, token), spans[token], span,
                                 colours)

    def _paint_chip(self, painter, lane, token, rect, bytes_span, focus_span, colours):
        chip = self.lanes[lane].row.chips[token]
        focused = (lane, token) == self.focus()
        overlap = None
        if focus_span is not None:
            b0, b1 = bytes_span
            h0, h1 = focus_span
            if b0 < h1 and h0 < b1:
                overlap = (max(b0, h0) - b0) / (b1 - b0), (min(b1, h1) - b0) / (b1 - b0)
            elif focused:
                overlap = (0.0, 1.0)
        fill_colour = HIGHLIGHT if overlap is not None else (
            QColor("#eeeeee") if chip.flag else colours[token % len(colours)])
        painter.fillRect(rect, fill_colour)
        pen = QPen(INK if overlap is not None else QColor("#6b6b6b"))
        pen.setWidth(3 if focused else 2 if overlap is not None else 1)
        if chip.partial:
            pen.setStyle(Qt.DashLine)
        painter.setPen(pen)
        painter.drawRect(rect.adjusted(0, 0, -1, -1))
        text_h = self._text_metrics.height()
        painter.setPen(QColor("#000000"))
        painter.setFont(self._text_font)
        painter.drawText(QRect(rect.left(), rect.top() + PAD, rect.width(), text_h), Qt.AlignCenter,
                         self._text_metrics.elidedText(chip.label, Qt.ElideRight, rect.width() - 2))
        painter.setFont(self._small_font)
        painter.setPen(QColor("#303030"))
        painter.drawText(QRect(rect.left(), rect.top() + PAD + text_h, rect.width(), self._small_metrics.height()),
                         Qt.AlignCenter, _id_text(chip))
        if overlap is not None:  # the part of this chip that holds the focused input: a bar, not only a colour
            start = rect.left() + 2 + int(overlap[0] * (rect.width() - 4))
            end = rect.left() + 2 + int(overlap[1] * (rect.width() - 4))
            painter.fillRect(QRect(start, rect.bottom() - 3, max(2, end - start), 3), INK)

    # ==== interaction ====

    def mouseMoveEvent(self, event):
        self._set_hovered(self.chip_at(event.position().toPoint()))

    def leaveEvent(self, event):
        self._set_hovered(None)

    def mousePressEvent(self, event):
        found = self.chip_at(event.position().toPoint())
        self.pin(None if found == self.pinned else found)

    def keyPressEvent(self, event):
        """Left/Right: the previous/next chip of the lane; Up/Down: the chip of
        the lane above/below that holds the same first byte; Esc: let go."""
        key = event.key()
        if key == Qt.Key_Escape and self.pinned is not None:
            self.pin(None)
            return
        if key not in (Qt.Key_Left, Qt.Key_Right, Qt.Key_Up, Qt.Key_Down) or not self.lanes:
            super().keyPressEvent(event)
            return
        lane, token = self.pinned if self.pinned is not None else (0, -1 if key == Qt.Key_Right else 0)
        if key in (Qt.Key_Left, Qt.Key_Right):
            token = max(0, min(len(self.lanes[lane].row.chips) - 1, token + (1 if key == Qt.Key_Right else -1)))
        else:
            start = self.lanes[lane].row.encoding.byte_spans[max(token, 0)][0] if self.lanes[lane].row.chips else 0
            lane = max(0, min(len(self.lanes) - 1, lane + (1 if key == Qt.Key_Down else -1)))
            spans = self.lanes[lane].row.encoding.byte_spans
            token = next((t for t, (_, end) in enumerate(spans) if end > start), len(spans) - 1)
        if 0 <= token < len(self.lanes[lane].row.chips):
            self.pin((lane, token))
            self.ensure_visible(lane, token)

    def ensure_visible(self, lane: int, token: int) -> None:
        rect = self.chip_rect(lane, token)
        if rect is None:
            return
        vertical, horizontal = self.verticalScrollBar(), self.horizontalScrollBar()
        if rect.top() < vertical.value() or rect.bottom() > vertical.value() + self.viewport().height():
            vertical.setValue(rect.top() - TICK_H - lane * self._lane_h)
        if rect.left() < horizontal.value() or rect.right() > horizontal.value() + self.viewport().width():
            horizontal.setValue(rect.left() - self._gutter - MARGIN)

    def viewportEvent(self, event):
        if event.type() == QEvent.ToolTip:
            found = self.chip_at(event.pos())
            if found is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), tooltip(self.describe(*found)), self.viewport())
            return True
        return super().viewportEvent(event)

    def scrollContentsBy(self, dx, dy):
        self.viewport().update()

    def describe(self, lane: int, token: int) -> str:
        """A chip's tooltip: which tokenizer, the stored token, its bytes and where it is in the input."""
        info = self.lanes[lane]
        encoding = info.row.encoding
        chip = info.row.chips[token]
        (b0, b1), (c0, c1) = encoding.byte_spans[token], encoding.char_spans[token]
        lines = [fill(self.tr("%1 (%2): token %3 of %4"), info.name, info.kind, token + 1, len(encoding)),
                 fill(self.tr("ID %1, stored as %2"), encoding.ids[token], visible(encoding.tokens[token]))]
        if chip.data:
            lines.append(fill(self.tr("bytes %1–%2: %3"), b0, b1, TokenStrip.hex_text(chip)))
        if c1 > c0:
            lines.append(fill(self.tr("characters %1–%2: %3"), c0, c1, visible(self.text[c0:c1])))
        flag = encoding.flags[token]
        note = {"special": self.tr("a special token: it stands for no input bytes"),
                "unknown": fill(self.tr("the unknown token: it stands for %1"), visible(chip.covers)),
                "byte": self.tr("a byte-fallback piece: one byte of a character the vocabulary lacks"),
                "partial": self.tr("holds only part of a character (dashed border)"),
                "approximate": self.tr("where this token is inside its word is not traced exactly"),
                "inserted": self.tr("inserted by the tokenizer: it stands for no input bytes")}.get(flag)
        if note:
            lines.append(note)
        return "\n".join(lines)
