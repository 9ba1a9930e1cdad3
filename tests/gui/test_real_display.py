"""The app opens on a real X display (Qt's xcb platform under Xvfb), as on a
desktop: the offscreen platform the other tests use loads no xcb library, so
a missing system package would only show on a user's machine (exit 134:
"could not load the Qt platform plugin xcb")."""

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT, x_server


def test_every_view_opens_on_a_real_x_display(tmp_path):
    with x_server("1280x800") as display:
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "HOME": str(tmp_path),
               "XDG_CONFIG_HOME": str(tmp_path / "config")}
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--self-test", "--screenshot-dir",
                               str(tmp_path / "shots")], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "could not load" not in done.stderr.lower()
    shots = sorted((tmp_path / "shots").glob("self-test-*.png"))
    assert len(shots) >= 5, done.stdout


@pytest.mark.parametrize("size, holders, lesson, cycle", [
    # Wide: the main window (corpus tab and lesson dock) beside the timeline window.
    ("2560x900", ["main", "window_timeline"], "main", ["window_timeline", "main"]),
    # 1280 and 1600 wide: the main window (its rows wrap rather than widen it)
    # with the corpus tab and the lesson dock, beside the timeline window;
    # the lesson text is never under a view (issue 39).
    ("1600x1000", ["main", "window_timeline"], "main", ["window_timeline", "main"]),
    ("1280x800", ["main", "window_timeline"], "main", ["window_timeline", "main"]),
    # 1024: the main window (holding every tab) is too wide to share it; the
    # two views get windows and the lesson text a column of its own.
    ("1024x768", ["window_corpus", "window_timeline"], "window_lesson", ["window_corpus", "window_timeline"]),
])
def test_a_lesson_puts_the_corpus_beside_the_timeline_on_a_real_x_display(tmp_path, size, holders, lesson, cycle):
    with x_server(size) as display:
        env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "HOME": str(tmp_path)}
        done = subprocess.run([sys.executable, str(ROOT / "tests" / "gui" / "windows_on_x.py"), str(tmp_path / "ini"),
                               str(tmp_path / "shot.png")], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    width = int(size.split("x")[0])
    assert seen["holders"] == holders and seen["lesson_panel"] == lesson and seen["on_screen"]
    assert seen["lesson_panel_visible"]
    # The windows the lesson arranged, left to right.
    columns = sorted({tuple(r) for r in [*seen["during"], seen["lesson_during"]]})
    if len(columns) > 1:
        # Side by side, edge to edge, full height, not overlapping: nothing clipped.
        assert columns[0][0] == 0 and columns[-1][0] + columns[-1][2] == width
        assert all(left[0] + left[2] == right[0] for left, right in zip(columns, columns[1:]))
        assert all(column[3] == seen["screen"][3] for column in columns)
    else:
        assert columns == [tuple(seen["before"][:2]) + tuple(columns[0][2:])]  # where the user had it
    assert seen["cycle"] == cycle  # Ctrl+` from the main window, twice
    assert seen["after"] == seen["before"] and seen["timeline_home"]  # the user's layout back
    main_x, main_y, main_w, _ = seen["before"]
    new_x, new_y, new_w, _ = seen["new_window"]
    assert seen["new_window_on_screen"]
    if main_x + main_w + new_w <= width:
        assert (new_x, new_y) == (main_x + main_w, main_y)  # beside the main window


def test_no_display_is_one_clear_line_not_a_qt_abort(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=tmp_path, env={**env, "HOME": str(tmp_path)},
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "subword-studio: no display: set DISPLAY (or WAYLAND_DISPLAY), or run headless with a subcommand "
        "(python main.py --help)"]
