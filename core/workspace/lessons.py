"""The lessons shipped with the app: one file each in resources/lessons/.

A lesson is plain data (core.workspace.lesson_file); this module finds the
shipped files and reads them once.  They are listed in file-name order,
which is the Lessons menu's order.
"""

from __future__ import annotations

import threading
from pathlib import Path

from core.assets.classroom import RESOURCES
from core.workspace.lesson_file import Lesson, load

FOLDER = RESOURCES / "lessons"
SUFFIX = ".toml"

_lock = threading.Lock()
_shipped: tuple[Lesson, ...] | None = None


def paths() -> list[Path]:
    """The shipped lesson files, in menu order."""
    return sorted(FOLDER.glob("*" + SUFFIX))


def shipped() -> tuple[Lesson, ...]:
    """Every shipped lesson, read once (LessonError if one is broken: a test keeps them whole)."""
    global _shipped
    with _lock:
        if _shipped is None:
            _shipped = tuple(load(path) for path in paths())
        return _shipped


def lesson(key: str) -> Lesson:
    """The shipped lesson whose ID is ``key``."""
    for item in shipped():
        if item.id == key:
            return item
    raise KeyError(f"no lesson {key!r}; known: {[x.id for x in shipped()]}")
