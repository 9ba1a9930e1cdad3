"""Every visible string has a Chinese translation, and the .qm is current."""

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from conftest import ROOT

TS = ROOT / "resources" / "i18n" / "subword_studio_zh_CN.ts"
BIN = Path(sys.executable).parent


def messages(path):
    return {(ctx.findtext("name"), m.findtext("source")): m.find("translation")
            for ctx in ET.parse(path).iter("context") for m in ctx.iter("message")}


def translated(tr) -> bool:
    """Plural (%n) messages keep their text in <numerusform> children."""
    if tr.get("type"):
        return False
    forms = tr.findall("numerusform")
    return all((f.text or "").strip() for f in forms) if forms else bool((tr.text or "").strip())


def test_every_string_in_gui_is_translated(tmp_path):
    fresh = tmp_path / "fresh.ts"
    shutil.copy(TS, fresh)
    sources = sorted(str(p) for p in (ROOT / "gui").glob("*.py"))
    subprocess.run([BIN / "pyside6-lupdate", "-no-obsolete", *sources, "-ts", fresh],
                   check=True, capture_output=True)
    found = messages(fresh)
    untranslated = [key for key, tr in found.items() if not translated(tr)]
    assert not untranslated, f"missing zh_CN translations: {untranslated}"
    assert set(found) == set(messages(TS)), "resources/i18n is stale: run packaging/translations.sh"


def test_compiled_qm_is_up_to_date(tmp_path):
    qm = tmp_path / "check.qm"
    subprocess.run([BIN / "pyside6-lrelease", TS, "-qm", qm], check=True, capture_output=True)
    assert qm.read_bytes() == TS.with_suffix(".qm").read_bytes(), "run packaging/translations.sh"
