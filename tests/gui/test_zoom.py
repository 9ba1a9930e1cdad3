"""Projector mode (gui/shell/zoom.py): View → Zoom in / Zoom out / Actual size scale
every view's text, token chips, tables and plots together, in steps, and the
level is remembered for the next start."""

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFontInfo, QKeySequence
from PySide6.QtWidgets import QApplication

from gui.shell import settings, zoom


@pytest.fixture
def window(studio_window, qtbot):
    studio_window.resize(1280, 800)
    yield studio_window
    zoom.apply(zoom.ACTUAL)  # the application font is the whole process's: give it back


def sizes(window):
    """What a zoom scales, in pixels: the chip text, the timeline's table text
    and rows, and the tick text of a plot axis."""
    strip = window.panels["encode"].strip
    timeline = window.panels["timeline"]
    table = timeline.merge_view
    axis = timeline.plots.count_plot.plot().getPlotItem().getAxis("bottom")
    return {
        "chip": QFontInfo(strip._text_font).pixelSize(),
        "chip row": strip._row_height,
        "table": QFontInfo(table.font()).pixelSize(),
        "table row": table.verticalHeader().defaultSectionSize(),
        "axis": QFontInfo(axis.style["tickFont"]).pixelSize(),
        "axis title": QFontInfo(axis.label.font()).pixelSize(),
    }


def test_zoom_scales_the_strip_a_table_and_a_plot_axis_together_and_is_remembered(window, qtbot):
    actions = window.actions
    assert QKeySequence("Ctrl+=") in actions["zoom_in"].shortcuts()
    assert QKeySequence("Ctrl++") in actions["zoom_in"].shortcuts()
    assert QKeySequence("Ctrl+-") in actions["zoom_out"].shortcuts()
    assert actions["actual_size"].shortcut() == QKeySequence("Ctrl+0")
    before = sizes(window)

    actions["zoom_in"].trigger()
    actions["zoom_in"].trigger()
    assert zoom.level() == 150 and settings.read(settings.ZOOM) == 150
    after = sizes(window)
    for key, size in before.items():  # everything grew, by about half (fonts come in whole pixels)
        assert after[key] > size, key
        assert abs(after[key] / size - 1.5) < 0.25, (key, size, after[key])
    # Together: the chip text, the table and the axis stay in the same proportion.
    assert after["axis"] == after["table"] == QFontInfo(QApplication.font()).pixelSize()

    for _ in range(5):  # the last step is the largest
        actions["zoom_in"].trigger()
    assert zoom.level() == zoom.STEPS[-1] == 200
    # Remembered: the next start (gui/shell/app.py) applies it before any window is made.
    zoom.apply(zoom.ACTUAL)
    assert zoom.restore() == 200 and sizes(window)["table"] > after["table"]

    actions["zoom_out"].trigger()
    assert zoom.level() == 175 and settings.read(settings.ZOOM) == 175
    actions["actual_size"].trigger()
    assert zoom.level() == 100 and settings.read(settings.ZOOM) == 100
    assert sizes(window) == before  # exactly as at the start


def test_the_zoom_keys_work_from_the_keyboard(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=10_000)
    panel = window.panels["encode"]
    window.show_panel("encode")
    panel.input.setFocus()
    qtbot.keyClick(panel.input, Qt.Key_Equal, Qt.ControlModifier)
    assert zoom.level() == 125
    qtbot.keyClick(panel.input, Qt.Key_Minus, Qt.ControlModifier)
    assert zoom.level() == 100
    qtbot.keyClick(panel.input, Qt.Key_Equal, Qt.ControlModifier)
    qtbot.keyClick(panel.input, Qt.Key_0, Qt.ControlModifier)
    assert zoom.level() == 100 and settings.read(settings.ZOOM) == 100


def test_a_remembered_level_that_is_no_step_comes_back_as_the_nearest(qapp):
    try:
        settings.settings().setValue(settings.ZOOM.key, "160")
        assert zoom.restore() == 150
        settings.settings().setValue(settings.ZOOM.key, "huge")
        assert zoom.restore() == 100
    finally:
        zoom.apply(zoom.ACTUAL)
