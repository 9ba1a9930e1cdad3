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

import ast
from pathlib import Path

from conftest import ROOT

LAYERS = ("base", "pipeline", "count", "models", "tokenizer", "assets", "formats", "engines", "stats", "inspect",
          "edit", "workspace", "cli")


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted((ROOT / "core").rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def edges() -> dict[str, set[str]]:
    """module -> the core modules it imports (the longest known prefix of each name)."""
    known = modules()

    def resolve(target: str) -> str | None:
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    out = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                # ``from core.x import y``: the module core.x.y if there is one, else core.x
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                           for alias in node.names]
            else:
                continue
            for target in targets:
                if target.startswith("core"):
                    hit = resolve(target)
                    if hit is not None and hit != name:
                        found.add(hit)
        out[name] = found
    return out


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
    graph = edges()
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    circles = []

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                circles.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    assert circles == []
