"""stats: exact figures worked out by hand, and the same figures under every engine."""

from __future__ import annotations

import csv
import io
import json
import os
import random
import re
from pathlib import Path

import pytest

from core import shelf
from core.cli.main import main
from core.stats import corpus_stats, corpus_stats_here
from core.stats.mapper import open_tokenizer

from tests.fuzzing import write_awkward_files

CORPUS = "ab 中\n  x\r\n"  # two records; the CR before LF is the line ending, not text


@pytest.fixture(scope="module")
def assets(tmp_path_factory):
    folder = tmp_path_factory.mktemp("assets")
    (folder / "t.tsv").write_text("ab\t1\n", encoding="utf-8")
    (folder / "t.txt").write_text("ab\n", encoding="utf-8")
    # char-bpe, no merges: [UNK]=0 </w>=1 a=2 b=3.  byte-bpe, no merges: a token per byte.
    assert main(["train", str(folder / "t.tsv"), "--merges", "0", "-o", str(folder / "char.json")]) == 0
    assert main(["train", str(folder / "t.txt"), "--algo", "byte-bpe", "--merges", "0",
                 "-o", str(folder / "bytes.json")]) == 0
    return str(folder / "char.json"), str(folder / "bytes.json")


@pytest.fixture
def corpus(tmp_path):
    (tmp_path / "c.txt").write_bytes(CORPUS.encode())
    return str(tmp_path / "c.txt")


def test_byte_level_figures_by_hand(assets, corpus):
    result = corpus_stats([corpus], [assets[1]], workers=1)
    assert result["corpus"] == {"files": 1, "records": 2, "characters": 7, "bytes": 9, "invalid_utf8": 0, "words": 3}
    tok = result["tokenizers"][0]
    # "ab 中": a b -> "ab"; the space starts after "ab" so it goes with 中, whose 3 bytes are 3 tokens.
    # "  x": both spaces go to "x", the only word.
    assert {s: (r["tokens"], r["words"], r["characters"], r["bytes"]) for s, r in tok["scripts"].items()} == {
        "Han": (4, 1, 1, 3), "Latin": (5, 2, 3, 3)}
    total = tok["total"]
    assert (total["tokens"], total["words"], total["characters"], total["bytes"]) == (9, 3, 7, 9)
    assert total["fertility"] == 3.0 and total["characters_per_token"] == 7 / 9 and total["bytes_per_token"] == 1.0
    assert tok["scripts"]["Han"]["fertility"] == 4.0 and tok["scripts"]["Latin"]["fertility"] == 2.5
    assert total["unknown_rate"] == 0 and total["byte_fallback_rate"] == 0
    assert total["vocab_used"] == 7 and total["vocab_used_share"] == 7 / 259  # a b space E4 B8 AD x; 256 + 3 specials
    assert tok["most_split"] == [{"word": "中", "count": 1, "tokens": 3}, {"word": "ab", "count": 1, "tokens": 2}]


def test_unknown_tokens_and_inserted_end_of_word_by_hand(assets, corpus):
    tok = corpus_stats([corpus], [assets[0]], workers=1)["tokenizers"][0]
    # "ab 中" -> a b </w> | [UNK] </w>;  "  x" -> [UNK] </w>.  A lone </w> stays with its word.
    assert {s: (r["tokens"], r["unknown"]) for s, r in tok["scripts"].items()} == {"Han": (2, 1), "Latin": (5, 1)}
    assert tok["total"]["unknown_rate"] == 2 / 7 and tok["total"]["vocab_used_share"] == 1.0
    assert [(s["word"], s["tokens"]) for s in tok["most_split"]] == [("ab", 3), ("x", 2), ("中", 2)]


