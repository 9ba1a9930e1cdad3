"""Unigram in the merge timeline: one row per EM-and-prune round (the
vocabulary before and after, the corpus log-likelihood after EM, the pieces
removed with their loss, the sample's Viterbi segmentation after the round),
then a last row for the final cut to the target size; the plot series; and
its strategy (:class:`UnigramTimeline`).
"""

from __future__ import annotations

import math

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from core.models.unigram import NORMAL, round_model
from core.models.unigram import em
from core.numbers import UNIGRAM_MAX_WORD_BYTES
from core.render import visible

from ..shell.workers import Cancelled
from ..widgets.placeholders import grouped
from .models import ALIGNMENT, DISPLAY, FONT, MONOSPACE, RIGHT, TOOLTIP, _Table
from .strategy import TimelineAlgorithm
from .texts import stop_reason

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
        return list(row_model(self.model, row).encode(self.sample).tokens)

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


class UnigramTimeline(TimelineAlgorithm):
    """Trains to the vocabulary box's size; a row is a pruning round, the last the final cut."""

    key = purpose = kind = "unigram"
    name = QT_TRANSLATE_NOOP("timeline", "Unigram")
    table_class = UnigramTableModel
    stretch, widths = 5, (48, 100, 90, 60, 230, 0)
    fitted = (0, 1, 2, 3)
    plot_kind = "rounds"
    sized = True

    def plot_job(self, model):
        # Unigram's corpus is ▁-words; a record is its sequence when it trained on records.
        source, data = self.workspace.unigram_training_input()
        by_record = source == "records"
        sequences = len(data) if by_record else model.trace.corpus.total

        def stats(progress, should_stop):
            return series(model, should_stop)
        return sequences, by_record, stats

    def slider_max(self, steps):
        return max(0, steps - 1)

    def plot_index(self, row):
        """Rows are rounds, from 0 (None: the final model, the last row)."""
        return self.steps() - 1 if row is None else row

    def step_text(self, model, at):
        rows, steps = self.table.rows, self.steps()
        size = rows[at]["after"] + sum(1 for p in model.pieces if p.type != NORMAL)
        if at == steps - 1:
            return self.tr("Final model · vocabulary %1").replace("%1", f"{size:,}")
        return self.tr("Round %1 of %2 · vocabulary %3").replace("%1", rows[at]["label"]).replace(
            "%2", str(max(0, steps - 1))).replace("%3", f"{size:,}")

    def progress_text(self, done):
        return self.tr("Training: pruning round %1").replace("%1", f"{done:,}")

    def trained_text(self, model):
        rounds = len(model.trace.rounds)
        text = grouped(self.tr("Trained %n pruning round(s) (vocabulary %1): %2.", "", rounds), rounds).replace(
            "%1", f"{model.vocab_size:,}").replace("%2", stop_reason(model.trace))
        skipped = model.trace.skipped_words
        if skipped:
            limit = model.trace.settings.get("max_word_bytes", UNIGRAM_MAX_WORD_BYTES)
            text += " " + self.tr("%n word(s) over %1 bytes left out, as SentencePiece leaves out long sentences.",
                                  "", skipped).replace("%1", f"{limit:,}")
        return text

    def limit_text(self, k):
        rows = self.table.rows
        if k >= len(rows) - 1:
            return self.tr("Use the final model:")  # its row is the final cut, not a round
        return self.tr("Use the model after pruning round %1:").replace("%1", rows[k]["label"])

    def sample_summary(self, model, tokens, full, k):
        if k >= self.steps() - 1:
            return self.tr("%n token(s) with the final model", "", tokens)
        return self.tr("%n token(s) after this round", "", tokens) + " " + self.tr(
            "(%1 with the final model)").replace("%1", str(full))

    def set_sample(self, text):
        if self.table.sample != text:
            self.table.set_sample(text)

    def sample_tokens(self, model, text, k):
        cut = model if k is None else row_model(model, k)
        return [visible(t) for t in cut.encode(text).tokens]
