"""File → Import tokenizer… / Export tokenizer…, and dropped tokenizer files.

Import reads another library's file (core/formats) off the GUI thread, adds
the asset to the workspace as unsaved (the Assets tab lists it) and shows
the conversion report: what was kept, what could not be represented, what
behaves differently.  Export writes an open asset in a chosen format and
shows its report, or the one-line reason it cannot be represented.

Every question goes through :class:`Dialogs`, which a test replaces; passing
the answer (``import_tokenizer(path, fmt)``) skips it too.  The report is a
non-modal window, so nothing here blocks under tests.
"""

from __future__ import annotations

import html
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject, Signal
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QFileDialog, QInputDialog, QMessageBox, QProgressDialog, QTextBrowser, QVBoxLayout,
)

from core import formats, identity, pretokenize

from .bridge import WorkspaceBridge
from .workers import run_task

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
        text, ok = QInputDialog.getItem(self.parent, title, label, items, 0, False)
        return items.index(text) if ok and text in items else None

    def error(self, message: str) -> None:
        QMessageBox.warning(self.parent, QCoreApplication.translate("Interop", "Subword Studio"), message)


class ReportWindow(QDialog):
    """A conversion report, section by section (non-modal)."""

    def __init__(self, report, parent=None):
        super().__init__(parent)
        self.report = report
        self.setWindowTitle(self.tr("Conversion report"))
        self.text = QTextBrowser()
        self.text.setHtml(report_html(report))
        buttons = QDialogButtonBox(QDialogButtonBox.Close)
        buttons.rejected.connect(self.close)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(buttons)
        self.resize(760, 460)


def report_html(report) -> str:
    arrow = f"{report.source} → {report.target}" if report.target else report.source
    if report.direction == "import":
        head = QCoreApplication.translate("Interop", "Import")
    else:
        head = QCoreApplication.translate("Interop", "Export")
    parts = [f"<h3>{html.escape(head)} ({html.escape(_tr(FORMAT_NAMES.get(report.format, report.format)))})</h3>",
             f"<p>{html.escape(arrow)}" + (f" — {html.escape(report.kind)}" if report.kind else "") + "</p>"]
    if report.summary:
        parts.append("<p>" + html.escape(", ".join(f"{k} {v}" for k, v in report.summary.items())) + "</p>")
    if report.exact:
        verdict = QCoreApplication.translate("Interop", "Exact: every ID and behaviour is kept.")
    else:
        verdict = QCoreApplication.translate("Interop", "Not exact: see below.")
    parts.append(f"<p><b>{html.escape(verdict)}</b></p>")
    for name in ("not_representable", "changed", "kept"):
        findings = getattr(report, name)
        if findings:
            parts.append(f"<h4>{html.escape(_tr(SECTION_TITLES[name]))}</h4><ul>")
            parts += [f"<li><code>{html.escape(f.component)}</code>: {html.escape(f.detail)}</li>" for f in findings]
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

    def __init__(self, bridge: WorkspaceBridge, parent_widget, *, dialogs: Dialogs | None = None):
        super().__init__(parent_widget)
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.widget = parent_widget
        self.dialogs = dialogs or Dialogs(parent_widget)
        self.task = None
        self.report_window: ReportWindow | None = None
        self._progress: QProgressDialog | None = None

    # ==== import ====

    def import_tokenizer(self, path=None, fmt: str | None = None, pattern: str | None = None):
        """Ask what is missing, then import off the GUI thread; returns the task or None."""
        if path is None:
            path = self.dialogs.open_path()
            if path is None:
                return None
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
        index = self.workspace.add_asset(loaded.asset, dirty=True)
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
            chosen = self.dialogs.choose(self.tr("Export tokenizer"), self.tr("Format:"),
                                         [_tr(FORMAT_NAMES[f]) for f in formats.FORMATS])
            if chosen is None:
                return None
            fmt = formats.FORMATS[chosen]
        if path is None:
            suffix = {"hf": ".json", "tiktoken": ".tiktoken", "spm": ".model", "bert-vocab": "-vocab.txt",
                      "subword-nmt": ".bpe", "minbpe": ".model"}[fmt]
            path = self.dialogs.save_path((loaded.name or "tokenizer") + suffix)
            if path is None:
                return None

        def work(progress, should_stop):
            return formats.export_asset(loaded.asset, loaded.tokenizer, fmt, path)
        return self._start(work, self._exported, self.tr("Exporting %1…").replace("%1", loaded.name))

    def _exported(self, report):
        self.show_report(report)
        self.sig_exported.emit(report.target)

    # ==== running, reporting ====

    def _start(self, work, done, label):
        if self.task is not None and self.task.is_running():
            return self._fail(self.tr("An import or export is still running."))
        self.task = task = run_task(work, name="interop")
        progress = QProgressDialog(label, self.tr("Cancel"), 0, 0, self.widget)
        progress.setMinimumDuration(400)  # only a slow file shows it
        progress.canceled.connect(task.cancel)
        self._progress = progress
        task.sig_done.connect(done)
        task.sig_failed.connect(self._fail)
        task.sig_ended.connect(progress.reset)
        return task

    def _fail(self, message):
        self.sig_failed.emit(message)
        self.dialogs.error(message)
        return None

    def show_report(self, report) -> ReportWindow:
        if self.report_window is not None:
            self.report_window.close()
        self.report_window = ReportWindow(report, self.widget)
        self.report_window.show()
        return self.report_window

    # ==== drag and drop ====

    @staticmethod
    def droppable(urls) -> list[str]:
        """The local files among ``urls`` that look like tokenizer files."""
        paths = [u.toLocalFile() for u in urls if u.isLocalFile()]
        return [p for p in paths if formats.detect_format(p) is not None]
