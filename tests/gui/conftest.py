import os
import shutil
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QStandardPaths

from gui.shell import collector

# Tests import ROOT from "conftest"; in tests/gui that name resolves here.
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session", autouse=True)
def english(qapp):
    """The app starts with a language installed (English has its plural forms)."""
    from gui.shell import language

    language.install("en")


@pytest.fixture(autouse=True)
def isolated_settings(tmp_path_factory):
    """Settings written by a test go to its own folder, never the user's, and never
    a file that test runs in other checkouts on this machine clear at the same time."""
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path_factory.mktemp("settings")))
    from gui.shell.settings import settings

    settings().clear()
    yield
    settings().clear()


@pytest.fixture(autouse=True)
def quiet_start(qapp):
    """Each GUI test starts with no worker thread running and nothing left to free.

    Windows of earlier tests are freed here, on the GUI thread, while no worker
    runs.  Freed later -- by Python's collector, or by a deferred delete that
    the event loop reaches during another test's training -- PySide can
    deadlock: the GUI thread holds the GIL and waits for a Qt lock a worker
    holds while it waits for the GIL (seen as the 20,000-word timeline test
    hanging in the full suite).
    """
    from gui.shell.workers import shutdown

    shutdown()
    _free_pending()
    yield


def _free_pending():
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    collector.compact()  # what the tasks froze too


def destroy(widget) -> None:
    """Close and free ``widget`` now, on the GUI thread (see ``quiet_start``)."""
    widget.close()
    widget.deleteLater()
    _free_pending()


@pytest.fixture
def studio_window(qapp):
    """The main window on the example workspace, shown, and freed at the end."""
    from core.workspace.workspace import Workspace
    from gui.shell.bridge import WorkspaceBridge
    from gui.shell.main_window import MainWindow

    window = MainWindow(WorkspaceBridge(Workspace.example()))
    window.show()
    yield window
    destroy(window)


def wait_task(qtbot, task, timeout: int = 20_000) -> None:
    """Wait until a worker task is over and its result delivered (a task
    leaves the running set after its last signal reached the GUI thread)."""
    from gui.shell import workers

    assert task is not None
    qtbot.waitUntil(lambda: task not in workers._RUNNING, timeout=timeout)


def drop(widget, paths):
    """Drag files onto ``widget`` and drop them, through Qt's event delivery
    (so application event filters run, as with a real drag); the drop event."""
    from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    enter = QDragEnterEvent(QPoint(5, 5), Qt.CopyAction, data, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(widget, enter)
    assert enter.isAccepted()
    event = QDropEvent(QPointF(5, 5), Qt.CopyAction, data, Qt.LeftButton, Qt.NoModifier)
    QApplication.sendEvent(widget, event)
    return event


@contextmanager
def x_server(size: str):
    """An X server (Xvfb) with one screen of ``size`` ("1366x768"), on a
    display number it finds free, for the block: yields the ``DISPLAY``
    value.  Skips the test where Xvfb is not installed (fails it under CI,
    where it must be)."""
    found = shutil.which("Xvfb")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("Xvfb is missing: packaging/install.sh --test installs it")
        pytest.skip("Xvfb is not installed (packaging/install.sh --test installs it)")
    read, write = os.pipe()
    server = subprocess.Popen([found, "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not report a display"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)
