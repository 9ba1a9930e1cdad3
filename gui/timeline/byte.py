"""Byte-level BPE in the merge timeline: its merge table, its plot series
and its strategy (:class:`ByteTimeline`).

Byte-level steps are IDs over bytes, not symbol strings, so they get their
own table model instead of branches in every column of the char-BPE one.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from core.models import byte_train
from core.models.byte_bpe import ByteBPE
from core.render import render_piece

from ..shell.workers import Cancelled
from .models import ALIGNMENT, DISPLAY, FONT, MONOSPACE, RIGHT, STOP_EVERY, TOOLTIP, StepTable
from .strategy import TimelineAlgorithm


def token_totals(model, records, pretokenizer, should_stop=None) -> list[int]:
    """Total tokens after 0, 1, ..., N merges, in one replay per pre-token.

    Each pre-token merges its lowest-ranked pair (leftmost first) as
    ``ByteBPE`` encodes, and books its length drop on that rank; a rank's
    every occurrence in the chunk merges in one pass, as ``str.replace``.
    """
    ranks = {(m.left, m.right): m for m in model.merges}
    drops = [0] * (len(model.merges) + 1)
    total = 0
    # The trainer's own pre-token count: the same chunks it merged.
    for index, (chunk, times) in enumerate(byte_train.count_words(records, pretokenizer).items()):
        if should_stop is not None and not index % STOP_EVERY and should_stop():
            raise Cancelled
        symbols = list(chunk)
        total += len(symbols) * times
        while len(symbols) > 1:
            best = min((ranks[p] for p in zip(symbols, symbols[1:]) if p in ranks),
                       key=lambda m: m.rank, default=None)
            if best is None:
                break
            merged, i = [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == (best.left, best.right):
                    merged.append(best.new_id)
                    i += 2
                else:
                    merged.append(symbols[i])
                    i += 1
            drops[best.rank] += (len(symbols) - len(merged)) * times
            symbols = merged
    totals = [total]
    for drop in drops[1:]:
        totals.append(totals[-1] - drop)
    return totals


def pair_ids(step) -> str:
    return f"{step.left} + {step.right}"


def pair_hex(model, step) -> str:
    return " + ".join(model.token_bytes(i).hex(" ").upper() for i in (step.left, step.right))


def pair_readable(model, step) -> str:
    return " + ".join(render_piece(model.token_bytes(i)) for i in (step.left, step.right))


class ByteMergeTableModel(StepTable):
    """Row k-1 is byte-level merge k."""

    headers = (QT_TRANSLATE_NOOP("timeline", "Step"), QT_TRANSLATE_NOOP("timeline", "Pair (IDs)"),
               QT_TRANSLATE_NOOP("timeline", "Pair (hex bytes)"), QT_TRANSLATE_NOOP("timeline", "Pair (text)"),
               QT_TRANSLATE_NOOP("timeline", "New ID"), QT_TRANSLATE_NOOP("timeline", "Count"),
               QT_TRANSLATE_NOOP("timeline", "Tied pairs"))

    @staticmethod
    def steps_of(model) -> tuple:
        return model.merges

    def data(self, index, role=DISPLAY):
        if role not in (DISPLAY, ALIGNMENT, FONT, TOOLTIP) or not index.isValid():
            return None
        step, column = self.steps[index.row()], index.column()
        if role == DISPLAY:
            return (str(step.rank), pair_ids(step), pair_hex(self.model, step), pair_readable(self.model, step),
                    str(step.new_id), str(step.count), str(step.tie_count))[column]
        if role == ALIGNMENT:
            return RIGHT if column in (0, 4, 5, 6) else None
        if role == FONT:
            return MONOSPACE if column in (1, 2) else None
        if column == 3:
            return QCoreApplication.translate(
                "timeline", "New token: %1").replace("%1", render_piece(step.token_bytes))
        return None


class ByteTimeline(TimelineAlgorithm):
    """Learns from the records (no whitespace split) or the words, as the workspace gives them."""

    key, purpose, kind = "byte", "byte", "byte-bpe"
    name = QT_TRANSLATE_NOOP("timeline", "Byte-level BPE")
    table_class = ByteMergeTableModel
    stretch, widths = 3, (48, 90, 130, 0, 56, 56, 56)
    fitted = (0, 1, 2, 4, 5, 6)

    def restore(self, model):
        self.source = (self.workspace.trained_sources.get(self.kind), model.pretokenizer)
        super().restore(model)

    def plot_job(self, model):
        records, pretokenizer = self.source
        by_record = isinstance(records, tuple)
        sequences = len(records) if by_record else sum(records.values())
        counts, sizes = [m.count for m in model.merges], range(model.vocab_size - len(model.merges),
                                                                model.vocab_size + 1)

        def stats(progress, should_stop):
            return counts, list(sizes), token_totals(model, records, pretokenizer, should_stop)
        return sequences, by_record, stats

    def trained_text(self, model) -> str:
        text = self.tr("Trained %n byte-level merge(s).", "", len(model.merges))
        records, pretokenizer = self.source
        if isinstance(records, tuple) and self.workspace.settings.pretokenizer != pretokenizer:
            text += " " + self.tr("Byte-level BPE has no whitespace split: it learned from whole records.")
        return text

    def sample_tokens(self, model, text, k):
        cut = model if k is None else ByteBPE(model.merges[:k], specials=model.specials,
                                               pretokenizer=model.pretokenizer)
        return [render_piece(piece) for piece in cut.encode(text).tokens]
