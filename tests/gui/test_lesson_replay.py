"""Every lesson replays in the real views and lands on the seeds' numbers;
the exercise dialog checks answers against the core."""

import pytest
from PySide6.QtCore import Qt

from core.workspace import exercises, lessons
from gui.lessons.exercise_text import OPTIONS, QUESTIONS, REFERENCES

SEED_LESSONS = ("19.1", "19.2", "19.2-wp", "19.3", "19.4", "19.5", "003", "004")


def cell(model, row, column):
    return model.data(model.index(row, column), Qt.DisplayRole)


def column(model, c):
    return [cell(model, r, c) for r in range(model.rowCount())]


@pytest.fixture
def window(studio_window):
    return studio_window


def play(window, key):
    assert window.start_lesson(key, confirm=True)
    assert window.player.lesson.key == key and window.player.index == 0
    return window.player


def test_every_exercise_has_its_texts():
    assert set(QUESTIONS) == set(REFERENCES) == {e.number for e in exercises.EXERCISES}
    assert set(OPTIONS) == set(exercises.SWAP_OPTIONS)


def test_every_step_of_every_seed_lesson_replays(window, qtbot):
    for key in SEED_LESSONS:
        lesson = lessons.lesson(key)
        player = play(window, lesson.key)
        for index in range(len(lesson.steps)):
            player.go(index)
            # On screen: the current tab, or in its own window (a lesson's side-by-side layout,
            # on a screen wide enough: test_lessons_on_x.py).
            assert window.panels[lesson.steps[index].view].isVisible()
            panel = window.lesson_dock.panel
            assert panel.isVisible() and not panel.error.isVisible()
            assert panel.explanation.text() == lesson.steps[index].say.en or index + 1 == len(lesson.steps)
        assert window.lesson_dock.panel.position.text() == f"Step {len(lesson.steps)} of {len(lesson.steps)}"


def test_lesson_19_1_shows_tables_19_1_and_19_2(window, qtbot):
    player = play(window, "19.1")
    timeline = window.panels["timeline"]
    assert column(timeline.merge_model, 1) == ["l + o", "lo + w", "low + </w>", "e + r"]
    assert column(timeline.merge_model, 2) == ["3", "3", "2", "1"]
    assert "out of date" not in timeline.status.text()
    # Step 0: table 19.1, the pair counts before the first merge (counted in a worker).
    qtbot.waitUntil(lambda: timeline.pair_model.rowCount() == 8)
    pairs = dict(zip(column(timeline.pair_model, 0), column(timeline.pair_model, 1)))
    assert pairs == {"l + o": "3", "o + w": "3", "w + </w>": "3", "w + e": "1", "e + r": "1",
                     "r + </w>": "1", "n + e": "1", "e + w": "1"}
    table_19_2 = [["l o w </w>", "l o w e r </w>", "n e w </w>"], ["lo w </w>", "lo w e r </w>", "n e w </w>"],
                  ["low </w>", "low e r </w>", "n e w </w>"], ["low</w>", "low e r </w>", "n e w </w>"],
                  ["low</w>", "low er </w>", "n e w </w>"]]
    for step, rows in enumerate(table_19_2):
        player.go(step)
        assert window.workspace.step == step
        assert column(timeline.segmentation_model, 3) == rows
        assert column(timeline.segmentation_model, 1) == ["2", "1", "1"]
        assert timeline.step_label.text().startswith(f"Step {step} of 4")


def test_lesson_19_2_replays_frozen_merges_on_lower(window):
    player = play(window, "19.2")
    timeline = window.panels["timeline"]
    expected = [["l", "o", "w", "e", "r", "</w>"], ["lo", "w", "e", "r", "</w>"], ["low", "e", "r", "</w>"],
                ["low", "e", "r", "</w>"], ["low", "er", "</w>"]]
    low = [["l", "o", "w", "</w>"], ["lo", "w", "</w>"], ["low", "</w>"], ["low</w>"], ["low</w>"]]
    for k in range(5):
        player.go(k)
        assert timeline.sample_edit.text() == "lower low" and timeline.limit_slider.value() == k
        assert timeline.sample_tokens() == expected[k] + low[k]
    player.next()
    assert timeline.sample_tokens() == ["l", "[UNK]", "w", "</w>"]


def test_lesson_wordpiece_lower_and_lowerz(window, qtbot):
    player = play(window, "19.2-wp")
    view = window.panels["compare"]

    def wordpiece_labels(text):
        side = view.side_by_side
        qtbot.waitUntil(lambda: not side.is_running() and side.comparison.text == text, timeout=10000)
        (lane,) = [lane for lane in side.lanes.lanes if lane.name == "example-19.2-wordpiece"]
        return [chip.label for chip in lane.row.chips]

    assert wordpiece_labels("lower") == ["low", "##er"]
    assert view.tabs.currentWidget() is view.search
    assert view.search.model_box.currentText() == "example-19.2-wordpiece"
    assert column(view.search.search_model, 2)[:2] == ["lower", "lowe"]
    player.next()
    assert wordpiece_labels("lowerz") == ["[UNK]"]
    # Replaying opens no second copy of the vocabulary.
    play(window, "19.2-wp")
    assert sum(e.loaded.name == "example-19.2-wordpiece" for e in window.workspace.assets) == 1


