"""Rows of controls that fit any zoom (gui/shell/zoom.py): a row wraps onto more
lines where it is narrower than its controls, and a wrapped label is given
the height its lines take.

A row of buttons that is one line at 100 % is two at 200 % on a 1280-pixel
screen, rather than widening the window past the screen's edge; a label
that wraps onto three lines gets three lines' room even in a splitter
(which, unlike a box layout, never asks a widget its height for a width).
"""

from __future__ import annotations


from PySide6.QtCore import QEvent, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QLayout, QScrollArea, QSizePolicy, QSpacerItem, QStyle,
                               QWidget, QWidgetItem)




class FlowLayout(QLayout):
    """Items left to right, wrapping onto a new line when the next one does
    not fit; in each line the spare width goes to the items added with a
    stretch (as in a QHBoxLayout), and items are centred on the line."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._items: list = []
        self._stretch: dict[int, int] = {}  # id(item) -> stretch
        self._height = None  # the height the lines took at the width last given (None: not laid out yet)

    # ==== the QLayout interface ====

    def addItem(self, item):
        self._items.append(item)

    def addWidget(self, widget, stretch: int = 0):
        """``widget`` at the end of the row; ``stretch`` > 0 takes a share of the spare width."""
        self.addChildWidget(widget)
        item = QWidgetItem(widget)
        self._stretch[id(item)] = stretch
        self.addItem(item)
        self.invalidate()

    def addStretch(self, stretch: int = 1):
        """Spare width of its line, shared with the stretching items (as in a QHBoxLayout)."""
        item = QSpacerItem(0, 0, QSizePolicy.Expanding, QSizePolicy.Minimum)
        self._stretch[id(item)] = stretch
        self.addItem(item)
        self.invalidate()

    def count(self):
        return len(self._items)

    def itemAt(self, index):
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index):
        if not 0 <= index < len(self._items):
            return None
        item = self._items.pop(index)
        self._stretch.pop(id(item), None)
        return item

    def expandingDirections(self):
        return Qt.Horizontal if any(self._stretch.values()) else Qt.Orientation(0)

    def hasHeightForWidth(self):
        return True

    def heightForWidth(self, width):
        return self._arrange(QRect(0, 0, width, 0), apply=False)

    def setGeometry(self, rect):
        super().setGeometry(rect)
        height = self._arrange(rect, apply=True)
        if height != self._height:
            # More lines (or fewer) at this width: the layouts above ask again
            # (a splitter or a box layout never asks a height for a width).
            self._height = height
            self.invalidate()

    def sizeHint(self):
        """Everything on one line."""
        shown = self._shown()
        width = sum(item.sizeHint().width() for item in shown) + self._gaps(shown)
        height = max((item.sizeHint().height() for item in shown), default=0)
        return self._with_margins(QSize(width, height))

    def minimumSize(self):
        """As wide as the widest item, and as high as the lines took at the
        width last given (one line before the first layout): a row narrower
        than its controls wraps, at any zoom, rather than widening the
        window past the screen (a lesson dock beside the views at 1280 px)."""
        shown = self._shown()
        width = max((item.minimumSize().width() for item in shown), default=0)
        height = max((item.minimumSize().height() for item in shown), default=0)
        size = self._with_margins(QSize(width, height))
        if self._height is not None:
            size.setHeight(max(size.height(), self._height))
        return size

    # ==== placing ====

    def _shown(self):
        return [item for item in self._items if not item.isEmpty() or item.spacerItem() is not None]

    def _gap(self) -> int:
        if self.spacing() >= 0:
            return self.spacing()
        parent = self.parentWidget()
        style = parent.style() if parent is not None else None
        gap = style.pixelMetric(QStyle.PM_LayoutHorizontalSpacing) if style is not None else -1
        return gap if gap >= 0 else 6

    def _gaps(self, items) -> int:
        """The spacing between ``items`` in a line: none beside a stretch, as in a QHBoxLayout."""
        widgets = sum(1 for item in items if item.spacerItem() is None)
        return self._gap() * max(0, widgets - 1)

    def _with_margins(self, size: QSize) -> QSize:
        margins = self.contentsMargins()
        return QSize(size.width() + margins.left() + margins.right(),
                     size.height() + margins.top() + margins.bottom())

    def _lines(self, width: int):
        """The shown items in lines no wider than ``width``: lists of [item, width].
        One line when the items fit at their minimum widths (each given what
        it would in a QHBoxLayout); else as many as it takes at their hints."""
        gap = self._gap()
        shown = self._shown()
        mins = [min(item.minimumSize().width(), width) for item in shown]
        hints = [min(max(m, min(item.sizeHint().width(), item.maximumSize().width())), width)
                 for item, m in zip(shown, mins)]
        if sum(mins) + self._gaps(shown) <= width:
            lines = [list(zip(shown, mins, hints))]
        else:
            lines, line, used = [], [], 0
            for item, m, hint in zip(shown, mins, hints):
                if line and used + gap + hint > width:
                    lines.append(line)
                    line, used = [], 0
                used += (gap if line else 0) + hint
                line.append((item, m, hint))
            if line:
                lines.append(line)
        return [self._fill(line, width - self._gaps([item for item, _, _ in line])) for line in lines]

    def _fill(self, line, room: int):
        """Widths for one line's items in ``room``: their hints shrunk toward
        their minimums when short of room, the spare room to the stretching
        items (up to their maximum) when not."""
        widths = [hint for _, _, hint in line]
        short = sum(widths) - room
        if short > 0:
            give = [hint - m for _, m, hint in line]
            total = sum(give) or 1
            widths = [hint - min(g, short * g // total + (1 if g and short * g % total else 0))
                      for (_, _, hint), g in zip(line, give)]
        else:
            stretches = [self._stretch.get(id(item), 0) for item, _, _ in line]
            total = sum(stretches)
            if total and short < 0:
                widths = [min(item.maximumSize().width(), w + (-short) * stretch // total) if stretch else w
                          for (item, _, _), w, stretch in zip(line, widths, stretches)]
        return [[item, w] for (item, _, _), w in zip(line, widths)]

    def _arrange(self, rect: QRect, *, apply: bool) -> int:
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        gap, y = self._gap(), area.y()
        vertical = self.spacing() if self.spacing() >= 0 else gap
        for number, line in enumerate(self._lines(max(1, area.width()))):
            heights = [item.heightForWidth(w) if item.hasHeightForWidth() else item.sizeHint().height()
                       for item, w in line]
            height = max(max(heights), max(item.minimumSize().height() for item, _ in line))
            if number:
                y += vertical
            x, placed = area.x(), False
            if apply:
                for (item, w), h in zip(line, heights):
                    widget = item.spacerItem() is None
                    if widget and placed:  # spacing between widgets, none beside a stretch
                        x += gap
                    placed = placed or widget
                    h = min(max(h, item.minimumSize().height()), height, item.maximumSize().height())
                    item.setGeometry(QRect(QPoint(x, y + (height - h) // 2), QSize(w, h)))
                    x += w
            y += height
        return y - area.y() + margins.top() + margins.bottom()


def labelled(label, widget, stretch: int = 0, *more) -> QWidget:
    """A label and the widget it names (and ``more`` widgets that go with
    it), kept on one line of a flow; the label becomes the widget's buddy
    (its accessible name and mnemonic).  ``stretch``: the widget's share of
    the holder's spare width."""
    holder = QWidget()
    row = QHBoxLayout(holder)
    row.setContentsMargins(0, 0, 0, 0)
    row.addWidget(label)
    row.addWidget(widget, stretch)
    for other in more:
        row.addWidget(other)
    label.setBuddy(widget)
    return holder


