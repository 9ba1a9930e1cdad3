"""Who runs the map step: local processes or a Dask cluster.

Both call the same ``function(task, options)`` and hand each result to
``on_result`` as it arrives, in whatever order the tasks finish; the
reduce step never depends on that order.
"""

from __future__ import annotations

import os
import signal
from concurrent.futures import ProcessPoolExecutor, as_completed

from core.errors import StudioError

BACKENDS = ("local", "dask")


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


def _ignore_sigint() -> None:
    # Ctrl+C reaches the whole process group; only the parent decides what
    # it means (cancel, clean up), the workers must not print tracebacks.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_local(function, tasks, options, workers: int, on_result) -> None:
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_ignore_sigint)
    try:
        futures = [pool.submit(function, task, options) for task in tasks]
        for future in as_completed(futures):
            on_result(future.result())
    finally:
        # On Ctrl+C or an error the queued tasks are dropped; the running
        # ones (one block range each) finish before the spill folder goes.
        pool.shutdown(wait=True, cancel_futures=True)


def dask_client(address: str):
    """A connected ``distributed.Client``; one clear error when Dask is missing."""
    try:
        from distributed import Client  # here: Dask is optional and heavy; only --backend dask needs it
    except ImportError:
        raise StudioError("--backend dask needs Dask: pip install 'subword-studio[distributed]' "
                          "(or: pip install dask distributed)") from None
    if not address:
        raise StudioError("--backend dask needs --scheduler ADDRESS (e.g. tcp://10.0.0.5:8786)")
    try:
        return Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError) as exc:
        raise StudioError(f"--scheduler {address}: cannot connect ({exc})") from None


def run_dask(function, tasks, options, address: str, on_result, client=None) -> None:
    """Run on a Dask cluster; the workers read the corpus files themselves, so
    the paths (and the spill folder) must be ones every worker can open."""
    own = client is None
    client = client or dask_client(address)  # first: it names a missing Dask in one line
    from distributed import as_completed as dask_completed  # here: optional and heavy, as in dask_client

    try:
        futures = client.map(function, tasks, options=options, pure=False)
        try:
            for future in dask_completed(futures):
                on_result(future.result())
        except BaseException:
            client.cancel(futures)
            raise
    finally:
        if own:
            client.close()


def run(function, tasks, options, *, backend: str = "local", workers: int | None = None, scheduler: str = "",
        on_result, client=None) -> None:
    if backend == "local":
        run_local(function, tasks, options, workers or default_workers(), on_result)
    elif backend == "dask":
        run_dask(function, tasks, options, scheduler, on_result, client=client)
    else:
        raise StudioError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
