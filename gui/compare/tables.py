"""Read-only table models of the algorithm tabs (n-best, lattice nodes,
samples, WordPiece search, n-grams) and the table view they share."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QSpinBox, QTableView, QWidget

from ..shell import zoom
from ..widgets.flow_layout import FlowLayout, labelled
from ..widgets.row_table import RowTable

def fill_models(box, choices) -> None:
    """Put ``(name, model)`` choices in a combo box; the one chosen before stays chosen."""
    current = box.currentText()
    box.blockSignals(True)
    box.clear()
    for name, model in choices:
        box.addItem(name, model)
    box.setCurrentIndex(max(0, box.findText(current)))
    box.blockSignals(False)


VITERBI_BRUSH = QBrush(QColor("#c8e6c9"))
FAIL_BRUSH = QBrush(QColor("#f8d2bc"))


class ShadedTable(RowTable):
    """Rows of strings; the rows in ``shaded`` get ``brush`` (and the
    theme's readable delegate gives them dark text)."""

    context = "compare_view"

    def __init__(self, parent=None, brush=VITERBI_BRUSH):
        super().__init__(parent)
        self.shaded: set[int] = set()
        self.brush = brush

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        if role in (Qt.DisplayRole, Qt.ToolTipRole):
            return str(self.rows[index.row()][index.column()])
        if role == Qt.BackgroundRole and index.row() in self.shaded:
            return self.brush
        return None

    def set_rows(self, rows, shaded=()):
        self.beginResetModel()
        self.rows, self.shaded = list(rows), set(shaded)
        self.endResetModel()


class NBestModel(ShadedTable):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Rank"), QT_TRANSLATE_NOOP("compare_view", "Log-probability"),
               QT_TRANSLATE_NOOP("compare_view", "P(segmentation | text)"),
               QT_TRANSLATE_NOOP("compare_view", "Segmentation"))


class NodeModel(ShadedTable):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Start"), QT_TRANSLATE_NOOP("compare_view", "End"),
               QT_TRANSLATE_NOOP("compare_view", "Piece"), QT_TRANSLATE_NOOP("compare_view", "ID"),
               QT_TRANSLATE_NOOP("compare_view", "Score"))


class SampleModel(ShadedTable):
    headers = (QT_TRANSLATE_NOOP("compare_view", "#"), QT_TRANSLATE_NOOP("compare_view", "Drawn"),
               QT_TRANSLATE_NOOP("compare_view", "Share"), QT_TRANSLATE_NOOP("compare_view", "Exact P^α/Z"),
               QT_TRANSLATE_NOOP("compare_view", "Segmentation"))


class SearchModel(ShadedTable):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Word"), QT_TRANSLATE_NOOP("compare_view", "Offset"),
               QT_TRANSLATE_NOOP("compare_view", "Tried"), QT_TRANSLATE_NOOP("compare_view", "Result"))


class NGramModel(ShadedTable):
    headers = (QT_TRANSLATE_NOOP("compare_view", "Word"), QT_TRANSLATE_NOOP("compare_view", "n"),
               QT_TRANSLATE_NOOP("compare_view", "Count"), QT_TRANSLATE_NOOP("compare_view", "n-grams (fastText order)"))


def table(model, stretch: int | None) -> QTableView:
    """Read-only rows; column ``stretch`` takes the spare width (None: the
    columns fit their contents and the view scrolls sideways)."""
    view = QTableView()
    view.setModel(model)
    view.setSelectionBehavior(QAbstractItemView.SelectRows)
    view.setEditTriggers(QAbstractItemView.NoEditTriggers)
    view.setWordWrap(False)
    view.verticalHeader().setVisible(False)
    zoom.table_follows_font(view, 16)  # Qt's default height at 100 %
    header = view.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeToContents)
    header.setResizeContentsPrecision(0)  # the rows on screen, not 1,000 through the Python delegate
    if stretch is not None:
        header.setSectionResizeMode(stretch, QHeaderView.Stretch)
    return view


def spin(low, high, value, kind=QSpinBox):
    box = kind()
    box.setRange(low, high)
    box.setValue(value)
    return box


def row(*widgets):
    """Labels (given as strings) and widgets in a row that wraps at a
    projector's zoom (gui/widgets/flow_layout.py); a label stays with the widget
    after it and names it (its buddy: its accessible name and mnemonic)."""
    layout = FlowLayout()
    label = None
    for w in widgets:
        if isinstance(w, str):
            if label is not None:
                layout.addWidget(label)
            label = QLabel(w)
            continue
        layout.addWidget(labelled(label, w) if label is not None else w)
        label = None
    if label is not None:
        layout.addWidget(label)
    return layout


class LazyTab(QWidget):
    """A tab that recomputes only when seen: ``show_text`` while it is
    hidden just remembers the text (a hidden table with columns fitted to
    their contents still measures its cells on every reset)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.text = ""
        self._pending = False

    def show_text(self, text: str) -> None:
        self.text = text
        self.changed()

    def changed(self) -> None:
        """Refresh now if visible, else when next shown."""
        if self.isVisible():
            self._pending = False
            self.refresh()
        else:
            self._pending = True

    def showEvent(self, event):
        super().showEvent(event)
        if self._pending:
            self._pending = False
            self.refresh()

    def refresh(self) -> None:
        raise NotImplementedError
