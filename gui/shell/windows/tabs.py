"""The main window's tabs, each of which can leave for a window of its own.

Three ways out: the small button on each tab, its context menu (Detach, or
open another copy in a new window), and dragging the tab off the tab bar
and letting go (the window opens where the mouse is).  Qt's tab bar has no
such drag; this one notes a press on a tab and, when the button is released
well away from the bar, asks for that tab's view to be detached.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt, Signal
from PySide6.QtWidgets import QMenu, QStyle, QTabBar, QTabWidget, QToolButton

# How far past the tab bar the mouse must be let go to detach (in bar heights).
DROP_DISTANCE = 1.5


class DetachBar(QTabBar):
    sig_dropped_out = Signal(int, QPoint)
    """A tab was dragged off the bar and let go (arguments: index, global position)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self._pressed = -1  # the tab under the last left-button press

    def _far(self, pos) -> bool:
        margin = int(self.height() * DROP_DISTANCE)
        return not self.rect().adjusted(-margin, -margin, margin, margin).contains(pos)

    def mousePressEvent(self, event):
        self._pressed = self.tabAt(event.position().toPoint()) if event.button() == Qt.LeftButton else -1
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event):
        if self._pressed >= 0 and event.buttons() & Qt.LeftButton:
            # The cursor says what letting go here will do.
            far = self._far(event.position().toPoint())
            self.setCursor(Qt.DragMoveCursor if far else Qt.ArrowCursor)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event):
        pressed, self._pressed = self._pressed, -1
        self.unsetCursor()
        super().mouseReleaseEvent(event)
        if pressed >= 0 and event.button() == Qt.LeftButton and self._far(event.position().toPoint()):
            self.sig_dropped_out.emit(pressed, event.globalPosition().toPoint())


class ViewTabs(QTabWidget):
    """Tabs of views; the main window's ``detach``/``new_window`` do the moving."""

    sig_detach_requested = Signal(object, object)
    """Detach a tab's view (arguments: the view, a global position or None)."""
    sig_copy_requested = Signal(object)
    """Open another copy of a tab's view in a new window (argument: the view)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setTabBar(DetachBar(self))
        self.tabBar().setContextMenuPolicy(Qt.CustomContextMenu)
        self.tabBar().customContextMenuRequested.connect(self._context_menu)
        self.tabBar().sig_dropped_out.connect(lambda index, at: self.sig_detach_requested.emit(self.widget(index), at))

    def tabInserted(self, index):
        super().tabInserted(index)
        button = QToolButton(self)
        button.setAutoRaise(True)
        button.setIcon(self.style().standardIcon(QStyle.SP_TitleBarNormalButton))
        button.setToolTip(self.tr("Detach into a window of its own"))
        button.setAccessibleName(button.toolTip())
        view = self.widget(index)
        button.clicked.connect(lambda _=False, v=view: self.sig_detach_requested.emit(v, None))
        self.tabBar().setTabButton(index, QTabBar.RightSide, button)
        self._fit_buttons()

    def tabRemoved(self, index):
        super().tabRemoved(index)
        self._fit_buttons()

    def _fit_buttons(self):
        # The main window keeps at least one tab: the last one stays.
        for index in range(self.count()):
            button = self.tabBar().tabButton(index, QTabBar.RightSide)
            if button is not None:
                button.setEnabled(self.count() > 1)

    def _context_menu(self, pos):
        index = self.tabBar().tabAt(pos)
        if index < 0:
            return
        view = self.widget(index)
        menu = QMenu(self)
        detach = menu.addAction(self.tr("Detach into a window of its own"))
        detach.setEnabled(self.count() > 1)
        detach.triggered.connect(lambda: self.sig_detach_requested.emit(view, None))
        copy = menu.addAction(self.tr("Open another in a new window"))
        copy.triggered.connect(lambda: self.sig_copy_requested.emit(view))
        menu.aboutToHide.connect(menu.deleteLater)
        menu.popup(self.tabBar().mapToGlobal(pos))
