"""The compiled cache: each loaded tokenizer kept as data in the user's
cache folder, so the next process starts without importing it again.

Entries are checked by SHA-256 and written atomically; a bad or missing
entry is simply built again.

Details: docs/notes/engines.md#coreenginescompiledpy.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from core.errors import StudioError
from core.fileio import cache_folder, write_bytes_atomic

MAGIC = b"subword-studio/compiled 1\n"
MAX_HEADER = 1 << 20


class Entry:
    """One entry: its header and its sections, read from the file (and
    checked) only when asked for; or one just built, held in memory."""

    def __init__(self, path: Path | None, header: dict, base: int = 0, sections: dict | None = None):
        self.path, self.header, self._base, self._held = path, header, base, sections
        self.key: str = header["key"]
        self.meta: dict = header["meta"]
        self.identity: str = header["identity"]

    @classmethod
    def in_memory(cls, key: str, identity: str, meta: dict, sections: dict[str, bytes]) -> "Entry":
        return cls(None, {"key": key, "identity": identity, "meta": meta, "sections": []}, sections=sections)

    def section(self, name: str) -> bytes | None:
        """The section's bytes, None when it is missing or damaged."""
        if self._held is not None:
            return self._held.get(name)
        found = next((s for s in self.header["sections"] if s["name"] == name), None)
        if found is None:
            return None
        try:
            with open(self.path, "rb") as handle:
                handle.seek(self._base + found["offset"])
                data = handle.read(found["size"])
        except OSError:
            return None
        if len(data) != found["size"] or hashlib.sha256(data).hexdigest() != found["sha256"]:
            return None
        return data


def path_for(key: str) -> Path:
    return cache_folder() / "compiled" / (hashlib.sha256(key.encode("utf-8")).hexdigest() + ".bin")


def read(key: str, identity: str | None = None) -> Entry | None:
    """The entry for ``key``, or None (missing, stale, damaged or another
    asset's: never read unless the key, and the identity when given, match)."""
    path = path_for(key)
    try:
        with open(path, "rb") as handle:
            if handle.read(len(MAGIC)) != MAGIC:
                return None
            size = int.from_bytes(handle.read(8), "little")
            if not 0 < size <= MAX_HEADER:
                return None
            header = json.loads(handle.read(size).decode("utf-8"))
            total = os.fstat(handle.fileno()).st_size
    except (OSError, ValueError):
        return None
    base = len(MAGIC) + 8 + size
    if not _well_formed(header, total - base) or header["key"] != key:
        return None
    if identity is not None and header["identity"] != identity:
        return None
    return Entry(path, header, base)


def _well_formed(header, room: int) -> bool:
    if not isinstance(header, dict) or not isinstance(header.get("key"), str) \
            or not isinstance(header.get("identity"), str) or not isinstance(header.get("meta"), dict) \
            or not isinstance(header.get("sections"), list):
        return False
    for s in header["sections"]:
        if not isinstance(s, dict) or not isinstance(s.get("name"), str) or not isinstance(s.get("sha256"), str):
            return False
        offset, size = s.get("offset"), s.get("size")
        if not isinstance(offset, int) or not isinstance(size, int) or offset < 0 or size < 0 \
                or offset + size > room:
            return False
    return True


def write(key: str, identity: str, meta: dict, sections: dict[str, bytes]) -> Path | None:
    """Store an entry; None when the cache folder cannot take it."""
    listed, at = [], 0
    for name, data in sections.items():
        listed.append({"name": name, "offset": at, "size": len(data), "sha256": hashlib.sha256(data).hexdigest()})
        at += len(data)
    header = json.dumps({"key": key, "identity": identity, "meta": meta, "sections": listed},
                        ensure_ascii=False).encode("utf-8")
    path = path_for(key)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(path, b"".join([MAGIC, len(header).to_bytes(8, "little"), header, *sections.values()]))
    except (OSError, StudioError):  # not a regular file there, a read-only folder, a full disk
        return None
    return path
