"""The tokenizers the workspace holds, as a checkable table with each
ticked one's figures for the current text: tokens, characters and bytes per
token, and the token count against a baseline.  The built-in tokenizers not
open yet follow, unticked: ticking one asks for it (``sig_shelf_requested``),
and once open it is listed, ticked, as the workspace holds it.  The last
column names the engine each row's IDs come from (gui/shell/serving.py); an open
asset's engine can be pinned there (``sig_pin_changed``)."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate

from ..shell import serving
from .alignment import stats
from .texts import fill, tooltip, tr, translate

HEADERS = (
    QT_TRANSLATE_NOOP("compare_view", "Tokenizer"),
    QT_TRANSLATE_NOOP("compare_view", "Kind"),
    QT_TRANSLATE_NOOP("compare_view", "Tokens"),
    QT_TRANSLATE_NOOP("compare_view", "Characters / token"),
    QT_TRANSLATE_NOOP("compare_view", "Bytes / token"),
    QT_TRANSLATE_NOOP("compare_view", "Tokens vs baseline"),
    QT_TRANSLATE_NOOP("compare_view", "Engine"),
)
NAME, KIND, TOKENS, CHARS, BYTES, VERSUS, ENGINE = range(len(HEADERS))


@dataclass(frozen=True)
class Entry:
    """A held tokenizer as this tab lists it: ``key`` is unique in the list
    (the workspace's key, with ``#2``… for a second copy of one asset)."""

    key: str
    name: str
    kind: str
    tokenizer: object  # None for a built-in tokenizer not open yet
    shelf: str = ""  # that built-in tokenizer's shelf name
    source: object = None  # what core.engines serves (serving.Source); None: the reference encodes it


def unique_keys(keys) -> list[str]:
    """``keys`` with repeats told apart in order: ``a``, ``a#2``, ``a#3``."""
    seen: dict[str, int] = {}
    out = []
    for key in keys:
        seen[key] = seen.get(key, 0) + 1
        out.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return out


class TokenizerListModel(QAbstractTableModel):
    sig_checked_changed = Signal()
    """The user ticked or unticked a tokenizer."""
    sig_shelf_requested = Signal(str)
    """The user ticked a built-in tokenizer that is not open yet (its shelf name)."""
    sig_pin_changed = Signal(str, str)
    """The user pinned an engine for a tokenizer (its key, the engine)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.entries: list[Entry] = []
        # Keys left out, oldest first (a dict as an ordered set); every other key is ticked,
        # so a tokenizer opened for the first time shows up at once.
        self.unchecked: dict[str, None] = {}
        self.comparison = None  # alignment.Comparison the figures come from
        self.baseline = ""  # key
        self._rows: dict = {}  # key -> alignment.Row of ``comparison``
        self.pins: dict[str, str] = {}  # key -> the engine pinned for it (auto when not listed)
        self.outcomes: dict = {}  # key -> serving.Outcome its rows were encoded with

    # ==== what is listed and ticked ====

    def set_entries(self, entries) -> None:
        self.beginResetModel()
        self.entries = list(entries)
        self.endResetModel()

    def checked(self) -> list[Entry]:
        return [e for e in self.entries if e.tokenizer is not None and e.key not in self.unchecked]

    def set_checked(self, key: str, on: bool) -> None:
        if (key not in self.unchecked) == on:
            return
        if on:
            del self.unchecked[key]
        else:
            self.unchecked[key] = None
        for row, entry in enumerate(self.entries):
            if entry.key == key:
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))
        self.sig_checked_changed.emit()

    # ==== figures ====

    def set_comparison(self, comparison, baseline: str) -> None:
        self.comparison, self.baseline = comparison, baseline
        self._rows = {} if comparison is None else {r.key: r for r in comparison.rows}
        if self.entries:
            self.dataChanged.emit(self.index(0, TOKENS), self.index(len(self.entries) - 1, VERSUS))

    def set_outcomes(self, outcomes: dict) -> None:
        """The engines the rows were encoded with (key -> serving.Outcome)."""
        self.outcomes = dict(outcomes)
        if self.entries:
            self.dataChanged.emit(self.index(0, ENGINE), self.index(len(self.entries) - 1, ENGINE))

    def pin_of(self, key: str) -> str:
        return self.pins.get(key, serving.AUTO)

    def engine(self, entry: Entry) -> tuple[str, str]:
        """The engine cell of ``entry``'s row, and its tooltip."""
        if entry.tokenizer is None:
            return "", ""
        if entry.source is None:
            return serving.engine_short(None), serving.engine_tip(None)
        outcome = self.outcomes.get(entry.key)
        if outcome is None or outcome.pin != self.pin_of(entry.key):
            return serving.engine_short(None, waiting=True), ""
        return serving.engine_short(outcome), serving.engine_tip(outcome)

    def row_of(self, key: str):
        """The comparison's row for ``key`` (None: not ticked or not encoded yet)."""
        return self._rows.get(key)

    def figures(self, key: str) -> tuple[str, str, str, str]:
        """Tokens, characters per token, bytes per token, against the baseline."""
        row = self._rows.get(key)
        if row is None:
            return "", "", "", ""
        if row.error:
            return fill(translate("CompareView", "cannot encode: %1"), row.error), "–", "–", "–"
        per_char, per_byte = stats(row, self.comparison.chars, self.comparison.size)
        base = self._rows.get(self.baseline)
        if key == self.baseline:
            versus = self.tr("baseline")
        elif base is None or base.error or not base.tokens:
            versus = "–"
        else:
            versus = f"{(row.tokens / base.tokens - 1) * 100:+.1f}%"
        return (f"{row.tokens:,}", "–" if per_char is None else f"{per_char:.2f}",
                "–" if per_byte is None else f"{per_byte:.2f}", versus)

    # ==== the model ====

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.entries)

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return tr(HEADERS[section])
        return None

    def flags(self, index):
        if not index.isValid():
            return Qt.NoItemFlags
        flags = Qt.ItemIsEnabled | Qt.ItemIsSelectable
        if index.column() == ENGINE and self.entries[index.row()].source is not None:
            return flags | Qt.ItemIsEditable
        return flags | Qt.ItemIsUserCheckable if index.column() == NAME else flags

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        entry, column = self.entries[index.row()], index.column()
        if role == Qt.CheckStateRole and column == NAME:
            return Qt.Unchecked if entry.key in self.unchecked or entry.tokenizer is None else Qt.Checked
        if role == Qt.DisplayRole:
            if column == NAME:
                return entry.name
            if column == KIND:
                return entry.kind
            if column == ENGINE:
                return self.engine(entry)[0]
            return self.figures(entry.key)[column - TOKENS]
        if role == Qt.EditRole and column == ENGINE:
            return self.pin_of(entry.key)
        if role == Qt.ToolTipRole:
            if column == NAME:
                return tooltip(fill(self.tr("%1 — key %2"), entry.name, entry.key))
            if column == ENGINE:
                tip = self.engine(entry)[1]
                return tooltip(tip) if tip else None
            figure = self.figures(entry.key)[column - TOKENS] if column >= TOKENS else ""
            return tooltip(figure) if figure else None  # an error message is longer than its column
        if role == Qt.TextAlignmentRole and TOKENS <= column <= VERSUS:
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    def setData(self, index, value, role=Qt.EditRole):
        if index.isValid() and role == Qt.EditRole and index.column() == ENGINE:
            entry = self.entries[index.row()]
            if entry.source is None or value not in serving.PINS:
                return False
            if value != self.pin_of(entry.key):
                self.pins[entry.key] = value
                self.dataChanged.emit(index, index)
                self.sig_pin_changed.emit(entry.key, value)
            return True
        if not index.isValid() or role != Qt.CheckStateRole or index.column() != NAME:
            return False
        on = Qt.CheckState(value) == Qt.Checked if not isinstance(value, bool) else value
        entry = self.entries[index.row()]
        if entry.tokenizer is None:
            if on:
                self.sig_shelf_requested.emit(entry.shelf)
            return True
        self.set_checked(entry.key, on)
        return True


class PinDelegate(QStyledItemDelegate):
    """The engine column's editor: the pins for that row's tokenizer, those
    that cannot serve it disabled with the reason as their tooltip."""

    def createEditor(self, parent, option, index):
        box = QComboBox(parent)
        box.activated.connect(self._chosen)
        return box

    def _chosen(self, _index):
        box = self.sender()
        self.commitData.emit(box)
        self.closeEditor.emit(box)

    def setEditorData(self, editor, index):
        model = index.model()
        key = model.entries[index.row()].key
        serving.fill_pin_box(editor, model.outcomes.get(key), model.pin_of(key))

    def setModelData(self, editor, model, index):
        model.setData(index, editor.currentData(), Qt.EditRole)
