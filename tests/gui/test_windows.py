"""Real Qt windows on one workspace: any view in a top-level window of its
own, every window following the one bridge, the set restored at the next
start, rebuilt in a new language, and a lesson's side-by-side layout."""

import json

import pytest
import shiboken6
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QTabBar

from core.models import char_bpe
from core.workspace import exercises
from core.workspace.workspace import Workspace
from gui.shell import language, settings, theme, workers
from gui.timeline import widget as timeline
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow
from gui.shell.windows import layouts, views
from gui.shell.windows.view_window import ViewWindow

from conftest import destroy
from test_desktop import CJK, visible_texts


def cell(model, row, column):
    return model.data(model.index(row, column), Qt.DisplayRole)


@pytest.fixture
def window(studio_window, qtbot):
    # The example's first training and counts are done before a test counts its own.
    qtbot.waitUntil(lambda: not workers.running(), timeout=10000)
    yield studio_window
    language.install("en")
    theme.apply("system")


def settle(qtbot, ms=600):
    """Until every debounce timer (retrain 250 ms, after-paint waits) has fired and no worker runs."""
    qtbot.wait(ms)
    qtbot.waitUntil(lambda: not workers.running(), timeout=10000)


def row_of(editor, word):
    model = editor.proxy
    return next(r for r in range(model.rowCount()) if cell(model, r, 0) == word)


def test_exercise_1_an_edit_in_the_corpus_window_retrains_once_for_the_timeline_window(window, qtbot, monkeypatch):
    """Chapter 19, exercise 1: ``new`` ×1 → ×2 makes merge 1 ``w + </w>`` (count 4).  The
    corpus editor and the timeline are in two top-level windows, the main
    window keeps its own timeline and trace tabs: one training feeds them all,
    and the pair table before each merge is counted once, not once per timeline."""
    trainings, counted = [], []
    train, count = char_bpe.train, timeline.pair_rows
    monkeypatch.setattr(char_bpe, "train", lambda *a, **k: trainings.append(1) or train(*a, **k))
    monkeypatch.setattr(timeline, "pair_rows", lambda trace, step, stop=None: counted.append((id(trace), step))
                        or count(trace, step, stop))
    corpus_window = window.windows.new_window("corpus")
    timeline_window = window.windows.new_window("timeline")
    editor, merges = corpus_window.view, timeline_window.view
    for top in (corpus_window, timeline_window):
        assert top.isWindow() and top.isVisible() and top.parent() is None and top is not window
    assert editor.window() is corpus_window and merges.window() is timeline_window
    assert merges.trainer is window.panels["timeline"].trainer is workers.trainer_for(window.bridge)
    settle(qtbot)
    assert cell(merges.merge_model, 0, 1) == "l + o" and not trainings
    assert counted == []  # the window's timeline took the main timeline's pair table, counted before

    assert editor.proxy.setData(editor.proxy.index(row_of(editor, "new"), 1), "2")
    qtbot.waitUntil(lambda: (cell(merges.merge_model, 0, 1), cell(merges.merge_model, 0, 2)) == ("w + </w>", "4"),
                    timeout=5000)
    settle(qtbot)
    assert len(trainings) == 1
    home = window.panels["timeline"]
    assert (cell(home.merge_model, 0, 1), cell(home.merge_model, 0, 2)) == ("w + </w>", "4")
    assert cell(window.panels["trace"].trace_view.model(), 1, 1) == "w + </w>"
    assert len(counted) == len(set(counted)) == 1  # merge 4's pair table, once for both timelines
    assert cell(merges.pair_model, 0, 0) == cell(home.pair_model, 0, 0)

    # A step selected in one window is the step of every window; its count is shared too.
    merges.merge_view.selectRow(0)
    assert window.workspace.step == 1
    qtbot.waitUntil(lambda: cell(home.pair_model, 0, 0) == "w + </w>" and cell(merges.pair_model, 0, 0) == "w + </w>")
    settle(qtbot)
    assert len(counted) == len(set(counted)) == 2 and len(trainings) == 1
    assert home.merge_view.currentIndex().row() == 0
    # The core's answer to exercise 1 (it trains: counted after) is what every view shows.
    assert exercises.EXERCISES[0].expected() == ("w", "</w>")


