"""The layers of core/ run one way, and no module imports itself round a circle.

Read from the source (no module is imported): every ``import`` of a core
module, at module level or inside a function, is an edge.  Layers, lowest
first: the base modules at core/'s top (errors, utf8, fileio, ...), the
text pipeline, corpus counting, models, the tokenizer interface, assets
and file formats, engines, statistics, inspection, vocabulary edits, the
workspace, the command line.  An edge may go down or stay in its layer, never up; and
the edges, function-level ones included, hold no circle, so nothing
imports inside a function to dodge one.
"""

from __future__ import annotations

from conftest import ROOT
from imports import circles, imported, modules

LAYERS = ("base", "pipeline", "count", "models", "tokenizer", "assets", "formats", "engines", "stats", "inspect",
          "edit", "workspace", "cli")


def edges() -> dict[str, set[str]]:
    """module -> the core modules it imports (the longest known prefix of each name)."""
    known = modules("core")

    def resolve(target: str) -> str | None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    return {name: {hit for hit in (resolve(t) for t in targets if t.startswith("core")) if hit not in (None, name)}
            for name, targets in imported(known).items()}


def layer(name: str) -> str:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in LAYERS else "base"


def test_no_edge_goes_up_a_layer():
    upward = [f"{a} ({layer(a)}) imports {b} ({layer(b)})" for a, targets in edges().items() for b in targets
              if LAYERS.index(layer(b)) > LAYERS.index(layer(a))]
    assert upward == []


def test_every_package_is_a_known_layer():
    packages = {p.name for p in (ROOT / "core").iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages <= set(LAYERS)


def test_the_tokenizer_interface_imports_nothing_from_the_inspector():
    assert [(a, b) for a, targets in edges().items() if a.startswith("core.tokenizer") for b in targets
            if b.startswith("core.inspect")] == []


def test_no_import_circle_even_inside_functions():
    assert circles(edges()) == []
