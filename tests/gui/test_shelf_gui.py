"""The shelf in the window: the encode panel's chooser, the Compare tab's list
and File → Built-in tokenizers offer every built-in tokenizer; picking one
loads it off the GUI thread and encodes with it (the library's own IDs),
while the classroom tokenizer stays the default."""

import os
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

spm = pytest.importorskip("sentencepiece")

from conftest import ROOT, destroy  # noqa: E402
from core import shelf
from core.workspace.workspace import CLASSROOM, Workspace  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.compare.picker import NAME  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402
from gui.shell.shelf_open import opener_for  # noqa: E402
from core.shelf import name_in as shelf_name  # noqa: E402

SMALL = "spm-botchan-unigram"  # loads in a fraction of a second
TEXT = "Hello world, this is a shelf test. naïve café 123"


@pytest.fixture
def window(qtbot):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    main.resize(1280, 800)
    main.show()
    yield main
    destroy(main)


def sentencepiece_ids(name, text):
    return spm.SentencePieceProcessor(model_proto=shelf.original(shelf.find(name))).encode(text)


def encoded_ids(panel, qtbot, text):
    panel.input.setPlainText(text)
    panel.encode_now()
    qtbot.waitUntil(lambda: panel.encoding is not None and panel.cancel_button.isHidden(), timeout=30_000)
    return [chip.token_id for chip in panel.strip.chips()]


def test_the_chooser_lists_every_built_in_tokenizer_and_the_classroom_one_stays_default(window):
    panel = window.panels["encode"]
    keys = [panel.chooser.itemData(i) for i in range(panel.chooser.count())]
    assert [k for k in keys if k and k.startswith("shelf:")] == [f"shelf:{n}" for n in shelf.names()]
    assert window.workspace.encoder_key == CLASSROOM and panel.chooser.currentData() == CLASSROOM
    texts = [panel.chooser.itemText(i) for i in range(panel.chooser.count())]
    assert "GPT-4o (o200k_base) (built-in)" in texts


def test_picking_a_built_in_tokenizer_loads_it_and_encodes_with_the_librarys_ids(window, qtbot):
    window.show_panel("encode")
    panel = window.panels["encode"]
    opener = opener_for(window.workspace)
    with qtbot.waitSignal(opener.sig_opened, timeout=60_000):
        panel.chooser.setCurrentIndex(panel.chooser.findData(f"shelf:{SMALL}"))
        assert panel.chooser.status.isVisible() and "Loading SentencePiece unigram" in panel.chooser.status.text()
        assert window.workspace.encoder_key == CLASSROOM  # until it is loaded
    assert panel.chooser.status.isHidden()
    key = window.workspace.encoder_key
    assert key.startswith("asset:") and panel.chooser.currentData() == key
    last = len(window.workspace.assets) - 1
    assert window.workspace.asset_key(last) == key and shelf_name(window.workspace.assets[last].loaded.asset) == SMALL
    assert f"shelf:{SMALL}" not in [panel.chooser.itemData(i) for i in range(panel.chooser.count())]
    assert encoded_ids(panel, qtbot, TEXT) == sentencepiece_ids(SMALL, TEXT)
    # Picking it again (another way) opens no second copy.
    opener.open(SMALL)
    assert len([e for e in window.workspace.assets if shelf_name(e.loaded.asset) == SMALL]) == 1


def test_file_menu_opens_a_built_in_tokenizer_for_encoding(window, qtbot):
    menu = window.actions["builtin"]
    entries = shelf.entries()
    assert [a.text() for a in menu.actions()] == [e.display for e in entries]
    action = menu.actions()[[e.name for e in entries].index("spm-ja-unigram")]
    with qtbot.waitSignal(opener_for(window.workspace).sig_opened, timeout=60_000):
        action.trigger()
    panel = window.panels["encode"]
    text = "日本語のテキストを分割します。"
    assert encoded_ids(panel, qtbot, text) == sentencepiece_ids("spm-ja-unigram", text)


def test_compare_lists_built_in_tokenizers_unticked_and_ticking_one_opens_it(window, qtbot):
    window.show_panel("compare")
    view = window.panels["compare"]
    model = view.side_by_side.model
    shelf_rows = [r for r, e in enumerate(model.entries) if e.shelf]
    assert [model.entries[r].shelf for r in shelf_rows] == list(shelf.names())
    assert all(model.data(model.index(r, NAME), Qt.CheckStateRole) == Qt.Unchecked for r in shelf_rows)
    assert all(e.tokenizer is not None for e in model.checked())
    row = next(r for r in shelf_rows if model.entries[r].shelf == SMALL)
    with qtbot.waitSignal(opener_for(window.workspace).sig_opened, timeout=60_000):
        model.setData(model.index(row, NAME), Qt.Checked, Qt.CheckStateRole)
    qtbot.waitUntil(lambda: not any(e.shelf == SMALL for e in model.entries), timeout=10_000)
    opened = [e for e in model.entries if e.tokenizer is not None and e.key.startswith("asset:")]
    assert len(opened) == 1 and opened[0] in model.checked()
    qtbot.waitUntil(lambda: not view.side_by_side.is_running(), timeout=30_000)
    row = view.side_by_side.model.row_of(opened[0].key)
    assert row is not None and not row.error


def test_the_first_window_loads_no_built_in_tokenizer(tmp_path):
    # Its own settings folder: a tokenizer remembered in the user's would be reopened.
    code = ("import sys; from gui.shell.app import *; from PySide6.QtWidgets import QApplication; app = QApplication([]); "
            "from core.workspace.workspace import Workspace; from gui.shell.bridge import WorkspaceBridge; "
            "from gui.shell.main_window import MainWindow; w = MainWindow(WorkspaceBridge(Workspace.example())); w.show(); "
            "app.processEvents(); from core import shelf; from core.formats import builtin; "
            "print(sum(builtin.is_loaded(n) for n in shelf.names()), 'core.formats.tiktoken_ranks' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)},
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[-2:] == ["0", "False"]
