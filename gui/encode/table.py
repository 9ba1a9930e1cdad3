"""One row per token, for every kind: its ID, the token as the vocabulary
stores it (``Ġworld``, ``##ing``, ``<0xE4>``), what it reads as, its bytes
and where it sits in the input."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, Qt

from . import texts

HEADERS = (
    QT_TRANSLATE_NOOP("TokenTableModel", "#"),
    QT_TRANSLATE_NOOP("TokenTableModel", "ID"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Stored as"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Reads as"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Bytes"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Byte span"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Characters"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Note"),
)
HEADER_TIPS = (
    "",
    "",
    QT_TRANSLATE_NOOP("TokenTableModel", "The token as the vocabulary stores it (invisible characters escaped)"),
    QT_TRANSLATE_NOOP("TokenTableModel", "The text the token stands for, whitespace made visible"),
    QT_TRANSLATE_NOOP("TokenTableModel", "The token's bytes in hex (none for a special token)"),
    QT_TRANSLATE_NOOP("TokenTableModel", "UTF-8 bytes of the input the token covers, start–end"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Characters (code points) of the input the token covers, start–end"),
    "",
)


class TokenTableModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._chips = []
        self._encoding = None

    def set_chips(self, chips, encoding):
        """Show ``encoding`` (or nothing, when None) with its ``chips``."""
        self.beginResetModel()
        self._chips, self._encoding = (chips, encoding) if encoding is not None else ([], None)
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self._chips)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if orientation != Qt.Horizontal or not 0 <= section < len(HEADERS):
            return None
        if role == Qt.DisplayRole:
            return QCoreApplication.translate("TokenTableModel", HEADERS[section])
        if role == Qt.ToolTipRole and HEADER_TIPS[section]:
            return QCoreApplication.translate("TokenTableModel", HEADER_TIPS[section])
        return None

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid() or role not in (Qt.DisplayRole, Qt.ToolTipRole):
            return None
        row, column = index.row(), index.column()
        chip, encoding = self._chips[row], self._encoding
        if role == Qt.ToolTipRole:
            return texts.stored(encoding.tokens[row]) if column == 2 else None
        if column == 0:
            return str(row)
        if column == 1:
            return str(chip.token_id)
        if column == 2:
            return texts.stored(encoding.tokens[row])
        if column == 3:
            return chip.label
        if column == 4:
            return " ".join(f"{b:02X}" for b in chip.data) if chip.data else "—"
        if column == 5:
            start, end = encoding.byte_spans[row]
            return f"{start}–{end}"
        if column == 6:
            start, end = encoding.char_spans[row]
            return f"{start}–{end}"
        return texts.note(encoding.flags[row], chip)
