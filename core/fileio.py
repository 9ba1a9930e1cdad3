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
import stat
import threading
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from core.errors import OutputRefused

# mkstemp creates 0600 files; a saved file should get the usual umask
# mode instead.  Read once: os.umask can only be read by setting it.
_UMASK = os.umask(0o022)
os.umask(_UMASK)
_ACTIVE: set[str] = set()  # absolute paths of the temporary files this process is writing now
_ACTIVE_LOCK = threading.Lock()
# Outputs the user allowed to replace although read-only (the CLI's --force),
# keyed like check_outputs' "named twice" test.  A context variable, so the
# writers deep inside an exporter need no extra argument and a GUI thread
# never inherits a command's permission.
_FORCED: ContextVar[frozenset] = ContextVar("forced_outputs", default=frozenset())


def _temp_prefix(path: Path) -> str:
    return f".{path.name}."


def _create_temp(folder: Path, prefix: str) -> tuple[int, str]:
    """A new file ``prefix<random>.tmp`` in ``folder``, opened for writing
    only by us (mkstemp's contract: O_EXCL, mode 0600), as ``(fd, absolute
    path)``.  Not tempfile.mkstemp: importing tempfile costs every command
    about 7 ms of start-up (shutil, random, bz2, lzma)."""
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        name = os.path.abspath(os.path.join(folder, f"{prefix}{os.urandom(6).hex()}.tmp"))
        try:
            return os.open(name, flags, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(f"{folder}: no free name for a temporary file {prefix}*.tmp")


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


def _key(path: Path) -> str:
    return os.path.join(os.path.realpath(path.parent), path.name)


@contextmanager
def replacing_read_only(paths):
    """Inside the block, the regular files ``paths`` are replaced even when
    read-only (the CLI's ``--force``); links, special files and inputs stay refused."""
    token = _FORCED.set(_FORCED.get() | {_key(Path(p)) for p in paths if p is not None})
    try:
        yield
    finally:
        _FORCED.reset(token)


@contextmanager
def atomic_file(path, *, inputs=(), force=False):
    """An open binary file that replaces ``path`` when the block ends without error.

    For outputs written piece by piece (a count table of millions of rows);
    an exception or Ctrl+C inside the block leaves ``path`` untouched.
    First refused (:class:`core.errors.OutputRefused`, by :func:`check_outputs`):
    a ``path`` that is a symbolic link, a directory, FIFO or device, or the
    same file as one of ``inputs``, or a read-only file unless ``force``
    (or :func:`replacing_read_only`); replacing keeps its permission bits.
    """
    check_outputs([path], inputs, OutputRefused, force=force)
    path = Path(path)
    folder = path.parent or Path(".")
    remove_stale_temps(path)
    try:
        mode = os.stat(path).st_mode & 0o7777  # replacing keeps the file's permissions
    except OSError:
        mode = 0o666 & ~_UMASK
    with _ACTIVE_LOCK:  # created and registered at once: another thread's cleanup never sees it unregistered
        fd, tmp = _create_temp(folder, f"{_temp_prefix(path)}{os.getpid()}.")
        _ACTIVE.add(tmp)
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
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


def write_bytes_atomic(path, data: bytes, *, inputs=(), force=False) -> None:
    """Write to a temporary file in the same folder, fsync, rename, fsync the folder."""
    with atomic_file(path, inputs=inputs, force=force) as handle:
        handle.write(data)


def write_json_atomic(path, obj, *, inputs=(), force=False) -> None:
    text = json.dumps(obj, ensure_ascii=False, indent=2) + "\n"
    write_bytes_atomic(path, text.encode("utf-8"), inputs=inputs, force=force)


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, for an error message."""
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _not_regular(path: Path, mode: int, what: str, error):
    if stat.S_ISDIR(mode):
        return error(f"{path}: is a directory, not {what}", code="file.directory", where=str(path), what=what)
    reason = f"{kind_of(mode)}, not a regular file"
    return error(f"{path}: cannot read ({reason})", code="file.unreadable", where=str(path), reason=reason)


def check_regular(path, *, what: str, error) -> None:
    """Raise what :func:`read_limited` raises for a ``path`` that is missing,
    a directory, a FIFO or a device, without opening it (a look that never
    blocks: a window asks it while a file is dropped)."""
    path = Path(path)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise error(f"{path}: no such file", code="file.missing", where=str(path)) from None
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror or exc})", code="file.unreadable", where=str(path),
                    reason=exc.strerror or str(exc)) from None
    if not stat.S_ISREG(mode):
        raise _not_regular(path, mode, what, error)


def read_head(path, size: int) -> bytes | None:
    """The first ``size`` bytes of a regular file; None for anything else
    (missing, unreadable, a directory, FIFO or device).  Never blocks: a
    FIFO is opened with ``O_NONBLOCK`` only to be refused."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        return os.read(fd, size) if stat.S_ISREG(os.fstat(fd).st_mode) else None
    except OSError:
        return None
    finally:
        os.close(fd)


def read_limited(path, *, limit: int, what: str, error, limit_name: str = "") -> bytes:
    """Read a whole regular file, refusing one over ``limit`` bytes, with one
    clear ``error`` naming the path: missing, a directory, a FIFO or device,
    unreadable or too big.

    The limit counts the bytes actually read, not ``stat``'s size (a file can
    grow while it is read).  A FIFO or device is refused before it is opened,
    and the file is opened with ``O_NONBLOCK``, so a FIFO swapped in between
    never blocks the read.

    ``what`` names the expected file ("an asset file"); ``limit_name`` the
    limit in the too-big message ("asset" gives "the N-byte asset limit").
    """
    path = Path(path)
    label = f"-byte {limit_name} limit" if limit_name else "-byte limit"

    def too_big(size):
        return error(f"{path}: {size} bytes is over the {limit}{label}", code="file.too_big", where=str(path),
                     size=size, limit=limit, label=label)

    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise _not_regular(path, mode, what, error)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):  # replaced between the stat and the open
                raise _not_regular(path, st.st_mode, what, error)
            if st.st_size > limit:
                raise too_big(st.st_size)
            chunks, total = [], 0
            while True:
                chunk = os.read(fd, min(1 << 20, limit + 1 - total))
                if not chunk:
                    break
                chunks.append(chunk)
                total += len(chunk)
                if total > limit:
                    raise too_big(max(total, os.fstat(fd).st_size))
        finally:
            os.close(fd)
        return b"".join(chunks)
    except FileNotFoundError:
        raise error(f"{path}: no such file", code="file.missing", where=str(path)) from None
    except IsADirectoryError:
        raise error(f"{path}: is a directory, not {what}", code="file.directory", where=str(path),
                    what=what) from None
    except OSError as exc:
        raise error(f"{path}: cannot read ({exc.strerror or exc})", code="file.unreadable", where=str(path),
                    reason=exc.strerror or str(exc)) from None


