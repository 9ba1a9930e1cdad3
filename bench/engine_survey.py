"""Survey of third-party compiled tokenizer engines ("native engines") from
PyPI against the reference libraries, on the app's shelf tokenizers.

    python3 -m venv /tmp/engine_survey/venv
    /tmp/engine_survey/venv/bin/pip install tiktoken==0.14.0 tokenizers==0.23.3 sentencepiece==0.2.3 \\
        fastokens gigatoken kitoken bpe-openai wordchipper tokie rs-bpe
    /tmp/engine_survey/venv/bin/python bench/engine_survey.py                  # everything
    /tmp/engine_survey/venv/bin/python bench/engine_survey.py --engines kitoken --tokenizers cl100k_base
    ... --no-process --json out.json --markdown out.md

It runs in its own virtualenv (none of these packages is a dependency of
the project) and writes only under ``--work`` (default /tmp/engine_survey/
inputs): the shelf files unpacked, a GPT-2 ``tokenizer.json`` built from the
r50k ranks (its 50,000 merges are GPT-2's ``vocab.bpe``), a BERT
``tokenizer.json`` built from ``vocab.txt`` and a seeded cache folder for
wordchipper, which otherwise downloads its rank files.

References: ``tiktoken`` (the rank files, patterns and special tokens of
``tiktoken_ext.openai_public``, never ``get_encoding``), HF ``tokenizers``
(``tokenizer.json``; BERT built with ``BertWordPieceTokenizer``) and
``sentencepiece`` (``.model``).  The semantics compared:

* tiktoken "primary": ``encode(text, allowed_special="all")`` (what the app
  does); "ordinary": ``encode_ordinary`` (special strings are plain text).
* tokenizers: ``encode(text, add_special_tokens=False).ids`` (added tokens in
  the text are matched, no [CLS]/[SEP] added).
* sentencepiece: ``encode(text)`` (no BOS/EOS; control pieces such as
  ``<s>``/``[INST]`` are text, user-defined pieces are matched).

Checks: (a) a short multilingual line, (b) special-token strings inside
text, (c) 200,000-character strings of mixed scripts, emoji, CJK and long
runs of spaces, newlines and digits (9 seeds; the first is the survey's
own), (d) 1 MB of ordinary text (bench/corpora.py ``ordinary``, else
``generated``) and, an extra, (e) 1 MB of bench/corpora.py ``en``
(reStructuredText with long ``====`` runs).  Speed: one thread
(RAYON_NUM_THREADS=1, TOKENIZERS_PARALLELISM=false, FASTOKENS_BPE_THREADS=1,
and this process pinned to one CPU: ``--cores``), the 1 MB string in one
call, in this process: "unseen" is the first call on it after a warm-up on
another 1 MB text (``generated``), "MB/s" the best of 5 further calls (warm:
an engine that caches pieces of earlier input gains here); the CPU/wall
ratio shows an engine that used more than one thread anyway.  Start-up:
the median wall time of 5 ``python -c`` processes (after one unmeasured) that
load the tokenizer from its local file and encode "hi", HF_HUB_OFFLINE=1.
"""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("RAYON_NUM_THREADS", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("FASTOKENS_BPE_THREADS", "1")  # fastokens starts BPE worker threads otherwise

import argparse
import base64
import gzip
import importlib.metadata
import json
import platform
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHELF = HERE.parent / "resources" / "shelf"
PYPI_LIST = Path("/work/.library/env/packages/pypi.tsv")
WORDCHIPPER_CACHE = "wordchipper-cache"

TEXT = ("Hello world! 你好，世界。 Привет мир. مرحبا بالعالم. नमस्ते दुनिया. 🎉🚀 café naïve 1234567 3.14159  \n\n\t"
        "  tabs\tand   spaces <|endoftext|> end")
SPECIAL_TEXT = {
    "tiktoken": ("Hello <|endoftext|> world<|endoftext|><|endoftext|> <|fim_prefix|>def f():<|fim_suffix|>\n"
                 "<|fim_middle|> x <|endofprompt|>! <|endoftext <|endoftext|>|> <|startoftext|> <|end|>"),
    "tokenizer.json": ("Hello <|endoftext|> world<|endoftext|><|endoftext|> [CLS] Hi [SEP]x[MASK]![UNK] [PAD] "
                       "[cls] [mask] <|endoftext <|endoftext|>|> <s>"),
    "sentencepiece": ("<s>[INST] Hello [/INST]</s> <unk> [REFERENCE_DOC_3]x[REFERENCE_DOC_12] "
                      "▁▁hi <|endoftext|> [TOOL_CALLS] </s>"),
}
MIXED_CHARS = 200_000
MIXED_SEED = 20261205
ONE_MB = 1_000_000


class Unsupported(Exception):
    """This engine cannot load this kind of tokenizer (offline)."""


# ==== inputs ====

def _gunzip(name: str, work: Path) -> Path:
    out = work / name
    if not out.exists():
        with gzip.open(SHELF / f"{name}.gz", "rb") as src, open(out.with_suffix(".tmp"), "wb") as dst:
            shutil.copyfileobj(src, dst)
        out.with_suffix(".tmp").replace(out)
    return out


def _ranks(path: Path) -> dict[bytes, int]:
    ranks = {}
    for line in path.read_bytes().splitlines():
        if line.strip():
            token, rank = line.split()
            ranks[base64.b64decode(token)] = int(rank)
    return ranks


def _byte_unicode() -> dict[int, str]:
    keep = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    table, extra = {b: chr(b) for b in keep}, 0
    for b in range(256):
        if b not in table:
            table[b] = chr(256 + extra)
            extra += 1
    return table


def _split_at_rank(ranks: dict[bytes, int], token: bytes, below: int) -> list[bytes]:
    parts = [bytes([b]) for b in token]
    while True:
        best = None
        for i in range(len(parts) - 1):
            rank = ranks.get(parts[i] + parts[i + 1])
            if rank is not None and rank < below and (best is None or rank < best[0]):
                best = (rank, i)
        if best is None:
            return parts
        i = best[1]
        parts[i:i + 2] = [parts[i] + parts[i + 1]]


def _gpt2_json(ranks_path: Path, out: Path) -> None:
    """GPT-2's tokenizer.json from the r50k ranks: the same vocab and the
    same 50,000 merges as GPT-2's encoder.json / vocab.bpe."""
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers, processors

    ranks, table = _ranks(ranks_path), _byte_unicode()
    text = lambda b: "".join(table[x] for x in b)  # noqa: E731
    merges = []
    for token, rank in sorted(ranks.items(), key=lambda item: item[1]):
        if len(token) > 1:
            left, right = _split_at_rank(ranks, token, rank)
            merges.append((text(left), text(right)))
    vocab = {text(t): r for t, r in ranks.items()} | {"<|endoftext|>": 50256}
    tok = Tokenizer(models.BPE(vocab=vocab, merges=merges))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    tok.decoder = decoders.ByteLevel()
    tok.post_processor = processors.ByteLevel(trim_offsets=False)
    tok.add_special_tokens([AddedToken("<|endoftext|>", special=True, normalized=False)])
    tok.save(str(out))


def tiktoken_definition(name: str) -> dict:
    """pat_str and special_tokens of an OpenAI encoding, without its ranks
    (the constructor's download is replaced by an empty table)."""
    import tiktoken_ext.openai_public as public

    original = public.load_tiktoken_bpe
    public.load_tiktoken_bpe = lambda *args, **kwargs: {}
    try:
        found = getattr(public, name)()
    finally:
        public.load_tiktoken_bpe = original
    return {"pat_str": found["pat_str"], "special_tokens": found["special_tokens"]}


def prepare(work: Path) -> list[dict]:
    """The shelf tokenizers as local files, each with its kind."""
    work.mkdir(parents=True, exist_ok=True)
    shelf = []
    for name in ("r50k_base", "cl100k_base", "o200k_base"):
        path = _gunzip(f"{name}.tiktoken", work)
        seeded = work / WORDCHIPPER_CACHE / "openai" / name / f"{name}.tiktoken"
        if not seeded.exists():
            seeded.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, seeded)
        shelf.append({"name": name, "label": name, "kind": "tiktoken", "path": path, **tiktoken_definition(name)})
    gpt2 = work / "gpt2.tokenizer.json"
    if not gpt2.exists():
        _gpt2_json(work / "r50k_base.tiktoken", gpt2)
    shelf.append({"name": "gpt2 (tokenizer.json)", "label": "gpt2.json", "kind": "tokenizer.json", "path": gpt2})
    vocab = _gunzip("vocab.txt", work)
    bert = work / "bert-base-uncased.tokenizer.json"
    if not bert.exists():
        from tokenizers import BertWordPieceTokenizer

        BertWordPieceTokenizer(str(vocab), lowercase=True).save(str(bert))
    shelf.append({"name": "bert-base-uncased (tokenizer.json)", "label": "bert-uncased.json", "kind": "tokenizer.json",
                  "path": bert, "vocab_txt": vocab})
    for name, label in (("test_model.model", "test_model.model"), ("test_ja_model.model", "test_ja_model.model"),
                        ("mistral_instruct_tokenizer_240323.model.v3", "mistral-v3.model")):
        shelf.append({"name": name, "label": label, "kind": "sentencepiece", "path": _gunzip(name, work)})
    return shelf


