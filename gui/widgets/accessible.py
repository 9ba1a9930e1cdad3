"""Names for screen readers: every control a view can give the keyboard to
has an accessible name.

:func:`name_controls` names each control by its buddy label (or what it
shows of itself), :func:`describe` names one where it is made, and
:func:`keyboard` lets Tab walk a whole view.

Details: docs/notes/gui.md#guiwidgetsaccessiblepy.
"""

from __future__ import annotations

import re

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QPalette, QPen, Qt as GuiQt, QTextDocumentFragment
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QLabel, QLineEdit, QPlainTextEdit, QTabBar,
                               QTextEdit, QWidget)


MNEMONIC = re.compile(r"\s*[(（]&[^&\s][)）]")  # a mnemonic after a translation: (&T)


def describe(widget, name: str, description: str = "") -> None:
    """Give ``widget`` an accessible name and, if given, a description."""
    widget.setAccessibleName(name)
    if description:
        widget.setAccessibleDescription(description)


def label_text(label: QLabel) -> str:
    """What a label says, as a name: no mnemonic ampersand, no markup, no closing colon."""
    text = label.text()
    if GuiQt.mightBeRichText(text):
        text = QTextDocumentFragment.fromHtml(text).toPlainText()
    text = MNEMONIC.sub("", text)  # "分词器(&T)：" reads as 分词器, not 分词器(T)
    text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return text.strip().rstrip(":：").strip()


def focusable(root: QWidget) -> list[QWidget]:
    """The widgets under ``root`` that Tab can give the keyboard to."""
    return [widget for widget in root.findChildren(QWidget)
            if widget.focusPolicy() & Qt.TabFocus and widget.focusProxy() is None]


def _fallback(widget) -> str:
    """A name for a control no label names: what it shows of itself."""
    if isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
        return widget.placeholderText()
    if isinstance(widget, QTabBar):
        tabs = ", ".join(widget.tabText(i).replace("&", "") for i in range(widget.count()))
        return QCoreApplication.translate("Accessible", "Tabs: %1").replace("%1", tabs) if tabs else ""
    if isinstance(widget, QAbstractItemView) and widget.model() is not None:
        model = widget.model()
        titles = [str(model.headerData(c, Qt.Horizontal, Qt.DisplayRole) or "") for c in range(model.columnCount())]
        titles = ", ".join(t for t in titles if t)
        return QCoreApplication.translate("Accessible", "Table: %1").replace("%1", titles) if titles else ""
    return ""


def name_controls(root: QWidget) -> None:
    """Name every control under ``root`` that has no accessible name yet by
    the label whose buddy it is; else a field or text box by its
    placeholder, a tab bar by its tabs, a table by its column titles."""
    labels = {}
    for label in root.findChildren(QLabel):
        buddy = label.buddy()
        if buddy is not None and label_text(label):
            labels.setdefault(buddy, label_text(label))
    for widget in focusable(root):
        if widget.accessibleName() or isinstance(widget, QAbstractButton):
            continue
        name = labels.get(widget) or _fallback(widget)
        if name:
            widget.setAccessibleName(name)


def keyboard(root: QWidget) -> None:
    """Tab leaves every table and text box under ``root`` for the next
    control, as it leaves any other (arrows move inside a table; a tab
    character can still be pasted into a text), so the whole view is
    walked with Tab and Shift+Tab."""
    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)
    for edit in (*root.findChildren(QPlainTextEdit), *root.findChildren(QTextEdit)):
        edit.setTabChangesFocus(True)


def prepare(root: QWidget) -> None:
    """A view made ready for the keyboard and for screen readers."""
    keyboard(root)
    name_controls(root)


def has_name(widget: QWidget) -> bool:
    """Does a screen reader get a name for ``widget``: its own, or a button's or a label's text?"""
    if widget.accessibleName().strip():
        return True
    return isinstance(widget, (QAbstractButton, QLabel)) and bool(widget.text().replace("&", "").strip())


def paint_focus(area, painter) -> None:
    """A frame in the highlight colour round ``area``'s viewport while it
    has the keyboard focus (a scroll area that paints its own content, as
    the token strip and Compare's lanes do, shows no focus of its own)."""
    if area.hasFocus():
        painter.setPen(QPen(area.palette().color(QPalette.Highlight), 2))
        painter.setBrush(GuiQt.NoBrush)
        painter.drawRect(area.viewport().rect().adjusted(1, 1, -1, -1))
