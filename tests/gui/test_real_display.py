"""The app opens on a real X display (Qt's xcb platform under Xvfb), as on a
desktop: the offscreen platform the other tests use loads no xcb library, so
a missing system package would only show on a user's machine (exit 134:
"could not load the Qt platform plugin xcb")."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _xvfb():
    found = shutil.which("Xvfb")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("Xvfb is missing: packaging/install.sh --test installs it")
        pytest.skip("Xvfb is not installed (packaging/install.sh --test installs it)")
    return found


def test_every_view_opens_on_a_real_x_display(tmp_path):
    read, write = os.pipe()
    server = subprocess.Popen([_xvfb(), "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        assert display, "Xvfb did not report a display"
        env = {**os.environ, "DISPLAY": f":{display}", "QT_QPA_PLATFORM": "xcb", "HOME": str(tmp_path),
               "XDG_CONFIG_HOME": str(tmp_path / "config")}
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--self-test", "--screenshot-dir",
                               str(tmp_path / "shots")], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=240)
        assert done.returncode == 0, done.stderr[-3000:]
        assert "could not load" not in done.stderr.lower()
        shots = sorted((tmp_path / "shots").glob("self-test-*.png"))
        assert len(shots) >= 5, done.stdout
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.mark.parametrize("size, holders, cycle", [
    # Wide: the main window (corpus tab and lesson dock) beside the timeline window.
    ("2560x900", ["main", "window_timeline"], ["window_timeline", "main"]),
    # A 1280 projector: the main window is too wide to share it, the two views get windows.
    ("1280x800", ["window_corpus", "window_timeline"], ["window_corpus", "window_timeline"]),
])
def test_a_lesson_puts_the_corpus_beside_the_timeline_on_a_real_x_display(tmp_path, size, holders, cycle):
    read, write = os.pipe()
    server = subprocess.Popen([_xvfb(), "-displayfd", str(write), "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            display = pipe.readline().strip()
        env = {**os.environ, "DISPLAY": f":{display}", "QT_QPA_PLATFORM": "xcb", "HOME": str(tmp_path)}
        done = subprocess.run([sys.executable, str(ROOT / "tests" / "gui" / "windows_on_x.py"), str(tmp_path / "ini"),
                               str(tmp_path / "shot.png")], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr[-3000:]
        seen = json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        server.terminate()
        server.wait(timeout=10)
    width = int(size.split("x")[0])
    assert seen["holders"] == holders and seen["on_screen"]
    (left_x, _, left_w, left_h), (right_x, _, right_w, right_h) = seen["during"]
    # Side by side, edge to edge, full height, not overlapping: nothing clipped.
    assert left_x == 0 and left_x + left_w == right_x and right_x + right_w == width
    assert left_h == right_h == seen["screen"][3]
    assert seen["lesson_panel_visible"]
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
