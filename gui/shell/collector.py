"""Python's cyclic garbage collector around background work.

A collection holds the GIL, so it stalls the GUI's event loop: the collector
is off while any task runs (:func:`paused`), everything alive is frozen when
the last task ends, and :func:`compact` does the one full walk when idle.

Details: docs/notes/gui.md#guishellcollectorpy.
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
