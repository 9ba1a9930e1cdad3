"""The corpus editor's table models: the workspace's word table or records.

Each model shows the workspace's current (immutable) table and swaps it on
every row event; an edit becomes an undo command that calls a workspace
mutator, so every view sees it.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, Qt, Signal
from PySide6.QtGui import QColor, QFont

from core.workspace import records as rec
from core.corpus import WordCorpus
from core.errors import CorpusError, StudioError

from ..shell import core_text
from . import commands

class _CorpusModel(QAbstractTableModel):
    mode = ""
    headers: tuple[str, ...] = ()
    sig_rejected = Signal(str)
    """An edit was refused (argument: the inline message)."""
    sig_accepted = Signal()
    """An edit was accepted."""

    def __init__(self, bridge, undo_stack, parent=None):
        super().__init__(parent)
        self.workspace = bridge.workspace
        self.undo_stack = undo_stack
        self._table = self._current()
        bridge.sig_corpus_replaced.connect(self._replaced)
        bridge.sig_corpus_rows_changed.connect(self._rows_changed)
        bridge.sig_corpus_rows_inserted.connect(self._rows_inserted)
        bridge.sig_corpus_rows_removed.connect(self._rows_removed)

    def _current(self):
        raise NotImplementedError

    def _mine(self):
        return self.workspace.mode == self.mode

    def _replaced(self):
        self.beginResetModel()
        self._table = self._current()
        self.endResetModel()

    def _rows_changed(self, first, last):
        if self._mine():
            self._table = self._current()
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(self.headers) - 1))

    def _rows_inserted(self, first, last):
        if self._mine():
            self.beginInsertRows(QModelIndex(), first, last)
            self._table = self._current()
            self.endInsertRows()

    def _rows_removed(self, first, last):
        if self._mine():
            self.beginRemoveRows(QModelIndex(), first, last)
            self._table = self._current()
            self.endRemoveRows()

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self._table)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole:
            return QCoreApplication.translate("CorpusEditor", self.headers[section]) if orientation == Qt.Horizontal else section + 1
        return None

    def flags(self, index):
        # The third column (characters or bytes) is derived, never edited.
        base = super().flags(index)
        return base | Qt.ItemIsEditable if index.column() < 2 else base

    def _push(self, command_or_error):
        """Push a command, or show why the edit was refused; True if pushed."""
        if isinstance(command_or_error, str):
            self.sig_rejected.emit(command_or_error)
            return False
        self.undo_stack.push(command_or_error)
        self.sig_accepted.emit()
        return True


class WordTableModel(_CorpusModel):
    mode = "words"
    headers = (QT_TRANSLATE_NOOP("CorpusEditor", "Word"), QT_TRANSLATE_NOOP("CorpusEditor", "Count"),
               QT_TRANSLATE_NOOP("CorpusEditor", "Characters"))

    def _current(self):
        return self.workspace.corpus if self._mine() else WordCorpus((), ())

    def sort_keys(self, column: int) -> list:
        """A whole column's sort keys at once (the filter proxy sorts lists, not cells)."""
        table = self._table
        return (list(table.words), list(table.counts), [len(w) for w in table.words])[column]

    def filter_texts(self) -> list[str]:
        return list(self._table.words)

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        word, count = self._table.words[index.row()], self._table.counts[index.row()]
        column = index.column()
        if role in (Qt.DisplayRole, Qt.EditRole):
            return (word, str(count), str(len(word)))[column]
        if role == Qt.TextAlignmentRole and column > 0:
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    def setData(self, index, value, role=Qt.EditRole):
        if role != Qt.EditRole or not index.isValid():
            return False
        row = index.row()
        try:
            if index.column() == 0:
                if value == self._table.words[row]:
                    return False
                self.workspace.check_word(value, row=row)
                command = commands.SetWord(self.workspace, row, self._table.words[row], value)
            else:
                where = QCoreApplication.translate("CorpusEditor", "row %1").replace("%1", str(row + 1))
                count = rec.parse_count(value, where=where)
                if count == self._table.counts[row]:
                    return False
                command = commands.SetCount(self.workspace, row, self._table.counts[row], count)
        except StudioError as exc:
            return self._push(core_text.error(exc))
        return self._push(command)


def visible_whitespace(text: str) -> str:
    """Tabs as ⇥ and leading/trailing spaces as ·, so exact records read exactly."""
    body = text.strip(" ")
    lead = len(text) - len(text.lstrip(" "))
    trail = len(text) - len(text.rstrip(" ")) if body else 0
    return ("·" * lead + body + "·" * trail).replace("\t", "⇥")


class RecordTableModel(_CorpusModel):
    mode = "records"
    headers = (QT_TRANSLATE_NOOP("CorpusEditor", "Record"), QT_TRANSLATE_NOOP("CorpusEditor", "Line ending"),
               QT_TRANSLATE_NOOP("CorpusEditor", "Bytes"))
    ending_names = {"LF": "\n", "CRLF": "\r\n", "none": ""}

    def _current(self):
        return self.workspace.records if self._mine() else rec.Records((), ())

    def sort_keys(self, column: int) -> list:
        table = self._table
        if column == 0:
            return list(table.lines)
        if column == 1:
            return list(table.endings)
        return [len((text + ending).encode("utf-8")) for text, ending in zip(table.lines, table.endings)]

    def filter_texts(self) -> list[str]:
        return [visible_whitespace(text) for text in self._table.lines]

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        text, ending = self._table.lines[index.row()], self._table.endings[index.row()]
        column = index.column()
        size = len((text + ending).encode("utf-8"))
        if role == Qt.DisplayRole:
            return (visible_whitespace(text), rec.ENDING_NAMES[ending], str(size))[column]
        if role == Qt.EditRole:
            return (text, rec.ENDING_NAMES[ending], str(size))[column]
        if role == Qt.ToolTipRole and column == 0:
            return repr(text + ending)
        if role == Qt.FontRole and column == 0:
            return QFont("monospace")
        if role == Qt.ForegroundRole and column == 0 and not text:
            return QColor("#888888")
        return None

    def setData(self, index, value, role=Qt.EditRole):
        if role != Qt.EditRole or not index.isValid():
            return False
        row = index.row()
        where = QCoreApplication.translate("CorpusEditor", "record %1").replace("%1", str(row + 1))
        try:
            if index.column() == 0:
                if value == self._table.lines[row]:
                    return False
                rec.check_record(value, where)
                command = commands.SetRecord(self.workspace, row, self._table.lines[row], value)
            else:
                ending = self.ending_names.get(str(value).strip().upper().replace("NONE", "none"))
                if ending is None:
                    raise CorpusError(QCoreApplication.translate(
                        "CorpusEditor", "%1: the line ending must be LF, CRLF or none").replace("%1", where))
                if ending == "" and row != len(self._table) - 1:
                    raise CorpusError(QCoreApplication.translate(
                        "CorpusEditor", "%1: only the last record may have no line ending").replace("%1", where))
                if ending == self._table.endings[row]:
                    return False
                command = commands.SetRecordEnding(self.workspace, row, self._table.endings[row], ending)
        except StudioError as exc:
            return self._push(core_text.error(exc))
        return self._push(command)
