"""The tokenizers the encode panel and Compare encode with, served by
core.engines, and what the windows say about the engine in use.

Served tokenizers are kept by (interface identity, engine), so each engine
is set up and checked once; the first serving runs in a worker
(:meth:`Server.request`).  One server per workspace (:func:`server_for`).

Details: docs/notes/gui.md#guishellservingpy.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal
from PySide6.QtWidgets import QMainWindow

from core import engines
from core.engines.served import Served
from core.errors import StudioError
from core.tokenizer.post import post_processor_of
from core.workspace.workspace import asset_keys

from ..widgets.placeholders import fill, tooltip
from .workers import run_task

AUTO, REFERENCE = "auto", engines.REFERENCE
PINS = engines.CHOICES  # auto, reference, then each native engine
KEPT = 16  # outcomes kept (each holds a native engine's tables)
translate = QCoreApplication.translate  # lupdate reads translate("Serving", "...") by this name


@dataclass(frozen=True)
class Source:
    """What to serve: an open asset (``loaded``, a LoadedAsset) or a built-in
    tokenizer the workspace does not hold yet (``shelf``, its name)."""

    label: str
    loaded: object = None
    shelf: str = ""

    @property
    def identity(self) -> str | None:
        return self.loaded.identity.interface_sha256 if self.loaded is not None else None


@dataclass(frozen=True)
class Outcome:
    """A served tokenizer for one pin, or why there is none."""

    served: Served | None
    pin: str
    refused: bool = False  # the pinned engine cannot serve this tokenizer: auto chose instead
    notes: tuple = ()  # engines.Demotion notes told while serving (each is told once per machine)
    error: str = ""  # the engines could not be set up (served is None)


def pinned(pin) -> str:
    """A remembered pin, or auto when it is not one of today's choices."""
    return pin if pin in PINS else AUTO


def serve(source: Source, pin: str) -> Outcome:
    """Serve ``source`` with ``pin`` (pure: runs in a worker).  A pinned
    native engine that cannot serve it gives way to auto, and says so."""
    notes = []

    def open_with(engine):
        if source.shelf:
            return engines.open_asset(source.shelf, engine=engine, notes=notes.append)
        loaded = source.loaded
        return engines.serve(loaded.asset, loaded.tokenizer, source.identity, engine=engine, label=source.label,
                             notes=notes.append)
    try:
        served, refused = open_with(pin), False
    except StudioError:
        if pin in (AUTO, REFERENCE):
            raise
        served, refused = open_with(AUTO), True
    served.encode("")  # builds what a whole Encoding needs here, not on the GUI thread
    return Outcome(served, pin, refused, tuple(notes))


