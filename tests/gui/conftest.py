from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QStandardPaths

# Tests import ROOT from "conftest"; in tests/gui that name resolves here.
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path_factory):
    """Settings written by a test go to its own folder, never the user's, and never
    a file that test runs in other checkouts on this machine clear at the same time."""
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path_factory.mktemp("settings")))
    from gui.settings import settings

    settings().clear()
    yield
    settings().clear()


def destroy(widget) -> None:
    """Close and free ``widget`` now, on the GUI thread.  A window left to Python's
    garbage collector may be collected while a worker thread runs Python code, and
    freeing it then can deadlock with that worker (seen as a hang of the 20,000-word
    timeline test in the full suite)."""
    import gc

    from PySide6.QtCore import QCoreApplication, QEvent

    widget.close()
    widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    gc.collect()


@pytest.fixture
def studio_window(qapp):
    """The main window on the example workspace, shown, and freed at the end."""
    from core.workspace import Workspace
    from gui.bridge import WorkspaceBridge
    from gui.main_window import MainWindow

    window = MainWindow(WorkspaceBridge(Workspace.example()))
    window.show()
    yield window
    destroy(window)
