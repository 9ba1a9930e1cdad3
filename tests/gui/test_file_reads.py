"""Files read from the windows go through core's readers in a worker: a FIFO
with no writer, a device or a folder is refused in one line (in the UI
language), a bad workspace file too; a large file keeps the event loop
running; Cancel changes nothing; saving over a read-only file asks first."""

import json
import os
import re
import stat

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMessageBox, QPushButton

from core.corpus import EXAMPLE_19_1
from core.workspace import workspace_file
from core.assets.classroom import ASSET_PATH
from core.workspace.workspace import Workspace
from gui.shell import language
from gui.shell.bridge import WorkspaceBridge
from gui.corpus.editor import CorpusEditor
from gui.shell.main_window import MainWindow
from gui.shell.workers import BusyDialog

from conftest import drop, wait_task

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def window(qtbot, monkeypatch):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(main)
    main.show()
    main.failures = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *args: main.failures.append(args[2]))
    yield main
    main.panels["assets"].stop_scan()


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)  # nobody ever writes: a blocking open or read would never return
    return path


@pytest.fixture
def zh(qapp):
    language.install("zh_CN")
    yield
    language.install("en")


def open_and_wait(qtbot, window, path):
    wait_task(qtbot, window.open_workspace(path))
    return window.failures


def ticks_while(qtbot, task, timeout) -> bool:
    """Did a 1 ms timer on the GUI thread tick while ``task`` was reading?"""
    beats = []
    heartbeat = QTimer(interval=1)
    heartbeat.timeout.connect(lambda: beats.append(task.is_running()))
    heartbeat.start()
    wait_task(qtbot, task, timeout=timeout)
    heartbeat.stop()
    return any(beats)


def one_line(messages, expected):
    assert len(messages) == 1 and "\n" not in messages[0] and messages[0].endswith(expected), messages


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_with_no_writer_is_refused_everywhere_without_blocking(window, qtbot, fifo):
    counts = window.workspace.corpus.counts
    one_line(open_and_wait(qtbot, window, fifo), f"{fifo}: cannot read (a FIFO, not a regular file)")
    assert window.workspace.corpus.counts == counts and window.workspace_path is None

    decoder = window.panels["encode"].decoder
    wait_task(qtbot, decoder.load_ids_file(fifo))
    assert decoder.banner.text() == f"⚠ Cannot read the ID list: {fifo}: cannot read (a FIFO, not a regular file)"

    editor = window.panels["corpus"]
    editor._ask_and_import(str(fifo))  # refused before the import dialog
    assert editor.message.text() == f"Import failed: {fifo}: cannot read (a FIFO, not a regular file)"

    errors = []
    window.interop.dialogs.error = errors.append
    assert window.interop.import_tokenizer(str(fifo)) is None  # refused before the format is asked
    one_line(errors, f"{fifo}: cannot read (a FIFO, not a regular file)")

    manager = window.panels["assets"]
    wait_task(qtbot, manager.open_files([str(fifo)]))
    assert manager.status_label.text() == f"{fifo}: cannot read (a FIFO, not a regular file)"

    window.failures.clear()
    event = drop(window, [fifo])  # looked at while dragged: never opened for a blocking read
    assert event.isAccepted()
    qtbot.waitUntil(lambda: bool(window.failures))
    one_line(window.failures, f"{fifo}: cannot read (a FIFO, not a regular file)")
    assert window.workspace.corpus.counts == counts


def test_a_device_and_a_folder_are_refused_in_one_line(window, qtbot, tmp_path):
    if os.path.exists("/dev/zero"):
        one_line(open_and_wait(qtbot, window, "/dev/zero"),
                 "/dev/zero: cannot read (a character device, not a regular file)")
        decoder = window.panels["encode"].decoder
        wait_task(qtbot, decoder.load_ids_file("/dev/zero"))
        assert decoder.banner.text().endswith("/dev/zero: cannot read (a character device, not a regular file)")
    window.failures.clear()
    one_line(open_and_wait(qtbot, window, tmp_path), f"{tmp_path}: is a directory, not a workspace file")
    window.failures.clear()
    drop(window, [tmp_path])
    qtbot.waitUntil(lambda: bool(window.failures))
    one_line(window.failures, f"{tmp_path}: is a directory, not a workspace or tokenizer file")
    assert window.workspace.corpus == EXAMPLE_19_1 and window.workspace_path is None


def test_a_bad_workspace_file_is_one_line_and_changes_nothing(window, qtbot, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "subword-studio/workspace", "corpus": [["low", 5]],\n  oops}', encoding="utf-8")
    one_line(open_and_wait(qtbot, window, bad), "Expecting property name enclosed in double quotes)")
    assert window.failures[0].startswith(f"{bad}: not valid JSON (line 2, column 3")
    window.failures.clear()
    saved = tmp_path / "w.json"
    assert window.save_workspace_as(saved)
    document = json.loads(saved.read_text("utf-8"))
    document["corpus"]["words"] = [["low", "٣"]]  # not an ASCII decimal count
    saved.write_text(json.dumps(document), encoding="utf-8")
    window.workspace_path = None
    one_line(open_and_wait(qtbot, window, saved), f"{saved}: corpus.words: entry 1: count '٣' is not an integer")
    assert window.workspace.corpus == EXAMPLE_19_1 and window.workspace_path is None


