"""The merge timeline trains byte-level BPE, WordPiece and Unigram on the
workspace corpus (issue 17): each one's first step as the core trainer
computes it, WordPiece's score terms checked by hand, stepping, cancel,
retraining when the corpus changes, and the trained tokenizer offered by
the encode panel and Compare."""

import threading

import pytest
from PySide6.QtCore import Qt

from core.corpus import WordCorpus
from core.models import byte_bpe, wordpiece
from core.models.unigram import round_model, training
from core.render import render_piece, visible
from core.assets import classroom
from core.workspace import records as rec
from core.workspace.workspace import Workspace
from gui.shell import workers
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow
from gui.timeline import MergeTimeline

VOCAB = 80


def cell(model, row, column):
    return model.data(model.index(row, column), Qt.DisplayRole)


@pytest.fixture(autouse=True)
def no_threads_left():
    yield
    workers.shutdown()


def classroom_workspace():
    """The 24 classroom records in records mode, split at whitespace (the default)."""
    workspace = Workspace.example()
    workspace.set_records(rec.Records.from_text("\n".join(classroom.records()) + "\n"))
    assert workspace.settings.pretokenizer == "whitespace"
    return workspace


@pytest.fixture
def timeline(qtbot):
    view = MergeTimeline(WorkspaceBridge(classroom_workspace()))
    qtbot.addWidget(view)
    view.resize(1180, 720)
    view.show()
    view.vocab_box.setValue(VOCAB)
    return view


def choose(view, qtbot, algorithm):
    """Pick ``algorithm`` in the selector and wait for its training."""
    index = view.algorithm_box.findData(algorithm)
    purpose = "main" if algorithm == "char" else algorithm
    with qtbot.waitSignal(view.trainer.sig_training_finished, timeout=20000,
                          check_params_cb=lambda p, _model: p == purpose):
        view.algorithm_box.setCurrentIndex(index)
        view.algorithm_box.activated.emit(index)
    assert view.merge_stack.currentWidget() is view.views[purpose]


# ==== byte-level BPE: records, not the word table ====

def test_byte_level_bpe_learns_from_the_records_and_samples_with_the_byte_model(timeline, qtbot):
    workspace = timeline.workspace
    choose(timeline, qtbot, "byte")
    records = classroom.records()
    expected = byte_bpe.train(records, workspace.settings.merges, pretokenizer="none")
    table = timeline.byte_merge_model
    first = expected.merges[0]
    # ": " only exists across a space: the word table would never see it.
    assert [cell(table, 0, c) for c in range(6)] == [
        "1", "58 + 32", "3A + 20", ": + ␣", "259", str(first.count)]
    assert workspace.byte_model.merges == expected.merges
    assert "whole records" in timeline.status.text()
    # the sample and the vocabulary label read the byte model, not char BPE
    timeline.sample_edit.setText("pen: blue")
    assert timeline.sample_tokens() == [render_piece(p) for p in expected.encode("pen: blue").tokens]
    timeline.byte_view.selectRow(0)
    assert timeline.step_label.text() == f"Step 1 of {len(expected.merges)} · vocabulary 260"
    assert timeline.sample_tokens() == [
        render_piece(p) for p in byte_bpe.ByteBPE(expected.merges[:1]).encode("pen: blue").tokens]
    assert "␣" in "".join(timeline.sample_tokens())


def test_byte_mode_retrains_when_the_corpus_changes(timeline, qtbot):
    choose(timeline, qtbot, "byte")
    workspace = timeline.workspace
    lines = ["zz zz zz"] * 3 + list(workspace.records.lines)
    with qtbot.waitSignal(timeline.trainer.sig_training_finished, timeout=20000,
                          check_params_cb=lambda p, _model: p == "byte"):
        workspace.insert_records(0, lines[:3], ["\n"] * 3)
    expected = byte_bpe.train(lines, workspace.settings.merges, pretokenizer="none")
    assert workspace.byte_model.merges == expected.merges
    assert cell(timeline.byte_merge_model, 0, 3) == render_piece(expected.merges[0].token_bytes[:1]) + " + " + \
        render_piece(expected.merges[0].token_bytes[1:])


# ==== WordPiece ====