def check_outputs(outputs, inputs, error, *, force=False) -> None:
    """Refuse, before anything is written, every output that would damage a
    file or be left half-done: one that is also an input (``os.path.samefile``)
    or named twice, a symbolic link (its target is not replaced behind the
    user's back), a directory, FIFO or device (never replaced), a read-only
    file unless ``force`` (or inside :func:`replacing_read_only`), or one whose
    folder is missing.  ``outputs`` and ``inputs`` may hold ``None``s.
    """
    seen, forced = [], _FORCED.get()
    inputs = [Path(p) for p in inputs if p is not None]
    for out in (Path(p) for p in outputs if p is not None):
        if os.path.islink(out):
            raise error(f"{out}: is a symbolic link; write to the file it points to instead", code="output.link",
                        where=str(out))
        try:
            mode = os.stat(out).st_mode
        except FileNotFoundError:
            folder = out.parent
            if not folder.is_dir():
                raise error(f"{out}: the folder {folder} does not exist", code="output.no_folder", where=str(out),
                            folder=str(folder)) from None
            mode = None
        except OSError as exc:
            raise error(f"{out}: cannot write ({exc.strerror or exc})", code="file.unwritable", where=str(out),
                        reason=exc.strerror or str(exc)) from None
        if mode is not None and not stat.S_ISREG(mode):
            raise error(f"{out}: is {kind_of(mode)}, not a regular file; it is not replaced", code="output.special",
                        where=str(out), kind=kind_of(mode))
        key = _key(out)
        if mode is not None and not mode & 0o222 and not (force or key in forced):  # mode bits: root writes anything
            raise error(f"{out}: is read-only; it is not replaced (--force replaces it)", code="output.read_only",
                        where=str(out))
        for other in inputs:
            try:
                same = mode is not None and os.path.samefile(out, other)
            except OSError:
                same = False  # an input that is missing says so when it is read
            if same:
                raise error(f"{out}: is also an input of this command ({other}); write to another file",
                            code="output.is_input", where=str(out), other=str(other))
        if key in seen:
            raise error(f"{out}: is named as two outputs of this command", code="output.twice", where=str(out))
        seen.append(key)


def cache_folder() -> Path:
    """The user's cache folder for this app: ``$SUBWORD_STUDIO_CACHE``, else
    ``$XDG_CACHE_HOME/subword-studio``, else ``~/.cache/subword-studio``.
    Everything in it can be rebuilt; nothing in it is ever trusted unchecked."""
    own = os.environ.get("SUBWORD_STUDIO_CACHE")
    if own:
        return Path(own)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "subword-studio"
