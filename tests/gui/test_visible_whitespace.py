"""Symbols and words in the trace and timeline tables show their whitespace:
with GPT-2 pre-tokenization a pair `` + </w>`` would look blank and `` regex``
would look like a duplicate of ``regex``."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402

from core.models import char_bpe  # noqa: E402
from core.corpus import WordCorpus  # noqa: E402
from gui.trace import models  # noqa: E402
from gui.timeline import models as timeline_models  # noqa: E402


def _model():
    corpus = WordCorpus.from_pairs([(" regex", 16), ("regex", 16), (" ", 100)])
    return char_bpe.train(corpus, merges=3)


def _column(model, column):
    return [model.data(model.index(row, column), Qt.DisplayRole) for row in range(model.rowCount())]


def test_timeline_merges_show_spaces(qapp):
    bpe = _model()
    table = timeline_models.MergeTableModel()
    table.set_model(bpe)
    pairs, symbols = _column(table, 1), _column(table, 3)
    first = bpe.trace.steps[0]
    assert first.pair == (" ", "</w>") and pairs[0] == "␣ + </w>"
    assert all(" " not in s for s in symbols)
    assert any("␣" in p for p in pairs + symbols)


def test_segmentation_tells_a_leading_space_apart(qapp):
    bpe = _model()
    table = timeline_models.SegmentationModel()
    words = [" regex", "regex"]
    table.set_source(bpe, words, (16, 16), lambda w: [w])
    table.set_step(len(bpe.merges))
    labels = _column(table, 0)
    assert labels == ["␣regex", "regex"]
    assert _column(table, 3)[0].startswith("␣")


def test_trace_tables_show_spaces(qapp):
    bpe = _model()
    trace = models.TraceModel()
    trace.set_trace(bpe.trace)
    shown = _column(trace, 1)[1:] + _column(trace, 4)[1:]
    assert "␣ + </w>" in shown and not any(s.startswith(" ") for s in shown)
    assert models.pair_text((" ", "</w>")) == "␣ + </w>"


def test_step_numbers_and_pairs_far_down_are_not_cut(qapp):
    """Fitted to a sample of first and last rows: merge 5,000's number and a
    long pair near the end fit their columns (Qt's own fit saw only the rows
    on screen and cut them: "49…")."""
    from PySide6.QtWidgets import QTableView

    from gui.widgets.fit_columns import fit_columns

    words = [(f"{chr(97 + i % 26)}{i}" * 3, 2) for i in range(3000)]
    bpe = char_bpe.train(WordCorpus.from_pairs(words), merges=5000)
    table = timeline_models.MergeTableModel()
    table.set_model(bpe)
    view = QTableView()
    view.setModel(table)
    fit_columns(view, (0, 1))
    metrics, last = view.fontMetrics(), table.rowCount() - 1
    for column in (0, 1):
        text = table.data(table.index(last, column), Qt.DisplayRole)
        assert metrics.horizontalAdvance(text) < view.horizontalHeader().sectionSize(column), (column, text)


def test_every_whitespace_symbol_is_drawn_by_a_font_the_desktop_has(qapp):
    # A symbol no installed font draws shows as a box (U+240D, the control
    # picture for a carriage return, is in none of DejaVu, WenQuanYi, Noto
    # Color Emoji): every CRLF text's tokens showed one.
    from PySide6.QtGui import QFont, QFontDatabase, QFontMetrics

    from core.render import VISIBLE

    families = QFontDatabase.families()
    undrawn = [symbol for symbol in VISIBLE.values()
               if not any(QFontMetrics(QFont(family)).inFontUcs4(ord(symbol)) for family in families)]
    assert families and undrawn == []