def test_wordpiece_first_step_is_the_core_trainers_with_its_score_terms(timeline, qtbot):
    choose(timeline, qtbot, "wordpiece")
    words = rec.word_corpus(timeline.workspace.records, "whitespace")
    expected = wordpiece.train(words, vocab_size=VOCAB)
    step = expected.trace.steps[0]
    table = timeline.wordpiece_model
    assert table.rowCount() == len(expected.trace.steps)
    score = f"{step.pair_count}/({step.left_count}·{step.right_count}) = {float(step.score):.4g}"
    assert [cell(table, 0, c) for c in range(7)] == [
        "1", f"{step.pair[0]} + {step.pair[1]}", step.new_symbol, str(step.pair_count), str(step.left_count),
        str(step.right_count), score]
    up = step.runner_up
    assert cell(table, 0, 7) == f"{up.pair[0]} + {up.pair[1]} ({float(up.score):.4g})"
    tip = table.data(table.index(0, 7), Qt.ToolTipRole)
    assert tip.endswith(f"{up.pair_count}/({up.left_count}·{up.right_count}) = {float(up.score):.4g}")
    assert timeline.workspace.trained_others["wordpiece"].vocab == expected.vocab


def test_wordpiece_score_terms_by_hand_on_the_course_corpus(qtbot):
    """hug×10 pug×5 pun×12 bun×4 hugs×5: units h 15, ##u 36, ##g 20, ##s 5 ...;
    every pair with ##u scores 1/36 (count(ab) equals the other unit's count),
    ##g + ##s scores 5/(20·5) = 1/20 and wins; the runner-up is the smallest of
    the 1/36 pairs by symbol strings, ##u + ##g, 20/(36·20)."""
    workspace = Workspace.example()
    workspace.set_corpus(WordCorpus.from_pairs([("hug", 10), ("pug", 5), ("pun", 12), ("bun", 4), ("hugs", 5)]))
    view = MergeTimeline(WorkspaceBridge(workspace))
    qtbot.addWidget(view)
    view.show()
    view.vocab_box.setValue(12)
    choose(view, qtbot, "wordpiece")
    table = view.wordpiece_model
    assert [cell(table, 0, c) for c in range(8)] == [
        "1", "##g + ##s", "##gs", "5", "20", "5", "5/(20·5) = 0.05", "##u + ##g (0.02778)"]
    assert table.data(table.index(0, 7), Qt.ToolTipRole) == "Runner-up score: 20/(36·20) = 0.02778"
    # stepping through: forward and back move the selected row and the label
    view.step_by(1)
    assert view.wordpiece_view.currentIndex().row() == 0
    assert view.step_label.text().startswith("Step 1 of ")
    view.step_by(1)
    assert view.wordpiece_view.currentIndex().row() == 1
    view.step_by(-1)
    assert view.wordpiece_view.currentIndex().row() == 0
    # after step 1 the vocabulary holds ##gs: "hugs" is h ##u ##gs
    view.sample_edit.setText("hugs")
    assert view.sample_tokens() == ["h", "##u", "##gs"]


# ==== Unigram ====

def test_unigram_rounds_are_the_core_trainers_with_the_sample_after_each(timeline, qtbot):
    choose(timeline, qtbot, "unigram")
    sentences = training.sentence_corpus(timeline.workspace.records.lines)
    expected = training.train(sentences, vocab_size=VOCAB, keep_rounds=True)
    table = timeline.unigram_model
    first = expected.trace.rounds[0]
    assert table.rowCount() == len(expected.trace.rounds) + 1  # the rounds, then the final cut
    assert [cell(table, 0, c) for c in range(4)] == [
        "1", f"{first.size_before:,} → {first.size_after:,}", f"{first.log_likelihood:.2f}",
        f"{first.removed_count:,}"]
    piece, loss = first.removed[0]
    shown = visible(piece) + (" (unused)" if loss == float("-inf") else f" ({loss:.3g})")
    assert cell(table, 0, 4).startswith(shown)
    timeline.sample_edit.setText("red key")
    pieces = round_model(expected, 0).encode("red key").tokens
    assert cell(table, 0, 5) == " ".join(visible(p) for p in pieces) and "▁" in cell(table, 0, 5)
    last = table.rowCount() - 1
    assert cell(table, last, 0) == "final"
    assert cell(table, last, 5) == " ".join(visible(p) for p in expected.encode("red key").tokens)
    # the plots: one likelihood per row
    qtbot.waitUntil(lambda: len(timeline.plots.counts) == table.rowCount(), timeout=10000)
    assert timeline.plots.counts[0] == first.log_likelihood