def test_retrain_on_every_change_is_one_switch_for_every_timeline(window):
    other = window.windows.new_window("timeline").view
    other.auto_box.setChecked(False)
    assert not window.panels["timeline"].auto_box.isChecked()
    assert not workers.trainer_for(window.bridge).auto
    window.panels["timeline"].auto_box.setChecked(True)
    assert other.auto_box.isChecked()


def test_closing_a_window_closes_only_its_view(window, qtbot):
    manager, tabs = window.windows, window.tabs
    corpus = window.panels["corpus"]
    window.panels["corpus"].proxy.setData(window.panels["corpus"].proxy.index(0, 1), "7")
    detached = manager.detach("corpus")
    assert tabs.indexOf(corpus) < 0 and detached.view is corpus and corpus.window() is detached
    assert [tabs.tabText(i) for i in range(tabs.count())] == [views.title(k) for k in views.TABS if k != "corpus"]
    extra = manager.new_window("encode")
    copy = extra.view
    extra.close()
    assert extra not in manager.windows and window.isVisible() and detached.isVisible()
    qtbot.waitUntil(lambda: not shiboken6.isValid(copy))  # freed once no worker runs
    detached.actions["attach"].trigger()  # Window → Attach to the main window
    assert manager.windows == [] and tabs.indexOf(corpus) == 1 and tabs.currentWidget() is corpus
    assert cell(corpus.proxy, 0, 1) == "7"  # the same view, nothing lost


def test_the_last_tab_stays(window):
    manager = window.windows
    for key in views.TABS[1:]:
        assert manager.detach(key) is not None
    assert window.tabs.count() == 1 and manager.detach(views.TABS[0]) is None
    assert not window.tabs.tabBar().tabButton(0, QTabBar.RightSide).isEnabled()


def test_a_tab_dragged_off_the_bar_opens_in_a_window_where_it_is_let_go(window):
    bar = window.tabs.tabBar()
    index = window.tabs.indexOf(window.panels["timeline"])
    start = bar.tabRect(index).center()
    QTest.mousePress(bar, Qt.LeftButton, Qt.NoModifier, start)
    QTest.mouseRelease(bar, Qt.LeftButton, Qt.NoModifier, start + QPoint(0, 10))  # still on the bar: a click
    assert window.windows.windows == [] and window.tabs.currentIndex() == index
    QTest.mousePress(bar, Qt.LeftButton, Qt.NoModifier, start)
    QTest.mouseRelease(bar, Qt.LeftButton, Qt.NoModifier, start + QPoint(40, 300))
    [detached] = window.windows.windows
    assert detached.home and detached.view is window.panels["timeline"]
    assert detached.frameGeometry().contains(bar.mapToGlobal(start + QPoint(40, 300)))


def test_each_tab_has_a_detach_button_and_menu(window):
    bar = window.tabs.tabBar()
    index = window.tabs.indexOf(window.panels["assets"])
    bar.tabButton(index, QTabBar.RightSide).click()
    assert window.windows.home_window("assets").view is window.panels["assets"]
    window.tabs.sig_copy_requested.emit(window.panels["trace"])  # the tab's menu: Open another in a new window
    copy = window.windows.windows[-1]
    assert copy.key == "trace" and not copy.home and copy.view is not window.panels["trace"]
    assert copy.windowTitle().startswith("Merge trace (2) — untitled")


