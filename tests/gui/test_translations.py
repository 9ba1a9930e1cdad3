"""Every visible string has a Chinese translation, and the .qm is current."""

import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton, QDockWidget, QGroupBox, QLabel, QLineEdit, QMenu, QTableView, QTabWidget, QWidget,
)

from conftest import ROOT, destroy

TS = ROOT / "resources" / "i18n" / "subword_studio_zh_CN.ts"
EN = ROOT / "resources" / "i18n" / "subword_studio_en.ts"
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
    sources = sorted(str(p) for p in (ROOT / "gui").rglob("*.py"))
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


# Shown as they are in every language: names of rules, formats and symbols.
UNTRANSLATED_OK = {"BPE", "</w>", "[UNK]", "lexicographic", "first-seen", "subword-nmt", "English", "中文", "n"}


def _plain(text: str) -> str:
    return re.sub(r"<[^>]+>", "", text).replace("&amp;", "&").strip()


def _visible_texts(root):
    """Every text a person can read in ``root``: labels, buttons, tabs, headers, menus, titles."""
    texts = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        if isinstance(widget, (QLabel, QAbstractButton)):
            texts.append(widget.text())
        elif isinstance(widget, QLineEdit):
            texts.append(widget.placeholderText())
        elif isinstance(widget, QGroupBox):
            texts.append(widget.title())
        elif isinstance(widget, QTabWidget):
            texts += [widget.tabText(i) for i in range(widget.count())]
        elif isinstance(widget, QTableView) and widget.model() is not None:
            model = widget.model()
            texts += [model.headerData(c, Qt.Horizontal) or "" for c in range(model.columnCount())]
        elif isinstance(widget, QDockWidget):
            texts.append(widget.windowTitle())
    for menu in root.findChildren(QMenu):
        menu.aboutToShow.emit()  # recent-file menus fill themselves on opening
        texts += [a.text() for a in menu.actions()] + [menu.title()]
    return [_plain(t.replace("&", "")) for t in texts if isinstance(t, str) and t.strip()]


def test_every_visible_string_is_chinese_in_zh_cn(qapp):
    """Walk every view, the lesson dock, the exercises and the About box in zh_CN."""
    from core.workspace.workspace import Workspace
    from gui.shell import about, language
    from gui.shell.bridge import WorkspaceBridge
    from gui.shell.main_window import MainWindow

    sources = {}
    for ctx in ET.parse(TS).iter("context"):
        for m in ctx.iter("message"):
            tr = m.find("translation")
            if (tr.text or "") != m.findtext("source"):
                sources[_plain(m.findtext("source").replace("&", ""))] = ctx.findtext("name")
    language.install("zh_CN")
    window = None
    try:
        window = MainWindow(WorkspaceBridge(Workspace.example()))
        window.show()
        window.start_lesson("19.1", confirm=True)
        seen = []
        for key in window.panels:
            window.show_panel(key)
            seen += _visible_texts(window)
        for key in ("encode", "lesson"):  # a view in a window of its own, with its menus
            seen += _visible_texts(window.windows.new_window(key))
        dialog = window.show_exercises()
        seen += _visible_texts(dialog)
        seen += [_plain(line) for line in about.AboutBox(window).html().split("<p>")]
        english = sorted({t for t in seen if t in sources and t not in UNTRANSLATED_OK})
        assert not english, f"shown in English under zh_CN: {english}"
        assert any(re.search(r"[\u4e00-\u9fff]", t) for t in seen)
    finally:
        if window is not None:
            destroy(window)
        language.install("en")


def test_english_has_singular_and_plural_forms(tmp_path, qapp):
    """English is the source language, but %n needs its two forms ("1 merge", "2 merges")."""
    fresh = tmp_path / "fresh_en.ts"
    shutil.copy(EN, fresh)
    sources = sorted(str(p) for p in (ROOT / "gui").rglob("*.py"))
    subprocess.run([BIN / "pyside6-lupdate", "-no-obsolete", "-pluralonly", *sources, "-ts", fresh],
                   check=True, capture_output=True)
    found = messages(fresh)
    assert set(found) == set(messages(EN)), "resources/i18n is stale: run packaging/translations.sh"
    for key, tr in found.items():
        forms = [f.text or "" for f in tr.findall("numerusform")]
        assert tr.get("type") is None and len(forms) == 2 and all(forms), key
        assert "(s)" not in "".join(forms), key
    from PySide6.QtCore import QCoreApplication

    from gui.shell import language

    language.install("en")
    one = QCoreApplication.translate("TimelinePlots", "After %n merge(s):", "", 1)
    many = QCoreApplication.translate("TimelinePlots", "After %n merge(s):", "", 2)
    assert (one, many) == ("After 1 merge:", "After 2 merges:")


def test_edit_notes_are_the_cores_english_and_chinese_in_zh_cn(qapp):
    """Every note an edit writes (core.edit.plan.Note) has a template in
    core_text.NOTES that, filled with the note's params, is the core's own
    English (which the CLI prints); under zh_CN the window shows it in
    Chinese."""
    from core import assets
    from core.edit import EditRequest, edit
    from core.formats import builtin
    from gui.shell import core_text, language

    written = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "core" / "edit").glob("*.py"))
    assert set(re.findall(r'Note\("([a-z_.]+)"', written)) == set(core_text.NOTES)
    classroom = json.loads((ROOT / "resources" / "classroom_byte_bpe.json").read_text(encoding="utf-8"))
    bert, botchan, r50k = (builtin.load(name) for name in ("bert-base-uncased", "spm-botchan-unigram", "r50k_base"))
    notes = [*edit(*bert, EditRequest(add_special=("<tool>",), remove=("##ing",))).notes,
             *edit(*bert, EditRequest(shrink_to=2500, corpus=("the quick brown fox",) * 3)).notes,
             *edit(*botchan, EditRequest(add=(" Subword",), remove=("▁the",))).notes,
             *edit(*r50k, EditRequest(continue_on=("分词器 词表 分词器 词表 手术",) * 4, merges=4)).notes,
             *edit(classroom, assets.build_tokenizer(classroom), EditRequest(add=(" tokenizerz",))).notes]
    codes = {n.code for n in notes}
    assert {"edit.vocab_txt_specials", "edit.wordpiece_placeholders", "edit.shrink_keeps_ids", "edit.unigram_scores",
            "edit.unigram_placeholders", "edit.continued", "edit.byte_bpe_as_bpe"} <= codes
    for n in notes:
        assert core_text.NOTES[n.code].format(**n.params) == n == core_text.note(n)
    language.install("zh_CN")
    try:
        for n in notes:
            shown = core_text.note(n)
            assert shown != n and re.search(r"[\u4e00-\u9fff]", shown), shown
            assert all(str(value) in shown for value in n.params.values()), shown
    finally:
        language.install("en")
