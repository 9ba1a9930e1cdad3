"""Files read and saved from the windows, under the command line's rules.

A read goes through core's readers (bounded by the bytes read, regular
files only, never blocking on a FIFO or device) in a worker: the window
stays responsive on a huge file, shows that it is busy and offers Cancel.
The result is applied on the GUI thread, and only if the read was not
cancelled, so a cancelled read changes nothing; a refusal is one line in
the UI language.

A save that would replace a read-only file asks first and replaces it only
on yes (the command line's ``--force``); links, special files and the
files being read stay refused.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMessageBox

from core.errors import OutputRefused, StudioError
from core.fileio import check_regular, replacing_read_only

from . import core_text
from .workers import BusyDialog, run_task


def read_in_worker(owner, label: str, read, done, failed, *, name: str = "read"):
    """Run ``read()`` in a worker behind a busy dialog with Cancel; then
    ``done(result)`` or ``failed(one line)`` on the GUI thread, while
    ``owner`` (the widget asking) still exists.  Returns the task."""
    task = run_task(lambda progress, should_stop: read(), name=name)
    BusyDialog(task, label, owner)

    def finished(result):
        # Cancelled after the read returned, its result still on its way: dropped.
        if not task.cancelled and shiboken6.isValid(owner):
            done(result)

    def refused(message):
        if shiboken6.isValid(owner):
            failed(message)
    task.sig_done.connect(finished)
    task.sig_failed.connect(refused)
    return task


def not_openable(path) -> str:
    """Why a dropped file that is none of ours, nor a tokenizer file, is not
    opened: the readers' own refusal (missing, a directory, a FIFO or
    device), else that it is not recognised; one line, asked without reading."""
    try:
        check_regular(path, what="a workspace or tokenizer file", error=StudioError)
    except StudioError as exc:
        return core_text.error(exc)
    return QCoreApplication.translate(
        "files", "%1: not recognised as a workspace or tokenizer file; use File → Import tokenizer… to choose "
                 "its format").replace("%1", str(path))


def ask_replace_read_only(parent, path) -> bool:
    answer = QMessageBox.question(
        parent, QCoreApplication.translate("files", "Read-only file"),
        QCoreApplication.translate("files", "%1 is read-only. Replace the read-only file anyway?").replace(
            "%1", str(path)), QMessageBox.Yes | QMessageBox.No, QMessageBox.No)
    return answer == QMessageBox.Yes


def read_only_refusal(exc) -> str | None:
    """The file ``exc`` refused to replace because it is read-only, if that is why."""
    return exc.where if isinstance(exc, OutputRefused) and exc.code == "output.read_only" else None


def save(parent, write) -> bool:
    """``write()`` on the GUI thread; each read-only file it would replace is
    replaced only after the user says yes.  False: the user said no and
    nothing more was written; any other refusal is raised."""
    forced: list[str] = []
    while True:
        try:
            with replacing_read_only(forced):
                write()
            return True
        except OutputRefused as exc:
            where = read_only_refusal(exc)
            if where is None or where in forced:
                raise
            if not ask_replace_read_only(parent, where):
                return False
            forced.append(where)
