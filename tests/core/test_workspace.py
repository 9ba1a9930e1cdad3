"""The shared workspace: corpus editing with fine-grained events, records kept
exactly, importing text files, and saving/opening/autosaving the workspace."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from core.workspace import records as rec
from core.workspace import workspace_file as wf
from core.models.char_bpe import train
from core.corpus import EXAMPLE_19_1, WordCorpus
from core.errors import AssetError, CorpusError, StudioError, TokenizerError
from core.workspace.workspace import Workspace


def recorder(workspace, *names):
    seen = []
    for name in names:
        workspace.events.connect(name, lambda *args, name=name: seen.append((name, *args)))
    return seen


ROW_EVENTS = ("corpus_rows_changed", "corpus_rows_inserted", "corpus_rows_removed",
              "corpus_replaced", "corpus_changed", "stale_changed")


# ==== word-table editing ====

def test_exercise_1_edit_then_retrain_gives_w_end_of_word_with_count_4():
    workspace = Workspace.example()
    seen = recorder(workspace, *ROW_EVENTS)
    workspace.set_count(2, 2)
    assert seen == [("corpus_rows_changed", 2, 2), ("corpus_changed",), ("stale_changed", True)]
    assert workspace.corpus == WordCorpus(("low", "lower", "new"), (2, 1, 2))
    model = workspace.train()
    assert (model.merges[0].pair, model.merges[0].count) == (("w", "</w>"), 4)
    assert workspace.stale is False


def test_insert_remove_and_rename_words_name_their_rows():
    workspace = Workspace()
    seen = recorder(workspace, "corpus_rows_inserted", "corpus_rows_removed", "corpus_rows_changed")
    workspace.insert_words(1, [("wide", 3), ("newer", 1)])
    assert workspace.corpus.words == ("low", "wide", "newer", "lower", "new")
    workspace.remove_words(3, 2)
    workspace.set_word(0, "slow")
    assert workspace.corpus == WordCorpus(("slow", "wide", "newer"), (2, 3, 1))
    assert seen == [("corpus_rows_inserted", 1, 2), ("corpus_rows_removed", 3, 4), ("corpus_rows_changed", 0, 0)]


@pytest.mark.parametrize("word, message", [
    ("", "empty word"),
    ("lo</w>w", "reserved symbol '</w>'"),
    ("new", "already in row 3"),
])
def test_bad_words_are_refused_with_the_row_and_nothing_changes(word, message):
    workspace = Workspace()
    before = workspace.corpus
    with pytest.raises(CorpusError, match=message):
        workspace.check_word(word, row=0)
    with pytest.raises(CorpusError, match="row 1"):
        workspace.set_word(0, word)
    assert workspace.corpus is before


@pytest.mark.parametrize("text, message", [("0", "must be a positive"), ("-3", "not a decimal integer"),
                                           ("two", "not a decimal integer"), ("", "not a decimal integer"),
                                           ("٣", "not a decimal integer"), ("1_0", "not a decimal integer"),
                                           ("9007199254740992", "over the limit 9007199254740991")])
def test_counts_typed_by_the_user_are_checked(text, message):
    with pytest.raises(CorpusError, match=message):
        rec.parse_count(text, where="row 2")
    assert rec.parse_count(" 7 ", where="row 2") == 7
    workspace = Workspace()
    with pytest.raises(CorpusError, match="row 3"):
        workspace.set_count(2, 0)


def test_word_edits_are_refused_in_records_mode():
    workspace = Workspace()
    workspace.set_records(rec.Records.from_text("low low\n"))
    with pytest.raises(CorpusError, match="records mode"):
        workspace.set_count(0, 3)


def test_settings_change_marks_stale_and_adopt_checks_the_settings_too():
    workspace = Workspace.example()
    workspace.set_settings(tie="first-seen")
    assert workspace.stale
    workspace.adopt(train(workspace.corpus, merges=4, tie="lexicographic"))
    assert workspace.stale, "a model trained with another tie rule is not current"
    workspace.train()
    assert not workspace.stale


# ==== records ====

EXACT = b"\xef\xbb\xbf  low\tlow\r\nlower new\n\n\tnew  "


def test_records_keep_leading_spaces_tabs_crlf_and_a_missing_final_newline():
    records = rec.Records.from_text(EXACT.decode("utf-8"))
    assert records.lines == ("  low\tlow", "lower new", "", "\tnew  ")
    assert records.endings == ("\r\n", "\n", "\n", "")
    assert records.bom and records.to_bytes() == EXACT
    assert rec.word_corpus(records) == WordCorpus(("low", "lower", "new"), (2, 1, 2))
    assert rec.word_corpus(records, "none").words == ("  low\tlow", "lower new", "\tnew  ")
    assert rec.word_corpus(records, "gpt2").words[:4] == (" ", " low", "\t", "low")
    assert rec.records_stats(records) == {"records": 4, "words": 5, "characters": 24, "bytes": len(EXACT)}


def test_record_edits_in_the_workspace_rederive_the_training_words():
    workspace = Workspace()
    workspace.set_records(rec.Records.from_text("low low\nlower new\n"))
    assert workspace.mode == "records"
    assert workspace.corpus == EXAMPLE_19_1
    seen = recorder(workspace, *ROW_EVENTS)
    workspace.set_record(1, "lower new new")
    assert workspace.corpus == WordCorpus(("low", "lower", "new"), (2, 1, 2))
    workspace.insert_records(2, ["  wide\t"], ["\r\n"])
    assert workspace.records.to_bytes() == b"low low\nlower new new\n  wide\t\r\n"
    workspace.remove_records(0, 1)
    assert [e[0] for e in seen if e[0] != "stale_changed"] == [
        "corpus_rows_changed", "corpus_changed", "corpus_rows_inserted", "corpus_changed",
        "corpus_rows_removed", "corpus_changed"]
    workspace.set_settings(pretokenizer="none")
    assert workspace.corpus.words == ("lower new new", "  wide\t")


@pytest.mark.parametrize("text, message", [("a\nb", "one line"), ("x</w>", "reserved")])
def test_bad_records_are_refused(text, message):
    with pytest.raises(CorpusError, match=message):
        rec.Records.from_text("ok\n").with_line(0, text)


def test_only_the_last_record_may_lack_a_line_ending():
    with pytest.raises(CorpusError, match="record 1: only the last"):
        rec.Records(("a", "b"), ("", "\n"))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=" \t\r\nab\u00e9\u4e2d", max_size=40))
def test_records_round_trip_any_text_exactly(text):
    records = rec.Records.from_text(text)
    assert records.text() == text
    assert records == rec.Records.from_text(records.text())


# ==== importing ====

def test_import_names_the_byte_offset_of_invalid_utf8_and_skips_only_that_line(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"low low\r\nlo\xffw\nnew\n")
    result = rec.import_file(path)
    assert result.corpus == WordCorpus(("low", "new"), (2, 1))
    [bad] = result.invalid
    assert (bad.line, bad.offset, bad.bad) == (2, 11, "FF")
    assert bad.describe("bad.txt") == "bad.txt:2: invalid UTF-8 byte FF at byte offset 11"
    records = rec.import_file(path, target="records").records
    assert records.lines == ("low low", "new") and records.endings == ("\r\n", "\n")


def test_import_table_format_and_its_errors(tmp_path):
    path = tmp_path / "table.tsv"
    path.write_text("low\t2\nlower\t1\n\nnew\t1\nlow\t1\n", encoding="utf-8")
    assert rec.import_file(path, fmt="table").corpus == WordCorpus(("low", "lower", "new"), (3, 1, 1))
    path.write_text("low\t2\nlower 1\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"table.tsv:2: expected 'word<TAB>count'"):
        rec.import_file(path, fmt="table")
    path.write_text("lo</w>w x\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"table.tsv:1: word 'lo</w>w' contains the reserved"):
        rec.import_file(path)
    with pytest.raises(CorpusError, match="no such file"):
        rec.import_file(tmp_path / "missing.txt")
    with pytest.raises(CorpusError, match="is a directory"):
        rec.import_file(tmp_path)


def test_import_big_file_in_chunks_reports_progress_and_can_stop(tmp_path, monkeypatch):
    monkeypatch.setattr(rec, "CHUNK_BYTES", 1000)
    path = tmp_path / "big.txt"
    lines = [f"w{i % 97} x{i % 13}\r\n" for i in range(3000)]
    path.write_bytes("".join(lines).encode() + b"tail")
    seen = []
    result = rec.import_file(path, target="records", progress=lambda done, total: seen.append((done, total)))
    assert result.records.to_bytes() == path.read_bytes()
    assert len(seen) >= 24 and seen[-1] == (path.stat().st_size,) * 2
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:]))
    words = rec.import_file(path).corpus
    assert words.total == 6001 and len(words) == 97 + 13 + 1
    stopped = rec.import_file(path, progress=lambda *_: None, should_stop=lambda: len(seen) > 40 or seen.append(0))
    assert stopped.cancelled and stopped.corpus is None


def test_paste_accepts_a_word_table_or_plain_text():
    assert rec.parse_paste("low\t2\nnew\t1\n") == [("low", 2), ("new", 1)]
    assert rec.parse_paste("low low new") == [("low", 2), ("new", 1)]
    with pytest.raises(CorpusError, match="reserved"):
        rec.parse_paste("a</w>")


# ==== workspace files ====

def test_save_and_open_round_trip_everything(tmp_path):
    workspace = Workspace.example()
    workspace.set_comparison(train(workspace.corpus, merges=4, tie="subword-nmt"))
    workspace.select_step(2)
    path = tmp_path / "w.json"
    wf.save(wf.snapshot(workspace), path)
    other = Workspace(WordCorpus(("x",), (1,)))
    seen = recorder(other, "corpus_replaced", "trained", "comparison_changed", "step_selected")
    wf.apply(wf.read(path), other)
    assert other.corpus == workspace.corpus and other.step == 2 and not other.stale
    assert [m.pair for m in other.model.merges] == [m.pair for m in workspace.model.merges]
    assert other.model.trace.steps == workspace.model.trace.steps
    assert other.model.trace.pair_table(1) == workspace.model.trace.pair_table(1)
    assert other.comparison.trace.policy == "subword-nmt"
    assert [name for name, *_ in seen] == ["corpus_replaced", "trained", "step_selected",
                                           "comparison_changed", "step_selected"]


def test_records_mode_saves_exact_text(tmp_path):
    workspace = Workspace()
    workspace.set_records(rec.Records.from_text(EXACT.decode("utf-8")))
    workspace.set_settings(pretokenizer="gpt2", merges=6)
    workspace.train()
    path = tmp_path / "r.json"
    wf.save(wf.snapshot(workspace), path)
    other = Workspace()
    wf.apply(wf.read(path), other)
    assert other.records.to_bytes() == EXACT and other.settings.pretokenizer == "gpt2"
    assert not other.stale and other.model.merges == workspace.model.merges


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(format="x"), "not a Subword Studio workspace"),
    (lambda d: d.update(schema_version=9), "unknown schema version 9"),
    (lambda d: d["corpus"]["words"].append(["", 1]), "corpus.words: entry 4: empty word"),
    (lambda d: d["model"]["merges"][0].__setitem__(2, "3"), r"model.merges\[0\]: expected"),
    (lambda d: d["model"]["trace"].update(corpus_sha256="0"), "SHA-256"),
    (lambda d: d["settings"].update(tie="random"), "unknown tie policy"),
    (lambda d: d["settings"].update(colour=1), "unknown field 'colour'"),
    (lambda d: d["model"]["trace"]["steps"].pop(), "3 steps for 4 merges"),
])
def test_damaged_workspace_files_give_one_clear_error(tmp_path, edit, message):
    path = tmp_path / "w.json"
    document = wf.to_document(wf.snapshot(Workspace.example()))
    edit(document)
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(AssetError, match=message) as info:
        wf.read(path)
    assert str(path) in str(info.value)


def test_unreadable_workspace_files(tmp_path):
    (tmp_path / "a.json").write_bytes(b"{\xff}")
    with pytest.raises(AssetError, match="invalid UTF-8 at byte offset 1"):
        wf.read(tmp_path / "a.json")
    (tmp_path / "b.json").write_text("{", encoding="utf-8")
    with pytest.raises(AssetError, match="not valid JSON"):
        wf.read(tmp_path / "b.json")
    with pytest.raises(StudioError, match="no such file"):
        wf.read(tmp_path / "c.json")


def test_autosave_is_found_after_a_crash_and_discarded_after_a_clean_exit(tmp_path):
    workspace = Workspace.example()
    workspace.set_count(2, 2)
    assert wf.pending_recovery(tmp_path) is None
    slot = wf.AutosaveSlot(tmp_path)
    slot.write(wf.snapshot(workspace, source="/home/me/w.json"))
    assert wf.pending_recovery(tmp_path) is None  # its instance still runs
    slot.release()  # the instance ends (or crashes: the OS frees the lock)
    found = wf.pending_recovery(tmp_path)
    assert found == slot.path and not list(tmp_path.glob(".*.tmp"))
    recovered = wf.read(found)
    assert recovered.corpus.counts == (2, 1, 2) and recovered.source == "/home/me/w.json"
    wf.discard_recovery(found)
    assert wf.pending_recovery(tmp_path) is None and not list(tmp_path.iterdir())


def test_a_live_instances_autosave_is_never_offered_nor_deleted(tmp_path):
    workspace = Workspace.example()
    workspace.set_count(2, 2)
    first = wf.AutosaveSlot(tmp_path)
    first.write(wf.snapshot(workspace))
    second = wf.AutosaveSlot(tmp_path)  # another instance on the same folder
    assert wf.pending_recovery(tmp_path) is None
    wf.discard_recovery(first.path)  # declining an offer never touches a live one
    assert first.path.is_file()
    second.discard()
    second.release()
    assert wf.pending_recovery(tmp_path) is None and first.path.is_file()
    first.release()
    assert wf.pending_recovery(tmp_path) == first.path


def test_a_crashed_instance_leaves_its_autosave_for_recovery(tmp_path):
    import subprocess
    import sys

    script = ("import os, sys; from core.workspace import workspace_file as wf; "
              "from core.workspace.workspace import Workspace; w = Workspace.example(); w.set_count(0, 9); "
              "wf.AutosaveSlot(sys.argv[1]).write(wf.snapshot(w)); os._exit(3)")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 3
    found = wf.pending_recovery(tmp_path)
    assert found is not None and wf.read(found).corpus.counts[0] == 9


def test_unsaved_assets_travel_with_the_workspace(tmp_path):
    workspace = Workspace.example()
    workspace.train()
    workspace.add_model_asset("mine")
    workspace.add_broken_copy(0, 2, 3, name="swapped")
    path = tmp_path / "w.json"
    wf.save(wf.snapshot(workspace), path)
    fresh = Workspace.example()
    wf.apply(wf.read(path), fresh)
    assert [(e.loaded.name, e.dirty) for e in fresh.assets] == [("mine", True), ("swapped", True)]
    assert [e.loaded.identity for e in fresh.assets] == [e.loaded.identity for e in workspace.assets]


def test_revision_counts_changes_worth_saving():
    workspace = Workspace()
    start = workspace.revision
    workspace.select_step(0)
    assert workspace.revision == start
    workspace.set_count(0, 5)
    assert workspace.revision > start


# ==== the encode panel's tokenizer: any held one, by key ====

def _byte_asset(workspace, merges, name):
    from core import assets
    from core.models import byte_bpe

    model = byte_bpe.train(["red key . red key", "lower low"], merges)
    return workspace.add_asset(assets.byte_bpe_to_asset(model, name=name))


def test_the_encoder_is_chosen_by_key_and_falls_back_while_its_asset_is_closed():
    workspace = Workspace.example()
    seen = []
    workspace.events.connect("encoder_changed", seen.append)
    assert workspace.encoder_key == "encoder" and workspace.encoder.kind == "byte-bpe"
    index = _byte_asset(workspace, 3, "three merges")
    key = workspace.asset_key(index)
    assert key == "asset:" + workspace.assets[index].loaded.identity.full_sha256
    workspace.set_encoder(key)
    assert workspace.encoder_key == key and workspace.encoder_name == "three merges"
    assert workspace.encoder.model is workspace.assets[index].loaded.tokenizer
    assert workspace.encoder is workspace.encoder  # the same wrapper while the model stays
    workspace.close_asset(index)
    assert workspace.encoder_key == "encoder" and workspace.wanted_encoder == key
    # Reopened (the same identity), the choice comes back by itself.
    _byte_asset(workspace, 3, "three merges again")
    assert workspace.encoder_key == key
    assert [t.kind for t in seen] == ["byte-bpe"] * 3 and seen[-1].model is workspace.assets[0].loaded.tokenizer
    workspace.set_encoder("model")
    assert workspace.encoder.kind == "char-bpe" and workspace.encoder.model is workspace.model
    workspace.train()  # a new model: a new encoder, announced
    assert seen[-1].model is workspace.model
    with pytest.raises(StudioError):
        workspace.set_encoder("")


def test_copies_of_one_identity_get_their_own_keys_and_the_encoder_follows_an_edit():
    from core.workspace import workspace as ws

    workspace = Workspace.example()
    first = _byte_asset(workspace, 2, "a")
    workspace.add_loaded(ws.copied(workspace.assets[first].loaded, "b"))
    keys = [h.key for h in workspace.held_tokenizers()]
    assert keys[2:] == [workspace.asset_key(0), workspace.asset_key(0) + "#2"]
    workspace.set_encoder(keys[3])
    assert workspace.encoder_name == "b"
    workspace.close_asset(0)  # the copy is now the first of its identity
    assert workspace.encoder_name == "b" and workspace.encoder_key == keys[2]
    # An edit that changes the identity (here: a broken copy put in place) keeps the choice.
    workspace.set_encoder(workspace.asset_key(0))
    workspace.replace_loaded(0, ws.broken_copy(workspace.assets[0].loaded, 259, 260))
    assert workspace.encoder_key == workspace.asset_key(0) != keys[2]


def test_a_headless_workspace_never_loads_the_classroom_tokenizer():
    workspace = Workspace.example()
    workspace.train()
    assert workspace._classroom is None


def test_every_trained_model_becomes_an_asset_with_its_training_data():
    from core.assets.schema import table_records_identity
    from core.models import byte_bpe
    from core.workspace.workspace import trained_asset

    workspace = Workspace.example()
    assert workspace.trained_kinds() == ("char-bpe",) and workspace.last_trained == "char-bpe"
    with pytest.raises(TokenizerError) as info:
        workspace.trained_model("unigram")
    assert info.value.code == "workspace.no_trained" and info.value.params == {"kind": "unigram"}
    records, pretokenizer = workspace.byte_training_input()
    workspace.adopt_other("byte-bpe", byte_bpe.train(records, 5, pretokenizer=pretokenizer), records)
    assert workspace.trained_kinds() == ("char-bpe", "byte-bpe") and workspace.last_trained == "byte-bpe"
    loaded = trained_asset("byte-bpe", *workspace.trained_model("byte-bpe"), name="mine")
    assert loaded.kind == "byte-bpe" and loaded.name == "mine"
    assert loaded.asset["training_data"] == table_records_identity(workspace.corpus.items())
    char = trained_asset("char-bpe", *workspace.trained_model("char-bpe"))
    assert char.asset["training_data"] == workspace.corpus.identity()
    workspace.train()  # trained again: char BPE is the latest
    assert workspace.last_trained == "char-bpe"
