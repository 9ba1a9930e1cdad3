"""Background work that waits for a view's next paint.

A worker thread running Python holds the GIL, and every cell a paint asks a
model for has to take it back: with the pair-table and plot-series workers
running, painting a new 50,000-merge timeline took 1.1 s instead of 0.1 s,
and the window froze for a third of a second after each training.  So a
view on screen starts such work only once its paint is over (a hidden view
starts it at once).
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer

from .workers import Task

PAINT_WAIT_MS = 1000  # start anyway when no paint comes (a window never exposed)
QUIET_MS = 150  # held work starts once the view has not repainted for this long


class AfterPaint(QObject):
    def __init__(self, view):
        """Hold tasks for ``view`` until it has painted; while the view is
        being built (until the event loop runs), tasks are held too."""
        super().__init__(view)
        self.view = view
        self._held: list[Task] = []
        self._building = True
        self._quiet = QTimer(self, singleShot=True, interval=QUIET_MS)
        self._quiet.timeout.connect(self._start_held)
        view.installEventFilter(self)
        QTimer.singleShot(0, self._built)

    def task(self, fn, name: str) -> Task:
        """A task for ``fn(progress, should_stop)``, started now or after the next paint."""
        return self.hold(Task(fn, name=name))

    def hold(self, task: Task) -> Task:
        """Start ``task`` now or after the next paint, unless started before
        (another view holding a shared task may start it first)."""
        if not self.view.isVisible() and not self._building:
            return task if task.started_at is not None else task.start()
        if not self._held:
            self.view.update()
            QTimer.singleShot(PAINT_WAIT_MS, self._start_held)
        self._held.append(task)
        return task

    def _built(self):
        # The timer outlives a view freed before the event loop ran (a language switch).
        if not shiboken6.isValid(self.view):
            return
        self._building = False
        if not self.view.isVisible():
            self._start_held()

    def _start_held(self):
        held, self._held = self._held, []
        if not shiboken6.isValid(self.view):
            return  # nobody is left to show the results
        for task in held:
            if task.started_at is None:
                task.start()

    def eventFilter(self, obj, event):
        if event.type() == QEvent.Paint and self._held:
            # A new model repaints several times in a row; a worker started
            # in between makes every cell of the next paint wait for the GIL.
            self._quiet.start()
        return False
