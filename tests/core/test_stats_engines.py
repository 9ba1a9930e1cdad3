"""stats with a native engine (core.stats.columns over core.engines.starts)
gives exactly the reference path's figures (core.stats.mapper.record_sums
over whole Encodings): for every shelf tokenizer, on any records mixing
scripts, spaces, emoji, specials' texts and invalid bytes, read from a
file as a worker reads it."""

from __future__ import annotations

import dataclasses
import json

import numpy as np
import pytest
from hypothesis import given, strategies as st

from core import engines, shelf
from core.cli.main import main
from core.count.sources import Task
from core.stats import corpus_stats
from core.stats import mapper
from core.engines.starts import BYTES, CHARS, TokenStarts
from core.stats.columns import SCRIPTS, Block
from core.stats.mapper import _WORD, StatsOptions, task_sums

from tests.fuzzing import fuzz_settings

OPENED = {}


@pytest.fixture(scope="module", params=[(name, False) for name in shelf.names()]
                + [("cl100k_base", True), ("bert-base-uncased", True)], ids=str)
def pair(request):
    """A shelf tokenizer under its native engine and under the reference,
    each reading specials in the text as the reference's model does (a
    tiktoken rank file's default refuses them: test_specials.py), and the
    pair again reading every special as text."""
    name, ordinary = request.param
    if (name, ordinary) not in OPENED:
        pair = engines.open_asset(name), engines.open_asset(name, engine="reference")
        matched = frozenset() if ordinary else frozenset(pair[0].facts["specials_matched"])
        OPENED[name, ordinary] = tuple(tok.with_policy(matched, frozenset()) for tok in pair)
    native, reference = OPENED[name, ordinary]
    assert native.engine != "reference" and reference.engine == "reference"
    return native, reference


# Characters where engines and the reference might place a token differently:
# every kind of space, normalized and decomposed forms, characters outside the
# vocabularies (byte fallback, unknown runs), emoji sequences, the specials'
# texts, markers the vocabularies use, and what the reader makes of bad bytes.
PIECES = [*"abc xyz ABC 123 ,.!?'-_()\t", "\r", "  ", "   ", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0",
          "\u1680", "\u2002", "\u200b", "\u2028", "\u202f", "\u3000", "\ufeff", "\x00", "\x7f",
          "é", "e\u0301", "\u0301", "ß", "ﬁ", "①", "ｆ", "ｶﾞ", "\u00b4", "Ω", "мир", "مرحبا", "שלום", "नमस्ते",
          "สวัสดี", "中", "文", "龘", "日本語", "カタカナ", "한국어", "ꦧ", "𓀀", "𝔘", "🎉", "👍🏽", "👨‍👩‍👧", "🇯🇵", "❤️",
          "\ue000", "\U0010fffd", "\ufffd", "don't", " the", "ing", "▁", "##", "<0x41>", "<unk>", "[UNK]", "[CLS]",
          "<s>", "</s>", "<|endoftext|>", "<|fim_prefix|>", "<|endofprompt|>"]
