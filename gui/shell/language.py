"""The UI language: Qt's and our translators, switchable while the app runs.

English is the source language: its translator holds only the plural
forms (``%n merge`` / ``%n merges``); zh_CN loads Qt's own ``qtbase_zh_CN``
first, then ours (the PySide6 Linguist example's order).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator
from PySide6.QtWidgets import QApplication

I18N = Path(__file__).resolve().parents[2] / "resources" / "i18n"
# (code, name shown in the menu): each name is written in its own language.
LANGUAGES = (("en", "English"), ("zh_CN", "中文"))

_installed: list[QTranslator] = []
_current = "en"


def supported(language: str) -> str:
    """The supported code for ``language`` (zh_CN for zh, zh-CN, zh_Hans_CN...; else en)."""
    return "zh_CN" if language.replace("-", "_").lower().startswith("zh") else "en"


def current() -> str:
    return _current


def install(language: str) -> str:
    """Remove the installed translators and install those of ``language``; returns its code."""
    global _current
    app = QApplication.instance()
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    _current = code = supported(language)
    qt = QTranslator(app)
    if code != "en" and qt.load(f"qtbase_{code}", QLibraryInfo.path(QLibraryInfo.TranslationsPath)):
        app.installTranslator(qt)
        _installed.append(qt)
    ours = QTranslator(app)
    if ours.load(str(I18N / f"subword_studio_{code}.qm")):
        app.installTranslator(ours)
        _installed.append(ours)
    return code


def startup_language(requested: str | None, remembered: str) -> str:
    """``--lang`` wins, then the remembered choice, then the system locale."""
    return supported(requested or remembered or QLocale.system().name())
