"""The Compare tab's words and small text helpers.

Strings that moved here from the old one-file view keep their translation
contexts: ``CompareView`` for what the view said, ``compare_view`` for
table headers (``RowTable.context``).  pyside6-lupdate reads a call
``translate("CompareView", "...")`` by the function's name, so the alias
below is how a tab class that is not ``CompareView`` still speaks in that
context; new strings use each class's own ``self.tr``.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from core.render import visible  # noqa: F401 -- the package reads it from here

translate = QCoreApplication.translate


def tr(text):
    """Table headers and other words of the ``compare_view`` context."""
    return translate("compare_view", text)


def fill(template: str, *values) -> str:
    """``%1``, ``%2``, … in a translated template, replaced in one pass (a
    value that itself holds ``%2`` is never replaced again)."""
    out, i = [], 0
    while i < len(template):
        if template[i] == "%" and i + 1 < len(template) and template[i + 1].isdigit():
            j = i + 1
            while j < len(template) and template[j].isdigit():
                j += 1
            number = int(template[i + 1:j])
            if 1 <= number <= len(values):
                out.append(str(values[number - 1]))
                i = j
                continue
        out.append(template[i])
        i += 1
    return "".join(out)


def tooltip(text: str) -> str:
    """``text`` shown as is in a tooltip: Qt takes text that looks like
    markup (``</w>``, ``<unk>``, ``<|endoftext|>``) for rich text and drops it."""
    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"