def test_a_large_corpus_is_read_while_the_event_loop_keeps_running(qtbot, tmp_path):
    editor = CorpusEditor(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(editor)
    editor.show()
    path = tmp_path / "big.txt"
    line = b"the quick brown fox jumps over the lazy dog again and again\n"
    path.write_bytes(line * (40 * 1024 * 1024 // len(line)))  # 40 MB
    assert ticks_while(qtbot, editor.import_path(path), 120_000)
    corpus = editor.workspace.corpus
    assert corpus.counts[corpus.words.index("again")] == 2 * (40 * 1024 * 1024 // len(line))


def test_a_large_workspace_is_read_while_the_event_loop_keeps_running(window, qtbot, tmp_path):
    path = tmp_path / "large.json"
    assert window.save_workspace_as(path)
    document = json.loads(path.read_text("utf-8"))
    document["corpus"]["words"] = [[f"w{i}", 1 + i % 7] for i in range(200_000)]  # 3 MB
    del document["model"]
    path.write_text(json.dumps(document), encoding="utf-8")
    window.workspace_path = None
    assert ticks_while(qtbot, window.open_workspace(path), 60_000)
    assert len(window.workspace.corpus) == 200_000 and window.workspace_path == str(path)


def test_cancel_leaves_the_workspace_unchanged(window, qtbot, tmp_path):
    path = tmp_path / "other.json"
    window.workspace.set_count(0, 9)
    assert window.save_workspace_as(path)
    window.workspace.set_count(0, 1)
    window.workspace_path = None
    before = (window.workspace.corpus, window.workspace.revision)
    task = window.open_workspace(path)
    busy = window.findChildren(BusyDialog)
    assert len(busy) == 1 and busy[0].labelText() == "Reading other.json…"
    busy[0].findChild(QPushButton).click()  # Cancel
    assert task.cancelled
    wait_task(qtbot, task)
    assert (window.workspace.corpus, window.workspace.revision) == before
    assert window.workspace_path is None and window.failures == []


def test_cancelling_an_asset_read_opens_nothing(window, qtbot):
    manager = window.panels["assets"]
    before = list(window.workspace.assets)
    task = manager.open_files([str(ASSET_PATH)])
    busy = manager.findChildren(BusyDialog)
    assert len(busy) == 1 and busy[0].labelText() == "Reading 1 asset file…"
    busy[0].findChild(QPushButton).click()
    wait_task(qtbot, task)
    assert list(window.workspace.assets) == before and manager.idle()
    assert manager.status_label.text() == "Cancelled; the workspace is unchanged."


def test_messages_are_in_the_ui_language(zh, window, qtbot, tmp_path):
    one_line(open_and_wait(qtbot, window, tmp_path), "")
    assert window.failures[0].startswith(str(tmp_path)) and CJK.search(window.failures[0])
    window.failures.clear()
    if os.path.exists("/dev/zero"):
        one_line(open_and_wait(qtbot, window, "/dev/zero"), "")
        assert window.failures == ["/dev/zero：无法读取（是字符设备，不是普通文件）"]
    window.failures.clear()
    other = tmp_path / "notes.bin"
    other.write_bytes(b"\x00\x01")
    drop(window, [other])
    qtbot.waitUntil(lambda: bool(window.failures))
    one_line(window.failures, "")
    assert window.failures[0].startswith(str(other)) and CJK.search(window.failures[0])
    assert "File → Import" not in window.failures[0]  # the menu named as the Chinese menu names it


@pytest.mark.skipif(os.name != "posix", reason="mode bits and links as on POSIX")
@pytest.mark.parametrize("answer", [QMessageBox.No, QMessageBox.Yes])
def test_saving_over_a_read_only_file_asks_first(window, qtbot, tmp_path, monkeypatch, answer):
    path = tmp_path / "locked.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0o444)
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda *args, **kwargs: asked.append(args[2]) or answer)
    window.workspace_path = str(path)
    assert window.save_workspace() is (answer == QMessageBox.Yes)
    assert asked == [f"{path} is read-only. Replace the read-only file anyway?"]
    assert window.failures == []
    if answer == QMessageBox.Yes:
        assert workspace_file.read(path).corpus == window.workspace.corpus
        assert stat.S_IMODE(path.stat().st_mode) == 0o444  # replaced, its mode kept
    else:
        assert path.read_text("utf-8") == "{}"
    # A link is never replaced, asked or not.
    link = tmp_path / "link.json"
    link.symlink_to(path)
    window.workspace_path = str(link)
    assert not window.save_workspace() and len(asked) == 1
    one_line(window.failures, f"{link}: is a symbolic link; write to the file it points to instead")


@pytest.mark.skipif(os.name != "posix", reason="mode bits and links as on POSIX")
@pytest.mark.parametrize("yes", [False, True])
def test_an_export_over_a_read_only_file_asks_in_the_worker_s_stead(window, qtbot, tmp_path, yes):
    out = tmp_path / "locked.bpe"
    out.write_text("{}", encoding="utf-8")
    out.chmod(0o444)
    asked, errors = [], []
    window.interop.dialogs.replace_read_only = lambda path: asked.append(path) or yes
    window.interop.dialogs.error = errors.append
    trained = window.panels["assets"].add_trained_model()
    wait_task(qtbot, trained)
    task = window.interop.export_tokenizer(0, "subword-nmt", str(out))
    wait_task(qtbot, task)
    if yes:
        wait_task(qtbot, window.interop.task)  # written again, allowed this time
        assert out.read_text("utf-8") == "l o\nlo w\nlow </w>\ne r\n"  # the trained merges
        window.interop.report_window.close()
    else:
        assert out.read_text("utf-8") == "{}"
    assert asked == [str(out)] and errors == []
