"""The main window's other windows: detached views and views in new windows.

Every window observes the one workspace through the main window's bridge,
so a change shows in all of them at once; the set of windows is saved at
close and opened again at the next start (``settings.WINDOWS``).

Details: docs/notes/gui.md#guishellwindowsmanagerpy.
"""

from __future__ import annotations

import json

import shiboken6
from PySide6.QtCore import QByteArray, QObject, QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication

from .. import settings, theme, workers
from . import layouts, views
from .view_window import ViewWindow

DEFAULT_SIZE = QSize(960, 680)
LESSON_SIZE = QSize(380, 640)
FRAME_GUESS = QSize(16, 40)  # borders and a title bar, while no window shows the real ones
CASCADE = 40  # px between windows that do not fit beside the main window
FREE_POLL_MS = 200


class WindowManager(QObject):
    sig_changed = Signal()
    """A window was opened or closed, or a view detached or attached."""

    def __init__(self, shell):
        super().__init__(shell)
        self.shell = shell
        self.windows: list[ViewWindow] = []
        # Closed windows, freed once no worker runs: freeing a widget tree
        # while a worker ends its task can deadlock PySide (main_window.retranslate).
        self._freeing: list = []
        self._free_timer = QTimer(self)
        self._free_timer.timeout.connect(self._free_idle)
        # A tab's detach button, its menu, or the tab dragged off the bar.
        shell.tabs.sig_detach_requested.connect(lambda view, at: self.detach(self.key_of(view), at=at, activate=True))
        shell.tabs.sig_copy_requested.connect(lambda view: self.new_window(self.key_of(view), activate=True))

    # ==== what is where ====

    def all(self) -> list:
        """The main window, then the others in the order they opened."""
        return [self.shell, *self.windows]

    def key_of(self, view) -> str:
        """The key of one of the main window's own views."""
        return next(key for key, panel in self.shell.panels.items() if panel is view)

    def home_window(self, key: str) -> ViewWindow | None:
        """The window holding the main window's own ``key`` view, if it is detached."""
        return next((w for w in self.windows if w.home and w.key == key), None)

    # ==== opening ====

    def new_window(self, key: str, *, options: dict | None = None, geometry=None, show=True,
                   activate=False) -> ViewWindow:
        """Another ``key`` view over the workspace, in a window of its own."""
        view = views.make(key, self.shell.bridge, self.shell, dict(options or {}))
        return self._open(ViewWindow(self.shell, key, view, home=False), geometry, None, show, activate)

    def detach(self, key: str, *, at: QPoint | None = None, geometry=None, show=True,
               activate=False) -> ViewWindow | None:
        """Move the main window's ``key`` view into a window of its own (near
        ``at``, a global position, if given); None if it is the last tab."""
        found = self.home_window(key)
        if found is not None:
            if activate:
                self.activate(found)
            return found
        if key == views.LESSON:
            size = self.shell.lesson_dock.size() if self.shell.lesson_dock.isVisible() else None
            view = self.shell.lesson_dock.take_panel()
        else:
            view, tabs = self.shell.panels[key], self.shell.tabs
            if tabs.indexOf(view) < 0 or tabs.count() <= 1:
                return None  # the main window keeps at least one tab
            size = tabs.size()
            tabs.removeTab(tabs.indexOf(view))
        window = ViewWindow(self.shell, key, view, home=True)
        if size is not None and geometry is None:
            window.resize(size)
        return self._open(window, geometry, at, show, activate)

    def detach_current(self) -> ViewWindow | None:
        """Window → Detach: the main window's current tab into a window of its own."""
        key = self.shell.current_panel()
        return None if key is None else self.detach(key, activate=True)

    def _open(self, window, geometry, at, show, activate):
        self.windows.append(window)
        self.shell.interop.watch_drops(window)
        theme.fit_views(window)
        if not (geometry and window.restoreGeometry(QByteArray(geometry))):
            self._place(window, at)  # none saved, or not readable
        self._renumber()
        if show:
            window.show()
            if activate:
                self.activate(window)
        self.sig_changed.emit()
        return window

    def _place(self, window, at):
        """Beside the windows on screen if it fits there, else cascaded over the main window."""
        screen = (self.shell.screen() or QGuiApplication.primaryScreen()).availableGeometry()
        main = self.shell.frameGeometry()
        # The window manager's frame, as it drew the main window's (a new
        # window has none until it is shown; nor has a main window not shown yet).
        frame = main.size() - self.shell.size() if self.shell.isVisible() else FRAME_GUESS
        # A detached tab keeps the size it had; a new window starts at a size
        # where every view's controls fit.
        if window.testAttribute(Qt.WA_Resized):
            size = window.size()
        else:
            size = LESSON_SIZE if window.key == views.LESSON else DEFAULT_SIZE
        size = size.expandedTo(window.minimumSizeHint()).boundedTo(screen.size() - frame)
        outer = size + frame
        if at is not None:
            spot = QRect(at - QPoint(outer.width() // 2, 12), outer)
        else:
            # Right of the rightmost window on screen, else cascaded over the main window.
            shown = [main, *(w.frameGeometry() for w in self.windows if w is not window and w.isVisible())]
            spot = QRect(max(shown, key=QRect.right).topRight() + QPoint(1, 0), outer)
            if not screen.contains(spot):
                spot = QRect(main.topLeft() + QPoint(CASCADE, CASCADE) * len(self.windows), outer)
        # Kept on the screen: a window half off it is a window lost.
        spot.moveLeft(max(screen.left(), min(spot.left(), screen.right() + 1 - outer.width())))
        spot.moveTop(max(screen.top(), min(spot.top(), screen.bottom() + 1 - outer.height())))
        window.resize(size)
        window.move(spot.topLeft())  # a window's position is its frame's

    def _renumber(self):
        # The main window's copy is number 1: copies in new windows count from 2.
        for key in {w.key for w in self.windows}:
            copies = [w for w in self.windows if w.key == key]
            first = 1 if any(w.home for w in copies) else 2
            for number, window in enumerate(sorted(copies, key=lambda w: not w.home), first):
                window.number = number
        self.retitle()

    def retitle(self) -> None:
        for window in self.windows:
            window.retitle()

    # ==== closing ====

    def attach(self, window: ViewWindow) -> None:
        """Put a detached view back in the main window (closing its window)."""
        window.close()

    def closed(self, window: ViewWindow) -> None:
        """``window`` closed (ViewWindow.closeEvent): its view goes home or is freed."""
        if window not in self.windows:
            return
        self.windows.remove(window)
        if window.home:
            view = window.takeCentralWidget()
            if window.key == views.LESSON:
                self.shell.lesson_dock.put_panel(view)
            else:
                self._put_tab(window.key, view)
        # Hidden now; freed at once if no worker runs, else as soon as none does
        # (until then it only listens).
        self._freeing.append(window)
        self._free_timer.start(0)
        self._renumber()
        self.sig_changed.emit()

    def _put_tab(self, key, view):
        tabs, panels = self.shell.tabs, self.shell.panels
        index = sum(1 for k in views.TABS[:views.TABS.index(key)] if tabs.indexOf(panels[k]) >= 0)
        tabs.insertTab(index, view, views.title(key))
        tabs.setCurrentWidget(view)

    def close_all(self) -> None:
        for window in list(self.windows):
            window.close()

    def _free_idle(self):
        if workers.running():
            self._free_timer.start(FREE_POLL_MS)  # look again soon
            return
        self._free_timer.stop()
        freeing, self._freeing = self._freeing, []
        for window in freeing:
            if shiboken6.isValid(window):
                shiboken6.delete(window)

    # ==== moving between windows ====

    def activate(self, window) -> None:
        if window.isMinimized():
            window.showNormal()
        window.raise_()
        window.activateWindow()

    def cycle(self, current, step: int = 1) -> None:
        """Ctrl+`: the next window (after the last, the main window)."""
        order = [w for w in self.all() if w.isVisible()]
        if not order:
            return
        at = order.index(current) if current in order else -1
        self.activate(order[(at + step) % len(order)])

    # ==== the window set, kept in the settings ====

    def snapshot(self) -> list[dict]:
        return [{"view": w.key, "home": w.home, "geometry": bytes(w.saveGeometry().toBase64()).decode("ascii"),
                 "options": {} if w.home else views.options(w.key, w.view),
                 # a detached view's is kept with the main window's views (settings.VIEW_STATES)
                 **({} if w.home else {"state": views.saved_state(w.view)})} for w in self.windows]

    def save(self) -> None:
        settings.write(settings.WINDOWS, json.dumps(self.snapshot()))

    def restore(self, *, show: bool = False) -> None:
        """Open the windows saved at the last quit (hidden until the main window shows)."""
        try:
            entries = json.loads(settings.read(settings.WINDOWS) or "[]")
        except ValueError:
            entries = []  # a hand-edited or damaged entry: start with the main window alone
        for entry in entries if isinstance(entries, list) else []:
            if not isinstance(entry, dict) or entry.get("view") not in views.KINDS:
                continue
            geometry = QByteArray.fromBase64(str(entry.get("geometry", "")).encode("ascii", "replace"))
            if entry.get("home"):
                self.detach(entry["view"], geometry=geometry, show=show)
            else:
                options = entry.get("options") if isinstance(entry.get("options"), dict) else {}
                window = self.new_window(entry["view"], options=options, geometry=geometry, show=show)
                views.restore(window.view, entry.get("state"))

    def show_lesson_panel(self, *_) -> None:
        """A lesson step shows the lesson dock, unless a lesson panel is in a window already."""
        if not any(w.key == views.LESSON for w in self.windows):
            self.shell.lesson_dock.show()

    def show_all(self) -> None:
        for window in self.windows:
            window.show()

    # ==== a lesson's layout (gui/shell/windows/layouts.py) ====

    def side_by_side(self, keys):
        return layouts.side_by_side(self, keys)

    def restore_layout(self, saved, *, dock: bool | None = None) -> None:
        layouts.restore(self, saved, dock=dock)

    # ==== the lesson text, never covered ====

    def covering_lesson(self) -> list:
        """The other windows on screen over the lesson panel (none, while a lesson runs)."""
        panel = self.shell.lesson_dock.panel
        return layouts.covering(self, panel) if panel.isVisible() else []

    def keep_lesson_clear(self) -> None:
        """After a lesson step: no other window over the lesson panel."""
        layouts.clear_of(self, self.shell.lesson_dock.panel)

    def toggle_lesson_panel(self) -> None:
        """View → Lesson panel (F1): show the lesson text and bring it to the
        front; hide the dock only when it is in front already and uncovered
        (a panel behind another window counts as visible, yet cannot be read)."""
        dock, panel = self.shell.lesson_dock, self.shell.lesson_dock.panel
        holder = panel.window()
        if dock.holds_panel and dock.isVisible() and holder.isActiveWindow() and not layouts.covering(self, panel):
            dock.hide()
            return
        if dock.holds_panel:
            dock.show()
        self.activate(holder)
        self.keep_lesson_clear()

    # ==== a new language: every window's view is rebuilt ====

    def release_views(self) -> list:
        """Before a rebuild: take every view out of its window; returns the
        new windows' views, for the caller to free with the main window's.
        What each window holds (typed text, options) is kept on the window."""
        released = []
        for window in self.windows:
            if window.key == views.LESSON and window.home:
                continue  # the lesson panel outlives a language switch: retranslated in place
            if not window.home:
                window.kept = (views.state(window.view), views.options(window.key, window.view))
                released.append(window.view)
            window.takeCentralWidget()
        return released

    def rebuild(self) -> None:
        """After a rebuild: the main window's new views back in their windows,
        new copies in the others, every menu in the new language."""
        shell = self.shell
        for window in self.windows:
            if window.key == views.LESSON and window.home:
                pass  # the main window's lesson dock retranslates its panel, wherever it is
            elif window.home:
                view = shell.panels[window.key]
                shell.tabs.removeTab(shell.tabs.indexOf(view))
                window.set_view(view)
            else:
                found, options = window.kept
                window.set_view(views.make(window.key, shell.bridge, shell, options))
                views.restore(window.view, found)
            shell.interop.watch_drops(window)
            theme.fit_views(window)
            window.actions = window.menus.build()
        self.retitle()
