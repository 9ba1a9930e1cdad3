"""Files given on the command line (--open: what the installed menu entry
passes for a double-clicked file) open by what they are, and the
quit-after-open mode the .deb check uses reports them and exits by itself;
the application icon is there in every size."""

import os
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from core.workspace import workspace_file  # noqa: E402
from core.workspace.workspace import Workspace  # noqa: E402
from gui.shell import app  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_the_app_icon_has_every_size_packaging_renders(qapp):
    sizes = sorted(size.width() for size in app.app_icon().availableSizes())
    assert sizes == sorted(app.ICON_SIZES)
    assert (app.ICONS / "subword-studio.svg").is_file()


def test_open_is_optional_and_takes_several_files():
    assert app.parse_args([]).open == []
    assert app.parse_args(["--open"]).open == []  # a menu launch: %F expands to nothing
    assert app.parse_args(["--open", "a.json", "b.toml"]).open == ["a.json", "b.toml"]


def run_open(tmp_path, *paths):
    report = tmp_path / "opened.txt"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
           app.QUIT_AFTER_OPEN: str(report)}
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "--open", *map(str, paths)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    return done.returncode, report.read_text(encoding="utf-8").splitlines()


def test_a_workspace_a_lesson_and_an_asset_open_and_the_app_quits(tmp_path):
    workspace = tmp_path / "class 3B.json"
    workspace_file.save(workspace_file.snapshot(Workspace.example()), workspace)
    lesson = ROOT / "resources" / "lessons" / "02-frozen-merges.toml"
    asset = ROOT / "resources" / "classroom_byte_bpe.json"
    code, lines = run_open(tmp_path, workspace)
    assert code == 0, lines
    assert lines == [f"opened {workspace}", "title: class 3B.json — Subword Studio"]
    # Several at once, as a desktop passes a multiple selection (the lesson sets up its own workspace).
    code, lines = run_open(tmp_path, workspace, lesson, asset)
    assert code == 0, lines
    assert lines[:3] == [f"opened {workspace}", f"opened {lesson}", f"opened {asset}"]


def test_a_file_that_cannot_open_is_reported_and_the_app_still_quits(tmp_path):
    missing = tmp_path / "gone.json"
    code, lines = run_open(tmp_path, missing)
    assert code == 1
    assert lines[0].startswith(f"failed {missing}")
    assert any(line.startswith("message: ") and "gone.json" in line for line in lines)
