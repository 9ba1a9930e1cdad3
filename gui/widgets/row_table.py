"""The base of the table models: a list of rows, counts and translated headers."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, Qt


class RowTable(QAbstractTableModel):
    """A table over a list of rows: counts, translated headers and ``set_rows``."""

    context = "models"  # the translation context of ``headers``
    headers: tuple[str, ...] = ()
    numbered = False  # the vertical header shows row numbers

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list = []

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return QCoreApplication.translate(self.context, self.headers[section])
        if role == Qt.DisplayRole and orientation == Qt.Vertical and self.numbered:
            return section + 1
        return None

    def set_rows(self, rows):
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()
