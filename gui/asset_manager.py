"""Asset manager: a library of tokenizer assets and a side-by-side comparison.

The library lists the assets open in the workspace, then the other asset
files of a chosen folder (scanned on a worker thread, cancellable).  Select
two rows to compare them per component, with the findings named and, for an
ID swap, what it breaks (seed 000 §19.5, exercise 5); the probe table shows
which strings encode differently and what A's IDs read as under B.

Every dialog can be bypassed by passing its answer (``open_files(paths)``,
``save_as(path)``, ``rename_selected(name)``, ``broken_copy(ids)``...), so
tests never block on a modal window; file dialogs are Qt's own, never the
platform's, so they behave the same under the offscreen platform.
"""

from __future__ import annotations

import datetime
import html
import os
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, Qt, QThread, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QFileDialog, QFormLayout, QGroupBox, QHBoxLayout,
    QHeaderView, QInputDialog, QLabel, QLineEdit, QMenu, QMessageBox, QPushButton, QSpinBox, QSplitter,
    QTableView, QTextBrowser, QVBoxLayout, QWidget,
)

from core import asset_diff, identity
from core.errors import StudioError

from .bridge import WorkspaceBridge

SAME_BRUSH = QBrush(QColor("#dcefdc"))
DIFF_BRUSH = QBrush(QColor("#f9d6d5"))
ERROR_BRUSH = QBrush(QColor("#b00020"))
FILE_FILTER = QT_TRANSLATE_NOOP("AssetManager", "Tokenizer assets (*.json);;All files (*)")


def _tr(context, text):
    return QCoreApplication.translate(context, text)


def _date(text: str, mtime: float | None = None) -> str:
    try:
        return datetime.datetime.fromisoformat(text).strftime("%Y-%m-%d %H:%M")
    except (TypeError, ValueError):
        if mtime is None:
            return ""
        return datetime.datetime.fromtimestamp(mtime).strftime("%Y-%m-%d %H:%M")


@dataclass(frozen=True)
class LibraryRow:
    source: str  # "open" (index into workspace.assets) or "folder"
    index: int | None
    loaded: identity.LoadedAsset | None
    path: str | None
    error: str | None = None
    dirty: bool = False
    mtime: float | None = None


def _table(model, stretch: int, *, multi=False) -> QTableView:
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setSelectionMode(QAbstractItemView.ExtendedSelection if multi else QAbstractItemView.SingleSelection)
    view.setEditTriggers(QAbstractItemView.NoEditTriggers)
    view.setWordWrap(False)
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeToContents)
    header.setSectionResizeMode(stretch, QHeaderView.Stretch)
    view.verticalHeader().setVisible(False)
    view.verticalHeader().setDefaultSectionSize(view.fontMetrics().height() + 8)
    return view


class _Model(QAbstractTableModel):
    context = "AssetManager"
    headers: tuple[str, ...] = ()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: list = []

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return _tr(self.context, self.headers[section])
        return None

    def set_rows(self, rows):
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()


