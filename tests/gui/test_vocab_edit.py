"""The Vocabulary view's editor (issue 40): preview, apply and undo, errors,
and a tokenizer the core cannot edit, on a six-token BPE whose answers are
known by hand.  Every wait is on a signal, never a sleep."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QItemSelectionModel

from conftest import destroy
from core.assets.bpe import bpe_to_asset
from core.tokenizer.imported_bpe import ImportedBPE
from core.workspace.workspace import Workspace
from gui.shell.bridge import WorkspaceBridge
from gui.vocab import VocabView

# a b c, then ab, abc (ab + c) and bc: removing ab leaves abc with no merge that builds it.
TINY = ImportedBPE.build(vocab=(("a", 0), ("b", 1), ("c", 2), ("ab", 3), ("abc", 4), ("bc", 5)),
                merges=(("a", "b"), ("ab", "c"), ("b", "c")))


@pytest.fixture
def view(qtbot):
    workspace = Workspace()
    workspace.add_asset(bpe_to_asset(TINY, name="tiny"))
    bridge = WorkspaceBridge(workspace)
    shown = VocabView(bridge)
    shown.resize(1280, 800)
    shown.show()
    yield shown
    destroy(shown)
    bridge.deleteLater()


def open_editor(view, qtbot, key):
    """Choose ``key`` and show the Edit tab; returns the editor once the core said whether it can edit it."""
    editor = view.editor
    view.choose(key)
    with qtbot.waitSignal(editor.sig_checked, timeout=20_000) as checked:
        view.show_editor()
    return editor, checked.args[0]


def asked(editor, *, remove="", add="", special="", reserve="", sample="abcab\nc"):
    editor.remove_box.setPlainText(remove)
    editor.add_box.setPlainText(add)
    editor.special_box.setPlainText(special)
    editor.reserve_box.setPlainText(reserve)
    editor.sample_box.setPlainText(sample)


def previewed(editor, qtbot):
    with qtbot.waitSignal(editor.sig_previewed, timeout=20_000) as done:
        editor.preview_button.click()
    return done.args[0]


def test_selected_tokens_removed_preview_shows_size_unreachable_and_changed_texts(view, qtbot):
    editor, editable = open_editor(view, qtbot, view.workspace.asset_key(0))
    assert editable and editor.preview_button.isEnabled() and not editor.apply_button.isEnabled()
    qtbot.waitUntil(lambda: view.table is not None and view.task is None, timeout=20_000)
    # Two rows selected in the table (ab and bc), one of them then taken off the list again.
    selection = view.view.selectionModel()
    for row in (3, 5):
        selection.select(view.model.index(row, 0), QItemSelectionModel.Select | QItemSelectionModel.Rows)
    editor.remove_selected_button.click()
    assert editor.remove_box.toPlainText() == "ab\nbc"
    asked(editor, remove="ab", add="ca", special="<s>")
    preview = previewed(editor, qtbot)
    # IDs 0-5 kept but 3 (ab); ca is 6, <s> is 7: eight IDs.
    assert preview.new_size == 8 and "6 → 8" in editor.summary.text()
    assert [editor.unreachable.item(i).text() for i in range(editor.unreachable.count())] == ["ID 4  abc"]
    assert [editor.new_tokens.item(i).text() for i in range(editor.new_tokens.count())] == [
        "ID 6  ca", "ID 7  <s>  (special)"]
    # abcab was abc + ab; now a + bc + a + b.  c keeps its ID.
    assert [(c.text, c.old_ids, c.new_ids) for c in preview.changed] == [("abcab", (4, 3), (0, 5, 0, 1))]
    assert editor.changed.toPlainText().split("\n") == ["abcab", "old IDs: 4 3", "new IDs: 0 5 0 1"]
    assert "1 of 2" in editor.summary.text()
    assert editor.apply_button.isEnabled()
    # Any change to what is asked takes Apply away until the next preview.
    editor.add_box.setPlainText("ca\ncb")
    assert not editor.apply_button.isEnabled()


def test_apply_adds_an_asset_and_undo_removes_it(view, qtbot):
    workspace = view.workspace
    editor, _ = open_editor(view, qtbot, workspace.asset_key(0))
    asked(editor, remove="abc", add="ca")
    preview = previewed(editor, qtbot)
    assert preview.new_size == 7
    with qtbot.waitSignal(view.bridge.sig_assets_changed):
        editor.apply_button.click()
    assert [e.loaded.name for e in workspace.assets] == ["tiny", "tiny (edited)"]
    added = workspace.assets[1].loaded
    assert added.tokenizer.vocab_id("ca") == 6 and added.tokenizer.vocab_id("abc") is None
    assert not editor.apply_button.isEnabled() and editor.export_button.isEnabled()
    # The new asset is held like any other: the view's chooser lists it.
    assert view.chooser.findData(workspace.asset_key(1)) >= 0
    editor.undo_button.click()
    assert [e.loaded.name for e in workspace.assets] == ["tiny"]
    assert not editor.export_button.isEnabled() and editor.apply_button.isEnabled()  # the preview may go in again
    editor.undo_stack.redo()
    assert [e.loaded.name for e in workspace.assets] == ["tiny", "tiny (edited)"]


def test_reserve_renames_in_place_keeping_the_size(view, qtbot):
    editor, _ = open_editor(view, qtbot, view.workspace.asset_key(0))
    qtbot.waitUntil(lambda: view.table is not None and view.task is None, timeout=20_000)
    view.view.selectRow(5)  # bc
    editor.reserve_selected_button.click()
    assert editor.reserve_box.toPlainText() == "bc="
    editor.reserve_box.insertPlainText("<think>")
    editor.remove_box.clear()
    preview = previewed(editor, qtbot)
    assert preview.new_size == 6 and preview.edited.old_to_new[5] == 5
    assert [editor.removed.item(i).text() for i in range(editor.removed.count())] == ["ID 5  bc → <think>"]
    editor.apply()
    assert view.workspace.assets[1].loaded.tokenizer.id_of("<think>") == 5


def test_export_writes_the_applied_tokenizer(view, qtbot, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    editor, _ = open_editor(view, qtbot, view.workspace.asset_key(0))
    asked(editor, remove="abc", add="ca")
    previewed(editor, qtbot)
    editor.apply()
    path = tmp_path / "edited.json"
    with qtbot.waitSignal(editor.interop().sig_exported, timeout=20_000):
        editor.export("hf", str(path))
    # The real library reads the written file and gives the preview's IDs.
    assert tokenizers.Tokenizer.from_file(str(path)).encode("abcab").ids == [3, 2, 3]
    if editor.interop().report_window is not None:
        editor.interop().report_window.close()


def test_a_bad_token_shows_one_message_and_applies_nothing(view, qtbot):
    workspace = view.workspace
    editor, _ = open_editor(view, qtbot, workspace.asset_key(0))
    asked(editor, remove="zz")
    with qtbot.waitSignal(editor.sig_failed, timeout=20_000) as failed:
        editor.preview_button.click()
    assert "no such token" in failed.args[0]
    assert editor.message.text().startswith("Not previewed: ") and "zz" in editor.message.text()
    assert editor.preview is None and not editor.apply_button.isEnabled()
    assert editor.changed.toPlainText() == ""
    # Adding a token that exists, and a reserve line without NEW, fail the same way.
    asked(editor, add="ab")
    with qtbot.waitSignal(editor.sig_failed, timeout=20_000) as failed:
        editor.preview_button.click()
    assert "already a token" in failed.args[0]
    asked(editor, reserve="ab")
    with qtbot.waitSignal(editor.sig_failed, timeout=1000) as failed:  # found on the GUI thread: no worker
        editor.preview_button.click()
    assert "OLD=NEW" in failed.args[0]
    editor.apply()
    assert len(workspace.assets) == 1 and not editor.undo_stack.canUndo()


def test_a_tokenizer_the_core_cannot_edit_disables_the_controls_with_its_reason(qtbot):
    workspace = Workspace.example()  # its trained model is a kind core.edit does not edit
    bridge = WorkspaceBridge(workspace)
    view = VocabView(bridge)
    view.show()
    try:
        # The classroom tokenizer is not an open asset, yet is edited as its asset file.
        editor, editable = open_editor(view, qtbot, "encoder")
        assert editable and editor.preview_button.isEnabled() and editor.source.kind
        view.side_tabs.setCurrentIndex(0)  # the editor hidden: the next tokenizer is checked once it shows
        editor, editable = open_editor(view, qtbot, "model")
        assert not editable
        assert "cannot be edited" in editor.reason.text() and editor.reason.isVisible()
        for control in (editor.preview_button, editor.remove_box, editor.add_box, editor.remove_selected_button):
            assert not control.isEnabled()
        assert editor.start_preview() is None
    finally:
        destroy(view)
        bridge.deleteLater()


def test_cancel_drops_the_preview(view, qtbot):
    from conftest import wait_task

    editor, _ = open_editor(view, qtbot, view.workspace.asset_key(0))
    asked(editor, remove="ab")
    task = editor.start_preview()
    editor.cancel_button.click()
    wait_task(qtbot, task)
    assert editor.preview is None and not editor.apply_button.isEnabled()
    assert editor.message.text() == "Preview cancelled." and editor.preview_button.isEnabled()


def test_boxes_read_one_token_per_line_spaces_kept():
    from gui.vocab.edit_request import request_of
    from gui.vocab.edit_texts import differing

    request = request_of(remove=" the\n\nab\r\n", add=" Subword", add_special="<s>", reserve="[unused1]=<t>\n==x")
    assert request.remove == (" the", "ab") and request.add == (" Subword",) and request.add_special == ("<s>",)
    assert request.reserve == (("[unused1]", "<t>"), ("=", "x"))
    assert differing((4, 3), (0, 5, 0, 1)) == (0, (2, 4))
    assert differing((1, 2, 3, 9), (1, 5, 6, 9)) == (1, (3, 3))


def test_the_edit_pane_stays_on_show_across_a_rebuild(view, qtbot):
    from gui.shell.windows import views

    open_editor(view, qtbot, view.workspace.asset_key(0))
    view.editor.add_box.setPlainText(" new")
    kept = views.state(view)
    assert kept["view"]["side"] == "edit"
    again = VocabView(view.bridge)
    try:
        views.restore(again, kept)
        assert again.side_tabs.currentWidget() is again.editor_page and again.editor.add_box.toPlainText() == " new"
    finally:
        destroy(again)


def test_id_map_saved_as_the_command_line_writes_it(view, qtbot, tmp_path):
    import json

    editor, _ = open_editor(view, qtbot, view.workspace.asset_key(0))
    assert not editor.id_map_button.isEnabled()
    asked(editor, remove="ab", add="ca")
    previewed(editor, qtbot)
    path = tmp_path / "map.json"
    assert editor.id_map_button.isEnabled() and editor.save_id_map(path)
    assert json.loads(path.read_text("utf-8")) == {
        "old_size": 6, "new_size": 7, "old_to_new": [0, 1, 2, None, 4, 5],
        "new_tokens": [{"id": 6, "token": "ca", "init_from": [2, 0]}]}
