"""Encoding a large text, or many lines, on more than one process, with
exactly the IDs of one process.

A text is cut only between the pieces its model encodes one by one anyway
(``model.pieces``: the pre-tokens, or SentencePiece-style runs of ``▁``, with
added tokens as their IDs; ``model.piece_ids`` encodes a list of them), so
the parts' IDs join to the whole's.  Lines are encoded each on its own in any
case, so any cut between lines is safe.

A worker rebuilds the tokenizer from the asset, which is data (the JSON of
:mod:`core.assets`); no model is pickled.  Starting one costs a Python start
plus that rebuild (1-5 s for a 100k-200k vocabulary on the bench machine,
bench/encode_speed.py prints it), so the pool is only used from
:data:`POOL_MIN_CHARS` characters on, and the calling process works too: it
takes chunks from the front while the pool takes them from the back, and it
never waits for the pool (a chunk not done there yet is done here), so a
slow start costs nothing but the pool's share of the work; the process
exits once the worker has finished what it had taken.

Where this process may fork (Linux, the command line: no Qt loaded, on the
main thread) the work is split in two by forking instead: the child
already holds the tokenizer and the pieces (or lines), encodes the second
half and writes its IDs down a pipe as 8-byte integers (data, not
pickle), so a second process pays from :data:`FORK_MIN_CHARS` characters
on.  Where one known regex splits the whole text (``model.scanner``) the
split itself is halved too: the child scans from the middle and this
process until its scan meets the child's (:func:`_scan_halves`).  A model
that shares the work itself (``model.halves``: a SentencePiece unigram
model, whose best path carries a score from one half into the other)
gives the two parts and their join (:func:`_halves`).  Should the child
fail, this process encodes its half too.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from array import array
from concurrent.futures import ProcessPoolExecutor
from itertools import chain, repeat

from core.pipeline import twin_split, fast_split

WORKERS = 2  # processes in all, this one included
POOL_MIN_CHARS = 2_000_000
FORK_MIN_CHARS = 200_000
PIPE_BYTES = 1 << 20
SCAN_SHARE = 0.45  # of a text split by two scans, the part this process scans (_scan_halves)
CUT_SHARE = 0.48  # where a cut is looked for (_scan_halves)
CHUNKS = 64

_worker = None  # the tokenizer a worker process rebuilt


def can_split(tok) -> bool:
    """Can a single text of ``tok`` be cut into parts (see the module doc)?"""
    return callable(getattr(tok.model, "pieces", None)) and callable(getattr(tok.model, "piece_ids", None))


def can_halve(tok) -> bool:
    """Does ``tok``'s model share a text between two processes itself (``model.halves``)?"""
    return callable(getattr(tok.model, "halves", None))


def encode_ids(tok, text: str, *, asset: dict | None = None, workers: int = WORKERS, progress=None,
               min_chars: int = POOL_MIN_CHARS) -> list[int]:
    """``tok.encode_ids(text)``, on ``workers`` processes when the text is
    long and ``asset`` (what ``tok`` was built from) is given.  ``progress``
    is called with ``(chunks done, chunks)``.  ``min_chars`` is for the
    spawned pool; a fork needs :data:`FORK_MIN_CHARS`."""
    if workers >= 2 and can_fork() and len(text) >= min(min_chars, FORK_MIN_CHARS):
        if can_split(tok):
            return _split_text(tok, text, progress)
        if can_halve(tok):
            return _halves(tok, text, progress)
    if asset is None or workers < 2 or len(text) < min_chars or not can_split(tok):
        ids = tok.encode_ids(text)
        if progress:
            progress(1, 1)
        return ids
    chunks = _cut(tok.model.pieces(text), CHUNKS)
    parts = _run(asset, chunks, "pieces", tok.model.piece_ids, workers, progress)
    return list(chain.from_iterable(parts))


def encode_lines(tok, lines: list[str], *, asset: dict | None = None, workers: int = WORKERS, progress=None,
                 min_chars: int = POOL_MIN_CHARS) -> list[list[int]]:
    """``[tok.encode_ids(line) for line in lines]``, on ``workers``
    processes when there is much text and ``asset`` is given."""
    chunks = _cut(lines, CHUNKS)

    def local(chunk):
        return _lines(tok, chunk)
    size = sum(map(len, lines))
    if workers >= 2 and len(chunks) > 1 and can_fork() and size >= min(min_chars, FORK_MIN_CHARS):
        parts = _split_lines(chunks, local, progress)
    elif asset is None or workers < 2 or size < min_chars:
        parts = []
        for k, chunk in enumerate(chunks, 1):
            parts.append(local(chunk))
            if progress:
                progress(k, len(chunks))
    else:
        parts = _run(asset, chunks, "lines", local, workers, progress)
    return list(chain.from_iterable(parts))


