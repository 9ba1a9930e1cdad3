"""Two processes split one text by scanning its halves
(core.pipeline.fast_split.scan_to_meet and scan_from, used by
core.tokenizer.parallel): the first scan's matches up to the meeting plus
the second's from there are exactly the whole text's matches, and where
the scans do not meet the caller is told so."""

import os
import time
from array import array

import numpy as np
import pytest
import regex
from hypothesis import given, strategies as st

from core.pipeline import twin_split, fast_split, pretokenize
from core.pipeline.text_pipeline import BYTE_LEVEL_PATTERN, FILE_SPELLINGS, byte_level
from core.tokenizer import parallel
from tests.core.test_bpe_fast_paths import CORPUS, LINES, built
from tests.fuzzing import fuzz_settings

PATTERNS = [BYTE_LEVEL_PATTERN, FILE_SPELLINGS[0], pretokenize.PRETOKENIZERS["cl100k"].pattern,
            pretokenize.PRETOKENIZERS["o200k"].pattern]
# Runs of one kind (spaces, newlines, letters, digits, marks) make the scans
# start mid-run, where they differ most.
PARTS = st.sampled_from(["a", "Ab", "中文", "é", "e\u0301", "3", "1234", "'s", "'LL", " ", "   ", "\n", "\r\n",
                         "\t", "\u00a0", "\u3000", ".", "==", "?!", "🙂", "👍🏽", " x", "\n\n\n"])
TEXTS = st.lists(st.tuples(PARTS, st.integers(1, 30)), min_size=1, max_size=30).map(
    lambda runs: "".join(part * count for part, count in runs))


@fuzz_settings(3)
@given(pattern=st.sampled_from(PATTERNS), text=TEXTS, where=st.floats(0, 1))
def test_the_halves_join_to_the_whole_scan(pattern, text, where):
    compiled = regex.compile(pattern)
    cut = int(len(text) * where)
    whole = compiled.findall(text)
    second = fast_split.scan_from(compiled, text, cut)
    assert second is not None  # these patterns tile every text
    met = fast_split.scan_to_meet(compiled, text, cut)
    if met is not None:
        first, skip = met
        assert first + second[skip:] == whole


def test_scans_that_never_meet_say_so():
    # Pairs of characters: a scan from an odd offset never meets one from 0.
    compiled = regex.compile("..|.")
    text = "x" * 1001
    assert fast_split.scan_to_meet(compiled, text, 501) is None
    first, skip = fast_split.scan_to_meet(compiled, text, 500)
    assert first + fast_split.scan_from(compiled, text, 500)[skip:] == compiled.findall(text)


def test_a_gap_between_matches_is_not_scanned():
    compiled = regex.compile("a+")
    assert fast_split.scan_from(compiled, "aa-aa", 0) is None
    assert fast_split.scan_to_meet(compiled, "aa-aa", 3) is None


# ==== through core.tokenizer.parallel ====

def _forking(monkeypatch, route):
    """Fork even under pytest; ``route``: "cut" (a shipped pattern's cut
    near the middle, core.pipeline.twin_split) or "meet" (no cut: the
    scans meet)."""
    monkeypatch.setattr(parallel, "can_fork", lambda: True)
    taken = []
    for name in ("_cut_halves", "_scan_halves"):
        real = getattr(parallel, name)
        monkeypatch.setattr(parallel, name, lambda *args, real=real, name=name: (taken.append(name), real(*args))[1])
    if route == "meet":
        monkeypatch.setattr(twin_split, "cut_after", lambda *args: None)
    return taken


@pytest.mark.parametrize("route", ["cut", "meet"])
@pytest.mark.parametrize("style", ["gpt2", "llama3", "o200k"])
def test_two_processes_scan_their_halves(tmp_path_factory, monkeypatch, style, route):
    hf, asset, tok = built(style, tmp_path_factory)
    taken = _forking(monkeypatch, route)
    body = "".join(CORPUS) * 3
    # The meeting falls inside a long run of spaces, then of newlines.
    for text in (body + " " * 5001 + "\n\n" + body, body + "\n" * 4000 + body, body):
        assert tok.model.scanner(text) is not None
        cut = int(len(text) * parallel.SCAN_SHARE)
        assert text is body or text[cut - 1:cut + 1] in ("  ", "\n\n")
        tok.model.clear_cache()
        del taken[:]
        assert parallel.encode_ids(tok, text, asset=asset, min_chars=0) == \
            hf.encode(text, add_special_tokens=False).ids
        assert taken[0] == "_scan_halves"
        if route == "meet" or text is not body:  # the long runs hold no cut near the middle
            assert "_cut_halves" not in taken
        else:
            assert taken == ["_scan_halves", "_cut_halves"]


