"""Every model trained in the merge timeline becomes an asset with its
training data (issue 37): byte-level BPE, WordPiece and Unigram are trained
in the timeline, added from it, exported from File → Export tokenizer to
the formats offered for them, and the real libraries read the files back
to the app's IDs on a multilingual text."""

import pytest

from core.assets.schema import records_identity
from core.assets import classroom
from core.workspace import records as rec
from core.workspace.workspace import Workspace
from gui.shell import workers
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow

from conftest import destroy, wait_task

VOCAB = 90
# The classroom records and lines in other scripts, so the models learn more than ASCII.
EXTRA = ["héllo 中文 wörld", "low low 🙂 naïve café", "中文 tokenizer 中文 分词", "привет мир привет",
         "the lower the newer widest lowest"]
TEXT = "héllo wörld 🙂 the lower 中文 分词, привет мир: red key."


class Dialogs:
    """File → Export's questions, answered: the format by its offered name."""

    def __init__(self, wanted):
        self.wanted, self.offered, self.errors = wanted, [], []

    def choose(self, title, label, items):
        self.offered.append(list(items))
        return items.index(self.wanted)

    def error(self, message):
        self.errors.append(message)


@pytest.fixture(autouse=True)
def no_threads_left():
    yield
    workers.shutdown()


@pytest.fixture
def window(qtbot):
    workspace = Workspace.example()
    workspace.set_records(rec.Records.from_text("\n".join([*classroom.records(), *EXTRA]) + "\n"))
    window = MainWindow(WorkspaceBridge(workspace))
    window.resize(1280, 800)
    window.show()
    yield window
    destroy(window)


def train(window, qtbot, algorithm):
    view = window.panels["timeline"]
    window.show_panel("timeline")
    view.vocab_box.setValue(VOCAB)
    index = view.algorithm_box.findData(algorithm)
    with qtbot.waitSignal(view.trainer.sig_training_finished, timeout=30_000,
                          check_params_cb=lambda purpose, _model: purpose == algorithm):
        view.algorithm_box.setCurrentIndex(index)
        view.algorithm_box.activated.emit(index)
    return view


def add_from_timeline(window, qtbot, view):
    """The timeline's "Add to assets" button: the shown model joins the assets."""
    before = len(window.workspace.assets)
    assert view.asset_button.isEnabled()
    view.asset_button.click()
    wait_task(qtbot, view.asset_task)
    assert len(window.workspace.assets) == before + 1
    return window.workspace.assets[-1].loaded


def export(window, qtbot, loaded, fmt_name, path):
    index = [e.loaded for e in window.workspace.assets].index(loaded)
    window.interop.dialogs = dialogs = Dialogs(fmt_name)
    with qtbot.waitSignal(window.interop.sig_exported, timeout=30_000):
        window.interop.export_tokenizer(index, path=str(path))
    assert dialogs.errors == []
    window.interop.report_window.close()
    return dialogs.offered[0]


def app_ids(window, kind, text):
    """The IDs the app's encode panel gives with the timeline's model of ``kind``."""
    held = window.workspace.held_by_key(window.workspace.trained_key(kind))
    assert held.key == window.workspace.trained_key(kind)
    return list(held.tokenizer.encode(text).ids)


def test_byte_level_bpe_from_the_timeline_exports_a_tokenizer_json_tokenizers_reads(window, qtbot, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    view = train(window, qtbot, "byte")
    loaded = add_from_timeline(window, qtbot, view)
    assert loaded.kind == "byte-bpe" and loaded.name == "trained byte-level BPE"
    # its training data: the records it learned from, byte for byte
    assert loaded.asset["training_data"] == records_identity(window.workspace.records.lines)
    offered = export(window, qtbot, loaded, "Hugging Face tokenizer.json", tmp_path / "byte.json")
    assert offered == ["Hugging Face tokenizer.json", "tiktoken rank file", "minbpe .model"]
    ids = app_ids(window, "byte-bpe", TEXT)
    assert any(i >= 256 for i in ids)  # merges were used, not bytes alone
    assert tokenizers.Tokenizer.from_file(str(tmp_path / "byte.json")).encode(TEXT).ids == ids


def test_wordpiece_from_the_timeline_exports_a_tokenizer_json_tokenizers_reads(window, qtbot, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    view = train(window, qtbot, "wordpiece")
    loaded = add_from_timeline(window, qtbot, view)
    model = window.workspace.trained_others["wordpiece"]
    assert loaded.kind == "wordpiece" and list(loaded.tokenizer.vocab) == list(model.vocab)
    assert loaded.asset["training_data"] == model.trace.corpus.identity()
    assert loaded.asset["training_corpus"] == [[w, c] for w, c in model.trace.corpus.items()]
    offered = export(window, qtbot, loaded, "Hugging Face tokenizer.json", tmp_path / "wp.json")
    assert offered == ["Hugging Face tokenizer.json", "BERT vocab.txt"]
    ids = app_ids(window, "wordpiece", TEXT)
    unk = model.ids[model.unk]
    assert len(set(ids) - {unk}) > 5
    assert tokenizers.Tokenizer.from_file(str(tmp_path / "wp.json")).encode(TEXT).ids == ids


def test_unigram_from_the_timeline_exports_files_tokenizers_and_sentencepiece_read(window, qtbot, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    spm = pytest.importorskip("sentencepiece")
    view = train(window, qtbot, "unigram")
    loaded = add_from_timeline(window, qtbot, view)
    model = window.workspace.trained_others["unigram"]
    assert loaded.kind == "unigram" and loaded.asset["training_data"] == model.trace.corpus.identity()
    offered = export(window, qtbot, loaded, "SentencePiece .model / .vocab", tmp_path / "u.model")
    assert offered == ["Hugging Face tokenizer.json", "SentencePiece .model / .vocab"]
    export(window, qtbot, loaded, "Hugging Face tokenizer.json", tmp_path / "u.json")
    ids = app_ids(window, "unigram", TEXT)
    assert len(set(ids) - {model.unk_id}) > 5
    assert spm.SentencePieceProcessor(model_file=str(tmp_path / "u.model")).encode(TEXT) == ids
    assert tokenizers.Tokenizer.from_file(str(tmp_path / "u.json")).encode(TEXT).ids == ids


def test_the_assets_tab_adds_whichever_model_was_trained(window, qtbot):
    manager = window.panels["assets"]
    char = window.workspace.model
    manager.model_menu.aboutToShow.emit()
    assert [a.text() for a in manager.model_menu.actions()] == [
        f"trained model (character BPE · vocab {char.vocab_size})"]
    train(window, qtbot, "wordpiece")
    manager.model_menu.aboutToShow.emit()
    labels = [a.text() for a in manager.model_menu.actions()]
    assert labels[1:] == [f"timeline: WordPiece (WordPiece · vocab {VOCAB})"]
    # no kind given: the model trained last
    wait_task(qtbot, manager.add_trained_model())
    assert window.workspace.assets[-1].loaded.kind == "wordpiece"
    manager.model_menu.actions()[0].trigger()  # char BPE, from the menu
    wait_task(qtbot, manager.task)
    assert [e.loaded.kind for e in window.workspace.assets] == ["wordpiece", "char-bpe"]
    assert window.workspace.assets[-1].loaded.name == "trained character BPE"
    assert manager.status_label.text() == (
        "Added trained character BPE: File → Export tokenizer writes it for other libraries.")
