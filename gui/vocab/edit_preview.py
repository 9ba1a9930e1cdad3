"""The editor's preview, computed in a worker: the edit itself, the new
asset (identified, so Apply adds it at once), and which sample texts
change their IDs.

A sample text "changes" when the edited tokenizer gives it other IDs than
the original: with IDs kept, that is a text that used a removed token or
is now built with a new one; with ``compact`` it is nearly every text.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass

from core import tokenizer as tokenizer_mod
from core.assets import identity
from core.errors import Cancelled


@dataclass(frozen=True)
class SampleChange:
    text: str
    old_ids: tuple[int, ...]
    new_ids: tuple[int, ...]


@dataclass(frozen=True)
class Preview:
    source: object  # the LoadedAsset edited
    request: object  # the EditRequest
    edited: object  # core.edit.Edited
    loaded: object  # the edited asset as a LoadedAsset, named
    changed: tuple[SampleChange, ...]  # the sample texts whose IDs change
    unchanged: int  # how many sample texts keep their IDs

    @property
    def old_size(self) -> int:
        return self.edited.old_size

    @property
    def new_size(self) -> int:
        return self.edited.new_size


def compute(source, request, samples, name: str, progress, should_stop) -> Preview:
    """Edit ``source`` (a LoadedAsset) as ``request`` asks, name the result
    ``name`` and encode each of ``samples`` with both tokenizers."""
    # here: core.edit loads core.formats.tiktoken_ranks; the first window loads no format module
    from core.edit import edit

    total = 2 + len(samples)
    progress(0, total)
    edited = edit(source.asset, source.tokenizer, request)
    _check(should_stop)
    progress(1, total)
    asset = copy.deepcopy(edited.asset)
    asset["metadata"] = {**(asset.get("metadata") or {}), "name": name}
    loaded = identity.from_dict(asset, tokenizer=edited.tokenizer)
    _check(should_stop)
    progress(2, total)
    old, new = tokenizer_mod.from_asset(source), tokenizer_mod.from_asset(loaded)
    changed, unchanged = [], 0
    for done, text in enumerate(samples, start=3):
        old_ids, new_ids = tuple(old.encode_ids(text)), tuple(new.encode_ids(text))
        if old_ids == new_ids:
            unchanged += 1
        else:
            changed.append(SampleChange(text, old_ids, new_ids))
        _check(should_stop)
        progress(done, total)
    return Preview(source, request, edited, loaded, tuple(changed), unchanged)


def _check(should_stop) -> None:
    if should_stop():
        raise Cancelled("preview cancelled")
