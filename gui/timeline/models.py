"""Table models and per-step series for the merge timeline.

The models only answer ``rowCount``/``data`` from a trace (no widget per
row), so 50,000 merges cost nothing until rows are shown.  The series
functions are plain Python, run in a worker: total corpus tokens after each
merge (for the compression curve) and the parameter cost ``2·V·C`` of an
untied input table plus output matrix (seed 000, section 19.5: at C = 16,
259 -> 291 entries adds 2 x 32 x 16 = 1024 weights).
"""

from __future__ import annotations

import csv
import io

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont

from core.models.char_bpe import merge_symbols
from core.render import visible

from ..shell.workers import Cancelled
from ..trace.models import pair_text, policy_name
from .texts import RULES, tr

TIE_BRUSH = QBrush(QColor("#fff3c4"))
WINNER_BRUSH = QBrush(QColor("#c8e6c9"))
CHANGED_BRUSH = QBrush(QColor("#e3f2fd"))
DIVERGED_BRUSH = QBrush(QColor("#ffe0e0"))
MONOSPACE = QFont("monospace")
# Roles as plain ints: Qt passes ints, and each comparison with a Qt enum
# member is a Python-level lookup; a repaint asks ~9 roles of every cell.
DISPLAY, FONT, ALIGNMENT, BACKGROUND, TOOLTIP = (int(r) for r in (
    Qt.DisplayRole, Qt.FontRole, Qt.TextAlignmentRole, Qt.BackgroundRole, Qt.ToolTipRole))
RIGHT = int(Qt.AlignRight | Qt.AlignVCenter)
WHERE_LIMIT = 8
STOP_EVERY = 512  # words (or rows) between two looks at should_stop
# Tied pairs written in the merge table's tie-set cell (all in its tooltip, up to 12).
TIES_SHOWN = 3

def tie_explanation(step) -> str:
    """Which pairs tied at a step and which rule chose among them."""
    if step.tie_count == 1:
        return QCoreApplication.translate("timeline", "No other pair had count %1, so the count alone decides.").replace(
            "%1", str(step.count))
    shown = ", ".join(pair_text(p) for p in step.ties[:12]) + (" …" if step.tie_count > 12 else "")
    text = QCoreApplication.translate("timeline", "%1 pairs at count %2: %3. The %4 rule picks %5: %6.")
    for marker, value in (("%1", str(step.tie_count)), ("%2", str(step.count)), ("%3", shown),
                          ("%4", policy_name(step.policy)), ("%5", pair_text(step.pair)), ("%6", tr(RULES[step.policy]))):
        text = text.replace(marker, value)
    return text


# ==== series (plain Python; run off the GUI thread) ====

def parameter_cost(vocab_size: int, width: int) -> int:
    """Scalar weights of an untied embedding table plus output matrix, no biases.

    >>> parameter_cost(291, 16) - parameter_cost(259, 16)
    1024
    """
    return 2 * vocab_size * width


def token_totals(model, corpus, should_stop=None) -> list[int]:
    """Total corpus tokens after 0, 1, ..., N merges, in one replay per word.

    Each word replays its merges as ``CharBPE.replay`` does (lowest rank
    present, later than the last applied) and books its length drop on the
    rank that caused it, so the whole curve costs one segmentation.
    """
    ranks: dict[tuple[str, str], list] = {}
    for m in model.merges:
        ranks.setdefault(m.pair, []).append(m)
    drops = [0] * (len(model.merges) + 1)
    total = 0
    for index, (word, freq) in enumerate(corpus.items()):
        if should_stop is not None and not index % STOP_EVERY and should_stop():
            return []
        symbols, _ = model.initial_symbols(word)
        total += len(symbols) * freq
        last = 0
        while True:
            best = None
            for pair in zip(symbols, symbols[1:]):
                for m in ranks.get(pair, ()):
                    if m.rank > last and (best is None or m.rank < best.rank):
                        best = m
                        break
            if best is None:
                break
            merged = merge_symbols(symbols, best.left, best.right, best.new)
            drops[best.rank] += (len(symbols) - len(merged)) * freq
            symbols, last = merged, best.rank
    totals = [total]
    for drop in drops[1:]:
        totals.append(totals[-1] - drop)
    return totals


def first_divergence(steps, other) -> int | None:
    """The first merge number (1-based) where two timelines pick different pairs."""
    for number, (a, b) in enumerate(zip(steps, other), start=1):
        if a.pair != b.pair:
            return number
    if len(steps) != len(other):
        return min(len(steps), len(other)) + 1
    return None


