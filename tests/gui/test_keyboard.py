"""Keyboard and screen readers (gui/widgets/accessible.py): the main tasks need no
mouse, Tab walks every control of a view in reading order, and every control
and token chip has an accessible name and description."""

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QPalette
from PySide6.QtWidgets import QApplication

from conftest import destroy
from core import engines
from core.workspace import lessons
from core.workspace.workspace import Workspace
from gui.widgets import accessible
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow
from gui.shell.windows import views

TEXT = "Hello world, typed without a mouse: 12345 tokens?"  # QTest types ASCII keys only


@pytest.fixture
def window(qtbot):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    main.resize(1280, 800)
    main.show()
    main.activateWindow()
    # Shortcuts and mnemonics reach only the active window.
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main, timeout=10_000)
    yield main
    destroy(main)


def focus():
    return QApplication.focusWidget()


def press(qtbot, key, modifier=Qt.NoModifier):
    """A key pressed where the keyboard is, as a person would."""
    qtbot.keyClick(focus() or QApplication.activeWindow(), key, modifier)


def tab_until(qtbot, target, limit=30):
    for _ in range(limit):
        if focus() is target:
            return
        press(qtbot, Qt.Key_Tab)
    assert focus() is target


def walk(qtbot, start, limit=200):
    """Every widget Tab gives the keyboard to, from ``start`` round to it again."""
    start.setFocus(Qt.TabFocusReason)
    seen = [focus()]
    for _ in range(limit):
        press(qtbot, Qt.Key_Tab)
        if focus() is seen[0]:
            return seen
        assert focus() not in seen, f"Tab went round without coming back to {seen[0]}"
        seen.append(focus())
    raise AssertionError("Tab never came back")


def description(widget) -> str:
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Description)


