"""Every fast path of byte-level BPE gives exactly what the plain path gives.

The fast paths are: the ASCII ``re`` spelling of the pre-tokenizer patterns,
``findall`` instead of span building, the deduplicating incremental trainer
(str symbols, summed deltas, sorted top bucket, truncated ties), and the
encoder's cache, short-piece loop, str.replace replay and heap.  No timing
is asserted here; bench/run.py measures speed.
"""

from __future__ import annotations

import gc
import re
from collections import Counter

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from core.models import byte_bpe, byte_train
from core.pipeline import pretokenize
from core.models.byte_bpe import ByteBPE, ByteMergeStep, step_ties, train
from core.errors import TokenizerError

NAMES = sorted(pretokenize.PRETOKENIZERS)
TRICKY_ASCII = "ab Z09 '\t\n\r\x0b\x0c\x1c\x1f.,!-_sdmtlvreSDMT"


# ---- plain references -----------------------------------------------------

def plain_split(name: str, text: str) -> list[tuple[int, int]]:
    """The span rule as first written: finditer with the ``regex`` module."""
    pattern = pretokenize.get(name).pattern
    if not text:
        return []
    if pattern is None:
        return [(0, len(text))]
    cuts = [0]
    for match in regex.compile(pattern).finditer(text):
        if match.end() > cuts[-1]:
            cuts.append(match.end())
    if cuts[-1] != len(text):
        cuts.append(len(text))
    return list(zip(cuts, cuts[1:]))


def plain_words(records, pretokenizer: str) -> list[list[int]]:
    words = []
    for record in records:
        data = record.encode("utf-8") if isinstance(record, str) else bytes(record)
        text = data.decode("utf-8", "surrogateescape")
        for a, b in plain_split(pretokenizer, text):
            words.append(list(text[a:b].encode("utf-8", "surrogateescape")))
    return words


def plain_train(records, num_merges: int, pretokenizer: str = "none"):
    """Recount every pair of every (non-deduplicated) word at every step."""
    words = plain_words(records, pretokenizer)
    steps, next_id = [], 259
    for _ in range(num_merges):
        stats = Counter(p for w in words for p in zip(w, w[1:]))
        if not stats:
            break
        top = max(stats.values())
        ties = tuple(sorted(p for p, c in stats.items() if c == top))
        steps.append((ties[0], next_id, top, ties))
        for w in words:
            i = 0
            while i < len(w) - 1:
                if (w[i], w[i + 1]) == ties[0]:
                    w[i:i + 2] = [next_id]
                i += 1
        next_id += 1
    return steps


def plain_encode(model: ByteBPE, data: bytes) -> list[int]:
    out = []
    text = data.decode("utf-8", "surrogateescape")
    for a, b in plain_split(model.pretokenizer, text):
        ids = list(text[a:b].encode("utf-8", "surrogateescape"))
        for m in model.merges:
            i = 0
            while i < len(ids) - 1:
                if (ids[i], ids[i + 1]) == (m.left, m.right):
                    ids[i:i + 2] = [m.new_id]
                i += 1
        out.extend(ids)
    return out


# ---- pre-tokenizers ---------------------------------------------------------

@pytest.mark.parametrize("cls, ascii_cls", [(r"\p{L}", "[A-Za-z]"), (r"\p{N}", "[0-9]"), (r"\s", r"\s"),
                                             (r"\S", r"\S")])
def test_ascii_classes_match_regex_on_every_ascii_character(cls, ascii_cls):
    wide, narrow = regex.compile(cls), re.compile(ascii_cls, re.ASCII)
    assert [c for c in map(chr, range(128)) if wide.match(c)] == \
           [c for c in map(chr, range(128)) if narrow.match(c)]


@settings(max_examples=400)
@given(st.text(alphabet=TRICKY_ASCII), st.sampled_from(sorted(pretokenize._ASCII_PATTERNS)))
def test_ascii_pattern_splits_like_the_regex_pattern(text, name):
    assert pretokenize._ASCII_COMPILED[name].findall(text) == pretokenize._COMPILED[name].findall(text)


@settings(max_examples=300)
@given(st.text(alphabet=TRICKY_ASCII + "é中\u0301\u00a0\u2028🙂") | st.text(), st.sampled_from(NAMES))
def test_split_and_pieces_equal_the_plain_split(text, name):
    spans = pretokenize.split(name, text)
    assert spans == plain_split(name, text)
    assert pretokenize.pieces(name, text) == [text[a:b] for a, b in spans]


