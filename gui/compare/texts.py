"""The Compare tab's words and small text helpers.

Strings that moved here from the old one-file view keep their translation
contexts: ``CompareView`` for what the view said, ``compare_view`` for
table headers (``RowTable.context``).  pyside6-lupdate reads a call
``translate("CompareView", "...")`` by the function's name, so the alias
below is how a tab class that is not ``CompareView`` still speaks in that
context; new strings use each class's own ``self.tr``.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from core.render import visible  # noqa: F401 -- the package reads it from here

from ..widgets.placeholders import fill, tooltip  # noqa: F401 -- the package reads them from here

translate = QCoreApplication.translate


def tr(text):
    """Table headers and other words of the ``compare_view`` context."""
    return translate("compare_view", text)


