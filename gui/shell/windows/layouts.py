"""A lesson's layout: views side by side, and the user's windows back after.

:func:`side_by_side` splits the main window's screen into one column per
view, always leaving room for the lesson text; :func:`clear_of` keeps the
lesson panel uncovered; :func:`restore` puts the user's windows back.

Details: docs/notes/gui.md#guishellwindowslayoutspy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QByteArray, QPoint, QRect
from PySide6.QtGui import QGuiApplication

from . import views


@dataclass
class Saved:
    geometry: QByteArray  # the main window's (saveGeometry)
    current: str | None  # its current tab
    opened: list = field(default_factory=list)  # windows detached for the lesson
    moved: list = field(default_factory=list)  # (window, its geometry before)


def columns(area: QRect, minimums: list[int]) -> list[QRect]:
    """``area`` cut into columns, left to right, each at least its minimum
    width, the spare width shared equally.  Too narrow for all of them (a
    small projector): each keeps its minimum, spread from the left edge to
    the right one, overlapping as little as they can."""
    count, spare = len(minimums), area.width() - sum(minimums)
    if spare >= 0:
        widths = [m + spare // count for m in minimums]
        widths[-1] += spare - spare // count * count
        lefts = [area.left() + sum(widths[:i]) for i in range(count)]
    else:
        widths = [min(m, area.width()) for m in minimums]
        step = (area.width() - widths[-1]) / max(1, count - 1)
        lefts = [area.left() + round(i * step) for i in range(count)]
        lefts = [min(left, area.right() + 1 - width) for left, width in zip(lefts, widths)]
    return [QRect(left, area.top(), width, area.height()) for left, width in zip(lefts, widths)]


def place(window, cell: QRect) -> None:
    """Fit ``window``, frame and all, into ``cell``."""
    if window.isMaximized() or window.isFullScreen():
        window.showNormal()
    frame, inner = window.frameGeometry(), window.geometry()
    window.setGeometry(cell.adjusted(inner.left() - frame.left(), inner.top() - frame.top(),
                                     inner.right() - frame.right(), inner.bottom() - frame.bottom()))


def side_by_side(manager, keys) -> Saved:
    shell = manager.shell
    saved = Saved(shell.saveGeometry(), shell.current_panel())
    keys = [k for k in keys if k in views.TABS]
    if not keys:
        return saved
    screen = (shell.screen() or QGuiApplication.primaryScreen()).availableGeometry()
    frame = shell.frameGeometry().width() - shell.geometry().width()  # the window manager's borders

    def needs(widget) -> int:
        return max(widget.minimumSizeHint().width(), widget.minimumWidth()) + frame

    # The lesson text is never covered: docked in the main window, or in a
    # column of its own.  The main window holds the first view (and the
    # lesson dock) when it fits beside the others; otherwise the views get
    # windows and the lesson panel a column of its own.  Where neither fits
    # (a small screen), nothing moves: the main window shows the views as
    # tabs, one step at a time, beside the lesson dock.
    dock = shell.lesson_dock
    detached = manager.home_window(views.LESSON) is not None
    if not detached:
        dock.show()  # the lesson shows it anyway: measured with it
        shell.layout().activate()
    lesson = needs(dock.panel)
    alone = [needs(shell.panels[k]) for k in keys]
    in_main = manager.home_window(keys[0]) is None
    in_main = in_main and needs(shell) + sum(alone[1:]) + (lesson if detached else 0) <= screen.width()
    if not in_main and sum(alone) + lesson > screen.width():
        if manager.home_window(keys[0]) is None:
            shell.show_panel(keys[0])
        return saved
    holders = []
    for index, key in enumerate(keys):
        window = manager.home_window(key)
        if window is None and index == 0 and in_main:
            shell.show_panel(key)
            holders.append(shell)
            continue
        holders.append(_window_for(manager, key, saved))
    if holders[0] is not shell or detached:
        holders.append(_window_for(manager, views.LESSON, saved))
    for holder, cell in zip(holders, columns(screen, [needs(h) for h in holders])):
        place(holder, cell)
        holder.raise_()
    return saved


def _window_for(manager, key, saved):
    """The window ``key`` is in for the lesson: the user's (moved, its place kept), or one detached for it."""
    window = manager.home_window(key)
    if window is None:
        window = manager.detach(key)
        saved.opened.append(window)
    else:
        saved.moved.append((window, window.saveGeometry()))
        window.showNormal()
    return window


def covering(manager, panel) -> list:
    """The other windows on screen that overlap ``panel`` (whichever is on top)."""
    holder = panel.window()
    area = QRect(panel.mapToGlobal(QPoint(0, 0)), panel.size())
    return [w for w in manager.all() if w is not holder and w.isVisible() and not w.isMinimized()
            and w.frameGeometry().intersects(area)]


def clear_of(manager, panel) -> None:
    """Move every other window off the lesson panel ``panel`` (into the room
    beside it); one that cannot fit there goes behind the panel's window."""
    holder = panel.window()
    if not panel.isVisible():
        return
    area = QRect(panel.mapToGlobal(QPoint(0, 0)), panel.size())
    screen = (holder.screen() or QGuiApplication.primaryScreen()).availableGeometry()
    for window in covering(manager, panel):
        left = QRect(screen.left(), screen.top(), area.left() - screen.left(), screen.height())
        right = QRect(area.right() + 1, screen.top(), screen.right() - area.right(), screen.height())
        room = max(left, right, key=QRect.width)
        border = window.frameGeometry().width() - window.geometry().width()
        if room.width() >= window.minimumSizeHint().width() + border:
            place(window, room)
        else:
            holder.raise_()


def restore(manager, saved: Saved, *, dock: bool | None = None) -> None:
    """``dock``: whether the lesson dock shows afterwards (None: as it is)."""
    for window in saved.opened:
        if window in manager.windows:
            manager.attach(window)
    if dock is False:
        manager.shell.lesson_dock.hide()
    for window, geometry in saved.moved:
        if window in manager.windows:
            window.restoreGeometry(geometry)
    shell = manager.shell
    # Its minimum size now, not at the next layout pass: a hidden lesson dock
    # or a tab come home changes it, and restoreGeometry respects it.
    shell.layout().activate()
    shell.restoreGeometry(saved.geometry)
    if saved.current is not None and shell.tabs.indexOf(shell.panels[saved.current]) >= 0:
        shell.show_panel(saved.current)
