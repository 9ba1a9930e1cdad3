"""WordPiece in the merge timeline: each step's winner with its score and
the score's three terms, the runner-up, the new ``##`` piece; and the
plot series; and its strategy (:class:`WordPieceTimeline`).

The score is the Hugging Face course's ``count(ab) / (count(a)·count(b))``
(core.models.wordpiece), shown as the exact fraction and its value.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from core.models.char_bpe import merge_symbols
from core.models.wordpiece import Candidate, WordPiece, initial_symbols
from core.render import visible

from ..shell.workers import Cancelled
from ..widgets.placeholders import grouped
from .models import ALIGNMENT, DISPLAY, RIGHT, TOOLTIP, StepTable
from .strategy import TimelineAlgorithm
from .texts import stop_reason

def base_size(model) -> int:
    """Entries before the first merge: [UNK], the specials, the alphabet."""
    s = model.trace.settings
    return len(dict.fromkeys((s["unk"], *s["specials"], *model.trace.alphabet)))

def vocab_sizes(model) -> list[int]:
    """Vocabulary size after 0, 1, ..., N steps (a step that makes a known piece adds none)."""
    sizes = [base_size(model)]
    known = set(model.vocab[:sizes[0]])
    for step in model.trace.steps:
        known.add(step.new_symbol)
        sizes.append(len(known))
    return sizes

def model_at(model, step: int) -> WordPiece:
    """The vocabulary as it stood after ``step`` steps, encoding greedily as WordPiece does."""
    return WordPiece(model.vocab[:vocab_sizes(model)[step]], unk=model.unk, prefix=model.prefix)

def token_totals(model, should_stop=None) -> list[int]:
    """Total corpus tokens after 0, 1, ..., N steps: the trainer's merges replayed on every word."""
    trace = model.trace
    prefix = trace.settings["prefix"]
    words = [initial_symbols(w, prefix) for w in trace.corpus.words]
    counts = trace.corpus.counts
    totals = [sum(len(w) * c for w, c in zip(words, counts))]
    for number, step in enumerate(trace.steps):
        if should_stop is not None and not number % 8 and should_stop():
            raise Cancelled
        left, right = step.pair
        for index, symbols in enumerate(words):
            if len(symbols) > 1:
                words[index] = merge_symbols(symbols, left, right, step.new_symbol)
        totals.append(sum(len(w) * c for w, c in zip(words, counts)))
    return totals

def pair_text(pair) -> str:
    return f"{visible(pair[0])} + {visible(pair[1])}"

def score_text(candidate) -> str:
    """``3/(4·5) = 0.15``: the three terms, then the value."""
    return f"{candidate.pair_count}/({candidate.left_count}·{candidate.right_count}) = {float(candidate.score):.4g}"

def winner(step) -> Candidate:
    return Candidate(step.pair, step.pair_count, step.left_count, step.right_count)

class WordPieceTableModel(StepTable):
    """Row k-1 is WordPiece step k."""

    headers = (QT_TRANSLATE_NOOP("timeline", "Step"), QT_TRANSLATE_NOOP("timeline", "Pair"),
               QT_TRANSLATE_NOOP("timeline", "New piece"), QT_TRANSLATE_NOOP("timeline", "count(ab)"),
               QT_TRANSLATE_NOOP("timeline", "count(a)"), QT_TRANSLATE_NOOP("timeline", "count(b)"),
               QT_TRANSLATE_NOOP("timeline", "Score"), QT_TRANSLATE_NOOP("timeline", "Runner-up"),
               QT_TRANSLATE_NOOP("timeline", "Tied pairs"))


    def data(self, index, role=DISPLAY):
        if role not in (DISPLAY, ALIGNMENT, TOOLTIP) or not index.isValid():
            return None
        step, column = self.steps[index.row()], index.column()
        if role == DISPLAY:
            if column == 7:
                up = step.runner_up
                return "—" if up is None else f"{pair_text(up.pair)} ({float(up.score):.4g})"
            return (str(step.step), pair_text(step.pair), visible(step.new_symbol), str(step.pair_count),
                    str(step.left_count), str(step.right_count), score_text(winner(step)), "",
                    str(len(step.ties)) + ("+" if len(step.ties) >= 64 else ""))[column]
        if role == ALIGNMENT:
            return RIGHT if column in (0, 3, 4, 5, 8) else None
        if column == 7 and step.runner_up is not None:
            return QCoreApplication.translate("timeline", "Runner-up score: %1").replace(
                "%1", score_text(step.runner_up))
        if column == 6:
            return QCoreApplication.translate(
                "timeline", "score = count(ab) / (count(a)·count(b)) = %1 / (%2 × %3)").replace(
                "%1", str(step.pair_count)).replace("%2", str(step.left_count)).replace("%3", str(step.right_count))
        if column == 8 and len(step.ties) > 1:
            return QCoreApplication.translate(
                "timeline", "Pairs with the same score; the smallest by symbol strings wins: %1").replace(
                "%1", ", ".join(pair_text(p) for p in step.ties[:12]) + (" …" if len(step.ties) > 12 else ""))
        return None


class WordPieceTimeline(TimelineAlgorithm):
    """Trains to the vocabulary box's size; its steps are WordPiece steps, not merges."""

    key = purpose = kind = "wordpiece"
    name = QT_TRANSLATE_NOOP("timeline", "WordPiece")
    table_class = WordPieceTableModel
    stretch, widths = None, (40, 110, 80, 60, 60, 60, 150, 160, 50)
    fitted, capped = (0, 3, 4, 5, 6, 8), (1, 2)  # pairs of long pieces would squeeze the runner-up out
    plot_kind = "steps"
    sized = True

    def plot_job(self, model):
        def stats(progress, should_stop):
            return ([s.pair_count for s in model.trace.steps], vocab_sizes(model),
                    token_totals(model, should_stop))
        return model.trace.corpus.total, False, stats

    def vocab_at(self, model, at):
        return vocab_sizes(model)[at]

    def progress_text(self, done):
        return self.tr("Training: vocabulary %1").replace("%1", f"{done:,}")

    def trained_text(self, model):
        steps = len(model.trace.steps)
        return grouped(self.tr("Trained %n WordPiece step(s) (vocabulary %1): %2.", "", steps), steps).replace(
            "%1", f"{model.vocab_size:,}").replace("%2", stop_reason(model.trace))

    def limit_text(self, k):
        return grouped(self.tr("Use only the first %n step(s):", "", k), k)

    def used_text(self, k):
        return self.tr("with %n step(s)", "", k)

    def sample_tokens(self, model, text, k):
        cut = model if k is None else model_at(model, k)
        return [visible(t) for t in cut.encode(text).tokens]
