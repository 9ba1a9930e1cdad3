"""What the shared trainer runs for each purpose a view trains for: its
inputs, the work a worker thread runs, and where the result goes in the
workspace.  Kept in core, beside the workspace it reads, so the GUI's
trainer (gui/shell/workers.py) branches on no algorithm and names no kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core.errors import Cancelled
from core.models import byte_bpe, char_bpe, wordpiece
from core.models.unigram import training


@dataclass(frozen=True)
class Recipe:
    """What the trainer runs for one purpose, so that it branches on none.

    ``inputs(workspace, tie, vocab_size)``: what a run depends on (a request
    with the running run's inputs does not restart it); ``work(workspace,
    inputs)``: the task's ``fn(progress, should_stop)``, made on the GUI
    thread; ``adopt(workspace, result)``: where the result goes.
    """

    inputs: Callable
    work: Callable
    adopt: Callable


def _char_inputs(workspace, tie, vocab_size):
    s = workspace.settings
    return (workspace.corpus, s.merges, s.vocab_size, tie or s.tie)


def _other_inputs(workspace, tie, vocab_size):
    """Byte-level BPE trains to a number of merges, WordPiece and Unigram to a vocabulary size."""
    return (workspace.corpus, workspace.records, workspace.settings.pretokenizer, vocab_size)


def _char_work(workspace, inputs):
    corpus, merges, vocab_size, policy = inputs

    def work(progress, should_stop):
        model = char_bpe.train(corpus, merges=merges, vocab_size=vocab_size, tie=policy,
                               progress=lambda step, total: progress(step, total or 0),
                               should_stop=should_stop)
        model.vocab_sizes()  # cached on the model; 16 ms of the GUI thread's turn otherwise
        return model
    return work


def _byte_work(workspace, inputs):
    # Taken now, on the GUI thread: the worker must not read a workspace being edited.
    records, pretokenizer = workspace.byte_training_input()
    merges = workspace.settings.merges or 0

    def work(progress, should_stop):
        model = byte_bpe.train(records, merges, pretokenizer=pretokenizer,
                               progress=lambda step, total: progress(step, total or 0), should_stop=should_stop)
        if model.cancelled:
            raise Cancelled  # the previous result is kept, as for char BPE
        return model, records, pretokenizer
    return work


def _wordpiece_work(workspace, inputs):
    words, vocab_size = workspace.wordpiece_training_input(), inputs[-1]

    def work(progress, should_stop):
        model = wordpiece.train(words, vocab_size=vocab_size, progress=progress, should_stop=should_stop)
        if model.trace.stop_reason == "cancelled":
            raise Cancelled
        return model, words
    return work


def _unigram_work(workspace, inputs):
    (source, data), vocab_size = workspace.unigram_training_input(), inputs[-1]

    def work(progress, should_stop):
        words = training.sentence_corpus(data) if source == "records" else training.normalized_corpus(data)
        model = training.train(words, vocab_size=vocab_size, keep_rounds=True, progress=progress,
                               should_stop=should_stop)
        if model.trace.stop_reason == "cancelled":
            raise Cancelled
        return model, words
    return work


def _adopt_other(kind):
    # What it learned from goes with the model: the asset made of it records that data.
    return lambda workspace, result: workspace.adopt_other(kind, result[0], result[1])


# Each purpose a view trains for: char BPE ("main", and "compare" under another
# tie rule), and the merge timeline's other algorithms, adopted by their kind.
RECIPES = {
    "main": Recipe(_char_inputs, _char_work, lambda workspace, model: workspace.adopt(model)),
    "compare": Recipe(_char_inputs, _char_work, lambda workspace, model: workspace.set_comparison(model)),
    "byte": Recipe(lambda workspace, tie, vocab_size: _other_inputs(workspace, tie, workspace.settings.merges),
                   _byte_work, _adopt_other("byte-bpe")),
    "wordpiece": Recipe(_other_inputs, _wordpiece_work, _adopt_other("wordpiece")),
    "unigram": Recipe(_other_inputs, _unigram_work, _adopt_other("unigram")),
}