def test_every_window_has_the_menus_and_they_act_on_the_one_workspace(window, monkeypatch):
    other = window.windows.new_window("pipeline")
    assert [a.text() for a in other.menuBar().actions()] == [a.text() for a in window.menuBar().actions()]
    saved = []
    monkeypatch.setattr(window, "save_workspace", lambda: saved.append(True))
    other.menus.build()["save"].trigger()  # built again so the patched slot is the one bound
    assert saved == [True]
    other.actions["view_encode"].trigger()
    assert window.tabs.currentWidget() is window.panels["encode"]
    other.actions["lesson_19.1"].trigger()
    assert window.player.lesson.key == "19.1"
    assert other.actions["close_window"].shortcut() == QKeySequence(QKeySequence.Close)
    assert "attach" not in other.actions  # a new window's view has no tab to go back to


def test_ctrl_backtick_cycles_the_windows(window, qtbot):
    first = window.windows.new_window("corpus")
    second = window.windows.new_window("timeline")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    for expected in (first, second, window, first):
        QTest.keyClick(QApplication.activeWindow(), Qt.Key_QuoteLeft, Qt.ControlModifier)
        qtbot.waitUntil(lambda: QApplication.activeWindow() is expected)
    first.menuBar().actions()[3].menu().aboutToShow.emit()
    listed = [a.text() for a in first.menuBar().actions()[3].menu().actions() if a.isCheckable()]
    assert len(listed) == 3 and listed[1].startswith("&2 Corpus") and listed[2].startswith("&3 Merge timeline")


def test_two_encode_windows_keep_their_own_tokenizers(window, qtbot):
    main_panel = window.panels["encode"]
    other = window.windows.new_window("encode").view
    assert other.choice.own and other.choice.key == window.workspace.encoder_key == "encoder"
    other.chooser.setCurrentIndex(other.chooser.findData("model"))
    assert other.choice.key == "model" and window.workspace.encoder_key == "encoder"
    assert settings.read(settings.ENCODE_TOKENIZER) == ""  # the main panel's choice is the one remembered
    for panel in (main_panel, other):
        panel.input.setPlainText("lower newest")
        panel.encode_now()
    assert main_panel.tokenizer.kind == "byte-bpe" and other.tokenizer.kind == "char-bpe"
    assert len(main_panel.encoding.ids) != len(other.encoding.ids)
    # Choosing in the main panel (or Assets → Use for encoding) leaves the window's own choice alone.
    main_panel.chooser.setCurrentIndex(main_panel.chooser.findData("model"))
    main_panel.chooser.setCurrentIndex(main_panel.chooser.findData("encoder"))
    assert other.choice.key == "model"
    # A retrained model is another tokenizer under the same key: the window re-encodes with it.
    window.workspace.set_settings(merges=1)
    window.workspace.train()
    qtbot.waitUntil(lambda: other.tokenizer is not None and other.tokenizer.model is window.workspace.model)


def test_the_window_set_is_restored_at_the_next_start(window, qtbot):
    manager = window.windows
    manager.detach("corpus")
    timeline_window = manager.new_window("timeline")
    timeline_window.resize(780, 500)
    timeline_window.move(10, 120)  # on the 800 × 800 offscreen screen
    encode_window = manager.new_window("encode")
    encode_window.view.chooser.setCurrentIndex(encode_window.view.chooser.findData("model"))
    manager.detach("lesson")
    assert not window.lesson_dock.isVisible()
    windows = list(manager.windows)
    window.close()
    assert not any(w.isVisible() for w in windows) and manager.windows == []
    assert window.tabs.indexOf(window.panels["corpus"]) >= 0  # came home before the main window went
    saved = json.loads(settings.read(settings.WINDOWS))
    assert [(e["view"], e["home"]) for e in saved] == [("corpus", True), ("timeline", False), ("encode", False),
                                                      ("lesson", True)]
    assert saved[2]["options"] == {"tokenizer": "model", "engine": "auto"}

    again = MainWindow(WorkspaceBridge(Workspace.example()))
    try:
        restored = again.windows.windows
        assert [(w.key, w.home) for w in restored] == [(e["view"], e["home"]) for e in saved]
        assert not any(w.isVisible() for w in restored)  # until the main window shows
        again.show()
        assert all(w.isVisible() for w in restored)
        corpus, timeline_again, encode, lesson = restored
        assert corpus.view is again.panels["corpus"] and again.tabs.indexOf(again.panels["corpus"]) < 0
        assert timeline_again.size() == timeline_window.size() and timeline_again.pos() == timeline_window.pos()
        assert encode.view.choice.own and encode.view.choice.key == "model"
        assert lesson.view is again.lesson_dock.panel and not again.lesson_dock.isVisible()
        assert not again.lesson_dock.toggleViewAction().isEnabled()
    finally:
        destroy(again)