def mixed_text(chars: int = MIXED_CHARS, seed: int = MIXED_SEED) -> str:
    """A fixed-seed string of mixed scripts, emoji, CJK and long runs."""
    rng = random.Random(seed)
    words = ["Hello", "world", "don't", "I'LL", "we've", "it's", "THE", "naïve", "café", "Ünïcödé", "e\u0301",
             "Привет", "мир", "Ελληνικά", "مرحبا", "بالعالم", "שלום", "नमस्ते", "दुनिया", "สวัสดีครับ", "안녕하세요",
             "こんにちは", "カタカナ", "漢字仮名交じり文", "你好世界", "中华人民共和国", "𠀀𠀁𪚥", "Ｆｕｌｌｗｉｄｔｈ",
             "ﬁﬂ", "Ⅻ", "x²", "½", "٣٤٥", "१२३", "ǅemal", "ß", "İstanbul", "ﷺ", "각"]
    emoji = ["🎉", "🚀", "👨‍👩‍👧‍👦", "👍🏽", "🇯🇵", "🇺🇸", "1️⃣", "❤️", "🏳️‍🌈", "🤷‍♀️", "😀😃😄", "🧑🏿‍💻"]
    punct = ["!!!???", "...", "----", "====", "```python", "<html>", "http://x.y/z?q=1&r=2", "(a, b)", "#$%^&*",
             "{'k': [1, 2]}", "«»", "—", "…", "'", "\"", "/", "\\", "@user", "a.b.c"]
    spaces = [" ", "  ", "\t", "\n", "\r\n", "\n\n", " \n ", "\u00a0", "\u3000", "\u2028", "\u200b", "\x0b", "\x0c"]
    parts, total = [], 0
    while total < chars:
        roll = rng.random()
        if roll < 0.50:
            piece = rng.choice(words)
        elif roll < 0.60:
            piece = "".join(rng.choices(emoji, k=rng.randint(1, 4)))
        elif roll < 0.70:
            piece = rng.choice(punct)
        elif roll < 0.78:
            piece = "".join(rng.choices("0123456789", k=rng.choice((1, 2, 3, 4, 7, 12, 40))))
        elif roll < 0.995:
            piece = rng.choice(spaces) * rng.choice((1, 1, 1, 2, 3, 5, 17))
        else:  # a long run
            piece = rng.choice((" ", "\n", "0123456789", " \n", "\t", "ab", "你")) * rng.randint(200, 1500)
        parts.append(piece)
        parts.append(rng.choice((" ", " ", " ", "", "\n")))
        total += len(piece) + 1
    return "".join(parts)[:chars]