def test_lesson_19_3_table_19_3_and_the_ff_banner(window):
    player = play(window, "19.3")
    panel = window.panels["encode"]
    assert panel.encoding.ids == (270, 32, 268, 32, 46)  # seed 000 §19.4
    assert panel.counts_label.text() == "9 code points · 9 UTF-8 bytes = 9 base byte tokens · 5 BPE tokens"
    player.next()
    assert panel.counts_label.text() == "8 code points · 24 UTF-8 bytes = 24 base byte tokens · 24 BPE tokens"
    player.next()
    assert panel.encoding.ids == (228, 184, 173, 240, 159, 153, 130)
    player.next()
    assert panel.counts_label.text() == "3 code points · 5 UTF-8 bytes = 5 base byte tokens · 5 BPE tokens"
    player.next()
    assert panel.encoding.ids == (268, 259)
    player.next()
    assert panel.encoding.ids == (268, 58)
    player.next()
    assert panel.decoder.banner.isVisible() and "0xFF at offset 0" in panel.decoder.banner.text()
    assert "strict" in panel.decoder.banner.text() and panel.decoder.decoded.toPlainText() == ""
    player.next()
    assert panel.decoder.decoded.toPlainText() == "\ufffd" and "display fallback" in panel.decoder.banner.text()
    player.previous()
    assert panel.decoder.policy_box.currentData() == "strict"


def test_lesson_19_4_normalization_loss(window):
    player = play(window, "19.4")
    panel = window.panels["encode"]
    assert panel.counts_label.text() == "2 code points · 3 UTF-8 bytes = 3 base byte tokens · 3 BPE tokens"
    assert "<b>NFC</b> changes it: 1 code point, 2 bytes" in panel.normal_label.text()
    player.next()
    assert panel.counts_label.text() == "1 code point · 2 UTF-8 bytes = 2 base byte tokens · 2 BPE tokens"
    assert "<b>NFC</b> same as the input" in panel.normal_label.text()


def test_lesson_19_5_diffs_the_swapped_copy(window, qtbot):
    play(window, "19.5")
    manager = window.panels["assets"]
    qtbot.waitUntil(lambda: manager.idle() and manager.diff is not None)  # copied and compared in a worker
    (finding,) = [f for f in manager.diff.findings if f.kind == "id_swap"]
    assert finding.detail["ids"] == [268, 270] and finding.shape_checks_pass
    assert "291 entries" in manager.verdict_label.text()
    count = len(window.workspace.assets)
    play(window, "19.5")  # replaying reuses the copy
    qtbot.waitUntil(lambda: manager.idle() and manager.diff is not None)
    assert len(window.workspace.assets) == count


def test_lesson_seed_003(window):
    player = play(window, "003")
    timeline = window.panels["timeline"]
    assert column(timeline.merge_model, 1)[:3] == ["e + s", "es + t", "est + </w>"]
    assert column(timeline.merge_model, 2)[:3] == ["9", "9", "9"]
    player.go(3)
    assert timeline.sample_tokens() == ["l", "o", "w", "e", "r", "</w>", "n", "e", "w", "est</w>",
                                        "w", "i", "d", "est</w>"]
    player.next()
    assert timeline.sample_tokens()[4:6] == ["new", "est</w>"]
    player.next()
    assert timeline.sample_tokens() == ["low", "e", "r", "</w>", "newest</w>", "wid", "est</w>"]


def test_lesson_seed_004_table_1_newest_and_divergence(window, qtbot):
    player = play(window, "004")
    timeline = window.panels["timeline"]
    assert column(timeline.merge_model, 1) == ["e + r", "er + </w>", "n + e", "ne + w", "l + o", "lo + w",
                                               "new + er</w>", "low + </w>"]
    assert column(timeline.merge_model, 3) == ["er", "er</w>", "ne", "new", "lo", "low", "newer</w>", "low</w>"]
    player.go(4)
    assert timeline.sample_tokens() == ["new", "e", "s", "t", "</w>"]
    player.next()
    qtbot.waitUntil(lambda: timeline.merge_model.divergence == 3, timeout=10_000)
    assert "merge 3" in timeline.divergence_label.text()


def test_lesson_asks_before_discarding_unsaved_work(window):
    workspace = window.workspace
    workspace.set_count(0, 7)
    corpus = workspace.corpus
    assert not window.start_lesson("004", confirm=False)
    assert workspace.corpus == corpus and window.player.lesson is None
    assert window.start_lesson("004", confirm=True)
    assert workspace.corpus == lessons.lesson("004").corpus
    # The lesson is not unsaved work: the next lesson needs no question.
    assert window.workspace.revision == window.saved_revision and window.workspace_path is None
    assert window.start_lesson("19.1")


