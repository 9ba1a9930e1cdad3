"""Built-in tokenizers (core.shelf) opened into the workspace.

Opening one reads it off the GUI thread, from the compiled cache where it is
there (core.engines.asset_of: o200k_base in about 2 s, with its identity), and
adds it to the workspace as an open asset, so it is held like any other:
the encode panel's chooser, the Compare tab and the asset manager all list
it from then on.  One opener per workspace, so every view that asks for the
same entry waits for the same load; an entry already open is not loaded
again.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QObject, Signal

from core import engines, shelf
from core.errors import StudioError
from core.assets import identity
from core.workspace import workspace as workspace_mod

from .workers import run_task


def load(name: str) -> identity.LoadedAsset:
    """A shelf entry as an asset, from the compiled cache where it is there
    (in a worker: seconds for a large one)."""
    asset, model = engines.asset_of(name)
    return identity.from_dict(asset, tokenizer=model)


class ShelfOpener(QObject):
    sig_loading = Signal(str)
    """A shelf entry (its name) started loading."""
    sig_opened = Signal(str, str)
    """A shelf entry (its name) is open in the workspace under this held key."""
    sig_failed = Signal(str, str)
    """A shelf entry (its name) could not be opened: the message."""

    def __init__(self, workspace):
        super().__init__()
        self.workspace = workspace
        self.tasks: dict = {}  # name -> the task loading it

    def entries(self) -> tuple:
        try:
            return shelf.entries()
        except StudioError:  # a damaged manifest must not take the window down: the CLI's shelf says why
            return ()

    def held_key(self, name: str) -> str | None:
        """The held key of the open asset that came from shelf entry ``name``."""
        for index, entry in enumerate(self.workspace.assets):
            if shelf.name_in(entry.loaded.asset) == name:
                return self.workspace.asset_key(index)
        return None

    def shelf_of(self, key: str) -> str:
        """The shelf entry the open asset held as ``key`` came from ("" if none):
        a view that chose it keeps this name, to reopen it in the next session."""
        keys = workspace_mod.asset_keys(self.workspace.assets)
        for held, entry in zip(keys, self.workspace.assets):
            if held == key:
                return shelf.name_in(entry.loaded.asset) or ""
        return ""

    def reopen(self, key: str, name) -> None:
        """Open shelf entry ``name`` when no held tokenizer has ``key``: a view's
        choice of a built-in tokenizer comes back once it is open (a view keeps
        the key it wants while the classroom tokenizer stands in)."""
        if not isinstance(name, str) or not name or self.held_key(name) is not None:
            return
        if any(h.key == key for h in self.workspace.held_tokenizers()):
            return
        if any(e.name == name for e in self.entries()):
            self.open(name)

    def not_open(self) -> list:
        """The shelf entries not open in the workspace, in shelf order."""
        return [e for e in self.entries() if self.held_key(e.name) is None]

    def loading(self, name: str) -> bool:
        return name in self.tasks

    def open(self, name: str) -> None:
        """Open shelf entry ``name``; ``sig_opened`` says when (at once if it is open)."""
        key = self.held_key(name)
        if key is not None:
            self.sig_opened.emit(name, key)
            return
        if name in self.tasks:
            return  # already on its way
        task = run_task(lambda progress, should_stop: load(name), name="shelf")
        self.tasks[name] = task
        task.sig_done.connect(lambda loaded: self._loaded(name, loaded))
        task.sig_failed.connect(lambda message: self._failed(name, message))
        task.sig_ended.connect(lambda: self.tasks.pop(name, None))
        self.sig_loading.emit(name)

    def _loaded(self, name: str, loaded) -> None:
        self.tasks.pop(name, None)
        key = self.held_key(name)  # opened meanwhile another way
        if key is None:
            key = self.workspace.asset_key(self.workspace.add_loaded(loaded, dirty=False))
        self.sig_opened.emit(name, key)

    def _failed(self, name: str, message: str) -> None:
        self.tasks.pop(name, None)
        self.sig_failed.emit(name, message)


_OPENERS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def opener_for(workspace) -> ShelfOpener:
    """The one opener of ``workspace``."""
    opener = _OPENERS.get(workspace)
    if opener is None:
        opener = _OPENERS[workspace] = ShelfOpener(workspace)
    return opener
