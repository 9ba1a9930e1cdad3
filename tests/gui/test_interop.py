"""File → Import/Export tokenizer and dropped tokenizer files, with the
dialogs replaced by recorded answers so nothing blocks."""

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers  # noqa: E402

from core import assets
from core.models import byte_bpe
from core.assets import classroom
from core.assets import identity  # noqa: E402
from core.formats import import_file  # noqa: E402
from core.formats.exportable import export_reasons  # noqa: E402
from core.workspace.workspace import Workspace  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402

from conftest import drop  # noqa: E402

TEXT = ["Beautiful is better than ugly.", "分词器把文本切成片段。", "I love 🙂 and cafe\u0301   spaces"] * 5


class FakeDialogs:
    def __init__(self, *, path=None, save=None, choices=()):
        self.path, self.save, self.choices = path, save, list(choices)
        self.asked, self.errors = [], []

    def open_path(self):
        self.asked.append("open")
        return self.path

    def save_path(self, suggested):
        self.asked.append(("save", suggested))
        return self.save

    def choose(self, title, label, items):
        self.asked.append(("choose", label, list(items)))
        answer = self.choices.pop(0) if self.choices else None
        return items.index(answer) if answer in items else None

    def error(self, message):
        self.errors.append(message)


@pytest.fixture
def window(qtbot):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(main)
    main.resize(1180, 720)
    main.show()
    yield main
    if main.interop.report_window is not None:
        main.interop.report_window.close()
    main.panels["assets"].stop_scan()


@pytest.fixture
def hf_file(tmp_path):
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(TEXT, trainers.BpeTrainer(vocab_size=300, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                                      special_tokens=["<|endoftext|>"], show_progress=False))
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    return path


def file_actions(window):
    menu = window.menuBar().actions()[0].menu()
    return {a.text().replace("&", ""): a for a in menu.actions() if a.text()}


def test_file_menu_has_import_and_export(window):
    actions = file_actions(window)
    assert "Import tokenizer…" in actions and "Export tokenizer…" in actions


def test_import_from_the_menu_adds_the_asset_and_shows_the_report(window, qtbot, hf_file):
    window.interop.dialogs = fake = FakeDialogs(path=str(hf_file))
    before = len(window.workspace.assets)
    with qtbot.waitSignal(window.interop.sig_imported, timeout=20000) as blocker:
        file_actions(window)["Import tokenizer…"].trigger()
    index = blocker.args[0]
    entry = window.workspace.assets[index]
    assert len(window.workspace.assets) == before + 1 and entry.dirty and entry.loaded.kind == "bpe"
    assert window.tabs.currentWidget() is window.panels["assets"]
    report = window.interop.report_window
    assert report.isVisible() and "Kept" in report.text.toPlainText() and "tokenizer.json" in report.text.toPlainText()
    assert fake.asked == ["open"] and not fake.errors  # the format was recognised, nothing else asked
    assert list(entry.loaded.tokenizer.encode(TEXT[1]).ids) == Tokenizer.from_file(str(hf_file)).encode(TEXT[1]).ids
    qtbot.waitUntil(lambda: window.interop.task is None or not window.interop.task.is_running())
    report.grab().save("/tmp/interop-report.png")


def test_tiktoken_import_asks_for_the_pattern(window, qtbot, tmp_path):
    model = byte_bpe.train(classroom.records(), 20, pretokenizer="gpt2")
    ranks = tmp_path / "ranks.tiktoken"
    from core.formats import export_asset

    export_asset(assets.byte_bpe_to_asset(model), model, "tiktoken", ranks)
    window.interop.dialogs = fake = FakeDialogs(choices=["gpt2"])
    with qtbot.waitSignal(window.interop.sig_imported, timeout=20000) as blocker:
        window.interop.import_tokenizer(str(ranks))
    asked = fake.asked[0]
    assert asked[0] == "choose" and "split pattern" in asked[1] and "cl100k" in asked[2]
    loaded = window.workspace.assets[blocker.args[0]].loaded
    assert list(loaded.tokenizer.encode("red key .").ids) == list(model.encode("red key .").ids)


def test_an_unrecognised_file_asks_for_the_format_and_cancel_stops(window, tmp_path):
    odd = tmp_path / "mystery.dat"
    odd.write_text("whatever", "utf-8")
    window.interop.dialogs = fake = FakeDialogs()  # cancels every question
    assert window.interop.import_tokenizer(str(odd)) is None
    assert fake.asked[0][0] == "choose" and "mystery.dat" in fake.asked[0][1]
    assert window.interop.task is None


def test_a_bad_file_shows_its_error(window, qtbot, tmp_path):
    bad = tmp_path / "tokenizer.json"
    bad.write_text('{"model": {"type": "WordLevel", "vocab": {}}}', "utf-8")
    window.interop.dialogs = fake = FakeDialogs()
    with qtbot.waitSignal(window.interop.sig_failed, timeout=20000) as blocker:
        window.interop.import_tokenizer(str(bad))
    assert "WordLevel" in blocker.args[0] and fake.errors == [blocker.args[0]]


