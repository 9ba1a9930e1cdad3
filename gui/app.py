"""Application start-up: QApplication, translators, the one workspace, windows."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, QTimer, QTranslator
from PySide6.QtWidgets import QApplication

from core.workspace import Workspace

from .bridge import WorkspaceBridge
from .main_window import MainWindow

I18N = Path(__file__).resolve().parent.parent / "resources" / "i18n"


def install_translators(app: QApplication, language: str) -> list[QTranslator]:
    """Install Qt's own strings first, then ours (PySide6 Linguist example)."""
    installed = []
    if language.startswith("en"):
        return installed
    qt = QTranslator(app)
    if qt.load(f"qtbase_{language}", QLibraryInfo.path(QLibraryInfo.TranslationsPath)):
        app.installTranslator(qt)
        installed.append(qt)
    ours = QTranslator(app)
    if ours.load(str(I18N / f"subword_studio_{language}.qm")):
        app.installTranslator(ours)
        installed.append(ours)
    return installed


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="main.py", description="Subword Studio workbench")
    parser.add_argument("--lang", help="UI language, e.g. zh_CN or en (default: system)")
    parser.add_argument("--screenshot", help="save a screenshot of the main window to this PNG and exit")
    return parser.parse_args(argv)


def run(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setOrganizationName("SubwordStudio")
    app.setApplicationName("Subword Studio")
    install_translators(app, args.lang or QLocale.system().name())
    bridge = WorkspaceBridge(Workspace.example())
    window = MainWindow(bridge)
    window.show()
    if args.screenshot:
        def shoot():
            window.grab().save(args.screenshot)
            app.quit()

        QTimer.singleShot(300, shoot)
    return app.exec()
