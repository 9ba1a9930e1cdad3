"""Issue 16: the encode/decode panel takes any tokenizer the workspace holds.

Real tokenizers are trained inside the tests (Hugging Face ``tokenizers``:
a GPT-2-style byte-level BPE and a BERT-style WordPiece; ``sentencepiece``:
a Unigram with byte fallback), imported as a user imports them (File →
Import tokenizer), picked in the panel's selector, and the chips' IDs are
compared with the libraries' own.
"""

import os
import re

import pytest
from PySide6.QtCore import Qt

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

tokenizers = pytest.importorskip("tokenizers")
spm = pytest.importorskip("sentencepiece")
from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers  # noqa: E402

from conftest import destroy  # noqa: E402
from core.workspace.workspace import Workspace  # noqa: E402
from gui.shell import settings  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402

# No CJK, no emoji: those reach the byte-level tokenizer as single bytes.
ENGLISH = ["Hello world, hello there.", "The world says hello to the world.", "naïve cafés serve naïve people",
           "Hello World", "worlds of words"] * 20
MIXED = "Hello world 中 你好，世界 🙂👩\u200d💻 naïve<|endoftext|>"


@pytest.fixture
def window(qtbot):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    main.resize(1280, 800)
    main.show()
    yield main
    if main.interop.report_window is not None:
        main.interop.report_window.close()
    destroy(main)


@pytest.fixture(scope="module")
def gpt2_style(tmp_path_factory):
    """A GPT-2-style tokenizer.json: ByteLevel pre-tokenizer and decoder, an added special."""
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(ENGLISH, trainers.BpeTrainer(
        vocab_size=320, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), special_tokens=["<|endoftext|>"],
        show_progress=False))
    path = tmp_path_factory.mktemp("gpt2") / "tokenizer.json"
    tok.save(str(path))
    return path, tok


@pytest.fixture(scope="module")
def bert_style(tmp_path_factory):
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    tok.train_from_iterator(ENGLISH, trainers.WordPieceTrainer(
        vocab_size=120, special_tokens=["[UNK]", "[CLS]", "[SEP]"], show_progress=False))
    path = tmp_path_factory.mktemp("bert") / "wordpiece.json"
    tok.save(str(path))
    return path, tok


@pytest.fixture(scope="module")
def byte_fallback(tmp_path_factory):
    folder = tmp_path_factory.mktemp("spm")
    corpus = folder / "corpus.txt"
    corpus.write_text("\n".join(ENGLISH), encoding="utf-8")
    spm.SentencePieceTrainer.train(input=str(corpus), model_prefix=str(folder / "sp"), vocab_size=290,
                                   hard_vocab_limit=False, model_type="unigram", byte_fallback=True, character_coverage=1.0,
                                   minloglevel=2)
    path = folder / "sp.model"
    return path, spm.SentencePieceProcessor(model_file=str(path))


def import_file(window, qtbot, path):
    """File → Import tokenizer, as a user does it; returns the asset's held key."""
    with qtbot.waitSignal(window.interop.sig_imported, timeout=30_000) as blocker:
        window.interop.import_tokenizer(str(path))
    return window.workspace.asset_key(blocker.args[0])


def pick(window, key):
    """Show the encode panel and choose ``key`` in its selector, as a click on the item does."""
    window.show_panel("encode")
    panel = window.panels["encode"]
    index = panel.chooser.findData(key)
    assert index >= 0, f"{key} is not in the selector"
    panel.chooser.setCurrentIndex(index)


def encode(panel, qtbot, text):
    panel.input.setPlainText(text)
    panel.encode_now()
    qtbot.waitUntil(lambda: panel.encoding is not None and panel.cancel_button.isHidden(), timeout=30_000)


def labels(panel):
    return [chip.label for chip in panel.strip.chips()]


# ==== a GPT-2-style byte-level BPE from Hugging Face tokenizers ====