def test_export_writes_a_file_hf_reads(window, qtbot, tmp_path, hf_file):
    window.interop.dialogs = FakeDialogs()
    with qtbot.waitSignal(window.interop.sig_imported, timeout=20000) as blocker:
        window.interop.import_tokenizer(str(hf_file))
    index = blocker.args[0]
    qtbot.waitUntil(lambda: not window.interop.task.is_running())
    out = tmp_path / "exported.json"
    window.interop.dialogs = fake = FakeDialogs(save=str(out), choices=["Hugging Face tokenizer.json"])
    with qtbot.waitSignal(window.interop.sig_exported, timeout=20000):
        window.interop.export_tokenizer(index)
    assert fake.asked[0][0] == "choose" and fake.asked[1] == ("save", "tokenizer.json")
    assert Tokenizer.from_file(str(out)).encode(TEXT[2]).ids == Tokenizer.from_file(str(hf_file)).encode(TEXT[2]).ids
    assert "Exact" in window.interop.report_window.text.toPlainText()


def test_export_of_an_unrepresentable_asset_says_why(window, qtbot, tmp_path):
    index = window.workspace.add_model_asset("trained")  # char-bpe: </w> is a separate symbol
    window.interop.dialogs = fake = FakeDialogs(save=str(tmp_path / "x.json"))
    with qtbot.waitSignal(window.interop.sig_failed, timeout=20000):
        window.interop.export_tokenizer(index, "hf")
    assert "</w>" in fake.errors[0] and not (tmp_path / "x.json").exists()


def test_export_without_assets_explains(qtbot):
    main = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(main)
    main.interop.dialogs = fake = FakeDialogs()
    assert main.workspace.assets == () and main.interop.export_tokenizer() is None
    assert "Assets tab" in fake.errors[0]


def test_dropping_a_tokenizer_file_imports_it(window, qtbot, hf_file):
    window.interop.dialogs = FakeDialogs()
    with qtbot.waitSignal(window.interop.sig_imported, timeout=20000):
        event = drop(window, [hf_file])
    assert event.isAccepted()
    own = hf_file.parent / "own.json"
    assets.save_asset(own, assets.byte_bpe_to_asset(byte_bpe.train(classroom.records(), 3)))
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(own))])  # our own asset is not a foreign file
    assert window.interop.droppable(data.urls()) == []
    assert identity.load(own).kind == "byte-bpe"


@pytest.fixture
def several(tmp_path, hf_file):
    """A tokenizer.json, a SentencePiece model, a broken tokenizer.json and a text file."""
    spm = pytest.importorskip("sentencepiece")
    text = tmp_path / "train.txt"
    text.write_text("\n".join(TEXT) + "\n", "utf-8")
    spm.SentencePieceTrainer.train(input=str(text), model_prefix=str(tmp_path / "sp"), vocab_size=60,
                                   hard_vocab_limit=False, minloglevel=2, num_threads=1)
    broken = tmp_path / "broken" / "tokenizer.json"
    broken.parent.mkdir()
    broken.write_text('{"model": {"type": "WordLevel", "vocab": {}}}', "utf-8")
    notes = tmp_path / "notes.txt"
    notes.write_text("not a tokenizer", "utf-8")
    return [hf_file, tmp_path / "sp.model", broken, notes]


@pytest.mark.parametrize("target", ["window", "encode input", "corpus editor", "report window"])
def test_dropping_several_files_imports_each_with_one_summary(window, qtbot, several, target):
    window.interop.dialogs = fake = FakeDialogs()
    if target == "report window":
        window.interop.show_report(import_file(several[0], "hf").report)
    widgets = {"window": lambda: window, "encode input": lambda: window.panels["encode"].input.viewport(),
               "corpus editor": lambda: window.panels["corpus"],
               "report window": lambda: window.interop.report_window.text.viewport()}
    widget = widgets[target]()
    before = len(window.workspace.assets)
    text_before = window.panels["encode"].input.toPlainText()
    corpus_before = window.workspace.corpus
    with qtbot.waitSignal(window.interop.sig_files_imported, timeout=30000) as blocker:
        assert drop(widget, several).isAccepted()
    assert blocker.args == [2, 2] and not fake.errors and fake.asked == []
    kinds = sorted(entry.loaded.kind for entry in window.workspace.assets[before:])
    assert kinds == ["bpe", "unigram"]
    # The drop went to the import, not into the text box or the corpus.
    assert window.panels["encode"].input.toPlainText() == text_before and window.workspace.corpus == corpus_before
    summary = window.interop.report_window.text.toPlainText()
    assert "Imported 2 of 4 files." in summary
    for name, words in (("notes.txt", "not recognised"), ("tokenizer.json", "WordLevel"), ("sp.model", "unigram")):
        assert name in summary and words in summary
    qtbot.waitUntil(lambda: not window.interop.task.is_running())
    window.interop.report_window.grab().save(f"/tmp/interop-drop-summary-{target.replace(' ', '-')}.png")


