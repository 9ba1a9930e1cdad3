"""``main.py`` as a user runs it, on a sample of mutated files: exit 0, or
exit 2 with exactly one ``error:`` line on stderr; never a traceback.
Each example runs its commands as parallel subprocesses."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from core.assets.classroom import ASSET_PATH
from tests.fuzzing import fuzz_settings, mutated_bytes
from test_asset_fuzz import valid_texts
from test_fuzz_formats import NAMES, seeds
from test_fuzz_loaders import CORPORA, ID_LISTS

MAIN = str(ROOT / "main.py")


@pytest.fixture(scope="module")
def format_seeds(tmp_path_factory):
    return seeds(tmp_path_factory.mktemp("seeds"))


def commands(draw, format_seeds, folder):
    """One mutated file per reader the CLI has, and the command reading it."""
    out = []
    for fmt, files in format_seeds.items():
        path = folder / NAMES[fmt]
        path.write_bytes(draw(mutated_bytes(files)))
        extra = ["--pattern", "cl100k"] if fmt == "tiktoken" else []
        out.append(["import", path, "--format", fmt, "-o", folder / f"{fmt}.json", *extra])
    asset = folder / "asset.json"
    asset.write_bytes(draw(mutated_bytes(tuple(t.encode() for t in valid_texts()))))
    out += [["identity", asset, "--json"], ["encode", asset, "--text", "red key . lower"], ["trace", asset]]
    corpus = folder / "corpus.tsv"
    corpus.write_bytes(draw(mutated_bytes(CORPORA)))
    out += [["train", corpus, "--merges", "8", "-o", folder / "t.json", "--format", fmt]
            for fmt in ("table", "text")]
    ids = draw(mutated_bytes(ID_LISTS)).decode("utf-8", "replace").replace("\x00", "")
    out.append(["decode", ASSET_PATH, *(ids.split() or ["0"]), "--errors", "replace"])
    return out


def test_the_command_line_never_shows_a_traceback(format_seeds, tmp_path_factory):
    # Shrinking would rerun dozens of processes per step: report the example as found.
    @settings(fuzz_settings(1 / 60, at_least=1), phases=[Phase.explicit, Phase.generate])
    @given(st.data())
    def run(data):
        folder = tmp_path_factory.mktemp("cli")
        argvs = commands(data.draw, format_seeds, folder)
        children = [subprocess.Popen([sys.executable, MAIN, *map(str, argv)], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, text=True, cwd=folder) for argv in argvs]
        for argv, child in zip(argvs, children):
            _, err = child.communicate(timeout=300)
            assert child.returncode in (0, 2), (argv[0], err)
            if child.returncode == 2:
                assert err.startswith("error: ") and len(err.strip().splitlines()) == 1, (argv[0], err)
            assert "Traceback" not in err

    run()


@pytest.mark.parametrize("which", range(len(valid_texts())))
def test_every_command_on_every_asset_kind_exits_cleanly(which, tmp_path, capsys):
    from core.cli.main import main

    asset = tmp_path / "a.json"
    asset.write_text(valid_texts()[which], "utf-8")
    for argv in (["trace", asset], ["identity", asset], ["encode", asset, "--text", "red key"],
                 ["encode", asset, "low"],
                 ["decode", asset, "0", "3"], ["decode", asset, "999999999999"], ["decode", asset, "x"],
                 ["diff", asset, asset], ["export", asset, "--format", "hf", "-o", tmp_path / "t.json"]):
        code = main([str(a) for a in argv])
        _, err = capsys.readouterr()
        assert code in (0, 1, 2) and (code == 0 or len(err.strip().splitlines()) == 1), (argv, err)