class AssetLibraryModel(_Model):
    context = "AssetLibraryModel"
    headers = (
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Name"), QT_TRANSLATE_NOOP("AssetLibraryModel", "Where"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Kind"), QT_TRANSLATE_NOOP("AssetLibraryModel", "Vocab"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Merges"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Interface identity"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Full identity"), QT_TRANSLATE_NOOP("AssetLibraryModel", "Date"))

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        row: LibraryRow = self.rows[index.row()]
        column, loaded = index.column(), row.loaded
        if role == Qt.DisplayRole:
            if column == 0:
                name = loaded.name if loaded else Path(row.path).name
                return name + (" *" if row.dirty else "")
            if column == 1:
                where = Path(row.path).name if row.path else QCoreApplication.translate("AssetLibraryModel", "unsaved")
                return where if row.source == "folder" else QCoreApplication.translate("AssetLibraryModel", "open: %1").replace("%1", where)
            if loaded is None:
                return QCoreApplication.translate("AssetLibraryModel", "cannot load") if column == 2 else ""
            ident = loaded.identity
            return (None, None, loaded.kind, str(ident.vocab_size), str(ident.merges),
                    identity.short(ident.interface_sha256), identity.short(ident.full_sha256),
                    _date(loaded.created, row.mtime))[column]
        if role == Qt.ToolTipRole:
            if row.error:
                return row.error
            if loaded and column == 5:
                return loaded.identity.interface_sha256
            if loaded and column == 6:
                return loaded.identity.full_sha256
            return row.path
        if role == Qt.FontRole and column in (5, 6):
            return QFont("monospace")
        if role == Qt.ForegroundRole and row.error:
            return ERROR_BRUSH
        return None


class ComponentModel(_Model):
    context = "ComponentModel"
    headers = (QT_TRANSLATE_NOOP("ComponentModel", "Component"), QT_TRANSLATE_NOOP("ComponentModel", "A"),
               QT_TRANSLATE_NOOP("ComponentModel", "B"), QT_TRANSLATE_NOOP("ComponentModel", "Status"))
    names = {
        "symbols": QT_TRANSLATE_NOOP("ComponentModel", "Initial symbols and IDs"),
        "vocab": QT_TRANSLATE_NOOP("ComponentModel", "Vocabulary (ID → token)"),
        "merges": QT_TRANSLATE_NOOP("ComponentModel", "Merges / segmentation rule"),
        "specials": QT_TRANSLATE_NOOP("ComponentModel", "Special tokens and IDs"),
        "normalizer": QT_TRANSLATE_NOOP("ComponentModel", "Normalizer"),
        "pre_tokenizer": QT_TRANSLATE_NOOP("ComponentModel", "Pre-tokenizer"),
        "boundary": QT_TRANSLATE_NOOP("ComponentModel", "Boundary rule"),
        "counts": QT_TRANSLATE_NOOP("ComponentModel", "Merge counts (provenance)"),
        "trainer": QT_TRANSLATE_NOOP("ComponentModel", "Trainer (provenance)"),
        "training_data": QT_TRANSLATE_NOOP("ComponentModel", "Training data (provenance)"),
    }

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        row: asset_diff.ComponentDiff = self.rows[index.row()]
        column = index.column()
        if role == Qt.DisplayRole:
            status = (QCoreApplication.translate("ComponentModel", "same") if row.same
                      else QCoreApplication.translate("ComponentModel", "different"))
            return (_tr(self.context, self.names[row.name]), identity.short(row.a), identity.short(row.b),
                    status)[column]
        if role == Qt.ToolTipRole and column in (1, 2):
            return (row.a, row.b)[column - 1]
        if role == Qt.BackgroundRole:
            return SAME_BRUSH if row.same else DIFF_BRUSH
        if role == Qt.FontRole and column in (1, 2):
            return QFont("monospace")
        return None


class BehaviourModel(_Model):
    context = "BehaviourModel"
    headers = (QT_TRANSLATE_NOOP("BehaviourModel", "Probe"), QT_TRANSLATE_NOOP("BehaviourModel", "How"),
               QT_TRANSLATE_NOOP("BehaviourModel", "IDs in A"), QT_TRANSLATE_NOOP("BehaviourModel", "IDs in B"),
               QT_TRANSLATE_NOOP("BehaviourModel", "A's IDs read by B"))
    hows = {"same": QT_TRANSLATE_NOOP("BehaviourModel", "same"),
            "renumbered": QT_TRANSLATE_NOOP("BehaviourModel", "same pieces, other IDs"),
            "resegmented": QT_TRANSLATE_NOOP("BehaviourModel", "other pieces"),
            "failed": QT_TRANSLATE_NOOP("BehaviourModel", "fails in one")}

    def set_rows(self, rows):
        # Differences first: they are what the table is for.
        super().set_rows(sorted(rows, key=lambda r: r.how == "same"))

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        row: asset_diff.ProbeRow = self.rows[index.row()]
        column = index.column()
        if role == Qt.DisplayRole:
            changed = {position for position, _, _ in row.changed}

            def ids(encoded):
                # «» marks the IDs that differ, so colour is not the only cue.
                if encoded.error:
                    return encoded.error
                return " ".join(f"«{i}»" if p in changed else str(i) for p, i in enumerate(encoded.ids))
            read = "" if row.a_ids_read_by_b is None else row.a_ids_read_by_b
            return (row.text, _tr(self.context, self.hows[row.how]), ids(row.a), ids(row.b), read)[column]
        if role == Qt.ToolTipRole:
            if column in (2, 3):
                encoded = (row.a, row.b)[column - 2]
                return encoded.error or " | ".join(encoded.pieces)
            return (row.text, None, None, None, row.a_ids_read_by_b)[column]
        if role == Qt.BackgroundRole and row.how != "same":
            return DIFF_BRUSH
        return None


class FolderScan(QThread):
    """Reads and identifies every ``*.json`` in a folder off the GUI thread."""

    sig_row_scanned = Signal(object)
    """One file was read (argument: a LibraryRow, with its error if it failed)."""
    sig_progress_changed = Signal(int, int)
    """Files done, files in all."""

    def __init__(self, folder: str, parent=None):
        super().__init__(parent)
        self.folder = folder

    def run(self):
        try:
            paths = sorted(p for p in Path(self.folder).iterdir() if p.suffix.lower() == ".json" and p.is_file())
        except OSError as exc:
            self.sig_row_scanned.emit(LibraryRow("folder", None, None, self.folder, exc.strerror or str(exc)))
            return
        for done, path in enumerate(paths, start=1):
            if self.isInterruptionRequested():
                return
            try:
                mtime = path.stat().st_mtime
                row = LibraryRow("folder", None, identity.load(path), str(path), mtime=mtime)
            except (StudioError, OSError) as exc:
                row = LibraryRow("folder", None, None, str(path), str(exc))
            self.sig_row_scanned.emit(row)
            self.sig_progress_changed.emit(done, len(paths))


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
    size = loaded.identity.vocab_size
    if loaded.kind == "byte-bpe" and size > 270:
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

        # Widgets
        self.folder_label = QLabel(self.tr("No folder chosen"))
        self.folder_button = QPushButton(self.tr("Folder…"))
        self.rescan_button = QPushButton(self.tr("Rescan"))
        self.cancel_button = QPushButton(self.tr("Stop scan"))
        self.cancel_button.hide()
        self.open_button = QPushButton(self.tr("Open…"))
        self.model_button = QPushButton(self.tr("Add trained model"))
        self.save_button = QPushButton(self.tr("Save"))
        self.save_as_button = QPushButton(self.tr("Save as…"))
        self.duplicate_button = QPushButton(self.tr("Duplicate"))
        self.rename_button = QPushButton(self.tr("Rename…"))
        self.broken_button = QPushButton(self.tr("Make broken copy…"))
        self.broken_button.setToolTip(self.tr("Swap two IDs: same shapes, other meaning (seed 000, exercise 5)"))
        self.close_button = QPushButton(self.tr("Close"))
        self.encode_button = QPushButton(self.tr("Use for encoding"))
        self.encode_button.setToolTip(self.tr("Encode and decode with this byte-level asset"))
        self.library_view = _table(self.library_model, stretch=0, multi=True)
        self.library_view.setContextMenuPolicy(Qt.CustomContextMenu)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.status_label.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.hint_label = QLabel(self.tr("Select two assets (Ctrl+click) to compare them."))
        self.a_title, self.b_title = QLabel(), QLabel()
        self.a_hash, self.b_hash = QLineEdit(), QLineEdit()
        for field in (self.a_hash, self.b_hash):
            field.setReadOnly(True)
            field.setFont(QFont("monospace"))
        self.verdict_label = QLabel()
        self.verdict_label.setWordWrap(True)
        self.component_view = _table(self.component_model, stretch=0)
        self.findings_view = QTextBrowser()
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
        actions = QHBoxLayout()
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
        splitter.setSizes([200, 660])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        # Signals
        self.folder_button.clicked.connect(lambda: self.choose_folder())
        self.rescan_button.clicked.connect(self.rescan)
        self.cancel_button.clicked.connect(self.stop_scan)
        self.open_button.clicked.connect(lambda: self.open_files())
        self.model_button.clicked.connect(self.add_trained_model)
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
            self.tr("Scanned %1 of %2 files").replace("%1", str(done)).replace("%2", str(total))))
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
        text = self.tr("%1 assets in the folder").replace("%1", str(len(self.folder_rows) - bad))
        if bad:
            text += self.tr("; %1 files could not be read (hover for why)").replace("%1", str(bad))
        self._report(text, error=bool(bad))

    def _report(self, text, *, error=False):
        self.status_label.setStyleSheet("color: #b00020;" if error else "")
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
        try:
            return self.workspace.open_asset_file(entry.path)
        except StudioError as exc:
            self._report(str(exc), error=True)
            return None

    def _current(self) -> int | None:
        rows = self._selected()
        if not rows:
            self._report(self.tr("Select an asset first."), error=True)
            return None
        return self._workspace_index(rows[0])

    def _run(self, action, *args, select=None, done=None):
        """Call a workspace mutator; show its error instead of raising.

        Returns ``(ok, result)``; on success ``select(result)`` rows are
        selected and ``done`` is reported.
        """
        try:
            result = action(*args)
        except StudioError as exc:
            self._report(str(exc), error=True)
            return False, None
        if select is not None:
            self.select_rows(select(result))
        if done is not None:
            self._report(done)
        return True, result

    # ==== actions (pass the answer to skip the dialog) ====

    def open_files(self, paths=None):
        if paths is None:
            paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Open tokenizer assets"), self.folder or "",
                                                    self.tr(FILE_FILTER), options=QFileDialog.DontUseNativeDialog)
        results = [self._run(self.workspace.open_asset_file, p) for p in paths]
        opened = [index for ok, index in results if ok]
        if opened:
            self.select_rows(opened[-2:])
            if len(opened) == len(results):
                self._report(self.tr("Opened %1 asset(s)").replace("%1", str(len(opened))))
        return opened

    def add_trained_model(self):
        return self._run(self.workspace.add_model_asset, self.tr("trained model"), select=lambda i: [i])[1]

    def use_for_encoding(self):
        """Hand a byte-level asset to the encode/decode panel."""
        index = self._current()
        if index is None:
            return
        loaded = self.workspace.assets[index].loaded
        if loaded.kind != "byte-bpe":
            return self._report(self.tr("The encode/decode panel takes byte-level assets only."), error=True)
        self.workspace.set_encoder(loaded.tokenizer, loaded.name)
        self._report(self.tr("The encode/decode panel now uses %1").replace("%1", loaded.name))

    def save_selected(self, path=None):
        index = self._current()
        if index is None:
            return
        if path is None and self.workspace.assets[index].loaded.path is None:
            return self.save_as(path)
        ok, _ = self._run(self.workspace.save_asset, index, path, select=lambda _: [index])
        if ok:
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
        name = self.tr("%1 (copy)").replace("%1", self.workspace.assets[index].loaded.name)
        return self._run(self.workspace.duplicate_asset, index, name, select=lambda i: [index, i])[1]

    def rename_selected(self, name=None):
        index = self._current()
        if index is None:
            return
        if name is None:
            name, ok = QInputDialog.getText(self, self.tr("Rename asset"), self.tr("Name:"),
                                            text=self.workspace.assets[index].loaded.name)
            if not ok:
                return
        self._run(self.workspace.rename_asset, index, name, select=lambda _: [index],
                  done=self.tr("Renamed: the identity did not change, names are metadata."))

    def broken_copy(self, ids=None):
        """Seed 000, exercise 5: swap two IDs in a copy and compare it with the original."""
        index = self._current()
        if index is None:
            return
        loaded = self.workspace.assets[index].loaded
        if ids is None:
            dialog = SwapDialog(loaded.identity.vocab_size, *default_swap(loaded), parent=self)
            if dialog.exec() != QDialog.Accepted:
                return
            ids = (dialog.first.value(), dialog.second.value())
        first, second = ids
        name = self.tr("%1 (IDs %2↔%3 swapped)").replace("%1", loaded.name).replace(
            "%2", str(first)).replace("%3", str(second))
        return self._run(lambda: self.workspace.add_broken_copy(index, first, second, name=name),
                         select=lambda i: [index, i])[1]

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
        has_open = bool(rows)
        for button in (self.save_button, self.save_as_button, self.duplicate_button, self.rename_button,
                       self.broken_button, self.close_button, self.encode_button):
            button.setEnabled(has_open)
        pair = [self.rows()[r] for r in rows]
        if len(pair) == 2 and all(r.loaded is not None for r in pair):
            self.compare(pair[0].loaded, pair[1].loaded)
        else:
            self.compare(None, None)

    def compare(self, a, b):
        self.hint_label.setVisible(a is None)
        for widget in (self.a_title, self.b_title, self.a_hash, self.b_hash, self.verdict_label, self.parts):
            widget.setVisible(a is not None)
        if a is None:
            self.diff = None
            self.component_model.set_rows([])
            self.behaviour_model.set_rows([])
            return
        self.diff = diff = asset_diff.compare(a.identity, b.identity)
        probes = asset_diff.probe_texts() + asset_diff.spelled_probes(diff, a.identity)
        self.behaviour_model.set_rows(asset_diff.behaviour(a.tokenizer, b.tokenizer, probes))
        self.component_model.set_rows(diff.components)
        for title, field, side, loaded in ((self.a_title, self.a_hash, "A", a), (self.b_title, self.b_hash, "B", b)):
            title.setText(self.tr("%1: %2 (%3, vocab %4) interface").replace("%1", side).replace(
                "%2", loaded.name).replace("%3", loaded.kind).replace("%4", str(loaded.identity.vocab_size)))
            field.setText(loaded.identity.interface_sha256)
        self.verdict_label.setText(self._verdict(diff))
        self.findings_view.setHtml(self._findings_html(diff, a))

    def _verdict(self, diff) -> str:
        if diff.full_equal:
            return self.tr("Identical: same interface and same provenance. Names, notes, dates and "
                           "file formatting never change identity.")
        if diff.interface_equal:
            return self.tr("Same interface, other provenance: a model sees the same IDs, but the trainer, "
                           "training data or counts differ.")
        size_a, size_b = diff.vocab_sizes
        if size_a == size_b:
            return self.tr("Interface differs although both vocabularies have %1 entries: every shape check "
                           "passes, yet the IDs do not mean the same thing.").replace("%1", str(size_a))
        return self.tr("Interface differs and the vocabulary sizes differ (%1 vs %2): shape checks "
                       "will catch this one.").replace("%1", str(size_a)).replace("%2", str(size_b))

    BREAKS = {
        "embedding_rows": QT_TRANSLATE_NOOP("AssetManager", "input embedding rows"),
        "output_columns": QT_TRANSLATE_NOOP("AssetManager", "output vocabulary columns"),
        "output_biases": QT_TRANSLATE_NOOP("AssetManager", "output biases"),
        "encoded_datasets": QT_TRANSLATE_NOOP("AssetManager", "stored encoded datasets"),
        "prompts": QT_TRANSLATE_NOOP("AssetManager", "saved prompts"),
    }

    def _finding_text(self, f) -> str:
        d = f.detail
        esc = html.escape
        if f.kind == "id_swap":
            return self.tr("IDs %1 and %2 are swapped: %3 ↔ %4").replace("%1", str(d["ids"][0])).replace(
                "%2", str(d["ids"][1])).replace("%3", esc(repr(d["tokens"][0]))).replace("%4", esc(repr(d["tokens"][1])))
        if f.kind == "id_cycle":
            return self.tr("IDs renumbered in a cycle: %1").replace("%1", " → ".join(map(str, d["ids"])))
        if f.kind == "ids_renumbered":
            return self.tr("%1 tokens have other IDs").replace("%1", str(d["moved_count"]))
        if f.kind == "vocab_changed":
            return self.tr("Vocabulary differs: %1 tokens only in B, %2 only in A").replace(
                "%1", str(d["added_count"])).replace("%2", str(d["removed_count"]))
        if f.kind == "vocab_size":
            return self.tr("Vocabulary size %1 vs %2").replace("%1", str(d["a"])).replace("%2", str(d["b"]))
        if f.kind == "merge_order":
            return self.tr("Same merges in another order: ranks %1 moved").replace(
                "%1", ", ".join(map(str, d["ranks"])))
        if f.kind in ("merges_added", "merges_removed"):
            text = self.tr("%1 merges added from rank %2") if f.kind == "merges_added" else \
                self.tr("%1 merges removed from rank %2")
            return text.replace("%1", str(d["count"])).replace("%2", str(d["from_rank"]))
        if f.kind == "merges_changed":
            return self.tr("Merges differ from rank %1: %2 vs %3").replace("%1", str(d["first_rank"])).replace(
                "%2", esc(" + ".join(d["a"]))).replace("%3", esc(" + ".join(d["b"])))
        if f.kind == "counts_changed":
            return self.tr("Merge counts differ at %1 ranks").replace("%1", str(d["changed_count"]))
        name = _tr("ComponentModel", ComponentModel.names.get(f.component, f.component)) \
            if f.component in ComponentModel.names else f.component
        return self.tr("%1 differs").replace("%1", esc(name))

    def _findings_html(self, diff, a) -> str:
        if not diff.findings:
            return "<p>" + html.escape(self.tr("No differences: every component has the same hash.")) + "</p>"
        parts = ["<ul>"]
        for f in diff.findings:
            line = "<b>" + self._finding_text(f) + "</b>"
            if f.breaks:
                line += "<br>" + self.tr("Breaks: %1").replace("%1", ", ".join(
                    html.escape(_tr("AssetManager", self.BREAKS[b])) for b in f.breaks))
            if f.shape_checks_pass:
                line += " " + self.tr("(shape checks still pass)")
            parts.append(f"<li>{line}</li>")
        parts.append("</ul>")
        swaps = [f for f in diff.findings if f.kind == "id_swap"]
        if swaps:
            i, j = swaps[0].detail["ids"]
            t_i, t_j = (html.escape(repr(t)) for t in swaps[0].detail["tokens"])
            parts.append("<p>" + self.tr(
                "<b>Why the swap is dangerous.</b> Both tokenizers have %1 entries, so the embedding table, "
                "the output matrix and its biases keep their shapes and every shape check passes. But a model "
                "trained with A looks up row %2 of its input embedding for %3, and B now sends %4 there; output "
                "column %2 and its bias now score the wrong candidate, and likewise for %5. Every stored encoded "
                "dataset and saved prompt that contains %2 or %5 now decodes to other text. To migrate, re-encode "
                "the data and prompts, or permute embedding rows, output columns and biases together; the special "
                "IDs, merge references and the asset identity must agree.").replace("%1", str(diff.vocab_sizes[0]))
                .replace("%2", str(i)).replace("%3", t_i).replace("%4", t_j).replace("%5", str(j)) + "</p>")
        return "".join(parts)
