"""The encode/decode panel: colour-coded tokens, bytes, and named UTF-8 problems."""

import pytest
from PySide6.QtCore import QTimer

from core.workspace.workspace import Workspace
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow

from conftest import wait_task


@pytest.fixture
def panel(qtbot):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    window.show()
    window.show_panel("encode")
    yield window.panels["encode"]  # yield, not return: the window must outlive the test


def encode(panel, text):
    panel.input.setPlainText(text)
    panel.encode_now()


def test_chinese_and_emoji_tokens_carry_ids_bytes_and_partial_marks(panel):
    encode(panel, "red key 中🙂")
    chips = panel.strip.chips()
    assert [c.token_id for c in chips] == [270, 32, 268, 32, 228, 184, 173, 240, 159, 153, 130]
    assert chips[1].label == "␣"
    assert [c.label for c in chips[4:7]] == ["中 1/3", "中 2/3", "中 3/3"]
    assert chips[5].roles == ("continuation",) and chips[4].roles == ("lead",)
    assert all(c.partial for c in chips[4:]) and not chips[0].partial
    assert panel.token_model.rowCount() == 11
    assert "10 code points" in panel.counts_label.text()
    assert "11 BPE tokens" in panel.counts_label.text()


def test_selecting_a_token_highlights_its_characters_and_back(panel):
    encode(panel, "red key 🙂!")
    panel._select_token(2)
    (selection,) = panel.input.extraSelections()
    assert (selection.cursor.selectionStart(), selection.cursor.selectionEnd()) == (4, 7)
    assert panel.table.currentIndex().row() == 2
    # The emoji is one code point but two UTF-16 units in the editor.
    panel._select_token(4)
    (selection,) = panel.input.extraSelections()
    assert (selection.cursor.selectionStart(), selection.cursor.selectionEnd()) == (8, 10)
    cursor = panel.input.textCursor()
    cursor.setPosition(10)
    panel.input.setTextCursor(cursor)
    assert panel.strip.selected == 8  # the "!" after the four emoji bytes


def test_decoding_ff_strictly_shows_a_banner_naming_the_byte(panel):
    panel.decoder.ids_edit.setText("[255]")
    panel.decoder.decode_now()
    assert panel.decoder.banner.isVisible()
    text = panel.decoder.banner.text()
    assert "0xFF at offset 0" in text and "strict" in text
    assert panel.decoder.decoded.toPlainText() == ""
    panel.decoder.policy_box.setCurrentIndex(panel.decoder.policy_box.findData("replace"))
    assert "display fallback" in panel.decoder.banner.text()
    assert panel.decoder.decoded.toPlainText() == "\ufffd"
    panel.decoder.policy_box.setCurrentIndex(panel.decoder.policy_box.findData("raw"))
    assert panel.decoder.decoded.toPlainText() == "FF"


def test_specials_and_out_of_range_ids_are_flagged_not_crashed_on(panel):
    panel.decoder.ids_edit.setText("256 270 99999")
    panel.decoder.decode_now()
    text = panel.decoder.banner.text()
    assert "256" in text and "<BOS>" in text and "99999" in text
    assert [c.flag for c in panel.decoder.decoded_strip.chips()] == ["∅", "", "✗"]
    assert panel.decoder.decoded.toPlainText() == "red"
    panel.decoder.ids_edit.setText("1 two 3")
    panel.decoder.decode_now()
    assert "two" in panel.decoder.banner.text()


def test_round_trip_through_the_decode_box(panel):
    encode(panel, "法国首都是巴黎。 e\u0301 é")
    panel.decoder.copy_ids_button.click()
    assert not panel.decoder.banner.isVisible()
    assert panel.decoder.decoded.toPlainText() == "法国首都是巴黎。 e\u0301 é"


def test_one_megabyte_encodes_off_the_gui_thread(panel, qtbot):
    text = ("key: red key . 法国首都是巴黎。🙂\n" * 40_000)[:1_000_000]
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(20)
    encode(panel, text)
    assert "Encoding" in panel.counts_label.text()
    qtbot.waitUntil(lambda: panel.encoding is not None and panel.token_model.rowCount() > 100_000, timeout=120_000)
    timer.stop()
    assert ticks, "the event loop did not run while encoding"
    assert panel.strip.chips()[0].token_id == 268


def test_normal_forms_show_what_normalization_would_merge(panel):
    encode(panel, "e\u0301")
    text = panel.normal_label.text()
    assert "<b>NFC</b> changes it: 1 code point, 2 bytes" in text
    assert "<b>NFD</b> same as the input" in text
    encode(panel, "Ａ")
    assert "<b>NFKC</b> changes it: 1 code point, 1 byte" in panel.normal_label.text()
    assert "<b>NFC</b> same as the input" in panel.normal_label.text()


# ==== canonical ID lists (issue 9) ====

def decode(panel, ids):
    panel.decoder.ids_edit.setText(ids)
    panel.decoder.decode_now()
    return panel.decoder.canon_view


def test_colon_space_as_two_bytes_is_not_canonical_and_the_difference_is_marked(panel):
    view = decode(panel, "[58, 32]")
    assert view.verdict.text().startswith("≠ Canonical: no") and "bytes 0–2" in view.verdict.text()
    assert [c.token_id for c in view.canonical_strip.chips()] == [259]
    assert view.canonical_strip.isVisible() and view.canonical_caption.text() == "Canonical list: 1 token"
    assert panel.decoder.decoded_strip.marked == {0, 1} and view.canonical_strip.marked == {0}
    assert view.given_caption.text() == "This list: 2 tokens"


