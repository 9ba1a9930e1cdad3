"""Render the application icon's PNG sizes from its SVG source with Qt's own
SVG renderer: resources/icons/subword-studio.svg -> subword-studio-<N>.png.

    .venv/bin/python packaging/icons.py

The PNGs are committed: the app and the package use them as they are.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
SOURCE = ICONS / "subword-studio.svg"
SIZES = (16, 32, 48, 64, 128, 256)


def render(size: int) -> QImage:
    renderer = QSvgRenderer(str(SOURCE))
    if not renderer.isValid():
        raise SystemExit(f"{SOURCE}: not a valid SVG")
    image = QImage(size, size, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841 (QPainter needs it)
    for size in SIZES:
        path = ICONS / f"subword-studio-{size}.png"
        if not render(size).save(str(path)):
            raise SystemExit(f"could not write {path}")
        print(path.relative_to(ICONS.parents[1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
