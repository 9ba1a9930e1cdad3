import pytest
from PySide6.QtCore import QStandardPaths


@pytest.fixture(autouse=True)
def isolated_settings():
    """Settings written by a test go to Qt's test locations, never the user's."""
    QStandardPaths.setTestModeEnabled(True)
    from gui.settings import settings

    settings().clear()
    yield
    settings().clear()
