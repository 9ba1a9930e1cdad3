"""One row per token: text, ID, bytes and where it sits in the input."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, Qt

HEADERS = (
    QT_TRANSLATE_NOOP("TokenTableModel", "#"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Token"),
    QT_TRANSLATE_NOOP("TokenTableModel", "ID"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Bytes"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Byte span"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Characters"),
    QT_TRANSLATE_NOOP("TokenTableModel", "Note"),
)


class TokenTableModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self._chips = []
        self._encoding = None

    def set_chips(self, chips, encoding):
        self.beginResetModel()
        self._chips, self._encoding = chips, encoding
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self._chips)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return QCoreApplication.translate("TokenTableModel", HEADERS[section])
        return None

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid() or role != Qt.DisplayRole:
            return None
        row, column = index.row(), index.column()
        chip = self._chips[row]
        if column == 0:
            return str(row)
        if column == 1:
            return chip.label
        if column == 2:
            return str(chip.token_id)
        if column == 3:
            return " ".join(f"{b:02X}" for b in chip.data)
        if column == 4:
            start, end = self._encoding.byte_spans[row]
            return f"{start}–{end}"
        if column == 5:
            start, end = self._encoding.char_spans[row]
            return f"{start}–{end}"
        if chip.partial:
            return QCoreApplication.translate("TokenTableModel", "inside a multi-byte character")
        return ""
