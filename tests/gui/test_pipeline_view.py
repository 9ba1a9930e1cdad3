"""The Pipeline tab, driven as a person would: pick a tokenizer, type,
select a piece, drag the merge limit; long input stays responsive."""

import pytest

from core import assets
from core.models import byte_bpe
from core.workspace.workspace import Workspace
from gui.shell import collector
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow
from gui.shell.workers import shutdown

SHOTS = "/tmp/inspector-shots"


@pytest.fixture
def window(qtbot):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    window.resize(1180, 760)
    window.show()
    window.show_panel("pipeline")
    yield window
    shutdown()  # no run outlives its test
    window.close()
    del window
    collector.compact()  # and no inspection outlives it (later tests time the GUI thread)


def inspect_text(qtbot, view, text):
    # Only the result for this text: one for the text before may still arrive.
    same = lambda found: found.text == text  # noqa: E731
    with qtbot.waitSignal(view.sig_inspected, timeout=20_000, check_params_cb=same) as blocker:
        view.input_edit.setPlainText(text)
    return blocker.args[0]


def names(view):
    return [view.stages_model.index(r, 0).data() for r in range(view.stages_model.rowCount())]


def test_stages_show_and_a_selected_piece_lights_up_every_stage(qtbot, window):
    view = window.panels["pipeline"]
    found = inspect_text(qtbot, view, "red 中")
    assert names(view) == ["Input", "Normalizer", "Pre-tokenizer", "Model", "Post-processing", "Decoding"]
    assert "exactly" in view.status.text()
    # The model stage is shown; its row 2 is the first byte of 中.
    assert view.pieces_model.rowCount() == 5 and view.pieces_model.index(2, 1).data() == 0xE4
    view.pieces_view.selectRow(2)
    assert view.selection == (4, 5)
    assert "characters 4–5, bytes 4–5: E4" in view.selection_label.text()
    assert view.stages_model.hits[3] == [2] and view.stages_model.hits[0] == [0]
    assert [s.cursor.selectedText() for s in view.input_edit.extraSelections()] == ["中"]
    assert found.stage("model").ids == (270, 32, 228, 184, 173)
    if not __import__("os").environ.get("NO_SHOTS"):
        window.grab().save(f"{SHOTS}/pipeline-en.png")


def test_imported_bpe_with_a_merge_limit_and_byte_order(qtbot, window, tmp_path):
    records = ["low lower lowest", "new newer newest"] * 4
    model = byte_bpe.train(records, 10)
    ws = window.workspace
    ws.add_asset(assets.byte_bpe_to_asset(model, records=records, name="mini"))
    view = window.panels["pipeline"]
    labels = [view.source_combo.itemText(i) for i in range(view.source_combo.count())]
    assert labels[1:] == ["Trained: character BPE", "mini (byte-level BPE)"]
    with qtbot.waitSignal(view.sig_inspected, timeout=20_000):
        view.choose(2)
    assert view.limit_slider.maximum() == 10 and "all 10 merges" in view.limit_label.text()
    found = inspect_text(qtbot, view, "lowest")
    assert len(found.stage("model").pieces) < 6
    with qtbot.waitSignal(view.sig_inspected, timeout=20_000) as blocker:
        view.limit_slider.setValue(0)
    assert blocker.args[0].stage("model").ids == tuple(b"lowest") and blocker.args[0].limit == 0
    assert "of 10 merges" in view.limit_label.text()
    assert view.order_model.rowCount() == 256 and view.order_model.index(0x41, 2).data() == 0x41
    assert "Raw byte order" in view.order_label.text()
    # Opening another asset keeps this one's limit and result.
    ws.add_asset(assets.byte_bpe_to_asset(model, records=records, name="another"))
    assert view.source_combo.currentIndex() == 2 and view.limit_spin.value() == 0
    # The trained char-BPE model: words, </w>, merges of the workspace.
    with qtbot.waitSignal(view.sig_inspected, timeout=20_000) as blocker:
        view.choose(1)
    assert blocker.args[0].kind == "char-bpe" and view.limit_slider.maximum() == 4


