"""The Compare tab's Corpus statistics page, and the corpus editor opening a
300,000-row table written by ``count``."""

import csv
import io

import pytest
from PySide6.QtCore import Qt

from core import stats
from core.count import count_corpus
from core.workspace.workspace import Workspace
from gui.shell import workers
from gui.shell.bridge import WorkspaceBridge
from gui.compare import CompareView
from gui.corpus.editor import CorpusEditor

TEXT = "lower newest 你好 世界\nthe widest Ωmega\r\n"


@pytest.fixture(autouse=True)
def no_threads_left():
    yield
    workers.shutdown()


@pytest.fixture
def page(qtbot):
    view = CompareView(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(view)
    view.resize(1200, 800)
    view.show()
    view.tabs.setCurrentWidget(view.corpus_stats)
    yield view.corpus_stats  # the view stays referenced until the test ends


def run(page, qtbot):
    with qtbot.waitSignal(page.sig_finished, timeout=60_000) as blocker:
        assert page.start()
    qtbot.waitUntil(lambda: page.run_button.isEnabled(), timeout=5000)
    return blocker.args[0]


def test_figures_are_core_stats_and_the_bars_show_them(page, qtbot, tmp_path):
    (tmp_path / "c.txt").write_text(TEXT * 20, encoding="utf-8")
    page.add_paths([str(tmp_path / "c.txt")])
    assert len(page.chosen()) == len(page.entries) >= 2  # every held tokenizer is ticked at first
    result = run(page, qtbot)
    expected = stats.corpus_stats_here([str(tmp_path / "c.txt")], [e.tokenizer for e in page.entries],
                                       [e.name for e in page.entries])
    assert result == expected and result["corpus"]["records"] == 40
    assert page.scripts() == ["Latin", "Han", "Greek", "*"]  # most words first, the total last
    for (name, values), tok in zip(page.bars(), result["tokenizers"]):
        assert name == tok["name"]
        assert values == [tok["scripts"]["Latin"]["fertility"], tok["scripts"]["Han"]["fertility"],
                          tok["scripts"]["Greek"]["fertility"], tok["total"]["fertility"]]
    first = result["tokenizers"][0]
    assert page.summary.text().splitlines()[0] == f"{first['name']} splits most: " + ", ".join(
        f"{s['word']} ({s['tokens']})" for s in first["most_split"][:8])
    page.metric_box.setCurrentIndex(page.metric_box.findData("tokens"))
    assert page.bars()[0][1][-1] == result["tokenizers"][0]["total"]["tokens"]
    bars = [i for i in page.plot.plot().getPlotItem().items if type(i).__name__ == "BarGraphItem"]
    assert len(bars) == len(result["tokenizers"])


def test_exports_png_svg_and_csv(page, qtbot, tmp_path):
    assert not page.csv_button.isEnabled()
    (tmp_path / "c.txt").write_text(TEXT, encoding="utf-8")
    page.add_paths([str(tmp_path / "c.txt")])
    result = run(page, qtbot)
    page.export(tmp_path / "p.png")
    page.export(tmp_path / "p.svg")
    page.export(tmp_path / "p.csv")
    assert (tmp_path / "p.png").read_bytes().startswith(b"\x89PNG")
    assert b"<svg" in (tmp_path / "p.svg").read_bytes()
    rows = list(csv.reader(io.StringIO((tmp_path / "p.csv").read_text("utf-8"))))
    assert rows == [[str(c) for c in row] for row in stats.csv_rows(result)]


def test_workspace_corpus_and_nothing_to_do(page, qtbot):
    for i in range(page.tokenizer_list.count()):
        page.tokenizer_list.item(i).setCheckState(Qt.Unchecked)
    assert not page.start() and page.status.text() == "Tick at least one tokenizer."
    page.tokenizer_list.item(0).setCheckState(Qt.Checked)
    assert not page.start() and page.status.text() == "Add corpus files or a folder first."
    page.use_workspace.setChecked(True)
    result = run(page, qtbot)
    corpus = page.workspace.corpus
    assert result["corpus"]["words"] == corpus.total  # a word table: one record per occurrence
    assert len(result["tokenizers"]) == 1 and page._temp is None  # its temporary file is gone


def test_cancel_stops_between_files(page, qtbot, tmp_path):
    paths = []
    for i in range(40):
        paths.append(str(tmp_path / f"{i}.txt"))
        (tmp_path / f"{i}.txt").write_text(TEXT * 400, encoding="utf-8")
    page.add_paths(paths)
    with qtbot.waitSignal(page.sig_finished, timeout=60_000) as blocker:
        page.start()
        qtbot.waitSignal(page.task.sig_progressed, timeout=30_000).wait()
        page.cancel_button.click()
    assert blocker.args == [None] and page.status.text() == "Cancelled." and page.result is None


def test_the_corpus_editor_opens_a_300000_row_count_table(qtbot, tmp_path):
    (tmp_path / "c.txt").write_text("".join(f"w{i} x{i % 7}\n" for i in range(300_000)), encoding="utf-8")
    count_corpus([str(tmp_path / "c.txt")], tmp_path / "n.tsv", workers=2)
    editor = CorpusEditor(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(editor)
    editor.show()
    editor.import_path(tmp_path / "n.tsv", fmt="table")
    qtbot.waitUntil(lambda: editor.import_task is None, timeout=60_000)
    model = editor.model
    assert model.rowCount() == 300_007
    assert model.data(model.index(300_006, 0), Qt.DisplayRole) == "w299999"
    assert editor.workspace.corpus.words[:3] == ("w0", "x0", "w1") and editor.workspace.corpus.counts[1] == 42858
