"""Run by test_real_display.py on a real X server: lesson 19.1 puts the corpus
editor beside the merge timeline and the lesson text where the screen has
room for the three (else nothing moves), Ctrl+` moves between the windows, and
ending the lesson gives the main window its geometry back.  Prints what it
saw as one JSON object; argv: settings folder, screenshot path."""

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QSettings, QStandardPaths, Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

app = QApplication([sys.argv[0]])
QStandardPaths.setTestModeEnabled(True)
QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, sys.argv[1])

from core.workspace.workspace import Workspace  # noqa: E402
from gui.shell import language, workers  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402

language.install("en")


def settle(seconds=0.8, until=lambda: True):
    end = time.monotonic() + 10
    start = time.monotonic()
    while time.monotonic() < end:
        app.processEvents()
        if time.monotonic() - start >= seconds and not workers.running() and until():
            break
        time.sleep(0.01)


def rect(widget):
    g = widget.frameGeometry()
    return [g.x(), g.y(), g.width(), g.height()]


window = MainWindow(WorkspaceBridge(Workspace.example()))
available = QGuiApplication.primaryScreen().availableGeometry()
window.setGeometry(40, 60, min(1200, available.width() - 80), min(700, available.height() - 120))
window.show()
settle()
before = rect(window)
screen = QGuiApplication.primaryScreen().availableGeometry()
window.start_lesson("19.1", confirm=True)
settle()
holders = [window.panels["corpus"].window(), window.panels["timeline"].window()]
seen = {"screen": [screen.x(), screen.y(), screen.width(), screen.height()], "before": before,
        "holders": [h.objectName() or "main" for h in holders], "during": [rect(h) for h in holders],
        "on_screen": all(screen.contains(h.frameGeometry()) for h in holders),
        "lesson_panel": window.lesson_dock.panel.window().objectName() or "main",
        "lesson_during": rect(window.lesson_dock.panel.window()),
        "lesson_panel_visible": window.lesson_dock.panel.isVisible()}
QGuiApplication.primaryScreen().grabWindow(0).save(sys.argv[2])

# Ctrl+` from the main window: the timeline window, then the main window again.
window.activateWindow()
settle(0.3, lambda: QApplication.activeWindow() is window)
cycle = []
for _ in range(2):
    QTest.keyClick(QApplication.activeWindow(), Qt.Key_QuoteLeft, Qt.ControlModifier)
    settle(0.3)
    active = QApplication.activeWindow()
    cycle.append(active.objectName() or "main" if active is not None else None)
seen["cycle"] = cycle

window.player.end()
settle()
seen["after"] = rect(window)
seen["timeline_home"] = window.tabs.indexOf(window.panels["timeline"]) >= 0
# Window → New window → Lesson panel: beside the main window if there is room, on the screen anyway.
panel = window.windows.new_window("lesson")
settle(0.3)
seen["new_window"] = rect(panel)
seen["new_window_on_screen"] = screen.contains(panel.frameGeometry())
print(json.dumps(seen))
window.close()
