"""File → Import tokenizer… / Export tokenizer…, and dropped tokenizer files.

Import and export run off the GUI thread and show a conversion report;
export offers only the formats that can hold the asset.  Every question
goes through :class:`Dialogs`, which a test replaces.

Details: docs/notes/gui.md#guiassetsinteroppy.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QObject, Signal
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFileDialog, QInputDialog, QMessageBox, QTextBrowser, QVBoxLayout, QWidget,
)

from core import formats
from core.formats import exportable
from core.assets import identity
from core.pipeline import pretokenize
from core.errors import OutputRefused, StudioError
from core.fileio import check_regular, replacing_read_only

from ..shell import core_text, files
from ..shell.bridge import WorkspaceBridge
from ..shell.workers import BusyDialog, run_task

FORMAT_NAMES = {
    "hf": QT_TRANSLATE_NOOP("Interop", "Hugging Face tokenizer.json"),
    "tiktoken": QT_TRANSLATE_NOOP("Interop", "tiktoken rank file"),
    "spm": QT_TRANSLATE_NOOP("Interop", "SentencePiece .model / .vocab"),
    "bert-vocab": QT_TRANSLATE_NOOP("Interop", "BERT vocab.txt"),
    "subword-nmt": QT_TRANSLATE_NOOP("Interop", "subword-nmt codes"),
    "minbpe": QT_TRANSLATE_NOOP("Interop", "minbpe .model"),
}
SECTION_TITLES = {
    "kept": QT_TRANSLATE_NOOP("Interop", "Kept"),
    "not_representable": QT_TRANSLATE_NOOP("Interop", "Not representable"),
    "changed": QT_TRANSLATE_NOOP("Interop", "Behaves differently"),
}
IMPORT_FILTER = QT_TRANSLATE_NOOP(
    "Interop", "Tokenizer files (*.json *.model *.vocab *.tiktoken *.txt *.bpe *.codes);;All files (*)")


def _tr(text):
    return QCoreApplication.translate("Interop", text)


class Dialogs:
    """The questions Import and Export ask; each returns None when cancelled."""

    def __init__(self, parent):
        self.parent = parent

    def open_path(self) -> str | None:
        title = QCoreApplication.translate("Interop", "Import tokenizer")
        path, _ = QFileDialog.getOpenFileName(self.parent, title, "", _tr(IMPORT_FILTER),
                                              options=QFileDialog.DontUseNativeDialog)
        return path or None

    def save_path(self, suggested: str) -> str | None:
        title = QCoreApplication.translate("Interop", "Export tokenizer")
        path, _ = QFileDialog.getSaveFileName(self.parent, title, suggested, "",
                                              options=QFileDialog.DontUseNativeDialog)
        return path or None

    def choose(self, title: str, label: str, items: list[str]) -> int | None:
        """The index of the chosen item."""
        dialog = QInputDialog(self.parent)
        dialog.setWindowTitle(title)
        dialog.setLabelText(label)
        dialog.setComboBoxItems(items)
        dialog.setComboBoxEditable(False)
        # Wide enough for its title: a window manager cuts a narrow dialog's
        # title in the middle ("Export…enizer").
        dialog.setMinimumWidth(max(360, dialog.fontMetrics().horizontalAdvance(title) + 200))
        if dialog.exec() != QInputDialog.Accepted:
            return None
        text = dialog.textValue()
        return items.index(text) if text in items else None

    def error(self, message: str) -> None:
        QMessageBox.warning(self.parent, QCoreApplication.translate("Interop", "Subword Studio"), message)

    def replace_read_only(self, path: str) -> bool:
        return files.ask_replace_read_only(self.parent, path)


class ReportWindow(QDialog):
    """A conversion report, section by section, or the summary of a drop
    of several files (non-modal).  Files dropped on it are imported too."""

    def __init__(self, report, parent=None, *, html_text: str | None = None):
        super().__init__(parent)
        self.report = report
        self.setWindowTitle(self.tr("Conversion report") if report is not None else self.tr("Import summary"))
        self.setAcceptDrops(True)
        self.text = QTextBrowser()
        self.text.setHtml(html_text if html_text is not None else report_html(report))
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(760, 460)


def summary_html(done, failed) -> str:
    """One drop of several files: what was imported, what failed and why,
    then each import's report."""
    label = _labels([path for path, _ in failed] + [path for path, _ in done])
    head = Interop.tr("Imported %1 of %n file(s).", "", len(done) + len(failed)).replace("%1", str(len(done)))
    parts = [f"<h3>{html.escape(head)}</h3>"]
    if failed:
        title = QCoreApplication.translate("Interop", "Not imported")
        parts.append(f"<h4>{html.escape(title)}</h4><ul>")
        parts += [f"<li><b>{html.escape(label[path])}</b>: {html.escape(message)}</li>" for path, message in failed]
        parts.append("</ul>")
    if done:
        title = QCoreApplication.translate("Interop", "Imported")
        parts.append(f"<h4>{html.escape(title)}</h4><ul>")
        for path, imported in done:
            if imported.report.exact:
                verdict = QCoreApplication.translate("Interop", "exact")
            else:
                verdict = QCoreApplication.translate("Interop", "not exact")
            parts.append(f"<li><b>{html.escape(label[path])}</b> — {html.escape(imported.asset['kind'])}, "
                         f"{html.escape(verdict)}</li>")
        parts.append("</ul>")
        parts += ["<hr>" + report_html(imported.report) for _, imported in done]
    return "".join(parts)


