"""Long columns built a slice at a time.

A C-level pass (``list(map(...))``, ``tuple(zip(...))``) runs without a
bytecode boundary, so it holds the GIL to its end: over a megabyte's
million characters or tokens that is 30-100 ms in which the GUI thread
cannot run, although the encoding runs in a worker.  Here the same pass
is consumed :data:`STEP` items per call: each call still runs in C, and
between two the worker lets the GUI thread in.
"""

from __future__ import annotations

from itertools import compress, islice

STEP = 1 << 15  # items per C-level call: a few milliseconds


def extend(target: list, items) -> list:
    """``target += items``, :data:`STEP` items per call."""
    items = iter(items)
    while True:
        before = len(target)
        target += islice(items, STEP)
        if len(target) - before < STEP:
            return target


def listed(items) -> list:
    return extend([], items)


def tupled(items) -> tuple:
    """``tuple(items)``; from a list, one copy of its pointers (fast enough at any size)."""
    return tuple(items if isinstance(items, (list, tuple)) else listed(items))


def indexed(keys) -> dict:
    """``dict(zip(keys, range(len(keys))))``: each key's last position."""
    out: dict = {}
    for at in range(0, len(keys), STEP):
        out.update(zip(keys[at:at + STEP], range(at, at + STEP)))
    return out


def where(flags: list) -> list:
    """The positions of the true items, :data:`STEP` flags per call (a
    filter that keeps few items would otherwise run to the end in one)."""
    out: list = []
    for at in range(0, len(flags), STEP):
        out += compress(range(at, at + STEP), flags[at:at + STEP])
    return out


def release(*lists) -> None:
    """Empty each list from its end, :data:`STEP` items per call: a table's
    temporaries are millions of objects, and freeing them when the frame
    ends would hold the GIL for all of them at once."""
    for items in lists:
        while items:
            del items[-STEP:]
