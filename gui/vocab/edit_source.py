"""Which asset the Vocabulary view's editor edits: the held tokenizer chosen
in the view, as a :class:`core.assets.identity.LoadedAsset`.

``core.edit`` works on an asset (its dict and its model), so every held
tokenizer is turned into one: an open asset is itself, a model the
workspace trained becomes the asset the Assets tab would add
(gui/assets/trained.py), the classroom tokenizer is its asset file.  The
result is a function for a worker: hashing a large vocabulary takes a while.
Whether that asset can be edited is asked of the core (:func:`probe`),
never decided here by its kind.
"""

from __future__ import annotations

from core.assets import classroom, identity
from core.workspace import workspace as workspace_mod

from ..assets import trained as trained_assets


def builder(workspace, key: str):
    """A function (for a worker) that gives held tokenizer ``key`` as a
    LoadedAsset, or None when the workspace holds nothing under ``key``.
    Raises StudioError when the model to take is gone (e.g. not trained)."""
    for entry_key, entry in zip(workspace_mod.asset_keys(workspace.assets), workspace.assets):
        if entry_key == key:
            loaded = entry.loaded
            return lambda: loaded
    for kind in workspace_mod.ALL_TRAINED:
        if workspace.trained_key(kind) == key:
            return trained_assets.builder(workspace, kind)
    if key == workspace_mod.CLASSROOM:
        return lambda: identity.load(classroom.ASSET_PATH)
    return None


# A token no vocabulary holds: removing it is the cheapest question the core answers.
PROBE = "⟪probe⟫"


def probe(loaded) -> str | None:
    """Why the core cannot edit ``loaded`` (its own sentence), or None when it can.
    The core is asked to remove :data:`PROBE`: it refuses a kind it cannot
    edit before looking at any token, and for a kind it can edit it answers
    that this token does not exist, after reading the vocabulary but before
    any costly work (an edit that asks for nothing rebuilds o200k_base's
    merges: 13 s, against 2 s for this)."""
    # here: core.edit loads core.formats.tiktoken_ranks; the first window loads no format module
    from core.edit import EditError, EditRequest, edit

    try:
        edit(loaded.asset, loaded.tokenizer, EditRequest(remove=(PROBE,)))
    except EditError as exc:
        return None if PROBE in str(exc) else str(exc)
    return None  # a vocabulary that holds it after all: edited, so editable