def _lines(tok, lines: list[str]) -> list[list[int]]:
    """``[tok.encode_ids(line) for line in lines]``, batched where the tokenizer can."""
    many = getattr(tok, "encode_ids_many", None)
    if many is not None:
        return many(lines)
    if not can_split(tok):
        return [tok.encode_ids(line) for line in lines]
    # The pieces of every line first, so their uncached ones merge together (BPEModel.fill).
    pieces = list(map(tok.model.pieces, lines))
    fill = getattr(tok.model, "fill", None)
    if fill is not None:
        fill(list(chain.from_iterable(pieces)))
    return list(map(tok.model.piece_ids, pieces))


def can_fork() -> bool:
    """Is forking safe here: Linux, the main thread, and no Qt (whose
    threads and locks a child would copy half-held)?"""
    return (sys.platform.startswith("linux") and threading.current_thread() is threading.main_thread()
            and "PySide6.QtCore" not in sys.modules)


def _split_text(tok, text: str, progress) -> list[int]:
    scanner = getattr(tok.model, "scanner", None)
    compiled = scanner(text) if scanner is not None else None
    if compiled is not None:
        return _scan_halves(tok.model, compiled, text, progress)
    pieces = tok.model.pieces(text)
    half = len(pieces) // 2
    first, second = pieces[:half], pieces[half:]

    def mine():
        ids = tok.model.piece_ids(first)
        if progress:
            progress(1, 2)
        return ids
    def theirs():
        return tok.model.piece_ids(second)
    ids, found = _forked(mine, theirs)
    ids += found.tolist() if found is not None else theirs()  # the child failed: its part is done here
    if progress:
        progress(2, 2)
    return ids


def _halves(tok, text: str, progress) -> list[int]:
    """A model that shares the work itself (``model.halves(text)``: this
    process's part, the child's part as integers, and the join of both,
    given None when the child failed)."""
    plan = tok.model.halves(text)
    if plan is None:
        ids = tok.encode_ids(text)
    else:
        mine, theirs, join = plan

        def first():
            found = mine()
            if progress:
                progress(1, 2)
            return found
        ids = join(*_forked(first, theirs))
    if progress:
        progress(2, 2)
    return ids


def _scan_halves(model, compiled, text: str, progress) -> list[int]:
    """Where one regex splits the whole text (``model.scanner``), the
    split runs on both processes too.  A shipped pattern's scan is cut
    where it always has a boundary (core.pipeline.twin_split), near the
    middle: each process scans its part.  Otherwise the child scans from
    the middle, this process from the start until the two scans meet
    (core.pipeline.fast_split), and the child's IDs before the meeting are
    dropped; the child sends the ID count of each of its first matches,
    then its IDs.

    This process takes the smaller share (:data:`SCAN_SHARE`): it reads
    and joins the child's IDs after, and a scan to the meeting iterates
    the matches (some 1.35x ``findall``'s time)."""
    if twin_split.twin(compiled) is not None:
        cut = twin_split.cut_after(text, int(len(text) * CUT_SHARE), int(len(text) * (CUT_SHARE + 0.1)))
        if cut is not None:
            return _cut_halves(model, compiled, text, cut, progress)
    cut = int(len(text) * SCAN_SHARE)

    def mine():
        met = fast_split.scan_to_meet(compiled, text, cut)
        if met is None:
            return None
        pieces, skip = met
        ids = model.piece_ids(pieces)
        if progress:
            progress(1, 2)
        return ids, sum(map(len, pieces)), skip

    def theirs():
        pieces = fast_split.scan_from(compiled, text, cut)
        if pieces is None:
            raise ValueError("the matches do not tile the text")
        ids = model.piece_ids(pieces)
        counts = [len(model.piece_ids([piece])) for piece in pieces[:fast_split.MEET_WITHIN]]
        return [*counts, *repeat(0, fast_split.MEET_WITHIN - len(counts)), *ids]
    found, flat = _forked(mine, theirs)
    rest = None
    if found is not None:
        ids, met, skip = found
        if flat is not None:
            rest = flat[fast_split.MEET_WITHIN + sum(flat[:skip]):].tolist()
        else:  # the child failed: the rest is scanned here from the meeting
            pieces = fast_split.scan_from(compiled, text, met)
            rest = model.piece_ids(pieces) if pieces is not None else None
    if rest is not None:
        ids += rest
    else:  # the scans did not meet: this process does it all
        ids = model.piece_ids(model.pieces(text))
    if progress:
        progress(2, 2)
    return ids


def _cut_halves(model, compiled, text: str, cut: int, progress) -> list[int]:
    """:func:`_scan_halves` at a cut where the scan always has a boundary."""
    def mine():
        ids = model.piece_ids(twin_split.findall(compiled, text, 0, cut))
        if progress:
            progress(1, 2)
        return ids
    def theirs():
        return model.piece_ids(twin_split.findall(compiled, text, cut))
    ids, found = _forked(mine, theirs)
    ids += found.tolist() if found is not None else theirs()  # the child failed: its part is done here
    if progress:
        progress(2, 2)
    return ids