def generated_text(size: int = ONE_MB) -> str:
    """The warm-up text of the speed test: another text than the measured one."""
    sys.path.insert(0, str(HERE))
    import corpora

    return corpora.build("generated", size)[0].read_text(encoding="utf-8")


def en_text(size: int = ONE_MB) -> str | None:
    """(e), an extra: reStructuredText with long ==== runs, or None."""
    sys.path.insert(0, str(HERE))
    import corpora

    try:
        return corpora.build("en", size)[0].read_text(encoding="utf-8")
    except Exception as problem:  # noqa: BLE001
        print(f"en corpus unavailable ({problem}); no (e)", file=sys.stderr)
        return None


def ordinary_text(size: int = ONE_MB) -> tuple[str, str]:
    sys.path.insert(0, str(HERE))
    import corpora

    try:
        path, info = corpora.build("ordinary", size)
        label = "ordinary"
    except Exception as problem:  # noqa: BLE001 - any failure to fetch falls back
        print(f"ordinary corpus unavailable ({problem}); using generated", file=sys.stderr)
        path, info = corpora.build("generated", size)
        label = "generated"
    return path.read_text(encoding="utf-8"), f"{label} ({info['bytes']:,} bytes)"


# ==== engines: the references and the candidates ====
# Each loader returns an Engine: primary(text) -> list[int]; ordinary(text)
# -> list[int] (tiktoken only: specials as plain text), or None when the
# engine has no such mode; timed(text) -> its native result (what the speed
# test calls); snippet: the python -c code for the start-up test.

class Engine:
    def __init__(self, primary, timed=None, ordinary=None, snippet="", how="", note=""):
        self.primary, self.ordinary = primary, ordinary
        self.timed = timed or primary
        self.snippet, self.how, self.note = snippet, how, note


