"""The Window menu, in every window: open a view in a new window, detach
or attach, close, cycle (Ctrl+`), and the list of open windows."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence

from . import views

NEXT_WINDOW = "Ctrl+`"
DETACH = "Ctrl+Shift+D"  # detach the current tab; in a detached window, attach it back


def _action(menu, text, slot, shortcut=None):
    action = QAction(text, menu)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.triggered.connect(lambda _=False: slot())
    menu.addAction(action)
    return action


class WindowMenu(QObject):
    """Builds the Window menu of ``host`` (the main window or a view window)."""

    def __init__(self, host, shell):
        super().__init__(host)
        self.host = host
        self.shell = shell

    def build(self, bar, actions: dict) -> None:
        host, shell, manager = self.host, self.shell, self.shell.windows
        menu = bar.addMenu(self.tr("&Window"))
        new_menu = menu.addMenu(self.tr("&New window"))
        for kind in views.VIEWS:
            actions["new_" + kind.key] = _action(new_menu, views.title(kind.key),
                                                 lambda k=kind.key: manager.new_window(k, activate=True))
        if host is shell:
            actions["detach"] = _action(menu, self.tr("&Detach the current tab"), manager.detach_current, DETACH)
            actions["detach_lesson"] = _action(menu, self.tr("Detach the &lesson panel"),
                                               lambda: manager.detach(views.LESSON, activate=True))
        else:
            if host.home:
                actions["attach"] = _action(menu, self.tr("&Attach to the main window"),
                                            lambda: manager.attach(host), DETACH)
            actions["close_window"] = _action(menu, self.tr("&Close window"), host.close, QKeySequence.Close)
        menu.addSeparator()
        actions["next_window"] = _action(menu, self.tr("Ne&xt window"), lambda: manager.cycle(host), NEXT_WINDOW)
        listed = menu.addSeparator()
        menu.aboutToShow.connect(lambda: self._fill(menu, listed, actions))

    def _fill(self, menu, listed, actions):
        """Name the current tab, and list the open windows (the one in use ticked)."""
        shell, manager = self.shell, self.shell.windows
        if "detach" in actions:
            current = shell.current_panel()
            actions["detach"].setEnabled(current is not None and shell.tabs.count() > 1)
            if current is not None:
                actions["detach"].setText(self.tr("&Detach “%1” into a window").replace("%1", views.title(current)))
            actions["detach_lesson"].setEnabled(manager.home_window(views.LESSON) is None)
        actions_after = menu.actions()[menu.actions().index(listed) + 1:]
        for action in actions_after:
            menu.removeAction(action)
            action.deleteLater()
        for number, window in enumerate(manager.all(), 1):
            label = window.windowTitle() if window is not shell else self.tr("Main window — %1").replace(
                "%1", window.windowTitle())
            action = _action(menu, f"&{number % 10} {label}" if number < 10 else label,
                             lambda w=window: manager.activate(w))
            action.setCheckable(True)
            action.setChecked(window is self.host)
