"""The merge timeline: retrains off the GUI thread when the corpus changes,
shows every merge through a table model, the pair table and segmentation at
a step, the k-merge slider, plots with export, and where two tie policies
diverge."""

import random
import time

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QWidget

from core.models.char_bpe import train
from core.corpus import WordCorpus
from core.workspace.workspace import TrainSettings, Workspace
from gui.shell import workers
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow
from gui.timeline import MergeTimeline
from gui.timeline.models import (
    first_divergence, pair_rows, parameter_cost, token_totals,
)

SEED_004 = WordCorpus.from_pairs([("low", 5), ("lowest", 2), ("newer", 6), ("wider", 3), ("new", 2)])


def cell(model, row, column):
    return model.data(model.index(row, column), Qt.DisplayRole)


@pytest.fixture(autouse=True)
def no_threads_left():
    yield
    workers.shutdown()


@pytest.fixture
def timeline(qtbot):
    view = MergeTimeline(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(view)
    view.resize(1180, 720)
    view.show()
    return view


def shown_step(view, step):
    return view.shown_pairs is not None and view.shown_pairs["step"] == step


# ==== must show: seed 000, exercise 1, edited in the corpus editor ====

def test_editing_new_twice_in_the_corpus_editor_retrains_the_timeline(qtbot):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    window.show()
    editor, timeline = window.panels["corpus"], window.panels["timeline"]
    merges = timeline.merge_model
    assert (cell(merges, 0, 1), cell(merges, 0, 2)) == ("l + o", "3")
    proxy = editor.proxy
    row = next(r for r in range(proxy.rowCount()) if cell(proxy, r, 0) == "new")
    assert proxy.setData(proxy.index(row, 1), "2", Qt.EditRole)
    assert window.workspace.stale
    qtbot.waitUntil(lambda: (cell(merges, 0, 1), cell(merges, 0, 2)) == ("w + </w>", "4"), timeout=5000)
    assert not window.workspace.stale
    # The pair table before merge 1: w + </w> alone at 4, l + o and o + w at 3.
    window.workspace.select_step(1)
    qtbot.waitUntil(lambda: shown_step(timeline, 1))
    pairs = timeline.pair_model
    assert [(cell(pairs, r, 0), cell(pairs, r, 1)) for r in range(3)] == [
        ("w + </w>", "4"), ("l + o", "3"), ("o + w", "3")]
    assert cell(pairs, 0, 2) == "winner" and cell(pairs, 1, 2) == ""
    assert "not needed" in timeline.rule_label.text()
    # Undo in the editor brings the original first merge back.
    editor.undo_stack.undo()
    qtbot.waitUntil(lambda: cell(merges, 0, 1) == "l + o", timeout=5000)


# ==== the selected step ====

def test_step_1_pair_table_has_the_tie_set_winner_and_rule(timeline, qtbot):
    timeline.workspace.select_step(1)
    qtbot.waitUntil(lambda: shown_step(timeline, 1))
    pairs = timeline.pair_model
    assert pairs.rowCount() == 8
    assert [cell(pairs, r, 0) for r in range(3)] == ["l + o", "o + w", "w + </w>"]
    assert [cell(pairs, r, 2) for r in range(4)] == ["winner", "tied", "tied", ""]
    assert pairs.data(pairs.index(0, 0), Qt.BackgroundRole) != pairs.data(pairs.index(1, 0), Qt.BackgroundRole)
    assert pairs.data(pairs.index(3, 0), Qt.BackgroundRole) is None
    assert cell(pairs, 0, 4) == "low ×2, lower ×1"
    assert [cell(pairs, r, 3) for r in range(4)] == ["“l”, “o”", "“o”, “w”", "“w”, “</w>”", ""]
    text = timeline.rule_label.text()
    assert "l + o wins with count 3" in text and "3 pairs tie" in text and "lexicographic" in text
    seg = timeline.segmentation_model
    assert [cell(seg, r, 3) for r in range(3)] == ["lo w </w>", "lo w e r </w>", "n e w </w>"]
    # Words the merge changed are shaded; new is not.
    assert seg.data(seg.index(0, 3), Qt.BackgroundRole) is not None
    assert seg.data(seg.index(2, 3), Qt.BackgroundRole) is None


def test_step_4_the_tie_of_six_pairs_at_count_1(timeline, qtbot):
    timeline.merge_view.selectRow(3)
    assert timeline.workspace.step == 4
    qtbot.waitUntil(lambda: shown_step(timeline, 4))
    pairs = timeline.pair_model
    assert [cell(pairs, r, 0) for r in range(2)] == ["e + r", "e + w"]
    assert sum(cell(pairs, r, 2) != "" for r in range(pairs.rowCount())) == 6
    assert cell(timeline.merge_model, 3, 5) == "6: e + r, e + w, low + e …"
    assert [cell(timeline.segmentation_model, r, 3) for r in range(3)] == [
        "low</w>", "low er </w>", "n e w </w>"]


def test_step_back_forward_and_play(timeline, qtbot):
    workspace = timeline.workspace
    timeline.back_button.click()
    assert workspace.step == 3
    timeline.forward_button.click()
    assert workspace.step == 4 and not timeline.forward_button.isEnabled()
    timeline._play_timer.setInterval(20)
    timeline.play_button.click()  # at the end, play starts over from 0
    assert workspace.step == 0 and timeline.play_button.text() == "⏸ Pause"
    qtbot.waitUntil(lambda: not timeline.play_button.isChecked(), timeout=3000)
    assert workspace.step == 4 and timeline.play_button.text() == "▶ Play"


def test_slider_uses_only_the_first_k_merges_for_the_sample(timeline):
    timeline.sample_edit.setText("lower")
    timeline.limit_slider.setValue(2)
    assert timeline.sample_tokens() == ["low", "e", "r", "</w>"]
    assert "4 tokens with 2 merges (3 with all 4)" in timeline.sample_output.text()
    timeline.limit_slider.setValue(4)
    assert timeline.sample_tokens() == ["low", "er", "</w>"]
    timeline.sample_edit.setText("l☃w")
    assert "[UNK]" in timeline.sample_output.text()


# ==== tie policies ====

def test_compare_with_another_policy_shows_the_first_divergence(qtbot):
    workspace = Workspace(SEED_004, TrainSettings(merges=8, tie="first-seen"))
    workspace.train()
    view = MergeTimeline(WorkspaceBridge(workspace))
    qtbot.addWidget(view)
    view.compare_box.setCurrentIndex(view.compare_box.findData("lexicographic"))
    view.compare_button.click()
    qtbot.waitUntil(lambda: workspace.comparison is not None, timeout=5000)
    assert view.merge_model.divergence == 3
    assert "diverge at merge 3: first-seen picks n + e (8), lexicographic picks e + w (8)" in \
        view.divergence_label.text()
    assert cell(view.merge_model, 2, 6) == "e + w" and not view.merge_view.isColumnHidden(6)
    # Changing the main policy retrains the main timeline, then the comparison.
    view.tie_box.setCurrentIndex(view.tie_box.findData("lexicographic"))
    view.tie_box.activated.emit(view.tie_box.currentIndex())
    qtbot.waitUntil(lambda: workspace.model.trace.policy == "lexicographic" and not workspace.stale, timeout=5000)
    qtbot.waitUntil(lambda: "give the same 8 merges" in view.divergence_label.text(), timeout=5000)
    view.compare_button.click()
    assert workspace.comparison is None and view.merge_view.isColumnHidden(6)


def test_every_tie_policy_has_a_rule_text():
    from core.models.ties import POLICIES
    from gui.timeline.texts import RULES

    assert set(RULES) == set(POLICIES)


def test_hf_policy_names_the_ties_and_the_rule_and_diverges_from_lexicographic(qtbot):
    # Example 19.1, step 2: (lo, w) and (w, </w>) tie at 3; HF's IDs are
    # lo = 8, w = 7, </w> = 1, so (7, 1) wins; by strings (lo, w) would.
    workspace = Workspace.example()
    workspace.set_settings(tie="hf")
    workspace.train()
    view = MergeTimeline(WorkspaceBridge(workspace))
    qtbot.addWidget(view)
    merges = view.merge_model
    assert cell(merges, 1, 1) == "w + </w>" and cell(merges, 1, 5) == "2: w + </w>, lo + w"
    tip = merges.data(merges.index(1, 5), Qt.ToolTipRole)
    assert "2 pairs at count 3: w + </w>, lo + w. The Hugging Face rule picks w + </w>" in tip and "Hugging Face" in tip
    assert cell(merges, 2, 1) == "lo + w</w>" and cell(merges, 2, 5) == "1"
    assert merges.data(merges.index(2, 5), Qt.ToolTipRole) == "No other pair had count 2, so the count alone decides."
    workspace.select_step(2)
    qtbot.waitUntil(lambda: shown_step(view, 2))
    assert [cell(view.pair_model, r, 2) for r in range(3)] == ["winner", "tied", ""]
    assert cell(view.pair_model, 0, 0) == "w + </w>" and "the Hugging Face rule picks" in view.rule_label.text()
    assert [cell(view.pair_model, r, 3) for r in range(2)] == ["IDs 7, 1", "IDs 8, 7"]
    view.compare_box.setCurrentIndex(view.compare_box.findData("lexicographic"))
    view.compare_button.click()
    qtbot.waitUntil(lambda: workspace.comparison is not None, timeout=5000)
    assert "diverge at merge 2: Hugging Face picks w + </w> (3), lexicographic picks lo + w (3)" in \
        view.divergence_label.text()


def test_first_divergence():
    a = train(SEED_004, merges=8, tie="first-seen").trace.steps
    b = train(SEED_004, merges=8, tie="lexicographic").trace.steps
    assert first_divergence(a, b) == 3 and first_divergence(a, a) is None
    assert first_divergence(a, a[:5]) == 6


# ==== plots and export ====

def test_parameter_cost_seed_000_section_19_5():
    assert parameter_cost(291, 16) - parameter_cost(259, 16) == 2 * 32 * 16 == 1024


def test_token_totals_match_segmenting_every_word_at_every_step():
    rng = random.Random(3)
    corpus = WordCorpus.from_pairs(("".join(rng.choices("abcab", k=rng.randint(1, 9))), rng.randint(1, 4))
                                   for _ in range(60))
    model = train(corpus, merges=40, tie="first-seen")
    totals = token_totals(model, corpus)
    assert totals == [sum(len(model.segment(w, limit=k)) * c for w, c in corpus.items())
                      for k in range(len(model.merges) + 1)]
    # Unknown token + alphabet + the distinct new strings of the first k merges.
    assert [model.vocab_size_at(k) for k in range(len(model.merges) + 1)] == [
        1 + len(model.alphabet) + len({m.new for m in model.merges[:k]} - set(model.alphabet))
        for k in range(len(model.merges) + 1)]


def random_corpus(words, seed=3):
    rng = random.Random(seed)
    return WordCorpus.from_pairs(("".join(rng.choices("abcabd", k=rng.randint(1, 9))), rng.randint(1, 4))
                                 for _ in range(words))


def test_the_pair_table_stops_when_asked():
    # Closing the window waits for the pair-table worker: it must look at should_stop.
    trace = train(random_corpus(2000), merges=20).trace
    asked = []
    with pytest.raises(workers.Cancelled):
        pair_rows(trace, 20, lambda: asked.append(1) or len(asked) > 1)
    assert len(asked) == 2


def test_plots_follow_the_step_and_export(timeline, qtbot, tmp_path):
    plots = timeline.plots
    qtbot.waitUntil(lambda: len(plots.totals) == 5)
    # Example 19.1: 4 words' symbols 4·2 + 6 + 4 = 18 tokens; each merge shrinks them.
    assert plots.totals == [18, 15, 12, 10, 9]
    assert plots.sizes == [8, 9, 10, 11, 12]
    timeline.workspace.select_step(4)
    assert "V 8 → 12 adds 2×4×16 = 128 weights" in plots.readout.text()
    assert "4.5 → 2.25 tokens per word" in plots.readout.text()
    plots.width_box.setValue(32)
    assert "256 weights" in plots.readout.text()
    for key in plots.plots:
        for suffix in ("png", "svg"):
            path = tmp_path / f"{key}.{suffix}"
            plots.export_image(path, key)
            assert path.stat().st_size > 1000
    assert (tmp_path / "cost.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    plots.export_csv(tmp_path / "series.csv")
    lines = (tmp_path / "series.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("step,winning_count,vocab_size,total_tokens")
    assert lines[1:3] == ["0,,8,18,4.5,512", "1,3,9,15,3.75,576"]
    timeline.export_csv("merges", tmp_path / "merges.csv")
    assert (tmp_path / "merges.csv").read_text(encoding="utf-8").splitlines()[1] == '1,l + o,3,lo,8,"3: l + o, o + w, w + </w>",'


# ==== must show: 20,000 words, 5,000 merges ====

def generated_corpus(n=20_000, seed=5):
    rng = random.Random(seed)
    letters = "etaoinshrdlcumwfgypbvkjxqz"
    weights = [1 / (i + 1) ** 0.8 for i in range(len(letters))]
    table = {}
    while len(table) < n:
        word = "".join(rng.choices(letters, weights, k=rng.randint(2, 12)))
        table.setdefault(word, max(1, int(1000 / (len(table) + 1) ** 0.9)))
    return WordCorpus(tuple(table), tuple(table.values()))


def test_20000_words_5000_merges_model_progress_and_cancel(qtbot):
    workspace = Workspace(generated_corpus(), TrainSettings(merges=5000))
    view = MergeTimeline(WorkspaceBridge(workspace))
    qtbot.addWidget(view)
    view.show()
    qtbot.wait(300)  # the first paint is not what this measures
    widgets_before = len(view.findChildren(QWidget))
    progress = []
    view.trainer.sig_training_progressed.connect(lambda purpose, done, total: progress.append((done, total)))
    gaps, last = [0.0], [time.monotonic()]

    def tick():  # the GUI thread keeps running while the worker trains
        now = time.monotonic()
        gaps.append(now - last[0])
        last[0] = now

    heartbeat = QTimer(interval=20)
    heartbeat.timeout.connect(tick)
    heartbeat.start()
    started = last[0] = time.monotonic()
    with qtbot.waitSignal(view.trainer.sig_training_finished, timeout=120_000):
        view.train_button.click()
        assert view.trainer.is_running()
    elapsed = time.monotonic() - started
    heartbeat.stop()
    print(f"\n20,000 words x 5,000 merges: trained in {elapsed:.2f} s; longest GUI gap {max(gaps):.3f} s")
    assert progress and progress[-1] == (5000, 5000)  # how many arrive depends on speed
    assert all(a[0] <= b[0] for a, b in zip(progress, progress[1:]))

    model = view.merge_model
    assert model.rowCount() == 5000 and len(workspace.model.merges) == 5000
    # Let the follow-up workers (plot series, pair table) finish before timing the model.
    qtbot.waitUntil(lambda: len(view.plots.totals) == 5001 and shown_step(view, 5000), timeout=30_000)
    started = time.monotonic()
    texts = [cell(model, row, column) for row in range(5000) for column in range(6)]
    print(f"30,000 data() calls: {time.monotonic() - started:.2f} s")
    assert texts[-6] == "5000" and all(t is not None for t in texts)
    assert len(view.findChildren(QWidget)) == widgets_before, "no widget per row"

    # Selecting a late step returns before the pair table, which arrives from a worker.
    workspace.select_step(4000)
    assert not shown_step(view, 4000)
    qtbot.waitUntil(lambda: shown_step(view, 4000), timeout=30_000)
    step = workspace.model.trace.steps[3999]
    assert cell(view.pair_model, 0, 0) == f"{step.pair[0]} + {step.pair[1]}"
    assert int(cell(view.pair_model, 0, 1)) == step.count
    seg = view.segmentation_model
    assert seg.rowCount() == 20_000
    assert cell(seg, 19_999, 3) == " ".join(workspace.model.segment(workspace.corpus.words[-1], limit=4000))

    # Cancel a fresh run (another tie policy, merging until no pair is left,
    # so that it cannot end before the click).
    view.tie_box.setCurrentIndex(view.tie_box.findData("first-seen"))
    view.merges_box.setValue(1_000_000)
    progress.clear()
    with qtbot.waitSignal(view.trainer.sig_training_progressed, timeout=30_000):
        view.train_button.click()
    kept = workspace.model
    started = time.monotonic()
    with qtbot.waitSignal(view.trainer.sig_training_cancelled, timeout=30_000):
        view.cancel_button.click()
    print(f"cancelled in {time.monotonic() - started:.2f} s")
    assert workspace.model is kept and "cancelled" in view.status.text()


def test_cancel_right_after_a_settings_change_stays_cancelled(qtbot):
    """The settings change schedules an automatic retrain; cancelling must not let it restart the run."""
    workspace = Workspace(generated_corpus(), TrainSettings(merges=5000))
    view = MergeTimeline(WorkspaceBridge(workspace))
    qtbot.addWidget(view)
    started = []
    view.trainer.sig_training_started.connect(started.append)
    view.tie_box.setCurrentIndex(view.tie_box.findData("first-seen"))
    with qtbot.waitSignal(view.trainer.sig_training_cancelled, timeout=30_000):
        view.train_button.click()
        view.cancel_button.click()
    qtbot.wait(2 * view._retrain_timer.interval())
    assert started == ["main"] and not view.trainer.is_running("main")
    assert workspace.model is None and "cancelled" in view.status.text()


def test_records_mode_segments_every_record(qtbot):
    from core.workspace.records import Records

    workspace = Workspace()
    workspace.set_records(Records.from_text("low low\n  lower\tnew\n"))
    workspace.train()
    view = MergeTimeline(WorkspaceBridge(workspace))
    qtbot.addWidget(view)
    seg = view.segmentation_model
    assert seg.rowCount() == 2
    assert cell(seg, 1, 0) == "··lower⇥new"
    assert cell(seg, 0, 3) == "low</w> low</w>" and cell(seg, 1, 3) == "low er </w> n e w </w>"
    qtbot.waitUntil(lambda: len(view.plots.totals) == 5)
    assert "tokens per record" in view.plots.readout.text()


def test_a_new_training_empties_the_old_pair_table_and_the_sample_follows_the_step(timeline, qtbot):
    view = timeline
    workspace = view.workspace
    qtbot.waitUntil(lambda: workspace.model is not None and not workspace.stale, timeout=10000)
    workspace.select_step(2)
    qtbot.waitUntil(lambda: shown_step(view, 2))
    assert view.pair_model.rowCount() > 0 and view.limit_slider.value() == 2
    view._show_model(workspace.model)  # what a finished training does first
    assert view.pair_model.rowCount() == 0 and view.rule_label.text() == ""
    view.follow_box.setChecked(False)
    workspace.select_step(3)
    qtbot.waitUntil(lambda: shown_step(view, 3))
    assert view.limit_slider.value() != 3 or len(workspace.model.merges) == 3


def test_count_axes_tick_only_whole_numbers(timeline, qtbot):
    view = timeline
    qtbot.waitUntil(lambda: view.workspace.model is not None and len(view.plots.totals) > 1, timeout=10000)
    plot = view.plots.plots["counts"].plot()
    axis = plot.getPlotItem().getAxis("bottom")
    levels = axis.tickValues(0.0, 3.0, 400)
    assert levels and all(float(v).is_integer() for _, values in levels for v in values)
    assert view.plots.cost_text(1).startswith("After 1 merge:")


# ==== byte-level BPE (issue 17) ====

def test_byte_level_bpe_trains_off_the_gui_thread_and_char_bpe_still_works(timeline, qtbot):
    from core.models import byte_bpe
    from gui.timeline import byte as timeline_byte

    workspace = timeline.workspace
    timeline.merges_box.setValue(10)
    byte = timeline.algorithm_box.findData("byte")
    with qtbot.waitSignal(timeline.trainer.sig_training_finished, timeout=10000) as done:
        timeline.algorithm_box.setCurrentIndex(byte)
        timeline.algorithm_box.activated.emit(byte)
    assert done.args[0] == "byte"
    expected = byte_bpe.train(["low", "low", "lower", "new"], 10)
    table = timeline.byte_merge_model
    assert workspace.byte_model.merges == expected.merges
    assert table.rowCount() == len(expected.merges) == 6
    first = expected.merges[0]
    assert [cell(table, 0, c) for c in range(7)] == [
        "1", f"{first.left} + {first.right}", "6C + 6F", "l + o", "259", str(first.count), str(first.tie_count)]
    assert [cell(table, 0, c) for c in (1, 4, 5, 6)] == ["108 + 111", "259", "3", "2"]
    assert cell(table, 1, 3) == "lo + w"
    # the count plot: one point per merge, the counts of the table
    qtbot.waitUntil(lambda: timeline.plots.counts == [m.count for m in expected.merges], timeout=5000)
    sizes = list(range(259, 259 + 7))
    totals = [sum(len(byte_bpe.ByteBPE(expected.merges[:k]).encode_ids(w)) for w in ["low", "low", "lower", "new"])
              for k in range(7)]
    assert timeline.plots.totals == totals and timeline.plots.sizes == sizes
    assert timeline_byte.token_totals(expected, {"low": 2, "lower": 1, "new": 1}, "none") == totals
    # back to char BPE: its table and a new char training still work
    char = timeline.algorithm_box.findData("char")
    timeline.algorithm_box.setCurrentIndex(char)
    timeline.algorithm_box.activated.emit(char)
    assert timeline.merge_stack.currentWidget() is timeline.merge_view
    with qtbot.waitSignal(timeline.trainer.sig_training_finished, timeout=10000) as done:
        timeline.train()
    assert done.args[0] == "main"
    assert (cell(timeline.merge_model, 0, 1), cell(timeline.merge_model, 0, 2)) == ("l + o", "3")
    assert timeline.merge_model.rowCount() == len(workspace.model.merges)


def test_byte_level_readable_pair_of_colon_space_is_3a_20(qtbot):
    from core.models import byte_bpe
    from gui.timeline import byte as timeline_byte

    model = byte_bpe.train(["a: b", "c: d", "e: f"], 1)
    table = timeline_byte.ByteMergeTableModel()
    table.set_model(model)
    assert [cell(table, 0, c) for c in (1, 2, 3)] == ["58 + 32", "3A + 20", ": + ␣"]


def test_byte_level_training_in_records_mode_uses_the_records(qtbot):
    from core.workspace import records as rec
    workspace = Workspace.example()
    workspace.set_records(rec.Records.from_text("a: b\nc: d\n"))
    workspace.set_settings(pretokenizer="none")
    assert workspace.byte_training_input() == (("a: b", "c: d"), "none")
    workspace.set_settings(pretokenizer="whitespace")
    # the byte trainer has no whitespace split: whole records, not the word table
    assert workspace.byte_training_input() == (("a: b", "c: d"), "none")
