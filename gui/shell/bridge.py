"""The one Qt adapter: turns workspace events into Qt signals.

Every window is a view of the same :class:`core.workspace.workspace.Workspace`; it
listens to these signals and calls workspace mutators, never its own copy.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from core.workspace.workspace import Workspace


class WorkspaceBridge(QObject):
    sig_corpus_changed = Signal()
    """The corpus table was replaced or edited."""
    sig_settings_changed = Signal()
    """Training settings (merges, vocab size, tie policy) changed."""
    sig_model_trained = Signal(object)
    """A new model and trace are in the workspace (argument: the model)."""
    sig_stale_changed = Signal(bool)
    """True when the trained result no longer matches the corpus or settings."""
    sig_step_selected = Signal(int)
    """The step every view shows (0 = initial symbols)."""
    sig_encoder_changed = Signal(object)
    """The encode/decode panel's tokenizer was replaced (argument: the tokenizer)."""
    sig_corpus_replaced = Signal()
    """The whole word table or record list was swapped (import, open, mode switch)."""
    sig_corpus_rows_changed = Signal(int, int)
    """Rows first..last (inclusive) of the current corpus table were edited."""
    sig_corpus_rows_inserted = Signal(int, int)
    """Rows first..last (inclusive) were inserted into the current corpus table."""
    sig_corpus_rows_removed = Signal(int, int)
    """Rows first..last (inclusive, old numbering) were removed from the corpus table."""
    sig_comparison_changed = Signal(object)
    """The model trained with another tie policy was set or cleared (argument: model or None)."""
    sig_assets_changed = Signal()
    """A tokenizer asset was opened, edited, saved or closed (see ``workspace.assets``)."""
    sig_held_changed = Signal()
    """The merge timeline trained a byte-level BPE, WordPiece or Unigram model (``held_tokenizers`` changed)."""

    def __init__(self, workspace: Workspace, parent=None):
        super().__init__(parent)
        self.workspace = workspace
        # (event, callback) pairs, so detach() can undo exactly these.
        self._links = [
            ("corpus_changed", self.sig_corpus_changed.emit),
            ("settings_changed", self.sig_settings_changed.emit),
            ("trained", self.sig_model_trained.emit),
            ("stale_changed", self.sig_stale_changed.emit),
            ("step_selected", self.sig_step_selected.emit),
            ("encoder_changed", self.sig_encoder_changed.emit),
            ("corpus_replaced", self.sig_corpus_replaced.emit),
            ("corpus_rows_changed", self.sig_corpus_rows_changed.emit),
            ("corpus_rows_inserted", self.sig_corpus_rows_inserted.emit),
            ("corpus_rows_removed", self.sig_corpus_rows_removed.emit),
            ("comparison_changed", self.sig_comparison_changed.emit),
            ("assets_changed", self.sig_assets_changed.emit),
            ("held_changed", self.sig_held_changed.emit),
        ]
        for name, callback in self._links:
            workspace.events.connect(name, callback)

    def detach(self) -> None:
        """Stop relaying the workspace's events (before this bridge and its views go)."""
        for name, callback in self._links:
            self.workspace.events.disconnect(name, callback)
        self._links = []
