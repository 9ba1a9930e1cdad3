"""The one Qt adapter: turns workspace events into Qt signals.

Every window is a view of the same :class:`core.workspace.Workspace`; it
listens to these signals and calls workspace mutators, never its own copy.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from core.workspace import Workspace


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

    def __init__(self, workspace: Workspace, parent=None):
        super().__init__(parent)
        self.workspace = workspace
        events = workspace.events
        events.connect("corpus_changed", self.sig_corpus_changed.emit)
        events.connect("settings_changed", self.sig_settings_changed.emit)
        events.connect("trained", self.sig_model_trained.emit)
        events.connect("stale_changed", self.sig_stale_changed.emit)
        events.connect("step_selected", self.sig_step_selected.emit)
        events.connect("encoder_changed", self.sig_encoder_changed.emit)