def _labels(paths) -> dict:
    """File names, with their folder where two names are the same."""
    names = [Path(p).name for p in paths]
    return {p: str(Path(Path(p).parent.name, Path(p).name)) if names.count(Path(p).name) > 1 else Path(p).name
            for p in paths}


def report_html(report) -> str:
    arrow = f"{report.source} → {report.target}" if report.target else report.source
    if report.direction == "import":
        head = QCoreApplication.translate("Interop", "Import")
    else:
        head = QCoreApplication.translate("Interop", "Export")
    parts = [f"<h3>{html.escape(head)} ({html.escape(_tr(FORMAT_NAMES.get(report.format, report.format)))})</h3>",
             f"<p>{html.escape(arrow)}" + (f" — {html.escape(report.kind)}" if report.kind else "") + "</p>"]
    if report.summary:
        parts.append("<p>" + html.escape(core_text.summary(report.summary)) + "</p>")
    if report.exact:
        verdict = QCoreApplication.translate("Interop", "Exact: every ID and behaviour is kept.")
    else:
        verdict = QCoreApplication.translate("Interop", "Not exact: see below.")
    parts.append(f"<p><b>{html.escape(verdict)}</b></p>")
    for name in ("not_representable", "changed", "kept"):
        findings = getattr(report, name)
        if findings:
            parts.append(f"<h4>{html.escape(_tr(SECTION_TITLES[name]))}</h4><ul>")
            parts += [f"<li><code>{html.escape(f.component)}</code>: {html.escape(core_text.finding(f))}</li>"
                      for f in findings]
            parts.append("</ul>")
    return "".join(parts)


