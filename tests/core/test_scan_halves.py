"""Two processes split one text by scanning its halves
(core.pipeline.fast_split.scan_to_meet and scan_from, used by
core.tokenizer.parallel): the first scan's matches up to the meeting plus
the second's from there are exactly the whole text's matches, and where
the scans do not meet the caller is told so."""

import os

import pytest
import regex
from hypothesis import given, strategies as st

from core.pipeline import fast_split, pretokenize
from core.pipeline.text_pipeline import BYTE_LEVEL_PATTERN, FILE_SPELLINGS
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

def _forking(monkeypatch):
    monkeypatch.setattr(parallel, "can_fork", lambda: True)


@pytest.mark.parametrize("style", ["gpt2", "llama3", "o200k"])
def test_two_processes_scan_their_halves(tmp_path_factory, monkeypatch, style):
    hf, asset, tok = built(style, tmp_path_factory)
    _forking(monkeypatch)
    body = "".join(CORPUS) * 3
    # The cut falls inside a long run of spaces, then of newlines.
    for text in (body + " " * 5001 + "\n\n" + body, body + "\n" * 4000 + body, body):
        assert tok.model.scanner(text) is not None
        cut = int(len(text) * parallel.SCAN_SHARE)
        assert text is body or text[cut - 1:cut + 1] in ("  ", "\n\n")
        tok.model.clear_cache()
        assert parallel.encode_ids(tok, text, asset=asset, min_chars=0) == \
            hf.encode(text, add_special_tokens=False).ids


def test_scans_that_do_not_meet_leave_it_all_to_this_process(tmp_path_factory, monkeypatch):
    hf, asset, tok = built("gpt2", tmp_path_factory)
    _forking(monkeypatch)
    monkeypatch.setattr(fast_split, "scan_to_meet", lambda *args: None)
    text = "".join(CORPUS) * 2
    assert parallel.encode_ids(tok, text, asset=asset, min_chars=0) == hf.encode(text, add_special_tokens=False).ids


def test_a_failed_child_scan_leaves_the_rest_to_this_process(tmp_path_factory, monkeypatch):
    hf, asset, tok = built("llama3", tmp_path_factory)
    _forking(monkeypatch)
    parent, scan_from = os.getpid(), fast_split.scan_from

    def broken(*args):
        if os.getpid() != parent:
            raise RuntimeError("the child fails")
        return scan_from(*args)
    monkeypatch.setattr(fast_split, "scan_from", broken)
    text = "".join(CORPUS) * 2
    assert parallel.encode_ids(tok, text, asset=asset, min_chars=0) == hf.encode(text, add_special_tokens=False).ids


def test_only_a_plain_text_with_a_known_regex_is_scanned(tmp_path_factory):
    _hf, _asset, tok = built("gpt2", tmp_path_factory)
    text = "".join(LINES)
    assert tok.model.scanner(text) is not None
    assert tok.model.scanner(text + "<|endoftext|>" + text) is None  # an added token cuts it
    _hf, _asset, fallback = built("byte_fallback", tmp_path_factory)
    assert fallback.model.scanner(text) is None  # a normalizer, and no regex split
