"""The engines in the windows (gui/shell/serving.py): the encode panel and Compare
name the engine their tokens come from and let it be pinned; pinning the
reference gives the same IDs; a wrong engine is demoted and the status bar
says so once, naming the first difference; a built-in tokenizer shows its
tokens from the compiled cache with the identity the workspace gives it
once open; the panel keeps working while an engine is checked."""

import threading

import pytest
from PySide6.QtCore import Qt

pytest.importorskip("sentencepiece")
pytest.importorskip("tiktoken")

from conftest import destroy  # noqa: E402
from core import engines  # noqa: E402
from core.assets import classroom  # noqa: E402
from core.workspace.workspace import Workspace  # noqa: E402
from gui.shell import settings  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.compare.picker import ENGINE  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402
from gui.shell.serving import engine_of, server_for  # noqa: E402
from gui.shell.shelf_open import opener_for  # noqa: E402

SMALL = "spm-botchan-unigram"
TEXT = "Hello world, this is a test of the engines. naïve café"


@pytest.fixture
def window(qtbot):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    main.resize(1280, 800)
    main.show()
    yield main
    destroy(main)


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """A cold cache of this test's own: the engines are checked here, not in another test."""
    monkeypatch.setenv("SUBWORD_STUDIO_CACHE", str(tmp_path / "cache"))


def ids_of(panel):
    return [chip.token_id for chip in panel.strip.chips()]


def settled(panel, qtbot):
    """Wait until the panel's engine is served and its tokens are on show."""
    qtbot.waitUntil(lambda: panel._waiting is None and panel.outcome is not None and panel.encoding is not None
                    and panel.cancel_button.isHidden(), timeout=60_000)


def encode(panel, qtbot, text):
    panel.input.setPlainText(text)
    panel.encode_now()
    settled(panel, qtbot)


def pins(box):
    """(engine, enabled, tooltip) of each item of a pin box."""
    return [(box.itemData(i), box.model().item(i).isEnabled(), box.itemData(i, Qt.ToolTipRole) or "")
            for i in range(box.count())]


def open_classroom_asset(window):
    """The classroom tokenizer opened as an asset: a byte-level BPE tiktoken serves."""
    index = window.workspace.open_asset_file(classroom.ASSET_PATH)
    return window.workspace.asset_key(index)


def pick(panel, key):
    panel.chooser.setCurrentIndex(panel.chooser.findData(key))


# ==== the encode panel ====

def test_the_classroom_tokenizer_is_the_references_and_cannot_be_pinned(window):
    panel = window.panels["encode"]
    assert panel.engine_label.text() == "Engine: reference"
    assert not panel.pin_box.isEnabled() and panel.tokenizer is window.workspace.encoder


def test_a_built_in_tokenizer_shows_its_engine_and_the_pins_it_may_take(window, qtbot):
    window.show_panel("encode")
    panel = window.panels["encode"]
    pick(panel, f"shelf:{SMALL}")
    encode(panel, qtbot, TEXT)
    served = engines.open_asset(SMALL)
    assert ids_of(panel) == served.encode_ids(TEXT)
    version = engines.version("sentencepiece")
    assert panel.engine_label.text() == f"Engine: sentencepiece {version} (checked exact)"
    offered = {engine: (enabled, tip) for engine, enabled, tip in pins(panel.pin_box)}
    assert list(offered) == ["auto", "reference", *engines.NATIVE]
    assert offered["auto"][0] and offered["reference"][0] and offered["sentencepiece"][0]
    assert "Checked exact" in offered["sentencepiece"][1]
    # Engines that cannot hold it exactly are listed, disabled, with the exporter's reason.
    assert not offered["tiktoken"][0] and "not a BPE model" in offered["tiktoken"][1]
    assert not offered["tokenizers"][0] and "Cannot hold this tokenizer exactly" in offered["tokenizers"][1]
    assert panel.pin_box.currentData() == "auto" and panel.pin_box.isEnabled()


