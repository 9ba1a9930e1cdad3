"""core/ is pure Python: importing every module pulls in no Qt."""

import pkgutil
import re
import subprocess
import sys

import core
from conftest import ROOT


def test_importing_every_core_module_imports_no_qt():
    names = [m.name for m in pkgutil.iter_modules(core.__path__, "core.")]
    code = (
        f"import importlib, sys\nfor n in {names!r}: importlib.import_module(n)\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PySide6', 'PyQt5', 'PyQt6', 'pyqtgraph', 'shiboken6')]\n"
        "assert not bad, bad\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_no_qt_import_statements_in_core_sources():
    pattern = re.compile(r"^\s*(from|import)\s+(PySide6|PyQt\d|pyqtgraph|shiboken6)\b", re.M)
    for path in (ROOT / "core").rglob("*.py"):
        assert not pattern.search(path.read_text(encoding="utf-8")), f"{path.name} imports Qt"
