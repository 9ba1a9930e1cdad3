"""Parse an ID list typed or pasted by a person: ``255``, ``270 32 268``,
``[270, 32, 268]`` or one per line.  Errors name the item and its position."""

from __future__ import annotations

import re

from .errors import StudioError

MAX_IDS = 10_000_000
_ITEM = re.compile(r"[^\s,\[\]]+")


def parse_ids(text: str) -> list[int]:
    """
    >>> parse_ids("[270, 32, 268]")
    [270, 32, 268]
    """
    if not isinstance(text, str):
        raise StudioError("an ID list must be text")
    stripped = text.strip()
    if stripped.count("[") > 1 or stripped.count("]") > 1 or stripped.count("[") != stripped.count("]"):
        raise StudioError("brackets do not match: write IDs like 270 32 268 or [270, 32, 268]")
    ids = []
    for match in _ITEM.finditer(text):
        item = match.group()
        if not re.fullmatch(r"\d{1,12}", item):
            raise StudioError(f"item {len(ids) + 1} ({item[:20]!r} at character {match.start()}) "
                              "is not a non-negative integer ID")
        ids.append(int(item))
        if len(ids) > MAX_IDS:
            raise StudioError(f"more than {MAX_IDS} IDs: split the list")
    return ids
