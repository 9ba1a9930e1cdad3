"""Imports read from the source, for the tests that hold core/ and gui/ to
their layers (tests/core/test_layers.py, tests/gui/test_layout.py): nothing
is imported, so an import inside a function counts as much as one at the top."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def modules(folder: str) -> dict[str, Path]:
    """Dotted name -> file of every module under ``folder`` (a package by its own name)."""
    found = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found[name.removesuffix(".__init__")] = path
    return found


def imported(known: dict[str, Path]) -> dict[str, list[str]]:
    """module -> the dotted names it imports, relative imports made absolute;
    ``from a.b import c`` is the module a.b.c where there is one, else a.b."""
    out = {}
    for name, path in known.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                targets += [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                            for alias in node.names]
        out[name] = targets
    return out


def circles(graph: dict[str, set[str]]) -> list[str]:
    """Every circle a depth-first walk of ``graph`` meets, as ``a -> b -> a``."""
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    found = []

    def visit(node, path):
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                found.append(" -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for start in sorted(graph):
        if start not in state:
            visit(start, [start])
    return found
