"""The shelf: real tokenizers shipped with the app, offline (resources/shelf/).

``manifest.json`` lists each entry: its name, the format it is imported as,
the package and version it was taken from, its licence and the SHA-256 and
size of the original file; the file itself is stored gzip-compressed
(``packaging/shelf.py`` rebuilds them all from their packages).  Listing
reads only the manifest; :func:`original` unpacks one entry (bounded, its
hash checked).  This module holds the files only, so the command line can
name an entry without importing any tokenizer; :mod:`core.assets.shelf`
imports an entry through :mod:`core.formats` like any file.
"""

from __future__ import annotations

import hashlib
import json
import threading
import zlib
from pathlib import Path
from typing import NamedTuple

from core.errors import AssetError, excerpt
from core.fileio import read_limited

SHELF = Path(__file__).resolve().parents[1] / "resources" / "shelf"
MANIFEST = SHELF / "manifest.json"
FORMAT = "subword-studio/shelf"
PREFIX = "shelf:"  # how an entry names itself where a path would stand (asset sources, errors)
MAX_ORIGINAL = 64 * 1024 * 1024


class Entry(NamedTuple):
    name: str
    display: str
    format: str  # a core.formats import format
    file: str  # the original file's name
    stored: str  # its gzip copy in resources/shelf/
    options: dict
    package: str
    version: str
    registry: str
    member: str  # where the file is inside the package
    licence: str
    sha256: str  # of the original, uncompressed file
    size: int
    stored_size: int

    def to_json(self) -> dict:
        return {"name": self.name, "display": self.display, "format": self.format, "file": self.file,
                "source": {"registry": self.registry, "package": self.package, "version": self.version,
                           "member": self.member},
                "licence": self.licence, "sha256": self.sha256, "size": self.size, "stored_size": self.stored_size}


_lock = threading.Lock()
_entries: tuple[Entry, ...] | None = None


def _entry(raw, index: int) -> Entry:
    at = f"{MANIFEST}: entries[{index}]"
    try:
        source = raw["source"]
        entry = Entry(raw["name"], raw["display"], raw["format"], raw["file"], raw["stored"], dict(raw["options"]),
                      source["package"], source["version"], source["registry"], source["member"],
                      source["licence"], raw["sha256"], int(raw["size"]), int(raw["stored_size"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise AssetError(f"{at}: missing or malformed field ({exc})") from None
    if Path(entry.stored).name != entry.stored or not entry.stored.endswith(".gz"):
        raise AssetError(f"{at}.stored: expected a .gz file name in {SHELF.name}/, not {excerpt(entry.stored)}")
    if not 0 < entry.size <= MAX_ORIGINAL:
        raise AssetError(f"{at}.size: {entry.size} is not between 1 and {MAX_ORIGINAL}")
    return entry


def entries() -> tuple[Entry, ...]:
    """Every shelf entry, in manifest order (reads the small manifest once)."""
    global _entries
    with _lock:
        if _entries is None:
            data = read_limited(MANIFEST, limit=1024 * 1024, what="the shelf manifest", error=AssetError)
            try:
                manifest = json.loads(data.decode("utf-8"))
            except (UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise AssetError(f"{MANIFEST}: not a JSON manifest ({exc})") from None
            if not isinstance(manifest, dict) or manifest.get("format") != FORMAT \
                    or not isinstance(manifest.get("entries"), list):
                raise AssetError(f"{MANIFEST}: not a shelf manifest (format must be {FORMAT!r})")
            _entries = tuple(_entry(raw, i) for i, raw in enumerate(manifest["entries"]))
        return _entries


def names() -> tuple[str, ...]:
    return tuple(e.name for e in entries())


def name_in(asset: dict) -> str | None:
    """The shelf entry an asset says it came from (its ``metadata.shelf``), if any."""
    found = (asset.get("metadata") or {}).get("shelf")
    name = found.get("name") if isinstance(found, dict) else None
    return name if isinstance(name, str) else None


def find(name: str) -> Entry | None:
    """The entry called ``name`` (or ``shelf:name``), if any."""
    if not isinstance(name, str):
        return None
    name = name[len(PREFIX):] if name.startswith(PREFIX) else name
    return next((e for e in entries() if e.name == name), None)


def original(entry: Entry) -> bytes:
    """The entry's original file, unpacked; refused unless it is exactly the
    recorded size and SHA-256 (a damaged or replaced shelf file)."""
    path = SHELF / entry.stored
    stored = read_limited(path, limit=MAX_ORIGINAL, what="a shelf file", error=AssetError)
    unpack = zlib.decompressobj(wbits=31)  # gzip
    try:
        data = unpack.decompress(stored, entry.size + 1)  # never more than one byte past the recorded size
    except zlib.error as exc:
        raise AssetError(f"{path}: not a gzip file ({exc})") from None
    if len(data) != entry.size or not unpack.eof:
        raise AssetError(f"{path}: unpacks to another size than the recorded {entry.size} bytes")
    sha = hashlib.sha256(data).hexdigest()
    if sha != entry.sha256:
        raise AssetError(f"{path}: SHA-256 {sha} differs from the recorded {entry.sha256}; the shelf is damaged")
    return data
