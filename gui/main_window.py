"""The main window: one tab per view, every view over the same workspace.

A view is a QWidget built as ``View(bridge)``; adding a window to the app is
one entry in the ``views`` list below.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox, QTabWidget

from core import workspace_file
from core.errors import StudioError

from .asset_manager import AssetManager
from .bridge import WorkspaceBridge
from .corpus_editor import CorpusEditor
from .compare_view import CompareView
from .encode_panel import EncodePanel
from .interop import Interop
from .pipeline_view import PipelineView
from .timeline import MergeTimeline
from .trace_panel import TracePanel
from .workers import run_task, shutdown

AUTOSAVE_MS = 60_000


class MainWindow(QMainWindow):
    def __init__(self, bridge: WorkspaceBridge, parent=None, *, autosave_dir=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.workspace_path: str | None = None
        self.saved_revision = self.workspace.revision
        self.autosave_dir = autosave_dir  # None: no autosave (tests, --screenshot)
        self._autosave_timer = QTimer(self, interval=AUTOSAVE_MS)

        # Widgets
        self.tabs = QTabWidget()
        views = [
            ("trace", TracePanel, self.tr("Merge trace")),
            ("corpus", CorpusEditor, self.tr("Corpus")),
            ("timeline", MergeTimeline, self.tr("Merge timeline")),
            ("encode", EncodePanel, self.tr("Encode / decode")),
            ("assets", AssetManager, self.tr("Assets")),
            ("compare", CompareView, self.tr("Compare")),
            ("pipeline", PipelineView, self.tr("Pipeline")),
        ]
        self.panels = {}
        for key, view, title in views:
            self.panels[key] = view(bridge)
            self.tabs.addTab(self.panels[key], title)
        self.trace_panel = self.panels["trace"]
        self.interop = Interop(bridge, self)  # File → Import/Export tokenizer, dropped tokenizer files
        self.interop.sig_imported.connect(lambda _index: self.show_panel("assets"))
        self.setAcceptDrops(True)

        # Layout
        self.setCentralWidget(self.tabs)
        self.setWindowTitle(self.tr("Subword Studio"))
        self.resize(1180, 720)
        self._build_menus()
        for signal in (bridge.sig_corpus_changed, bridge.sig_settings_changed, bridge.sig_model_trained):
            signal.connect(self._show_title)
        if autosave_dir is not None:
            # Found now, before this session's own autosaves could replace it.
            self._recovery = workspace_file.pending_recovery(autosave_dir)
            self._autosave_timer.timeout.connect(self.autosave)
            QTimer.singleShot(0, self.offer_recovery)

    def _build_menus(self):
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        for text, key, slot in ((self.tr("&Open workspace…"), QKeySequence.Open, self.open_workspace),
                                (self.tr("&Save workspace"), QKeySequence.Save, self.save_workspace),
                                (self.tr("Save workspace &as…"), QKeySequence.SaveAs, self.save_workspace_as)):
            action = QAction(text, self)
            action.setShortcut(key)
            action.triggered.connect(lambda _=False, slot=slot: slot())
            file_menu.addAction(action)
        file_menu.addSeparator()
        for text, slot in ((self.tr("&Import tokenizer…"), self.interop.import_tokenizer),
                           (self.tr("&Export tokenizer…"), self.interop.export_tokenizer)):
            action = QAction(text, self)
            action.triggered.connect(lambda _=False, slot=slot: slot())
            file_menu.addAction(action)
        file_menu.addSeparator()
        quit_action = QAction(self.tr("&Quit"), self)
        quit_action.setShortcut(QKeySequence.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

    def show_panel(self, key: str):
        self.tabs.setCurrentWidget(self.panels[key])

    def dragEnterEvent(self, event):
        # Views that take drops themselves (the corpus editor) get them first.
        if Interop.droppable(event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event):
        paths = Interop.droppable(event.mimeData().urls())
        if paths:
            event.acceptProposedAction()
            self.interop.import_tokenizer(paths[0])

    # ==== workspace files, autosave and recovery ====

    def _show_title(self, *_):
        name = Path(self.workspace_path).name if self.workspace_path else self.tr("untitled")
        dirty = "*" if self.workspace.revision != self.saved_revision else ""
        self.setWindowTitle(self.tr("%1%2 — Subword Studio").replace("%1", name).replace("%2", dirty))

    def _fail(self, message):
        QMessageBox.warning(self, self.tr("Subword Studio"), message)

    def open_workspace(self, path=None) -> bool:
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("Open workspace"), "",
                                                  self.tr("Subword Studio workspace (*.json);;All files (*)"))
            if not path:
                return False
        try:
            workspace_file.apply(workspace_file.read(path), self.workspace)
        except StudioError as exc:
            self._fail(str(exc))
            return False
        self.workspace_path, self.saved_revision = str(path), self.workspace.revision
        self._show_title()
        return True

    def save_workspace(self) -> bool:
        if self.workspace_path is None:
            return self.save_workspace_as()
        try:
            workspace_file.save(workspace_file.snapshot(self.workspace, source=self.workspace_path),
                                self.workspace_path)
        except StudioError as exc:
            self._fail(str(exc))
            return False
        self.saved_revision = self.workspace.revision
        self._show_title()
        return True

    def save_workspace_as(self, path=None) -> bool:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Save workspace"), "workspace.json",
                                                  self.tr("Subword Studio workspace (*.json)"))
            if not path:
                return False
        self.workspace_path = str(path)
        return self.save_workspace()

    def autosave(self):
        """Write unsaved work to the autosave folder, off the GUI thread."""
        if self.autosave_dir is None or self.workspace.revision == self.saved_revision:
            return
        snap = workspace_file.snapshot(self.workspace, source=self.workspace_path)
        run_task(lambda progress, stop: workspace_file.write_autosave(snap, self.autosave_dir), name="autosave")

    def offer_recovery(self):
        """Offer the autosave a crashed (or unsaved) session left; then start autosaving."""
        found, self._recovery = getattr(self, "_recovery", None), None
        if self.autosave_dir is not None:
            self._autosave_timer.start()
        if found is None:
            return
        answer = QMessageBox.question(
            self, self.tr("Recover unsaved work"),
            self.tr("The last session ended with unsaved work (autosaved in %1). Restore it?").replace("%1", str(found)),
            QMessageBox.Yes | QMessageBox.Discard)
        if answer == QMessageBox.Yes:
            try:
                snap = workspace_file.read(found)
                workspace_file.apply(snap, self.workspace)
            except StudioError as exc:
                self._fail(str(exc))
                return
            self.workspace_path = snap.source
            self._show_title()
        else:
            workspace_file.discard_autosave(self.autosave_dir)

    def closeEvent(self, event):
        shutdown()
        if self.autosave_dir is not None:
            # Unsaved work stays in the autosave, to be offered next time; saved work leaves none.
            if self.workspace.revision != self.saved_revision:
                try:
                    workspace_file.write_autosave(workspace_file.snapshot(
                        self.workspace, source=self.workspace_path), self.autosave_dir)
                except StudioError:
                    pass
            else:
                workspace_file.discard_autosave(self.autosave_dir)
        super().closeEvent(event)
