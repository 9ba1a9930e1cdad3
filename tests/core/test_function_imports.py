"""An import inside a function is an exception, and each one is listed here
with its reason (issue 38).

Read from the source (nothing is imported): every ``import`` inside a
function of core/, gui/ or main.py must be in :data:`ALLOWED` as
``(file, module, reason)``.  An import belongs at the top of its module; one
inside a function is acceptable only to keep a heavy module (numpy, Qt,
pyqtgraph, Dask, ...) off the start-up path of a short command or the first
window, and then the source says so in a comment beside or just above it.
Never to dodge an import circle: tests/core/test_layers.py and
tests/gui/test_layout.py count these imports as edges, so a circle shows.

The list is exact both ways: an unlisted in-function import fails, and so
does an entry whose import has gone (moved to the top, or removed).
"""

from __future__ import annotations

import ast
import io
import tokenize

from conftest import ROOT

NUMPY = "it loads numpy, which train --help and train --algo char-bpe never need"
FORMAT = "core.edit loads core.formats.tiktoken_ranks, and the first window loads no format module"

# (file, module imported inside a function, why it is not at the top)
ALLOWED = [
    # the entry point: a headless command must not import Qt, the workbench never needs the CLI
    ("main.py", "core.cli.main", "the workbench never needs the command line"),
    ("main.py", "gui.shell.app", "a headless command must not import Qt (nor need PySide6 installed)"),
    # core.assets (train --help, char-bpe training) stays without numpy
    ("core/assets/schema.py", "core.pipeline.post_process", NUMPY),
    ("core/assets/unigram.py", "core.models.unigram", NUMPY),
    ("core/assets/unigram.py", "core.pipeline.normalize", NUMPY),
    ("core/assets/wordpiece.py", "core.models.wordpiece", NUMPY),
    ("core/assets/wordpiece.py", "core.pipeline.bert_basic", NUMPY),
    ("core/cli/train_cmds.py", "core.models.wordpiece", NUMPY),
    ("core/cli/train_cmds.py", "core.models.unigram", NUMPY),
    ("core/cli/train_cmds.py", "core.models.unigram.training", NUMPY),
    ("core/cli/train_cmds.py", "core.pipeline.normalize", NUMPY),
    ("core/inspect/training_trace.py", "core.models.wordpiece", NUMPY),
    # costly at import for a command or a vocabulary that seldom needs them
    ("core/inspect/vocab/audits.py", "core.models.unigram.model",
     "only a unigram vocabulary needs it (its model is loaded by then); the package is ~12 ms at start-up"),
    ("core/inspect/vocab/derivation.py", "core.models.unigram.model",
     "only a unigram vocabulary needs it (its model is loaded by then); the package is ~12 ms at start-up"),
    ("core/models/wordpiece.py", "core.pipeline.decoders",
     "it compiles the onig regexes (~25 ms at import); only WordPiece.decode needs it"),
    # third-party: optional or slow to import
    ("core/engines/bulk.py", "concurrent.futures", "~8 ms (with logging) that encode --text never needs"),
    ("core/cli/progress.py", "tqdm", "37 ms that a command not on a terminal never pays"),
    ("core/count/backends.py", "distributed", "Dask is optional and heavy; only --backend dask needs it"),
    ("core/count/sources.py", "zstandard", "an optional package that only a .zst corpus needs"),
    ("gui/widgets/lazy_plot.py", "pyqtgraph", "heavy, and the first window shows no plot"),
    # the first window (tests/gui/test_shelf_gui.py) loads no format module
    ("gui/vocab/edit_preview.py", "core.edit", FORMAT),
    ("gui/vocab/edit_request.py", "core.edit", FORMAT),
    ("gui/vocab/edit_source.py", "core.edit", FORMAT),
    # core.assets (train --help) stays without the text pipeline and numpy
    ("core/assets/bpe.py", "core.tokenizer.imported_bpe", NUMPY),
]

HINT = ("move it to the top of its module; if it keeps a heavy module off a short command's start-up, "
        "keep it with a comment saying so and list (file, module, reason) in ALLOWED in "
        "tests/core/test_function_imports.py")


def sources() -> list:
    return [*sorted((ROOT / "core").rglob("*.py")), *sorted((ROOT / "gui").rglob("*.py")), ROOT / "main.py"]


def _module_names() -> set[str]:
    names = set()
    for path in sources():
        parts = path.relative_to(ROOT).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def _targets(node, package: str, known: set[str]) -> list[str]:
    """The modules one import statement names: ``from a import b`` is a.b where
    that is a module of ours, else a; relative imports made absolute."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = package.split(".")[:len(package.split(".")) - node.level + 1]
        base = ".".join([p for p in parts if p] + ([base] if base else []))
    return list(dict.fromkeys(f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names))


def in_function_imports() -> list[tuple[str, int, int, str]]:
    """(file, first line, last line, module) of every import inside a function."""
    known = _module_names()
    found = []
    for path in sources():
        rel = path.relative_to(ROOT).as_posix()
        dotted = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        package = dotted.removesuffix(".__init__") if path.name == "__init__.py" else dotted.rpartition(".")[0]

        def visit(node, inside: bool):
            for child in ast.iter_child_nodes(node):
                if isinstance(child, (ast.Import, ast.ImportFrom)) and inside:
                    found.extend((rel, child.lineno, child.end_lineno, target)
                                 for target in _targets(child, package, known))
                visit(child, inside or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

        visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def test_allow_list_is_well_formed():
    pairs = [(f, m) for f, m, _ in ALLOWED]
    assert len(pairs) == len(set(pairs)), "ALLOWED lists an entry twice"
    assert all(reason.strip() for _, _, reason in ALLOWED), "every ALLOWED entry gives its reason"
    missing = sorted({f for f, _, _ in ALLOWED if not (ROOT / f).is_file()})
    assert missing == [], f"ALLOWED names files that do not exist: {missing}"


def test_every_in_function_import_is_allowed():
    allowed = {(f, m) for f, m, _ in ALLOWED}
    unlisted = [f"{f}:{line}: imports {module} inside a function" for f, line, _, module in in_function_imports()
                if (f, module) not in allowed]
    assert unlisted == [], "\n".join([*unlisted, HINT])


def test_no_allowed_entry_is_stale():
    present = {(f, module) for f, _, _, module in in_function_imports()}
    stale = [f"{f}: no longer imports {module} inside a function ({reason!r}); remove its ALLOWED entry"
             for f, module, reason in ALLOWED if (f, module) not in present]
    assert stale == [], "\n".join(stale)


def _comment_lines(path) -> set[int]:
    with open(path, encoding="utf-8") as stream:
        return {tok.start[0] for tok in tokenize.generate_tokens(io.StringIO(stream.read()).readline)
                if tok.type == tokenize.COMMENT}


def test_each_kept_import_says_why():
    # A comment on the import, or just above it (above a block of imports, for the block).
    reasons = {(f, m): reason for f, m, reason in ALLOWED}
    silent = []
    for f, first, last, module in in_function_imports():
        if (f, module) not in reasons:
            continue
        lines = (ROOT / f).read_text(encoding="utf-8").splitlines()
        comments = _comment_lines(ROOT / f)
        line = first - 1
        while line >= 1 and lines[line - 1].strip().startswith(("import ", "from ")) and line not in comments:
            line -= 1
        if not (comments & set(range(first, last + 1)) or line in comments):
            silent.append(f"{f}:{first}: imports {module} inside a function without a comment saying why "
                          f"(ALLOWED says: {reasons[f, module]})")
    assert silent == [], "\n".join(silent)
