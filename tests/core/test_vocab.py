"""The vocabulary table, derivations and audits (core.inspect.vocab)."""

from __future__ import annotations

import time

import pytest

from core import tokenizer
from core.errors import TokenizerError
from core.inspect.vocab import audit, build_table, derivation as derive, parse_hex
from core.inspect.vocab.audits import partial_of, replay, pair_table
from core.inspect.vocab.table import PARTIAL, SPECIAL, UNREACHABLE, from_entries
from core.models import byte_bpe
from core.models.byte_bpe import ByteBPE, ByteMergeStep

CORPUS = ["the cat sat on the mat", "the theme of the thesis", "中文 中国 中间", "then there they the"] * 3


def _planted() -> tuple[ByteBPE, dict]:
    """Our trainer's byte-level BPE plus three planted merges over x, y, w
    (absent from the corpus): x+y, then w+x, then wx+y.  ``wxy`` can only be
    made from ``wx`` + ``y``, but in ``wxy`` the pair x+y is ranked before
    w+x, so the encoder always gives [w, xy]: ``wxy`` is never emitted."""
    trained = byte_bpe.train(CORPUS, 20)
    merges = list(trained.merges)
    ids = {}

    def plant(left: int, right: int, name: str):
        new_id = trained.vocab_size + len(merges) - len(trained.merges)
        data = _bytes(merges, left) + _bytes(merges, right)
        merges.append(ByteMergeStep(len(merges) + 1, left, right, new_id, 1, (), data))
        ids[name] = new_id

    plant(ord("x"), ord("y"), "xy")
    plant(ord("w"), ord("x"), "wx")
    plant(ids["wx"], ord("y"), "wxy")
    return ByteBPE(tuple(merges), trained.specials, trained.pretokenizer), ids


def _bytes(merges, token_id: int) -> bytes:
    if token_id < 256:
        return bytes([token_id])
    return next(m.token_bytes for m in merges if m.new_id == token_id)


def test_audit_names_planted_unreachable_token():
    model, ids = _planted()
    tok = tokenizer.wrap("byte-bpe", model)
    table = build_table(tok)
    result = audit(tok, table)
    # Only the planted token is never emitted; it encodes to w + xy instead.
    assert result.unreachable == {ids["wxy"]: (ord("w"), ids["xy"])}
    assert result.checked == len(table) - len(model.specials)
    table.add_flags(result.flags())
    assert table.filter(flag=UNREACHABLE) == [table.row_of(ids["wxy"])]
    # Every token of ours is built by a merge path from bytes.
    assert result.no_merge_path == []


def test_merge_tree_equals_hand_derivation():
    # Merges by hand: 1 t+h -> th, 2 th+e -> the, 3 " "+the -> " the".
    merges, table = [], [bytes([b]) for b in range(256)] + [None] * 3
    for left, right in ((ord("t"), ord("h")), (259, ord("e")), (ord(" "), 260)):
        data = table[left] + table[right]
        merges.append(ByteMergeStep(len(merges) + 1, left, right, len(table), 1, (), data))
        table.append(data)
    tok = tokenizer.wrap("byte-bpe", ByteBPE(tuple(merges)))
    tree = derive.derive(tok, 261).tree
    assert tree.lines() == [
        "␣the ← ␣ + the  [261, merge 3]",
        "  ␣  [32]",
        "  the ← th + e  [260, merge 2]",
        "    th ← t + h  [259, merge 1]",
        "      t  [116]",
        "      h  [104]",
        "    e  [101]",
    ]
    assert tree.leaves() == [32, 116, 104, 101]
    assert tok.encode_ids(" the") == [261]


