"""Fuzzed input through the real widgets: ID lists typed into the decode box
and corpus files imported in the corpus editor.  Bad input shows an error in
the window and leaves the workspace as it was (same corpus identity, same
revision); good input does what the core says; no slot ever raises."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from core.workspace import records as rec
from core.errors import StudioError
from core.inspect.idlist import parse_ids
from gui.shell import workers
from tests.fuzzing import fuzz_settings, mutated_bytes

ID_LISTS = (b"270 32 268", b"[270, 32, 268]", b"1\n2\n3\n", b"255", b"228 184", b"999999 0")
CORPORA = (b"low\t2\nlower\t1\nnew\t1\n", "  red key .\r\n\u5206\u8bcd\tx\n\nlast".encode(), b"low lower\nnew\n")


def settle(qtbot, window):
    """Wait for the retrain an earlier import started: it changes the model
    and the revision on its own time."""
    timer, trainer = window.panels["timeline"]._retrain_timer, workers.trainer_for(window.bridge)
    qtbot.waitUntil(lambda: not timer.isActive() and not any(map(trainer.is_running, ("main", "compare"))),
                    timeout=20_000)
    qtbot.wait(10)  # the finished run's result is delivered by a queued signal


def state(workspace):
    corpus = workspace.records.to_bytes() if workspace.records is not None else workspace.corpus.identity()
    return corpus, workspace.revision, workspace.model


def test_typed_id_lists_decode_or_show_an_error(studio_window, qtbot):
    window = studio_window
    window.show_panel("encode")
    panel = window.panels["encode"]
    workspace = window.workspace
    before = state(workspace)

    @fuzz_settings(0.5)
    @given(st.one_of(mutated_bytes(ID_LISTS).map(lambda b: b.decode("utf-8", "replace")), st.text(max_size=40)),
           st.integers(0, 2))
    def run(text, policy):
        panel.decoder.policy_box.setCurrentIndex(policy)
        panel.decoder.ids_edit.setText(text)
        qtbot.keyClick(panel.decoder.ids_edit, Qt.Key_Return)
        try:
            parse_ids(panel.decoder.ids_edit.text())
        except StudioError as exc:
            assert not panel.decoder.banner.isHidden() and str(exc) in panel.decoder.banner.text()
        assert state(workspace) == before

    run()


def test_imported_corpus_files_replace_the_corpus_or_show_an_error(studio_window, qtbot, tmp_path, monkeypatch):
    window = studio_window
    window.show_panel("corpus")
    editor = window.panels["corpus"]
    workspace = editor.workspace
    answers = []
    monkeypatch.setattr(editor, "confirm_skip", lambda path, result: answers[-1])
    path = tmp_path / "corpus.txt"

    @fuzz_settings(0.5)
    @given(mutated_bytes(CORPORA), st.sampled_from(["words", "records"]), st.sampled_from(["text", "table"]),
           st.sampled_from(rec.PRETOKENIZERS), st.booleans())
    def run(data, target, fmt, pretokenizer, skip):
        path.write_bytes(data)
        answers.append(skip)
        settle(qtbot, window)
        before = state(workspace)
        try:
            expected = rec.import_file(path, target=target, fmt=fmt, pretokenizer=pretokenizer)
        except StudioError as exc:
            expected = exc
        editor.import_path(path, target=target, fmt=fmt, pretokenizer=pretokenizer)
        qtbot.waitUntil(lambda: editor.import_task is None, timeout=20_000)
        message = editor.message.text()
        if isinstance(expected, StudioError):
            assert message == f"Import failed: {expected}"
            assert state(workspace) == before
        elif expected.invalid and not skip:
            assert message.startswith("Import stopped: ") and state(workspace) == before
        else:
            if target == "records":
                assert workspace.records == expected.records
            else:
                assert workspace.records is None and workspace.corpus == expected.corpus
            assert workspace.revision > before[1] and message.startswith("Imported corpus.txt.")

    run()