def test_imported_byte_level_bpe_shows_chips_with_the_librarys_ids(window, qtbot, gpt2_style):
    path, tok = gpt2_style
    panel = window.panels["encode"]
    key = import_file(window, qtbot, path)
    pick(window, key)
    assert window.workspace.encoder_key == key and panel.chooser.currentData() == key
    assert "byte-level BPE" in panel.chooser.currentText() and "tokenizer" in panel.chooser.currentText()
    encode(panel, qtbot, MIXED)
    chips = panel.strip.chips()
    assert [c.token_id for c in chips] == tok.encode(MIXED).ids
    shown = labels(panel)
    assert shown[:2] == ["Hello", "␣world"]
    # 中 never occurs in the training text: a space, then its three bytes alone.
    at = shown.index("中 1/3")
    assert shown[at - 1:at + 3] == ["␣", "中 1/3", "中 2/3", "中 3/3"]
    assert [c.data for c in chips[at:at + 3]] == [b"\xe4", b"\xb8", b"\xad"]
    assert chips[at].roles == ("lead",) and chips[at + 1].roles == ("continuation",) and chips[at].partial
    assert "中 (U+4E2D, E4 B8 AD)" in panel.strip.tooltip(at)
    assert "U+200D ZERO WIDTH JOINER" in " ".join(panel.strip.tooltip(i) for i in range(len(chips)))
    special = chips[-1]
    assert (special.label, special.flag, special.data) == ("<|endoftext|>", "∅", b"")
    assert tok.token_to_id("<|endoftext|>") == special.token_id
    counts = panel.counts_label.text()
    assert f"· {len(chips)} BPE tokens" in counts and "base byte tokens" in counts and "1 special" in counts
    # Specials decode to nothing; the rest of the input comes back byte for byte.
    assert "gives the input back exactly" in panel.normal_label.text()


def test_the_table_shows_every_column_for_the_imported_tokenizer(window, qtbot, qtmodeltester, gpt2_style):
    path, tok = gpt2_style
    panel = window.panels["encode"]
    pick(window, import_file(window, qtbot, path))
    encode(panel, qtbot, "Hello world 中")
    model = panel.token_model
    qtmodeltester.check(model)
    headers = [model.headerData(c, Qt.Horizontal) for c in range(model.columnCount())]
    assert headers[:7] == ["#", "ID", "Stored as", "Reads as", "Bytes", "Byte span", "Characters"]
    row = [model.index(1, c).data() for c in range(model.columnCount())]
    assert row[:7] == ["1", str(tok.token_to_id("Ġworld")), "Ġworld", "␣world", "20 77 6F 72 6C 64", "5–11", "5–11"]
    last = [model.index(model.rowCount() - 1, c).data() for c in range(model.columnCount())]
    assert last[3:] == ["中 3/3", "AD", "14–15", "12–13", "inside a multi-byte character"]


def test_hover_and_selection_link_text_chips_and_table(window, qtbot, gpt2_style):
    path, _ = gpt2_style
    panel = window.panels["encode"]
    pick(window, import_file(window, qtbot, path))
    encode(panel, qtbot, "Hello 🙂 world")
    shown = labels(panel)
    emoji = next(i for i, label in enumerate(shown) if label.startswith("🙂"))
    panel.strip.sig_token_clicked.emit(emoji)
    (selection,) = panel.input.extraSelections()
    # The emoji is one code point but two UTF-16 units in the editor.
    assert (selection.cursor.selectionStart(), selection.cursor.selectionEnd()) == (6, 8)
    assert panel.table.currentIndex().row() == emoji
    panel.strip.sig_token_hovered.emit(0)  # hovering shows another token's characters for a while
    (selection,) = panel.input.extraSelections()
    assert selection.cursor.selectedText() == "Hello"
    panel.strip.sig_token_hovered.emit(-1)  # and the selected one again when the mouse leaves
    (selection,) = panel.input.extraSelections()
    assert (selection.cursor.selectionStart(), selection.cursor.selectionEnd()) == (6, 8)
    cursor = panel.input.textCursor()
    cursor.setPosition(len("Hello 🙂 w") + 1)
    panel.input.setTextCursor(cursor)
    assert shown[panel.strip.selected] == "␣world"


