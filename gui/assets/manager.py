"""Asset manager: a library of tokenizer assets and a side-by-side comparison.

Two selected assets are compared per component, with the findings named
(an ID swap and what it breaks: seed 000 §19.5, exercise 5).  Every dialog
can be bypassed by passing its answer, so tests never block.

Details: docs/notes/gui.md#guiassetsmanagerpy.
"""

from __future__ import annotations

import os

import shiboken6
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QAction, QFont, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout,
    QHeaderView, QInputDialog, QLabel, QLineEdit, QMenu, QMessageBox, QPushButton, QSpinBox, QSplitter,
    QTableView, QTextBrowser, QVBoxLayout, QWidget,
)

from core.inspect import asset_diff
from core.assets import identity
from core.workspace import workspace as workspace_mod
from core.errors import StudioError

from ..encode import chooser as encode_chooser
from ..shell import core_text, files, theme, zoom
from ..shell.bridge import WorkspaceBridge
from ..shell.workers import BusyDialog, run_task
from ..widgets.flow_layout import FlowLayout
from . import findings, trained as trained_assets
from .models import AssetLibraryModel, BehaviourModel, ComponentModel, FolderScan, LibraryRow

FILE_FILTER = QT_TRANSLATE_NOOP("AssetManager", "Tokenizer assets (*.json);;All files (*)")


def _table(model, stretch: int, *, multi=False) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setSelectionMode(QAbstractItemView.ExtendedSelection if multi else QAbstractItemView.SingleSelection)
    view.setEditTriggers(QAbstractItemView.NoEditTriggers)
    view.setWordWrap(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeToContents)
    header.setResizeContentsPrecision(0)  # the rows on screen, not 1,000 through the Python delegate
    header.setSectionResizeMode(stretch, QHeaderView.Stretch)
    view.verticalHeader().setVisible(False)
    zoom.table_follows_font(view)
    return view


class SwapDialog(QDialog):
    """Ask which two IDs the deliberately broken copy should swap."""

    def __init__(self, size: int, first: int, second: int, parent=None):
        super().__init__(parent)
        self.setWindowTitle(self.tr("Make a deliberately broken copy"))
        self.first, self.second = QSpinBox(), QSpinBox()
        for box, value in ((self.first, first), (self.second, second)):
            box.setRange(0, size - 1)
            box.setValue(value)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        note = QLabel(self.tr("The copy keeps its size and merges, so every shape check still passes; "
                              "only what the two IDs mean changes."))
        note.setWordWrap(True)
        form.addRow(note)
        form.addRow(self.tr("First ID:"), self.first)
        form.addRow(self.tr("Second ID:"), self.second)
        form.addRow(buttons)


def default_swap(loaded: identity.LoadedAsset) -> tuple[int, int]:
    """Exercise 5's 268 and 270 when they exist, else the last two learned IDs."""
    size = loaded.identity.id_end
    if loaded.family == "byte-level-bpe" and size > 270:
        return 268, 270
    return max(0, size - 3), max(1, size - 1)


