"""Byte-level BPE (seed 000, example 19.3) and the pre-tokenizers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.pipeline import pretokenize
from core.models.byte_bpe import SPECIALS, ByteBPE, ByteMergeStep, train
from core.errors import AssetError, TokenizerError
from core.utf8 import Utf8DecodeError

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "resources" / "classroom_records.json"

# Frozen: retraining classroom-v1 with 32 merges must reproduce this exactly.
EXPECTED_MERGES = [
    (58, 32, 25), (259, 98, 9), (107, 101, 7), (108, 117, 7), (262, 101, 7),
    (100, 111, 6), (260, 263, 6), (101, 100, 5), (101, 110, 5), (261, 121, 5),
    (105, 110, 4), (114, 266, 4), (259, 268, 4), (259, 270, 4), (97, 112, 3),
    (111, 114, 3), (111, 120, 3), (116, 97, 3), (260, 275, 3), (264, 116, 3),
    (264, 274, 3), (32, 279, 2), (53, 48, 2), (55, 281, 2), (97, 109, 2),
    (99, 273, 2), (100, 272, 2), (108, 283, 2), (112, 267, 2), (112, 269, 2),
    (116, 101, 2), (259, 282, 2),
]
RED, KEY, SEVEN_FIFTY = 270, 268, 282  # seed 000 §19.4


def records() -> list[str]:
    data = json.loads(RECORDS.read_text(encoding="utf-8"))
    assert data["format"] == "subword-studio/records" and data["version"] == 1
    return data["records"]


@cache
def classroom() -> ByteBPE:
    return train(records(), 32)


# ---- a deliberately naive reference trainer and encoder -------------------

def naive_train(recs, num_merges, pretokenizer="none"):
    words = []
    for rec in recs:
        data = rec.encode("utf-8") if isinstance(rec, str) else rec
        text = data.decode("utf-8", "surrogateescape")
        for a, b in pretokenize.split(pretokenizer, text):
            words.append(list(text[a:b].encode("utf-8", "surrogateescape")))
    steps, table = [], [bytes([b]) for b in range(256)] + [b""] * 3
    for rank in range(1, num_merges + 1):
        stats = Counter(p for w in words for p in zip(w, w[1:]))
        if not stats:
            break
        top = max(stats.values())
        ties = tuple(sorted(p for p, c in stats.items() if c == top))
        pair, new_id = ties[0], len(table)
        table.append(table[pair[0]] + table[pair[1]])
        steps.append((rank, pair, new_id, top, ties, table[-1]))
        for w in words:
            i = 0
            while i < len(w) - 1:
                if (w[i], w[i + 1]) == pair:
                    w[i:i + 2] = [new_id]
                i += 1
    return steps


def naive_encode(model, data: bytes):
    ids = list(data)
    for m in model.merges:
        out, i = [], 0
        while i < len(ids):
            if i + 1 < len(ids) and (ids[i], ids[i + 1]) == (m.left, m.right):
                out.append(m.new_id)
                i += 2
            else:
                out.append(ids[i])
                i += 1
        ids = out
    return ids


def as_tuples(model):
    return [(m.rank, (m.left, m.right), m.new_id, m.count, m.ties, m.token_bytes) for m in model.merges]


# ---- the classroom tokenizer ------------------------------------------------

def test_classroom_merges_are_frozen():
    model = classroom()
    assert model.merges[0] == ByteMergeStep(1, 58, 32, 259, 25, (), b": ")
    assert [(m.left, m.right, m.count) for m in model.merges] == EXPECTED_MERGES
    assert len(model.merges) == 32 and model.vocab_size == 291
    assert model.token_bytes(RED) == b"red" and model.token_bytes(KEY) == b"key"
    assert model.token_bytes(SEVEN_FIFTY) == b"750"


def test_specials_and_literal_bos_are_bytes():
    model = classroom()
    assert dict(model.specials) == SPECIALS == {"<BOS>": 256, "<EOS>": 257, "<PAD>": 258}
    assert all(256 not in (m.left, m.right) for m in model.merges)
    assert model.encode("<BOS>").ids == tuple(b"<BOS>")
    assert model.encode("<BOS>key", allowed_special=True).ids == (256, KEY)
    assert model.encode("<EOS><BOS>", allowed_special={"<BOS>"}).ids[-1] == 256
    with pytest.raises(TokenizerError, match="unknown special"):
        model.encode("x", allowed_special={"<UNK>"})
    with pytest.raises(TokenizerError, match="special <BOS>"):
        model.token_bytes(256)


@pytest.mark.parametrize("text, ids", [
    ("red key .", (RED, 32, KEY, 32, 46)),
    ("中", (228, 184, 173)),
    ("🙂", (240, 159, 153, 130)),
    ("法国首都是巴黎。", tuple("法国首都是巴黎。".encode())),
])
def test_table_19_3_ids(text, ids):
    assert classroom().encode(text).ids == ids
    assert classroom().decode(ids).text == text


def test_encoding_spans_and_partial_characters():
    enc = classroom().encode("a中")
    assert enc.tokens == (b"a", b"\xe4", b"\xb8", b"\xad")
    assert enc.spans == ((0, 1), (1, 2), (2, 3), (3, 4))
    assert enc.char_spans == ((0, 1), (1, 2), (1, 2), (1, 2))
    assert enc.flags == ("", "partial", "partial", "partial")
    # Bytes input: the invalid FF is one "character" of its own.
    raw = classroom().encode(b"\xffkey")
    assert raw.ids == (255, KEY) and raw.char_spans == ((0, 1), (1, 4))


def test_lone_surrogate_text_is_refused_clearly():
    with pytest.raises(TokenizerError, match="U\\+D800"):
        classroom().encode("a\ud800")


# ---- decoding ------------------------------------------------------------------

def test_decode_255_strict_names_the_byte():
    with pytest.raises(Utf8DecodeError, match="0xFF at offset 0") as info:
        classroom().decode([255])
    assert isinstance(info.value, UnicodeDecodeError) and info.value.problems[0].kind == "invalid_byte"
    assert "token 0, id 255" in str(info.value)


def test_decode_raw_and_replace_never_hide_problems():
    raw = classroom().decode([KEY, 255], errors="raw")
    assert raw.text is None and raw.data == b"key\xff" and raw.problems[0].offset == 3
    rep = classroom().decode([KEY, 255], errors="replace")
    assert rep.text == "key\ufffd" and rep.replaced and rep.problems == raw.problems
    clean = classroom().decode([KEY], errors="replace")
    assert clean.text == "key" and not clean.replaced and clean.problems == ()


def test_decode_flags_specials_and_unknown_ids():
    model = classroom()
    result = model.decode([256, RED, 32, KEY, 257])
    assert result.text == "red key" and result.specials == ((0, 256), (4, 257))
    with pytest.raises(TokenizerError, match="id 9999 at index 1"):
        model.decode([KEY, 9999])
    lax = model.decode([KEY, 9999, -1], errors="raw")
    assert lax.unknown_ids == ((1, 9999), (2, -1)) and lax.data == b"key"
    with pytest.raises(TokenizerError, match="not an integer"):
        model.decode([True])


ROUND_TRIP_SAMPLES = ["", "  two leading,  inner  spaces\n", "a\x00b\r\nc", "e\u0301", "\u0301",
                      "👩\u200d👩\u200d👧", "<BOS> BOS", "key: red key: 750"]


@pytest.mark.parametrize("text", ROUND_TRIP_SAMPLES)
def test_round_trip_samples(text):
    assert classroom().decode(classroom().encode(text).ids).text == text


@settings(max_examples=300)
@given(st.text() | st.text(alphabet="key: red750\u0301\u200d👩\x00\r\n "))
def test_round_trip_any_text(text):
    enc = classroom().encode(text)
    assert b"".join(enc.tokens) == text.encode("utf-8")
    assert classroom().decode(enc.ids).text == text


@given(st.binary())
def test_any_bytes_survive_raw(data):
    enc = classroom().encode(data)
    assert classroom().decode(enc.ids, errors="raw").data == data
    assert list(enc.ids) == naive_encode(classroom(), data)


# ---- training ----------------------------------------------------------------

small_corpora = st.lists(st.text(alphabet="ab :é", max_size=12) | st.binary(max_size=6), max_size=8)


@settings(max_examples=200, deadline=None)
@given(small_corpora, st.integers(0, 25), st.sampled_from(["none", "gpt2"]))
def test_incremental_trainer_matches_naive(recs, num_merges, pretokenizer):
    model = train(recs, num_merges, pretokenizer=pretokenizer)
    assert as_tuples(model) == naive_train(recs, num_merges, pretokenizer)


@settings(max_examples=100, deadline=None)
@given(small_corpora, st.integers(0, 15), st.text(alphabet="ab :é"))
def test_encode_equals_replaying_merges_in_order(recs, num_merges, text):
    model = train(recs, num_merges)
    assert list(model.encode(text).ids) == naive_encode(model, text.encode())


def test_overlapping_runs_count_every_position():
    model = train(["aaa"], 1)
    assert (model.merges[0].left, model.merges[0].count) == (97, 2)
    assert model.encode("aaa").ids == (259, 97)
    assert train(["aaa"], 2).encode("aaa").ids == (260,)


def test_merges_respect_record_and_pretoken_boundaries():
    assert [m.token_bytes for m in train(["ab", "ab"], 5).merges] == [b"ab"]
    assert [m.token_bytes for m in train(["ab ab"], 5, pretokenizer="gpt2").merges] == [b"ab", b" ab"]
    assert [m.token_bytes for m in train(["ab ab"], 5).merges] == [b"ab", b" ab", b"ab ab"]


def test_progress_cancel_and_early_stop():
    seen = []
    model = train(records(), 32, progress=lambda step, total: seen.append((step, total)))
    assert seen[0] == (1, 32) and seen[-1] == (32, 32) and not model.cancelled
    calls = iter(range(100))
    partial = train(records(), 32, should_stop=lambda: next(calls) >= 3)
    assert partial.cancelled and len(partial.merges) == 3
    assert len(train(["ab"], 10).merges) == 1


@pytest.mark.parametrize("args, message", [
    (("abc", 3), "not one text"),
    ((["ab"], -1), "non-negative"),
    (([b"ok", 3], 1), "record 1 is int"),
    ((["a\udc80"], 1), "record 0"),
])
def test_training_errors(args, message):
    with pytest.raises(TokenizerError, match=message):
        train(*args)


def test_training_is_independent_of_hash_seed():
    script = ("import json; from core.models.byte_bpe import train; "
              f"recs = json.load(open({str(RECORDS)!r}, encoding='utf-8'))['records']; "
              "print(json.dumps(train(recs, 32, pretokenizer='gpt2').to_asset_model()))")
    outputs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
        outputs.append(done.stdout)
    assert outputs[0] == outputs[1] and json.loads(outputs[0])["merges"]


# ---- assets --------------------------------------------------------------------

def test_asset_round_trip():
    for model in (classroom(), train(records(), 10, pretokenizer="cl100k")):
        asset = json.loads(json.dumps(model.to_asset_model()))
        assert ByteBPE.from_asset_model(asset) == model
    first = classroom().to_asset_model()["merges"][0]
    assert first == {"rank": 1, "pair": [58, 32], "id": 259, "count": 25}


def _broken(change):
    asset = json.loads(json.dumps(classroom().to_asset_model()))
    change(asset)
    return asset


@pytest.mark.parametrize("change, message", [
    (lambda a: a["merges"][1].update(id=300), "expected rank 2, id 260"),
    (lambda a: a["merges"][0].update(pair=[58, 262]), "earlier learned id"),
    (lambda a: a["merges"][0].update(pair=[256, 32]), "earlier learned id"),
    (lambda a: a["merges"][1].update(pair=[58, 32]), "already merged"),
    (lambda a: a["merges"][0].update(pair=[True, 32]), "two integer ids"),
    (lambda a: a["merges"][0].pop("count"), '"count" must be int'),
    (lambda a: a["specials"][0].update(id=300), "special ids"),
    (lambda a: a.update(base="chars"), '"base": "bytes"'),
    (lambda a: a.update(pre_tokenizer={"type": "regex", "name": "gpt2", "version": 1, "pattern": "x"}),
     "does not match"),
])
def test_asset_validation(change, message):
    with pytest.raises(AssetError, match=message):
        ByteBPE.from_asset_model(_broken(change))


# ---- pre-tokenizers ------------------------------------------------------------

def test_pretokenizer_known_splits():
    text = "Hello world's 123  end"
    pieces = [text[a:b] for a, b in pretokenize.split("gpt2", text)]
    assert pieces == ["Hello", " world", "'s", " 123", " ", " end"]
    text = "abc 12345\r\n"
    pieces = [text[a:b] for a, b in pretokenize.split("cl100k", text)]
    assert pieces == ["abc", " ", "123", "45", "\r\n"]
    assert pretokenize.describe("gpt2")["version"] == 1
    assert pretokenize.describe("none") == {"type": "none"}
    with pytest.raises(TokenizerError, match="none, gpt2, cl100k"):
        pretokenize.split("bert", "x")


@given(st.text(), st.sampled_from(sorted(pretokenize.PRETOKENIZERS)))
def test_pretokenizer_spans_tile_the_text(text, name):
    spans = pretokenize.split(name, text)
    assert "".join(text[a:b] for a, b in spans) == text
    assert all(a < b for a, b in spans)
    assert [a for a, _ in spans] == [0, *(b for _, b in spans)][: len(spans)]


@given(st.binary(), st.sampled_from(sorted(pretokenize.PRETOKENIZERS)))
def test_byte_pretokenizer_spans_tile_any_bytes(data, name):
    spans = pretokenize.split_bytes(name, data)
    assert b"".join(data[a:b] for a, b in spans) == data and all(a < b for a, b in spans)