def _tt_reference(entry):
    import tiktoken
    import tiktoken.load

    enc = tiktoken.Encoding(entry["name"], pat_str=entry["pat_str"], special_tokens=entry["special_tokens"],
                            mergeable_ranks=tiktoken.load.load_tiktoken_bpe(str(entry["path"])))
    snippet = ("import tiktoken, tiktoken.load\n"
               f"e = tiktoken.Encoding({entry['name']!r}, pat_str={entry['pat_str']!r}, "
               f"special_tokens={entry['special_tokens']!r}, "
               f"mergeable_ranks=tiktoken.load.load_tiktoken_bpe({str(entry['path'])!r}))\n"
               "e.encode('hi')")
    return Engine(lambda t: enc.encode(t, allowed_special="all"), timed=enc.encode_ordinary,
                  ordinary=enc.encode_ordinary, snippet=snippet, how="tiktoken.Encoding(load_tiktoken_bpe(file))")


def _hf_reference(entry):
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(entry["path"]))
    snippet = f"from tokenizers import Tokenizer\nTokenizer.from_file({str(entry['path'])!r}).encode('hi')"
    return Engine(lambda t: tok.encode(t, add_special_tokens=False).ids, snippet=snippet,
                  how="tokenizers.Tokenizer.from_file")


def _sp_reference(entry):
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor(model_file=str(entry["path"]))
    snippet = ("import sentencepiece as spm\n"
               f"spm.SentencePieceProcessor(model_file={str(entry['path'])!r}).encode('hi')")
    return Engine(sp.encode, snippet=snippet, how="sentencepiece.SentencePieceProcessor")


REFERENCES = {"tiktoken": ("tiktoken", _tt_reference), "tokenizer.json": ("tokenizers", _hf_reference),
              "sentencepiece": ("sentencepiece", _sp_reference)}


def _fastokens(entry, work):
    import fastokens

    p = str(entry["path"])
    if entry["kind"] == "tiktoken":
        tok = fastokens.Tokenizer.from_tiktoken(p, pattern=entry["pat_str"], special_tokens=entry["special_tokens"])
        snippet = (f"import fastokens\nfastokens.Tokenizer.from_tiktoken({p!r}, pattern={entry['pat_str']!r}, "
                   f"special_tokens={entry['special_tokens']!r}).encode('hi').ids")
        return Engine(lambda t: tok.encode(t).ids, ordinary=lambda t: tok.encode_ordinary(t).ids, snippet=snippet,
                      how="Tokenizer.from_tiktoken(file, pattern, special_tokens); encode / encode_ordinary")
    if entry["kind"] == "tokenizer.json":
        tok = fastokens.Tokenizer.from_file(p)
        snippet = f"import fastokens\nfastokens.Tokenizer.from_file({p!r}).encode('hi').ids"
        return Engine(lambda t: tok.encode(t, add_special_tokens=False).ids, snippet=snippet,
                      how="Tokenizer.from_file(tokenizer.json)")
    raise Unsupported("no SentencePiece .model loader (tokenizer.json, tiktoken files or the HF hub only)")


def _gigatoken(entry, work):
    import gigatoken

    p = str(entry["path"])
    if entry["kind"] == "tiktoken":
        tok = gigatoken.Tokenizer.from_tiktoken(p)  # pattern and specials by file name
        plain = gigatoken.Tokenizer.from_tiktoken(
            p, pretokenizer={"r50k_base": "gpt2", "cl100k_base": "gpt4", "o200k_base": "o200k"}[entry["name"]],
            special_tokens={})
        snippet = f"import gigatoken\ngigatoken.Tokenizer.from_tiktoken({p!r}).encode('hi')"
        return Engine(lambda t: tok.encode(t).tolist(), timed=tok.encode, ordinary=lambda t: plain.encode(t).tolist(),
                      snippet=snippet, how="Tokenizer.from_tiktoken(file); encode (numpy); ordinary = "
                      "from_tiktoken(file, pretokenizer, special_tokens={})")
    if entry["kind"] == "tokenizer.json":
        tok = gigatoken.Tokenizer(p)
        snippet = f"import gigatoken\ngigatoken.Tokenizer({p!r}).encode('hi')"
        return Engine(lambda t: tok.encode(t).tolist(), timed=tok.encode, snippet=snippet,
                      how="Tokenizer(tokenizer.json); encode (numpy)")
    tok = gigatoken.Tokenizer.from_sentencepiece(p)
    snippet = f"import gigatoken\ngigatoken.Tokenizer.from_sentencepiece({p!r}).encode('hi')"
    return Engine(lambda t: tok.encode(t).tolist(), timed=tok.encode, snippet=snippet,
                  how="Tokenizer.from_sentencepiece(.model); encode (numpy)")


