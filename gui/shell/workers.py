"""Long work off the GUI thread: a task per job, and the one shared trainer.

Follows Orange's ``TaskState`` (progress, an interruption flag, queued
signals to the GUI) and napari's thread workers.  A :class:`Task` runs
``fn(progress, should_stop)`` in its own ``QThread``; the worker's signals
cross to the GUI thread queued, so slots never run in the worker.  Progress
is rate-limited (a 5,000-merge run would otherwise post 5,000 events).
Every task runs with Python's collector paused (:mod:`gui.shell.collector`).

:class:`Trainer` is one per bridge (``trainer_for(bridge)``): every Train
button and every automatic retrain goes through it, so a new request
cancels the run it replaces and results reach the workspace in order.
"""

from __future__ import annotations

import os
import sys
import threading
import time
import traceback

from PySide6.QtCore import QCoreApplication, QObject, Qt, QThread, QTimer, Signal, Slot
from PySide6.QtWidgets import QProgressDialog

from core.errors import Cancelled, StudioError
from core.workspace.recipes import RECIPES

from . import collector, core_text

PROGRESS_INTERVAL = 0.05  # seconds between progress signals
# Every Python callback Qt makes on the GUI thread (a cell's data(), a slot)
# must take the GIL from a busy worker, waiting up to the switch interval.
# At the default 5 ms, repainting the timeline while its workers count took
# seconds; at 0.2 ms it takes about 0.4 s, for ~15% slower training.
SWITCH_INTERVAL = 0.0002
_RUNNING: set = set()  # tasks alive until their thread ends, whoever dropped them
# A task's thread, and the threads it starts (a native engine's), yield the
# cores to the GUI thread: on two cores a megabyte's encode runs three busy
# threads, and at equal priority the event loop waited for a core 50 ms.
BACKGROUND_NICE = 10


def run_in_background() -> None:
    """Lower the calling thread's priority (Linux: the nice value is per
    thread, and threads it starts inherit it); elsewhere nothing."""
    if sys.platform.startswith("linux"):
        try:
            tid = threading.get_native_id()
            os.setpriority(os.PRIO_PROCESS, tid, max(os.getpriority(os.PRIO_PROCESS, tid), BACKGROUND_NICE))
        except OSError:
            pass  # not allowed here: the work runs all the same


class _Worker(QObject):
    sig_progressed = Signal(int, int)
    sig_done = Signal(object)
    sig_failed = Signal(str)
    sig_cancelled = Signal()

    def __init__(self, fn, stop: threading.Event):
        super().__init__()
        self._fn = fn
        self._stop = stop
        self._last = 0.0

    def _progress(self, done, total):
        now = time.monotonic()
        if now - self._last >= PROGRESS_INTERVAL or (total and done >= total):
            self._last = now
            self.sig_progressed.emit(int(done), int(total or 0))

    @Slot()
    def run(self):
        run_in_background()
        try:
            with collector.paused():
                result = self._fn(self._progress, self._stop.is_set)
        except Cancelled:
            self.sig_cancelled.emit()
        except StudioError as exc:
            self.sig_failed.emit(core_text.error(exc))
        except Exception as exc:  # a bug, not bad input: say so, keep the window
            traceback.print_exc()
            self.sig_failed.emit(core_text.internal_error(exc))
        else:
            if self._stop.is_set():
                self.sig_cancelled.emit()
            else:
                self.sig_done.emit(result)