def test_a_damaged_window_set_is_ignored(qtbot):
    settings.write(settings.WINDOWS, '[{"view": "nope"}, 3, {"view": "compare", "geometry": "%%%"}')
    again = MainWindow(WorkspaceBridge(Workspace.example()))
    try:
        assert again.windows.windows == []  # not JSON: the main window alone
        settings.write(settings.WINDOWS, '[{"view": "nope"}, 3, {"view": "compare", "geometry": "%%%"}]')
        again.windows.restore(show=True)
        assert [w.key for w in again.windows.windows] == ["compare"]
        # Its geometry unreadable, it is placed as a new window is: on the screen.
        compare = again.windows.windows[0]
        assert again.screen().availableGeometry().contains(compare.frameGeometry())
    finally:
        destroy(again)


def test_a_language_switch_rebuilds_every_window(window, qtbot):
    manager = window.windows
    detached = manager.detach("timeline")
    encode_window = manager.new_window("encode")
    encode_window.view.chooser.setCurrentIndex(encode_window.view.chooser.findData("model"))
    encode_window.view.input.setPlainText("typed in the second window")
    corpus_window = manager.new_window("corpus")
    lesson_window = manager.new_window("lesson")
    old = {w: w.view for w in manager.windows}
    window.set_language("zh_CN")
    assert manager.windows == list(old)  # the same windows, where they were
    for top, view in old.items():
        assert top.view is not view and not shiboken6.isValid(view), top.key  # a new view, the old one freed
        assert top.view.window() is top and top.isVisible()
        assert CJK.search(top.windowTitle()) and CJK.search(top.menuBar().actions()[0].text())
        assert any(CJK.search(t) for t in visible_texts(top.view)), top.key
    assert detached.view is window.panels["timeline"] and window.tabs.indexOf(detached.view) < 0
    assert encode_window.view.input.toPlainText() == "typed in the second window"
    assert encode_window.view.choice.own and encode_window.view.choice.key == "model"
    assert lesson_window.view.player is window.player
    # The new views follow the new bridge: an edit in the corpus window reaches the timeline window.
    editor = corpus_window.view
    editor.proxy.setData(editor.proxy.index(row_of(editor, "new"), 1), "2")
    qtbot.waitUntil(lambda: cell(detached.view.merge_model, 0, 1) == "w + </w>", timeout=5000)
    window.set_language("en")
    assert detached.windowTitle().startswith("Merge timeline — ")


def test_a_theme_switch_reaches_every_window(window):
    other = window.windows.new_window("timeline")
    window.set_theme("dark")
    assert type(other.view.pair_view.itemDelegate()) is theme.ReadableDelegate
    window.set_theme("light")
    assert type(other.view.pair_view.itemDelegate()) is not theme.ReadableDelegate


