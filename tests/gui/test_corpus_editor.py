"""The corpus editor: edits through the undo stack into the one workspace,
inline validation, sort/filter, paste and drop, raw records kept exactly,
and imports off the GUI thread with invalid-UTF-8 and cancel handling."""

import pytest
from PySide6.QtCore import QItemSelectionModel, QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from core.workspace import records as rec
from core.corpus import EXAMPLE_19_1, WordCorpus
from core.workspace.workspace import Workspace
from gui.shell import theme, workers
from gui.shell.bridge import WorkspaceBridge
from gui.corpus.editor import CorpusEditor
from gui.corpus.models import visible_whitespace

from conftest import wait_task


def cell(model, row, column, role=Qt.DisplayRole):
    return model.data(model.index(row, column), role)


def column(model, c):
    return [cell(model, r, c) for r in range(model.rowCount())]


@pytest.fixture(autouse=True)
def no_threads_left():
    yield
    workers.shutdown()


@pytest.fixture
def editor(qtbot):
    view = CorpusEditor(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(view)
    view.resize(900, 500)
    view.show()
    return view


def test_shows_the_word_table_and_statistics(editor):
    assert column(editor.proxy, 0) == ["low", "lower", "new"]
    assert column(editor.proxy, 1) == ["2", "1", "1"]
    assert editor.stats.text() == "3 rows · 4 word occurrences · 14 characters · 14 bytes (UTF-8)"


def test_editing_a_count_goes_through_the_workspace_and_undoes(editor, qtbot):
    workspace = editor.workspace
    assert editor.proxy.setData(editor.proxy.index(2, 1), "2")
    assert workspace.corpus.counts == (2, 1, 2) and workspace.stale
    assert editor.undo_button.isEnabled() and editor.undo_button.toolTip() == "Undo Change count"
    qtbot.waitUntil(lambda: "5 word occurrences" in editor.stats.text())
    editor.undo_button.click()
    assert workspace.corpus == EXAMPLE_19_1
    editor.redo_button.click()
    assert workspace.corpus.counts == (2, 1, 2)
    assert editor.proxy.setData(editor.proxy.index(0, 0), "slow")
    assert workspace.corpus.words == ("slow", "lower", "new")


@pytest.mark.parametrize("column_, value, message", [
    (0, "", "row 1: empty word"),
    (0, "lo</w>", "row 1: word 'lo</w>' contains the reserved symbol '</w>'"),
    (0, "new", "row 1: 'new' is already in row 3"),
    (1, "0", "row 1: count 0 must be a positive integer"),
    (1, "-2", "row 1: count '-2' is not a decimal integer (ASCII digits 0-9 only)"),
    (1, "٣", "row 1: count '٣' is not a decimal integer (ASCII digits 0-9 only)"),
    (1, "many", "row 1: count 'many' is not a decimal integer (ASCII digits 0-9 only)"),
])
def test_invalid_cells_are_refused_with_an_inline_message(editor, column_, value, message):
    before = editor.workspace.corpus
    assert not editor.proxy.setData(editor.proxy.index(0, column_), value)
    assert editor.workspace.corpus is before and editor.undo_stack.count() == 0
    assert editor.message.text().startswith(message)
    assert theme.tone("error") in editor.message.styleSheet()
    assert editor.proxy.setData(editor.proxy.index(0, 1), "5")
    assert editor.message.text() == ""


def test_add_row_validates_like_a_cell(editor):
    editor.new_word.setText("wider")
    editor.new_count.setText("0")
    editor.add_row()
    assert "count 0 must be a positive integer" in editor.message.text()
    editor.new_count.setText("3")
    editor.add_row()
    assert editor.workspace.corpus.words[-1] == "wider" and editor.new_word.text() == ""
    editor.new_word.setText("low")
    editor.add_row()
    assert "already in row 1" in editor.message.text()


def test_sort_and_filter_leave_the_corpus_order_alone(editor):
    editor.workspace.insert_words(3, [("wider", 3), ("newest", 6)])
    editor.view.sortByColumn(1, Qt.DescendingOrder)
    assert column(editor.proxy, 0) == ["newest", "wider", "low", "lower", "new"]
    editor.filter_edit.setText("NEW")
    assert column(editor.proxy, 0) == ["newest", "new"]
    # Editing through the sorted, filtered view changes the right row.
    assert editor.proxy.setData(editor.proxy.index(1, 1), "9")
    assert editor.workspace.corpus.words == ("low", "lower", "new", "wider", "newest")
    assert editor.workspace.corpus.counts == (2, 1, 9, 3, 6)


def test_remove_a_scattered_selection_and_undo_restores_the_order(editor):
    editor.workspace.insert_words(3, [("wider", 3), ("newest", 6)])
    selection = editor.view.selectionModel()
    for row in (0, 2, 3):
        selection.select(editor.proxy.index(row, 0), QItemSelectionModel.Select | QItemSelectionModel.Rows)
    editor.remove_selected()
    assert editor.workspace.corpus.words == ("lower", "newest")
    editor.undo_stack.undo()
    assert editor.workspace.corpus.words == ("low", "lower", "new", "wider", "newest")
    assert editor.workspace.corpus.counts == (2, 1, 1, 3, 6)


def test_paste_table_rows_or_plain_text(editor):
    editor.paste_text("wider\t3\nlow\t1\n")
    assert editor.workspace.corpus == WordCorpus(("low", "lower", "new", "wider"), (3, 1, 1, 3))
    editor.paste_text("new newer newer")
    assert editor.workspace.corpus.items() and dict(editor.workspace.corpus.items())["newer"] == 2
    editor.undo_stack.undo()
    editor.undo_stack.undo()
    assert editor.workspace.corpus == EXAMPLE_19_1
    editor.paste_text("a</w>b")
    assert "Nothing pasted" in editor.message.text() and editor.workspace.corpus == EXAMPLE_19_1


def drop(editor, mime):
    event = QDropEvent(QPointF(10, 10), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    editor.dropEvent(event)


def test_drop_text_pastes_and_drop_file_imports(editor, tmp_path, monkeypatch):
    mime = QMimeData()
    mime.setText("wide wide")
    drop(editor, mime)
    assert dict(editor.workspace.corpus.items())["wide"] == 2
    asked = []
    monkeypatch.setattr(editor, "_ask_and_import", asked.append)
    path = tmp_path / "dropped.txt"
    path.write_text("x", encoding="utf-8")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    drop(editor, mime)
    assert asked == [str(path)]


# ==== records ====

EXACT = b"  low\tlow\r\nlower new\n\n\tnew  "


def test_records_mode_keeps_exact_bytes_and_shows_whitespace(editor, qtbot):
    editor.workspace.set_records(rec.Records.from_text(EXACT.decode()))
    model = editor.proxy
    assert editor.mode_box.currentData() == "records" and editor.pretokenizer_box.isVisible()
    assert column(model, 0) == ["··low⇥low", "lower new", "", "⇥new··"]
    assert column(model, 1) == ["CRLF", "LF", "LF", "none"]
    assert cell(model, 0, 0, Qt.EditRole) == "  low\tlow"
    assert model.setData(model.index(1, 0), "  lower  new ")
    assert editor.workspace.records.lines[1] == "  lower  new "
    assert not model.setData(model.index(0, 0), "a</w>")
    assert "reserved" in editor.message.text()
    assert not model.setData(model.index(0, 1), "none")
    assert "only the last record" in editor.message.text()
    assert model.setData(model.index(0, 1), "LF")
    editor.undo_stack.undo()
    editor.undo_stack.undo()
    assert editor.workspace.records.to_bytes() == EXACT
    editor._show_stats()
    assert editor.stats.text().startswith("4 records · 5 words · 24 characters · 28 bytes")


def test_adding_after_a_last_line_without_ending_keeps_lines_apart(editor):
    editor.workspace.set_records(rec.Records.from_text("a b\r\nc"))
    editor.new_record.setText("\td")
    editor.add_row()
    assert editor.workspace.records.to_bytes() == b"a b\r\nc\n\td\n"
    editor.undo_stack.undo()
    assert editor.workspace.records.to_bytes() == b"a b\r\nc"


def test_switching_modes_round_trips_and_undoes(editor):
    editor.mode_box.setCurrentIndex(editor.mode_box.findData("records"))
    editor.mode_box.activated.emit(editor.mode_box.currentIndex())
    assert editor.workspace.mode == "records"
    assert editor.workspace.records.lines == ("low", "low", "lower", "new")
    assert editor.workspace.corpus == EXAMPLE_19_1
    editor.pretokenizer_box.setCurrentIndex(editor.pretokenizer_box.findData("none"))
    editor.pretokenizer_box.activated.emit(editor.pretokenizer_box.currentIndex())
    assert editor.workspace.settings.pretokenizer == "none"
    editor.undo_stack.undo()
    assert editor.workspace.mode == "words" and editor.proxy.sourceModel() is editor.word_model
    assert column(editor.proxy, 0) == ["low", "lower", "new"]


# ==== importing ====

def test_import_with_invalid_utf8_names_the_offset_and_can_stop_or_skip(editor, qtbot, tmp_path, monkeypatch):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"low low\r\nlo\xffw\nnew\n")
    answers = [False, True]
    monkeypatch.setattr(editor, "confirm_skip", lambda p, result: answers.pop(0))
    task = editor.import_path(path)
    qtbot.waitUntil(lambda: editor.import_task is None, timeout=5000)
    assert editor.message.text() == "Import stopped: bad.txt:2: invalid UTF-8 byte FF at byte offset 11"
    assert editor.workspace.corpus == EXAMPLE_19_1 and task is not None
    editor.import_path(path, target="records")
    qtbot.waitUntil(lambda: editor.import_task is None, timeout=5000)
    assert editor.workspace.records.to_bytes() == b"low low\r\nnew\n"
    assert "Skipped 1 line with invalid UTF-8:" in editor.message.text()
    assert "byte offset 11" in editor.message.text()
    editor.undo_stack.undo()
    assert editor.workspace.mode == "words" and editor.workspace.corpus == EXAMPLE_19_1


def test_import_table_format_and_errors(editor, qtbot, tmp_path):
    path = tmp_path / "t.tsv"
    path.write_text("low\t5\nnew\t2\n", encoding="utf-8")
    editor.import_path(path, fmt="table")
    qtbot.waitUntil(lambda: editor.import_task is None, timeout=5000)
    assert editor.workspace.corpus == WordCorpus(("low", "new"), (5, 2))
    assert editor.message.text() == "Imported t.tsv."
    path.write_text("low 5\n", encoding="utf-8")
    editor.import_path(path, fmt="table")
    qtbot.waitUntil(lambda: editor.import_task is None, timeout=5000)
    assert "Import failed:" in editor.message.text() and "t.tsv:1: expected 'word<TAB>count'" in editor.message.text()


def test_import_gpt2_pretokenization(editor, qtbot, tmp_path):
    path = tmp_path / "g.txt"
    path.write_text("low lower\n", encoding="utf-8")
    editor.import_path(path, pretokenizer="gpt2")
    qtbot.waitUntil(lambda: editor.import_task is None, timeout=5000)
    assert editor.workspace.corpus.words == ("low", " lower")


def test_huge_import_shows_progress_and_cancels(editor, qtbot, tmp_path, monkeypatch):
    monkeypatch.setattr(rec, "CHUNK_BYTES", 64 * 1024)
    path = tmp_path / "huge.txt"
    path.write_bytes(b"".join(b"word%d other%d\n" % (i % 5000, i % 77) for i in range(600_000)))
    with qtbot.waitSignal(editor.progress.valueChanged, timeout=10_000):
        editor.import_path(path)
    assert editor.progress.isVisible() and editor.cancel_button.isVisible()
    with qtbot.waitSignal(editor.import_task.sig_cancelled, timeout=2000):
        editor.cancel_button.click()
    assert editor.message.text() == "Import cancelled; the corpus is unchanged."
    assert editor.workspace.corpus == EXAMPLE_19_1 and not editor.progress.isVisible()


def test_visible_whitespace():
    assert visible_whitespace("  a b\t ") == "··a b⇥·"
    assert visible_whitespace("   ") == "···"


# ==== the corpus survives: save, open, autosave and recovery (File menu) ====

def test_main_window_saves_opens_autosaves_and_recovers(qtbot, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from core.workspace import workspace_file
    from gui.shell.main_window import MainWindow

    auto = tmp_path / "autosave"
    first = MainWindow(WorkspaceBridge(Workspace.example()), autosave_dir=auto)
    qtbot.addWidget(first)
    first.panels["corpus"].proxy.setData(first.panels["corpus"].proxy.index(2, 1), "2")
    assert first.windowTitle().startswith("untitled*")
    first.autosave()
    qtbot.waitUntil(lambda: first._slot.path.is_file())
    assert workspace_file.pending_recovery(auto) is None  # live: never offered to another instance
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.Cancel)
    first.close()  # unsaved work: quitting asks, and Cancel stays
    assert first._slot is not None and "Not saved: the workspace" in asked[-1]
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.Close)
    first.close()  # quit without saving: the autosave stays for next time
    assert first._slot is None and workspace_file.pending_recovery(auto) is not None

    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args: asked.append(args[2]) or QMessageBox.Yes)
    second = MainWindow(WorkspaceBridge(Workspace.example()), autosave_dir=auto)
    qtbot.addWidget(second)
    qtbot.waitUntil(lambda: second.workspace.corpus.counts == (2, 1, 2))
    assert "unsaved work" in asked[0]
    qtbot.waitUntil(lambda: not second.workspace.stale, timeout=5000)  # the timeline retrains
    path = tmp_path / "mine.json"
    assert second.save_workspace_as(path)
    assert second.windowTitle().startswith("mine.json —")
    second.close()  # everything saved: no autosave is left behind
    assert workspace_file.pending_recovery(auto) is None

    third = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(third)
    wait_task(qtbot, third.open_workspace(path))
    assert third.workspace.corpus.counts == (2, 1, 2) and not third.workspace.stale
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: warnings.append(args[2]))
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    wait_task(qtbot, third.open_workspace(tmp_path / "bad.json"))
    assert "bad.json: not a Subword Studio workspace" in warnings[0]
    assert third.workspace.corpus.counts == (2, 1, 2)
