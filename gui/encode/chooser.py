"""The encode panel's tokenizer selector: every tokenizer the workspace
holds (the classroom tokenizer, the trained model, every open asset), the
one in use selected.  A choice goes to the panel's choice (gui/encode/choice.py):
the workspace's encoder, remembered by key for the next session
(gui/settings.py), or a window's own."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox

from core.errors import StudioError

from .. import settings
from . import texts


def choose(workspace, key: str) -> None:
    """Encode with the held tokenizer ``key`` from now on, and in the next session."""
    workspace.set_encoder(key)
    settings.write(settings.ENCODE_TOKENIZER, key)


def restore(workspace) -> None:
    """Choose the tokenizer remembered from the last session (the classroom
    one stands in until an asset with that key is open again)."""
    key = settings.read(settings.ENCODE_TOKENIZER)
    if key:
        workspace.set_encoder(key)


class TokenizerChooser(QComboBox):
    def __init__(self, workspace, choice, parent=None):
        super().__init__(parent)
        # Attributes
        self.workspace = workspace
        self.choice = choice  # WorkspaceChoice or OwnChoice

        # Widgets: wide enough for a name, never as wide as the longest one.
        self.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(28)

        # Signals: refresh() blocks them, so only a person's choice gets through.
        self.currentIndexChanged.connect(self._chosen)
        self.refresh()

    def refresh(self, *_):
        """List the held tokenizers again and select the one in use."""
        held = self.workspace.held_tokenizers()
        try:
            current = self.choice.key
        except StudioError:
            current = None  # nothing to encode with; the panel says why
        labels = [texts.held_label(h) for h in held]
        self.blockSignals(True)
        self.clear()
        for h, label in zip(held, labels):
            if labels.count(label) > 1 and h.key.startswith("asset:"):  # two assets of one name
                identity, _, copy = h.key[len("asset:"):].partition("#")
                label += " · " + identity[:8] + (f" #{copy}" if copy else "")
            self.addItem(label, h.key)
            self.setItemData(self.count() - 1, texts.held_tooltip(h), Qt.ToolTipRole)
        self.setCurrentIndex(self.findData(current) if current is not None else -1)
        self.blockSignals(False)
        self.setToolTip(self.itemData(self.currentIndex(), Qt.ToolTipRole) or "")

    def _chosen(self, index):
        key = self.itemData(index)
        if key is not None:
            self.choice.choose(key)
