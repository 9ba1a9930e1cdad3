"""Atomic file writes: a crash mid-save never leaves a half-written file."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


def write_bytes_atomic(path, data: bytes) -> None:
    """Write to a temporary file in the same folder, fsync, then rename."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_json_atomic(path, obj) -> None:
    text = json.dumps(obj, ensure_ascii=False, indent=2) + "\n"
    write_bytes_atomic(path, text.encode("utf-8"))


def read_limited(path, *, limit: int, what: str, error, limit_name: str = "") -> bytes:
    """Read a whole file, refusing one over ``limit`` bytes, with one clear
    ``error`` naming the path: missing, a directory, unreadable or too big.

    ``what`` names the expected file ("an asset file"); ``limit_name`` the
    limit in the too-big message ("asset" gives "the N-byte asset limit").
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > limit:
            label = f"-byte {limit_name} limit" if limit_name else "-byte limit"
            raise error(f"{path}: {size} bytes is over the {limit}{label}")
        return path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except IsADirectoryError:
        raise error(f"{path}: is a directory, not {what}") from None
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror or exc})") from None
