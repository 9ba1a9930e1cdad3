"""Nothing in the app reaches the network: sockets and name lookups are
blocked while every view opens, File > Import/Export and workspace
save/open run, and every headless command runs; and no network module
(Qt's or Python's HTTP stack) is ever loaded."""

import json
import socket
import sys

import pytest

from core.cli.main import COMMANDS, main as cli_main
from core.assets.classroom import ASSET_PATH

from conftest import wait_task

NETWORK_MODULES = ("PySide6.QtNetwork", "PySide6.QtWebEngineCore", "urllib3", "requests", "http.client",
                   "huggingface_hub", "ssl")


class NetworkUsed(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise NetworkUsed(f"network access attempted: {args!r}")

    for name in ("connect", "connect_ex", "sendto", "sendmsg"):
        monkeypatch.setattr(socket.socket, name, refuse)
    for name in ("create_connection", "getaddrinfo", "gethostbyname", "gethostbyname_ex", "gethostbyaddr"):
        monkeypatch.setattr(socket, name, refuse)
    loaded = set(sys.modules)
    yield
    new = sorted(m for m in set(sys.modules) - loaded if m.startswith(NETWORK_MODULES))
    assert not new, f"network modules loaded: {new}"


@pytest.fixture
def hf_file(tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import decoders, models, pre_tokenizers, trainers

    tok = tokenizers.Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(["low lower newest", "分词器 🙂"] * 5, trainers.BpeTrainer(
        vocab_size=280, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False))
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    return path


class Answers:
    """The interop dialogs, answered without blocking."""

    def __init__(self, save=None, choice=None):
        self.save, self.choice, self.errors = save, choice, []

    def open_path(self):
        return None

    def save_path(self, suggested):
        return self.save

    def choose(self, title, label, items):
        return items.index(self.choice) if self.choice in items else 0

    def error(self, message):
        self.errors.append(message)


def test_every_view_and_file_action_runs_offline(qtbot, no_network, studio_window, hf_file, tmp_path):
    window = studio_window
    for key in window.panels:
        window.show_panel(key)
        qtbot.wait(20)
        assert not window.grab().isNull()
    # File > Import tokenizer, then Export, then the workspace round trip.
    window.interop.dialogs = Answers(save=str(tmp_path / "out.json"), choice="Hugging Face tokenizer.json")
    with qtbot.waitSignal(window.interop.sig_imported, timeout=20_000) as blocker:
        window.interop.import_tokenizer(str(hf_file))
    qtbot.waitUntil(lambda: not window.interop.task.is_running())
    with qtbot.waitSignal(window.interop.sig_exported, timeout=20_000):
        window.interop.export_tokenizer(blocker.args[0])
    assert json.loads((tmp_path / "out.json").read_text("utf-8"))["model"]["type"] == "BPE"
    window.interop.report_window.close()
    window.workspace_path = str(tmp_path / "w.json")
    window.save_workspace()
    wait_task(qtbot, window.open_workspace(str(tmp_path / "w.json")))
    assert window.workspace_path == str(tmp_path / "w.json")
    for key in window.panels:  # and every view once more, with the imported asset open
        window.show_panel(key)
        qtbot.wait(20)
    window.panels["assets"].stop_scan()


def test_every_headless_command_runs_offline(no_network, hf_file, tmp_path, capsys):
    corpus = tmp_path / "c.tsv"
    corpus.write_text("low\t2\nlower\t1\nnew\t1\n", encoding="utf-8")
    asset, imported = tmp_path / "a.json", tmp_path / "i.json"
    runs = [
        ["train", corpus, "--merges", "4", "-o", asset, "--trace", tmp_path / "t.json"],
        ["count", corpus, "--workers", "1", "-o", tmp_path / "n.tsv"],
        ["stats", corpus, "--tokenizer", asset, "--workers", "1", "--json"],
        ["encode", asset, "lower"], ["encode", ASSET_PATH, "--text", "red key ."],
        ["decode", asset, "9", "11"], ["decode", ASSET_PATH, "255", "--errors", "replace"],
        ["trace", asset, "--json"],
        ["identity", asset, "--write-manifest", tmp_path / "m.json"],
        ["identity", asset, "--manifest", tmp_path / "m.json"],
        ["diff", asset, ASSET_PATH, "--json"],
        ["import", hf_file, "--format", "hf", "-o", imported],
        ["export", imported, "--format", "tiktoken", "-o", tmp_path / "r.tiktoken"],
        ["export", imported, "--format", "hf", "-o", tmp_path / "back.json"],
        ["canon", ASSET_PATH, "58", "32", "--json"],
        ["stages", imported, "--text", "héllo 中文 🙂", "--json"],
        ["vocab", imported, "--audit", "--json"],
        ["edit", imported, "--add", "héllo", "--add-special", "<|x|>", "-o", tmp_path / "e.json",
         "--id-map", tmp_path / "map.json"],
        ["shelf", "--json"], ["encode", "spm-botchan-unigram", "--text", "héllo 中文 🙂"],
        ["engines", "spm-botchan-unigram", imported, "--json"], ["lesson", "list", "--json"],
    ]
    for argv in runs:
        assert cli_main([str(a) for a in argv]) in (0, 1), argv  # diff exits 1: the assets differ
    assert {argv[0] for argv in runs} == set(COMMANDS)
    capsys.readouterr()


def test_the_guard_itself_catches_a_connection(no_network):
    with pytest.raises(NetworkUsed):
        socket.create_connection(("example.org", 80))
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp, pytest.raises(NetworkUsed):
        udp.sendto(b"x", ("192.0.2.1", 53))
