"""The compare view: every loaded tokenizer side by side, the Unigram
lattice, n-best and sampling, the WordPiece search trace, fastText n-grams.

Side by side with chips, shared boundaries, hover and the remembered
ticks is in test_compare_side_by_side.py."""

import pytest
from PySide6.QtCore import Qt

from core import assets
from core.models import byte_bpe, unigram, wordpiece
from core.assets import identity
from core.pipeline.bert_basic import BasicTokenizer
from core.workspace.workspace import Workspace
from gui.shell.bridge import WorkspaceBridge
from gui.compare import CompareView, lattice_rows
from gui.shell.main_window import MainWindow

SENTENCES = [
    "Beautiful is better than ugly. Explicit is better than implicit.",
    "the lower newest widest low lower newer wider",
    "分词器把文本切成片段。中文没有空格。",
] * 3


def cell(model, row, column, role=Qt.DisplayRole):
    return model.data(model.index(row, column), role)


def rows(model):
    """The held tokenizers' rows (the built-in ones not open yet follow them, tests/gui/test_shelf_gui.py)."""
    return [[cell(model, r, c) for c in range(model.columnCount())] for r in range(model.rowCount())
            if not getattr(model, "entries", None) or not model.entries[r].shelf]


@pytest.fixture(scope="module")
def tokenizers():
    uni = unigram.train(unigram.sentence_corpus(SENTENCES), vocab_size=80)
    wp = wordpiece.WordPiece(("[UNK]", "low", "##er", "new"), basic=BasicTokenizer())
    return uni, wp


def open_assets(workspace, *models):
    for name, model in models:
        to_asset = assets.unigram_to_asset if isinstance(model, unigram.Unigram) else assets.wordpiece_to_asset
        workspace.add_loaded(identity.from_dict(to_asset(model, name=name), tokenizer=model))


@pytest.fixture
def view(qtbot, tokenizers):
    workspace = Workspace.example()
    widget = CompareView(WorkspaceBridge(workspace))
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    uni, wp = tokenizers
    open_assets(workspace, ("demo unigram", uni), ("seed wordpiece", wp))
    yield widget


def show(view, text, qtbot=None, tab=None):
    """Compare ``text`` now (not after the typing pause) and wait for the lanes."""
    if tab is not None:
        view.tabs.setCurrentWidget(tab)
    view.input.setPlainText(text)
    view.debounce.stop()
    view.refresh()
    if qtbot is not None:
        qtbot.waitUntil(lambda: not view.side_by_side.is_running(), timeout=10000)


def labels(view, lane):
    return [chip.label for chip in view.side_by_side.lanes.lane_chips(lane)]


def test_every_loaded_tokenizer_side_by_side_with_counts(view, tokenizers, qtbot):
    show(view, "lower lowerz", qtbot)
    table = rows(view.side_by_side.model)
    encoder = view.workspace.encoder_name
    assert [r[0] for r in table] == [encoder, "trained char BPE", "demo unigram", "seed wordpiece"]
    assert [r[1] for r in table] == ["byte-level BPE", "character BPE", "Unigram", "WordPiece"]
    assert [lane.name for lane in view.side_by_side.lanes.lanes] == [r[0] for r in table]
    assert table[1][2] == "7" and labels(view, 1) == ["low", "er", "</w>", "low", "er", "[UNK]", "</w>"]
    assert table[0][2] == "12"
    assert table[3][2] == "3" and labels(view, 3) == ["low", "##er", "[UNK]"]
    uni, _ = tokenizers
    assert table[2][2] == str(len(uni.encode("lower lowerz").tokens))
    assert view.side_by_side.status.text().startswith("12 characters, 12 UTF-8 bytes")
    assert "all 4 share" in view.side_by_side.status.text()


def test_each_inner_view_offers_the_models_it_explains(view, tokenizers):
    """The lattice offers the Unigram model and the search the WordPiece
    one (model.explained_in), not the BPE tokenizers held beside them."""
    uni, wp = tokenizers
    offered = {tab: [tab.model_box.itemData(i) for i in range(tab.model_box.count())]
               for tab in (view.lattice, view.search)}
    assert offered == {view.lattice: [uni], view.search: [wp]}


def test_typing_re_encodes_after_a_pause(view, qtbot):
    view.input.setPlainText("new")
    qtbot.waitUntil(lambda: view.side_by_side.comparison is not None and view.side_by_side.comparison.text == "new"
                    and labels(view, 3) == ["new"], timeout=5000)


def test_lattice_shows_candidates_viterbi_path_and_nbest(view, tokenizers):
    uni, _ = tokenizers
    show(view, "lower newer", tab=view.lattice)
    lattice = uni.lattice(uni.pipeline.normalize("lower newer").text)
    best = lattice.viterbi()
    node_model, nbest_model = view.lattice.node_model, view.lattice.nbest_model
    assert node_model.rowCount() == len(lattice.nodes)
    on_path = {r for r in range(node_model.rowCount()) if cell(node_model, r, 0, Qt.BackgroundRole)}
    assert len(on_path) == len(best.nodes)
    assert view.lattice.items == len(lattice.nodes)
    nbest = rows(nbest_model)
    assert len(nbest) == min(10, len(lattice.nbest(10)))
    assert nbest[0][1] == f"{best.score:.4f}"
    assert nbest[0][3] == "  ".join(uni.encode("lower newer").tokens)
    assert cell(nbest_model, 0, 0, Qt.BackgroundRole) is not None
    assert "▁lower▁newer" in view.lattice.label.text()


