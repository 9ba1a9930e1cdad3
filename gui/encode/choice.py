"""Which tokenizer an encode/decode panel uses.

The main window's panel (in its tab, or that tab detached into a window)
uses the workspace's encoder: the one the Pipeline and Compare views call
"the encode panel's", remembered for the next session, also set by Assets →
Use for encoding and by the lessons.  A panel opened with Window → New
window keeps a choice of its own instead, so two panels can put one text
under two tokenizers; choosing there changes no other view, and the window
set in the settings keeps it (gui/shell/windows).

Both answer the same questions (``key``, ``tokenizer``, ``choose``; and
the engine pin, ``engine`` and ``pin``: the workspace's panel remembers it
in the settings, a window's own in that window's options) and announce a
change with ``sig_changed``; both resolve a key the workspace's
way (:meth:`Workspace.held_by_key`): a closed asset's key is kept and the
classroom tokenizer stands in until it is open again.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from core.errors import StudioError
from core.workspace.workspace import CLASSROOM

from ..shell import settings
from ..shell.serving import pinned
from .chooser import choose


class WorkspaceChoice(QObject):
    """The workspace's encoder: shared with every view that follows it."""

    sig_changed = Signal()
    """Another tokenizer is in use (chosen, or the chosen one changed)."""

    own = False

    def __init__(self, bridge, parent=None):
        super().__init__(parent)
        self.workspace = bridge.workspace
        self.engine = pinned(settings.read(settings.ENCODE_ENGINE))
        bridge.sig_encoder_changed.connect(self._relay)

    def _relay(self, _tokenizer):
        self.sig_changed.emit()

    @property
    def wanted(self) -> str:
        return self.workspace.wanted_encoder

    @property
    def key(self) -> str:
        return self.workspace.encoder_key

    @property
    def tokenizer(self):
        return self.workspace.encoder

    def choose(self, key: str) -> None:
        choose(self.workspace, key)

    def pin(self, engine: str) -> None:
        """Encode with ``engine`` from now on, and in the next session."""
        self.engine = pinned(engine)
        settings.write(settings.ENCODE_ENGINE, self.engine)
        self.sig_changed.emit()


class OwnChoice(QObject):
    """A panel's own tokenizer, kept by key like the workspace's encoder."""

    sig_changed = Signal()
    """Another tokenizer is in use (chosen, or the chosen one changed)."""

    own = True

    def __init__(self, bridge, key: str, parent=None, *, engine: str = "auto"):
        super().__init__(parent)
        self.workspace = bridge.workspace
        self.wanted = key or CLASSROOM
        self.engine = pinned(engine)
        self._keys = self._held_keys()  # the held keys when last looked at
        self._shown = self._current()  # (key, model) last announced
        bridge.sig_assets_changed.connect(self._held_changed)
        bridge.sig_model_trained.connect(self._held_changed)
        bridge.sig_held_changed.connect(self._held_changed)

    @property
    def key(self) -> str:
        return self.workspace.held_by_key(self.wanted).key

    @property
    def tokenizer(self):
        return self.workspace.held_by_key(self.wanted).tokenizer

    def choose(self, key: str) -> None:
        self.wanted = key
        self._announce()

    def pin(self, engine: str) -> None:
        self.engine = pinned(engine)
        self.sig_changed.emit()

    def _held_keys(self) -> list[str]:
        try:
            return [h.key for h in self.workspace.held_tokenizers()]
        except StudioError:
            return []

    def _current(self):
        try:
            held = self.workspace.held_by_key(self.wanted)
        except StudioError:
            return None  # nothing to encode with; the panel says why when it asks
        return held.key, held.tokenizer.model

    def _held_changed(self, *_):
        keys, before = self._held_keys(), self._keys
        # An asset edited in place gets another identity, hence another key:
        # like the workspace's encoder, the choice follows it in its slot.
        # (A closed asset's key is kept, to come back when it is open again.)
        if self.wanted not in keys and self.wanted in before and len(keys) == len(before):
            moved = keys[before.index(self.wanted)]
            if moved.startswith("asset:") and moved not in before:
                self.wanted = moved
        self._keys = keys
        self._announce()

    def _announce(self):
        current, shown = self._current(), self._shown
        self._shown = current
        if current is None and shown is None:
            return
        if current is None or shown is None or current[0] != shown[0] or current[1] is not shown[1]:
            self.sig_changed.emit()
