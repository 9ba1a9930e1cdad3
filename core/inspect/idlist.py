"""Parse an ID list typed or pasted by a person, or read from a file:
``255``, ``270 32 268``, ``[270, 32, 268]`` or one per line.  Errors name
the item and its position (and the file)."""

from __future__ import annotations

import re

from core.errors import StudioError
from core.fileio import read_limited
from core.numbers import MAX_ID, parse_decimal

MAX_IDS = 10_000_000
ID_FILE_LIMIT = 128 * 1024 * 1024  # MAX_IDS IDs of up to 12 digits and a separator
_ITEM = re.compile(r"[^\s,\[\]]+")


def parse_ids(text: str, limit: int = MAX_IDS) -> list[int]:
    """
    >>> parse_ids("[270, 32, 268]")
    [270, 32, 268]
    """
    if not isinstance(text, str):
        raise StudioError("an ID list must be text", code="ids.not_text")
    stripped = text.strip()
    if stripped.count("[") > 1 or stripped.count("]") > 1 or stripped.count("[") != stripped.count("]"):
        raise StudioError("brackets do not match: write IDs like 270 32 268 or [270, 32, 268]", code="ids.brackets")
    ids = []
    for match in _ITEM.finditer(text):
        item = match.group()
        if not (item.isascii() and item.isdigit()):  # "\\d" and isdigit alone take "٣" and "１"
            raise StudioError(f"item {len(ids) + 1} ({item[:20]!r} at character {match.start()}) "
                              "is not a non-negative integer ID", code="ids.not_an_id", number=len(ids) + 1,
                              item=repr(item[:20]), position=match.start())
        ids.append(parse_decimal(item, where=f"item {len(ids) + 1}", what="ID", high=MAX_ID))
        if len(ids) > limit:  # stops at the first ID over: a huge list is never parsed whole
            raise StudioError(f"more than {limit} IDs: split the list", code="ids.too_many", limit=limit)
    return ids


def ids_from_bytes(data: bytes, name: str, limit: int = MAX_IDS) -> list[int]:
    """Parse the bytes of a file or stream named ``name`` as an ID list."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StudioError(f"{name}: not UTF-8 text (byte {exc.start})", code="file.not_utf8", where=name,
                          offset=exc.start) from None
    try:
        return parse_ids(text, limit)
    except StudioError as exc:
        raise StudioError.at(name, exc) from None


def read_id_file(path, limit: int = MAX_IDS) -> list[int]:
    return ids_from_bytes(read_limited(path, limit=ID_FILE_LIMIT, what="an ID list", error=StudioError), str(path),
                          limit)