class Task(QObject):
    """``fn(progress, should_stop)`` in a thread; signals arrive on the GUI thread."""

    sig_progressed = Signal(int, int)
    """Work done so far and the total (0 if unknown)."""
    sig_done = Signal(object)
    """The function returned (argument: its result)."""
    sig_failed = Signal(str)
    """The function raised (argument: a message for the user)."""
    sig_cancelled = Signal()
    """The task stopped because it was cancelled."""
    sig_ended = Signal()
    """The thread is over, whatever the outcome."""

    def __init__(self, fn, *, name: str = "task"):
        super().__init__()  # no parent: a closing window must not delete a running thread
        self.name = name
        self._stop = threading.Event()
        self._thread = QThread()
        self._thread.setObjectName(name)
        self._worker = _Worker(fn, self._stop)
        self._worker.moveToThread(self._thread)
        self._thread.started.connect(self._worker.run)
        self._worker.sig_progressed.connect(self._on_progressed)
        self._worker.sig_done.connect(self._on_done)
        self._worker.sig_failed.connect(self._on_failed)
        self._worker.sig_cancelled.connect(self._on_cancelled)
        # Direct: the thread ends even while the GUI thread is blocked in wait().
        for signal in (self._worker.sig_done, self._worker.sig_failed, self._worker.sig_cancelled):
            signal.connect(self._thread.quit, Qt.DirectConnection)
        self._thread.finished.connect(self._on_thread_finished)
        self.started_at = None
        self._outcome_told = False  # done, failed or cancelled has reached the GUI thread

    def start(self) -> "Task":
        if sys.getswitchinterval() > SWITCH_INTERVAL:
            sys.setswitchinterval(SWITCH_INTERVAL)
        _RUNNING.add(self)
        self.started_at = time.monotonic()
        self._thread.start()
        return self

    def cancel(self) -> None:
        self._stop.set()

    @property
    def cancelled(self) -> bool:
        return self._stop.is_set()

    def is_running(self) -> bool:
        return self._thread.isRunning()

    def is_working(self) -> bool:
        """Whether its outcome is still to come.  Its thread may run on for a
        moment after the outcome's signal: a job started from that signal's
        slot does not compete with it."""
        return self.is_running() and not self._outcome_told

    def wait(self, ms: int = 5000) -> bool:
        return self._thread.wait(ms)

    @Slot(int, int)
    def _on_progressed(self, done, total):
        if not self._stop.is_set():
            self.sig_progressed.emit(done, total)

    @Slot(object)
    def _on_done(self, result):
        self._outcome_told = True
        self.sig_done.emit(result)

    @Slot(str)
    def _on_failed(self, message):
        self._outcome_told = True
        self.sig_failed.emit(message)

    @Slot()
    def _on_cancelled(self):
        self._outcome_told = True
        self.sig_cancelled.emit()

    @Slot()
    def _on_thread_finished(self):
        collector.compact_later()
        self.sig_ended.emit()
        # Let go after this slot returns, never while Qt is still delivering to us.
        QTimer.singleShot(0, lambda: _RUNNING.discard(self))


def run_task(fn, *, name: str = "task") -> Task:
    """Start ``fn(progress, should_stop)`` in a thread and return its task."""
    return Task(fn, name=name).start()