def test_csv_and_json_output(assets, corpus, capsys):
    assert main(["stats", corpus, "--tokenizer", assets[0], "--tokenizer", assets[1], "--csv", "--workers", "1"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][:4] == ["tokenizer", "script", "tokens", "words"]
    assert [r[:3] for r in rows[1:]] == [["char", "Han", "2"], ["char", "Latin", "5"], ["char", "*", "7"],
                                          ["bytes", "Han", "4"], ["bytes", "Latin", "5"], ["bytes", "*", "9"]]
    assert main(["stats", corpus, "--tokenizer", assets[1], "--json", "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["tokenizers"][0]["total"]["tokens"] == 9


def test_every_engine_gives_the_same_figures(assets, tmp_path):
    lines = ["the cat 中文 ça", "Ωmega 123 naïve", "mid\ufeffword", "é"]
    for i in range(6):  # CRLF, a BOM, a 6 kB line, an invalid byte, no final newline
        text = "\ufeff" + "\r\n".join(lines * (50 + i)) + "\n" + "x " * 3000 + "\n"
        (tmp_path / f"{i}.txt").write_bytes(text.encode() + b"\xfe tail")
    paths = [str(tmp_path / f"{i}.txt") for i in range(6)]
    one = corpus_stats(paths, list(assets), workers=1, chunk_bytes=2048)
    two = corpus_stats(paths, list(assets), workers=2, chunk_bytes=2048)
    whole = corpus_stats(paths, list(assets), workers=2, chunk_bytes=1 << 30)
    assert one == two == whole and one["corpus"]["invalid_utf8"] == 6
    here = corpus_stats_here(paths, [open_tokenizer(os.path.abspath(p)) for p in assets], ["char", "bytes"],
                             chunk_bytes=2048)
    for tok in here["tokenizers"]:
        tok["path"] = one["tokenizers"][here["tokenizers"].index(tok)]["path"]
    assert here == one  # the GUI's in-thread run: the same map and reduce
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as c, \
            distributed.Client(c) as client:
        assert corpus_stats(paths, list(assets), backend="dask", client=client, chunk_bytes=2048) == one


def test_a_shelf_name_is_a_tokenizer_and_a_file_of_that_name_wins(assets, corpus, tmp_path, capsys, monkeypatch):
    assert main(["stats", corpus, "--tokenizer", "cl100k_base", "--json", "--workers", "1"]) == 0
    tok = json.loads(capsys.readouterr().out)["tokenizers"][0]
    # "ab" " 中" | " " " x"
    assert (tok["name"], tok["vocab_size"], tok["total"]["tokens"]) == ("cl100k_base", 100_261, 4)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cl100k_base").write_bytes(Path(assets[0]).read_bytes())
    assert main(["stats", corpus, "--tokenizer", "cl100k_base", "--json", "--workers", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["tokenizers"][0]["vocab_size"] == 4


def test_bad_input_is_one_line(assets, corpus, tmp_path, capsys):
    (tmp_path / "bad.json").write_text("{}", encoding="utf-8")
    for argv in (["--tokenizer", str(tmp_path / "bad.json")], ["--tokenizer", assets[0], "--strict"],
                 ["--tokenizer", str(tmp_path / "missing.json")]):
        (tmp_path / "s.txt").write_bytes(b"ok \xff\n")
        assert main(["stats", str(tmp_path / "s.txt"), *argv, "--workers", "1"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error: "), err


# ==== every engine on a corpus with a 10 MB line ====

WORDS = ["the", "tokenizer", "counts", "words", "Zeichen", "naïve", "façade", "中文", "分词", "Ωmega", "мир", "2024",
         "it's", "x1", "🙂", "字"]


@pytest.fixture(scope="module")
def big_corpus(tmp_path_factory):
    """Files with a BOM, CRLF, invalid bytes, no final newline, and a 10 MB single line; a char-bpe trained
    without 🙂, 字 and capitals, so the figures hold [UNK]s."""
    folder = tmp_path_factory.mktemp("big")
    rng = random.Random(11)

    def lines(n):
        return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 9))) for _ in range(n)]

    write_awkward_files(folder, lines)
    # Ordinary words repeated with variation: every seventh capitalised, with a comma, a full stop or a number.
    words = rng.choices(WORDS, k=1_600_000)
    for i in range(0, len(words), 7):
        words[i] = words[i].capitalize() + rng.choice([",", ".", "", str(i % 1000)])
    long_line = " ".join(words)
    assert len(long_line.encode()) >= 10_000_000
    (folder / "c.txt").write_bytes(("\r\n".join(lines(50)) + "\r\n" + long_line + "\r\n" +
                                    "\n".join(lines(50))).encode())
    (folder / "t.tsv").write_text("".join(f"{w}\t{i + 1}\n" for i, w in enumerate(WORDS[:-2])), encoding="utf-8")
    assert main(["train", str(folder / "t.tsv"), "--merges", "60", "-o", str(folder / "tok.json")]) == 0
    return [str(folder / n) for n in ("a.txt", "b.txt", "c.txt")], str(folder / "tok.json")


def test_one_and_two_workers_and_dask_give_the_same_figures_with_a_10_mb_line(big_corpus):
    paths, tok = big_corpus
    one = corpus_stats(paths, [tok], workers=1, chunk_bytes=1 << 20)
    two = corpus_stats(paths, [tok], workers=2, chunk_bytes=1 << 20)
    assert one == two
    total = one["tokenizers"][0]["total"]
    assert one["corpus"]["invalid_utf8"] == 3 and one["corpus"]["words"] > 1_600_000
    assert total["unknown"] > 0 and total["tokens"] >= total["words"]
    # The CRs before LF and the BOM are not text: the characters are the records' own.
    records = [line.removesuffix("\r") for path in paths
               for line in Path(path).read_bytes().decode("utf-8", "replace").removeprefix("\ufeff").split("\n")]
    assert one["corpus"]["characters"] == sum(map(len, records))
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as c, \
            distributed.Client(c) as client:
        assert corpus_stats(paths, [tok], backend="dask", client=client, chunk_bytes=1 << 20) == one


# ==== the [UNK] and byte-fallback counts against the real libraries ====

MULTILINGUAL = ("Hello, world! It's 2024; naïve façade, Ångström, Straße.\n"
                "中文分词很有趣，汉字没有空格。日本語のテキスト、カタカナとひらがな。龘靐齉\n"
                "مرحبا بالعالم، كيف حالك؟ 😀👍🏽👨‍👩‍👧 ❤️ 🦜🪐\r\n"
                "ქართული ენა, བོད་ཡིག, ᏣᎳᎩ, ꦧꦱꦗꦮ, 𓀀𓁐, ሰላም ዓለም\n"
                "def encode(self, text: str) -> list[int]:\n\treturn [ord(c) for c in text]  # 12345678\n")


def _records(text):
    return [line.removesuffix("\r") for line in text.removesuffix("\n").split("\n")]


def test_byte_fallback_count_is_sentencepieces_count_of_byte_pieces(tmp_path):
    import sentencepiece as spm

    (tmp_path / "c.txt").write_text(MULTILINGUAL * 3, encoding="utf-8", newline="")
    sp = spm.SentencePieceProcessor(model_proto=shelf.original(shelf.find("mistral-v3-bpe")))
    pieces = [p for r in _records(MULTILINGUAL * 3) for p in sp.encode(r, out_type=str)]
    expected = sum(bool(re.fullmatch(r"<0x[0-9A-F]{2}>", p)) for p in pieces)
    total = corpus_stats([str(tmp_path / "c.txt")], ["mistral-v3-bpe"], workers=1)["tokenizers"][0]["total"]
    assert expected > 20 and (total["byte_fallback"], total["tokens"]) == (expected, len(pieces))
    assert total["byte_fallback_rate"] == expected / len(pieces) and total["unknown"] == 0


def test_unknown_count_is_hf_tokenizers_count_of_unk_ids(tmp_path):
    from tokenizers import BertWordPieceTokenizer

    (tmp_path / "vocab.txt").write_bytes(shelf.original(shelf.find("bert-base-uncased")))
    (tmp_path / "c.txt").write_text(MULTILINGUAL * 3, encoding="utf-8", newline="")
    hf = BertWordPieceTokenizer(str(tmp_path / "vocab.txt"), lowercase=True)
    ids = [i for r in _records(MULTILINGUAL * 3) for i in hf.encode(r, add_special_tokens=False).ids]
    expected = ids.count(hf.token_to_id("[UNK]"))
    total = corpus_stats([str(tmp_path / "c.txt")], ["bert-base-uncased"], workers=1)["tokenizers"][0]["total"]
    assert expected > 10 and (total["unknown"], total["tokens"]) == (expected, len(ids))
    assert total["unknown_rate"] == expected / len(ids) and total["byte_fallback"] == 0
