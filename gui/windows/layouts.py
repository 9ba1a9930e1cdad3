"""A lesson's layout: views side by side, and the user's windows back after.

:func:`side_by_side` splits the screen the main window is on into columns,
left to right, one per view, each at least as wide as its window needs.
The main window holds the first view (its tab shown) when it fits beside
the others; otherwise (holding every tab, it is the widest window) that
view gets a window too and the main window waits behind.  Every other
view goes in a window of its own in its column: its detached window if
the user has one (moved), else its tab detached for the lesson (opened).
:func:`restore` undoes exactly that: windows opened for the lesson go back
to their tabs, moved ones go back where they were, the main window gets
its geometry (maximized or full screen included) and its tab back.
Whatever the user did in between stays: a window the lesson opened and
the user closed is not opened again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QByteArray, QRect
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
    screen = (shell.screen() or QGuiApplication.primaryScreen()).availableGeometry()
    frame = shell.frameGeometry().width() - shell.geometry().width()  # the window manager's borders

    def needs(widget) -> int:
        return widget.minimumSizeHint().width() + frame

    # The main window holds the first view unless, holding all the tabs (and
    # the lesson dock), it is too wide to share the screen while the views
    # alone would fit; then the lesson panel comes along in a column of its
    # own if there is room (else it waits behind, its keys work everywhere).
    keys = list(keys)
    in_main = keys[0] in views.TABS and manager.home_window(keys[0]) is None
    alone = [needs(shell.panels[k] if k in views.TABS else shell.lesson_dock.panel) for k in keys]
    if in_main and needs(shell) + sum(alone[1:]) > screen.width() >= sum(alone):
        in_main = False
        lesson = needs(shell.lesson_dock.panel)
        if views.LESSON not in keys and shell.lesson_dock.isVisible() and sum(alone) + lesson <= screen.width():
            keys.append(views.LESSON)
    holders = []
    for index, key in enumerate(keys):
        window = manager.home_window(key)
        if window is None and index == 0 and in_main:
            shell.show_panel(key)
            holders.append(shell)
            continue
        if window is None:
            window = manager.detach(key)
            if window is None:
                continue  # the main window's last tab: it stays there
            saved.opened.append(window)
        else:
            saved.moved.append((window, window.saveGeometry()))
            window.showNormal()
        holders.append(window)
    for holder, cell in zip(holders, columns(screen, [needs(h) for h in holders])):
        place(holder, cell)
        holder.raise_()
    return saved


def restore(manager, saved: Saved) -> None:
    for window in saved.opened:
        if window in manager.windows:
            manager.attach(window)
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
