"""gui/ by view: one package per view, the shell around them, the widgets they share.

Read from the source (nothing is imported): no module is left loose at
gui/'s top, every package says what it holds, and the imports run one way:
the shell's frame (start-up, main window, menus, windows) reaches the
views, the views reach the widgets and the shell's services, never the
frame; the shared widgets and the services reach no view; and no module
imports itself round a circle, even inside a function.
"""

from __future__ import annotations

import ast

from conftest import ROOT
from imports import circles, imported, modules

GUI = ROOT / "gui"
VIEWS = {"corpus", "timeline", "encode", "compare", "vocab", "assets", "pipeline", "trace", "lessons"}
FRAME = ("gui.shell.app", "gui.shell.main_window", "gui.shell.menus", "gui.shell.windows")


def edges() -> dict[str, set[str]]:
    """module -> the gui modules it imports, and the packages that hold them (importing runs
    their __init__), except the packages that hold the importer (already running)."""
    known = modules("gui")

    def resolve(target: str) -> set[str]:
        while target and target not in known:
            target = target.rpartition(".")[0]
        parts = target.split(".")
        return {".".join(parts[:n]) for n in range(2, len(parts) + 1)} if target else set()

    out = {}
    for name, targets in imported(known).items():
        found = set()
        for target in targets:
            if target.startswith("gui."):
                found |= {hit for hit in resolve(target) if hit != name and not name.startswith(hit + ".")}
        out[name] = found
    return out


def test_no_module_is_left_at_the_top():
    assert sorted(p.name for p in GUI.glob("*.py")) == ["__init__.py"]
    packages = {p.name for p in GUI.iterdir() if (p / "__init__.py").exists()}
    assert packages == VIEWS | {"shell", "widgets"}


def test_every_package_says_what_it_holds():
    for init in GUI.rglob("__init__.py"):
        assert ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))), init


def test_views_and_widgets_never_reach_the_frame():
    up = [(a, b) for a, targets in edges().items() if not a.startswith(FRAME) for b in targets
          if b.startswith(FRAME)]
    assert up == []


def test_widgets_and_services_reach_no_view():
    assert [(a, b) for a, targets in edges().items() if a.startswith(("gui.widgets", "gui.shell"))
            and not a.startswith(FRAME) for b in targets if b.split(".")[1] in VIEWS] == []


def test_no_import_circle_even_inside_functions():
    assert circles(edges()) == []