def test_files_that_are_not_tokenizers_are_left_to_the_view(window):
    notes = QMimeData()
    notes.setUrls([QUrl.fromLocalFile("/tmp/corpus-words.txt")])
    enter = QDragEnterEvent(QPoint(5, 5), Qt.CopyAction, notes, Qt.LeftButton, Qt.NoModifier)
    assert window.interop.eventFilter(window.panels["corpus"], enter) is False


def test_drops_on_another_window_are_not_ours(window, qtbot, hf_file):
    other = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(other)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(hf_file))])
    enter = QDragEnterEvent(QPoint(5, 5), Qt.CopyAction, data, Qt.LeftButton, Qt.NoModifier)
    assert window.interop.eventFilter(other.panels["encode"], enter) is False
    assert other.interop.eventFilter(other.panels["encode"], enter) is True


def test_export_to_sentencepiece_from_the_menu(window, qtbot, several, tmp_path):
    spm = pytest.importorskip("sentencepiece")
    window.interop.dialogs = FakeDialogs()
    with qtbot.waitSignal(window.interop.sig_imported, timeout=20000) as blocker:
        window.interop.import_tokenizer(str(several[1]))
    qtbot.waitUntil(lambda: not window.interop.task.is_running())
    out = tmp_path / "exported.model"
    window.interop.dialogs = fake = FakeDialogs(save=str(out), choices=["SentencePiece .model / .vocab"])
    with qtbot.waitSignal(window.interop.sig_exported, timeout=20000):
        window.interop.export_tokenizer(blocker.args[0])
    assert fake.asked[1] == ("save", "sp.model")
    original = spm.SentencePieceProcessor(model_file=str(several[1]))
    exported = spm.SentencePieceProcessor(model_file=str(out))
    assert all(exported.encode(t) == original.encode(t) for t in TEXT) and out.with_suffix(".vocab").exists()
    assert "Exact" in window.interop.report_window.text.toPlainText()
    qtbot.waitUntil(lambda: not window.interop.task.is_running())



def test_export_offers_only_what_can_hold_the_asset_and_says_why_before_the_file(window, qtbot, tmp_path):
    index = window.workspace.add_asset(classroom.build_asset())  # byte-bpe: no hf/tiktoken refusal, no spm
    out = tmp_path / "byte.tiktoken"
    window.interop.dialogs = fake = FakeDialogs(save=str(out), choices=["tiktoken rank file"])
    with qtbot.waitSignal(window.interop.sig_exported, timeout=20000):
        window.interop.export_tokenizer(index)
    (_, label, items), save = fake.asked[0], fake.asked[1]
    assert save[0] == "save" and out.exists()  # the file dialog came after the reasons
    reasons = export_reasons(*_loaded(window, index))
    assert items == [FORMAT_LABELS[f] for f, r in reasons.items() if r is None]
    refused = [f for f, r in reasons.items() if r is not None]
    assert {"hf", "tiktoken"} <= set(reasons) - set(refused) and "spm" in refused
    for fmt in refused:  # each refused format is named with its own exporter's reason
        assert f"• {FORMAT_LABELS[fmt]}: {reasons[fmt]}" in label
    for fmt in set(reasons) - set(refused):
        assert f"• {FORMAT_LABELS[fmt]}:" not in label
    qtbot.waitUntil(lambda: not window.interop.task.is_running())


def test_export_of_an_asset_no_format_holds_names_every_reason(window, qtbot, monkeypatch):
    from core.errors import AssetError
    from core.formats import exportable

    index = window.workspace.add_model_asset("trained")
    monkeypatch.setattr(exportable, "export_asset", lambda asset, tok, fmt, out: (_ for _ in ()).throw(
        AssetError(f"{fmt} cannot hold it")))
    window.interop.dialogs = fake = FakeDialogs()
    with qtbot.waitSignal(window.interop.sig_failed, timeout=20000) as blocker:
        window.interop.export_tokenizer(index)
    assert fake.asked == [] and all(f"{fmt} cannot hold it" in blocker.args[0] for fmt in FORMAT_LABELS)
    qtbot.waitUntil(lambda: not window.interop.task.is_running())


def test_cancelling_the_format_question_writes_nothing(window, qtbot, tmp_path):
    index = window.workspace.add_asset(classroom.build_asset())
    window.interop.dialogs = fake = FakeDialogs(save=str(tmp_path / "x.json"), choices=[])
    task = window.interop.export_tokenizer(index)
    qtbot.waitUntil(lambda: fake.asked != [], timeout=20000)
    qtbot.waitUntil(lambda: not task.is_running())
    assert [a[0] for a in fake.asked] == ["choose"] and not (tmp_path / "x.json").exists()


def _loaded(window, index):
    loaded = window.workspace.assets[index].loaded
    return loaded.asset, loaded.tokenizer


FORMAT_LABELS = {"hf": "Hugging Face tokenizer.json", "tiktoken": "tiktoken rank file",
                 "spm": "SentencePiece .model / .vocab", "bert-vocab": "BERT vocab.txt",
                 "subword-nmt": "subword-nmt codes", "minbpe": "minbpe .model"}