class Server(QObject):
    sig_served = Signal(object)
    """A serving ended (argument: its Outcome); views waiting for it encode again."""

    def __init__(self, workspace):
        super().__init__()
        self.workspace = workspace
        self._outcomes: OrderedDict = OrderedDict()  # (identity, pin) -> Outcome
        self._shelf: dict[str, str] = {}  # shelf name -> its interface identity, once served
        self._tasks: dict = {}  # request key -> the task serving it

    # ==== what to serve ====

    def source(self, key: str) -> Source | None:
        """The open asset held as ``key``; None for what the reference serves
        (the classroom tokenizer, the trained models, an asset without identity)."""
        for held, entry in zip(asset_keys(self.workspace.assets), self.workspace.assets):
            if held == key and entry.loaded.identity is not None:
                return Source(entry.loaded.name, loaded=entry.loaded)
        return None

    @staticmethod
    def shelf_source(name: str) -> Source:
        return Source(name, shelf=name)

    def _key(self, source: Source, pin: str) -> tuple:
        identity = source.identity or self._shelf.get(source.shelf)
        return (identity, pin) if identity else ("shelf:" + source.shelf, pin)

    # ==== outcomes ====

    def outcome(self, source: Source, pin: str) -> Outcome | None:
        """The outcome for ``source`` and ``pin`` if it is ready (the GUI thread only)."""
        found = self._outcomes.get(self._key(source, pin))
        if found is not None:
            self._outcomes.move_to_end(self._key(source, pin))
        return found

    def busy(self, source: Source, pin: str) -> bool:
        return self._key(source, pin) in self._tasks

    def request(self, source: Source, pin: str) -> None:
        """Serve ``source`` with ``pin`` in a worker unless it is ready or on its way."""
        key = self._key(source, pin)
        if key in self._outcomes or key in self._tasks:
            return
        task = run_task(lambda progress, should_stop: serve(source, pin), name="serve")
        self._tasks[key] = task
        task.sig_done.connect(lambda outcome: self._done(key, source, outcome))
        task.sig_failed.connect(lambda message: self._done(key, source, Outcome(None, pin, error=message)))
        task.sig_ended.connect(lambda: self._tasks.pop(key, None))

    def _done(self, key, source: Source, outcome: Outcome) -> None:
        self._tasks.pop(key, None)
        if outcome.served is not None and outcome.served.entry is not None:
            identity = outcome.served.entry.identity
            if source.shelf:
                self._shelf[source.shelf] = identity
            key = (identity, outcome.pin)
            if outcome.pin == AUTO and outcome.served.engine != REFERENCE:
                self._keep((identity, outcome.served.engine), Outcome(outcome.served, outcome.served.engine))
        self._keep(key, outcome)
        self.sig_served.emit(outcome)

    def _keep(self, key, outcome):
        self._outcomes[key] = outcome
        self._outcomes.move_to_end(key)
        while len(self._outcomes) > KEPT:
            self._outcomes.popitem(last=False)


_SERVERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def server_for(workspace) -> Server:
    """The one server of ``workspace``."""
    server = _SERVERS.get(workspace)
    if server is None:
        server = _SERVERS[workspace] = Server(workspace)
    return server


# ==== what a view needs of a tokenizer, served or the reference ====

def post_processor(tokenizer) -> dict | None:
    """Its post-processor's spec (a served tokenizer knows it without building the reference)."""
    return tokenizer.post_processor if isinstance(tokenizer, Served) else post_processor_of(tokenizer.model)


def engine_of(tokenizer) -> str:
    return tokenizer.engine if isinstance(tokenizer, Served) else REFERENCE


# ==== what the windows say ====

def engine_name(engine: str) -> str:
    """An engine as a window names it: ``tiktoken 0.14.0``, or the reference."""
    if engine == REFERENCE:
        return translate("Serving", "reference")
    return f"{engine} {engines.version(engine) or ''}".strip()


def engine_short(outcome: Outcome | None, *, waiting: bool = False) -> str:
    """"tiktoken 0.14.0 (checked exact)", "reference", "checking…" (``waiting``
    and no outcome yet), …"""
    if outcome is None:
        return translate("Serving", "checking…") if waiting else translate("Serving", "reference")
    if outcome.served is None:
        return translate("Serving", "reference (the native engines could not be set up)")
    engine = outcome.served.engine
    if outcome.refused:
        return fill(translate("Serving", "%1 (%2 is pinned but cannot serve this tokenizer)"), engine_name(engine),
                    engine_name(outcome.pin))
    if engine == REFERENCE:
        return translate("Serving", "reference (pinned)") if outcome.pin == REFERENCE else engine_name(REFERENCE)
    return fill(translate("Serving", "%1 (checked exact)"), engine_name(engine))


def engine_text(outcome: Outcome | None, *, waiting: bool = False) -> str:
    """"Engine: tiktoken 0.14.0 (checked exact)", "Engine: reference", …"""
    return fill(translate("Serving", "Engine: %1"), engine_short(outcome, waiting=waiting))


def engine_tip(outcome: Outcome | None) -> str:
    """Each engine's state for the tokenizer, one line each (the tooltip of the engine line)."""
    if outcome is None:
        return translate("Serving", "The classroom tokenizer and the models trained here are encoded by the "
                                    "reference, the implementation the views explain.")
    if outcome.served is None:
        return fill(translate("Serving", "The native engines could not be set up: %1"), outcome.error)
    lines = [translate("Serving", "Token IDs come from the engine named; the whole encoding (spans, words, flags) "
                                  "is the reference's, field by field.")]
    lines += [f"{offer.label}: {offer.tip}" for offer in offers(outcome)[2:]]
    return "\n".join(lines)


