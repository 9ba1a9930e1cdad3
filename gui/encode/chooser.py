"""The encode panel's tokenizer selector: every tokenizer the workspace
holds (the classroom tokenizer, the trained model, every open asset), the
one in use selected, then the built-in tokenizers not open yet.  Picking
one makes it ``wanted_shelf``: the panel encodes with it at once, served
from the compiled cache (gui/shell/serving.py), while the workspace opens the
whole asset off the GUI thread (gui/shell/shelf_open.py); once open, it is the
panel's choice like any held tokenizer.  A choice goes to the panel's
choice (gui/encode/choice.py): the workspace's encoder, remembered by key
for the next session (gui/shell/settings.py), or a window's own."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QComboBox, QLabel, QMessageBox

from core.errors import StudioError

from ..shell import settings
from ..shell.shelf_open import opener_for
from . import texts

SHELF = "shelf:"  # item data of a built-in tokenizer not open yet


def choose(workspace, key: str) -> None:
    """Encode with the held tokenizer ``key`` from now on, and in the next session
    (a built-in tokenizer is opened again then)."""
    workspace.set_encoder(key)
    settings.write(settings.ENCODE_TOKENIZER, key)
    settings.write(settings.ENCODE_SHELF, opener_for(workspace).shelf_of(key))


def restore(workspace) -> None:
    """Choose the tokenizer remembered from the last session (the classroom
    one stands in until an asset with that key is open again: a built-in
    tokenizer is opened now, off the GUI thread)."""
    key = settings.read(settings.ENCODE_TOKENIZER)
    if key:
        workspace.set_encoder(key)
        opener_for(workspace).reopen(key, settings.read(settings.ENCODE_SHELF))


class TokenizerChooser(QComboBox):
    sig_wanted = Signal()
    """A built-in tokenizer was picked (``wanted_shelf``), or the one picked failed to open."""

    def __init__(self, workspace, choice, parent=None):
        super().__init__(parent)
        # Attributes
        self.workspace = workspace
        self.choice = choice  # WorkspaceChoice or OwnChoice
        self.opener = opener_for(workspace)
        self.wanted_shelf = ""  # the built-in tokenizer picked here, while it loads
        self.status = QLabel()  # "loading ..." beside the selector (the panel places it)
        self.status.hide()

        # Widgets: wide enough for a name, never as wide as the longest one.
        self.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.setMinimumContentsLength(28)

        # Signals: refresh() blocks them, so only a person's choice gets through.
        self.currentIndexChanged.connect(self._chosen)
        self.opener.sig_loading.connect(self.refresh)
        self.opener.sig_opened.connect(self._shelf_opened)
        self.opener.sig_failed.connect(self._shelf_failed)
        self.refresh()

    def refresh(self, *_):
        """List the held tokenizers again and select the one in use."""
        held = self.workspace.held_tokenizers()
        try:
            current = SHELF + self.wanted_shelf if self.wanted_shelf else self.choice.key
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
        self._add_shelf()
        self.setCurrentIndex(self.findData(current) if current is not None else -1)
        self.blockSignals(False)
        self.setToolTip(self.itemData(self.currentIndex(), Qt.ToolTipRole) or "")

    def _add_shelf(self):
        waiting = self.opener.not_open()
        if not waiting:
            return
        self.insertSeparator(self.count())
        for entry in waiting:
            label = self.tr("%1 (built-in)").replace("%1", entry.display)
            if self.opener.loading(entry.name):
                label = self.tr("%1 (built-in, loading…)").replace("%1", entry.display)
            self.addItem(label, SHELF + entry.name)
            self.setItemData(self.count() - 1, self.tr("%1 from %2 %3, %4; loaded when picked").replace(
                "%1", entry.name).replace("%2", entry.package).replace("%3", entry.version).replace(
                "%4", entry.licence), Qt.ToolTipRole)

    def _chosen(self, index):
        key = self.itemData(index)
        if key is None:
            return
        if key.startswith(SHELF):
            self._wait_for(key[len(SHELF):])
            self.refresh()
            self.sig_wanted.emit()  # the panel shows its tokens, then opens it (open_wanted)
            return
        shown = self.wanted_shelf
        self._wait_for("")
        self.choice.choose(key)
        if shown:
            self.sig_wanted.emit()  # the panel showed that built-in tokenizer, not its choice

    def pick_shelf(self, name: str) -> None:
        """Pick built-in tokenizer ``name`` as a person would (a restored
        choice that was still loading when the view was rebuilt)."""
        index = self.findData(SHELF + name)
        if index >= 0:
            self.setCurrentIndex(index)  # _chosen: shown at once, opened after

    def _wait_for(self, name):
        self.wanted_shelf = name
        entry = next((e for e in self.opener.entries() if e.name == name), None)
        self.status.setVisible(entry is not None)
        if entry is not None:
            self.status.setText(self.tr("Loading %1…").replace("%1", entry.display))

    def open_wanted(self):
        """Open the built-in tokenizer picked here in the workspace (after the
        panel showed its tokens: the two would share the processor); once
        open it is the panel's choice (_shelf_opened)."""
        if self.wanted_shelf and not self.opener.loading(self.wanted_shelf):
            self.opener.open(self.wanted_shelf)

    def _shelf_opened(self, name, key):
        if name == self.wanted_shelf:
            self.choice.choose(key)  # the same tokenizer the panel shows: it needs not encode again
            self._wait_for("")
        self.refresh()

    def _shelf_failed(self, name, message):
        self.refresh()
        if name == self.wanted_shelf:
            self._wait_for("")
            self.sig_wanted.emit()
            QMessageBox.warning(self, self.tr("Built-in tokenizer"), message)
