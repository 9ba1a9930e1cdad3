"""Apply as an undoable step: the edited tokenizer joins the workspace as a
new, unsaved asset, and Undo closes exactly that asset again.

The command goes on the workspace's one undo stack (gui/corpus/commands.py), so
it undoes in order with the corpus edits, from whichever view pressed Undo.
It holds the LoadedAsset it added and finds it by identity of the object,
so other assets opened or closed meanwhile do not confuse it.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand


class AddEditedAsset(QUndoCommand):
    def __init__(self, workspace, loaded):
        super().__init__(QCoreApplication.translate("VocabEdit", "Add edited tokenizer %1").replace("%1", loaded.name))
        self.workspace, self.loaded = workspace, loaded

    def index(self) -> int | None:
        """Where the added asset is in the workspace now, or None once it is closed."""
        for index, entry in enumerate(self.workspace.assets):
            if entry.loaded is self.loaded:
                return index
        return None

    def redo(self):
        if self.index() is None:
            self.workspace.add_loaded(self.loaded)

    def undo(self):
        index = self.index()
        if index is not None:
            self.workspace.close_asset(index)
