"""Lanes: several tokenizers' chips for one text, lined up at the token
boundaries they all share.

Each tokenizer is a lane; the text wraps into bands, and every band holds
one line of every lane, headed by the tokenizer's name and kind.  Segments
(text between two shared boundaries, :mod:`.alignment`) are placed whole,
each lane's chips from the segment's left edge, so a boundary that every
tokenizer shares is one line down the band with a ▼ above it -- a shape,
not only a colour.  A segment wider than the view is split over bands.

Painted, as :class:`gui.token_strip.TokenStrip` is: the layout is flat
lists (widths per token, offsets per segment, bands of placed segments),
and only the bands in view are drawn, so tens of thousands of tokens per
lane scroll smoothly.  Hovering a chip (or clicking one, which pins it)
marks, in every lane, the chips that hold any byte of the same input, with
a bar under the part of each chip that overlaps it (byte spans make this
exact: ``␣你好`` against ``你 1/3`` covers a third of that chip).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from itertools import accumulate

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen, QPolygon
from PySide6.QtWidgets import QAbstractScrollArea, QToolTip

from ..palette import token_colours
from ..token_strip import TokenStrip
from .texts import fill, visible

PAD = 4  # inside a chip
GAP = 3  # between chips of a lane
LANE_GAP = 4  # between lanes of a band
SEG_IN = 6  # from a segment's edge (where the shared-boundary line is) to its first chip
TICK_H = 8  # room above a band for the ▼ of shared boundaries
BAND_GAP = 12
GUTTER = 150  # the tokenizer names at the left of every band
MARGIN = 6
MIN_LINE = 360  # narrower views scroll sideways rather than squeeze a chip
EMPTY_SEGMENT = 10  # width of a segment no lane has a token in (all dropped it)
HIGHLIGHT = QColor("#ffd54f")
INK = QColor("#1a1a1a")


@dataclass(frozen=True)
class Lane:
    key: str
    name: str
    kind: str
    row: object  # alignment.Row (encoded)


@dataclass(frozen=True)
class Placed:
    """A segment (or, for a segment wider than the view, one piece of it) in a band."""

    segment: int
    x: int  # from the band's left edge, after the gutter
    width: int
    ranges: tuple[tuple[int, int], ...]  # per lane: its tokens here, [first, end)
    first: bool  # the segment's first piece (its left edge is the segment's start)
    last: bool  # the segment's last piece


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
        self._firsts: list[tuple[int, ...]] = []
        self._widths: list[list[int]] = []
        self._cums: list[list[int]] = []  # per lane: x of each token from the lane's start, and the end
        self._segment_widths: list[int] = []
        self._segment_x: list[int] = [0]  # where each segment starts if all were on one line
        self._bands: list[tuple] = []  # (first segment, end segment, piece or None); see _pack
        self._band_starts: list[int] = []
        self._pieces: dict[int, list] = {}  # segment -> its pieces, for segments wider than a line
        self._content_width = 0
        self._width_cache: dict[int, int] = {}  # id(chip) -> width; identical tokens share a chip
        self._measured: dict[int, object] = {}  # id(chip) -> chip: kept alive, so no id is reused
        self._text_font = QFont(self.font())
        self._text_font.setPointSizeF(self._text_font.pointSizeF() * 1.1)
        self._small_font = QFont("monospace")
        self._small_font.setStyleHint(QFont.Monospace)
        self._small_font.setPointSizeF(max(7.0, self.font().pointSizeF() * 0.8))
        self._name_font = QFont(self.font())
        self._name_font.setBold(True)
        self._text_metrics = QFontMetrics(self._text_font)
        self._small_metrics = QFontMetrics(self._small_font)
        self._name_metrics = QFontMetrics(self._name_font)
        self._chip_h = self._text_metrics.height() + self._small_metrics.height() + 2 * PAD
        self._lane_h = self._chip_h + LANE_GAP

        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setMinimumHeight(TICK_H + 2 * self._lane_h + BAND_GAP)

    # ==== data ====

    def set_lanes(self, lanes, comparison) -> None:
        """Show ``lanes`` (each an encoded row of ``comparison``)."""
        self.lanes = list(lanes)
        self.text = comparison.text
        self.cuts = comparison.cuts
        self.shared = frozenset(comparison.shared)
        self._firsts = [comparison.firsts[lane.key] for lane in self.lanes]
        self.hovered = self.pinned = None
        if len(self._width_cache) > 200_000:
            self._width_cache.clear()
            self._measured.clear()
        self._widths = [self._chip_widths(lane.row.chips) for lane in self.lanes]
        self._cums = [[0, *accumulate(map(GAP.__add__, widths))] for widths in self._widths]
        self._segment_widths = self._measure_segments()
        self._pack()
        self.sig_span_hovered.emit(-1, -1)

    def show_message(self, message: str) -> None:
        """No lanes: say why (nothing ticked, no text, every tokenizer failed)."""
        self.lanes, self._cums, self._widths, self._firsts, self._segment_widths = [], [], [], [], []
        self.hovered = self.pinned = None
        self.message = message
        self._pack()

    def lane_chips(self, lane: int):
        return self.lanes[lane].row.chips

    def band_count(self) -> int:
        return len(self._bands)

    # ==== layout ====

    def _chip_widths(self, chips) -> list[int]:
        # Measured once per distinct chip; the rest is dictionary lookups in C
        # (100,000 tokens are typically a few hundred distinct chips).
        cache = self._width_cache
        ids = list(map(id, chips))
        missing = set(ids).difference(cache)
        if missing:
            by_id = dict(zip(ids, chips))
            for key in missing:
                chip = self._measured[key] = by_id[key]
                cache[key] = max(self._text_metrics.horizontalAdvance(chip.label),
                                 self._small_metrics.horizontalAdvance(_id_text(chip)), 12) + 2 * PAD
        return list(map(cache.__getitem__, ids))

    def _measure_segments(self) -> list[int]:
        """The widest lane's chips in each segment."""
        per_lane = []
        for cum, firsts in zip(self._cums, self._firsts):
            per_lane.append([cum[b] - cum[a] for a, b in zip(firsts, firsts[1:])])
        if not per_lane:
            return []
        widest = per_lane[0] if len(per_lane) == 1 else list(map(max, *per_lane))
        return [w if w else EMPTY_SEGMENT for w in widest]

    def _line_width(self) -> int:
        return max(MIN_LINE, self.viewport().width() - GUTTER - 2 * MARGIN)

    def _pack(self) -> None:
        """Put segments into bands as wide as the view (again on every resize).

        A band is ``(first, end, piece)``: segments ``first:end`` side by
        side, or (``piece`` not None) one piece of a segment too wide for a
        line.  Only the bands in view are turned into :class:`Placed` items.
        """
        line = self._line_width()
        xs = self._segment_x = [0, *accumulate(w + SEG_IN for w in self._segment_widths)]
        self._pieces = {}
        bands, k, count = [], 0, len(self._segment_widths)
        while k < count:
            if xs[k + 1] - xs[k] > line:
                self._pieces[k] = self._split(k, line)
                bands.extend((k, k + 1, j) for j in range(len(self._pieces[k])))
                k += 1
                continue
            # As many segments as fit; a too-wide one never fits, so it starts its own band.
            end = bisect_right(xs, xs[k] + line, k + 1) - 1
            bands.append((k, end, None))
            k = end
        self._bands = bands
        self._band_starts = [b[0] for b in bands]
        widest = max((self._band_width(b) for b in bands), default=0)
        self._content_width = GUTTER + 2 * MARGIN + widest
        total = (MARGIN + len(bands) * self._band_height()) if bands else 0
        vertical, horizontal = self.verticalScrollBar(), self.horizontalScrollBar()
        vertical.setRange(0, max(0, total - self.viewport().height()))
        vertical.setPageStep(self.viewport().height())
        vertical.setSingleStep(self._lane_h)
        horizontal.setRange(0, max(0, self._content_width - self.viewport().width()))
        horizontal.setPageStep(self.viewport().width())
        self.viewport().update()

    def _band_width(self, band) -> int:
        first, end, piece = band
        if piece is not None:
            return self._pieces[first][piece][1]
        return self._segment_x[end] - self._segment_x[first]

    def _split(self, k: int, line: int) -> list[tuple[tuple[tuple[int, int], ...], int]]:
        """A segment wider than a line, as (ranges per lane, width) per band:
        each lane's chips wrap on their own in it (they cannot line up here)."""
        room = line - SEG_IN
        lines_per_lane = []
        for cum, firsts in zip(self._cums, self._firsts):
            a, b = firsts[k], firsts[k + 1]
            lines, start = [], a
            while start < b:
                end = max(bisect_right(cum, cum[start] + room, start + 1, b + 1) - 1, start + 1)
                lines.append((start, end))
                start = end
            lines_per_lane.append(lines)
        pieces = []
        for j in range(max(map(len, lines_per_lane))):
            ranges = tuple(lines[j] if j < len(lines) else (f[k + 1], f[k + 1])
                           for lines, f in zip(lines_per_lane, self._firsts))
            width = max(self._cums[r][b] - self._cums[r][a] for r, (a, b) in enumerate(ranges)) + SEG_IN
            pieces.append((ranges, width))
        return pieces

    def items(self, band: int) -> list[Placed]:
        """The segments (or the piece of one) placed in band ``band``."""
        first, end, piece = self._bands[band]
        if piece is not None:
            ranges, width = self._pieces[first][piece]
            return [Placed(first, 0, width, ranges, piece == 0, piece == len(self._pieces[first]) - 1)]
        xs, left = self._segment_x, self._segment_x[first]
        return [Placed(k, xs[k] - left, xs[k + 1] - xs[k], tuple((f[k], f[k + 1]) for f in self._firsts), True, True)
                for k in range(first, end)]

    def _band_height(self) -> int:
        return TICK_H + len(self.lanes) * self._lane_h + BAND_GAP

    def _band_top(self, band: int) -> int:
        return MARGIN + band * self._band_height()

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._pack()

    def chip_rect(self, lane: int, token: int) -> QRect | None:
        """Where token ``token`` of lane ``lane`` is drawn, in content coordinates."""
        segment = bisect_right(self._firsts[lane], token) - 1
        band = bisect_right(self._band_starts, segment) - 1
        while band >= 0:  # back through the pieces of a split segment
            for item in self.items(band):
                a, b = item.ranges[lane]
                if a <= token < b:
                    return self._rect(band, item, lane, token)
            if self._bands[band][2] is None or self._band_starts[band] != segment:
                break
            band -= 1
        return None

    def _rect(self, band: int, item: Placed, lane: int, token: int) -> QRect:
        cum = self._cums[lane]
        x = MARGIN + GUTTER + item.x + SEG_IN + cum[token] - cum[item.ranges[lane][0]]
        y = self._band_top(band) + TICK_H + lane * self._lane_h
        return QRect(x, y, self._widths[lane][token], self._chip_h)

    def chip_at(self, pos: QPoint) -> tuple[int, int] | None:
        """(lane, token) under a viewport position, or None."""
        if not self.lanes:
            return None
        x = pos.x() + self.horizontalScrollBar().value()
        y = pos.y() + self.verticalScrollBar().value()
        band = (y - MARGIN) // self._band_height()
        if not 0 <= band < len(self._bands):
            return None
        inside = y - self._band_top(band) - TICK_H
        lane = inside // self._lane_h if inside >= 0 else -1
        if not 0 <= lane < len(self.lanes) or inside - lane * self._lane_h >= self._chip_h:
            return None
        offset = x - MARGIN - GUTTER
        for item in self.items(band):
            if item.x <= offset < item.x + item.width:
                a, b = item.ranges[lane]
                cum = self._cums[lane]
                along = cum[a] + offset - item.x - SEG_IN
                token = bisect_right(cum, along, a, b) - 1
                if a <= token < b and along - cum[token] < self._widths[lane][token]:
                    return lane, token
                return None
        return None

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

    # ==== painting ====

    def paintEvent(self, event):
        painter = QPainter(self.viewport())
        palette = self.palette()
        ink = palette.color(QPalette.Text)
        if not self.lanes:
            painter.setPen(palette.color(QPalette.PlaceholderText))
            painter.drawText(self.viewport().rect().adjusted(12, 12, -12, -12), Qt.AlignCenter | Qt.TextWordWrap,
                             self.message)
            painter.end()
            return
        top = self.verticalScrollBar().value()
        bottom = top + self.viewport().height()
        painter.translate(-self.horizontalScrollBar().value(), -top)
        first = max(0, (top - MARGIN) // self._band_height())
        span = self.focus_span()
        colours = token_colours()
        for band in range(first, len(self._bands)):
            y = self._band_top(band)
            if y > bottom:
                break
            if band:
                painter.setPen(palette.color(QPalette.Mid))
                painter.drawLine(MARGIN, y - BAND_GAP // 2, self._content_width - MARGIN, y - BAND_GAP // 2)
            self._paint_names(painter, y, ink)
            placed = self.items(band)
            for item in placed:
                self._paint_item(painter, band, item, item is placed[-1], span, colours, ink)
        painter.end()

    def _paint_names(self, painter, y, ink):
        small_h, name_h = self._small_metrics.height(), self._name_metrics.height()
        painter.setPen(ink)
        for lane, info in enumerate(self.lanes):
            top = y + TICK_H + lane * self._lane_h
            painter.setFont(self._name_font)
            painter.drawText(QRect(MARGIN, top + PAD, GUTTER - 8, name_h), Qt.AlignLeft,
                             self._name_metrics.elidedText(info.name, Qt.ElideMiddle, GUTTER - 8))
            painter.setFont(self._small_font)
            painter.drawText(QRect(MARGIN, top + PAD + name_h, GUTTER - 8, small_h), Qt.AlignLeft, info.kind)

    def _paint_item(self, painter, band, item, at_end, span, colours, ink):
        y = self._band_top(band)
        left = MARGIN + GUTTER + item.x
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

    def viewportEvent(self, event):
        if event.type() == QEvent.ToolTip:
            found = self.chip_at(event.pos())
            if found is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.describe(*found), self.viewport())
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
