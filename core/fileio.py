"""Atomic file writes: a crash mid-save never leaves a half-written file.

A save writes a temporary file next to the destination, flushes it to disk,
renames it over the destination and flushes the folder, so after a crash
(or a SIGKILL, or a power cut) the destination is the old complete file or
the new one.  The temporary file's name carries the writer's process ID;
a later save removes the ones whose writer is gone, so a killed save leaves
no litter for long.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

# mkstemp creates 0600 files; a saved file should get the usual umask
# mode instead.  Read once: os.umask can only be read by setting it.
_UMASK = os.umask(0o022)
os.umask(_UMASK)
_ACTIVE: set[str] = set()  # absolute paths of the temporary files this process is writing now
_ACTIVE_LOCK = threading.Lock()


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _writer_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True  # someone else's process, or not a PID: leave it
    return True


def remove_stale_temps(path) -> list[Path]:
    """Delete temporary files of ``path`` left by a save that never finished
    (its process is gone, or it is this process and not writing now)."""
    path = Path(path)
    prefix, removed = _temp_prefix(path), []
    try:
        names = os.listdir(path.parent or ".")
    except OSError:
        return removed
    for name in names:
        # ".NAME.PID.RANDOM.tmp", RANDOM without dots (mkstemp's): not "NAME.5"'s temporaries
        parts = name[len(prefix):-len(".tmp")].split(".") if name.startswith(prefix) and name.endswith(".tmp") else ()
        if len(parts) != 2:
            continue
        pid = parts[0]
        candidate = path.parent / name
        with _ACTIVE_LOCK:
            busy = os.path.abspath(candidate) in _ACTIVE
        if not pid.isdigit() or busy or (int(pid) != os.getpid() and _writer_alive(int(pid))):
            continue
        try:
            candidate.unlink()
            removed.append(candidate)
        except OSError:
            pass  # gone already, or not ours to delete: ignored, never read
    return removed


def _fsync_folder(folder: Path) -> None:
    # The rename lives in the folder's entry table: flush it too, or a
    # power cut can bring back the old name after the save "finished".
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return  # e.g. Windows cannot open a folder; the rename is still atomic
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_bytes_atomic(path, data: bytes) -> None:
    """Write to a temporary file in the same folder, fsync, rename, fsync the folder."""
    path = Path(path)
    folder = path.parent or Path(".")
    remove_stale_temps(path)
    try:
        mode = os.stat(path).st_mode & 0o7777  # replacing keeps the file's permissions
    except OSError:
        mode = 0o666 & ~_UMASK
    with _ACTIVE_LOCK:  # created and registered at once: another thread's cleanup never sees it unregistered
        fd, tmp = tempfile.mkstemp(prefix=f"{_temp_prefix(path)}{os.getpid()}.", suffix=".tmp", dir=folder)
        tmp = os.path.abspath(tmp)
        _ACTIVE.add(tmp)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if hasattr(os, "fchmod"):  # not on Windows
                os.fchmod(handle.fileno(), mode)
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        _fsync_folder(folder)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    finally:
        with _ACTIVE_LOCK:
            _ACTIVE.discard(tmp)


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
            raise error(f"{path}: {size} bytes is over the {limit}{label}", code="file.too_big", where=str(path),
                            size=size, limit=limit, label=label)
        return path.read_bytes()
    except FileNotFoundError:
        raise error(f"{path}: no such file", code="file.missing", where=str(path)) from None
    except IsADirectoryError:
        raise error(f"{path}: is a directory, not {what}", code="file.directory", where=str(path),
                    what=what) from None
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror or exc})", code="file.unreadable", where=str(path),
                    reason=exc.strerror or str(exc)) from None