RECORD = st.lists(st.sampled_from(PIECES), max_size=24).map("".join) | st.text(max_size=12)
BAD_BYTES = [b"\xff", b"\xc3", b"\xe4\xb8", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80\x80"]
LINE = st.tuples(RECORD, st.lists(st.tuples(st.integers(0, 30), st.sampled_from(BAD_BYTES)), max_size=2))


def line_bytes(record: str, bad) -> bytes:
    data = record.encode("utf-8")
    for at, chunk in bad:
        at = min(at, len(data))
        data = data[:at] + chunk + data[at:]
    return data


def both(path, native, reference, **options):
    """The task's result under each engine, alone (so each counts its own words)."""
    opts = StatsOptions(("x",), block_bytes=200, **options)  # small blocks: a file is several
    task = Task(0, str(path))
    return task_sums(task, [native], opts), task_sums(task, [reference], opts)


@fuzz_settings(share=1.0)
@given(lines=st.lists(LINE, max_size=12), ending=st.sampled_from([b"\n", b"\r\n"]), last=st.booleans())
def test_native_figures_equal_the_reference_on_any_records(pair, tmp_path, lines, ending, last):
    native, reference = pair
    data = ending.join(line_bytes(record, bad) for record, bad in lines) + (ending if last else b"")
    (tmp_path / "c.txt").write_bytes(data)
    fast, slow = both(tmp_path / "c.txt", native, reference)
    assert fast.problem is None and slow.problem is None
    assert dataclasses.asdict(fast) == dataclasses.asdict(slow)


@fuzz_settings(share=0.5)
@given(records=st.lists(st.text(max_size=16) | RECORD, max_size=8))
def test_json_records_with_line_breaks_and_lone_surrogates_equal_the_reference(pair, tmp_path, records):
    native, reference = pair
    # A JSON string may hold a line break, or a lone surrogate (escaped), which no native library takes:
    # that block goes to the reference.
    (tmp_path / "c.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    fast, slow = both(tmp_path / "c.jsonl", native, reference, fmt="jsonl")
    assert fast.problem is None and slow.problem is None
    assert dataclasses.asdict(fast) == dataclasses.asdict(slow)


def test_a_surrogate_is_the_reference_s_and_the_rest_native(pair):
    native, _ = pair
    assert native.token_starts(["a\ud800b", "c"]) is None
    found = native.token_starts(["a b", "", "c"])
    assert found.counts[1] == 0 and len(found) == found.counts.sum() == found.starts.size


def test_stats_engine_reference_and_auto_give_the_same_report(tmp_path, capsys):
    text = ("Hello, world! naïve façade 中文分词 日本語のテキスト 😀👍🏽 龘𓀀 <|endoftext|> [UNK] x  y\r\n"
            "   \n\n" + "mixed ｶﾞ ﬁ ① e\u0301 tail" * 40 + "\n").encode() * 30 + b"\xff bad\n"
    (tmp_path / "c.txt").write_bytes(text)
    names = shelf.names()
    argv = ["stats", str(tmp_path / "c.txt"), *(a for n in names for a in ("--tokenizer", n)), "--json",
            "--workers", "2", "--chunk-size", "4k", "--allowed-special", "all"]
    assert main(argv + ["--engine", "reference"]) == 0
    slow = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    fast = json.loads(capsys.readouterr().out)
    assert [t.pop("engine") for t in slow["tokenizers"]] == ["reference"] * len(names)
    assert all(t.pop("engine") != "reference" for t in fast["tokenizers"])
    assert fast == slow


def test_every_worker_opens_the_engine_the_parent_chose_and_a_demotion_is_told_once(tmp_path, monkeypatch, capfd):
    monkeypatch.setenv("SUBWORD_STUDIO_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(mapper, "_opened", {})  # opened afresh, with this cache
    module = engines.native_module("tiktoken")
    build = module.build

    class Wrong:  # one character wrong: demoted on the probes
        def __init__(self, spec):
            self.native = build(spec)

        def encode_ids(self, text):
            return self.native.encode_ids(text) + ([0] if "é" in text else [])

    monkeypatch.setattr(module, "build", Wrong)
    (tmp_path / "c.txt").write_text("an ordinary line\n" * 2000, encoding="utf-8")
    assert main(["stats", str(tmp_path / "c.txt"), "--tokenizer", "r50k_base", "--json", "--workers", "2",
                 "--chunk-size", "4k"]) == 0
    out, err = capfd.readouterr()
    assert err.count("note: the tiktoken engine") == 1 and "\n" not in err.strip()
    assert json.loads(out)["tokenizers"][0]["engine"] == "tokenizers"
    assert main(["stats", str(tmp_path / "c.txt"), "--tokenizer", "r50k_base", "--engine", "tiktoken"]) == 2
    assert "--engine tiktoken cannot serve r50k_base" in capfd.readouterr().err
    result = corpus_stats([str(tmp_path / "c.txt")], ["r50k_base"], workers=2, chunk_bytes=4096, engine="reference")
    assert result["tokenizers"][0]["engine"] == "reference"


def test_block_rows_by_hand():
    # "ab 中 ef" | "  " | "x": words ab (Latin), 中 (Han), ef (Latin), x (Latin); the second record has none.
    block = Block(["ab 中 ef", "  ", "x"], _WORD)
    words = block.word_rows()
    assert [(SCRIPTS[s], *words[:, s]) for s in np.flatnonzero(words[0])] == [("Latin", 3, 5, 5), ("Han", 1, 1, 3)]
    # Starts in characters: 0 -> ab; 3 -> 中; 1 goes back, so it stays with 中 (the walk never goes back);
    # 5 (the space before ef) -> ef; then "  " has no word: Common; then x.
    found = TokenStarts(np.array([1, 2, 3, 4, 5, 6]), np.array([4, 1, 1]), np.array([0, 3, 1, 5, 0, 0]), CHARS,
                        np.array([0, 0, 1, 0, 0, 0], bool), np.array([0, 1, 0, 0, 0, 0], bool))
    tokens = block.token_rows(found)
    assert {SCRIPTS[s]: tuple(tokens[:, s]) for s in np.flatnonzero(tokens[0])} == {
        "Latin": (3, 0, 0), "Han": (2, 1, 1), "Common": (1, 0, 0)}
    # The same in UTF-8 bytes: 中 is three (bytes 3-5), so ef starts at byte 7; byte 4 is inside 中.
    in_bytes = dataclasses.replace(found, starts=np.array([0, 4, 1, 7, 0, 0]), unit=BYTES)
    assert (block.token_rows(in_bytes) == tokens).all()