def test_normalizer_changes_name_their_code_points(qtbot, window, tmp_path):
    from core.tokenizer.imported_bpe import ImportedBPE

    model = ImportedBPE.build(tuple((c, i) for i, c in enumerate("fin A")), (), normalizer={"type": "nfkc"})
    window.workspace.add_asset(assets.bpe_to_asset(model, name="nfkc"))
    view = window.panels["pipeline"]
    with qtbot.waitSignal(view.sig_inspected, timeout=20_000):
        view.choose(2)
    found = inspect_text(qtbot, view, "ﬁn Ａ")
    view.stages_view.selectRow([s.name for s in found.stages].index("normalize"))
    notes = [view.pieces_model.index(r, 4).data() for r in range(view.pieces_model.rowCount())]
    assert notes == ["changed: U+FB01 → U+0066 U+0069", "", "changed: U+FF21 → U+0041"]
    assert view.status.text().startswith("Lossy: decoding loses ﬁ → f␣i")  # no decoder: tokens joined by spaces


def test_selecting_input_text_highlights_the_pieces_behind_it(qtbot, window):
    view = window.panels["pipeline"]
    inspect_text(qtbot, view, "a🙂b")
    cursor = view.input_edit.textCursor()
    cursor.setPosition(1)
    cursor.setPosition(3, cursor.MoveMode.KeepAnchor)  # the emoji: two UTF-16 units
    view.input_edit.setTextCursor(cursor)
    assert view.selection == (1, 5) and view.stages_model.hits[3] == [1, 2, 3, 4]


def test_a_bad_template_is_reported_and_the_view_keeps_working(qtbot, window):
    view = window.panels["pipeline"]
    inspect_text(qtbot, view, "red")
    view.template_edit.setText("<NOPE> $A")
    qtbot.waitUntil(lambda: "<NOPE>" in view.status.text(), timeout=20_000)
    with qtbot.waitSignal(view.sig_inspected, timeout=20_000):
        view.template_edit.setText("<BOS> $A <EOS>")
    assert view.inspection.stage("post_process").ids[0] == 256


def test_a_long_input_runs_off_the_gui_thread_and_can_be_cancelled(qtbot, window):
    view = window.panels["pipeline"]
    view.input_edit.setPlainText("low lower 中文 " * 5_000)
    view.run()
    assert view.cancel_button.isVisible()  # the window keeps painting while it runs
    qtbot.wait(20)
    view.cancel()
    assert view.status.text() == "Cancelled." and view._task is None
    with qtbot.waitSignal(view.sig_inspected, timeout=60_000) as blocker:
        view.run()
    assert len(blocker.args[0].stage("model").pieces) > 50_000
    view.stages_view.selectRow(0)  # the input: one piece of 65,000 characters
    shown = view.pieces_model.index(0, 0).data()
    assert len(shown) == 161 and shown.endswith("…") and view.pieces_model.rowCount() == 1
    # Let the big result go: later tests time the GUI thread, and a heap of
    # pieces makes every full garbage collection longer.
    del blocker
    inspect_text(qtbot, view, "")


def test_every_model_the_timeline_trained_is_a_source(qtbot, window):
    ws = window.workspace
    records, pretokenizer = ws.byte_training_input()
    ws.adopt_other("byte-bpe", byte_bpe.train(records, 5, pretokenizer=pretokenizer), records)
    view = window.panels["pipeline"]
    labels = [view.source_combo.itemText(i) for i in range(view.source_combo.count())]
    assert labels[1:] == ["Trained: character BPE", "Trained: byte-level BPE"]
    with qtbot.waitSignal(view.sig_inspected, timeout=20_000):
        view.choose(2)
    assert "all 5 merges" in view.limit_label.text()
    found = inspect_text(qtbot, view, "lowest 中")
    model = found.stage("model")
    assert len(model.pieces) < len("lowest 中".encode()) and model.pieces[-1].byte_end == len("lowest 中".encode())
    assert found.kind == "byte-bpe" and found.verdict.kind == "input"
