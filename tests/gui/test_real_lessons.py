"""Lessons on the real tokenizers in the window: predictions before the view,
answers checked by the core, progress kept and exported, a teacher's file
opened (and a broken one refused in one line while the app runs on)."""

import csv
import shutil

import pytest
from PySide6.QtGui import Qt
from PySide6.QtWidgets import QMessageBox

from conftest import ROOT, wait_task
from core.workspace import lessons
from gui.shell import settings, workers
from gui.lessons.progress import Progress

REAL = ("numbers", "spelling", "leading-spaces", "special-tokens", "language-cost", "glitch-tokens", "normalization",
        "byte-fallback")

TEACHER = '''format = "subword-studio/lesson"
version = 1
id = "teacher-mini"
tokenizers = ["classroom"]
title = { en = "A teacher's lesson", zh_CN = "老师的课" }

[[steps]]
view = "encode"
text = "red key ."
say = { en = "The classroom tokenizer.", zh_CN = "课堂分词器。" }

[[steps.questions]]
id = "count"
kind = "number"
answer = 5
ask = { en = "How many tokens?", zh_CN = "几个词元？" }
'''


@pytest.fixture
def window(studio_window):
    return studio_window


def settle(qtbot, timeout=60_000):
    """Until no worker runs (built-in tokenizers open, questions computed)."""
    qtbot.waitUntil(lambda: not workers.running(), timeout=timeout)


def lane_labels(view, qtbot, name, text):
    side = view.side_by_side

    def ready():
        if side.is_running() or side.comparison is None or side.comparison.text != text:
            return False
        return any(lane.name == name for lane in side.lanes.lanes)
    qtbot.waitUntil(ready, timeout=60_000)
    (lane,) = [lane for lane in side.lanes.lanes if lane.name == name]
    return [chip.label for chip in lane.row.chips]


def test_a_prediction_comes_before_the_view_and_the_core_checks_it(window, qtbot):
    before = (settings.read(settings.ENCODE_TOKENIZER), settings.read(settings.COMPARE_UNCHECKED))
    assert window.start_lesson("numbers", confirm=True)
    player, panel, view = window.player, window.lesson_dock.panel, window.panels["compare"]
    assert player.waiting() and panel.waiting.isVisible()
    assert view.input.toPlainText() == ""  # nothing to look at before the prediction
    (box,) = panel.questions.boxes
    assert box.question.id == "r50k-1275" and box.reveal_button.isHidden()
    box.answer.setText("1|275")
    box.check()
    qtbot.waitUntil(lambda: box.task is None, timeout=60_000)
    # A prediction is revealed once made, right or wrong; then the view shows.
    assert "The core computes 12|75." in box.verdict.text() and not box.explain.isHidden()
    assert not player.waiting() and not panel.waiting.isVisible()
    assert view.input.toPlainText() == "127 677 1275"
    assert lane_labels(view, qtbot, "r50k_base", "127 677 1275")[-2:] == ["␣12", "75"]
    # Each built-in tokenizer shows once it is open: the workspace tells the
    # view after its worker has ended, so wait for what is shown, not for
    # the workers alone.
    wanted = {"r50k_base", "cl100k_base", "o200k_base", "mistral-v3-bpe"}
    qtbot.waitUntil(lambda: {e.name for e in view.side_by_side.model.checked()} == wanted, timeout=60_000)
    settle(qtbot)
    assert player.progress.get("numbers", "r50k-1275")["ok"] is False
    # Walking on: every step's view shows, nothing fails.
    for index in range(1, player.count):
        player.go(index)
        assert window.panels[player.step.view].isVisible() and panel.error.isHidden()
    settle(qtbot)
    player.end()
    # The tokenizer choices the next session remembers are the user's again.
    assert (settings.read(settings.ENCODE_TOKENIZER), settings.read(settings.COMPARE_UNCHECKED)) == before


def test_every_step_of_every_real_tokenizer_lesson_shows(window, qtbot):
    for key in REAL:
        lesson = lessons.lesson(key)
        assert window.start_lesson(key, confirm=True)
        panel = window.lesson_dock.panel
        for index, step in enumerate(lesson.steps):
            window.player.go(index)
            assert window.panels[step.view].isVisible() and panel.isVisible(), (key, index)
            assert panel.explanation.text().startswith(step.say.en[:40])
            assert [b.question.id for b in panel.questions.boxes] == [q.id for q in step.questions]
        settle(qtbot)
        assert panel.error.isHidden(), (key, panel.error.text())