def test_pinning_the_reference_gives_the_same_ids_and_is_remembered(window, qtbot):
    window.show_panel("encode")
    panel = window.panels["encode"]
    pick(panel, f"shelf:{SMALL}")
    encode(panel, qtbot, TEXT)
    native = ids_of(panel)
    panel.pin_box.setCurrentIndex(panel.pin_box.findData("reference"))
    panel.pin_box.activated.emit(panel.pin_box.currentIndex())  # as a click on the item does
    settled(panel, qtbot)
    assert panel.tokenizer.engine == "reference" and panel.engine_label.text() == "Engine: reference (pinned)"
    assert ids_of(panel) == native
    assert settings.read(settings.ENCODE_ENGINE) == "reference" and panel.choice.engine == "reference"
    again = MainWindow(WorkspaceBridge(Workspace.example()))
    try:
        assert again.panels["encode"].choice.engine == "reference"
    finally:
        destroy(again)


def test_a_window_of_its_own_keeps_its_own_pin(window, qtbot):
    other = window.windows.new_window("encode").view
    other.choice.pin("reference")
    assert other.choice.engine == "reference" and window.panels["encode"].choice.engine == "auto"
    assert settings.read(settings.ENCODE_ENGINE) == "auto"
    from gui.shell.windows import views
    assert views.options("encode", other)["engine"] == "reference"


def test_a_built_in_tokenizer_keeps_its_served_tokens_and_identity_once_open(window, qtbot):
    window.show_panel("encode")
    panel = window.panels["encode"]
    opener = opener_for(window.workspace)
    with qtbot.waitSignal(opener.sig_opened, timeout=60_000):
        pick(panel, f"shelf:{SMALL}")
    settled(panel, qtbot)
    served = panel.tokenizer
    key = window.workspace.encoder_key
    loaded = next(e.loaded for e in window.workspace.assets if window.workspace.asset_key(
        window.workspace.assets.index(e)) == key)
    # The same tokenizer identity either way: the compiled entry's is the workspace's.
    assert served.entry.identity == loaded.identity.interface_sha256
    panel.encode_now()
    assert panel.tokenizer is served  # the open asset is served by the same object


def test_a_pinned_engine_that_cannot_serve_gives_way_to_auto_and_says_so(window, qtbot):
    window.show_panel("encode")
    panel = window.panels["encode"]
    panel.choice.pin("tiktoken")
    pick(panel, f"shelf:{SMALL}")
    settled(panel, qtbot)
    assert panel.tokenizer.engine == "sentencepiece"
    assert "tiktoken" in panel.engine_label.text() and "pinned but cannot serve" in panel.engine_label.text()
    assert panel.pin_box.currentData() == "tiktoken"


class _Wrong:
    """A native engine that gets one character wrong (as in tests/core/test_engines.py)."""

    def __init__(self, native):
        self.native = native
        self.token_bytes = getattr(native, "token_bytes", None)

    def encode_ids(self, text):
        ids = self.native.encode_ids(text)
        return ids + [0] if "é" in text else ids

    def encode_batch(self, texts):
        return list(map(self.encode_ids, texts))


def test_a_wrong_engine_is_demoted_and_the_status_bar_says_so_once(window, qtbot, own_cache, monkeypatch):
    module = engines.native_module("tiktoken")
    build = module.build
    monkeypatch.setattr(module, "build", lambda spec: _Wrong(build(spec)))
    window.show_panel("encode")
    panel = window.panels["encode"]
    key = open_classroom_asset(window)
    pick(panel, key)
    encode(panel, qtbot, "Hello naïve café")
    assert panel.tokenizer.engine != "tiktoken"
    message = window.statusBar().currentMessage()
    assert message.startswith("The tiktoken engine (") and "classroom" in message
    assert "differs at token" in message and "probe" in message
    details = window.statusBar().toolTip()  # the IDs on each side, and the text there
    assert "reference [" in details and "engine [" in details
    offered = {engine: (enabled, tip) for engine, enabled, tip in pins(panel.pin_box)}
    assert not offered["tiktoken"][0] and "Demoted" in offered["tiktoken"][1]
    assert ids_of(panel) == window.workspace.encoder.encode_ids("Hello naïve café")
    # Once: the verdict is kept, so a new window over another workspace says nothing.
    again = MainWindow(WorkspaceBridge(Workspace.example()))
    try:
        again.show()
        other = again.panels["encode"]
        pick(other, open_classroom_asset(again))
        encode(other, qtbot, "Hello naïve café")
        assert other.tokenizer.engine == panel.tokenizer.engine
        assert again.statusBar().currentMessage() == ""
    finally:
        destroy(again)