def _kitoken(entry, work):
    from kitoken import Kitoken

    p = str(entry["path"])
    loader = {"tiktoken": "from_tiktoken_file", "tokenizer.json": "from_tokenizers_file",
              "sentencepiece": "from_sentencepiece_file"}[entry["kind"]]
    tok = getattr(Kitoken, loader)(p)
    snippet = f"from kitoken import Kitoken\nKitoken.{loader}({p!r}).encode('hi', True)"
    if entry["kind"] == "tiktoken":
        return Engine(lambda t: tok.encode(t, True), ordinary=lambda t: tok.encode(t, False), snippet=snippet,
                      how=f"Kitoken.{loader}(file); encode(text, True) / encode(text, False)")
    if entry["kind"] == "tokenizer.json":
        return Engine(lambda t: tok.encode(t, True), snippet=snippet, how=f"Kitoken.{loader}(file); encode(text, True)")
    return Engine(lambda t: tok.encode(t, False), snippet=snippet.replace("True", "False"),
                  how=f"Kitoken.{loader}(file); encode(text, False)")


def _bpe_openai(entry, work):
    if entry["kind"] != "tiktoken":
        raise Unsupported("tiktoken encodings only")
    if entry["name"] not in ("cl100k_base", "o200k_base"):
        raise Unsupported(f"{entry['name']} is not built in; it goes through tiktoken_ext, which downloads")
    import bpe_openai

    enc = bpe_openai.get_encoding(entry["name"])
    # By default encode raises TokenLimitError past 200,000 tokens (and
    # ValueError from 1,000,000 characters); the 1 MB text has more tokens.
    enc._runtime.config.chunk_limit = 10**12
    snippet = f"import bpe_openai\nbpe_openai.get_encoding({entry['name']!r}).encode('hi')"
    return Engine(lambda t: enc.encode(t, allowed_special="all"), timed=enc.encode_ordinary,
                  ordinary=enc.encode_ordinary, snippet=snippet,
                  how="get_encoding(name): ranks built into the wheel, cannot load a rank file",
                  note="built-in cl100k/o200k only; its 200,000-token limit per call (TokenLimitError) raised "
                       "for the 1 MB test through enc._runtime.config.chunk_limit")


def _wordchipper(entry, work):
    if entry["kind"] != "tiktoken":
        raise Unsupported("OpenAI encodings by name only (no tokenizer.json or .model loader)")
    os.environ["WORDCHIPPER_CACHE_DIR"] = str(work / WORDCHIPPER_CACHE)
    import wordchipper

    tok = wordchipper.Tokenizer.from_pretrained(entry["name"])
    every, none = wordchipper.SpecialFilter.include_all(), wordchipper.SpecialFilter.include_none()
    snippet = (f"import os; os.environ['WORDCHIPPER_CACHE_DIR'] = {str(work / WORDCHIPPER_CACHE)!r}\n"
               f"import wordchipper\nwordchipper.Tokenizer.from_pretrained({entry['name']!r}).encode('hi')")
    return Engine(lambda t: tok.encode(t, every), ordinary=lambda t: tok.encode(t, none), snippet=snippet,
                  how="from_pretrained(name) with WORDCHIPPER_CACHE_DIR seeded with the rank file "
                      "(it downloads otherwise); encode(text, include_all / include_none)",
                  note="rank file only through a seeded download cache")


def _tokie(entry, work):
    if entry["kind"] != "tokenizer.json":
        raise Unsupported("tokenizer.json (and its own .tkz) only")
    import tokie

    p = str(entry["path"])
    tok = tokie.Tokenizer.from_json(p)
    snippet = f"import tokie\ntokie.Tokenizer.from_json({p!r}).encode('hi', add_special_tokens=False).ids"
    return Engine(lambda t: tok.encode(t, add_special_tokens=False).ids, snippet=snippet,
                  how="Tokenizer.from_json(tokenizer.json); encode(text, add_special_tokens=False)")


def _rs_bpe(entry, work):
    if entry["kind"] != "tiktoken" or entry["name"] not in ("cl100k_base", "o200k_base"):
        raise Unsupported("built-in cl100k_base / o200k_base only")
    from rs_bpe.bpe import openai

    tok = getattr(openai, entry["name"])()
    snippet = f"from rs_bpe.bpe import openai\nopenai.{entry['name']}().encode('hi')"
    return Engine(None, timed=tok.encode, ordinary=tok.encode, snippet=snippet,
                  how=f"openai.{entry['name']}(): ranks built into the wheel; no special-token mode",
                  note="built-in only; no special tokens")


CANDIDATES = {"fastokens": _fastokens, "gigatoken": _gigatoken, "kitoken": _kitoken, "bpe-openai": _bpe_openai,
              "wordchipper": _wordchipper, "tokie": _tokie, "rs-bpe": _rs_bpe}
DISTRIBUTIONS = {"fastokens": "fastokens", "gigatoken": "gigatoken", "kitoken": "kitoken", "bpe-openai": "bpe-openai",
                 "wordchipper": "wordchipper", "tokie": "tokie", "rs-bpe": "rs-bpe"}