def test_decoding_invalid_utf8_with_the_imported_tokenizer_names_the_byte(window, qtbot, gpt2_style):
    path, tok = gpt2_style
    panel = window.panels["encode"]
    pick(window, import_file(window, qtbot, path))
    box = panel.decoder
    ff = tok.token_to_id("ÿ")  # GPT-2's printable spelling of byte 0xFF
    box.ids_edit.setText(f"{tok.token_to_id('Hello')} {ff}")
    box.decode_now()
    assert box.banner.isVisible()
    assert "0xFF at offset 5" in box.banner.text() and "strict" in box.banner.text()
    assert box.decoded.toPlainText() == ""
    assert [c.roles for c in box.decoded_strip.chips()][1] == ("invalid",)
    assert "0xFF at offset 5" in box.decoded_strip.tooltip(1)
    assert box.canon_view.verdict.text().startswith("? Canonical: cannot tell")
    box.policy_box.setCurrentIndex(box.policy_box.findData("replace"))
    assert box.decoded.toPlainText() == "Hello\ufffd" and "display fallback" in box.banner.text()
    # The encoder's own list round-trips and is canonical.
    panel.input.setPlainText("Hello world")
    panel.encode_now()
    box.copy_ids_button.click()
    assert box.banner.isHidden() and box.decoded.toPlainText() == "Hello world"
    assert box.canon_view.verdict.text().startswith("✓ Canonical: yes")
    # The same bytes spelled as single characters are not what the encoder writes.
    box.set_ids([tok.token_to_id(c) for c in "Hello"])
    assert box.canon_view.verdict.text().startswith("≠ Canonical: no")
    assert [c.token_id for c in box.canon_view.canonical_strip.chips()] == tok.encode("Hello").ids


# ==== WordPiece: [UNK] names what it swallowed ====

def test_wordpiece_unknown_chips_name_what_they_swallowed(window, qtbot, bert_style):
    path, tok = bert_style
    panel = window.panels["encode"]
    pick(window, import_file(window, qtbot, path))
    text = "Hello worlds 你 🙂"
    encode(panel, qtbot, text)
    chips = panel.strip.chips()
    assert [c.token_id for c in chips] == tok.encode(text).ids
    unk = [i for i, c in enumerate(chips) if c.label == "[UNK]"]
    assert [chips[i].covers for i in unk] == ["你", "🙂"]
    assert "你 (U+4F60, E4 BD A0)" in panel.strip.tooltip(unk[0])
    assert panel.token_model.index(unk[1], 7).data() == "unknown token for 🙂"
    counts = panel.counts_label.text()
    assert "tokens" in counts and "BPE" not in counts and "2 unknown" in counts
    # BERT lowercases: the panel must not claim it keeps the input.
    normal = panel.normal_label.text()
    assert "gives the input back exactly" not in normal and "changes the input" in normal
    panel._select_token(unk[0])
    (selection,) = panel.input.extraSelections()
    assert selection.cursor.selectedText() == "你"


# ==== SentencePiece with byte fallback ====