def pair_rows(trace, step: int, should_stop=None) -> dict:
    """The full pair table before merge ``step``, winner first, then its ties.

    Recomputed from the trace (``Trace.pair_table``); the tie set is put
    in the policy's order (the table is in corpus order, which is first-seen
    order).  ``should_stop`` ends it early with :class:`gui.shell.workers.Cancelled`.
    """
    table = trace.pair_table(step, max_words=WHERE_LIMIT + 1, should_stop=should_stop)
    if not table:
        return {"step": step, "rows": [], "top": 0, "tied": 0, "winner": None, "recorded": None}
    top = max(count for count, _ in table.values())
    tied = trace.tie_order(pair for pair, (count, _) in table.items() if count == top)
    recorded = trace.steps[step - 1].pair if step <= len(trace.steps) else None
    tied_set = set(tied)
    keys = trace.tie_keys(step, tied, should_stop) if len(tied) > 1 else {}
    rest = sorted((p for p in table if p not in tied_set), key=lambda p: (-table[p][0], p))
    rows = []
    for number, pair in enumerate(tied + rest):
        if should_stop is not None and not number % STOP_EVERY and should_stop():
            raise Cancelled
        count, where = table[pair]
        text = ", ".join(f"{visible(w)} ×{n}" for w, n in where[:WHERE_LIMIT]) + (" …" if len(where) > WHERE_LIMIT else "")
        status = "winner" if pair == tied[0] else ("tied" if pair in tied_set else "")
        key = key_text(trace, keys[pair]) if pair in keys else ""
        rows.append((pair, count, key, text, status))
    return {"step": step, "rows": rows, "top": top, "tied": len(tied), "winner": tied[0], "recorded": recorded}


def key_text(trace, key) -> str:
    """A tie key from ``Trace.tie_keys`` as the rule reads it."""
    policy = trace.policy
    if policy == "hf":
        return QCoreApplication.translate("timeline", "IDs %1, %2").replace("%1", str(key[0])).replace(
            "%2", str(key[1]))
    if policy == "sentencepiece":
        return QCoreApplication.translate("timeline", "%1 characters: %2").replace("%1", str(key[0])).replace(
            "%2", key[1])
    if policy in ("lexicographic", "subword-nmt"):
        return f"“{key[0]}”, “{key[1]}”"
    word = trace.corpus.words[key[0]]
    return QCoreApplication.translate("timeline", "word %1 (%2), position %3").replace(
        "%1", str(key[0] + 1)).replace("%2", word).replace("%3", str(key[1] + 1))


# ==== table models ====

class _Table(QAbstractTableModel):
    headers: tuple[str, ...] = ()

    def rowCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else self._count()

    def columnCount(self, parent=QModelIndex()):
        return 0 if parent.isValid() else len(self.headers)

    def headerData(self, section, orientation, role=Qt.DisplayRole):
        if role == Qt.DisplayRole and orientation == Qt.Horizontal:
            return tr(self.headers[section])
        return None

    def _count(self):
        raise NotImplementedError


class StepTable(_Table):
    """One row per step of a trained model; ``steps_of`` says where its steps are."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = None
        self.steps = ()

    @staticmethod
    def steps_of(model) -> tuple:
        return model.trace.steps

    def set_model(self, model):
        self.beginResetModel()
        self.model = model
        self.steps = self.steps_of(model) if model is not None else ()
        self.endResetModel()

    def _count(self):
        return len(self.steps)


class MergeTableModel(_Table):
    """Row k-1 is merge k; reads the trace's steps directly."""

    headers = (QT_TRANSLATE_NOOP("timeline", "Step"), QT_TRANSLATE_NOOP("timeline", "Pair"),
               QT_TRANSLATE_NOOP("timeline", "Count"), QT_TRANSLATE_NOOP("timeline", "New symbol"),
               QT_TRANSLATE_NOOP("timeline", "ID"), QT_TRANSLATE_NOOP("timeline", "Tie set"),
               QT_TRANSLATE_NOOP("timeline", "Other policy"))

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = None
        self.steps = ()
        self.other = ()
        self.divergence = None

    def set_model(self, model):
        self.beginResetModel()
        self.model = model
        self.steps = model.trace.steps if model is not None else ()
        self.divergence = first_divergence(self.steps, self.other) if self.other else None
        self.endResetModel()

    def set_other(self, other_model):
        self.other = other_model.trace.steps if other_model is not None else ()
        self.divergence = first_divergence(self.steps, self.other) if self.other else None
        if self.steps:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.steps) - 1, len(self.headers) - 1))

    def _count(self):
        return len(self.steps)

    def data(self, index, role=DISPLAY):
        if role not in (DISPLAY, ALIGNMENT, BACKGROUND, FONT, TOOLTIP) or not index.isValid():
            return None
        row, column = index.row(), index.column()
        step = self.steps[row]
        if role == DISPLAY:
            if column == 0:
                return str(step.step)
            if column == 1:
                return pair_text(step.pair)
            if column == 2:
                return str(step.count)
            if column == 3:
                return visible(step.new_symbol)
            if column == 4:
                return str(self.model.ids[step.new_symbol])
            if column == 5:
                if step.tie_count == 1:
                    return "1"
                shown = ", ".join(pair_text(p) for p in step.ties[:TIES_SHOWN])
                return f"{step.tie_count}: {shown}" + (" …" if step.tie_count > TIES_SHOWN else "")
            return pair_text(self.other[row].pair) if row < len(self.other) else ("—" if self.other else "")
        if role == ALIGNMENT:
            return RIGHT if column in (0, 2, 4) else None
        if column == 6 and row < len(self.other) and self.other[row].pair != step.pair:
            if role == BACKGROUND:
                return DIVERGED_BRUSH
            if role == FONT and row + 1 == self.divergence:
                font = QFont()
                font.setBold(True)
                return font
        if role == TOOLTIP and column == 5:
            return tie_explanation(step)
        return None