def test_encode_with_o200k_base_and_read_the_token_count_with_keys_only(window, qtbot):
    panel = window.panels["encode"]
    press(qtbot, Qt.Key_4, Qt.ControlModifier)  # View → Encode / decode
    assert window.tabs.currentWidget() is panel
    press(qtbot, Qt.Key_T, Qt.AltModifier)  # the "&Tokenizer:" label's mnemonic
    chooser = panel.chooser
    assert focus() is chooser
    press(qtbot, Qt.Key_F4)  # open the list
    qtbot.waitUntil(chooser.view().isVisible, timeout=10_000)
    for _ in range(chooser.count()):  # down the list to GPT-4o (o200k_base), then Return
        if "o200k_base" in (chooser.view().currentIndex().data() or ""):
            break
        qtbot.keyClick(chooser.view(), Qt.Key_Down)
    qtbot.keyClick(chooser.view(), Qt.Key_Return)
    qtbot.waitUntil(lambda: not chooser.view().isVisible(), timeout=10_000)
    assert "o200k_base" in chooser.currentText()
    # The offscreen platform leaves the closed list the active window (a window
    # manager gives the main window back): as it would be on a desktop.
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window and focus() is chooser, timeout=10_000)

    tab_until(qtbot, panel.input)  # past the check boxes and the engine pin
    press(qtbot, Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClicks(panel.input, TEXT)
    assert panel.input.toPlainText() == TEXT

    def count():
        """The token count the counts line shows for the typed text, once it is o200k_base's."""
        found = re.search(r"· ([\d,]+) BPE tokens", panel.counts_label.text())
        done = panel._waiting is None and panel._shown is not None and panel._shown[1] == TEXT
        return int(found.group(1).replace(",", "")) if found and done else None

    qtbot.waitUntil(lambda: count() is not None, timeout=120_000)
    assert count() == len(engines.open_asset("o200k_base").encode_ids(TEXT)) == len(panel.strip.chips())

    # The tokens, one by one, from the keys: the strip says which one is selected.
    tab_until(qtbot, panel.strip)
    press(qtbot, Qt.Key_Home)
    first = panel.strip.chips()[0]
    assert panel.strip.selected == 0 and panel.table.currentIndex().row() == 0
    assert description(panel.strip).startswith(f"Token 1 of {count()}: {first.label}, ID {first.token_id}")
    press(qtbot, Qt.Key_Right)
    assert panel.strip.selected == 1 and panel.table.currentIndex().row() == 1
    assert description(panel.strip).startswith(f"Token 2 of {count()}")


def test_tab_walks_the_encode_panel_in_reading_order_and_every_control_is_named(window, qtbot):
    panel = window.panels["encode"]
    window.show_panel("encode")
    reached = [w for w in walk(qtbot, panel.chooser) if panel.isAncestorOf(w)]
    decoder = panel.decoder
    order = [panel.chooser, panel.input, panel.strip, panel.table, decoder.ids_edit, decoder.policy_box,
             decoder.decode_button, decoder.copy_ids_button, decoder.open_ids_button, decoder.decoded]
    assert [w for w in reached if w in order] == order  # top to bottom, as the panel reads
    # Every control that can take the keyboard is reached (a disabled or hidden one cannot).
    wanted = {w for w in accessible.focusable(panel) if w.isVisible() and w.isEnabled()
              and not w.parentWidget().inherits("QAbstractSpinBox")}
    assert wanted <= set(reached), [type(w).__name__ for w in wanted - set(reached)]
    for widget in reached:
        assert accessible.has_name(widget), type(widget).__name__
        assert description(widget).strip(), (type(widget).__name__, widget.accessibleName())
    assert panel.chooser.accessibleName() == "Tokenizer" and panel.strip.accessibleName() == "Tokens of the text"
    # Visible focus: the painted strip draws a frame in the highlight colour while it has the keyboard.
    highlight = panel.strip.palette().color(QPalette.Highlight).rgb()

    def frame():
        return panel.strip.viewport().grab().toImage().pixel(1, panel.strip.viewport().height() // 2)

    tab_until(qtbot, panel.strip)
    assert frame() == highlight
    press(qtbot, Qt.Key_Tab)
    assert focus() is panel.table and frame() != highlight


@pytest.mark.parametrize("key", views.TABS)
def test_every_control_tab_reaches_in_a_view_has_a_name(window, qtbot, key):
    view = window.panels[key]
    window.show_panel(key)
    controls = [w for w in accessible.focusable(view) if w.isVisible() and w.isEnabled()]
    reached = [w for w in walk(qtbot, controls[0]) if view.isAncestorOf(w)]
    assert reached
    for widget in reached:
        assert accessible.has_name(widget), (key, type(widget).__name__)


def test_train_scrub_compare_and_a_lesson_without_a_mouse(window, qtbot):
    # A lesson: the Lessons menu (Alt+L), down to one, Return; then its next step (Alt+Right).
    wanted = lessons.lesson("19.3").title.get("en")
    press(qtbot, Qt.Key_L, Qt.AltModifier)
    menu = window.menuBar().actions()[2].menu()
    qtbot.waitUntil(menu.isVisible, timeout=10_000)
    for _ in range(len(menu.actions())):
        if menu.activeAction() is not None and menu.activeAction().text() == wanted:
            break
        qtbot.keyClick(menu, Qt.Key_Down)
    qtbot.keyClick(menu, Qt.Key_Return)
    qtbot.waitUntil(lambda: window.player.lesson is not None, timeout=10_000)
    assert window.player.lesson.id == "19.3" and window.player.index == 0
    window.activateWindow()  # as after a menu on a desktop (see the o200k_base test)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=10_000)
    press(qtbot, Qt.Key_Right, Qt.AltModifier)  # Lessons → Next step
    assert window.player.index == 1

    timeline = window.panels["timeline"]
    workspace = window.workspace
    press(qtbot, Qt.Key_3, Qt.ControlModifier)  # View → Merge timeline
    assert window.tabs.currentWidget() is timeline
    tab_until(qtbot, timeline.merges_box)
    press(qtbot, Qt.Key_A, Qt.ControlModifier)
    qtbot.keyClicks(focus(), "6")
    tab_until(qtbot, timeline.train_button)
    press(qtbot, Qt.Key_Space)  # Train
    qtbot.waitUntil(lambda: workspace.model is not None and len(workspace.model.merges) == 6
                    and not workspace.stale, timeout=60_000)

    # Scrub: the merge table follows the arrows, and the selected step with it.
    tab_until(qtbot, timeline.merge_view)
    press(qtbot, Qt.Key_Home, Qt.ControlModifier)
    qtbot.waitUntil(lambda: workspace.step == 1, timeout=10_000)
    press(qtbot, Qt.Key_Down)
    press(qtbot, Qt.Key_Down)
    assert workspace.step == 3 and "Step 3 of 6" in timeline.step_label.text()

    # Compare: the lanes walk token by token, and say which one.
    compare = window.panels["compare"]
    press(qtbot, Qt.Key_6, Qt.ControlModifier)  # View → Compare
    lanes = compare.side_by_side.lanes
    qtbot.waitUntil(lambda: bool(lanes.lanes), timeout=30_000)
    tab_until(qtbot, lanes)
    press(qtbot, Qt.Key_Right)
    assert lanes.pinned == (0, 0) and description(lanes).startswith(lanes.lanes[0].name)
    press(qtbot, Qt.Key_Right)
    assert lanes.pinned == (0, 1)



def test_in_chinese_the_names_are_chinese_and_alt_t_still_reaches_the_tokenizer(window, qtbot):
    try:
        window.set_language("zh_CN")
        panel = window.panels["encode"]
        window.show_panel("encode")
        assert panel.chooser.accessibleName() == "分词器"  # the label, without its mnemonic
        assert panel.strip.accessibleName() == "文本的 token" and panel.input.accessibleName() == "要编码的文本"
        panel.input.setFocus()
        press(qtbot, Qt.Key_T, Qt.AltModifier)
        assert focus() is panel.chooser
    finally:
        window.set_language("en")