class WrappedLabel(QLabel):
    """A word-wrapped label that asks for the height of its lines at its
    width, wherever it is laid out (a splitter's pane included)."""

    def __init__(self, text: str = "", parent=None):
        super().__init__(text, parent)
        self.setWordWrap(True)

    def _fit(self):
        if self.width() <= 0:
            return
        kept = self.minimumHeight()
        self.setMinimumHeight(0)  # QLabel's height for a width is never below its minimum
        height = self.heightForWidth(self.width())
        self.setMinimumHeight(height if height > 0 else kept)

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._fit()

    def setText(self, text):
        super().setText(text)
        self._fit()

    def changeEvent(self, event):
        super().changeEvent(event)
        if event.type() == QEvent.FontChange:
            self._fit()  # a zoom: other lines at the same width


class VerticalScroll(QScrollArea):
    """``widget`` as wide as the area and as high as the area or its
    minimum, whichever is more: scrolled up and down only when a
    projector's zoom wants more height than there is.  (Qt's resizable
    scroll area gives a widget whose layout has a height for a width its
    preferred height, so it would scroll at 100 % too.)  As wide as the
    widget needs: it never scrolls sideways."""

    def __init__(self, widget, parent=None):
        super().__init__(parent)
        self.setWidget(widget)
        self.setFrameShape(QFrame.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.NoFocus)  # Tab goes to the controls inside, which scroll into view
        widget.installEventFilter(self)

    def _fit(self):
        widget, viewport = self.widget(), self.viewport()
        if widget is None:
            return
        least = max(widget.minimumSizeHint().height(), widget.minimumHeight())
        size = QSize(viewport.width(), max(viewport.height(), least))
        if widget.size() != size:
            widget.resize(size)

    def eventFilter(self, watched, event):
        if watched is self.widget() and event.type() == QEvent.LayoutRequest:
            self._fit()  # its minimum may have changed (a wrapped row, a zoom)
        return super().eventFilter(watched, event)

    def viewportEvent(self, event):
        if event.type() == QEvent.Resize:
            self._fit()
        return super().viewportEvent(event)

    def minimumSizeHint(self):
        hint = super().minimumSizeHint()
        inner = self.widget().minimumSizeHint().width() if self.widget() is not None else 0
        bar = self.verticalScrollBar().sizeHint().width()
        return QSize(max(hint.width(), inner + bar), hint.height())
