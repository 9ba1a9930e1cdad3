"""What each view shows survives a language switch and a restart (issue 37):
the tokenizer chosen in Encode and Vocabulary (a built-in one opened again),
the timeline's algorithm, the filters, the typed text and the decode result."""

import re

import pytest

from core.workspace.workspace import Workspace
from gui.shell import language, settings, workers
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow
from gui.shell.shelf_open import opener_for

from conftest import destroy

CJK = re.compile(r"[\u4e00-\u9fff]")
VOCAB = 40
HELLO_WORLD = [9906, 1917]  # cl100k_base: "Hello" " world"


@pytest.fixture(autouse=True)
def english_after():
    yield
    workers.shutdown()
    language.install("en")


def make_window(qtbot):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    window.show()
    return window


def open_cl100k(window, qtbot) -> str:
    """File → Built-in tokenizers → cl100k_base: opened and chosen in Encode."""
    opener = opener_for(window.workspace)
    with qtbot.waitSignal(opener.sig_opened, timeout=60_000):
        window.open_builtin("cl100k_base")
    key = opener.held_key("cl100k_base")
    assert window.workspace.encoder_key == key
    return key


def choose_in_vocabulary(window, qtbot, key, text):
    vocab = window.panels["vocab"]
    window.show_panel("vocab")
    vocab.choose(key)
    vocab.text_filter.setText(text)
    qtbot.waitUntil(lambda: vocab.table is not None and len(vocab.table) == 100_261, timeout=60_000)
    return vocab


def train_unigram(window, qtbot):
    view = window.panels["timeline"]
    window.show_panel("timeline")
    view.vocab_box.setValue(VOCAB)
    index = view.algorithm_box.findData("unigram")
    with qtbot.waitSignal(view.trainer.sig_training_finished, timeout=30_000,
                          check_params_cb=lambda purpose, _model: purpose == "unigram"):
        view.algorithm_box.setCurrentIndex(index)
        view.algorithm_box.activated.emit(index)
    return view


def shown_count(vocab) -> int:
    return vocab.model.rowCount()


def test_a_language_switch_keeps_each_view_s_tokenizer_algorithm_filter_and_results(qtbot):
    window = make_window(qtbot)
    key = open_cl100k(window, qtbot)
    encode = window.panels["encode"]
    encode.input.setPlainText("typed: Hello world")
    encode.decoder.ids_edit.setText(" ".join(map(str, HELLO_WORLD)))
    encode.decoder.decode_now()
    assert encode.decoder.decoded.toPlainText() == "Hello world"
    vocab = choose_in_vocabulary(window, qtbot, key, "hello")
    filtered = shown_count(vocab)
    assert 0 < filtered < 100
    vocab.flag_filter.setCurrentIndex(0)
    view = train_unigram(window, qtbot)
    unigram = window.workspace.trained_others["unigram"]
    view.unigram_view.selectRow(0)

    window.set_language("zh_CN")

    # every view is new, in Chinese
    encode, vocab, view = (window.panels[k] for k in ("encode", "vocab", "timeline"))
    assert CJK.search(window.tabs.tabText(0))
    # Encode: cl100k_base, the typed text, the decode result
    assert encode.chooser.currentData() == key and encode.choice.key == key
    assert encode.input.toPlainText() == "typed: Hello world"
    assert encode.decoder.ids_edit.text() == "9906 1917"
    assert encode.decoder.decoded.toPlainText() == "Hello world" and encode.decoder.result is not None
    # Vocabulary: cl100k_base with its filter, not the classroom tokenizer's "0 of 291"
    assert vocab.chooser.currentData() == key
    assert vocab.text_filter.text() == "hello"
    qtbot.waitUntil(lambda: vocab.table is not None and len(vocab.table) == 100_261, timeout=60_000)
    assert shown_count(vocab) == filtered
    assert sorted(re.findall(r"\d+", vocab.status.text()), key=int) == [str(filtered), "100261"]
    # the timeline: Unigram, the model the workspace holds (not trained again), its row
    assert view.algorithm_box.currentData() == "unigram" and view.vocab_box.value() == VOCAB
    assert view.merge_stack.currentWidget() is view.unigram_view
    assert view.unigram_model.model is unigram and not view.trainer.is_running("unigram")
    assert view.unigram_view.currentIndex().row() == 0
    destroy(window)


def test_a_restart_opens_the_chosen_built_in_tokenizer_again(qtbot):
    window = make_window(qtbot)
    key = open_cl100k(window, qtbot)
    choose_in_vocabulary(window, qtbot, key, "world")
    window.panels["encode"].decoder.ids_edit.setText("9906")
    window.panels["encode"].decoder.decode_now()
    train_unigram(window, qtbot)
    window.close()  # the layout and what each view shows go to the settings
    assert settings.read(settings.ENCODE_SHELF) == "cl100k_base"
    destroy(window)

    again = make_window(qtbot)  # a new session: nothing is open
    opener = opener_for(again.workspace)
    qtbot.waitUntil(lambda: opener.held_key("cl100k_base") is not None, timeout=60_000)
    assert again.workspace.encoder_key == key
    encode, vocab, view = (again.panels[k] for k in ("encode", "vocab", "timeline"))
    qtbot.waitUntil(lambda: encode.chooser.currentData() == key)
    assert vocab.chooser.currentData() == key and vocab.text_filter.text() == "world"
    qtbot.waitUntil(lambda: encode.decoder.decoded.toPlainText() == "Hello", timeout=10_000)
    assert view.algorithm_box.currentData() == "unigram" and view.vocab_box.value() == VOCAB
    destroy(again)
