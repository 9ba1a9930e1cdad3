"""Run by test_lessons_on_x.py on a real X server (Xvfb, Qt's xcb platform):
open every shipped lesson, walk every step, and at each step find out
whether the lesson text can be read: the step's text is in the lesson
panel, the panel is shown and all on the screen, and no window stacked
above it overlaps it (the X server's stacking order, from XQueryTree: no
window manager runs under Xvfb, so Qt's windows are the root's children).

The walk is done twice: as a new user starts (only the main window), and
with a user's window (a second vocabulary view) over the whole screen.
Then a control: a plain window put over the panel must be reported, so
the check is seen to catch a covered panel.  ``shots`` saves screenshots
of some steps instead, their predictions made (answers shown).  Prints
what it saw as one JSON object.

argv: settings folder, language, then ``walk``, ``read`` (the walk as a
new user starts only: the text's fit is the language's, the stacking is
not) or ``shots FOLDER LESSON:STEP...`` (``LESSON:STEP:waiting``: the step
as it waits for a prediction, not answered).
"""

import ctypes
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QPoint, QRect, QSettings, QStandardPaths, QTimer  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

app = QApplication([sys.argv[0]])
QStandardPaths.setTestModeEnabled(True)
QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, sys.argv[1])

from core.workspace import lessons  # noqa: E402
from core.workspace.workspace import Workspace  # noqa: E402
from gui.shell import language, workers  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402

LANGUAGE = sys.argv[2]
language.install(LANGUAGE)


def busy() -> bool:
    """A worker runs, or a view waits to start one (its debounce timer: the
    compare and encode views start encoding when their text stops changing)."""
    if workers.running():
        return True
    timers = (getattr(widget, "debounce", None) for widget in QApplication.allWidgets())
    return any(isinstance(timer, QTimer) and timer.isActive() for timer in timers)


def settle(until=lambda: True, limit=120.0) -> bool:
    """Process events until the views are idle, the X server has done what
    Qt asked of it, and ``until()`` holds; whether it came to hold within
    ``limit`` seconds (a generous bound: a loaded machine is slow, not wrong)."""
    deadline = time.monotonic() + limit
    while True:
        app.processEvents()
        if not busy():
            QGuiApplication.sync()  # a round trip: Qt's requests are done
            app.processEvents()
            if until():
                return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)


# ==== the X server's stacking order ====

xlib = ctypes.cdll.LoadLibrary("libX11.so.6")  # Qt's xcb platform links it
xlib.XOpenDisplay.restype = ctypes.c_void_p
xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
xlib.XDefaultRootWindow.restype = ctypes.c_ulong
xlib.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
xlib.XQueryTree.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(ctypes.c_ulong),
                            ctypes.POINTER(ctypes.c_ulong), ctypes.POINTER(ctypes.POINTER(ctypes.c_ulong)),
                            ctypes.POINTER(ctypes.c_uint)]
xlib.XFree.argtypes = [ctypes.c_void_p]
display = xlib.XOpenDisplay(None)


def stacking() -> list[int]:
    """The root window's children, bottom to top."""
    root, parent = ctypes.c_ulong(), ctypes.c_ulong()
    children, count = ctypes.POINTER(ctypes.c_ulong)(), ctypes.c_uint()
    xlib.XQueryTree(display, xlib.XDefaultRootWindow(display), ctypes.byref(root), ctypes.byref(parent),
                    ctypes.byref(children), ctypes.byref(count))
    order = [children[i] for i in range(count.value)]
    if children:
        xlib.XFree(children)
    return order


def others(holder) -> list:
    """The other top-level windows on screen."""
    return [w for w in QApplication.topLevelWidgets() if w is not holder and w.isVisible() and w.isWindow()]