# ==== measuring ====

def first_difference(got, want) -> str | None:
    got, want = list(got), list(want)
    if got == want:
        return None
    at = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
    return f"at token {at}: got {got[at:at + 4]} want {want[at:at + 4]} (lengths {len(got)} vs {len(want)})"


def compare(fn, text, want) -> dict:
    if fn is None:
        return {"ok": None, "detail": "no such mode"}
    try:
        got = fn(text)
    except Exception as problem:  # noqa: BLE001 - any failure is a finding
        return {"ok": False, "detail": f"raised {type(problem).__name__}: {str(problem)[:160]}"}
    diff = first_difference(got, want)
    return {"ok": diff is None, "detail": diff or ""}


def compare_seeds(fn, texts, wants) -> dict:
    """compare() over the mixed texts of several seeds: the first that differs."""
    for (seed, text), (_, want) in zip(texts, wants):
        found = compare(fn, text, want)
        if not found["ok"]:
            return found | {"detail": f"seed {seed}: {found['detail']}"}
    return {"ok": True, "detail": f"{len(texts)} seeds"}


def speed(fn, text, other, runs: int = 5) -> dict:
    """MB/s of one call on ``text``: "unseen" is the first call on it after a
    warm-up on ``other`` (a different text: lazy set-up and caches of
    earlier input do not count, and nothing of this text is cached yet);
    "warm" is the best of ``runs`` further calls on the same text."""
    size = len(text.encode("utf-8"))
    try:
        fn(other)
        first = time.perf_counter()
        fn(text)
        first = time.perf_counter() - first
        best, ratios = None, []
        for _ in range(runs):
            cpu, wall = time.process_time(), time.perf_counter()
            fn(text)
            wall = time.perf_counter() - wall
            cpu = time.process_time() - cpu
            best = wall if best is None else min(best, wall)
            ratios.append(cpu / wall if wall else 1.0)
    except Exception as problem:  # noqa: BLE001
        return {"mbps": None, "detail": f"raised {type(problem).__name__}: {str(problem)[:120]}"}
    return {"mbps": size / best / 1e6, "seconds": best, "cpu_per_wall": max(ratios), "unseen_mbps": size / first / 1e6}


ALL_CPUS = os.sched_getaffinity(0)


def startup(snippet: str, runs: int = 5) -> dict:
    """Median wall time of ``python -c snippet`` (after one unmeasured run),
    on all the machine's cores like any process."""
    env = dict(os.environ)
    times = []
    for i in range(runs + 1):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", snippet], env=env, capture_output=True, text=True,
                              preexec_fn=lambda: os.sched_setaffinity(0, ALL_CPUS))
        elapsed = time.perf_counter() - start
        if done.returncode != 0:
            return {"ms": None, "detail": done.stderr.strip().splitlines()[-1][:160] if done.stderr else "failed"}
        if i:
            times.append(elapsed)
    return {"ms": statistics.median(times) * 1000}


def wordchipper_offline_probe() -> str:
    """What wordchipper does offline with nothing in its cache: it cannot
    download the rank file, and says so or not."""
    import tempfile

    code = ("import wordchipper\nt = wordchipper.Tokenizer.from_pretrained('cl100k_base')\n"
            "print(t.vocab_size, t.encode('hello world'))")
    with tempfile.TemporaryDirectory() as empty:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              env=dict(os.environ, WORDCHIPPER_CACHE_DIR=empty))
        left = sorted(f"{p.relative_to(empty)} ({p.stat().st_size} bytes)" for p in Path(empty).rglob("*") if p.is_file())
    if done.returncode:
        return f"from_pretrained('cl100k_base') with an empty cache, offline: fails ({done.stderr.strip()[-160:]})"
    return (f"from_pretrained('cl100k_base') with an empty cache, offline: no error; vocab_size, "
            f"encode('hello world') = {done.stdout.strip()} (tiktoken: [15339, 1917]); left in the cache: "
            f"{', '.join(left) or 'nothing'}")


def release_month(distribution: str) -> str:
    try:
        for line in PYPI_LIST.open(encoding="utf-8"):
            name, version, month, *_ = line.rstrip("\n").split("\t")
            if name.lower() == distribution.lower():
                return f"{version} ({month})"
    except OSError:
        pass
    return "?"


