"""One worker per question, however many views ask it.

Views in several windows ask one registry per bridge (``shared_for(bridge)``):
while a count runs every asker gets the same task, and the last few results
are kept for the current model.

Details: docs/notes/gui.md#guishellshared_resultspy.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QObject, QTimer, Signal, Slot

KEEP = 8  # finished results kept per registry


class Ready(QObject):
    """A result already known, delivered the way a task delivers one: queued,
    so the asker has connected its slots first."""

    sig_done = Signal(object)
    """The result (argument)."""
    sig_failed = Signal(str)
    """Never emitted; here so a view can connect it as it does a task's."""
    sig_cancelled = Signal()
    """The asker cancelled before the result was delivered."""
    sig_ended = Signal()
    """Delivered or cancelled."""

    def __init__(self, result):
        super().__init__()
        self._result = result
        self._stop = False
        self._delivered = False
        QTimer.singleShot(0, self._deliver)

    def cancel(self) -> None:
        self._stop = True

    @property
    def cancelled(self) -> bool:
        return self._stop

    def is_running(self) -> bool:
        return not self._delivered

    def wait(self, ms: int = 0) -> bool:
        return True

    def _deliver(self):
        self._delivered = True
        if self._stop:
            self.sig_cancelled.emit()
        else:
            self.sig_done.emit(self._result)
        self.sig_ended.emit()


class SharedResults(QObject):
    def __init__(self, bridge):
        super().__init__(bridge)
        self.workspace = bridge.workspace
        self._running: dict[tuple, tuple] = {}  # key -> (owner, task)
        self._done: OrderedDict[tuple, tuple] = OrderedDict()  # key -> (owner, result)
        bridge.sig_model_trained.connect(self._forget)

    def task(self, kind: str, owner, args: tuple, fn, after_paint):
        """The task answering ``kind`` about ``owner`` (a model or its trace)
        with ``args``: a running one, a finished one's result, or a new task
        for ``fn(progress, should_stop)`` started by ``after_paint``."""
        key = (kind, id(owner), *args)
        done = self._done.get(key)
        if done is not None and done[0] is owner:
            self._done.move_to_end(key)
            return Ready(done[1])
        running = self._running.get(key)
        if running is not None and running[0] is owner and not running[1].cancelled:
            # Not started yet: held for the first asker's paint; whichever
            # asker paints first starts it (the first may close meanwhile).
            return after_paint.hold(running[1]) if running[1].started_at is None else running[1]
        task = after_paint.task(fn, kind)
        self._running[key] = (owner, task)
        task.sig_done.connect(self._finished)
        task.sig_ended.connect(self._ended)
        return task

    def _current(self, owner) -> bool:
        model = self.workspace.model
        return model is not None and (owner is model or owner is model.trace)

    @Slot(object)
    def _finished(self, result):
        task = self.sender()
        for key, (owner, mine) in list(self._running.items()):
            if mine is task and not task.cancelled and self._current(owner):
                self._done[key] = (owner, result)
                while len(self._done) > KEEP:
                    self._done.popitem(last=False)

    @Slot()
    def _ended(self):
        task = self.sender()
        for key, (_, mine) in list(self._running.items()):
            if mine is task:
                del self._running[key]

    def _forget(self, *_):
        # The old model's questions: none is asked again, and a task never
        # started (its view went first) would otherwise keep the old trace.
        self._done.clear()
        self._running = {key: entry for key, entry in self._running.items() if self._current(entry[0])}


def shared_for(bridge) -> SharedResults:
    """The registry of this bridge's workspace, made on first use."""
    found = getattr(bridge, "_shared_results", None)
    if found is None:
        found = bridge._shared_results = SharedResults(bridge)
    return found
