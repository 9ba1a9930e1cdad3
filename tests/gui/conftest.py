from pathlib import Path

import pytest
from PySide6.QtCore import QStandardPaths

# Tests import ROOT from "conftest"; in tests/gui that name resolves here.
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def isolated_settings():
    """Settings written by a test go to Qt's test locations, never the user's."""
    QStandardPaths.setTestModeEnabled(True)
    from gui.settings import settings

    settings().clear()
    yield
    settings().clear()


@pytest.fixture
def main_window(qtbot):
    """The main window on the built-in example, shown; threads it started end with the test."""
    from core.workspace import Workspace
    from gui import workers
    from gui.bridge import WorkspaceBridge
    from gui.main_window import MainWindow

    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    window.show()
    yield window
    workers.shutdown()