def survey(shelf, texts, engines, process: bool, runs: int, work: Path) -> dict:
    results = {"references": {}, "candidates": {}}
    cases = {}
    for entry in shelf:
        ref_name, ref_loader = REFERENCES[entry["kind"]]
        ref = ref_loader(entry)
        special = SPECIAL_TEXT[entry["kind"]]
        want = {"a": ref.primary(texts["a"]), "b": ref.primary(special), "d": ref.primary(texts["d"]),
                "c": [(seed, ref.primary(text)) for seed, text in texts["c"]]}
        if texts.get("e"):
            want["e"] = ref.primary(texts["e"])
        want_ordinary = None
        if ref.ordinary is not None:
            want_ordinary = {"a": ref.ordinary(texts["a"]), "b": ref.ordinary(special)}
        cases[entry["name"]] = (entry, want, want_ordinary, special)
        row = {"library": ref_name, "how": ref.how, "speed": speed(ref.timed, texts["d"], texts["warm"], runs)}
        if process:
            row["startup"] = startup(ref.snippet, runs)
        results["references"][entry["name"]] = row
        print(f"reference {entry['name']}: {row['speed'].get('mbps', 0) or 0:.2f} MB/s", file=sys.stderr)
    for engine_name in engines:
        loader = CANDIDATES[engine_name]
        try:
            version = importlib.metadata.version(DISTRIBUTIONS[engine_name])
        except importlib.metadata.PackageNotFoundError:
            results["candidates"][engine_name] = {"installed": None, "rows": {}}
            continue
        rows = {}
        for name, (entry, want, want_ordinary, special) in cases.items():
            try:
                engine = loader(entry, work)
            except Unsupported as why:
                rows[name] = {"supported": False, "label": entry["label"], "detail": str(why)}
                continue
            except BaseException as problem:  # noqa: BLE001 - a Rust panic is a BaseException
                if isinstance(problem, KeyboardInterrupt):
                    raise
                rows[name] = {"supported": False, "label": entry["label"],
                              "detail": f"load failed: {type(problem).__name__}: {str(problem)[:200]}"}
                continue
            row = {"supported": True, "label": entry["label"], "how": engine.how, "note": engine.note}
            main = engine.primary or engine.ordinary  # rs-bpe: ordinary only
            main_note = "" if engine.primary else " (ordinary mode: the engine has no special-token mode)"
            want_a = want["a"] if engine.primary else (want_ordinary or want)["a"]
            row["a"] = compare(main, texts["a"], want_a) | ({"mode": main_note} if main_note else {})
            row["b"] = compare(engine.primary, special, want["b"])
            if want_ordinary is not None:
                row["b_ordinary"] = compare(engine.ordinary, special, want_ordinary["b"])
            row["c"] = compare_seeds(main, texts["c"], want["c"])
            row["d"] = compare(main, texts["d"], want["d"])
            if "e" in want:
                row["e"] = compare(main, texts["e"], want["e"])
            row["speed"] = speed(engine.timed, texts["d"], texts["warm"], runs)
            if process:
                row["startup"] = startup(engine.snippet, runs)
            rows[name] = row
            print(f"{engine_name} {name}: " + " ".join(f"{k}={row[k]['ok']}" for k in ("a", "b", "c", "d")),
                  file=sys.stderr)
        results["candidates"][engine_name] = {"installed": version, "release": release_month(engine_name),
                                              "rows": rows}
    return results


# ==== reporting ====

def _mark(check: dict | None) -> str:
    if check is None:
        return "—"
    if check["ok"] is None:
        return "n/a"
    return "yes" if check["ok"] else "NO"


def table(results: dict, markdown: bool = False) -> str:
    head = ["engine", "tokenizer", "a", "b", "b-ord", "c", "d", "e", "MB/s", "ref MB/s", "x", "unseen", "ref unseen",
            "cpu/wall", "start ms", "ref ms"]
    lines, skipped = [], []
    for engine_name, info in results["candidates"].items():
        if info["installed"] is None:
            skipped.append([engine_name, "", "not installed"])
            continue
        for name, row in info["rows"].items():
            ref = results["references"][name]
            label = row.get("label", name)
            if not row["supported"]:
                skipped.append([engine_name, label, "unsupported: " + row["detail"].splitlines()[0][:110]])
                continue
            mbps, ref_mbps = row["speed"].get("mbps"), ref["speed"].get("mbps")
            start, ref_start = row.get("startup", {}).get("ms"), ref.get("startup", {}).get("ms")
            lines.append([engine_name, label, _mark(row["a"]), _mark(row["b"]), _mark(row.get("b_ordinary")),
                          _mark(row["c"]), _mark(row["d"]), _mark(row.get("e")),
                          f"{mbps:.2f}" if mbps else "err", f"{ref_mbps:.2f}" if ref_mbps else "err",
                          f"{mbps / ref_mbps:.2f}" if mbps and ref_mbps else "",
                          f"{row['speed']['unseen_mbps']:.2f}" if mbps else "",
                          f"{ref['speed']['unseen_mbps']:.2f}" if ref_mbps else "",
                          f"{row['speed'].get('cpu_per_wall', 0):.2f}" if mbps else "",
                          f"{start:.0f}" if start else ("err" if "startup" in row else ""),
                          f"{ref_start:.0f}" if ref_start else ""])
    if markdown:
        out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        out += ["| " + " | ".join(line) + " |" for line in lines]
        out += ["", "Not loadable offline:", ""] + [f"- {e} / {t or '-'}: {why}" for e, t, why in skipped]
        return "\n".join(out)
    widths = [max(len(h), *(len(line[i]) for line in lines)) for i, h in enumerate(head)]
    fmt = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()  # noqa: E731
    out = [fmt(head), fmt(["-" * w for w in widths])] + [fmt(line) for line in lines]
    return "\n".join(out + ["", "Not loadable offline:"] + [f"  {e:<12} {t:<20} {why}" for e, t, why in skipped])