def test_hf_bpe_merge_tree_and_sentencepiece_scores():
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import models, pre_tokenizers, trainers
    from core.formats import import_file
    import tempfile, pathlib
    hf = tokenizers.Tokenizer(models.BPE())
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    hf.train_from_iterator(CORPUS, trainers.BpeTrainer(vocab_size=300, show_progress=False,
                                                       initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    with tempfile.TemporaryDirectory() as d:
        path = pathlib.Path(d) / "tokenizer.json"
        hf.save(str(path))
        loaded = import_file(path, "hf")
    tok = tokenizer.wrap(loaded.asset["kind"], loaded.tokenizer)
    the = hf.token_to_id("Ġthe")
    tree = derive.derive(tok, the).tree
    # The leaves spell the token, and replaying the merges over them gives it back.
    assert "".join(tok.id_to_token(i) for i in tree.leaves()) == "Ġthe"
    assert replay(tree.leaves(), pair_table(tok)) == [the]
    assert hf.encode(" the").ids == [the]
    table = build_table(tok)
    assert len(table) == hf.get_vocab_size()
    assert audit(tok, table).no_merge_path == []


def test_partial_utf8_names_the_character():
    p = partial_of("中".encode()[:2])
    assert p.head == (0x4E00, 0x4E3F) and p.tail == 0 and not p.invalid
    assert partial_of("中".encode()[2:]).tail == 1
    assert partial_of(b"\xff").invalid
    model = byte_bpe.train(["中中中中 中文"] * 4, 3)
    tok = tokenizer.wrap("byte-bpe", model)
    table = build_table(tok)
    result = audit(tok, table)
    e4 = table.row_of(0xE4)
    assert PARTIAL in table.flags[e4] and result.partial[0xE4].head[0] <= 0x4E2D <= result.partial[0xE4].head[1]
    assert PARTIAL not in table.flags[table.row_of(ord("a"))]
    assert SPECIAL in table.flags[table.row_of(256)]


def test_duplicates_up_to_case_and_leading_space():
    table = from_entries("bpe", [(0, "the", b"the"), (1, "Ġthe", b" the"), (2, "The", b"The"),
                                 (3, "THE", b"THE"), (4, "then", b"then")])
    from core.inspect.vocab.audits import _duplicates
    assert _duplicates(table) == {1: 0, 2: 0, 3: 0}


def test_filter_200k_rows_by_bytes_is_fast_and_exact():
    # A synthetic vocabulary: token i is the 3 bytes of i in big-endian order.
    entries = [(i, f"t{i}", i.to_bytes(3, "big")) for i in range(200_000)]
    table = from_entries("bpe", entries)
    start = time.perf_counter()
    table.filter(hex_bytes="00")  # the first filter joins the columns once
    start = time.perf_counter()
    rows = table.filter(hex_bytes="01 86")
    elapsed = time.perf_counter() - start
    expected = [i for i in range(200_000) if b"\x01\x86" in i.to_bytes(3, "big")]
    assert [table.ids[r] for r in rows] == expected
    assert 0x018600 in expected and 0x000186 in expected and 0x010186 in expected
    assert elapsed < 0.1, elapsed
    table.filter(text="x")
    start = time.perf_counter()
    assert [table.ids[r] for r in table.filter(text="T1999")] == [1999] + list(range(19990, 20000)) + \
        list(range(199900, 200000))
    assert time.perf_counter() - start < 0.1
    assert [table.ids[r] for r in table.filter(ids=(10, 12))] == [10, 11, 12]
    assert [table.ids[r] for r in table.filter(pattern=r"^t19999\d$", ids=(199_995, None))] == \
        list(range(199_995, 200_000))
    # Bytes across two rows are no hit (row 0x000186 ends with 86, row 0x000187 starts with 00).
    assert [table.ids[r] for r in table.filter(hex_bytes="86 00")] == \
        [i for i in range(200_000) if b"\x86\x00" in i.to_bytes(3, "big")]
    with pytest.raises(TokenizerError, match="hex"):
        parse_hex("zz")
    with pytest.raises(TokenizerError, match="regular expression"):
        table.filter(pattern="(")


def test_sentencepiece_unigram_and_wordpiece_tables():
    spm = pytest.importorskip("sentencepiece")
    import tempfile, pathlib
    from core.formats import import_file
    text = ["the cat sat on the mat", "中文 中国 中间 人们", "then there they the thesis"] * 20
    with tempfile.TemporaryDirectory() as d:
        prefix = str(pathlib.Path(d) / "m")
        spm.SentencePieceTrainer.train(sentence_iterator=iter(text), model_prefix=prefix, vocab_size=320,
                                       model_type="unigram", byte_fallback=True, minloglevel=2,
                                       hard_vocab_limit=False)
        sp = spm.SentencePieceProcessor(model_file=prefix + ".model")
        loaded = import_file(pathlib.Path(prefix + ".model"), "spm")
        tok = tokenizer.wrap(loaded.asset["kind"], loaded.tokenizer)
    table = build_table(tok)
    assert len(table) == sp.get_piece_size()
    assert [table.tokens[r] for r in range(len(table))] == [sp.id_to_piece(i) for i in range(len(table))]
    byte_rows = table.filter(flag="byte")
    assert len(byte_rows) == 256 and table.tokens[byte_rows[0]] == "<0x00>"
    result = audit(tok, table)
    the = sp.piece_to_id("▁the")
    info = derive.derive(tok, the)
    assert info.score == pytest.approx(sp.get_score(the)) and info.score_rank >= 1
    # Unreachable pieces really are segmented otherwise by SentencePiece itself.
    for token_id, instead in result.unreachable.items():
        assert sp.encode(sp.id_to_piece(token_id).replace("▁", " ")) != [token_id] or instead != (token_id,)
    assert result.scripts.get("Han", 0) >= 1 and result.scripts.get("Latin", 0) >= 1


# ==== the vocab command ====

def _cli(*argv) -> tuple[int, str, str]:
    import contextlib, io
    from core.cli.main import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_cli_vocab_json_names_the_planted_token(tmp_path):
    import csv, json
    from core import assets
    model, ids = _planted()
    path = tmp_path / "planted.json"
    assets.save_asset(path, assets.byte_bpe_to_asset(model, name="planted"))
    code, out, err = _cli("vocab", str(path), "--audit", "--json", "--csv", str(tmp_path / "t.csv"),
                          "--audit-csv", str(tmp_path / "a.csv"))
    assert code == 0, err
    rows = json.loads(out)
    assert len(rows) == model.vocab_size and {"id", "token", "text", "bytes", "flags"} <= set(rows[0])
    flagged = [r for r in rows if "unreachable" in r["flags"]]
    assert [r["id"] for r in flagged] == [ids["wxy"]]
    assert flagged[0]["unreachable"] == {"ids": [ord("w"), ids["xy"]], "tokens": ["w", "xy"]}
    assert flagged[0]["text"] == "wxy" and flagged[0]["bytes"] == "77 78 79"
    assert "partial-utf8" in rows[0xE4]["flags"] and rows[0xE4]["partial_utf8"].startswith("starts")
    with open(tmp_path / "a.csv", encoding="utf-8") as f:
        findings = list(csv.reader(f))
    assert ["unreachable", str(ids["wxy"]), "wxy", "w xy"] in findings
    with open(tmp_path / "t.csv", encoding="utf-8") as f:
        assert sum(1 for _ in f) == model.vocab_size + 1
    code, out, _ = _cli("vocab", str(path), "--audit")
    assert code == 0 and f"# unreachable {ids['wxy']} 'wxy' -> 'w' + 'xy'" in out


# ==== a rank file (whole pre-tokens looked up first): its text through the encoder ====

def test_a_planted_unreachable_token_in_a_rank_file_is_named(tmp_path, capsys):
    """tiktoken-style models look a pre-token up whole, so a token is never
    emitted only when the pre-tokenizer cuts its own text: "a b" (cl100k's
    split gives "a" and " b") is planted and found; its partial-UTF-8
    neighbour and the special are counted as not checked, never silently."""
    import base64

    from core.cli.main import main

    tokens = [bytes([b]) for b in range(256)] + [b"ab", b"a b", b"\xe4\xb8", b" b"]
    path = tmp_path / "planted.tiktoken"
    path.write_text("".join(f"{base64.b64encode(t).decode()} {rank}\n" for rank, t in enumerate(tokens)), "ascii")
    (tmp_path / "planted.tiktoken.json").write_text('{"special_tokens": {"<|end|>": 260}}', "utf-8")
    asset = tmp_path / "planted.json"
    assert main(["import", str(path), "--pattern", "cl100k_base", "--specials", str(tmp_path / "planted.tiktoken.json"),
                 "-o", str(asset)]) == 0
    capsys.readouterr()
    assert main(["vocab", str(asset), "--audit"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("#")]
    # 128 single bytes 0x80-0xFF and E4 B8 are partial UTF-8
    assert "131 checked: 1 never emitted for their own text, 129 partial UTF-8" in lines[0]
    assert lines[1] == "# not checked for reachability: 129 partial UTF-8: no text of its own, 1 special"
    assert lines[2] == "# unreachable 257 'aĠb' -> 'a' + 'Ġb'"


@pytest.mark.parametrize("name, unreachable", [("bert-base-uncased", 995), ("r50k_base", 0)])
def test_a_served_tokenizers_audit_encodes_its_tokens_in_one_batch_as_the_reference_does_one_by_one(name,
                                                                                                   unreachable):
    from core import engines

    served = engines.open_asset(name)
    assert served.engine != "reference"
    table = build_table(served)
    batched, one_by_one = audit(served, table), audit(served.reference, table)
    assert batched == one_by_one and len(batched.unreachable) == unreachable
    assert batched.checked > 20_000
