"""The asset manager: library, comparison, and the deliberately broken copy."""

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from core import assets
from core.models import byte_bpe
from core.assets import classroom
from core.assets import identity
from core.workspace.workspace import Workspace
from gui.assets.models import DIFF_BRUSH, SAME_BRUSH
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow


def cell(model, row, column, role=Qt.DisplayRole):
    return model.data(model.index(row, column), role)


@pytest.fixture
def window(qtbot):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(main)
    main.resize(1280, 900)
    main.show()
    main.show_panel("assets")
    yield main
    main.panels["assets"].stop_scan()


@pytest.fixture
def manager(window, qtbot):
    manager = window.panels["assets"]
    # Actions and comparisons run in a worker: wait for them as a user would.
    manager.settle = lambda: qtbot.waitUntil(manager.idle, timeout=30_000)
    return manager


@pytest.fixture
def byte_file(tmp_path):
    records = classroom.records()
    path = tmp_path / "classroom.json"
    assets.save_asset(path, assets.byte_bpe_to_asset(byte_bpe.train(records, 32), records=records,
                                                     name="classroom-32"))
    return path


def test_broken_copy_is_compared_side_by_side(manager, byte_file, tmp_path):
    manager.open_files([str(byte_file)])
    manager.settle()
    assert len(manager.workspace.assets) == 1
    manager.select_rows([0])
    manager.settle()
    assert not manager.parts.isVisibleTo(manager) and manager.hint_label.isVisibleTo(manager)
    manager.broken_copy((268, 270))
    manager.settle()
    assert manager._selected() == [0, 1] and manager.parts.isVisibleTo(manager)
    library = manager.library_model
    assert cell(library, 1, 0) == "classroom-32 (IDs 268↔270 swapped) *"
    assert [cell(library, 1, c) for c in (2, 3, 4)] == ["byte-level BPE", "291", "32"]
    components = manager.component_model
    statuses = {c.name: cell(components, r, 3) for r, c in enumerate(components.rows)}
    assert statuses["vocab"] == "different" and list(statuses.values()).count("different") == 1
    vocab_row = [c.name for c in components.rows].index("vocab")
    assert cell(components, vocab_row, 0, Qt.BackgroundRole) == DIFF_BRUSH
    assert cell(components, 0, 0, Qt.BackgroundRole) == SAME_BRUSH
    assert "291 entries" in manager.verdict_label.text()
    text = manager.findings_view.toPlainText()
    assert "IDs 268 and 270 are swapped" in text and "every shape check passes" in text
    assert "output column 268" in text and "saved prompt" in text
    behaviour = manager.behaviour_model
    assert cell(behaviour, 0, 1) == "same pieces, other IDs"
    row = {cell(behaviour, r, 0): r for r in range(behaviour.rowCount())}["key"]
    assert cell(behaviour, row, 2) == "«268»" and cell(behaviour, row, 3) == "«270»"
    assert cell(behaviour, row, 4) == "red"  # A's ID for "key" reads as "red" under B
    assert cell(behaviour, behaviour.rowCount() - 1, 1) == "same"  # differences sort first
    assert manager.a_hash.text() == manager.rows()[0].loaded.identity.interface_sha256
    image = manager.grab()
    assert not image.isNull() and image.width() > 800
    image.save(str(tmp_path / "comparison.png"))


def test_library_cells_and_copyable_full_identity(manager, byte_file):
    manager.open_files([str(byte_file)])
    manager.settle()
    loaded = manager.rows()[0].loaded
    library = manager.library_model
    assert cell(library, 0, 5) == loaded.identity.interface_sha256[:12]
    assert cell(library, 0, 6, Qt.ToolTipRole) == loaded.identity.full_sha256
    assert cell(library, 0, 1) == "open: classroom.json"
    assert manager.copy_identity(0, "full") == loaded.identity.full_sha256
    assert QGuiApplication.clipboard().text() == loaded.identity.full_sha256
    assert manager.copy_identity(0) == loaded.identity.interface_sha256


