"""Merging many words at once (core.models.bpe_batch) gives exactly the
one-word loop's result, and a text split by forking gives exactly one
process's IDs."""

import os

import pytest
from hypothesis import given, strategies as st

from core import assets
from core.models import bpe_batch, bpe_model
from core.pipeline import twin_split
from core.tokenizer import parallel
from tests.core.test_bpe_fast_paths import CORPUS, LINES, built
from tests.fuzzing import fuzz_settings


@st.composite
def tables(draw):
    """A vocabulary of a few characters and merges among its tokens, with
    ranks that may repeat (as SentencePiece and tiktoken rank)."""
    tokens = list("abcde")
    merges = []
    for _ in range(draw(st.integers(0, 40))):
        left, right = draw(st.sampled_from(tokens)), draw(st.sampled_from(tokens))
        if (left, right) in merges:
            continue
        merges.append((left, right))
        if left + right not in tokens:
            tokens.append(left + right)
    steps = draw(st.lists(st.integers(0, 1), min_size=len(merges), max_size=len(merges)))
    ranks = [sum(steps[:k + 1]) for k in range(len(merges))] if draw(st.booleans()) else None
    fallback = draw(st.booleans())
    if fallback:  # byte pieces for x's and 中's bytes, none for ÿ's
        tokens += [f"<0x{b:02X}>" for b in sorted(set("x中".encode()))]
    # IDs need not follow the merge order; where they do, a pair's new ID is its rank (PairTable by_new)
    ids = range(len(tokens)) if draw(st.booleans()) else draw(st.permutations(range(len(tokens))))
    return bpe_model.BPEModel(tuple(zip(tokens, ids)), tuple(merges), ranks=ranks and tuple(ranks),
                              ignore_merges=draw(st.booleans()), byte_fallback=fallback)


# x, 中 and ÿ are outside every vocabulary: byte pieces or the full rule
WORDS = st.lists(st.text("abcdeabcdex中ÿ", min_size=1, max_size=90), min_size=1, max_size=80)


@fuzz_settings(1)
@given(model=tables(), words=WORDS, tail=st.sampled_from([0, 3, 64]))
def test_batch_equals_one_word_at_a_time(model, words, tail, monkeypatch_session):
    monkeypatch_session.setattr(bpe_batch, "TAIL", tail)
    expected = [model._merge_word(w, None)[0] for w in words]
    assert model._merge_words(words, None) == expected
    assert model._merge_words(words, None, full=True) == [model._merge_word(w, None) for w in words]


@pytest.fixture(scope="module")
def monkeypatch_session():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_unknown_characters_take_the_full_rule():
    vocab = (("a", 0), ("b", 1), ("ab", 2), ("<unk>", 3), ("中", 4), ("🙂", 5), ("🙂🙂", 6))
    model = bpe_model.BPEModel(vocab, (("a", "b"), ("🙂", "🙂")), unk="<unk>")
    words = ["ab", "axb", "中ab", "🙂🙂🙂", "x", "b", "\U0010ffff"] * 20
    assert model._merge_words(words, None) == [model._merge_word(w, None)[0] for w in words]
    assert model._merge_words(["axb"], None) == [(0, 3, 1)]


def test_fill_caches_what_the_lookups_then_find(tmp_path_factory):
    hf, _asset, tok = built("llama3", tmp_path_factory)
    tok.model.clear_cache()
    pieces = tok.model.pieces("".join(CORPUS))
    tok.model.fill([p for p in pieces if isinstance(p, str)])
    filled = dict(tok.model._pieces)
    assert len(filled) >= bpe_model.BATCH_MIN
    for piece, ids in filled.items():
        assert ids == tok.model._word(tok.model._respell(piece), None)[0]
    assert tok.encode_ids("".join(CORPUS)) == hf.encode("".join(CORPUS), add_special_tokens=False).ids


@pytest.mark.parametrize("forking", [True, False])
def test_two_processes_equal_one(tmp_path_factory, monkeypatch, forking):
    hf, asset, tok = built("o200k", tmp_path_factory)
    monkeypatch.setattr(parallel, "can_fork", lambda: forking)
    text = "".join(CORPUS) * 3 + "<|endoftext|>" + "".join(LINES)
    seen = []
    tok.model.clear_cache()
    got = parallel.encode_ids(tok, text, asset=asset, min_chars=0, progress=lambda *done: seen.append(done))
    assert got == tok.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids
    assert seen[-1][0] == seen[-1][1] > 1
    lines = [line.rstrip("\n") for line in CORPUS] * 3 + ["", "<|endoftext|>"]
    tok.model.clear_cache()
    seen.clear()
    rows = parallel.encode_lines(tok, lines, asset=asset, min_chars=0, progress=lambda *done: seen.append(done))
    assert rows == [tok.encode_ids(line) for line in lines]
    assert rows == [e.ids for e in hf.encode_batch(lines, add_special_tokens=False)]
    assert seen[-1][0] == seen[-1][1] > 1


def test_a_failed_child_leaves_its_half_to_this_process(tmp_path_factory, monkeypatch):
    hf, asset, tok = built("gpt2", tmp_path_factory)
    monkeypatch.setattr(parallel, "can_fork", lambda: True)
    parent, piece_ids = os.getpid(), tok.model.piece_ids

    def broken(items):
        if os.getpid() != parent:
            raise RuntimeError("the child fails")
        return piece_ids(items)
    monkeypatch.setattr(type(tok.model), "piece_ids", lambda self, items: broken(items))
    text = "".join(CORPUS) * 2
    assert parallel.encode_ids(tok, text, asset=asset, min_chars=0) == hf.encode(text, add_special_tokens=False).ids
    lines = [line.rstrip("\n") for line in CORPUS] * 2
    assert parallel.encode_lines(tok, lines, asset=asset, min_chars=0) == [tok.encode_ids(line) for line in lines]


def test_can_fork_only_on_the_main_thread_without_qt():
    import threading

    found = []
    worker = threading.Thread(target=lambda: found.append(parallel.can_fork()))
    worker.start()
    worker.join()
    assert found == [False]


def test_misses_merge_in_bounded_groups(tmp_path_factory, monkeypatch):
    hf, _asset, tok = built("llama3", tmp_path_factory)
    monkeypatch.setattr(bpe_model, "BATCH_CHARS", 7)  # most groups a word or two
    tok.model.clear_cache()
    text = "".join(CORPUS)
    assert tok.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids


def test_loading_an_asset_builds_the_merge_table_and_the_split_s_twin(tmp_path_factory):
    """A loaded tokenizer's first long encode pays no table building (tiktoken and HF build theirs on load)."""
    _hf, asset, _tok = built("o200k", tmp_path_factory)
    model = assets.build_tokenizer(asset)
    assert model._pairs is not None and model._pairs._first is not None
    # The split's re twin, of an HF file's pattern as Oniguruma reads it.
    assert model._split._twin is twin_split._twin(model._split.scanner().pattern, True)
    assert bpe_model.BPEModel((("a", 0), ("b", 1), ("ab", 2)), (("a", "b"),))._pairs is None  # built when used
