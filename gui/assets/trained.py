"""Trained models into the asset library, from the Assets tab or the timeline.

Every model the workspace trained (char BPE's, and the timeline's byte-level
BPE, WordPiece and Unigram) becomes an unsaved asset with its training data
recorded, as ``train`` on the command line writes it
(:func:`core.workspace.workspace.trained_asset`); File → Export tokenizer
then offers every format that can hold it.  The model is taken on the GUI
thread and turned into an asset (hashing the whole vocabulary) in a worker.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from core.workspace import workspace as workspace_mod

from ..encode import texts as encode_texts
from ..shell import core_text


class TrainedTexts(QObject):
    """This module's translation context."""


def label(workspace, kind: str) -> str:
    """One line naming the trained model of ``kind``: its name, family and vocabulary size."""
    return encode_texts.held_label(workspace.held_by_key(workspace.trained_key(kind)))


def asset_name(workspace, kind: str) -> str:
    """The name its asset gets: "trained WordPiece", in the UI language."""
    tokenizer = workspace.held_by_key(workspace.trained_key(kind)).tokenizer
    return TrainedTexts.tr("trained %1").replace("%1", core_text.family(tokenizer))


def builder(workspace, kind: str):
    """A function that makes the trained model of ``kind`` an asset (a
    LoadedAsset), for a worker: the model and its data are taken now.
    Raises StudioError when no model of that kind is trained."""
    model, source = workspace.trained_model(kind)
    name = asset_name(workspace, kind)
    return lambda: workspace_mod.trained_asset(kind, model, source, name=name)