def test_folder_scan_lists_assets_and_unreadable_files(manager, qtbot, byte_file, tmp_path):
    from core.inspect import asset_diff

    assets.save_asset(tmp_path / "swapped.json", asset_diff.swap_ids(identity.load(byte_file), 268, 270))
    (tmp_path / "broken.json").write_text('{"format": "subword-studio/tokenizer"', encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not an asset", encoding="utf-8")
    manager.choose_folder(str(tmp_path))
    qtbot.waitUntil(lambda: not manager.scan.isRunning() and "assets in the folder" in manager.status_label.text())
    rows = manager.rows()
    assert [(r.source, r.path.rsplit("/", 1)[1]) for r in rows] == [
        ("folder", "broken.json"), ("folder", "classroom.json"), ("folder", "swapped.json")]
    assert "not valid JSON" in cell(manager.library_model, 0, 0, Qt.ToolTipRole)
    assert cell(manager.library_model, 0, 2) == "cannot load"
    assert manager.status_label.text() == "2 assets in the folder; 1 file could not be read (hover for why)"
    assert manager._workspace_index(1) == 0  # a double-click opens it into the workspace
    manager.settle()
    assert [(r.source, r.path.rsplit("/", 1)[1]) for r in manager.rows()] == [
        ("open", "classroom.json"), ("folder", "broken.json"), ("folder", "swapped.json")]
    manager.select_rows([0, 2])  # an open asset against a folder file, without opening it
    manager.settle()
    assert [f.kind for f in manager.diff.findings] == ["id_swap"] and len(manager.workspace.assets) == 1
    manager.select_rows([0, 1])  # the unreadable file cannot be compared
    manager.settle()
    assert manager.diff is None and not manager.parts.isVisibleTo(manager)


def test_rename_save_as_and_reload_keep_identity(manager, byte_file, tmp_path):
    manager.open_files([str(byte_file)])
    manager.settle()
    before = manager.rows()[0].loaded.identity
    manager.select_rows([0])
    manager.settle()
    manager.rename_selected("renamed tokenizer")
    manager.settle()
    assert "identity did not change" in manager.status_label.text()
    row = manager.rows()[0]
    assert row.dirty and row.loaded.name == "renamed tokenizer" and row.loaded.identity == before
    target = tmp_path / "saved.json"
    manager.save_as(str(target))
    assert not manager.rows()[0].dirty and manager.rows()[0].path == str(target)
    again = identity.load(target)
    assert again.identity == before and again.name == "renamed tokenizer"
    assert json.loads(target.read_text(encoding="utf-8"))["metadata"]["name"] == "renamed tokenizer"


def test_duplicate_is_identical_and_close_asks_about_unsaved_work(manager, byte_file):
    manager.open_files([str(byte_file)])
    manager.settle()
    manager.select_rows([0])
    manager.settle()
    manager.duplicate_selected()
    manager.settle()
    assert manager._selected() == [0, 1]
    assert manager.diff.full_equal and "Identical" in manager.verdict_label.text()
    assert "No differences" in manager.findings_view.toPlainText()
    manager.select_rows([1])
    manager.settle()
    manager.close_selected(confirm=False)
    assert len(manager.workspace.assets) == 2
    manager.close_selected(confirm=True)
    assert len(manager.workspace.assets) == 1 and len(manager.rows()) == 1


def test_trained_char_model_and_its_broken_copy(manager):
    manager.add_trained_model()
    manager.settle()
    assert manager.rows()[0].loaded.kind == "char-bpe" and manager.rows()[0].dirty
    manager.select_rows([0])
    manager.settle()
    manager.broken_copy((9, 11))
    manager.settle()
    text = manager.findings_view.toPlainText()
    assert "IDs 9 and 11 are swapped: 'low' ↔ 'er'" in text
    renumbered = [r for r in manager.behaviour_model.rows if r.how == "renumbered"]
    assert renumbered and all(r.a.pieces == r.b.pieces for r in renumbered)


def test_errors_are_shown_in_the_window_not_raised(manager, byte_file, tmp_path):
    manager.open_files([str(tmp_path / "missing.json")])
    manager.settle()
    assert manager.workspace.assets == ()
    assert "no such file" in manager.status_label.text()
    manager.open_files([str(byte_file)])
    manager.settle()
    manager.select_rows([0])
    manager.settle()
    manager.broken_copy((97, 98))
    manager.settle()
    assert "bytes themselves" in manager.status_label.text()
    assert len(manager.workspace.assets) == 1
    manager.save_as(str(tmp_path / "no-such-folder" / "x.json"))
    assert "no-such-folder does not exist" in manager.status_label.text()
    manager.rescan()  # no folder chosen yet
    assert "Choose a folder first" in manager.status_label.text()


def test_use_for_encoding_hands_the_asset_to_the_encode_panel(window, manager, byte_file):
    manager.open_files([str(byte_file)])
    manager.settle()
    manager.select_rows([0])
    manager.settle()
    manager.broken_copy((268, 270))
    manager.settle()
    manager.select_rows([1])
    manager.settle()
    manager.use_for_encoding()
    encoder = window.workspace.encoder
    assert list(encoder.encode("red key").ids) == [268, 32, 270]


def test_reading_copying_and_comparing_run_in_workers(manager, byte_file, monkeypatch):
    """Hashing a large vocabulary takes seconds: the window must not wait for it."""
    import threading

    from gui.assets import manager as asset_manager

    on_gui_thread = []

    def spy(function):
        def wrapped(*args, **kwargs):
            on_gui_thread.append(threading.current_thread() is threading.main_thread())
            return function(*args, **kwargs)
        return wrapped

    monkeypatch.setattr(identity, "load", spy(identity.load))
    monkeypatch.setattr(identity, "from_dict", spy(identity.from_dict))
    monkeypatch.setattr(asset_manager, "comparison", spy(asset_manager.comparison))
    manager.open_files([str(byte_file)])
    assert not manager.open_button.isEnabled()  # one action at a time
    manager.settle()
    assert manager.open_button.isEnabled() and len(manager.workspace.assets) == 1
    manager.select_rows([0])
    manager.duplicate_selected()
    manager.settle()
    assert manager._selected() == [0, 1] and manager.diff.full_equal
    # load (and the from_dict inside it), the copy's from_dict, the comparison
    assert len(on_gui_thread) == 4 and not any(on_gui_thread)