def test_columns_share_the_screen_by_what_each_window_needs():
    area = QRect(0, 0, 2560, 900)
    assert [(c.left(), c.width()) for c in layouts.columns(area, [930, 780])] == [(0, 1355), (1355, 1205)]
    assert [c.height() for c in layouts.columns(area, [930, 780])] == [900, 900]
    # Too narrow for both (a 1280 projector): each keeps its minimum, spread edge to edge.
    assert [(c.left(), c.width()) for c in layouts.columns(QRect(0, 0, 1280, 720), [930, 780])] == [(0, 930),
                                                                                                  (500, 780)]
    assert [(c.left(), c.width()) for c in layouts.columns(QRect(10, 0, 300, 720), [400])] == [(10, 300)]


def test_a_lesson_on_a_small_screen_keeps_its_views_beside_the_lesson_text(window, qtbot):
    # The 800-pixel offscreen screen cannot hold the corpus, the timeline and
    # the lesson text side by side: nothing moves, the main window shows the
    # views as tabs beside the lesson dock (test_real_display.py and
    # test_lessons_on_x.py check wider screens).
    manager = window.windows
    window.show_panel("encode")
    assets = manager.detach("assets")
    assets.move(10, 100)
    window.showMaximized()
    qtbot.waitUntil(window.isMaximized)
    before = assets.geometry()
    assert window.start_lesson("19.1", confirm=True)
    assert window.isMaximized() and manager.home_window("timeline") is None
    assert window.lesson_dock.isVisible() and window.panels["timeline"].isVisible()
    window.player.next()
    assert window.panels["timeline"].isVisible() and window.workspace.step == 1
    window.show_panel("corpus")  # the corpus is a tab away
    assert window.start_lesson("004", confirm=True)  # the same layout: nothing moves
    lessons_menu = window.menuBar().actions()[2].menu()
    lessons_menu.aboutToShow.emit()
    assert window.actions["end_lesson"].isEnabled()
    window.lesson_dock.panel.end_button.click()  # or Lessons → End lesson
    assert window.player.lesson is None and window.lesson_dock.panel.end_button.isHidden()
    lessons_menu.aboutToShow.emit()
    assert not window.actions["end_lesson"].isEnabled()
    assert window.tabs.indexOf(window.panels["timeline"]) >= 0 and window.tabs.indexOf(window.panels["corpus"]) >= 0
    assert window.isMaximized() and assets in manager.windows
    assert not window.lesson_dock.isVisible()  # the lesson showed it; its end hides it again
    assert window.tabs.currentWidget() is window.panels["encode"]
    assert before.size() == assets.geometry().size()


def test_f1_shows_a_covered_lesson_panel_instead_of_hiding_it(window, qtbot):
    window.start_lesson("19.3", confirm=True)
    manager, panel = window.windows, window.lesson_dock.panel
    other = manager.new_window("encode")
    other.move(panel.mapToGlobal(panel.rect().topLeft()))  # over the lesson text
    other.raise_()
    assert other in manager.covering_lesson()
    window.actions["lesson_panel"].trigger()  # F1: the lesson text comes to the front, it is not hidden
    assert window.lesson_dock.isVisible()
    other.close()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.actions["lesson_panel"].trigger()  # in front and uncovered: F1 hides it
    assert not window.lesson_dock.isVisible()
    window.actions["lesson_panel"].trigger()
    assert window.lesson_dock.isVisible()


def test_a_lesson_panel_that_grows_after_a_step_is_kept_clear(window, qtbot):
    window.start_lesson("19.3", confirm=True)
    manager, panel = window.windows, window.lesson_dock.panel
    qtbot.waitUntil(lambda: panel.isVisible() and not workers.running())
    area = QRect(panel.mapToGlobal(QPoint(0, 0)), panel.size())
    # The user's window right beside the lesson text, not over it.
    other = manager.new_window("vocab")
    layouts.place(other, QRect(area.right() + 1, area.top(), 400, area.height()))
    other.raise_()
    assert not manager.covering_lesson()
    # The panel grows after the step was shown (as a question wider than the
    # text widens it; the 800-pixel offscreen screen is narrower than the main
    # window, which grows rightwards): the window it now reaches moves off it.
    panel.setMinimumWidth(panel.width() + 60)
    qtbot.waitUntil(lambda: panel.mapToGlobal(QPoint(panel.width(), 0)).x() > area.right() + 1)
    qtbot.waitUntil(lambda: not manager.covering_lesson())
    assert other.isVisible()


