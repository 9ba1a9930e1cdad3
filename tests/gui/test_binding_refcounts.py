"""Guard against a binding bug seen in PySide6 6.12.0 on Python 3.11: void
QPainter methods released a reference to None on every call, and painting a
few thousand token chips then crashed the interpreter ("deallocating None").
The pin in pyproject.toml avoids it; this test keeps the pin honest."""

import sys

from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QPen


def test_void_painter_calls_keep_none_alive():
    image = QImage(32, 32, QImage.Format_ARGB32)
    painter = QPainter(image)
    colour, pen, font, rect = QColor("#000000"), QPen(QColor("#000000")), QFont(), QRect(0, 0, 8, 8)
    try:
        before = sys.getrefcount(None)
        for _ in range(200):
            painter.setPen(colour)
            painter.setPen(pen)
            painter.setFont(font)
            painter.drawRect(rect)
        drift = sys.getrefcount(None) - before
    finally:
        painter.end()
    assert drift > -100, f"None lost {-drift} references in 800 void calls: a binding refcount bug"
