"""Table models over a trace: counts and cells only, no widget per row."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from core.render import visible

from ..widgets.row_table import RowTable

TIE_BRUSH = QBrush(QColor("#fff3c4"))
WINNER_BRUSH = QBrush(QColor("#c8e6c9"))


def tr(text):
    return QCoreApplication.translate("models", text)


# lupdate finds literal strings only; this marks the ones tr() gets as variables.


# The policies' names as a reader of the UI language sees them; the key stays the setting.
POLICY_NAMES = {
    "lexicographic": QT_TRANSLATE_NOOP("timeline", "lexicographic"),
    "first-seen": QT_TRANSLATE_NOOP("timeline", "first-seen"),
    "minbpe": QT_TRANSLATE_NOOP("timeline", "minbpe"),
    "hf": QT_TRANSLATE_NOOP("timeline", "Hugging Face"),
    "sentencepiece": QT_TRANSLATE_NOOP("timeline", "SentencePiece"),
    "subword-nmt": QT_TRANSLATE_NOOP("timeline", "subword-nmt"),
}


def policy_name(key: str) -> str:
    return QCoreApplication.translate("timeline", POLICY_NAMES[key]) if key in POLICY_NAMES else key


def pair_text(pair) -> str:
    """A pair as ``left + right``, whitespace made visible (`` + </w>`` would look blank)."""
    return f"{visible(pair[0])} + {visible(pair[1])}"


class TraceModel(RowTable):
    """Row 0 is the initial state; row k is merge k."""
    numbered = True

    headers = (QT_TRANSLATE_NOOP("models", "Step"), QT_TRANSLATE_NOOP("models", "Pair"),
               QT_TRANSLATE_NOOP("models", "Count"), QT_TRANSLATE_NOOP("models", "Ties"),
               QT_TRANSLATE_NOOP("models", "New symbol"))

    def set_trace(self, trace):
        self.set_rows([None, *trace.steps] if trace is not None else [])

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        step = self.rows[index.row()]
        column = index.column()
        if role == Qt.DisplayRole:
            if step is None:
                return ("0", QCoreApplication.translate("models", "initial symbols"), "", "", "")[column]
            if column == 0:
                return str(step.step)
            if column == 1:
                return pair_text(step.pair)
            if column == 2:
                return str(step.count)
            if column == 3:
                shown = ", ".join(pair_text(p) for p in step.ties)
                more = step.tie_count - len(step.ties)
                return f"{step.tie_count}: {shown}" + (f" … (+{more})" if more > 0 else "")
            return visible(step.new_symbol)
        if role == Qt.ToolTipRole and step is not None and column == 3:
            return QCoreApplication.translate("models", "Pairs tied at count %1; the %2 rule picked %3.").replace(
                "%1", str(step.count)).replace("%2", policy_name(step.policy)).replace("%3", pair_text(step.pair))
        return None


class SegmentationModel(RowTable):
    numbered = True
    headers = (QT_TRANSLATE_NOOP("models", "Word"), QT_TRANSLATE_NOOP("models", "Count"),
               QT_TRANSLATE_NOOP("models", "Segmentation"))

    def set_segmentation(self, corpus, segmentation):
        self.set_rows(zip(corpus.words, corpus.counts, segmentation))

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid() or role != Qt.DisplayRole:
            if role == Qt.FontRole and index.isValid() and index.column() == 2:
                return QFont("monospace")
            return None
        word, count, symbols = self.rows[index.row()]
        column = index.column()
        return visible(word) if column == 0 else str(count) if column == 1 else " ".join(map(visible, symbols))


class PairCountModel(RowTable):
    """Pair counts before a merge; the tie set and the winner are shaded."""
    numbered = True

    headers = (QT_TRANSLATE_NOOP("models", "Pair"), QT_TRANSLATE_NOOP("models", "Count"),
               QT_TRANSLATE_NOOP("models", "Where"))

    def set_counts(self, counts, where, winner=None):
        top = max(counts.values(), default=0)
        rows = sorted(counts.items(), key=lambda item: -item[1])
        self._winner, self._top = winner, top
        self.set_rows((pair, count, where.get(pair, "")) for pair, count in rows)

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        pair, count, where = self.rows[index.row()]
        if role == Qt.DisplayRole:
            return (pair_text(pair), str(count), where)[index.column()]
        if role == Qt.BackgroundRole:
            if pair == self._winner:
                return WINNER_BRUSH
            if count == self._top:
                return TIE_BRUSH
        return None
