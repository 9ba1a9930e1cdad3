"""The compare view: every loaded tokenizer side by side, the Unigram
lattice, n-best and sampling, the WordPiece search trace, fastText n-grams."""

import pytest
from PySide6.QtCore import Qt

from core import assets
from core.models import byte_bpe, unigram, wordpiece
from core.inspect import identity
from core.pipeline.bert_basic import BasicTokenizer
from core.workspace.workspace import Workspace
from gui.bridge import WorkspaceBridge
from gui.compare_view import CompareView, lattice_rows
from gui.main_window import MainWindow

SENTENCES = [
    "Beautiful is better than ugly. Explicit is better than implicit.",
    "the lower newest widest low lower newer wider",
    "分词器把文本切成片段。中文没有空格。",
] * 3


def cell(model, row, column, role=Qt.DisplayRole):
    return model.data(model.index(row, column), role)


def rows(model):
    return [[cell(model, r, c) for c in range(model.columnCount())] for r in range(model.rowCount())]


@pytest.fixture(scope="module")
def tokenizers():
    uni = unigram.train(unigram.sentence_corpus(SENTENCES), vocab_size=80)
    wp = wordpiece.WordPiece(("[UNK]", "low", "##er", "new"), basic=BasicTokenizer())
    return uni, wp


def open_assets(workspace, *models):
    # core.inspect.identity has no canonical description of these two kinds yet, so
    # the open-asset entries are made here instead of by workspace.add_asset.
    entries = []
    for name, model in models:
        to_asset = assets.unigram_to_asset if isinstance(model, unigram.Unigram) else assets.wordpiece_to_asset
        entries.append(identity.OpenAsset(identity.LoadedAsset(to_asset(model, name=name), model, None)))
    workspace.assets = tuple(entries)
    workspace.events.emit("assets_changed")


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


def show(view, text):
    view.input.setText(text)
    view.debounce.stop()
    view.refresh()


def test_every_loaded_tokenizer_side_by_side_with_counts(view, tokenizers):
    show(view, "lower lowerz")
    table = rows(view.comparison_model)
    encoder = view.workspace.encoder_name
    assert [r[0] for r in table] == ["trained char BPE", encoder, "demo unigram", "seed wordpiece"]
    assert [r[1] for r in table] == ["char-bpe", "byte-bpe", "unigram", "wordpiece"]
    assert table[0][2:] == ["7", "low  er  </w>  low  er  [UNK]  </w>"]
    assert table[1][2] == "12"
    assert table[3][2:] == ["3", "low  ##er  [UNK]"]
    uni, _ = tokenizers
    assert table[2][2] == str(len(uni.encode("lower lowerz").tokens))
    assert "12 characters under 4 tokenizers" in view.summary.text()


def test_typing_re_encodes_after_a_pause(view, qtbot):
    view.input.setText("new")
    qtbot.waitUntil(lambda: cell(view.comparison_model, 3, 3) == "new", timeout=2000)


def test_lattice_shows_candidates_viterbi_path_and_nbest(view, tokenizers):
    uni, _ = tokenizers
    show(view, "lower newer")
    lattice = uni.lattice(uni.pipeline.normalize("lower newer").text)
    best = lattice.viterbi()
    assert view.node_model.rowCount() == len(lattice.nodes)
    on_path = {r for r in range(view.node_model.rowCount()) if cell(view.node_model, r, 0, Qt.BackgroundRole)}
    assert len(on_path) == len(best.nodes)
    assert view.lattice_items == len(lattice.nodes)
    nbest = rows(view.nbest_model)
    assert len(nbest) == min(10, len(lattice.nbest(10)))
    assert nbest[0][1] == f"{best.score:.4f}"
    assert nbest[0][3] == "  ".join(uni.encode("lower newer").pieces)
    assert cell(view.nbest_model, 0, 0, Qt.BackgroundRole) is not None
    assert "▁lower▁newer" in view.lattice_label.text()


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
    show(view, "lowerz")
    table = rows(view.search_model)
    assert [r[2] for r in table] == ["lowerz", "lower", "lowe", "low", "##erz", "##er", "##z"]
    assert table[3][3] == "match" and table[1][3] == "not in vocab"
    assert "whole word [UNK]" in table[-1][3]
    assert cell(view.search_model, 6, 0, Qt.BackgroundRole) is not None
    assert cell(view.search_model, 3, 0, Qt.BackgroundRole) is None
    assert "Tokens: [UNK]" in view.search_label.text()


def test_fasttext_ngrams_of_seed_003(view):
    show(view, "where")
    view.maxn_box.setValue(3)
    assert rows(view.ngram_model) == [["where", "3", "5", "<wh  whe  her  ere  re>"]]
    view.maxn_box.setValue(6)
    assert [r[1] for r in rows(view.ngram_model)] == ["3", "4", "5", "6"]
    view.minn_box.setValue(7)
    assert "must not exceed maxn" in rows(view.ngram_model)[0][3]


def test_sampling_runs_off_the_gui_thread_and_repeats_with_a_seed(view, qtbot):
    show(view, "lower newer")
    view.samples_box.setValue(400)
    view.alpha_box.setValue(0.2)
    view.sample_button.click()
    qtbot.waitUntil(lambda: view.sample_model.rowCount() > 0, timeout=10000)
    first = rows(view.sample_model)
    assert sum(int(r[1]) for r in first) == 400
    shares = [float(r[2]) for r in first]
    assert shares == sorted(shares, reverse=True)
    assert "400 draws" in view.sample_label.text()
    view.sample_model.set_rows([])
    view.sample_button.click()
    qtbot.waitUntil(lambda: view.sample_model.rowCount() > 0, timeout=10000)
    assert rows(view.sample_model) == first


def test_without_unigram_or_wordpiece_the_view_says_what_to_do(qtbot):
    widget = CompareView(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(widget)
    assert widget.nbest_model.rowCount() == 0
    assert "open a unigram asset" in widget.lattice_label.text()
    assert "open a wordpiece asset" in widget.search_label.text()
    widget.sample_button.click()
    assert "open a unigram asset" in widget.sample_label.text()
    assert widget.comparison_model.rowCount() == 2  # char BPE and the byte-level encoder


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
    before = view.comparison_model.rowCount()
    window.workspace.add_asset(assets.byte_bpe_to_asset(byte_bpe.train(["low lower"], 3), records=["low lower"]))
    assert view.comparison_model.rowCount() == before  # behind another tab: nothing done yet
    window.show_panel("compare")
    assert view.comparison_model.rowCount() == before + 1