def test_sentencepiece_byte_fallback_pieces_show_as_bytes(window, qtbot, byte_fallback):
    path, sp = byte_fallback
    panel = window.panels["encode"]
    pick(window, import_file(window, qtbot, path))
    assert "byte fallback" in panel.chooser.currentText()
    text = "Hello world 中 🙂"
    encode(panel, qtbot, text)
    chips = panel.strip.chips()
    assert [c.token_id for c in chips] == sp.encode(text)
    shown = labels(panel)
    at = shown.index("<0xE4>")
    assert shown[at:at + 3] == ["<0xE4>", "<0xB8>", "<0xAD>"]
    assert [c.data for c in chips[at:at + 3]] == [b"\xe4", b"\xb8", b"\xad"]
    tip = panel.strip.tooltip(at + 1)
    assert "Byte-fallback piece <0xB8>" in tip and "中 2/3" in tip and "U+4E2D" in tip
    assert panel.token_model.index(at, 7).data() == "byte fallback: 中 1/3"
    assert panel.token_model.index(at, 2).data() == "<0xE4>"
    assert "byte-fallback pieces" in panel.counts_label.text() and "BPE" not in panel.counts_label.text()
    # A lone <0xFF> piece decodes to a byte that is not UTF-8: the banner names it.
    box = panel.decoder
    box.set_ids([sp.piece_to_id("<0xFF>")])
    assert "0xFF at offset 0" in box.banner.text() and box.decoded_strip.chips()[0].label == "<0xFF>"
    box.set_ids(sp.encode(text))
    assert box.banner.isHidden() and box.decoded.toPlainText() == text
    assert box.canon_view.verdict.text().startswith("✓ Canonical: yes")
    # The IDs read the same on the decode side: "␣world", and <0xE4> as a byte.
    decoded = box.decoded_strip.chips()
    assert [c.label for c in decoded] == shown and [c.data for c in decoded] == [c.data for c in chips]


def test_chip_widths_are_measured_for_the_chips_on_show(window, qtbot):
    """Widths are cached by chip object; a freed chip's id() must not lend its width to a new one."""
    from gui.widgets.token_strip import TokenStrip

    panel = window.panels["encode"]
    for round in range(30):
        encode(panel, qtbot, f"Hello world {round} " + "lll中 🙂 naïve"[round % 7:])
    qtbot.waitUntil(lambda: panel.strip.laid_out)
    fresh = TokenStrip()
    expected = [min(fresh._measure(c), max(200, panel.strip.viewport().width() - 3) - 3)
                for c in panel.strip.chips()]
    assert panel.strip._ws == expected


# ==== the selector: live, remembered, and reachable from the Assets tab ====

def test_selector_follows_assets_training_and_closing(window, qtbot, gpt2_style):
    path, _ = gpt2_style
    panel, workspace = window.panels["encode"], window.workspace
    keys = [panel.chooser.itemData(i) for i in range(panel.chooser.count())]
    keys = keys[:keys.index(None)]  # a separator, then the built-in tokenizers not open yet
    assert keys == ["encoder", "model"] and panel.chooser.currentData() == "encoder"
    assert panel.chooser.itemText(1).startswith("trained model (character BPE")
    key = import_file(window, qtbot, path)
    assert panel.chooser.findData(key) == 2 and panel.chooser.currentData() == "encoder"  # listed, not chosen
    pick(window, key)
    workspace.close_asset(0)
    # Its tokenizer is gone: the classroom one stands in, and the list says so.
    assert panel.chooser.findData(key) == -1 and panel.chooser.currentData() == "encoder"
    assert [c.token_id for c in panel.strip.chips()] == list(workspace.encoder.encode(panel.input.toPlainText()).ids)
    # Opened again, it is chosen again: the choice was the user's.
    import_file(window, qtbot, path)
    assert panel.chooser.currentData() == key and workspace.encoder_key == key
    pick(window, "model")
    workspace.train()
    assert panel.chooser.currentData() == "model" and panel.tokenizer.model is workspace.model


def test_the_choice_survives_a_restart(qtbot, gpt2_style):
    path, tok = gpt2_style
    first = MainWindow(WorkspaceBridge(Workspace.example()))
    first.show()
    key = import_file(first, qtbot, path)
    pick(first, key)
    assert settings.read(settings.ENCODE_TOKENIZER) == key
    first.interop.report_window.close()
    destroy(first)
    # Next session: the tokenizer is chosen as soon as its file is open again.
    second = MainWindow(WorkspaceBridge(Workspace.example()))
    second.show()
    try:
        panel = second.panels["encode"]
        assert panel.chooser.currentData() == "encoder"
        import_file(second, qtbot, path)
        assert panel.chooser.currentData() == key
        encode(panel, qtbot, "Hello world")
        assert [c.token_id for c in panel.strip.chips()] == tok.encode("Hello world").ids
    finally:
        second.interop.report_window.close()
        destroy(second)