def test_quitting_during_a_lesson_saves_the_users_windows_not_the_lessons(window):
    window.start_lesson("19.1", confirm=True)
    window.close()
    assert json.loads(settings.read(settings.WINDOWS)) == []


def test_closing_the_main_window_asks_once_and_closes_the_others(qtbot, tmp_path, monkeypatch):
    window = MainWindow(WorkspaceBridge(Workspace.example()), autosave_dir=tmp_path / "autosave")
    window.show()
    qtbot.wait(50)  # the recovery offer (none here) runs first
    try:
        others = [window.windows.new_window(key) for key in ("corpus", "timeline", "encode")]
        window.windows.detach("compare")
        others.append(window.windows.windows[-1])
        window.workspace.set_count(0, 9)  # unsaved work
        asked = []
        monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.Cancel)
        others[0].close()  # a secondary window: only that view goes, nothing asked
        assert asked == [] and window.isVisible()
        others[1].actions["quit"].trigger()  # File → Quit from another window: the main window asks once
        assert len(asked) == 1 and window.isVisible() and all(w.isVisible() for w in others[1:])
        monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.Close)
        window.close()
        assert len(asked) == 2 and not window.isVisible() and not any(w.isVisible() for w in others)
    finally:
        destroy(window)


def test_view_windows_are_plain_main_windows_with_one_view(window):
    for kind in views.VIEWS:
        top = window.windows.new_window(kind.key)
        assert isinstance(top, ViewWindow) and top.centralWidget() is top.view
        assert isinstance(top.actions["next_window"], QAction)


def test_corpus_editors_in_two_windows_share_one_undo_history(window, qtbot):
    """Edits name rows, so undoing in another order than they were made would
    change the wrong rows: every editor of the workspace undoes from one stack."""
    home = window.panels["corpus"]
    other_window = window.windows.new_window("corpus")
    other = other_window.view
    assert home.undo_stack is other.undo_stack
    home.proxy.setData(home.proxy.index(row_of(home, "new"), 1), "2")
    other.proxy.setData(other.proxy.index(row_of(other, "low"), 1), "5")
    assert other.undo_button.isEnabled() and home.undo_button.toolTip() == other.undo_button.toolTip()
    home.undo_button.click()  # undoes the other window's edit first: the last one made
    assert window.workspace.corpus.counts == (2, 1, 2)
    other_window.close()
    qtbot.waitUntil(lambda: not shiboken6.isValid(other))
    home.undo_button.click()  # the freed editor's buttons no longer listen
    assert window.workspace.corpus.counts == (2, 1, 1) and not home.undo_button.isEnabled()
    home.redo_button.click()
    assert window.workspace.corpus.counts == (2, 1, 2)


def test_an_opened_asset_and_a_selected_step_show_in_every_window_at_once(window):
    from core.assets import classroom

    assets_window = window.windows.new_window("assets")
    encode_window = window.windows.new_window("encode")
    trace_window = window.windows.detach("trace")
    before = encode_window.view.chooser.count()
    window.workspace.open_asset_file(classroom.ASSET_PATH)
    # No event loop turn needed: the bridge's signals reach every window's view as they are emitted.
    assert assets_window.view.library_model.rowCount() == window.panels["assets"].library_model.rowCount() == 1
    assert encode_window.view.chooser.count() == window.panels["encode"].chooser.count() == before + 1
    window.workspace.select_step(2)
    assert trace_window.view.trace_view.currentIndex().row() == 2
    assert window.panels["timeline"].merge_view.currentIndex().row() == 1