@dataclass(frozen=True)
class Offer:
    """One choice of the engine pin."""

    engine: str
    label: str
    enabled: bool
    tip: str


def offers(outcome: Outcome | None) -> list[Offer]:
    """auto, the reference and each native engine, enabled where it may serve
    the tokenizer; the reason as the tip where it may not."""
    out = [Offer(AUTO, translate("Serving", "auto"), True,
                 translate("Serving", "The first native engine checked exact for this tokenizer, else the reference")),
           Offer(REFERENCE, engine_name(REFERENCE), True,
                 translate("Serving", "Our Python: the implementation the views explain"))]
    served = outcome.served if outcome is not None else None
    states = engines.states(served.entry) if served is not None and served.entry is not None else {}
    for name in engines.NATIVE:
        state = states.get(name)
        if state is None:
            tip = translate("Serving", "Only an open tokenizer asset is served by the native engines") \
                if outcome is None else translate("Serving", "Not known yet")
            out.append(Offer(name, engine_name(name), False, tip))
            continue
        kind = state["state"]
        if kind == "serves":
            tip = fill(translate("Serving", "Checked exact: %1"), state["detail"])
        elif kind == "unchecked":
            tip = translate("Serving", "Not checked yet: the probes run when it is chosen (a few seconds)")
        elif kind == "differs":
            tip = fill(translate("Serving", "Demoted: it gives other IDs than the reference (%1)"), state["detail"])
        elif kind == "missing":
            tip = fill(translate("Serving", "The %1 library is not installed"), name)
        else:
            tip = fill(translate("Serving", "Cannot hold this tokenizer exactly: %1"), state["detail"])
        out.append(Offer(name, engine_name(name), kind in ("serves", "unchecked"), tip))
    return out


def fill_pin_box(box, outcome: Outcome | None, pin: str) -> None:
    """Offer the pins in ``box`` (a QComboBox), ``pin`` selected, the ones that
    cannot serve disabled with their reason as the tooltip."""
    box.blockSignals(True)
    box.clear()
    for offer in offers(outcome):
        box.addItem(offer.label, offer.engine)
        index = box.count() - 1
        box.setItemData(index, tooltip(offer.tip), Qt.ToolTipRole)
        if not offer.enabled and offer.engine != pin:
            box.model().item(index).setEnabled(False)
    box.setCurrentIndex(max(0, box.findData(pin)))
    box.blockSignals(False)


def demotion_text(note, *, full: bool = False) -> str:
    """A demotion (engines.Demotion) in the UI language, naming the first
    difference: where it is, and with ``full`` the IDs and the text there."""
    verdict = note.verdict
    if verdict.problem:
        return fill(translate("Serving", "The %1 engine (%2) failed on probe %3 for %4 and is not used for it: %5"),
                    note.engine, note.version, verdict.probe, note.label, verdict.problem)
    if not full:
        return fill(translate("Serving", "The %1 engine (%2) gives other IDs than the reference for %3 and is not "
                                         "used for it: probe %4 differs at token %5"),
                    note.engine, note.version, note.label, verdict.probe, verdict.position)
    return fill(translate("Serving", "The %1 engine (%2) gives other IDs than the reference for %3 and is not used "
                                     "for it: probe %4 (%5) differs at token %6: reference %7, engine %8"),
                note.engine, note.version, note.label, verdict.probe, verdict.text, verdict.position,
                verdict.reference, verdict.engine)


def show_notes(widget, outcome: Outcome) -> None:
    """Put the outcome's demotions in the status bar of ``widget``'s window
    (the IDs and the text where they differ in its tooltip)."""
    window = widget.window()
    if outcome.notes and isinstance(window, QMainWindow):
        bar = window.statusBar()
        bar.showMessage("  ·  ".join(map(demotion_text, outcome.notes)))
        bar.setToolTip(tooltip("\n".join(demotion_text(note, full=True) for note in outcome.notes)))
