"""Small desktop helpers for the windows: what a dropped file is, and what
the user typed in a view (kept across the rebuild a language switch makes)."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QLineEdit, QPlainTextEdit, QWidget

from core import assets
from core.fileio import read_head
from core.workspace import workspace_file


def starts_with_format(path, name: str) -> bool:
    """Whether a JSON file declares ``"format": name`` near its start: a cheap look,
    made while the user is still dragging."""
    head = read_head(path, 4096)  # a FIFO or device is never opened for a blocking read
    return head is not None and f'"{name}"'.encode() in head


def dropped_file(urls):
    """("workspace" or "tokenizer", path) for the first dropped workspace or
    asset file of ours, else None; the interop filter took the ecosystem's
    tokenizer files before they got here."""
    for url in urls:
        path = url.toLocalFile() if url.isLocalFile() else ""
        if path.endswith(".json") and starts_with_format(path, workspace_file.FORMAT):
            return "workspace", path
        if path and starts_with_format(path, assets.FORMAT):
            return "tokenizer", path
    return None


def text_fields(panel):
    # Spin boxes and combo boxes own line edits too; their values come from the workspace.
    return [w for w in panel.findChildren(QWidget) if isinstance(w, (QLineEdit, QPlainTextEdit))
            and not w.isReadOnly() and not isinstance(w.parent(), (QAbstractSpinBox, QComboBox))]


def typed_texts(panel) -> list[str]:
    """What the user typed in a view's editable text fields, in construction order."""
    return [w.text() if isinstance(w, QLineEdit) else w.toPlainText() for w in text_fields(panel)]


def retype(panel, texts) -> None:
    if panel is None:
        return
    fields = text_fields(panel)
    if len(fields) != len(texts):
        return  # another layout: keep the new view's defaults rather than guess
    for field, text in zip(fields, texts):
        current = field.text() if isinstance(field, QLineEdit) else field.toPlainText()
        if current != text:
            (field.setText if isinstance(field, QLineEdit) else field.setPlainText)(text)