# ==== cancel, and the encode panel ====

@pytest.mark.parametrize("algorithm, module, name", [
    ("wordpiece", wordpiece, "train"), ("unigram", training, "train")])
def test_cancel_stops_the_run_and_keeps_the_previous_result(timeline, qtbot, monkeypatch, algorithm, module, name):
    choose(timeline, qtbot, algorithm)
    before = timeline.other_models[algorithm].model
    real, started = getattr(module, name), threading.Event()

    def held_until_cancelled(words, **options):
        started.set()
        stop = options["should_stop"]
        while not stop():  # the real trainer then sees the flag at once
            threading.Event().wait(0.01)
        return real(words, **options)

    monkeypatch.setattr(module, name, held_until_cancelled)
    timeline.vocab_box.setValue(VOCAB + 5)
    timeline.train()
    qtbot.waitUntil(started.is_set, timeout=10000)
    assert timeline.cancel_button.isEnabled()
    with qtbot.waitSignal(timeline.trainer.sig_training_cancelled, timeout=10000):
        timeline.cancel()
    assert timeline.other_models[algorithm].model is before
    assert timeline.workspace.trained_others[algorithm] is before
    assert "cancelled" in timeline.status.text()


def test_each_trained_tokenizer_is_offered_by_the_encode_panel_and_compare(qtbot):
    window = MainWindow(WorkspaceBridge(classroom_workspace()))
    qtbot.addWidget(window)
    window.show()
    view = window.panels["timeline"]
    view.vocab_box.setValue(VOCAB)
    for algorithm in ("byte", "wordpiece", "unigram"):
        choose(view, qtbot, algorithm)
    window.show_panel("encode")
    chooser = window.panels["encode"].chooser
    labels = {chooser.itemData(i): chooser.itemText(i) for i in range(chooser.count())}
    workspace = window.workspace
    assert labels["trained:byte-bpe"] == (
        f"timeline: byte-level BPE (byte-level BPE · vocab {256 + 3 + workspace.settings.merges})")
    assert labels["trained:wordpiece"] == f"timeline: WordPiece (WordPiece · vocab {VOCAB})"
    assert labels["trained:unigram"] == f"timeline: Unigram (Unigram · vocab {VOCAB})"
    # choosing one encodes with it
    chooser.setCurrentIndex(chooser.findData("trained:unigram"))
    assert workspace.encoder.model is workspace.trained_others["unigram"]
    window.show_panel("compare")
    compare = window.panels["compare"]
    names = [e.name for e in compare.entries]
    assert {"timeline: byte-level BPE", "timeline: WordPiece", "timeline: Unigram"} <= set(names)


def test_plots_whose_counting_fails_say_why(qtbot, monkeypatch):
    from gui.timeline import unigram as timeline_unigram

    monkeypatch.setattr(timeline_unigram, "series", lambda model, should_stop=None: 1 / 0)
    view = MergeTimeline(WorkspaceBridge(classroom_workspace()))
    qtbot.addWidget(view)
    view.vocab_box.setValue(VOCAB)
    choose(view, qtbot, "unigram")
    qtbot.waitUntil(lambda: "ZeroDivisionError" in view.plots.readout.text(), timeout=10000)
    assert view.plots.counts == [] and view.plots.readout.text().startswith("internal error")


def test_unigram_says_how_many_long_words_it_left_out(qtbot):
    workspace = classroom_workspace()
    lines = "\n".join(classroom.records()) + "\n" + "é" * 3000 + "\n"  # one ▁-word of 6,003 bytes
    workspace.set_records(rec.Records.from_text(lines))
    view = MergeTimeline(WorkspaceBridge(workspace))
    qtbot.addWidget(view)
    view.vocab_box.setValue(VOCAB)
    choose(view, qtbot, "unigram")
    assert view.status.text().endswith(
        " 1 word over 4,192 bytes left out, as SentencePiece leaves out long sentences.")
    # The plots count that word's tokens too: é has no piece, so it is one unknown token.
    table = view.other_models["unigram"]
    qtbot.waitUntil(lambda: len(view.plots.counts) == table.rowCount(), timeout=10000)
