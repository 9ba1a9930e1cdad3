"""``main.py stages``: the stages as JSON or lines; bad input exits 2 with one line."""

import json
import subprocess
import sys
from pathlib import Path

from core.cli import main as cli
from core.assets.classroom import ASSET_PATH

ROOT = Path(__file__).resolve().parents[2]


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_stages_json_has_every_stage_aligned_and_the_byte_order(capsys):
    code, out, err = run(capsys, "stages", str(ASSET_PATH), "--text", "red 中", "--json", "--limit", "0",
                         "--template", "<BOS> $A <EOS>")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert [s["name"] for s in data["stages"]] == ["input", "normalize", "pre_tokenize", "model", "post_process",
                                                   "decode"]
    model = data["stages"][3]
    assert [p["id"] for p in model["pieces"]] == list("red 中".encode()) and data["limit"] == 0
    assert model["pieces"][4] == {"text": "‹E4›", "chars": [4, 5], "bytes": [4, 5], "id": 228, "kind": "partial"}
    assert [p["id"] for p in data["stages"][4]["pieces"]][::len("red 中".encode()) + 1] == [256, 257]
    assert data["verdict"] == {"kind": "input", "differences": []}
    assert data["byte_order"]["kind"] == "raw" and data["byte_order"]["ids"][:3] == [0, 1, 2]


def test_stages_text_output_and_file_input(capsys, tmp_path):
    path = tmp_path / "in.txt"
    path.write_text("key", "utf-8")
    code, out, _ = run(capsys, "stages", str(ASSET_PATH), "--file", str(path))
    assert code == 0 and "'key' #268  chars 0-3  bytes 0-3" in out and "round trip: input" in out


def test_bad_input_gives_one_line_and_exit_2(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\xff")
    for argv, words in ((["stages", str(ASSET_PATH)], "--text"),
                        (["stages", str(ASSET_PATH), "--text", "x", "--limit", "-2"], "--limit"),
                        (["stages", str(tmp_path / "none.json"), "--text", "x"], "none.json"),
                        (["stages", str(ASSET_PATH), "--file", str(bad)], "byte offset 2"),
                        (["stages", str(ASSET_PATH), "--text", "x", "--template", "<NOPE> $A"], "<NOPE>")):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and words in err, (argv, err)


def test_stages_runs_headless_without_qt():
    code = ("import sys, runpy; sys.argv = ['main.py', 'stages', %r, '--text', 'a', '--json'];"
            "import core.cli.main as c; c.main(sys.argv[1:]); assert 'PySide6' not in sys.modules") % str(ASSET_PATH)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