class Interop(QObject):
    """Import and export for one window, over the one workspace."""

    sig_imported = Signal(int)
    """An import finished (argument: the asset's index in the workspace)."""
    sig_exported = Signal(str)
    """An export was written (argument: the file)."""
    sig_failed = Signal(str)
    """An import or export failed (argument: the message shown)."""
    sig_files_imported = Signal(int, int)
    """A several-file import ended (arguments: files imported, files not imported)."""

    def __init__(self, bridge: WorkspaceBridge, parent_widget, *, dialogs: Dialogs | None = None):
        super().__init__(parent_widget)
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.widget = parent_widget
        self.dialogs = dialogs or Dialogs(parent_widget)
        self.task = None
        self.report_window: ReportWindow | None = None

    # ==== import ====

    def import_tokenizer(self, path=None, fmt: str | None = None, pattern: str | None = None):
        """Ask what is missing, then import off the GUI thread; returns the task or None."""
        if path is None:
            path = self.dialogs.open_path()
            if path is None:
                return None
        try:  # refused before any question: a FIFO or folder has no format to ask about
            check_regular(path, what="a tokenizer file", error=StudioError)
        except StudioError as exc:
            return self._fail(core_text.error(exc))
        if fmt is None:
            fmt = formats.detect_format(path)
        if fmt is None:
            names = [_tr(FORMAT_NAMES[f]) for f in formats.FORMATS]
            chosen = self.dialogs.choose(self.tr("Import tokenizer"),
                                         self.tr("Which format is %1?").replace("%1", Path(path).name), names)
            if chosen is None:
                return None
            fmt = formats.FORMATS[chosen]
        if fmt == "tiktoken" and pattern is None:
            names = [n for n in pretokenize.PRETOKENIZERS]
            chosen = self.dialogs.choose(self.tr("Import tokenizer"),
                                         self.tr("A rank file does not record its split pattern. Split with:"), names)
            if chosen is None:
                return None
            pattern = names[chosen]

        def work(progress, should_stop):
            imported = formats.import_file(path, fmt, pattern=pattern)
            # Hash off the GUI thread too (the tokenizer is already built).
            return imported, identity.from_dict(imported.asset, tokenizer=imported.tokenizer)
        return self._start(work, self._imported, self.tr("Importing %1…").replace("%1", Path(path).name))

    def _imported(self, result):
        imported, loaded = result
        index = self.workspace.add_loaded(loaded)  # hashed in the worker already
        self.show_report(imported.report)
        self.sig_imported.emit(index)

    # ==== export ====

    def export_tokenizer(self, index: int | None = None, fmt: str | None = None, path=None):
        """Write open asset ``index`` as ``fmt``; returns the task or None."""
        if not self.workspace.assets:
            return self._fail(self.tr("Open or import a tokenizer asset first (the Assets tab lists them)."))
        if index is None:
            names = [entry.loaded.name for entry in self.workspace.assets]
            index = 0 if len(names) == 1 else self.dialogs.choose(self.tr("Export tokenizer"), self.tr("Asset:"), names)
            if index is None:
                return None
        loaded = self.workspace.assets[index].loaded
        if fmt is None:
            # Which formats can hold it is asked of the exporters themselves
            # (each writes to a scratch folder: off the GUI thread), so the
            # list offers only what will work and says why the rest cannot.
            def check(progress, should_stop):
                return exportable.export_errors(loaded.asset, loaded.tokenizer, progress, should_stop)
            return self._start(check, lambda errors: self._offer_formats(loaded, path, errors),
                               self.tr("Checking which formats can hold %1…").replace("%1", loaded.name))
        return self._export(loaded, fmt, path)

    def _offer_formats(self, loaded, path, errors):
        """The check finished: offer the formats that can hold the asset,
        naming each refused one with its reason, before any file is chosen."""
        offered = [f for f in formats.FORMATS if errors[f] is None]
        refused = "\n".join(f"• {_tr(FORMAT_NAMES[f])}: {core_text.error(errors[f])}"
                             for f in formats.FORMATS if errors[f] is not None)
        if not offered:
            return self._fail(self.tr("%1 cannot be written in any format:").replace("%1", loaded.name)
                              + "\n" + refused)
        label = self.tr("Format:")
        if refused:
            label += "\n\n" + self.tr("Not offered, because they cannot hold %1:").replace("%1", loaded.name) \
                + "\n" + refused
        chosen = self.dialogs.choose(self.tr("Export tokenizer"), label, [_tr(FORMAT_NAMES[f]) for f in offered])
        if chosen is None:
            return None
        return self._export(loaded, offered[chosen], path)

    def _export(self, loaded, fmt, path, *, forced=()):
        """``forced``: the read-only files the user agreed to replace."""
        if path is None:
            suffix = {"hf": ".json", "tiktoken": ".tiktoken", "spm": ".model", "bert-vocab": "-vocab.txt",
                      "subword-nmt": ".bpe", "minbpe": ".model"}[fmt]
            path = self.dialogs.save_path((loaded.name or "tokenizer") + suffix)
            if path is None:
                return None

        def work(progress, should_stop):
            # The permission is the worker's own: a context variable does not cross threads.
            with replacing_read_only(forced):
                try:
                    return formats.export_asset(loaded.asset, loaded.tokenizer, fmt, path,
                                                inputs=[loaded.path] if loaded.path else [])
                except OutputRefused as exc:
                    if files.read_only_refusal(exc) is None or exc.where in forced:
                        raise
                    return exc  # asked on the GUI thread, then written again

        def written(result):
            if isinstance(result, OutputRefused):
                if self.dialogs.replace_read_only(result.where):
                    self._export(loaded, fmt, path, forced=(*forced, result.where))
                return
            self._exported(result)
        return self._start(work, written, self.tr("Exporting %1…").replace("%1", loaded.name))

    def _exported(self, report):
        self.show_report(report)
        self.sig_exported.emit(report.target)

    # ==== running, reporting ====

    def _start(self, work, done, label):
        if self.task is not None and self.task.is_working():
            return self._fail(self.tr("An import or export is still running."))
        self.task = task = run_task(work, name="interop")
        BusyDialog(task, label, self.widget)
        # Cancelled after the work returned, its result still on its way: dropped.
        task.sig_done.connect(lambda result: None if task.cancelled else done(result))
        task.sig_failed.connect(self._fail)
        return task

    def _fail(self, message):
        self.sig_failed.emit(message)
        self.dialogs.error(message)
        return None

    def show_report(self, report, html_text: str | None = None) -> ReportWindow:
        if self.report_window is not None:
            self.report_window.close()
        self.report_window = ReportWindow(report, self.widget, html_text=html_text)
        self.watch_drops(self.report_window)
        self.report_window.show()
        return self.report_window

    # ==== several files at once (a drop) ====

    def import_files(self, paths):
        """Import each file in one task; one summary of what worked and what
        did not.  A single file is an ordinary import (its questions asked)."""
        paths = list(paths)
        if len(paths) == 1:
            return self.import_tokenizer(paths[0])
        jobs, failed, pattern = [], [], None
        for path in paths:
            fmt = formats.detect_format(path)
            if fmt is None:
                try:  # a directory, FIFO or device is named as the readers name it
                    check_regular(path, what="a tokenizer file", error=StudioError)
                    reason = self.tr("not recognised as a tokenizer file; use File → Import tokenizer… "
                                     "to choose its format")
                except StudioError as exc:
                    reason = core_text.error(exc)
                failed.append((path, reason))
                continue
            if fmt == "tiktoken" and pattern is None:
                names = list(pretokenize.PRETOKENIZERS)
                chosen = self.dialogs.choose(self.tr("Import tokenizer"), self.tr(
                    "Rank files do not record their split pattern. Split %1 and the other rank files with:")
                    .replace("%1", Path(path).name), names)
                if chosen is None:
                    failed.append((path, self.tr("no split pattern chosen")))
                    continue
                pattern = names[chosen]
            jobs.append((path, fmt))

        def work(progress, should_stop):
            results = []
            for number, (path, fmt) in enumerate(jobs):
                if should_stop():
                    break
                progress(number, len(jobs))
                try:
                    imported = formats.import_file(path, fmt, pattern=pattern)
                    results.append((path, imported, identity.from_dict(imported.asset, tokenizer=imported.tokenizer)))
                except StudioError as exc:
                    results.append((path, None, core_text.error(exc)))
            return results
        return self._start(work, lambda results: self._imported_files(results, failed),
                           self.tr("Importing %n file(s)…", "", len(jobs)))

    def _imported_files(self, results, failed):
        done = []
        for path, imported, loaded in results:
            if imported is None:
                failed.append((path, loaded))
                continue
            index = self.workspace.add_loaded(loaded)  # hashed in the worker already
            done.append((path, imported))
            self.sig_imported.emit(index)
        self.show_report(None, summary_html(done, failed))
        self.sig_files_imported.emit(len(done), len(failed))

    # ==== drag and drop, onto any window of this workspace ====

    @staticmethod
    def droppable(urls) -> list[str]:
        """The local files among ``urls`` that look like tokenizer files."""
        paths = [u.toLocalFile() for u in urls if u.isLocalFile()]
        return [p for p in paths if formats.detect_format(p) is not None]

    def watch_drops(self, root: QWidget) -> None:
        """Take tokenizer files dropped anywhere on ``root``: on it and on
        every widget in it that accepts drops itself (a text box would paste
        the path, the corpus editor would read the file as a corpus).  A
        filter per widget, not on the application, so other events never
        call into Python."""
        for widget in [root, *root.findChildren(QWidget)]:
            if widget is root or widget.acceptDrops():
                widget.installEventFilter(self)

    def eventFilter(self, watched, event):
        kind = event.type()
        if kind not in (QEvent.DragEnter, QEvent.DragMove, QEvent.Drop) or not self._owns(watched):
            return False
        urls = event.mimeData().urls()
        if not self.droppable(urls):
            return False
        event.acceptProposedAction()
        if kind == QEvent.Drop:
            self.import_files([u.toLocalFile() for u in urls if u.isLocalFile()])
        return True

    def _owns(self, watched) -> bool:
        # The main window, its dialogs, and the windows holding its views
        # (gui/shell/windows: parentless, but they name the main window their shell).
        widget = watched if isinstance(watched, QWidget) else None
        while widget is not None:
            if widget is self.widget or getattr(widget, "shell", None) is self.widget:
                return True
            widget = widget.parentWidget()
        return False
