"""Fuzzed corpus files, workspace files and typed ID lists: every reader
either succeeds, and what it read is usable, or fails with one clear
StudioError; never another exception or a hang."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.models import char_bpe
from core import corpus
from core.workspace import records, workspace_file
from core.inspect import idlist
from core.errors import AssetError, StudioError
from core.workspace.workspace import Workspace
from tests.fuzzing import assert_clean, fuzz_settings, mutated_bytes, mutated_json

CORPORA = (b"low\t2\nlower\t1\nnew\t1\n", "  red key .\r\n\u5206\u8bcd\u5668\tx\n\nlast line".encode(),
           b"\xef\xbb\xbfa\t3\r\nb\t4", b"low lower newest\nwidest low\n")
ID_LISTS = (b"270 32 268", b"[270, 32, 268]", b"1\n2\n3\n", b"255")


# ==== corpus files ====

def read_every_way(path):
    """Each reader a corpus file reaches, in every mode the app offers."""
    for fmt in ("table", "text"):
        assert_clean(corpus.read_corpus, path, fmt)
    for target in ("words", "records"):
        for fmt in ("text", "table"):
            for pre in records.PRETOKENIZERS:
                result = assert_clean(records.import_file, path, target=target, fmt=fmt, pretokenizer=pre)
                if result is not None and result.records is not None:
                    # Records keep the bytes: writing them back gives the file minus bad lines.
                    assert result.invalid or result.records.to_bytes() == path.read_bytes()
                    assert_clean(records.word_corpus, result.records, pre)


@fuzz_settings()
@given(mutated_bytes(CORPORA))
def test_mutated_corpus_files_read_or_fail_clearly(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("c") / "corpus.txt"
    path.write_bytes(data)
    read_every_way(path)


@fuzz_settings(0.5)
@given(st.text(max_size=200))
def test_pasted_text_is_a_table_or_counted_words(text):
    for pre in records.PRETOKENIZERS:
        pairs = assert_clean(records.parse_paste, text, pretokenizer=pre)
        if pairs:
            assert all(type(c) is int and c > 0 for _, c in pairs)


def test_a_huge_count_and_a_superscript_count_are_clear_errors(tmp_path):
    with pytest.raises(StudioError, match="count '9999"):
        records.parse_paste("low\t" + "9" * 5000)
    # Not a table line, so pasted text: the superscript is a word (it was a ValueError).
    assert records.parse_paste("low\t\u00b2") == [("low", 1), ("\u00b2", 1)]
    for line in ("low\t" + "9" * 5000, "low\t\u00b2"):
        path = tmp_path / "c.tsv"
        path.write_text(line + "\n", "utf-8")
        with pytest.raises(StudioError) as info:
            corpus.read_corpus(path, "table")
        assert len(str(info.value)) < 200


# ==== workspace files ====

def workspace_seeds() -> tuple[str, ...]:
    words = Workspace.example()
    words.set_comparison(char_bpe.train(words.corpus, merges=3, tie="first-seen"))
    lines = Workspace()
    lines.set_records(records.Records.from_text("low lower\r\nnew  low\n\u5206\u8bcd x"))
    lines.set_settings(pretokenizer="gpt2")
    lines.train()
    return tuple(json.dumps(workspace_file.to_document(workspace_file.snapshot(w))) for w in (words, lines))


SEEDS = workspace_seeds()


def open_and_use(path):
    """Open as File > Open does, then work with it: select, retrain, encode."""
    snap = workspace_file.read(path)
    workspace = Workspace()
    workspace_file.apply(snap, workspace)
    workspace.select_step(snap.step)
    workspace.train()
    workspace.model.encode_word("lower")
    workspace_file.to_document(workspace_file.snapshot(workspace))


@fuzz_settings()
@given(mutated_bytes(tuple(s.encode() for s in SEEDS)))
def test_mutated_workspace_bytes_open_or_fail_clearly(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("w") / "w.json"
    path.write_bytes(data)
    assert_clean(open_and_use, path)


@fuzz_settings(2)
@given(mutated_json(SEEDS))
def test_mutated_workspace_structure_opens_or_fails_clearly(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("w") / "w.json"
    path.write_bytes(data)
    assert_clean(open_and_use, path)


@pytest.mark.parametrize("value", ["4", -1, 2.5, True, [4]])
def test_workspace_settings_of_the_wrong_type_are_refused(tmp_path, value):
    document = json.loads(SEEDS[0])
    document["settings"]["merges"] = value
    path = tmp_path / "w.json"
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(AssetError, match=r"settings\.merges: expected null or an integer"):
        workspace_file.read(path)


def test_workspace_integers_beyond_the_count_limit_are_refused(tmp_path):
    document = json.loads(SEEDS[0])
    document["settings"]["merges"] = 10 ** 30
    path = tmp_path / "w.json"
    path.write_text(json.dumps(document), "utf-8")
    with pytest.raises(AssetError, match=r"w\.json: the integer '1000000000000000000000000000… is over the limit"):
        workspace_file.read(path)


def test_deep_nesting_and_duplicate_keys_in_a_workspace_are_clear_errors(tmp_path):
    path = tmp_path / "w.json"
    for data, message in ((b"[" * 100_000, "nested too deeply"),
                          (SEEDS[0].replace('"step":', '"step": 1, "step":').encode(), "duplicate key 'step'")):
        path.write_bytes(data)
        with pytest.raises(AssetError, match=message):
            workspace_file.read(path)


# ==== ID lists typed into the decode box ====

@fuzz_settings()
@given(st.one_of(mutated_bytes(ID_LISTS).map(lambda b: b.decode("utf-8", "replace")), st.text(max_size=60)))
def test_typed_id_lists_parse_or_fail_clearly(text):
    ids = assert_clean(idlist.parse_ids, text)
    if ids is not None:
        assert all(type(i) is int and i >= 0 for i in ids)
        assert idlist.parse_ids(" ".join(map(str, ids))) == ids