def test_use_for_encoding_selects_any_kind_in_the_panel(window, qtbot, bert_style):
    path, tok = bert_style
    key = import_file(window, qtbot, path)
    manager = window.panels["assets"]
    manager.select_rows([0])
    qtbot.waitUntil(lambda: manager.encode_button.isEnabled())
    manager.encode_button.click()
    panel = window.panels["encode"]
    assert panel.chooser.currentData() == key and settings.read(settings.ENCODE_TOKENIZER) == key
    assert "now uses wordpiece" in manager.status_label.text()
    encode(panel, qtbot, "hello worlds")
    assert [c.token_id for c in panel.strip.chips()] == tok.encode("hello worlds").ids


def test_a_language_switch_names_the_tokenizers_in_chinese_and_keeps_the_choice(window, qtbot, gpt2_style):
    from gui.shell import language

    path, _ = gpt2_style
    key = import_file(window, qtbot, path)
    pick(window, key)
    try:
        window.set_language("zh_CN")
        panel = window.panels["encode"]
        texts = [panel.chooser.itemText(i) for i in range(panel.chooser.count())]
        assert re.search(r"[\u4e00-\u9fff]", texts[0]) and re.search(r"[\u4e00-\u9fff]", texts[1])
        assert panel.chooser.currentData() == key
        assert re.search(r"[\u4e00-\u9fff]", panel.counts_label.text())
    finally:
        window.set_language("en")
        language.install("en")


# ==== long texts under a slow tokenizer ====

def test_staged_kinds_encode_long_texts_off_the_gui_thread_and_drop_stale_results(window, qtbot, gpt2_style):
    from gui.encode import panel as panel_module

    path, tok = gpt2_style
    panel = window.panels["encode"]
    pick(window, import_file(window, qtbot, path))
    qtbot.waitUntil(lambda: panel.outcome is not None, timeout=60_000)  # its engine, served once (gui/shell/serving.py)
    long_text = "Hello world, hello there. " * (panel_module.THREAD_THRESHOLD // 10)
    panel.input.setPlainText(long_text)
    panel.encode_now()
    assert "Encoding" in panel.counts_label.text() and not panel.cancel_button.isHidden()
    # A newer text while the first is under way: only the newer one is shown.
    newer = long_text + "world"
    panel.input.setPlainText(newer)
    panel.encode_now()
    qtbot.waitUntil(lambda: panel.cancel_button.isHidden(), timeout=60_000)
    assert [c.token_id for c in panel.strip.chips()] == tok.encode(newer).ids
    # Cancel leaves nothing stale on show.
    panel.input.setPlainText(long_text)
    panel.encode_now()
    panel.cancel_button.click()
    assert panel.encoding is None and panel.strip.chips() == [] and "cancelled" in panel.counts_label.text()
    qtbot.waitUntil(lambda: panel._task is None, timeout=60_000)
    assert panel.encoding is None


def test_assets_of_one_name_are_told_apart_in_the_selector(window):
    from core import assets
    from core.models import byte_bpe
    from core.workspace import workspace as ws

    workspace = window.workspace
    for merges in (2, 3):
        workspace.add_asset(assets.byte_bpe_to_asset(byte_bpe.train(["red key . red key"], merges), name="mine"))
    workspace.add_loaded(ws.copied(workspace.assets[0].loaded, "mine"))
    chooser = window.panels["encode"].chooser
    shown = [chooser.itemText(i) for i in range(2, chooser.count())  # the built-in tokenizers follow
             if (chooser.itemData(i) or "shelf:").startswith("asset:")]
    assert len(set(shown)) == 3 and all(t.startswith("mine (byte-level BPE") for t in shown)
    assert shown[2].endswith(" #2") and shown[2].split(" · ")[-1].split()[0] == shown[0].split(" · ")[-1]
    assert "Identity: " + workspace.assets[0].loaded.identity.full_sha256 in chooser.itemData(2, Qt.ToolTipRole)
