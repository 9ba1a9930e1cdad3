"""The asset manager's table models and its folder scanner."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QThread, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from core.inspect import asset_diff
from core.assets import identity
from core.errors import StudioError

from ..shell import core_text
from ..widgets.row_table import RowTable

SAME_BRUSH = QBrush(QColor("#dcefdc"))
DIFF_BRUSH = QBrush(QColor("#f9d6d5"))
ERROR_BRUSH = QBrush(QColor("#b00020"))


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


class AssetLibraryModel(RowTable):
    context = "AssetLibraryModel"
    headers = (
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Name"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Where"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Kind"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Vocab"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Merges"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Interface identity"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Full identity"),
        QT_TRANSLATE_NOOP("AssetLibraryModel", "Date"),
    )

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
                where = (
                    Path(row.path).name if row.path else QCoreApplication.translate("AssetLibraryModel", "unsaved")
                )
                return (
                    where
                    if row.source == "folder"
                    else QCoreApplication.translate("AssetLibraryModel", "open: %1").replace("%1", where)
                )
            if loaded is None:
                return QCoreApplication.translate("AssetLibraryModel", "cannot load") if column == 2 else ""
            ident = loaded.identity
            return (
                None,
                None,
                core_text.family(loaded),
                str(ident.vocab_size),
                "—" if ident.merges is None else str(ident.merges),
                identity.short(ident.interface_sha256),
                identity.short(ident.full_sha256),
                _date(loaded.created, row.mtime),
            )[column]
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


class ComponentModel(RowTable):
    context = "ComponentModel"
    headers = (
        QT_TRANSLATE_NOOP("ComponentModel", "Component"),
        QT_TRANSLATE_NOOP("ComponentModel", "A"),
        QT_TRANSLATE_NOOP("ComponentModel", "B"),
        QT_TRANSLATE_NOOP("ComponentModel", "Status"),
    )
    names = {
        "symbols": QT_TRANSLATE_NOOP("ComponentModel", "Initial symbols and IDs"),
        "vocab": QT_TRANSLATE_NOOP("ComponentModel", "Vocabulary (ID → token)"),
        "merges": QT_TRANSLATE_NOOP("ComponentModel", "Merges / segmentation rule"),
        "specials": QT_TRANSLATE_NOOP("ComponentModel", "Special tokens and IDs"),
        "normalizer": QT_TRANSLATE_NOOP("ComponentModel", "Normalizer"),
        "pre_tokenizer": QT_TRANSLATE_NOOP("ComponentModel", "Pre-tokenizer"),
        "boundary": QT_TRANSLATE_NOOP("ComponentModel", "Boundary rule"),
        "post_processor": QT_TRANSLATE_NOOP("ComponentModel", "Post-processor"),
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
            status = (
                QCoreApplication.translate("ComponentModel", "same")
                if row.same
                else QCoreApplication.translate("ComponentModel", "different")
            )
            return (_tr(self.context, self.names[row.name]), identity.short(row.a), identity.short(row.b), status)[
                column
            ]
        if role == Qt.ToolTipRole and column in (1, 2):
            return (row.a, row.b)[column - 1]
        if role == Qt.BackgroundRole:
            return SAME_BRUSH if row.same else DIFF_BRUSH
        if role == Qt.FontRole and column in (1, 2):
            return QFont("monospace")
        return None


class BehaviourModel(RowTable):
    context = "BehaviourModel"
    headers = (
        QT_TRANSLATE_NOOP("BehaviourModel", "Probe"),
        QT_TRANSLATE_NOOP("BehaviourModel", "How"),
        QT_TRANSLATE_NOOP("BehaviourModel", "IDs in A"),
        QT_TRANSLATE_NOOP("BehaviourModel", "IDs in B"),
        QT_TRANSLATE_NOOP("BehaviourModel", "A's IDs read by B"),
    )
    hows = {
        "same": QT_TRANSLATE_NOOP("BehaviourModel", "same"),
        "renumbered": QT_TRANSLATE_NOOP("BehaviourModel", "same pieces, other IDs"),
        "resegmented": QT_TRANSLATE_NOOP("BehaviourModel", "other pieces"),
        "failed": QT_TRANSLATE_NOOP("BehaviourModel", "fails in one"),
    }

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
                row = LibraryRow("folder", None, None, str(path), core_text.error(exc))
            self.sig_row_scanned.emit(row)
            self.sig_progress_changed.emit(done, len(paths))
