"""Nothing in the app reaches the network: sockets are blocked while every
view opens and the headless commands run."""

import socket

import pytest

from core.cli import main as cli_main
from core.classroom import ASSET_PATH
from core.workspace import Workspace
from gui.bridge import WorkspaceBridge
from gui.main_window import MainWindow


class NetworkUsed(AssertionError):
    pass


@pytest.fixture
def no_network(monkeypatch):
    def refuse(*args, **kwargs):
        raise NetworkUsed(f"network access attempted: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)


def test_every_view_opens_offline(qtbot, no_network):
    window = MainWindow(WorkspaceBridge(Workspace.example()))
    qtbot.addWidget(window)
    window.show()
    for key in window.panels:
        window.show_panel(key)
        qtbot.wait(20)
        assert not window.grab().isNull()


def test_headless_commands_run_offline(no_network, tmp_path, capsys):
    corpus = tmp_path / "c.tsv"
    corpus.write_text("low\t2\nlower\t1\nnew\t1\n", encoding="utf-8")
    assert cli_main(["train", str(corpus), "--merges", "4", "-o", str(tmp_path / "a.json")]) == 0
    assert cli_main(["encode", str(tmp_path / "a.json"), "lower"]) == 0
    assert cli_main(["encode", str(ASSET_PATH), "--text", "red key ."]) == 0
    capsys.readouterr()
