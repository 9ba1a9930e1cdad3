"""Every QSettings key the app uses, in one place: (key, type, default, doc)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QSettings


@dataclass(frozen=True)
class Setting:
    key: str
    type: type
    default: object
    doc: str


LANGUAGE = Setting("ui/language", str, "", "UI language (zh_CN or en); empty follows the system")
GEOMETRY = Setting("window/geometry", bytes, b"", "main window geometry (QMainWindow.saveGeometry)")
STATE = Setting("window/state", bytes, b"", "dock and toolbar layout (QMainWindow.saveState)")
CURRENT_VIEW = Setting("window/view", str, "trace", "the view shown last")
WINDOWS = Setting("window/others", str, "", "the other windows open at the last quit, oldest first, as a JSON list "
                  "of {view, home (the main window's own copy, detached), geometry (base64 saveGeometry), options "
                  "(a new window's own choices: an encode panel's tokenizer key)}")
RECENT_FILES = Setting("files/recent", list, [], "recently opened or saved workspaces, newest first")
RECENT_TOKENIZERS = Setting("files/recent_tokenizers", list, [], "recently imported tokenizer files, newest first")
THEME = Setting("ui/theme", str, "system", "colour theme: system, light or dark")
ZOOM = Setting("ui/zoom", int, 100, "projector mode: every view's text, chips, tables and plots at this percent "
               "(one of gui.shell.zoom.STEPS), applied at start")
LESSON_PROGRESS = Setting("lessons/progress", str, "", "per lesson ID and question ID, as JSON: {answer (as "
                          "typed, or the option key), ok, tries, expected (the core's answer, shown)}")
RECENT_LESSONS = Setting("files/recent_lessons", list, [], "lesson files opened with File → Open lesson, newest first")
WELCOMED = Setting("ui/welcomed", int, 0, "1 once the welcome page was dismissed (it shows at the first start only)")
EXERCISE_PROGRESS = Setting("lessons/exercises", list, [], "per exercise: number:wrong tries:solved:revealed")
COMPARE_UNCHECKED = Setting("compare/unchecked", list, [], "tokenizers left out of the Compare tab, by held key "
                            "(encoder, model, asset:<identity sha256>), oldest first; every other one is shown")
COMPARE_BASELINE = Setting("compare/baseline", str, "", "the Compare tab's baseline tokenizer, by held key; "
                           "empty or not shown: the first one shown")
ENCODE_ENGINE = Setting("encode/engine", str, "auto", "the encode/decode panel's engine pin: auto, reference or "
                        "a native engine's name (core.engines.CHOICES)")
COMPARE_ENGINES = Setting("compare/engines", list, [], "engines pinned in the Compare tab, as key=engine (a held "
                          "key, an engine of core.engines.CHOICES); a tokenizer not listed uses auto")
ENCODE_TOKENIZER = Setting("encode/tokenizer", str, "", "the encode/decode panel's tokenizer, by its held key "
                           "(encoder, model or asset:<sha256>); empty: the classroom tokenizer")
ENCODE_SHELF = Setting("encode/shelf", str, "", "the built-in tokenizer (core.shelf entry) the encode/decode "
                       "panel's tokenizer came from, reopened at the next start; empty: none")
VIEW_STATES = Setting("window/view_states", str, "", "what each of the main window's views showed at the last quit, "
                      "as JSON {view: {typed: [texts], view: {its view_state()}}} (gui/shell/windows/views.py)")

MAX_RECENT = 10


def settings() -> QSettings:
    return QSettings(QSettings.IniFormat, QSettings.UserScope, "SubwordStudio", "Subword Studio")


def read(setting: Setting):
    value = settings().value(setting.key, setting.default)
    if setting.type is bytes:
        return bytes(value) if value else b""
    if setting.type is list:
        if value in (None, ""):
            return []
        return [str(v) for v in value] if isinstance(value, (list, tuple)) else [str(value)]
    return setting.type(value) if value is not None else setting.default


def write(setting: Setting, value) -> None:
    settings().setValue(setting.key, value)


def add_recent(path: str, setting: Setting = RECENT_FILES) -> list[str]:
    recent = [p for p in read(setting) if p != path]
    recent.insert(0, path)
    write(setting, recent[:MAX_RECENT])
    return recent[:MAX_RECENT]


def remove_recent(path: str, setting: Setting = RECENT_FILES) -> list[str]:
    recent = [p for p in read(setting) if p != path]
    write(setting, recent)
    return recent
