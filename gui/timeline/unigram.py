"""Unigram in the merge timeline: one row per EM-and-prune round (the
vocabulary before and after, the corpus log-likelihood after EM, the pieces
removed with their loss, the sample's Viterbi segmentation after the round),
then a last row for the final cut to the target size; and the plot series.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from core.models.unigram import NORMAL, round_model
from core.models.unigram import em
from core.render import visible

from ..workers import Cancelled
from .models import ALIGNMENT, DISPLAY, FONT, MONOSPACE, RIGHT, TOOLTIP, _Table

REMOVED_SHOWN = 4  # pieces written in the "removed" cell; its tooltip lists up to 64


def loss_text(loss: float) -> str:
    return QCoreApplication.translate("timeline", "unused") if math.isinf(loss) else f"{loss:.3g}"


def rows_of(model) -> list[dict]:
    """Each pruning round, then the final cut, as the table shows them."""
    trace = model.trace
    rows = [{"label": str(r.round), "before": r.size_before, "after": r.size_after,
             "likelihood": r.log_likelihood, "removed": r.removed, "removed_count": r.removed_count}
            for r in trace.rounds]
    before = trace.rounds[-1].size_after if trace.rounds else trace.seed_pieces
    after = sum(1 for p in model.pieces if p.type == NORMAL)
    rows.append({"label": QCoreApplication.translate("timeline", "final"), "before": before, "after": after,
                 "likelihood": trace.log_likelihood, "removed": tuple((p, None) for p in trace.finally_dropped[:64]),
                 "removed_count": len(trace.finally_dropped)})
    return rows


def row_model(model, row: int):
    """The model after table row ``row``: a pruning round's, or the trained one."""
    return model if row >= len(model.trace.rounds) else round_model(model, row)


def series(model, should_stop=None) -> tuple[list, list, list]:
    """Per row: log-likelihood, vocabulary size (with the specials), corpus tokens (Viterbi)."""
    trace = model.trace
    corpus = trace.corpus
    max_len = trace.settings["max_piece_length"]
    specials = sum(1 for p in model.pieces if p.type != NORMAL)
    likelihoods, sizes, totals = [], [], []
    for row, info in enumerate(rows_of(model)):
        if should_stop is not None and should_stop():
            raise Cancelled
        if row < len(trace.rounds):
            pieces = trace.rounds[row].pieces
        else:
            pieces = [(p.piece, p.score) for p in model.pieces if p.type == NORMAL]
        likelihoods.append(info["likelihood"])
        sizes.append(info["after"] + specials)
        totals.append(em.corpus_tokens(corpus.words, corpus.counts, [p for p, _ in pieces],
                                       [lp for _, lp in pieces], max_len))
    return likelihoods, sizes, totals


class UnigramTableModel(_Table):
    """Row r-1 is pruning round r; the last row is the final cut."""

    headers = (QT_TRANSLATE_NOOP("timeline", "Round"), QT_TRANSLATE_NOOP("timeline", "Pieces"),
               QT_TRANSLATE_NOOP("timeline", "Log-likelihood"), QT_TRANSLATE_NOOP("timeline", "Removed"),
               QT_TRANSLATE_NOOP("timeline", "Pieces removed (loss)"),
               QT_TRANSLATE_NOOP("timeline", "Sample after the round"))

    def __init__(self, parent=None):
        super().__init__(parent)
        self.model = None
        self.rows = []
        self.sample = ""
        self._segments: dict[int, str] = {}

    def set_model(self, model):
        self.beginResetModel()
        self.model = model
        self.rows = rows_of(model) if model is not None else []
        self._segments = {}
        self.endResetModel()

    def set_sample(self, text: str):
        self.sample, self._segments = text, {}
        if self.rows:
            self.dataChanged.emit(self.index(0, 5), self.index(len(self.rows) - 1, 5))

    def segmentation(self, row: int) -> list[str]:
        """The sample's Viterbi pieces with the model after ``row``."""
        return list(row_model(self.model, row).encode(self.sample).pieces)

    def _count(self):
        return len(self.rows)

    def data(self, index, role=DISPLAY):
        if role not in (DISPLAY, ALIGNMENT, FONT, TOOLTIP) or not index.isValid():
            return None
        row, column = index.row(), index.column()
        info = self.rows[row]
        if role == DISPLAY:
            if column == 5:
                if row not in self._segments:  # asked only for rows on screen
                    self._segments[row] = " ".join(map(visible, self.segmentation(row)))
                return self._segments[row]
            if column == 4:
                return self.removed_text(info, REMOVED_SHOWN)
            return (info["label"], f"{info['before']:,} → {info['after']:,}", f"{info['likelihood']:.2f}",
                    f"{info['removed_count']:,}")[column]
        if role == ALIGNMENT:
            return RIGHT if column in (0, 1, 2, 3) else None
        if role == FONT:
            return MONOSPACE if column == 5 else None
        if column == 4 and info["removed"]:
            return self.removed_text(info, 64).replace(", ", "\n")
        if column == 0 and row == len(self.rows) - 1:
            return QCoreApplication.translate(
                "timeline", "After the last round the lowest-scoring pieces above the target are cut "
                      "(their loss is not computed), then one more EM step.")
        return None

    @staticmethod
    def removed_text(info, limit: int) -> str:
        shown = [visible(p) if loss is None else f"{visible(p)} ({loss_text(loss)})"
                 for p, loss in info["removed"][:limit]]
        return ", ".join(shown) + (" …" if info["removed_count"] > len(shown) else "")
