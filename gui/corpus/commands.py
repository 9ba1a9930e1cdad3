"""One ``QUndoCommand`` per corpus edit; redo/undo only call workspace mutators.

Follows orange-canvas-core's ``document/commands.py``: a command remembers
what it needs to reverse itself, so undoing never reads a view's state.
Compound edits (paste, removing a scattered selection) are macros of these.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand, QUndoStack


def tr(text):
    return QCoreApplication.translate("commands", text)


def undo_stack_for(bridge) -> QUndoStack:
    """The one undo stack of this bridge's workspace, made on first use: the
    commands name rows, so every corpus editor must undo in one order."""
    stack = getattr(bridge, "_undo_stack", None)
    if stack is None:
        stack = bridge._undo_stack = QUndoStack(bridge)
    return stack


class SetWord(QUndoCommand):
    def __init__(self, workspace, row, old, new):
        super().__init__(QCoreApplication.translate("commands", "Rename word"))
        self.workspace, self.row, self.old, self.new = workspace, row, old, new

    def redo(self):
        self.workspace.set_word(self.row, self.new)

    def undo(self):
        self.workspace.set_word(self.row, self.old)


class SetCount(QUndoCommand):
    def __init__(self, workspace, row, old, new):
        super().__init__(QCoreApplication.translate("commands", "Change count"))
        self.workspace, self.row, self.old, self.new = workspace, row, old, new

    def redo(self):
        self.workspace.set_count(self.row, self.new)

    def undo(self):
        self.workspace.set_count(self.row, self.old)


class InsertWords(QUndoCommand):
    def __init__(self, workspace, row, pairs, text=None):
        super().__init__(text or QCoreApplication.translate("commands", "Add words"))
        self.workspace, self.row, self.pairs = workspace, row, list(pairs)

    def redo(self):
        self.workspace.insert_words(self.row, self.pairs)

    def undo(self):
        self.workspace.remove_words(self.row, len(self.pairs))


class RemoveWords(QUndoCommand):
    """Remove one contiguous block of rows, remembering their words."""

    def __init__(self, workspace, first, count, parent=None):
        super().__init__(QCoreApplication.translate("commands", "Remove words"), parent)
        corpus = workspace.corpus
        self.workspace, self.first = workspace, first
        self.pairs = list(zip(corpus.words[first:first + count], corpus.counts[first:first + count]))

    def redo(self):
        self.workspace.remove_words(self.first, len(self.pairs))

    def undo(self):
        self.workspace.insert_words(self.first, self.pairs)


class SetRecord(QUndoCommand):
    def __init__(self, workspace, row, old, new):
        super().__init__(QCoreApplication.translate("commands", "Edit record"))
        self.workspace, self.row, self.old, self.new = workspace, row, old, new

    def redo(self):
        self.workspace.set_record(self.row, self.new)

    def undo(self):
        self.workspace.set_record(self.row, self.old)


class SetRecordEnding(QUndoCommand):
    def __init__(self, workspace, row, old, new, parent=None):
        super().__init__(QCoreApplication.translate("commands", "Change line ending"), parent)
        self.workspace, self.row, self.old, self.new = workspace, row, old, new

    def redo(self):
        self.workspace.set_record_ending(self.row, self.new)

    def undo(self):
        self.workspace.set_record_ending(self.row, self.old)


class InsertRecords(QUndoCommand):
    def __init__(self, workspace, row, lines, endings, parent=None):
        super().__init__(QCoreApplication.translate("commands", "Add records"), parent)
        self.workspace, self.row = workspace, row
        self.lines, self.endings = tuple(lines), tuple(endings)

    def redo(self):
        self.workspace.insert_records(self.row, self.lines, self.endings)

    def undo(self):
        self.workspace.remove_records(self.row, len(self.lines))


class RemoveRecords(QUndoCommand):
    def __init__(self, workspace, first, count, parent=None):
        super().__init__(QCoreApplication.translate("commands", "Remove records"), parent)
        records = workspace.records
        self.workspace, self.first = workspace, first
        self.lines = records.lines[first:first + count]
        self.endings = records.endings[first:first + count]

    def redo(self):
        self.workspace.remove_records(self.first, len(self.lines))

    def undo(self):
        self.workspace.insert_records(self.first, self.lines, self.endings)


class ReplaceCorpus(QUndoCommand):
    """Swap the whole corpus (import, mode switch): ``("words", corpus)`` or
    ``("records", records)``, with the pre-tokenization that goes with it."""

    def __init__(self, workspace, new, text=None):
        super().__init__(text or QCoreApplication.translate("commands", "Replace corpus"))
        self.workspace = workspace
        self.old = self.state(workspace)
        self.new = new

    @staticmethod
    def state(workspace):
        table = workspace.corpus if workspace.records is None else workspace.records
        return (workspace.mode, table, workspace.settings.pretokenizer)

    def _apply(self, state):
        mode, table, pretokenizer = state
        if pretokenizer != self.workspace.settings.pretokenizer:
            self.workspace.set_settings(pretokenizer=pretokenizer)
        if mode == "words":
            self.workspace.set_corpus(table)
        else:
            self.workspace.set_records(table)

    def redo(self):
        self._apply(self.new)

    def undo(self):
        self._apply(self.old)


def blocks(rows):
    """Contiguous ``(first, count)`` blocks of ``rows``, last block first.

    >>> blocks([5, 1, 2, 7, 6])
    [(5, 3), (1, 2)]
    """
    out = []
    for row in sorted(set(rows)):
        if out and out[-1][0] + out[-1][1] == row:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((row, 1))
    return out[::-1]
