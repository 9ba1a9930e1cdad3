"""A top-level window holding one view over the shared bridge.

It carries the same menus as the main window (they act on the one
workspace, and their shortcuts work wherever the keyboard is), takes the
same dropped files, and has no parent: a real window of its own, in the
task bar, that a window manager never keeps above the main window.
Closing it closes only its view: a detached tab goes back to its tab.
"""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow

from .. import menus
from . import views


class ViewWindow(QMainWindow):
    def __init__(self, shell, key: str, view, *, home: bool):
        """``home``: ``view`` is the main window's own copy (a detached tab
        or the lesson panel), which goes back when the window closes."""
        super().__init__()
        # Attributes
        self.shell = shell  # the main window: its slots serve every menu here
        self.key = key
        self.home = home
        self.number = 1  # this window's place among the open copies of its view

        # Widgets
        self.setObjectName(f"window_{key}")  # not deleted on close: the manager frees it once no worker runs
        self.setAcceptDrops(True)
        self.set_view(view)
        self.menus = menus.Menus(self, shell)
        self.actions = self.menus.build()
        self.retitle()

    @property
    def view(self):
        return self.centralWidget()

    def set_view(self, view) -> None:
        self.setCentralWidget(view)
        view.show()  # a widget taken out of a tab or the dock was hidden there

    def retitle(self) -> None:
        title = views.title(self.key)
        if self.number > 1:
            title = f"{title} ({self.number})"
        self.setWindowTitle(self.tr("%1 — %2").replace("%1", title).replace("%2", self.shell.windowTitle()))

    # Files dropped here are handled as on the main window.
    def dragEnterEvent(self, event):
        self.shell.dragEnterEvent(event)

    def dropEvent(self, event):
        self.shell.dropEvent(event)

    def closeEvent(self, event):
        super().closeEvent(event)
        if event.isAccepted():
            self.shell.windows.closed(self)
