"""Opening a shelf entry (:mod:`core.shelf`) as an asset: imported through
:mod:`core.formats` like any file, once per process."""

from __future__ import annotations

import threading
from pathlib import Path

from core import assets
from core.errors import AssetError, excerpt
from core.formats import import_file
from core.formats.common import InMemory
from core.shelf import PREFIX, find, names, original

_lock = threading.Lock()
_loaded: dict[str, tuple[dict, object]] = {}


def load(name: str) -> tuple[dict, object]:
    """``(asset, tokenizer model)`` for a shelf entry, imported once per process."""
    entry = find(name)
    if entry is None:
        raise AssetError(f"no shelf tokenizer called {excerpt(name)}; the shelf holds {', '.join(names())}")
    with _lock:
        if entry.name in _loaded:
            return _loaded[entry.name]
    imported = import_file(InMemory(PREFIX + entry.file, original(entry)), entry.format, name=entry.name,
                           **entry.options)
    imported.asset["metadata"]["shelf"] = {"name": entry.name, "package": entry.package, "version": entry.version,
                                           "licence": entry.licence, "sha256": entry.sha256}
    with _lock:
        return _loaded.setdefault(entry.name, (imported.asset, imported.tokenizer))


def is_loaded(name: str) -> bool:
    entry = find(name)
    with _lock:
        return entry is not None and entry.name in _loaded


def resolve(arg) -> tuple[dict, object]:
    """What a command's ASSET argument names: an asset file if one exists at
    that path (a real file wins), else a shelf entry, else the file error."""
    if not Path(arg).exists() and find(str(arg)) is not None:
        return load(str(arg))
    return assets.load_tokenizer(arg)