def test_the_tokenizer_table_scrolls_to_the_lessons_tokenizers(window, qtbot):
    # Five tokenizers below the workspace's two unticked ones: the table shows
    # six rows, so the lesson's rows are scrolled into view, every one of them.
    assert window.start_lesson("language-cost", confirm=True)
    side = window.panels["compare"].side_by_side
    qtbot.waitUntil(lambda: len(side.model.checked()) == 5 and not side.is_running(), timeout=120_000)
    settle(qtbot)
    ticked = [row for row, entry in enumerate(side.model.entries) if entry in side.model.checked()]
    assert ticked[0] >= 2  # the classroom tokenizer and the trained char BPE come first
    viewport = side.table.viewport().rect()
    for row in ticked:
        assert viewport.contains(side.table.visualRect(side.model.index(row, 0))), (row, side.model.entries[row].name)


def test_the_lesson_text_is_plain_text_and_never_cut_at_the_right(window, qtbot):
    assert window.start_lesson("special-tokens", confirm=True)
    panel = window.lesson_dock.panel
    window.player.go(3)
    # "(<s>, </s>)" is the tokens' text: Qt would guess rich text and strike ", " out.
    text = panel.explanation.text()
    assert "(<s>, </s>)" in text and Qt.mightBeRichText(text) and panel.explanation.textFormat() == Qt.PlainText
    (box,) = panel.questions.boxes
    assert box.explain.textFormat() == box.verdict.textFormat() == Qt.PlainText
    # A choice's label does not wrap: the panel grows for it rather than scroll sideways.
    widest = max(button.sizeHint().width() for button in box.buttons.values())
    assert widest > 250  # wider than the 300-pixel panel has room for beside its margins
    body, viewport = panel.scroll.widget(), panel.scroll.viewport()

    def laid_out():  # the box shown, counted by the body's layout, and the body sized for it
        least = body.minimumSizeHint().width()
        return box.isVisible() and least >= box.minimumSizeHint().width() and body.width() >= least

    qtbot.waitUntil(lambda: laid_out() and body.width() <= viewport.width())
    assert not panel.scroll.horizontalScrollBar().isVisible()
    assert all(button.geometry().right() < box.width() for button in box.buttons.values())


def test_an_answer_is_not_given_away_and_progress_is_kept(window, qtbot):
    assert window.start_lesson("spelling", confirm=True)
    window.player.go(1)
    (box,) = window.lesson_dock.panel.questions.boxes
    assert box.question.id == "o200k-space-strawberry" and not box.reveal_button.isHidden()
    box.answer.setText("2")
    box.check()
    qtbot.waitUntil(lambda: box.task is None, timeout=60_000)
    # The whole verdict: a wrong answer is counted, and the right one (1) is not given away.
    assert box.verdict.text() == "✘ Not quite (1 try). Try again, or show the answer."
    box.answer.setText("1")
    box.check()
    qtbot.waitUntil(lambda: box.task is None, timeout=60_000)
    assert box.verdict.text() == "✔ Right: the core computes 1."
    entry = Progress().get("spelling", "o200k-space-strawberry")  # read back from the settings
    assert entry == {"answer": "1", "ok": True, "tries": 2, "expected": "1", "shown": False}
    window.player.go(0)
    window.player.go(1)  # the box comes back as it was left
    (box,) = window.lesson_dock.panel.questions.boxes
    assert box.answer.text() == "1" and box.verdict.text().startswith("✔")
    box.answer.setText("not a number")
    box.check()
    assert "Cannot read that answer" in box.verdict.text() and box.task is None