def failures(results: dict) -> str:
    out = []
    for engine_name, info in results["candidates"].items():
        for name, row in info.get("rows", {}).items():
            if not row.get("supported"):
                continue
            for key in ("a", "b", "b_ordinary", "c", "d", "e"):
                check = row.get(key)
                if check and check["ok"] is False:
                    out.append(f"{engine_name} / {row['label']} / {key}: {check['detail']}")
            for key in ("speed", "startup"):
                if row.get(key, {}).get("detail"):
                    out.append(f"{engine_name} / {row['label']} / {key}: {row[key]['detail']}")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--work", type=Path, default=Path("/tmp/engine_survey/inputs"))
    parser.add_argument("--engines", nargs="*", default=list(CANDIDATES), choices=list(CANDIDATES))
    parser.add_argument("--tokenizers", nargs="*", help="shelf names (default: all)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--mixed-seeds", type=int, default=9, help="(c): how many 200k mixed texts (default 9)")
    parser.add_argument("--no-en", action="store_true", help="skip (e), 1 MB of bench/corpora.py 'en'")
    parser.add_argument("--cores", type=int, default=1,
                        help="CPUs this process (the in-process speed test) may use; 0 = all (default 1)")
    parser.add_argument("--no-process", action="store_true", help="skip the start-up (python -c) test")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args()

    if args.cores:
        os.sched_setaffinity(0, sorted(ALL_CPUS)[:args.cores])
    shelf = prepare(args.work)
    if args.tokenizers:
        shelf = [e for e in shelf if e["name"] in args.tokenizers or e["label"] in args.tokenizers]
    ordinary, label = ordinary_text()
    warm = generated_text() if label.startswith("ordinary") else mixed_text() * 5  # never the measured text
    seeds = [MIXED_SEED, *range(1, args.mixed_seeds)]
    texts = {"a": TEXT, "c": [(seed, mixed_text(seed=seed)) for seed in seeds], "d": ordinary, "warm": warm,
             "e": None if args.no_en else en_text()}
    results = survey(shelf, texts, args.engines, not args.no_process, args.runs, args.work)
    probes = {}
    if "wordchipper" in args.engines and results["candidates"]["wordchipper"]["installed"]:
        probes["wordchipper offline"] = wordchipper_offline_probe()
    results["meta"] = {"python": platform.python_version(), "machine": platform.machine(), "corpus": label,
                       "cpus": os.cpu_count(), "mixed_seeds": seeds, "mixed_chars": MIXED_CHARS,
                       "mixed_bytes": [len(t.encode("utf-8")) for _, t in texts["c"]],
                       "en_bytes": len(texts["e"].encode("utf-8")) if texts["e"] else None,
                       "references": {d: importlib.metadata.version(d)
                                      for d in ("tiktoken", "tokenizers", "sentencepiece")},
                       "versions": {n: i["installed"] for n, i in results["candidates"].items()},
                       "releases": {n: i.get("release") for n, i in results["candidates"].items()},
                       "probes": probes}
    print(f"\n1 MB text: {label}; mixed text: {MIXED_CHARS:,} characters x {len(seeds)} seeds; speed on "
          f"{len(os.sched_getaffinity(0))} CPU(s): MB/s = best of {args.runs} warm calls, unseen = first call on the "
          "text after a warm-up on another; a = multilingual line, b = special tokens (b-ord: as plain text), "
          "c = 200k mixed, d = 1 MB, e = 1 MB of reStructuredText (extra)")
    print(table(results))
    problems = failures(results)
    problems += "".join(f"\n{k}: {v}" for k, v in probes.items())
    if problems:
        print("\nDifferences and errors:\n" + problems)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str), encoding="utf-8")
    if args.markdown:
        args.markdown.write_text(table(results, markdown=True) + "\n\n" + problems + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
