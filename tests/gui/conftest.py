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


@pytest.fixture(autouse=True)
def no_leftover_workers():
    """Workers a test started end with it, so none runs into the next test."""
    yield
    from gui import workers

    workers.shutdown()
