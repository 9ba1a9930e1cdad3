"""The main window shows the trace and follows the shared workspace."""

import pytest
from PySide6.QtCore import Qt

from core.corpus import WordCorpus


def cell(model, row, column):
    return model.data(model.index(row, column), Qt.DisplayRole)


@pytest.fixture
def main(studio_window):
    return studio_window


def test_window_shows_table_19_2(main):
    window = main.trace_panel
    model = window.trace_view.model()
    assert model.rowCount() == 5
    assert [cell(model, 4, c) for c in range(3)] == ["4", "e + r", "1"]
    assert cell(model, 1, 3) == "3: l + o, o + w, w + </w>"


def test_selecting_a_step_shows_its_segmentation_and_pair_counts(main, qtbot):
    window = main.trace_panel
    main.tabs.setCurrentWidget(window)
    window.trace_view.selectRow(0)
    seg = window.segmentation_view.model()
    pairs = window.pair_view.model()
    qtbot.waitUntil(lambda: pairs.rowCount() == 8)
    assert [cell(seg, r, 2) for r in range(3)] == ["l o w </w>", "l o w e r </w>", "n e w </w>"]
    assert (cell(pairs, 0, 0), cell(pairs, 0, 1), cell(pairs, 0, 2)) == ("l + o", "3", "low ×2, lower ×1")
    window.trace_view.selectRow(2)
    assert window.workspace.step == 2
    qtbot.waitUntil(lambda: cell(seg, 1, 2) == "low e r </w>")


def test_selecting_steps_never_waits_for_the_recount(main, qtbot, monkeypatch):
    """The recount runs in a worker; of several quick selections the last one is shown."""
    import threading

    from gui.trace import panel as trace_panel

    threads = set()
    recount = trace_panel.step_view

    def spy(trace, step, should_stop=None):
        threads.add(threading.current_thread() is threading.main_thread())
        return recount(trace, step, should_stop)

    monkeypatch.setattr(trace_panel, "step_view", spy)
    window = main.trace_panel
    main.tabs.setCurrentWidget(window)
    for step in (0, 1, 2, 3):
        window.trace_view.selectRow(step)
    seg = window.segmentation_view.model()
    qtbot.waitUntil(lambda: window.step_task is None and cell(seg, 0, 2) == "low</w>")
    assert window.pairs_label.text().startswith("Pair counts before merge 4")
    assert threads == {False}


def test_retraining_with_new_corpus_follows_the_workspace(main, qtbot):
    window = main.trace_panel
    window.workspace.set_corpus(WordCorpus.from_pairs([("low", 2), ("lower", 1), ("new", 2)]))
    assert window.stale_label.text() != ""
    window.train_button.click()  # trains off the GUI thread
    qtbot.waitUntil(lambda: cell(window.trace_view.model(), 1, 1) == "w + </w>")
    assert cell(window.trace_view.model(), 1, 2) == "4"
    assert window.stale_label.text() == ""


def test_tie_policy_selector_retrains(main, qtbot):
    window = main.trace_panel
    window.workspace.set_corpus(WordCorpus.from_pairs(
        [("low", 5), ("lowest", 2), ("newer", 6), ("wider", 3), ("new", 2)]))
    window.merges_box.setValue(8)
    window.tie_box.setCurrentIndex(window.tie_box.findData("first-seen"))
    window.train_button.click()
    qtbot.waitUntil(lambda: cell(window.trace_view.model(), 3, 1) == "n + e")
    window.tie_box.setCurrentIndex(window.tie_box.findData("lexicographic"))
    window.train_button.click()
    qtbot.waitUntil(lambda: cell(window.trace_view.model(), 3, 1) == "e + w")


def test_a_closed_window_ignores_later_workspace_events(qtbot):
    """A training run can finish after its window is gone (its result is a
    queued signal): no view may then touch its deleted widgets."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from core.workspace.workspace import Workspace
    from gui.shell.bridge import WorkspaceBridge
    from gui.shell.main_window import MainWindow

    bridge = WorkspaceBridge(Workspace.example())
    window = MainWindow(bridge)
    window.show()
    window.close()
    window.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
    bridge.workspace.train()  # emits trained and encoder_changed


def test_quitting_with_unsaved_assets_asks_and_recovery_brings_them_back(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from core.workspace import workspace_file
    from core.workspace.workspace import Workspace
    from gui.shell.bridge import WorkspaceBridge
    from gui.shell.main_window import MainWindow

    auto = tmp_path / "autosave"
    first = MainWindow(WorkspaceBridge(Workspace.example()), autosave_dir=auto)
    qtbot.addWidget(first)
    qtbot.waitUntil(lambda: first.workspace.model is not None, timeout=10000)
    first.workspace.add_model_asset("mine")
    first.workspace.add_broken_copy(0, 2, 3, name="swapped")
    first.saved_revision = first.workspace.revision  # only the assets are unsaved
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.Close)
    first.close()
    assert len(asked) == 1 and "mine" in asked[0] and "swapped" in asked[0] and asked[0].startswith("Not saved: mine, swapped.")
    found = workspace_file.pending_recovery(auto)
    assert found is not None and [a.name for a in workspace_file.read(found).assets] == ["mine", "swapped"]

    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.Yes)
    second = MainWindow(WorkspaceBridge(Workspace.example()), autosave_dir=auto)
    qtbot.addWidget(second)
    qtbot.waitUntil(lambda: len(second.workspace.assets) == 2)
    assert all(e.dirty for e in second.workspace.assets) and second.unsaved()[-2:] == ["mine", "swapped"]
    monkeypatch.setattr(QMessageBox, "question", lambda *args: QMessageBox.Close)
    second.close()
