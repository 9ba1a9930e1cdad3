"""Python's cyclic garbage collector around background work.

A collection holds the GIL, and the GUI thread needs the GIL for every
Python slot, cell and delegate, so a collection is an event-loop stall as
long as itself.  With the collector simply re-enabled after a 16,000-merge
training (en 10 MB), the training's 112,000 new tracked objects (tie
tuples, merges, steps) were walked three times in a row: young (45 ms),
middle (44 ms), then a full collection of the whole heap (0.10 s).  So:

* While any task runs, the collector is off (:func:`paused`, counted across
  threads; core's own ``paused_gc`` nests inside, finds it off and leaves it
  off: before, a pair-table task that ended re-enabled it under a running
  training or plot-series task, and their gen-2 collections took 0.3-0.9 s).
* When the last task ends, everything alive is frozen (``gc.freeze``, a
  constant-time move to the permanent generation): later collections walk
  only what was made since, in microseconds.
* Frozen objects are never collected, and a replaced model is a cycle (the
  model and its trace refer to each other), so :func:`compact` (unfreeze,
  one full collection, freeze) runs on the GUI thread once no task runs
  and none has ended for ``COMPACT_IDLE_MS``, if the frozen objects grew by
  a quarter since the last one (CPython's own rule for a full collection):
  the one full walk of the heap (0.1-0.3 s after a large training) happens
  while nothing is going on.
"""

from __future__ import annotations

import gc
import threading
from contextlib import contextmanager

from PySide6.QtCore import QTimer

COMPACT_IDLE_MS = 3000
GROWTH = 1.25  # frozen objects since the last compaction, as CPython's full-collection rule

_lock = threading.Lock()
_paused = 0  # tasks inside paused()
_was_enabled = True
_timer = None
_kept = 0  # objects frozen by the last compaction
# Objects frozen since then, counted at each freeze from the young
# generation's allocation count: gc.get_freeze_count() would walk every
# frozen object (25 ms per 3 million, holding the GIL).
_grown = 0


@contextmanager
def paused():
    """Keep the collector off while this block (and any other one) runs."""
    global _paused, _was_enabled, _grown
    with _lock:
        if not _paused:
            _was_enabled = gc.isenabled()
            gc.disable()
        _paused += 1
    try:
        yield
    finally:
        with _lock:
            _paused -= 1
            if not _paused:
                _grown += gc.get_count()[0]  # freeze() resets it
                gc.freeze()
                if _was_enabled:
                    gc.enable()


def compact() -> None:
    """Free the garbage cycles among frozen objects, then freeze the rest."""
    global _kept, _grown
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    _kept, _grown = gc.get_freeze_count(), 0  # one walk, after a full collection's


def compact_later() -> None:
    """Compact once no task runs and none has ended for a while (call on the GUI thread)."""
    global _timer
    if _timer is None:
        _timer = QTimer(singleShot=True)
        _timer.timeout.connect(_compact_if_idle)
    _timer.start(COMPACT_IDLE_MS)


def _compact_if_idle():
    if _paused:
        _timer.start(COMPACT_IDLE_MS)  # the running task's end restarts the wait anyway
    elif _grown > _kept * (GROWTH - 1):
        compact()
