"""What the merge timeline asks of an algorithm, so the view names none.

One small subclass per algorithm (:mod:`.char`, :mod:`.byte`,
:mod:`.wordpiece`, :mod:`.unigram`) holds what differs: its step table, the
trainer purpose and tokenizer kind, the unit words (merge, step, pruning
round), the slider's range, the vocabulary at a step and the sample's
segmentation with the model cut there.  :mod:`.algorithms` maps the
selector's entries to them.  The defaults here are the BPE ones; their
texts name this class (``TimelineAlgorithm.tr``): ``self.tr`` would look
them up under the subclass's name.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from ..widgets.fit_columns import fit_columns
from ..widgets.placeholders import grouped


class TimelineAlgorithm(QObject):
    key = ""  # the algorithm selector's data
    purpose = ""  # the trainer's purpose (gui.shell.workers.Trainer)
    kind = ""  # the tokenizer kind it trains (core.workspace.workspace.ALL_TRAINED)
    name = ""  # QT_TRANSLATE_NOOP("timeline", ...): the selector's entry
    table_class = None  # the step table model
    stretch: int | None = None  # the step view's stretched column, and its widths (gui/shell/zoom.py pixels)
    widths: tuple = ()
    fitted: tuple = ()  # columns fitted to their contents when a model is shown
    capped: tuple = ()  # columns fitted up to 130 pixels
    plot_kind = "merges"  # gui.timeline.plots: what the x axis counts
    sized = False  # trains to the vocabulary box's size, not the workspace's number of merges
    # The selected step is the workspace's (shared with every window and the
    # lessons; the pair pane and Compare read its trace), not a row of this table.
    workspace_step = False

    def __init__(self, workspace, parent):
        super().__init__(parent)
        self.workspace = workspace
        self.table = self.table_class(parent)
        self.source = ()  # what the shown model learned from, as the trainer returned it

    # ==== the trained model ====

    def model(self):
        """The trained model on show, or None."""
        return self.table.model

    def restore(self, model) -> None:
        """Show a model the workspace held before this view was made."""
        self.table.set_model(model)

    def adopt(self, result):
        """Show the trainer's result (the model, then what it learned from); returns the model."""
        model, *source = result
        self.source = tuple(source)
        self.table.set_model(model)
        return model

    def fit(self, view) -> None:
        fit_columns(view, self.fitted)
        if self.capped:  # long pieces would squeeze the columns beside them out
            fit_columns(view, self.capped, cap=130)

    def plot_job(self, model):
        """``(sequences, by_record, stats)``: the plots' divisor, whether it
        counts records (else words), and ``stats(progress, should_stop)`` for a worker."""
        raise NotImplementedError

    # ==== steps ====

    def steps(self) -> int:
        return self.table.rowCount()

    def slider_max(self, steps: int) -> int:
        return steps

    def plot_index(self, row: int | None) -> int:
        """The plots' index of table row ``row`` (None: the trained model): row r is after r + 1 steps."""
        return self.steps() if row is None else row + 1

    def vocab_at(self, model, at: int) -> int:
        return model.vocab_size - len(model.merges) + at

    def step_text(self, model, at: int) -> str:
        return TimelineAlgorithm.tr("Step %1 of %2 · vocabulary %3").replace("%1", f"{at:,}").replace(
            "%2", f"{self.steps():,}").replace("%3", f"{self.vocab_at(model, at):,}")

    # ==== words ====

    def progress_text(self, done: int) -> str:
        return TimelineAlgorithm.tr("Training: merge %1").replace("%1", f"{done:,}")

    def trained_text(self, model) -> str:
        raise NotImplementedError

    def limit_text(self, k: int) -> str:
        return grouped(TimelineAlgorithm.tr("Use only the first %n merge(s):", "", k), k)

    def used_text(self, k: int) -> str:
        return TimelineAlgorithm.tr("with %n merge(s)", "", k)

    def sample_summary(self, model, tokens: int, full: int, k: int) -> str:
        every = TimelineAlgorithm.tr("(%1 with all %2)").replace("%1", str(full)).replace("%2", f"{self.steps():,}")
        return " ".join((TimelineAlgorithm.tr("%n token(s)", "", tokens), grouped(self.used_text(k), k), every))

    # ==== the sample ====

    def set_sample(self, text: str) -> None:
        """The sample text changed (a table that shows it per row follows)."""

    def sample_tokens(self, model, text: str, k: int | None) -> list[str]:
        """The sample's tokens with ``model`` cut after ``k`` steps (None: whole), spaces made visible."""
        raise NotImplementedError
