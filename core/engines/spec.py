"""What a native engine is built from, as plain data: JSON-able settings
and byte blobs, so the compiled cache (:mod:`core.engines.compiled`) can
store it without pickling anything."""

from __future__ import annotations

import sys
from array import array
from typing import NamedTuple


class Spec(NamedTuple):
    engine: str  # the spec's name: the engine it is made for (core.engines.specs.MAKERS); others may read it too
    meta: dict  # JSON-able settings
    blobs: dict  # name -> bytes


def uint32s(values) -> bytes:
    """Little-endian unsigned 32-bit integers, whatever this machine's order."""
    out = array("I", values)
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()


def read_uint32s(data: bytes) -> array:
    out = array("I")
    out.frombytes(data)
    if sys.byteorder == "big":
        out.byteswap()
    return out