def lesson_text_problem(window, said: str | None = None) -> str | None:
    """Why the lesson text cannot be read now, or None (``said``: the text the step must show)."""
    panel = window.lesson_dock.panel
    if not panel.isVisible() or panel.visibleRegion().isEmpty():
        return "the lesson panel is not shown"
    if said is not None and not panel.explanation.text().startswith(said):
        return f"the panel says {panel.explanation.text()[:60]!r}, not the step's text"
    if panel.explanation.visibleRegion().isEmpty():
        return "the step's text is scrolled out of the panel"
    area = QRect(panel.mapToGlobal(QPoint(0, 0)), panel.size())
    screen = QGuiApplication.primaryScreen().geometry()
    if not screen.contains(area):
        return f"the lesson panel {area.getRect()} is not all on the screen {screen.getRect()}"
    order = stacking()
    holder = panel.window()
    if int(holder.winId()) not in order:
        return f"the lesson panel's window {holder.objectName() or 'main'} is not on the X server"
    below = order.index(int(holder.winId()))
    for other in others(holder):
        if not other.frameGeometry().intersects(area):
            continue
        wid = int(other.winId())
        if wid in order and order.index(wid) > below:
            return f"{other.objectName() or type(other).__name__} {other.frameGeometry().getRect()} covers it"
    return None


def walk(window, seen):
    """Every step of every shipped lesson; what could not be read, and how
    many other windows were on screen at most."""
    for lesson in lessons.shipped():
        window.start_lesson(lesson.id, confirm=True)
        for index, step in enumerate(lesson.steps):
            window.player.go(index)
            said = step.say.get(LANGUAGE)
            settle(lambda: lesson_text_problem(window, said) is None, limit=60)
            seen["steps"] += 1
            seen["others"] = max(seen["others"], len(others(window.lesson_dock.panel.window())))
            if (problem := lesson_text_problem(window, said)) is not None:
                seen["problems"].append(f"{lesson.id} step {index + 1}: {problem}")
    window.player.end()
    settle()


window = MainWindow(WorkspaceBridge(Workspace.example()))
window.show()
settle(lambda: window.isVisible() and int(window.winId()) in stacking())
seen = {"screen": QGuiApplication.primaryScreen().geometry().getRect()}

if sys.argv[3] == "read":
    seen["alone"] = {"steps": 0, "others": 0, "problems": []}
    walk(window, seen["alone"])
elif sys.argv[3] == "walk":
    seen["alone"] = {"steps": 0, "others": 0, "problems": []}
    walk(window, seen["alone"])
    # A user's window over the whole screen when the lessons start: each step keeps it off the text.
    user = window.windows.new_window("vocab")
    user.setGeometry(QGuiApplication.primaryScreen().availableGeometry())
    user.raise_()

    def over_main() -> bool:
        order = stacking()
        return (int(user.winId()) in order and int(window.winId()) in order
                and order.index(int(user.winId())) > order.index(int(window.winId()))
                and user.frameGeometry().contains(window.frameGeometry()))

    seen["covered"] = {"over_main": settle(over_main, limit=60), "steps": 0, "others": 0, "problems": []}
    walk(window, seen["covered"])
    user.close()
    # The control: a plain window over the lesson panel is seen to cover it.
    window.start_lesson(lessons.shipped()[0].id, confirm=True)
    settle(lambda: lesson_text_problem(window) is None)
    panel = window.lesson_dock.panel
    cover = QWidget()
    cover.setObjectName("control_cover")
    cover.setGeometry(QRect(panel.mapToGlobal(QPoint(0, 0)), panel.size()).adjusted(20, 20, -20, -20))
    cover.show()
    cover.raise_()
    settle(lambda: lesson_text_problem(window) is not None, limit=60)
    seen["control"] = lesson_text_problem(window)
    cover.close()
    window.player.end()
    settle()
else:
    folder = Path(sys.argv[4])
    folder.mkdir(parents=True, exist_ok=True)
    seen["shots"] = []
    for spec in sys.argv[5:]:
        key, step, *waiting = spec.split(":")
        window.start_lesson(key, confirm=True)
        window.player.go(int(step) - 1)
        if not waiting:
            for box in window.lesson_dock.panel.questions.boxes:  # the prediction made: the view shows
                box.reveal()
        settle()
        for shown in QApplication.topLevelWidgets():  # painted now, not at the next frame
            if shown.isVisible():
                shown.repaint()
        settle()
        problem = lesson_text_problem(window)
        path = folder / f"{key}-step{step}{'-waiting' if waiting else ''}-{LANGUAGE}.png"
        QGuiApplication.primaryScreen().grabWindow(0).save(str(path))
        seen["shots"].append({"path": str(path), "problem": problem})
print(json.dumps(seen))
window.close()
