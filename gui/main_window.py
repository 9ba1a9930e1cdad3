"""The main window: one tab per view, every view over the same workspace.

A view is a QWidget built as ``View(bridge)``; adding a window to the app is
one entry in the ``views`` list below.
"""

from __future__ import annotations

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QTabWidget

from .bridge import WorkspaceBridge
from .encode_panel import EncodePanel
from .trace_panel import TracePanel


class MainWindow(QMainWindow):
    def __init__(self, bridge: WorkspaceBridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace

        # Widgets
        self.tabs = QTabWidget()
        views = [
            ("trace", TracePanel, self.tr("Merge trace")),
            ("encode", EncodePanel, self.tr("Encode / decode")),
        ]
        self.panels = {}
        for key, view, title in views:
            self.panels[key] = view(bridge)
            self.tabs.addTab(self.panels[key], title)
        self.trace_panel = self.panels["trace"]

        # Layout
        self.setCentralWidget(self.tabs)
        self.setWindowTitle(self.tr("Subword Studio"))
        self.resize(1180, 720)
        self._build_menus()

    def _build_menus(self):
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

    def show_panel(self, key: str):
        self.tabs.setCurrentWidget(self.panels[key])