def test_specials_keep_their_place_and_unchanged_tokens_are_not_marked(panel):
    view = decode(panel, "256 58 32 114 101 100 32 257")
    assert [c.token_id for c in view.canonical_strip.chips()] == [256, 272, 32, 257]
    assert panel.decoder.decoded_strip.marked == {1, 2, 3, 4, 5} and view.canonical_strip.marked == {1}
    assert "special token (<BOS>)" in panel.decoder.banner.text()


def test_canonical_list_says_yes_and_hides_the_second_strip(panel):
    view = decode(panel, "[259]")
    assert view.verdict.text().startswith("✓ Canonical: yes")
    assert not view.canonical_strip.isVisible() and panel.decoder.decoded_strip.marked == frozenset()
    # Clearing the IDs clears the verdict; a list that cannot be read too.
    decode(panel, "")
    assert not view.verdict.isVisible()
    decode(panel, "1 x")
    assert not view.verdict.isVisible() and "Cannot read the ID list" in panel.decoder.banner.text()


def test_ff_is_canonical_only_as_bytes(panel):
    view = decode(panel, "255")
    assert view.verdict.text().startswith("✓ Canonical as bytes") and "not valid UTF-8" in view.verdict.text()
    assert "0xFF at offset 0" in panel.decoder.banner.text()


def test_long_lists_are_checked_off_the_gui_thread(panel, qtbot, monkeypatch):
    from gui.shell import workers
    from gui.encode import canon_view

    monkeypatch.setattr(canon_view, "THREAD_THRESHOLD", 3)
    view = decode(panel, "58 32 " * 4)
    assert "Checking whether these 8 IDs" in view.verdict.text()
    qtbot.waitUntil(lambda: view.result is not None, timeout=10_000)
    assert view.result.canonical_ids == (259,) * 4 and panel.decoder.decoded_strip.marked == set(range(8))
    # A newer list wins over a slower, older check.
    decode(panel, "58 32 " * 4)
    decode(panel, "[259]")
    qtbot.waitUntil(lambda: not any(t.is_running() for t in list(workers._RUNNING)), timeout=10_000)
    qtbot.wait(50)
    assert view.verdict.text().startswith("✓ Canonical: yes")


def test_ids_from_a_file(panel, qtbot, tmp_path):
    path = tmp_path / "ids.txt"
    path.write_text("[58,\n 32]\n", encoding="utf-8")
    wait_task(qtbot, panel.decoder.load_ids_file(path))
    assert panel.decoder.ids_edit.text() == "58 32" and panel.decoder.canon_view.result.canonical_ids == (259,)
    path.write_bytes(b"58 \xff")
    wait_task(qtbot, panel.decoder.load_ids_file(path))
    assert "not UTF-8 text (byte 3)" in panel.decoder.banner.text() and panel.decoder.ids_edit.text() == "58 32"


def test_clicking_a_chip_selects_the_token_holding_its_bytes_on_the_other_side(panel):
    view = decode(panel, "256 58 32 114 101 100 32 257")  # <BOS> : ␣ r e d ␣ <EOS>
    view.follow(3, "given")  # "r" lies inside ":␣red" (264)
    assert view.canonical_strip.selected == 1
    view.follow(3, "canonical")  # <EOS> to <EOS>
    assert panel.decoder.decoded_strip.selected == 7
    view.follow(2, "canonical")  # the space after "red"
    assert panel.decoder.decoded_strip.selected == 6


def test_a_real_click_follows_too(panel, qtbot):
    from PySide6.QtCore import Qt

    view = decode(panel, "58 32 114 101 100")
    qtbot.waitUntil(lambda: panel.decoder.decoded_strip.laid_out)
    centre = panel.decoder.decoded_strip.chip_rect(4).center()
    qtbot.mouseClick(panel.decoder.decoded_strip.viewport(), Qt.LeftButton, pos=centre)
    assert panel.decoder.decoded_strip.selected == 4 and view.canonical_strip.selected == 0


def test_a_list_longer_than_the_field_is_kept_whole_and_decoded_in_a_worker(panel, qtbot):
    # QLineEdit cuts its text at 32,767 characters: a long list must not lose its tail.
    box = panel.decoder
    text = "The red key 法国首都是巴黎。🙂 " * 4_000
    encode(panel, text)
    qtbot.waitUntil(lambda: panel.encoding is not None and len(panel.encoding.ids) > 50_000, timeout=30_000)
    panel.decoder.copy_ids_button.click()
    assert box.ids_edit.text() == "" and f"{len(panel.encoding.ids):,} IDs" in box.ids_edit.placeholderText()
    assert box.task is not None and "Decoding" in box.banner.text()
    wait_task(qtbot, box.task)
    assert box.decoded.toPlainText() == text
    assert len(box.decoded_strip.chips()) == len(panel.encoding.ids)
    # Typing replaces the held list.
    box.ids_edit.setFocus()
    qtbot.keyClicks(box.ids_edit, "270")
    box.decode_now()
    assert box.decoded.toPlainText() == "red"
    assert "IDs, e.g." in box.ids_edit.placeholderText()


def test_a_newer_decode_wins_over_one_still_running(panel, qtbot):
    box = panel.decoder
    box.set_ids([65] * 60_000)
    running = box.task
    box.ids_edit.setText("66")
    box.decode_now()
    wait_task(qtbot, running)
    assert box.decoded.toPlainText() == "B"