@given(st.binary() | st.text(alphabet=TRICKY_ASCII).map(str.encode), st.sampled_from(NAMES))
def test_split_bytes_equals_splitting_the_escaped_text(data, name):
    text = data.decode("utf-8", "surrogateescape")
    sizes = [len(text[a:b].encode("utf-8", "surrogateescape")) for a, b in plain_split(name, text)]
    cuts = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
    assert pretokenize.split_bytes(name, data) == list(zip(cuts, cuts[1:]))


# ---- training ---------------------------------------------------------------

records_strategy = st.lists(
    st.text(alphabet="ab :é\n", max_size=40) | st.binary(max_size=12)
    | st.sampled_from(["aaaa", "abab", "aaaaaaa", "ab ab ab", "  x  ", "abab abab"]),
    max_size=12)


@settings(max_examples=300, deadline=None)
@given(records_strategy, st.integers(0, 40), st.sampled_from(NAMES))
def test_incremental_trainer_equals_plain_recount(recs, num_merges, pretokenizer):
    model = train(recs, num_merges, pretokenizer=pretokenizer)
    expected = plain_train(recs, num_merges, pretokenizer)
    got = [((m.left, m.right), m.new_id, m.count, m.ties) for m in model.merges]
    assert got == [(pair, new, count, ties[:byte_train.TIE_LIMIT]) for pair, new, count, ties in expected]
    assert [m.tie_count for m in model.merges] == [len(ties) for *_, ties in expected]


@settings(max_examples=100, deadline=None)
@given(records_strategy, st.integers(1, 30), st.integers(1, 3))
def test_truncated_ties_and_their_recomputation(recs, num_merges, limit):
    words = byte_train.count_words(recs, "none")
    steps, cancelled = byte_train.learn(words, num_merges, 259, tie_limit=limit)
    expected = plain_train(recs, num_merges)
    assert not cancelled and len(steps) == len(expected)
    model = train(recs, num_merges)
    for (left, right, count, ties, tie_count), (pair, _, top, full) in zip(steps, expected):
        assert ((left, right), count, ties, tie_count) == (pair, top, full[:limit], len(full))
    for step, (*_, full) in zip(model.merges, expected):
        assert step_ties(recs, model, step.rank) == full


def test_step_ties_refuses_other_records():
    model = train(["abab", "abc"], 2)
    with pytest.raises(TokenizerError, match="did not train"):
        step_ties(["xyz"], model, 1)
    with pytest.raises(TokenizerError, match="rank must be 1-2"):
        step_ties(["abab"], model, 3)


@given(st.lists(st.text(alphabet="ab é\t\n'sll0") | st.binary(max_size=8), max_size=10),
       st.sampled_from(NAMES))
def test_count_words_equals_counting_every_pretoken(recs, pretokenizer):
    expected = Counter(bytes(w) for w in plain_words(recs, pretokenizer))
    assert byte_train.count_words(recs, pretokenizer) == dict(expected)
    assert byte_train.count_words(iter(recs), pretokenizer) == dict(expected)


def test_long_records_and_repeated_records():
    recs = ["the cat sat on the mat " * 30, "the cat sat on the mat " * 30, "a" * 101, "ab" * 50, b"\xff\xfe" * 20]
    model = train(recs, 60)
    assert [((m.left, m.right), m.count, m.ties) for m in model.merges] == \
           [(pair, top, ties[:byte_train.TIE_LIMIT]) for pair, _, top, ties in plain_train(recs, 60)]


@pytest.mark.parametrize("records, index", [(["ok", ["list"]], 1), (["ok", "a\ud800"], 1), ([b"x", 3.5], 1)])
def test_bad_records_are_named_even_when_deduplicated(records, index):
    with pytest.raises(TokenizerError, match=f"record {index}"):
        train(records, 1)


def test_paused_gc_restores_the_collector():
    assert gc.isenabled()
    with byte_train.paused_gc():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    try:
        with byte_train.paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_trained_model_skips_the_young_collections_and_freezes_nothing():
    gc.collect()
    model = train(["low lower lowest newer wider"] * 3, 20)
    # Promoted without a scan: nothing of the run is left in the young
    # generation, and the collector is back on with no object frozen.
    assert gc.isenabled() and gc.get_freeze_count() == 0
    assert not any(isinstance(o, ByteMergeStep) for o in gc.get_objects(0))
    assert model.merges


def test_an_application_managing_the_collector_keeps_its_frozen_objects():
    """The GUI keeps the collector off while a task runs and freezes what
    survives: training under it neither freezes nor unfreezes anything."""
    gc.disable()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        train(["low lower lowest newer wider"], 5)
        assert gc.get_freeze_count() == frozen and not gc.isenabled()
    finally:
        gc.unfreeze()
        gc.enable()