def _split_lines(chunks: list, local, progress) -> list:
    half = len(chunks) // 2

    def mine():
        parts = []
        for k, chunk in enumerate(chunks[:half], 1):
            parts.append(local(chunk))
            if progress:
                progress(k, len(chunks))
        return parts

    def theirs():
        # Sent as numbers only: the rows' lengths, then their IDs.
        rows = list(chain.from_iterable(map(local, chunks[half:])))
        return [len(rows), *map(len, rows), *chain.from_iterable(rows)]
    parts, flat = _forked(mine, theirs)
    flat = None if flat is None else flat.tolist()
    if flat is None:
        parts += map(local, chunks[half:])
    else:
        count = flat[0]
        at = 1 + count
        rows = []
        for size in flat[1:1 + count]:
            rows.append(flat[at:at + size])
            at += size
        parts.append(rows)
    if progress:
        progress(len(chunks), len(chunks))
    return parts


def _forked(mine, theirs):
    """``(mine(), theirs() as an array or None)``, ``theirs`` run in a
    forked child that sends its integers down a pipe as 8-byte integers
    after their count; None when the child failed (the caller does that
    part itself)."""
    import fcntl  # here: Linux only, as forking is (can_fork)

    _reap()
    read, write = os.pipe()
    try:  # a pipe that holds a megabyte lets the child finish while this process still works
        fcntl.fcntl(write, fcntl.F_SETPIPE_SZ, PIPE_BYTES)
    except OSError:  # over the system's limit (fs.pipe-max-size): the default size, slower only
        pass
    pid = os.fork()
    if pid == 0:  # the child: never returns into the caller's code
        status = 1
        try:
            os.close(read)
            result = theirs()
            found = array("q")
            if hasattr(result, "tobytes"):  # a numpy array: its bytes, not its elements one by one
                found.frombytes(result.astype("=i8", copy=False).tobytes())
            else:
                found.extend(result)
            data = memoryview(array("q", [len(found)]).tobytes() + found.tobytes())
            while data:
                data = data[os.write(write, data):]
            # Closed here, not by the exit: the exit first unmaps this
            # process's memory, some milliseconds the parent need not wait.
            os.close(write)
            status = 0
        finally:
            os._exit(status)
    os.close(write)
    try:
        result = mine()
        chunks = []
        while True:
            chunk = os.read(read, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    except BaseException:
        os.kill(pid, signal.SIGKILL)  # interrupted: the child's part is not wanted
        _waiting.append(pid)
        raise
    finally:
        os.close(read)
    _waiting.append(pid)
    _reap()
    data = b"".join(chunks)
    found = array("q", data) if len(data) % 8 == 0 else array("q")
    if len(found) and found[0] == len(found) - 1:  # all the child's integers came
        return result, found[1:]
    return result, None


_waiting: list[int] = []  # forked children not yet reaped


def _reap() -> None:
    """Reap the children that have exited; one still exiting is reaped by
    the next fork or at this process's exit."""
    for pid in list(_waiting):
        try:
            done, _ = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            done = pid
        if done:
            _waiting.remove(pid)


def _cut(items: list, count: int) -> list[list]:
    size = max(1, -(-len(items) // count))
    return [items[i:i + size] for i in range(0, len(items), size)] or [[]]


def _run(asset, chunks, kind, local, workers, progress) -> list:
    results: list = [None] * len(chunks)
    started: dict = {}

    def start():
        # Off this thread: spawning writes the pickled asset down a pipe the
        # child reads only once Python is up, which would stall the encoding.
        # spawn, not fork: the caller may hold threads (a GUI), which fork copies badly.
        pool = ProcessPoolExecutor(workers - 1, mp_context=multiprocessing.get_context("spawn"), initializer=_start,
                                   initargs=(asset,))
        started["pool"] = pool
        started["futures"] = [pool.submit(_work, kind, chunks[k]) for k in reversed(range(len(chunks)))][::-1]
    starter = threading.Thread(target=start, name="encode-pool-start", daemon=True)
    starter.start()
    try:
        for k in range(len(chunks)):
            # Never wait: a chunk the pool has not finished is done here (at
            # most the one the pool is busy with is done twice).
            futures = started.get("futures")
            future = futures[k] if futures is not None else None
            results[k] = _result(future) if future is not None and future.done() else None
            if results[k] is None:
                results[k] = local(chunks[k])
            if progress:
                progress(k + 1, len(chunks))
    finally:
        starter.join()
        pool = started.get("pool")
        if pool is not None:
            # Never terminate a worker: killed while it sends a result, it
            # would leave the pool's reader waiting for the rest forever.  It
            # ends after the chunks it already took (at most two).
            pool.shutdown(wait=False, cancel_futures=True)
    return results


def _result(future):
    try:
        return future.result()
    except Exception:  # noqa: BLE001 (a broken pool or the worker's error: redone here, where it reports)
        return None


def _start(asset: dict) -> None:
    global _worker
    from core import assets, tokenizer

    _worker = tokenizer.wrap(asset["kind"], assets.build_tokenizer(asset))


def _work(kind: str, chunk: list):
    if kind == "pieces":
        return _worker.model.piece_ids(chunk)
    return _lines(_worker, chunk)