def test_scans_that_do_not_meet_leave_it_all_to_this_process(tmp_path_factory, monkeypatch):
    hf, asset, tok = built("gpt2", tmp_path_factory)
    _forking(monkeypatch, "meet")
    monkeypatch.setattr(fast_split, "scan_to_meet", lambda *args: None)
    text = "".join(CORPUS) * 2
    assert parallel.encode_ids(tok, text, asset=asset, min_chars=0) == hf.encode(text, add_special_tokens=False).ids


@pytest.mark.parametrize("route", ["cut", "meet"])
def test_a_failed_child_scan_leaves_the_rest_to_this_process(tmp_path_factory, monkeypatch, route):
    hf, asset, tok = built("llama3", tmp_path_factory)
    _forking(monkeypatch, route)
    parent = os.getpid()
    for owner, name in ((fast_split, "scan_from"), (twin_split, "findall")):
        def broken(*args, real=getattr(owner, name)):
            if os.getpid() != parent:
                raise RuntimeError("the child fails")
            return real(*args)
        monkeypatch.setattr(owner, name, broken)
    text = "".join(CORPUS) * 2
    assert parallel.encode_ids(tok, text, asset=asset, min_chars=0) == hf.encode(text, add_special_tokens=False).ids


def test_a_forked_child_sends_its_integers_after_their_count_and_is_reaped():
    assert parallel._forked(lambda: "mine", lambda: [3, -1, 2 ** 62]) == ("mine", array("q", [3, -1, 2 ** 62]))
    assert parallel._forked(lambda: "mine", list) == ("mine", array("q"))
    # A numpy array goes as its bytes, not element by element.
    assert parallel._forked(lambda: "mine", lambda: np.array([5, -2 ** 63], np.int64)) == ("mine", array("q", [5, -2 ** 63]))

    def fails():
        raise RuntimeError("the child fails")
    assert parallel._forked(lambda: "mine", fails) == ("mine", None)
    for _ in range(200):  # the children exit in their own time
        parallel._reap()
        if not parallel._waiting:
            break
        time.sleep(0.01)
    assert parallel._waiting == []


def test_only_a_plain_text_with_a_known_regex_is_scanned(tmp_path_factory):
    _hf, _asset, tok = built("gpt2", tmp_path_factory)
    text = "".join(LINES)
    assert tok.model.scanner(text) is not None
    assert tok.model.scanner(text + "<|endoftext|>" + text) is None  # an added token cuts it
    _hf, _asset, fallback = built("byte_fallback", tmp_path_factory)
    assert fallback.model.scanner(text) is None  # a normalizer, and no regex split


@pytest.mark.parametrize("route", ["cut", "meet"])
def test_characters_newer_than_hf_s_tables_split_as_hf_on_two_processes(tmp_path_factory, monkeypatch, route):
    """Letters, digits and marks HF's Oniguruma does not know (core.pipeline.onig)."""
    hf, asset, tok = built("o200k", tmp_path_factory)
    _forking(monkeypatch, route)
    newer = "a\u0558b x\u0295Y 1\U00011de02 \u0b53é \U000323b0\U000323b1 中\U000323b0文 "
    text = "".join(CORPUS) + newer * 50 + "".join(CORPUS)
    tok.model.clear_cache()
    assert parallel.encode_ids(tok, text, asset=asset, min_chars=0) == hf.encode(text, add_special_tokens=False).ids
    assert tok.encode_ids(newer) == hf.encode(newer, add_special_tokens=False).ids
    # The IDs of a small vocabulary seldom show it; the pieces do.
    assert [byte_level(p) for p in tok.model.pieces(newer)] == [w for w, _ in hf.pre_tokenizer.pre_tokenize_str(newer)]