def test_dock_buttons_step_through(window):
    play(window, "19.1")
    dock = window.lesson_dock.panel
    assert not dock.previous_button.isEnabled()
    dock.next_button.click()
    dock.next_button.click()
    assert window.workspace.step == 2 and dock.position.text() == "Step 3 of 5"
    dock.previous_button.click()
    assert window.workspace.step == 1
    window.actions["next_step"].trigger()
    assert window.workspace.step == 2


def test_exercise_dialog_checks_with_the_core(window):
    dialog = window.show_exercises()
    for row, ex in enumerate(exercises.EXERCISES):
        dialog.list.setCurrentRow(row)
        assert str(ex.number) in dialog.question.text()
        if ex.kind == "choices":
            for key, box in dialog.boxes.items():
                box.setChecked(key in ex.expected())
        else:
            dialog.answer.setText(exercises.show(ex.kind, ex.expected()))
        assert dialog.check().ok
        assert dialog.verdict.text().startswith("✔") and "§19.9" in dialog.reference.text()
        if ex.kind == "choices":
            dialog.boxes["shape_checks"].setChecked(True)
        else:
            dialog.answer.setText("x + y" if ex.kind == "pair" else "1")
        assert not dialog.check().ok and dialog.verdict.text().startswith("✘")
    dialog.list.setCurrentRow(0)
    dialog.replay_button.click()
    assert window.player.lesson.key == "19.1"


def test_a_step_that_fails_says_why_in_the_lesson_panel(window, monkeypatch):
    from core.errors import StudioError

    def broken(panel, lesson, step, hidden):
        raise StudioError("the encoder is gone")

    monkeypatch.setattr(window.player.runner, "_encode", broken)
    assert window.start_lesson("19.3", confirm=True)
    dock = window.lesson_dock.panel
    assert dock.isVisible() and not dock.error.isHidden() and dock.error.text() == "the encoder is gone"
    assert dock.position.text() == "Step 1 of 8"
    monkeypatch.undo()
    window.player.go(6)  # a step that works again clears the message
    assert dock.error.isHidden()


def _wrong(dialog, ex):
    if ex.kind == "choices":
        dialog.boxes["shape_checks"].setChecked(True)
    else:
        dialog.answer.setText("x + y" if ex.kind == "pair" else "1")


def test_exercises_never_give_the_answer_away(window):
    from gui.lessons.exercises import MAX_TRIES, PLACEHOLDERS, ExerciseDialog

    dialog = window.show_exercises()
    for row, ex in enumerate(exercises.EXERCISES):
        dialog.list.setCurrentRow(row)
        if ex.kind != "choices":
            answer = exercises.show(ex.kind, ex.expected())
            assert answer not in dialog.answer.placeholderText() and PLACEHOLDERS[ex.kind] != answer
    dialog.list.setCurrentRow(0)
    ex = exercises.EXERCISES[0]
    answer = exercises.show(ex.kind, ex.expected())
    for attempt in range(1, MAX_TRIES):
        _wrong(dialog, ex)
        assert not dialog.check().ok
        assert answer not in dialog.verdict.text() and dialog.reference.text() == ""
        assert f"{attempt} of {MAX_TRIES}" in dialog.verdict.text()
    assert "2 wrong tries" in dialog.list.item(0).text()
    _wrong(dialog, ex)
    dialog.check()  # the last try shows the answer and the reference
    assert answer in dialog.verdict.text() and "§19.9" in dialog.reference.text()
    assert "answer shown" in dialog.list.item(0).text()
    dialog.list.setCurrentRow(1)  # switching leaves no empty coloured box behind
    assert dialog.verdict.text() == "" and dialog.verdict.styleSheet() == ""
    dialog.reveal_button.click()
    second = exercises.EXERCISES[1]
    assert exercises.show(second.kind, second.expected()) in dialog.verdict.text()
    dialog.list.setCurrentRow(2)
    third = exercises.EXERCISES[2]
    dialog.answer.setText(exercises.show(third.kind, third.expected()))
    assert dialog.check().ok
    # Progress survives a new dialog (and a restart: it is in the settings).
    again = ExerciseDialog(None, window)
    labels = [again.list.item(r).text() for r in range(3)]
    assert "answer shown" in labels[0] and "answer shown" in labels[1] and labels[2].endswith("✔")
    again.deleteLater()


def test_the_last_step_says_the_lesson_is_finished_and_offers_the_next(window):
    assert window.start_lesson("19.1", confirm=True)
    dock = window.lesson_dock.panel
    window.player.go(window.player.count - 1)
    assert "Lesson finished." in dock.explanation.text() and dock.next_button.text() == "Next lesson ▶"
    following = lessons.shipped()[[item.id for item in lessons.shipped()].index("19.1") + 1]
    dock.next_button.click()
    assert window.player.lesson.key == following.key and window.player.index == 0
    assert dock.next_button.text() == "Next ▶"