def test_the_panel_stays_usable_while_an_engine_is_checked(window, qtbot, own_cache, monkeypatch):
    release = threading.Event()
    check = engines.check

    def slow_check(*args):
        release.wait(60)
        return check(*args)
    monkeypatch.setattr(engines, "check", slow_check)
    window.show_panel("encode")
    panel = window.panels["encode"]
    pick(panel, open_classroom_asset(window))
    try:
        # While the probes wait, the reference encodes each edit at once.
        for text in ("red key", "lower newest 你好"):
            panel.input.setPlainText(text)
            panel.encode_now()
            assert ids_of(panel) == window.workspace.encoder.encode_ids(text)
            assert panel.engine_label.text() == "Engine: checking…" and engine_of(panel.tokenizer) == "reference"
        assert server_for(window.workspace)._tasks
    finally:
        release.set()
    settled(panel, qtbot)
    assert panel.tokenizer.engine == "tiktoken" and "(checked exact)" in panel.engine_label.text()
    assert ids_of(panel) == window.workspace.encoder.encode_ids("lower newest 你好")


# ==== Compare ====

def test_compare_names_each_rows_engine_and_a_row_can_be_pinned(window, qtbot):
    key = open_classroom_asset(window)
    window.show_panel("compare")
    view = window.panels["compare"]
    model = view.side_by_side.model
    view.input.setPlainText(TEXT)
    view.refresh()
    qtbot.waitUntil(lambda: not view.side_by_side.is_running(), timeout=60_000)
    rows = {e.key: r for r, e in enumerate(model.entries)}
    assert model.data(model.index(rows["encoder"], ENGINE)) == "reference"
    assert not model.flags(model.index(rows["encoder"], ENGINE)) & Qt.ItemIsEditable
    version = engines.version("tiktoken")
    assert model.data(model.index(rows[key], ENGINE)) == f"tiktoken {version} (checked exact)"
    assert model.flags(model.index(rows[key], ENGINE)) & Qt.ItemIsEditable
    native = model.row_of(key).encoding.ids
    # The editor offers the pins, those that cannot serve disabled with their reason.
    delegate = view.side_by_side.table.itemDelegateForColumn(ENGINE)
    editor = delegate.createEditor(view.side_by_side.table, None, model.index(rows[key], ENGINE))
    delegate.setEditorData(editor, model.index(rows[key], ENGINE))
    offered = {engine: (enabled, tip) for engine, enabled, tip in pins(editor)}
    assert offered["tiktoken"][0] and not offered["sentencepiece"][0] and offered["sentencepiece"][1]
    editor.setCurrentIndex(editor.findData("reference"))
    delegate.setModelData(editor, model, model.index(rows[key], ENGINE))
    editor.deleteLater()
    qtbot.waitUntil(lambda: not view.side_by_side.is_running(), timeout=60_000)
    assert model.data(model.index(rows[key], ENGINE)) == "reference (pinned)"
    assert model.row_of(key).encoding.ids == native
    assert settings.read(settings.COMPARE_ENGINES) == [f"{key}=reference"]


def test_compare_shows_a_demotion_in_the_status_bar(window, qtbot, own_cache, monkeypatch):
    module = engines.native_module("tiktoken")
    build = module.build
    monkeypatch.setattr(module, "build", lambda spec: _Wrong(build(spec)))
    open_classroom_asset(window)
    window.show_panel("compare")
    view = window.panels["compare"]
    view.input.setPlainText(TEXT)
    view.refresh()
    qtbot.waitUntil(lambda: not view.side_by_side.is_running(), timeout=60_000)
    assert window.statusBar().currentMessage().startswith("The tiktoken engine (")