class BusyDialog(QProgressDialog):
    """A task's progress, with Cancel: busy until the task reports how far it
    is, gone when it ends.  Shown only once the task has run ``delay_ms``, so a
    small file never flashes a window."""

    def __init__(self, task: Task, label: str, parent=None, *, delay_ms: int = 400):
        super().__init__(label, QCoreApplication.translate("workers", "Cancel"), 0, 0, parent)
        self.setWindowTitle(QCoreApplication.translate("workers", "Subword Studio"))
        self.setMinimumDuration(delay_ms)
        self.setValue(0)  # starts the delay now: unset, Qt waits its own 4 s before showing a busy bar
        self.canceled.connect(task.cancel)
        task.sig_progressed.connect(self._progressed)
        task.sig_ended.connect(self._ended)

    @Slot(int, int)
    def _progressed(self, done, total):
        if total:
            scale = max(1, total // 1_000_000)  # a byte count can pass the int range of the bar
            self.setRange(0, total // scale)
            self.setValue(done // scale)

    @Slot()
    def _ended(self):
        self.reset()
        self.deleteLater()


def running() -> bool:
    """Whether any task's thread is still going."""
    return any(task.is_running() for task in _RUNNING)


def shutdown(timeout_ms: int = 30_000) -> None:
    """Cancel every running task and wait for the threads (at application exit)."""
    for task in list(_RUNNING):
        task.cancel()
    for task in list(_RUNNING):
        task.wait(timeout_ms)


def exec_and_shutdown(app) -> int:
    """``app.exec()``, then wait for every task: a result queued while the
    window closed can start the next job after the last shutdown, and a
    QThread that Python frees while it runs aborts the whole process."""
    code = app.exec()
    shutdown()
    return code


def _install_shutdown():
    app = QCoreApplication.instance()
    if app is not None and not getattr(app, "_subword_studio_shutdown", False):
        app.aboutToQuit.connect(shutdown)
        app._subword_studio_shutdown = True


# ==== the shared trainer ====

class Trainer(QObject):
    """Trains char BPE off the GUI thread for every view of one workspace.

    ``purpose`` names a :data:`RECIPES` entry: ``"main"`` (the result goes to
    ``workspace.adopt``), ``"compare"`` (``workspace.set_comparison``), or one
    of the merge timeline's other algorithms, ``"byte"``, ``"wordpiece"``,
    ``"unigram"`` (``workspace.adopt_other``); each purpose has at most one
    live run, and a new request cancels the old one.
    """

    sig_training_started = Signal(str)
    """A run began (argument: purpose)."""
    sig_training_progressed = Signal(str, int, int)
    """Merges done and the total asked for (0 if training to a vocab size)."""
    sig_training_finished = Signal(str, object)
    """A run completed and its model is in the workspace (for the timeline's
    other algorithms: a tuple, the model then what it was trained on)."""
    sig_training_failed = Signal(str, str)
    """A run failed (arguments: purpose, message)."""
    sig_training_cancelled = Signal(str)
    """A run was cancelled by the user (not when replaced by a newer run)."""
    sig_auto_changed = Signal(bool)
    """"Retrain on every change" was switched (argument: on); every timeline shows it."""

    def __init__(self, bridge):
        super().__init__(bridge)
        self.bridge = bridge
        self.workspace = bridge.workspace
        self._tasks: dict[str, Task] = {}
        self._inputs: dict[str, tuple] = {}
        self._finished: dict[str, tuple] = {}  # purpose -> the inputs of its last finished run
        self.auto = True  # retrain on every change of the corpus or settings
        _install_shutdown()

    def set_auto(self, on: bool) -> None:
        if bool(on) != self.auto:
            self.auto = bool(on)
            self.sig_auto_changed.emit(self.auto)

    def _current_inputs(self, purpose, tie, vocab_size):
        return RECIPES[purpose].inputs(self.workspace, tie, vocab_size)

    def history(self) -> dict:
        """The inputs of each purpose's last finished run: a language switch
        gives them to the new bridge's trainer (:meth:`carry`), so a rebuilt
        timeline shows the models the workspace holds instead of retraining."""
        return dict(self._finished)

    def carry(self, history: dict) -> None:
        self._finished.update(history)

    def trained_with_current(self, purpose: str, vocab_size: int | None = None) -> bool:
        """Whether the last finished run of ``purpose`` used today's inputs."""
        return self._finished.get(purpose) == self._current_inputs(purpose, None, vocab_size)

    def is_running(self, purpose: str = "main") -> bool:
        task = self._tasks.get(purpose)
        return task is not None and not task.cancelled

    def start(self, purpose: str = "main", *, tie: str | None = None, vocab_size: int | None = None) -> Task | None:
        """Train on the workspace's current corpus and settings
        (``vocab_size``: WordPiece's and Unigram's target).

        Does nothing if a run with exactly these inputs is already going.
        """
        inputs = self._current_inputs(purpose, tie, vocab_size)
        if self.is_running(purpose) and self._inputs.get(purpose) == inputs:
            return self._tasks[purpose]
        self._drop(purpose)
        if len(inputs[0]) == 0:
            self.sig_training_failed.emit(purpose, QCoreApplication.translate(
                "workers", "The corpus is empty: add words or records first."))
            return None
        task = Task(RECIPES[purpose].work(self.workspace, inputs), name=f"train-{purpose}")
        self._tasks[purpose], self._inputs[purpose] = task, inputs
        task.sig_progressed.connect(self._on_progressed)
        task.sig_done.connect(self._on_done)
        task.sig_failed.connect(self._on_failed)
        task.sig_cancelled.connect(self._on_cancelled)
        task.start()
        self.sig_training_started.emit(purpose)
        return task

    def cancel(self, purpose: str = "main") -> None:
        task = self._tasks.get(purpose)
        if task is not None:
            task.cancel()

    def wait(self, purpose: str = "main", ms: int = 10000) -> bool:
        task = self._tasks.get(purpose)
        return task is None or task.wait(ms)

    def _drop(self, purpose):
        old = self._tasks.pop(purpose, None)
        self._inputs.pop(purpose, None)
        if old is not None:
            old.cancel()  # it may still report; _purpose() no longer knows it

    def _purpose(self, task):
        for purpose, mine in self._tasks.items():
            if mine is task:
                return purpose
        return None

    @Slot(int, int)
    def _on_progressed(self, done, total):
        purpose = self._purpose(self.sender())
        if purpose is not None:
            self.sig_training_progressed.emit(purpose, done, total)

    @Slot(object)
    def _on_done(self, model):
        purpose = self._purpose(self.sender())
        if purpose is None:
            return
        self._tasks.pop(purpose)
        self._finished[purpose] = self._inputs.pop(purpose, None)
        RECIPES[purpose].adopt(self.workspace, model)
        self.sig_training_finished.emit(purpose, model)

    @Slot(str)
    def _on_failed(self, message):
        purpose = self._purpose(self.sender())
        if purpose is not None:
            self._tasks.pop(purpose)
            self._inputs.pop(purpose, None)
            self.sig_training_failed.emit(purpose, message)

    @Slot()
    def _on_cancelled(self):
        purpose = self._purpose(self.sender())
        if purpose is not None:
            self._tasks.pop(purpose)
            self._inputs.pop(purpose, None)
            self.sig_training_cancelled.emit(purpose)


def trainer_for(bridge) -> Trainer:
    """The one trainer of this bridge's workspace, made on first use."""
    trainer = getattr(bridge, "_trainer", None)
    if trainer is None:
        trainer = Trainer(bridge)
        bridge._trainer = trainer
    return trainer