class PairTableModel(_Table):
    """The full pair table before one merge; the winner and its ties shaded."""

    headers = (QT_TRANSLATE_NOOP("timeline", "Pair"), QT_TRANSLATE_NOOP("timeline", "Count"),
               QT_TRANSLATE_NOOP("timeline", "Status"), QT_TRANSLATE_NOOP("timeline", "Tie rule compares"),
               QT_TRANSLATE_NOOP("timeline", "Where (word × weighted times)"))
    status_names = {"winner": QT_TRANSLATE_NOOP("timeline", "winner"), "tied": QT_TRANSLATE_NOOP("timeline", "tied")}

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows = []

    def set_rows(self, rows):
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def _count(self):
        return len(self.rows)

    def data(self, index, role=DISPLAY):
        if role not in (DISPLAY, BACKGROUND, ALIGNMENT) or not index.isValid():
            return None
        pair, count, key, where, status = self.rows[index.row()]
        if role == DISPLAY:
            return (pair_text(pair), str(count), tr(self.status_names[status]) if status else "", key,
                    where)[index.column()]
        if role == BACKGROUND:
            return (WINNER_BRUSH if status == "winner" else TIE_BRUSH) if status else None
        return RIGHT if index.column() == 1 else None


class SegmentationModel(_Table):
    """Every corpus word (or record) cut at one step, computed for shown rows only."""

    headers = (QT_TRANSLATE_NOOP("timeline", "Word or record"), QT_TRANSLATE_NOOP("timeline", "Count"),
               QT_TRANSLATE_NOOP("timeline", "Tokens"), QT_TRANSLATE_NOOP("timeline", "Segmentation"))

    def __init__(self, parent=None):
        super().__init__(parent)
        self.bpe, self.items, self.counts, self.split, self.step = None, (), (), None, 0
        self.label = visible

    def set_source(self, bpe, items, counts, split, label=visible):
        """``split(item)`` gives an item's words (a word is itself; a record is pre-tokenized);
        ``label(item)`` is what the first column shows."""
        self.beginResetModel()
        self.bpe, self.items, self.counts, self.split = bpe, tuple(items), tuple(counts), split
        self.label = label
        self.endResetModel()

    def set_step(self, step):
        self.step = step
        if self.items:
            self.dataChanged.emit(self.index(0, 2), self.index(len(self.items) - 1, 3))

    def _count(self):
        return len(self.items) if self.bpe is not None else 0

    def tokens(self, row, step):
        return [t for w in self.split(self.items[row]) for t in self.bpe.segment(w, limit=step)]

    def data(self, index, role=DISPLAY):
        if role not in (DISPLAY, FONT, ALIGNMENT, BACKGROUND) or not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == DISPLAY:
            if column == 0:
                return self.label(self.items[row])
            if column == 1:
                return str(self.counts[row])
            tokens = self.tokens(row, self.step)
            return str(len(tokens)) if column == 2 else " ".join(map(visible, tokens))
        if role == FONT:
            return MONOSPACE if column == 3 else None
        if role == ALIGNMENT:
            return RIGHT if column in (1, 2) else None
        if column == 3 and self.step > 0:
            if len(self.tokens(row, self.step)) != len(self.tokens(row, self.step - 1)):
                return CHANGED_BRUSH
        return None


def model_to_csv(model) -> str:
    """Every row and column of a table model, as its display text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    columns = range(model.columnCount())
    writer.writerow([model.headerData(c, Qt.Horizontal) for c in columns])
    for row in range(model.rowCount()):
        writer.writerow([model.data(model.index(row, c), Qt.DisplayRole) for c in columns])
    return out.getvalue()