def test_export_progress_as_csv(window, qtbot, tmp_path):
    assert window.start_lesson("byte-fallback", confirm=True)
    window.player.go(1)
    (box,) = window.lesson_dock.panel.questions.boxes
    box.buttons["o200k"].setChecked(True)
    box.check()
    qtbot.waitUntil(lambda: box.task is None, timeout=60_000)
    window.show_exercises().reveal()  # an exercise shown counts too
    out = tmp_path / "progress.csv"
    assert window.export_progress(out)
    data = out.read_bytes()
    assert data.startswith("\ufeff".encode("utf-8"))
    rows = list(csv.reader(data.decode("utf-8-sig").splitlines()))
    assert rows[0] == ["lesson", "lesson title", "question", "kind", "answer", "core answer", "correct", "tries"]
    assert ["byte-fallback", lessons.lesson("byte-fallback").title.en, "dog-fewest", "choose", "o200k",
            "o200k_base", "1", "1"] in rows
    assert any(row[0] == "exercises" and row[2] == "1" and row[6] == "0" for row in rows)


def test_a_teachers_lesson_file_opens_and_is_listed_as_recent(window, qtbot, tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text(TEACHER, encoding="utf-8")
    wait_task(qtbot, window.open_lesson_file(path, confirm=True))
    assert window.player.lesson.id == "teacher-mini" and window.player.following() is None
    assert window.panels["encode"].encoding.ids == (270, 32, 268, 32, 46)
    assert settings.read(settings.RECENT_LESSONS) == [str(path.resolve())]
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Lessons")
    recent = next(a.menu() for a in menu.actions() if a.menu() is not None)
    recent.aboutToShow.emit()
    assert any(a.toolTip() == str(path.resolve()) for a in recent.actions())


@pytest.mark.parametrize("edit, field", [
    (("kind = \"number\"", "kind = \"count\""), "step 1, question 'count': kind"),  # a bad field
    (("[\"classroom\"]", "[\"gpt5_base\"]"), "tokenizers[1]: unknown tokenizer 'gpt5_base'"),
    (("answer = 5", "answer = 9"), "step 1, question 'count': answer: 9, but the core computes 5"),
])
def test_a_malformed_lesson_is_refused_in_one_line_and_the_app_runs_on(window, qtbot, tmp_path, monkeypatch,
                                                                       edit, field):
    said = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: said.append(text))
    assert window.start_lesson("19.3", confirm=True)
    path = tmp_path / "broken.toml"
    path.write_text(TEACHER.replace(*edit), encoding="utf-8")
    task = window.open_lesson_file(path, confirm=True)
    wait_task(qtbot, task)
    assert len(said) == 1 and "\n" not in said[0]
    assert said[0].startswith(str(path)) and field in said[0]
    assert window.player.lesson.id == "19.3"  # the lesson running goes on
    assert settings.read(settings.RECENT_LESSONS) == []
    window.player.next()
    assert window.lesson_dock.panel.position.text() == "Step 2 of 8"


def test_a_lesson_with_a_tokenizer_file_beside_it(window, qtbot, tmp_path):
    from core.assets import classroom

    shutil.copy(classroom.ASSET_PATH, tmp_path / "classroom-copy.json")
    path = tmp_path / "beside.toml"
    path.write_text(TEACHER.replace('["classroom"]', '["classroom-copy.json"]'), encoding="utf-8")
    wait_task(qtbot, window.open_lesson_file(path, confirm=True))
    assert window.player.lesson.id == "teacher-mini"
    assert window.workspace.encoder_key.startswith("asset:")
    assert window.panels["encode"].encoding.ids == (270, 32, 268, 32, 46)


def test_the_welcome_page_offers_two_lessons_and_is_remembered(window, qtbot):
    from gui.shell import welcome

    assert welcome.first_start()
    page = window.show_welcome()
    assert "Four BPE merges" in page.first_button.text() and "1275" in page.real_button.text()
    page.real_button.click()
    assert window.player.lesson.id == "numbers" and not welcome.first_start()
    settle(qtbot)


def test_a_missing_shipped_lesson_folder_leaves_the_menu_usable(window, monkeypatch, tmp_path):
    monkeypatch.setattr(lessons, "FOLDER", tmp_path)
    monkeypatch.setattr(lessons, "_shipped", None)
    actions = window.menus.build()
    assert "open_lesson" in actions and not any(k.startswith("lesson_19") for k in actions)


def test_lesson_files_in_the_resources_are_the_menus_lessons():
    assert [p.name for p in lessons.paths()] == sorted(p.name for p in (ROOT / "resources" / "lessons").glob("*.toml"))
