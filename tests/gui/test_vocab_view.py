"""The Vocabulary view on imported tokenizers (pytest-qt)."""

from __future__ import annotations

import pytest

pytest.importorskip("tokenizers")
pytest.importorskip("sentencepiece")

from test_encode_any_kind import byte_fallback, gpt2_style, import_file, window  # noqa: E402,F401

from core.inspect.vocab.table import PARTIAL  # noqa: E402


def show(window, qtbot, key):
    window.show_panel("vocab")
    view = window.panels["vocab"]
    view.choose(key)
    qtbot.waitUntil(lambda: view.table is not None and view.task is None, timeout=30_000)
    return view


def test_byte_level_bpe_table_filters_tree_audit_and_export(window, qtbot, qtmodeltester, gpt2_style, tmp_path):
    path, hf = gpt2_style
    view = show(window, qtbot, import_file(window, qtbot, path))
    assert view.model.rowCount() == hf.get_vocab_size()
    qtmodeltester.check(view.model)
    view.bytes_filter.setText("20 74 68")  # " th"
    shown = [view.model.row_id(r) for r in range(view.model.rowCount())]
    expected = sorted(i for t, i in hf.get_vocab().items() if t.startswith("Ġth") or "Ġth" in t)
    assert shown == expected and shown
    # Selecting Ġthe shows its merge tree, whose leaves spell it.
    view.bytes_filter.clear()
    view.text_filter.setText("Ġthe")
    row = next(r for r in range(view.model.rowCount()) if view.model.row_id(r) == hf.token_to_id("Ġthe"))
    view.view.selectRow(row)
    top = view.tree.topLevelItem(0)
    assert top.text(0).startswith("Ġthe ← ") and top.childCount() == 2
    view.text_filter.clear()
    view.start_audit()
    qtbot.waitUntil(lambda: view.found is not None, timeout=30_000)
    assert "checked" in view.audit_text.toPlainText()
    view.flag_filter.setCurrentIndex(view.flag_filter.findData(PARTIAL))
    assert view.model.rowCount() == sum(1 for r in range(len(view.table)) if PARTIAL in view.table.flags[r]) > 0
    view.export(str(tmp_path / "v.csv"))
    assert (tmp_path / "v.csv").read_text(encoding="utf-8").count("\n") == hf.get_vocab_size() + 1
    assert (tmp_path / "v-audit.csv").exists()


def test_sentencepiece_piece_shows_score_and_rank(window, qtbot, byte_fallback):
    path, sp = byte_fallback
    view = show(window, qtbot, import_file(window, qtbot, path))
    assert view.model.rowCount() == sp.get_piece_size()
    view.id_filter.setText(str(sp.piece_to_id("▁the")))
    assert view.model.rowCount() == 1
    view.view.selectRow(0)
    lines = [view.tree.topLevelItem(i).text(0) for i in range(view.tree.topLevelItemCount())]
    assert any(line.startswith("Score: ") for line in lines) and any("Rank by score" in line for line in lines)
    view.id_filter.setText("x-")
    assert "ID range" in view.status.text()


def test_going_back_to_a_tokenizer_shows_its_table_and_audit_without_building_again(window, qtbot, gpt2_style,
                                                                                     byte_fallback, monkeypatch):
    from gui.vocab import view as view_module

    first = import_file(window, qtbot, gpt2_style[0])
    second = import_file(window, qtbot, byte_fallback[0])
    view = show(window, qtbot, first)
    view.start_audit()
    qtbot.waitUntil(lambda: view.found is not None and view.task is None, timeout=30_000)
    table, found, summary = view.table, view.found, view.audit_text.toPlainText()
    show(window, qtbot, second)
    assert view.table is not table and view.found is None and view.audit_text.toPlainText() == ""
    view.choose(first)  # kept: shown at once, no task
    assert view.task is None and view.table is table and view.found is found
    assert view.audit_text.toPlainText() == summary and view.model.rowCount() == len(table)
    # Only the last KEPT_TABLES are kept: with one, going back builds the table again.
    monkeypatch.setattr(view_module, "KEPT_TABLES", 1)
    show(window, qtbot, second)
    view.choose(first)
    assert view.task is not None
    qtbot.waitUntil(lambda: view.table is not None and view.task is None, timeout=30_000)
    assert view.table is not table and view.found is None and len(view.table) == len(table)


def test_the_audit_names_an_unreachable_token_by_its_text_and_its_stored_form(qapp):
    from core.inspect.vocab.audits import Audit
    from core.inspect.vocab.table import from_entries
    from gui.vocab.texts import audit_summary

    spam = " 天天APP".encode()
    table = from_entries("bpe", [(0, "Ġå¤©å¤©", " 天天".encode()), (1, "APP", b"APP"), (2, "Ġå¤©å¤©APP", spam)])
    summary = audit_summary(Audit(checked=3, unreachable={2: (0, 1)}), table)
    assert "␣天天APP [Ġå¤©å¤©APP] (ID 2) encodes as ␣天天 + APP" in summary.splitlines()
