"""The views a window can hold, in menu order: one entry per view.

Adding a view to the app is one entry here (key, title, builder).  A view
with state beyond the workspace defines ``view_state()`` and
``restore_view_state(state)`` over a JSON-able dict, kept across a language
switch and a restart (:func:`state`, :func:`restore`).

Details: docs/notes/gui.md#guishellwindowsviewspy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from ...assets.manager import AssetManager
from ...compare import CompareView
from ...corpus.editor import CorpusEditor
from ...encode import EncodePanel
from ...lessons.player import LessonPanel
from ...pipeline.view import PipelineView
from ...timeline import MergeTimeline
from ...trace.panel import TracePanel
from ...vocab import VocabView
from ...widgets import accessible
from .. import desktop


@dataclass(frozen=True)
class ViewKind:
    key: str
    title: str  # the English title; shown through tr() in context "Views"
    make: Callable  # (bridge, shell, options) -> the view; options is None for the home copy
    options: Callable = lambda view: {}  # what a copy in a new window keeps of its own


def _encode(bridge, shell, options):
    if options is None:  # the main window's panel: the workspace's encoder
        return EncodePanel(bridge)
    # A new window starts with the encoder in use, then keeps its own choice.
    return EncodePanel(bridge, own_tokenizer=options.get("tokenizer") or bridge.workspace.wanted_encoder,
                       own_engine=options.get("engine", "auto"))


VIEWS = (
    ViewKind("trace", QT_TRANSLATE_NOOP("Views", "Merge trace"), lambda bridge, shell, options: TracePanel(bridge)),
    ViewKind("corpus", QT_TRANSLATE_NOOP("Views", "Corpus"), lambda bridge, shell, options: CorpusEditor(bridge)),
    ViewKind("timeline", QT_TRANSLATE_NOOP("Views", "Merge timeline"),
             lambda bridge, shell, options: MergeTimeline(bridge)),
    ViewKind("encode", QT_TRANSLATE_NOOP("Views", "Encode / decode"), _encode,
             lambda view: {"tokenizer": view.choice.wanted, "engine": view.choice.engine} if view.choice.own else {}),
    ViewKind("assets", QT_TRANSLATE_NOOP("Views", "Assets"), lambda bridge, shell, options: AssetManager(bridge)),
    ViewKind("compare", QT_TRANSLATE_NOOP("Views", "Compare"), lambda bridge, shell, options: CompareView(bridge)),
    ViewKind("pipeline", QT_TRANSLATE_NOOP("Views", "Pipeline"), lambda bridge, shell, options: PipelineView(bridge)),
    ViewKind("vocab", QT_TRANSLATE_NOOP("Views", "Vocabulary"), lambda bridge, shell, options: VocabView(bridge)),
    # Over the lesson player, which lives as long as the main window.
    ViewKind("lesson", QT_TRANSLATE_NOOP("Views", "Lesson panel"),
             lambda bridge, shell, options: LessonPanel(shell.player)),
)
KINDS = {kind.key: kind for kind in VIEWS}
LESSON = "lesson"
TABS = tuple(kind.key for kind in VIEWS if kind.key != LESSON)  # the main window's tabs, in order


def title(key: str) -> str:
    return QCoreApplication.translate("Views", KINDS[key].title)


def make(key: str, bridge, shell, options: dict | None = None):
    """A new ``key`` view over ``bridge``; ``options`` None makes the main window's copy.
    Every control in it has an accessible name and Tab walks all of it (gui/widgets/accessible.py)."""
    view = KINDS[key].make(bridge, shell, options)
    accessible.prepare(view)
    return view


def options(key: str, view) -> dict:
    """What the copy ``view`` in a new window keeps of its own (JSON-able)."""
    return KINDS[key].options(view)


# Typed text kept in the settings for the next session, per view: a megabyte
# pasted in the encode panel is not written to the settings file.
MAX_SAVED_TYPED = 100_000


def state(view) -> dict:
    """What ``view`` shows beyond the workspace: ``{"typed": [...], "view": {...}}``."""
    own = getattr(view, "view_state", None)
    found = {"typed": desktop.typed_texts(view)}
    if own is not None:
        found["view"] = own()
    return found


def saved_state(view) -> dict:
    """:func:`state` as kept for the next session (without typed text too long to keep)."""
    found = state(view)
    if sum(map(len, found["typed"])) > MAX_SAVED_TYPED:
        del found["typed"]
    return found


def restore(view, found) -> None:
    """Put back a :func:`state` (from this session, or read from the settings:
    anything malformed is left out, never raised)."""
    if view is None or not isinstance(found, dict):
        return
    typed = found.get("typed")
    if isinstance(typed, list) and all(isinstance(t, str) for t in typed):
        desktop.retype(view, typed)
    own = getattr(view, "restore_view_state", None)
    if own is not None and isinstance(found.get("view"), dict):
        own(found["view"])
