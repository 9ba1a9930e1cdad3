"""Column building a block at a time.

A GUI thread shows Encodings built on a worker thread, and a C call such as
``list(map(...))`` over a megabyte's 300,000 tokens holds the GIL for tens
of milliseconds, so the window stalls as long.  The same calls over blocks,
in a Python loop, let the GIL change hands between blocks; they cost no
more.
"""

from __future__ import annotations

from itertools import accumulate, islice

BLOCK = 1 << 15


def mapped(function, *columns) -> list:
    """``list(map(function, *columns))``."""
    out: list = []
    for lo in range(0, len(columns[0]), BLOCK):
        out += map(function, *(column[lo:lo + BLOCK] for column in columns))
    return out


def zipped(*columns) -> tuple:
    """``tuple(zip(*columns))``."""
    out: list = []
    for lo in range(0, len(columns[0]), BLOCK):
        out += zip(*(column[lo:lo + BLOCK] for column in columns))
    return tuple(out)


def running(values) -> list:
    """``list(accumulate(values))``."""
    out: list = []
    for lo in range(0, len(values), BLOCK):
        out += islice(accumulate(values[lo:lo + BLOCK], initial=out[-1] if out else 0), 1, None)
    return out


def last_uses(column) -> dict:
    """``dict(zip(column, range(len(column))))``: each value's last index."""
    out: dict = {}
    for lo in range(0, len(column), BLOCK):
        out.update(zip(column[lo:lo + BLOCK], range(lo, lo + BLOCK)))
    return out
