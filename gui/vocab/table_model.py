"""The vocabulary as a Qt table: a view over the precomputed columns of a
:class:`core.inspect.vocab.VocabTable` through a list of shown rows, so
filtering is a new row list and a model reset, never per-row objects."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, Qt

from . import texts

HEADERS = (
    QT_TRANSLATE_NOOP("VocabTableModel", "ID"),
    QT_TRANSLATE_NOOP("VocabTableModel", "Stored as"),
    QT_TRANSLATE_NOOP("VocabTableModel", "Reads as"),
    QT_TRANSLATE_NOOP("VocabTableModel", "Bytes"),
    QT_TRANSLATE_NOOP("VocabTableModel", "Bytes #"),
    QT_TRANSLATE_NOOP("VocabTableModel", "Chars #"),
    QT_TRANSLATE_NOOP("VocabTableModel", "Script"),
    QT_TRANSLATE_NOOP("VocabTableModel", "Merge"),
    QT_TRANSLATE_NOOP("VocabTableModel", "Flags"),
)


class VocabTableModel(QAbstractTableModel):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.table = None
        self.rows: list[int] = []

    def set_table(self, table, rows=None):
        self.beginResetModel()
        self.table = table
        self.rows = list(range(len(table))) if table is not None and rows is None else (rows or [])
        self.endResetModel()

    def set_rows(self, rows):
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def row_id(self, row: int) -> int | None:
        return self.table.ids[self.rows[row]] if 0 <= row < len(self.rows) else None

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal and 0 <= section < len(HEADERS):
            return QCoreApplication.translate("VocabTableModel", HEADERS[section])
        return None

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid() or self.table is None:
            return None
        t, r, c = self.table, self.rows[index.row()], index.column()
        if role == Qt.DisplayRole:
            if c == 0:
                return t.ids[r]
            if c == 1:
                return t.tokens[r]
            if c == 2:
                return t.texts[r]
            if c == 3:
                return t.hexes[r]
            if c == 4:
                return t.nbytes[r]
            if c == 5:
                return t.nchars[r]
            if c == 6:
                return t.scripts[r]
            if c == 7:
                return t.merges[r] if t.merges[r] is not None else ""
            if c == 8:
                return texts.flags(t.flags[r])
        if role == Qt.TextAlignmentRole and c in (0, 4, 5, 7):
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None