class AssetManager(QWidget):
    def __init__(self, bridge: WorkspaceBridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.folder: str | None = None
        self.folder_rows: list[LibraryRow] = []  # the last scan: a cache of the disk, not state
        self.scan: FolderScan | None = None
        self.library_model = AssetLibraryModel(self)
        self.component_model = ComponentModel(self)
        self.behaviour_model = BehaviourModel(self)
        self.diff: asset_diff.StructuralDiff | None = None
        self.task = None  # the action running in a worker, one at a time
        self.compare_task = None
        self.compare_wanted = (None, None)  # the latest pair asked for wins

        # Widgets
        self.folder_label = QLabel(self.tr("No folder chosen"))
        self.folder_button = QPushButton(self.tr("Folder…"))
        self.rescan_button = QPushButton(self.tr("Rescan"))
        self.cancel_button = QPushButton(self.tr("Stop scan"))
        self.cancel_button.hide()
        self.open_button = QPushButton(self.tr("Open…"))
        self.model_button = QPushButton(self.tr("Add trained model"))
        self.model_button.setToolTip(self.tr("Add a model trained in the merge timeline (char BPE, byte-level BPE, "
                                             "WordPiece or Unigram) as an asset, with its training data; "
                                             "File → Export tokenizer writes it for other libraries."))
        self.model_menu = QMenu(self.model_button)
        self.model_button.setMenu(self.model_menu)  # one entry per trained model, listed when it opens
        self.save_button = QPushButton(self.tr("Save"))
        self.save_as_button = QPushButton(self.tr("Save as…"))
        self.duplicate_button = QPushButton(self.tr("Duplicate"))
        self.rename_button = QPushButton(self.tr("Rename…"))
        self.broken_button = QPushButton(self.tr("Make broken copy…"))
        self.broken_button.setToolTip(self.tr("Swap two IDs: same shapes, other meaning (Chapter 19, exercise 5)"))
        self.close_button = QPushButton(self.tr("Close"))
        self.encode_button = QPushButton(self.tr("Use for encoding"))
        self.encode_button.setToolTip(self.tr("Encode and decode with this tokenizer in the Encode / decode tab"))
        self.library_view = _table(self.library_model, stretch=0, multi=True)
        self.library_view.setContextMenuPolicy(Qt.CustomContextMenu)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.hint_label = QLabel(self.tr("Select two assets (Ctrl+click) to compare them."))
        self.a_title, self.b_title = QLabel(), QLabel()
        self.a_hash, self.b_hash = QLineEdit(), QLineEdit()
        self.a_hash.setAccessibleName(self.tr("First asset's identity"))
        self.b_hash.setAccessibleName(self.tr("Second asset's identity"))
        for field in (self.a_hash, self.b_hash):
            field.setReadOnly(True)
            field.setFont(QFont("monospace"))
        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)
        self.component_view = _table(self.component_model, stretch=0)
        self.findings_view = QTextBrowser()
        self.findings_view.setAccessibleName(self.tr("What differs between the two assets"))
        self.behaviour_view = _table(self.behaviour_model, stretch=4)
        for column, width in ((0, 200), (2, 300), (3, 300)):
            # Fixed starting widths: one long probe must not push the rest off screen.
            self.behaviour_view.horizontalHeader().setSectionResizeMode(column, QHeaderView.Interactive)
            self.behaviour_view.setColumnWidth(column, width)
        self.compare_box = QGroupBox(self.tr("Comparison"))

        # Layout
        top = QHBoxLayout()
        for widget in (self.folder_button, self.rescan_button, self.cancel_button, self.folder_label):
            top.addWidget(widget)
        top.addStretch(1)
        actions = FlowLayout()  # two lines at a projector's zoom
        for widget in (self.open_button, self.model_button, self.save_button, self.save_as_button,
                       self.duplicate_button, self.rename_button, self.broken_button, self.close_button,
                       self.encode_button):
            actions.addWidget(widget)
        actions.addStretch(1)
        heads = QFormLayout()
        heads.addRow(self.a_title, self.a_hash)
        heads.addRow(self.b_title, self.b_hash)
        structure = QSplitter()
        structure.addWidget(self.component_view)
        structure.addWidget(self.findings_view)
        structure.setSizes([560, 640])
        self.parts = parts = QSplitter(Qt.Vertical)
        parts.addWidget(structure)
        parts.addWidget(self.behaviour_view)
        parts.setSizes([300, 260])
        box_layout = QVBoxLayout(self.compare_box)
        box_layout.addWidget(self.hint_label)
        box_layout.addLayout(heads)
        box_layout.addWidget(self.verdict_label)
        box_layout.addWidget(parts, 1)
        library = QWidget()
        library_layout = QVBoxLayout(library)
        library_layout.setContentsMargins(0, 0, 0, 0)
        library_layout.addLayout(top)
        library_layout.addLayout(actions)
        library_layout.addWidget(self.library_view, 1)
        library_layout.addWidget(self.status_label)
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(library)
        splitter.addWidget(self.compare_box)
        splitter.setSizes([340, 520])  # the library shows about ten rows at 1280×800
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        # Signals
        self.folder_button.clicked.connect(lambda: self.choose_folder())
        self.rescan_button.clicked.connect(self.rescan)
        self.cancel_button.clicked.connect(self.stop_scan)
        self.open_button.clicked.connect(lambda: self.open_files())
        self.model_menu.aboutToShow.connect(self._fill_model_menu)
        self.save_button.clicked.connect(lambda: self.save_selected())
        self.save_as_button.clicked.connect(lambda: self.save_as())
        self.duplicate_button.clicked.connect(self.duplicate_selected)
        self.rename_button.clicked.connect(lambda: self.rename_selected())
        self.broken_button.clicked.connect(lambda: self.broken_copy())
        self.close_button.clicked.connect(lambda: self.close_selected())
        self.encode_button.clicked.connect(self.use_for_encoding)
        self.library_view.selectionModel().selectionChanged.connect(self._selection_changed)
        self.library_view.doubleClicked.connect(lambda index: self._workspace_index(index.row()))
        self.library_view.customContextMenuRequested.connect(self._context_menu)
        bridge.sig_assets_changed.connect(self._refresh)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop_scan)
        self._refresh()

    # ==== library ====

    def rows(self) -> list[LibraryRow]:
        return self.library_model.rows

    def _refresh(self):
        open_rows = [LibraryRow("open", i, entry.loaded, entry.loaded.path, dirty=entry.dirty)
                     for i, entry in enumerate(self.workspace.assets)]
        open_paths = {os.path.abspath(r.path) for r in open_rows if r.path}
        folder = [r for r in self.folder_rows if os.path.abspath(r.path) not in open_paths]
        self.library_model.set_rows(open_rows + folder)
        self._selection_changed()

    def choose_folder(self, path=None):
        if path is None:
            path = QFileDialog.getExistingDirectory(self, self.tr("Asset folder"), self.folder or "",
                                                    QFileDialog.ShowDirsOnly | QFileDialog.DontUseNativeDialog)
            if not path:
                return
        self.folder = str(path)
        self.folder_label.setText(self.folder)
        self.rescan()

    def rescan(self):
        if self.folder is None:
            return self._report(self.tr("Choose a folder first."), error=True)
        self.stop_scan()
        self.folder_rows = []
        self._refresh()
        self.scan = FolderScan(self.folder, self)
        self.scan.sig_row_scanned.connect(self._row_scanned)
        self.scan.sig_progress_changed.connect(lambda done, total: self._report(
            self.tr("Scanned %1 of %n file(s)", "", total).replace("%1", str(done))))
        self.scan.finished.connect(self._scan_finished)
        self.cancel_button.show()
        self.scan.start()

    def stop_scan(self):
        if self.scan is not None and self.scan.isRunning():
            self.scan.requestInterruption()
            self.scan.wait()

    def _row_scanned(self, row):
        self.folder_rows.append(row)
        # Show the first file at once, then refresh in batches: a reset per
        # file would make a large folder quadratic.
        if len(self.folder_rows) % 25 == 1:
            self._refresh()

    def _scan_finished(self):
        self.cancel_button.hide()
        self._refresh()
        bad = sum(1 for r in self.folder_rows if r.error)
        text = self.tr("%n asset(s) in the folder", "", len(self.folder_rows) - bad)
        if bad:
            text += self.tr("; %n file(s) could not be read (hover for why)", "", bad)
        self._report(text, error=bool(bad))

    def _report(self, text, *, error=False):
        self.status_label.setStyleSheet(f"color: {theme.tone('error')};" if error else "")
        self.status_label.setText(text)

    def _selected(self) -> list[int]:
        return sorted(index.row() for index in self.library_view.selectionModel().selectedRows())

    def select_rows(self, rows):
        selection = self.library_view.selectionModel()
        selection.clearSelection()
        for row in rows:
            selection.select(self.library_model.index(row, 0),
                             selection.SelectionFlag.Select | selection.SelectionFlag.Rows)

    def _workspace_index(self, row: int) -> int | None:
        """The workspace index of a library row, opening a folder file if need be."""
        entry = self.rows()[row]
        if entry.source == "open":
            return entry.index
        if entry.loaded is None:
            self._report(entry.error or "", error=True)
            return None
        return self.workspace.open_loaded(entry.loaded)  # the scan read and hashed it already

    def _current(self) -> int | None:
        rows = self._selected()
        if not rows:
            self._report(self.tr("Select an asset first."), error=True)
            return None
        return self._workspace_index(rows[0])

    def idle(self) -> bool:
        """No action and no comparison is running."""
        return self.task is None and self.compare_task is None

    def _start(self, compute, apply, *, select=None, done=None):
        """Run ``compute()`` in a worker, then ``index = apply(result)`` here;
        on success ``select(index)`` rows are selected and ``done`` is
        reported, and a StudioError from either is shown, not raised."""
        if self.task is not None:
            self._report(self.tr("Still working on the last action…"), error=True)
            return None
        self._report(self.tr("Working…"))
        self.task = task = run_task(lambda progress, should_stop: compute(), name="asset action")
        # The result reaches the workspace even if this view was freed
        # meanwhile (a language switch rebuilds every view): apply() touches
        # the workspace only, and the view is updated if it still exists.
        # A task cancelled after its work returned is dropped all the same.
        task.sig_done.connect(lambda result: self._cancelled() if task.cancelled else
                              self._finish(_applied(apply, result), select, done))
        task.sig_failed.connect(self._action_failed)
        task.sig_cancelled.connect(self._cancelled)
        self._selection_changed()
        return self.task

    def _finish(self, index, select, done):
        if not shiboken6.isValid(self):
            return
        self.task = None
        if isinstance(index, StudioError):
            self._report(core_text.error(index), error=True)
        else:
            self._report(done or "")
            if select is not None:
                self.select_rows(select(index))
        self._selection_changed()

    def _cancelled(self):
        self._action_failed()
        if shiboken6.isValid(self):
            self._report(self.tr("Cancelled; the workspace is unchanged."))

    def _action_failed(self, message=""):
        if not shiboken6.isValid(self):
            return
        self.task = None
        self._report(message, error=bool(message))
        self._selection_changed()

    # ==== actions (pass the answer to skip the dialog) ====

    def open_files(self, paths=None):
        if paths is None:
            paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Open tokenizer assets"), self.folder or "",
                                                    self.tr(FILE_FILTER), options=QFileDialog.DontUseNativeDialog)
        if not paths:
            return None
        workspace, more = self.workspace, self.tr(" (and %n more)", "", len(paths) - 1)

        def opened(results):
            indexes = [workspace.open_loaded(loaded) for loaded, _ in results if loaded is not None]
            errors = [error for loaded, error in results if loaded is None]
            if errors:
                raise StudioError(errors[0] + (more if len(errors) > 1 else ""))
            return indexes
        task = self._start(lambda: [_read(p) for p in paths], opened, select=lambda indexes: indexes[-2:],
                           done=self.tr("Opened %n asset(s)", "", len(paths)))
        if task is not None:
            BusyDialog(task, self.tr("Reading %n asset file(s)…", "", len(paths)), self)
        return task

    def _fill_model_menu(self):
        self.model_menu.clear()
        kinds = self.workspace.trained_kinds()
        for kind in kinds:
            action = self.model_menu.addAction(trained_assets.label(self.workspace, kind))
            action.triggered.connect(lambda _=False, k=kind: self.add_trained_model(k))
        if not kinds:
            self.model_menu.addAction(self.tr("Nothing trained yet: train in the Merge timeline")).setEnabled(False)

    def add_trained_model(self, kind: str | None = None):
        """Add the trained model of ``kind`` (None: the one trained last) as an
        unsaved asset with its training data; returns the task, or None."""
        kind = kind or self.workspace.last_trained or next(iter(self.workspace.trained_kinds()), None)
        if kind is None:
            return self._report(self.tr("Nothing trained yet: train in the Merge timeline"), error=True)
        try:
            build = trained_assets.builder(self.workspace, kind)
        except StudioError as exc:
            return self._report(core_text.error(exc), error=True)
        return self._start(build, self.workspace.add_loaded, select=lambda i: [i],
                           done=self.tr("Added %1: File → Export tokenizer writes it for other libraries.").replace(
                               "%1", trained_assets.asset_name(self.workspace, kind)))

    def use_for_encoding(self):
        """Select this asset (any kind) in the encode/decode panel's tokenizer selector."""
        index = self._current()
        if index is None:
            return
        encode_chooser.choose(self.workspace, self.workspace.asset_key(index))
        self._report(self.tr("The encode/decode panel now uses %1").replace(
            "%1", self.workspace.assets[index].loaded.name))

    def save_selected(self, path=None):
        index = self._current()
        if index is None:
            return
        if path is None and self.workspace.assets[index].loaded.path is None:
            return self.save_as(path)
        try:  # writing is quick; the identity is already known
            if not files.save(self, lambda: self.workspace.save_asset(index, path)):
                return self._report(self.tr("Not saved."))
        except StudioError as exc:
            return self._report(core_text.error(exc), error=True)
        self.select_rows([index])
        self._report(self.tr("Saved %1").replace("%1", str(self.workspace.assets[index].loaded.path)))

    def save_as(self, path=None):
        index = self._current()
        if index is None:
            return
        if path is None:
            loaded = self.workspace.assets[index].loaded
            start = loaded.path or os.path.join(self.folder or "", (loaded.name or "tokenizer") + ".json")
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Save tokenizer asset"), start,
                                                  self.tr(FILE_FILTER), options=QFileDialog.DontUseNativeDialog)
            if not path:
                return
        self.save_selected(path)

    def duplicate_selected(self):
        index = self._current()
        if index is None:
            return
        loaded = self.workspace.assets[index].loaded
        name = self.tr("%1 (copy)").replace("%1", loaded.name)
        return self._start(lambda: workspace_mod.copied(loaded, name), self.workspace.add_loaded,
                           select=lambda i: [index, i])

    def rename_selected(self, name=None):
        index = self._current()
        if index is None:
            return
        loaded = self.workspace.assets[index].loaded
        if name is None:
            name, ok = QInputDialog.getText(self, self.tr("Rename asset"), self.tr("Name:"), text=loaded.name)
            if not ok:
                return

        workspace, changed = self.workspace, self.tr("The asset changed while it was being renamed; rename it again.")

        def apply(renamed):
            if index >= len(workspace.assets) or workspace.assets[index].loaded is not loaded:
                raise StudioError(changed)
            return workspace.replace_loaded(index, renamed)
        return self._start(lambda: workspace_mod.renamed(loaded, name), apply, select=lambda _: [index],
                           done=self.tr("Renamed: the identity did not change, names are metadata."))

    def broken_copy(self, ids=None):
        """Seed 000, exercise 5: swap two IDs in a copy and compare it with the original."""
        index = self._current()
        if index is None:
            return
        loaded = self.workspace.assets[index].loaded
        if ids is None:
            dialog = SwapDialog(loaded.identity.id_end, *default_swap(loaded), parent=self)
            if dialog.exec() != QDialog.Accepted:
                return
            ids = (dialog.first.value(), dialog.second.value())
        first, second = ids
        name = self.broken_name(loaded, first, second)
        return self._start(lambda: workspace_mod.broken_copy(loaded, first, second, name=name),
                           self.workspace.add_loaded, select=lambda i: [index, i])

    def broken_name(self, loaded, first: int, second: int) -> str:
        return self.tr("%1 (IDs %2↔%3 swapped)").replace("%1", loaded.name).replace(
            "%2", str(first)).replace("%3", str(second))

    def close_selected(self, confirm=None):
        index = self._current()
        if index is None:
            return
        entry = self.workspace.assets[index]
        if entry.dirty:
            if confirm is None:
                answer = QMessageBox.question(self, self.tr("Close asset"), self.tr(
                    "%1 has unsaved changes. Close it anyway?").replace("%1", entry.loaded.name))
                confirm = answer == QMessageBox.Yes
            if not confirm:
                return
        self.workspace.close_asset(index)

    def copy_identity(self, row: int, which: str = "interface") -> str:
        loaded = self.rows()[row].loaded
        if loaded is None:
            return ""
        text = loaded.identity.interface_sha256 if which == "interface" else loaded.identity.full_sha256
        QGuiApplication.clipboard().setText(text)
        return text

    def _context_menu(self, position):
        index = self.library_view.indexAt(position)
        if not index.isValid() or self.rows()[index.row()].loaded is None:
            return
        menu = QMenu(self)
        for which, label in (("interface", self.tr("Copy interface identity")),
                             ("full", self.tr("Copy full identity"))):
            action = QAction(label, menu)
            action.triggered.connect(lambda _=False, w=which: self.copy_identity(index.row(), w))
            menu.addAction(action)
        menu.exec(self.library_view.viewport().mapToGlobal(position))

    # ==== comparison ====

    def _selection_changed(self, *_):
        rows = self._selected()
        free = self.task is None
        for button in (self.open_button, self.model_button):
            button.setEnabled(free)
        for button in (self.save_button, self.save_as_button, self.duplicate_button, self.rename_button,
                       self.broken_button, self.close_button, self.encode_button):
            button.setEnabled(free and bool(rows))
        pair = [self.rows()[r] for r in rows]
        if len(pair) == 2 and all(r.loaded is not None for r in pair):
            self.compare(pair[0].loaded, pair[1].loaded)
        else:
            self.compare(None, None)

    def compare(self, a, b):
        """Show A against B; the diff and the probe encodings run in a worker."""
        wanted = self.compare_wanted
        if a is not None and wanted[0] is a and wanted[1] is b and (self.diff is not None or self.compare_task):
            return  # already shown or on its way
        self.compare_wanted = (a, b)
        self.hint_label.setVisible(a is None)
        for widget in (self.a_title, self.b_title, self.a_hash, self.b_hash, self.verdict_label, self.parts):
            widget.setVisible(a is not None)
        self.diff = None
        self.component_model.set_rows([])
        self.behaviour_model.set_rows([])
        self.findings_view.clear()
        if a is None:
            return
        for title, field, side, loaded in ((self.a_title, self.a_hash, "A", a), (self.b_title, self.b_hash, "B", b)):
            title.setText(self.tr("%1: %2 (%3, vocab %4) interface").replace("%1", side).replace(
                "%2", loaded.name).replace("%3", core_text.family(loaded)).replace("%4", str(loaded.identity.vocab_size)))
            field.setText(loaded.identity.interface_sha256)
        self.verdict_label.setText(self.tr("Comparing…"))
        if self.compare_task is None:
            self._start_compare(a, b)

    def _start_compare(self, a, b):
        self.compare_task = run_task(lambda progress, should_stop: (a, b, comparison(a, b)), name="compare assets")
        self.compare_task.sig_done.connect(self._compared)
        self.compare_task.sig_failed.connect(self._compare_failed)
        self.compare_task.sig_cancelled.connect(self._compare_failed)

    def _compare_failed(self, message=""):
        self.compare_task = None
        self.verdict_label.setText(message)

    def _compared(self, result):
        self.compare_task = None
        a, b, (diff, behaviour) = result
        wanted_a, wanted_b = self.compare_wanted
        if wanted_a is not a or wanted_b is not b:
            if wanted_a is not None:
                self._start_compare(wanted_a, wanted_b)
            return
        self.diff = diff
        self.behaviour_model.set_rows(behaviour)
        self.component_model.set_rows(diff.components)
        self.verdict_label.setText(findings.verdict(diff))
        self.findings_view.setHtml(findings.findings_html(diff))


def _applied(apply, result):
    """``apply(result)``, or the StudioError it raised (shown, not raised, in the view)."""
    try:
        return apply(result)
    except StudioError as exc:
        return exc


def _read(path):
    """``(loaded, None)`` or ``(None, the reason)`` for one asset file."""
    try:
        return identity.load(path), None
    except StudioError as exc:
        return None, core_text.error(exc)


def comparison(a, b):
    """The structural diff of two assets and how the probe strings encode under each."""
    diff = asset_diff.compare(a.identity, b.identity)
    probes = asset_diff.probe_texts() + asset_diff.spelled_probes(diff, a.identity)
    return diff, asset_diff.behaviour(a.tokenizer, b.tokenizer, probes)