def test_lattice_rows_never_overlap_and_put_viterbi_on_top(tokenizers):
    uni, _ = tokenizers
    lattice = uni.lattice("▁lower▁newer")
    best = lattice.viterbi()
    ys = lattice_rows(lattice.nodes, best.nodes)
    placed = {}
    for node, y in zip(lattice.nodes, ys):
        assert (y == 0) == any(node is b for b in best.nodes)
        for other in placed.get(y, []):
            assert node.start >= other.end or node.end <= other.start
        placed.setdefault(y, []).append(node)


def test_wordpiece_search_trace_marks_the_failure(view):
    show(view, "lowerz", tab=view.search)
    search_model = view.search.search_model
    table = rows(search_model)
    assert [r[2] for r in table] == ["lowerz", "lower", "lowe", "low", "##erz", "##er", "##z"]
    assert table[3][3] == "match" and table[1][3] == "not in vocab"
    assert "whole word [UNK]" in table[-1][3]
    assert cell(search_model, 6, 0, Qt.BackgroundRole) is not None
    assert cell(search_model, 3, 0, Qt.BackgroundRole) is None
    assert "Tokens: [UNK]" in view.search.label.text()


def test_fasttext_ngrams_of_seed_003(view):
    show(view, "where", tab=view.fasttext)
    tab = view.fasttext
    tab.maxn_box.setValue(3)
    assert rows(tab.ngram_model) == [["where", "3", "5", "<wh  whe  her  ere  re>"]]
    tab.maxn_box.setValue(6)
    assert [r[1] for r in rows(tab.ngram_model)] == ["3", "4", "5", "6"]
    tab.minn_box.setValue(7)
    assert "must not exceed maxn" in rows(tab.ngram_model)[0][3]


def test_a_hidden_algorithm_tab_catches_up_when_shown(view):
    show(view, "where")  # on the side-by-side tab
    assert view.fasttext.ngram_model.rowCount() == 0  # not computed behind its tab
    view.tabs.setCurrentWidget(view.fasttext)
    assert rows(view.fasttext.ngram_model)[0][0] == "where"


def test_the_algorithm_tabs_look_at_the_start_of_a_long_text(view):
    show(view, "where " * 200, tab=view.fasttext)
    assert view.fasttext.text == ("where " * 200)[:500]
    assert view.cut_label.isVisible() and "1,200 characters" in view.cut_label.text()
    show(view, "where")
    assert not view.cut_label.isVisible()


def test_sampling_runs_off_the_gui_thread_and_repeats_with_a_seed(view, qtbot):
    show(view, "lower newer", tab=view.sampling)
    tab = view.sampling
    tab.samples_box.setValue(400)
    tab.alpha_box.setValue(0.2)
    tab.sample_button.click()
    qtbot.waitUntil(lambda: tab.sample_model.rowCount() > 0, timeout=10000)
    first = rows(tab.sample_model)
    assert sum(int(r[1]) for r in first) == 400
    shares = [float(r[2]) for r in first]
    assert shares == sorted(shares, reverse=True)
    assert "400 draws" in tab.label.text()
    tab.sample_model.set_rows([])
    tab.sample_button.click()
    qtbot.waitUntil(lambda: tab.sample_model.rowCount() > 0, timeout=10000)
    assert rows(tab.sample_model) == first


def test_without_unigram_or_wordpiece_the_view_says_what_to_do(qtbot):
    widget = CompareView(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(widget)
    widget.show()
    for tab in (widget.lattice, widget.search):
        widget.tabs.setCurrentWidget(tab)
    assert widget.lattice.nbest_model.rowCount() == 0
    assert "open a unigram asset" in widget.lattice.label.text()
    assert "open a wordpiece asset" in widget.search.label.text()
    widget.sampling.sample_button.click()
    assert "open a unigram asset" in widget.sampling.label.text()
    assert len(rows(widget.side_by_side.model)) == 2  # the byte-level encoder and char BPE


def test_main_window_has_the_compare_tab(qtbot):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    assert isinstance(window.panels["compare"], CompareView)
    assert window.tabs.tabText(window.tabs.indexOf(window.panels["compare"])) == "Compare"


def test_a_hidden_compare_tab_reloads_when_shown(qtbot):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    window.show()
    view = window.panels["compare"]
    before = view.side_by_side.model.rowCount()
    window.workspace.add_asset(assets.byte_bpe_to_asset(byte_bpe.train(["low lower"], 3), records=["low lower"]))
    assert view.side_by_side.model.rowCount() == before  # behind another tab: nothing done yet
    window.show_panel("compare")
    assert view.side_by_side.model.rowCount() == before + 1