# ---- encoding ---------------------------------------------------------------

CORPUS = ["low lower lowest newer wider 750 750.5 ", "aaaa abab   spaces\ttabs\n", "中文 字符 é e\u0301 🙂",
          "the the the they there then"]


def model_for(pretokenizer: str, merges: int = 80) -> ByteBPE:
    return train(CORPUS * 3, merges, pretokenizer=pretokenizer)


texts = st.text(alphabet="lowernsdt 750.aé中🙂\t\n\u0301") | st.text()


@settings(max_examples=150, deadline=None)
@given(texts, st.sampled_from(NAMES))
def test_fast_encoders_equal_plain_replay(text, pretokenizer):
    model = model_for(pretokenizer)
    expected = plain_encode(model, text.encode("utf-8", "surrogatepass")) if text else []
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        with pytest.raises(TokenizerError, match="lone surrogate"):
            model.encode_ids(text)
        return
    model.clear_cache()
    assert model.encode_ids(text) == expected  # cold
    assert model.encode_ids(text) == expected  # warm
    assert list(model.encode(text).ids) == expected
    assert model.encode_batch([text, text.encode()]) == [expected, expected]


@settings(max_examples=100, deadline=None)
@given(st.binary(), st.sampled_from(NAMES))
def test_fast_encoders_on_raw_bytes(data, pretokenizer):
    model = model_for(pretokenizer)
    assert model.encode_ids(data) == plain_encode(model, data) == list(model.encode(data).ids)


@pytest.mark.parametrize("short, replay", [(64, 2048), (0, 2048), (0, 0), (3, 0)])
@pytest.mark.parametrize("pretokenizer", NAMES)
def test_every_chunk_strategy_gives_the_same_ids(monkeypatch, short, replay, pretokenizer):
    monkeypatch.setattr(byte_bpe, "SHORT_PIECE", short)
    monkeypatch.setattr(byte_bpe, "REPLAY_LIMIT", replay)
    model = model_for(pretokenizer, 120)
    for text in CORPUS + ["".join(CORPUS) * 4, "a" * 300, "ab" * 200 + "lowest" * 50]:
        assert model.encode_ids(text) == plain_encode(model, text.encode())


def plain_spans(model, text):
    """Spans as the first encoder computed them: bisect over character starts."""
    from bisect import bisect_left, bisect_right
    from core import utf8
    data = text.encode() if isinstance(text, str) else text
    starts = list(utf8.char_boundaries(data)) if isinstance(text, bytes) else \
        [len(text[:i].encode()) for i in range(len(text) + 1)]
    enc = model.encode(text, allowed_special=True)
    spans, pos = [], 0
    for token in enc.ids:
        size = 0 if model.special_name(token) else len(model.token_bytes(token))
        if size == 0:  # a special covers its literal text
            name = model.special_name(token).encode()
            size = len(name)
        spans.append((pos, pos + size))
        pos += size
    boundary = set(starts)
    return (tuple(spans), tuple((bisect_right(starts, s) - 1, bisect_left(starts, e)) for s, e in spans),
            tuple("partial" if s not in boundary or e not in boundary else "" for s, e in spans), enc)


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet="low er中é🙂\u0301<BOS>") | st.binary(max_size=20), st.sampled_from(NAMES))
def test_encode_spans_equal_the_bisect_spans(text, pretokenizer):
    model = model_for(pretokenizer)
    spans, char_spans, partial, enc = plain_spans(model, text)
    assert enc.spans == spans and enc.char_spans == char_spans and enc.flags == partial
    data = text.encode() if isinstance(text, str) else text
    assert enc.tokens == tuple(data[s:e] for s, e in spans)
    assert model.encode_ids(text, allowed_special=True) == list(enc.ids)


def test_encode_file_and_batch_errors(tmp_path):
    model = model_for("gpt2")
    path = tmp_path / "text.txt"
    path.write_bytes("".join(CORPUS).encode() + b"\xff")
    assert model.encode_file(path) == list(model.encode(path.read_bytes()).ids)
    with pytest.raises(TokenizerError, match="cannot read"):
        model.encode_file(tmp_path / "missing.txt")
    with pytest.raises(TokenizerError, match="list of texts"):
        model.encode_batch("one text")
    with pytest.raises(TokenizerError, match="expected str or bytes"):
        model.encode_batch([3])


def test_bytearray_records_count_like_bytes_and_text():
    model = train([bytearray(b"ab"), "ab", b"ab"], 1)
    assert (model.merges[0].left, model.merges[0].right, model.merges[0].count) == (97, 98, 3)
