"""Whole-process encoding, ours against each library's own process on the
same input: ``main.py encode NAME --file F --ids-only`` on large files, and
``main.py encode NAME --text hi --ids-only`` (start-up).

    .venv/bin/python bench/bulk_engines.py                                  # cl100k_base, 1 MB and 100 MB
    .venv/bin/python bench/bulk_engines.py --names all --sizes 1M           # every tokenizer the issue names
    .venv/bin/python bench/bulk_engines.py --names r50k_base o200k_base --sizes 1M 20M --rounds 3
    .venv/bin/python bench/bulk_engines.py --startup --names shelf --rounds 5   # "hi", every shelf tokenizer
    .venv/bin/python bench/bulk_engines.py --crossover --sizes 2M 5M 10M 20M   # tiktoken vs fastokens, forced

The tokenizers (``--names``; ``all`` is every one, ``shelf`` every shelf
name): the shelf's rank files (r50k_base, cl100k_base, o200k_base),
``gpt2-json`` (r50k_base written as a Hugging Face tokenizer.json by
``main.py export`` and read back by ``main.py import``: an imported GPT-2
tokenizer.json, which our encode is given as that asset file),
bert-base-uncased, and the shelf's SentencePiece models (spm-botchan-unigram,
spm-ja-unigram, mistral-v3-bpe).

Every system is one fresh process that reads the text, encodes it in one
call and writes the IDs space-separated on one line (the command's output,
to a file); the outputs must be identical, which also holds each library to
the app's default reading of specials in the text.

* ``ours wN``: ``main.py encode NAME --file F --ids-only --workers N``
  (auto: the engine ``main.py engines`` names; for BPE, tiktoken, or
  fastokens from BULK_FROM characters per vocabulary entry per thread);
  with ``--crossover`` also forced ``--engine tiktoken`` and ``--engine
  fastokens``.  ``--startup``: ``main.py encode NAME --text hi --ids-only``.
* The libraries' own processes, each loading the local file (never a
  download):

  - ``tiktoken`` (rank files): ``load_tiktoken_bpe`` on the rank file, the
    pattern and specials of ``tiktoken_ext.openai_public``, ``encode(text)``
    (tiktoken's default refuses specials in the text, as our encode does
    for a rank file);
  - ``fastokens`` (rank files and gpt2-json): ``Tokenizer.from_tiktoken(file,
    pattern, special_tokens)`` or ``Tokenizer.from_file(tokenizer.json)``,
    ``encode(text).ids``, its threads as it sets them itself
    (FASTOKENS_BPE_THREADS unset);
  - ``tokenizers``: ``Tokenizer.from_file(tokenizer.json)`` (gpt2-json) or
    ``BertWordPieceTokenizer(vocab.txt, lowercase=True)`` (bert-base-uncased),
    ``encode(text, add_special_tokens=False).ids``;
  - ``sentencepiece``: ``SentencePieceProcessor(model_file=...).encode(text)``.

  With ``--startup`` the matching library alone: tiktoken for rank files,
  tokenizers for BERT and the tokenizer.json, sentencepiece for .model.

The text is bench/corpora.py's ``ordinary`` corpus: the 1 MB prefix, and
larger sizes as copies of the whole corpus (17 MB) with its 40-line blocks
shuffled and digits shifted per copy (``corpora._variant``), written to a
temporary folder that is deleted at the end.  Systems are interleaved round
by round after one unmeasured warm-up each (which also fills the app's
cache and the page cache; ``--warm-ups 0`` when a run just before warmed
the same tokenizers); every process's bytecode is kept, as an installed
app has it, in the bench's cache folder (PYTHONPYCACHEPREFIX, as
bench/gui_bench.py does); figures are medians;
``cores`` is CPU time over wall time; ``load`` the 1-minute load average
before and after each tokenizer's runs, and ``two threads`` the cores two
threads hashing without Python's lock got just before them (about 2 when a
second core is free; near 1, no ``--workers 2`` figure can show a gain).
The machine may be shared: take the figures as rough.

Targets (issue 35): with a file, ours at ≥ 0.9× the speed of the fastest
library's own process with one worker and ≥ 1.6× with two; start-up
≤ 0.5 s and ≤ 2× the library's own.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYCACHE = Path(os.environ.get("SUBWORD_STUDIO_BENCH_CACHE", Path.home() / ".cache" / "subword-studio-bench")) / "pycache"
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import corpora  # noqa: E402  (bench/ on the path first)

SHELF = ROOT / "resources" / "shelf"
RANK_FILES = ("r50k_base", "cl100k_base", "o200k_base")
SENTENCEPIECE = ("spm-botchan-unigram", "spm-ja-unigram", "mistral-v3-bpe")
SHELF_NAMES = (*RANK_FILES, *SENTENCEPIECE, "bert-base-uncased")
NAMES = (*RANK_FILES, "gpt2-json", "bert-base-uncased", *SENTENCEPIECE)

# Each script: argv[1] the JSON config written by ``config``, then ``--file
# PATH`` or ``--text TEXT``; it prints the IDs on one line.
READ = """
import json, sys
cfg = json.load(open(sys.argv[1]))
text = open(sys.argv[3], encoding="utf-8").read() if sys.argv[2] == "--file" else sys.argv[3]
"""
WRITE = """
sys.stdout.write(" ".join(map(str, ids)))
sys.stdout.write("\\n")
"""
SCRIPTS = {
    "tiktoken": """
import tiktoken
from tiktoken.load import load_tiktoken_bpe
enc = tiktoken.Encoding(cfg["name"], pat_str=cfg["pat_str"], mergeable_ranks=load_tiktoken_bpe(cfg["path"]),
                        special_tokens=cfg["special_tokens"])
ids = enc.encode(text)
""",
    "fastokens ranks": """
import fastokens
tok = fastokens.Tokenizer.from_tiktoken(cfg["path"], pattern=cfg["pat_str"], special_tokens=cfg["special_tokens"])
ids = tok.encode(text).ids
""",
    "fastokens json": """
import fastokens
ids = fastokens.Tokenizer.from_file(cfg["path"]).encode(text).ids
""",
    "tokenizers json": """
from tokenizers import Tokenizer
ids = Tokenizer.from_file(cfg["path"]).encode(text, add_special_tokens=False).ids
""",
    "tokenizers bert": """
from tokenizers import BertWordPieceTokenizer
ids = BertWordPieceTokenizer(cfg["path"], lowercase=True).encode(text, add_special_tokens=False).ids
""",
    "sentencepiece": """
import sentencepiece
ids = sentencepiece.SentencePieceProcessor(model_file=cfg["path"]).encode(text)
""",
}


def references(name: str) -> dict[str, str]:
    """The libraries' own processes for ``name``: label -> script; the
    first is the matching library, the one the start-up is set against."""
    if name in RANK_FILES:
        return {"tiktoken": "tiktoken", "fastokens": "fastokens ranks"}
    if name == "gpt2-json":
        return {"tokenizers": "tokenizers json", "fastokens": "fastokens json"}
    if name == "bert-base-uncased":
        return {"tokenizers": "tokenizers bert"}
    return {"sentencepiece": "sentencepiece"}


def parse_size(text: str) -> int:
    units = {"K": 10 ** 3, "M": 10 ** 6, "G": 10 ** 9}
    return int(float(text[:-1]) * units[text[-1].upper()]) if text[-1].upper() in units else int(text)


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


def gunzip(stored: str, work: Path) -> Path:
    path = work / stored.removesuffix(".gz")
    if not path.exists():
        with gzip.open(SHELF / stored, "rb") as src, open(path, "wb") as dst:
            shutil.copyfileobj(src, dst)
    return path


def app(*args: str) -> None:
    done = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"main.py {' '.join(args)}: exit {done.returncode}: {done.stderr[-400:]}")


def config(name: str, work: Path) -> tuple[str, Path]:
    """What our encode is given (a shelf name or an asset file) and the
    scripts' config: the local file they load, and for a rank file its
    pattern and specials."""
    out = work / f"{name}.json"
    manifest = {e["name"]: e for e in json.loads((SHELF / "manifest.json").read_text(encoding="utf-8"))["entries"]}
    asset, found = name, {}
    if name in RANK_FILES:
        found = {"name": name, "path": str(gunzip(f"{name}.tiktoken.gz", work)), **tiktoken_definition(name)}
    elif name == "gpt2-json":
        folder = work / "gpt2"
        folder.mkdir(exist_ok=True)
        if not (folder / "asset.json").exists():
            app("export", "r50k_base", "--format", "hf", "-o", str(folder / "tokenizer.json"))
            app("import", str(folder / "tokenizer.json"), "--format", "hf", "-o", str(folder / "asset.json"))
        asset, found = str(folder / "asset.json"), {"path": str(folder / "tokenizer.json")}
    else:
        found = {"path": str(gunzip(manifest[name]["stored"], work))}
    out.write_text(json.dumps(found), encoding="utf-8")
    return asset, out


def text_file(size: int, work: Path) -> Path:
    """``size`` bytes of whole lines of the ordinary corpus (1 MB and less: its prefix)."""
    if size <= 1_000_000:
        path, _ = corpora.build("ordinary", size)
        return path
    lines = corpora.source_text("ordinary", size).splitlines(keepends=True)
    path = work / f"ordinary-{size}.txt"
    if path.exists():
        return path
    written, copy = 0, 0
    with open(path, "wb") as handle:
        while written < size:
            data = corpora._variant(lines, copy).encode("utf-8")
            if written + len(data) > size:
                data = data[:data.rfind(b"\n", 0, size - written) + 1]
            if not data:
                break
            handle.write(data)
            written += len(data)
            copy += 1
    return path


def run(command: list[str], env: dict, out: Path) -> dict:
    """One process: wall seconds, cores used (CPU over wall) and its output's hash."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(out, "wb") as handle:
        done = subprocess.run(command, cwd=ROOT, env=env, stdout=handle, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)}: exit {done.returncode}: {done.stderr.decode()[-400:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    digest = hashlib.sha256(out.read_bytes()).hexdigest()
    return {"wall": wall, "cores": cpu / wall, "sha256": digest}


def two_threads() -> float:
    """Cores that two threads got for a second of SHA-256 each (it lets go
    of Python's lock): CPU time over wall time."""
    data = bytes(100_000_000)
    start, cpu = time.perf_counter(), time.process_time()
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda d: [hashlib.sha256(d).digest() for _ in range(4)], [data, data]))
    return (time.process_time() - cpu) / (time.perf_counter() - start)


def systems(name: str, asset: str, cfg: Path, source: list[str], startup: bool,
            crossover: bool) -> dict[str, list[str]]:
    """label -> command; ``source`` is ``["--file", PATH]`` or ``["--text", TEXT]``."""
    python = sys.executable
    ours = [python, "main.py", "encode", asset, *source, "--ids-only"]
    found = {}
    if startup:
        found["ours"] = ours
    else:
        for workers in (1, 2):
            found[f"ours w{workers}"] = [*ours, "--workers", str(workers)]
            if crossover:
                for engine in ("tiktoken", "fastokens"):
                    found[f"ours {engine} w{workers}"] = [*ours, "--workers", str(workers), "--engine", engine]
    if not crossover:
        own = references(name)
        for label, script in list(own.items())[:1] if startup else own.items():
            found[label] = [python, "-c", READ + SCRIPTS[script] + WRITE, str(cfg), *source]
    return found


def measure(name: str, source: list[str], rounds: int, warm_ups: int, startup: bool, crossover: bool,
            work: Path) -> dict:
    asset, cfg = config(name, work)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FASTOKENS_", "RAYON_")) and k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    commands = systems(name, asset, cfg, source, startup, crossover)
    times: dict[str, list[dict]] = {label: [] for label in commands}
    control = two_threads()
    load = [os.getloadavg()[0]]
    for k in range(warm_ups + rounds):  # the first rounds warm up (the app's cache, the page cache)
        for label, command in commands.items():
            result = run(command, env, work / "out.txt")
            if k >= warm_ups:
                times[label].append(result)
    load.append(os.getloadavg()[0])
    digests = {label: {r["sha256"] for r in found} for label, found in times.items()}
    if len(set().union(*digests.values())) != 1:
        raise SystemExit(f"{name} {' '.join(source)}: the systems' IDs differ: "
                         + ", ".join(f"{label} {sorted(d)[0][:12]}" for label, d in digests.items()))
    return {"figures": {label: {"wall": statistics.median(r["wall"] for r in found),
                                "cores": statistics.median(r["cores"] for r in found),
                                "runs": [round(r["wall"], 3) for r in found]} for label, found in times.items()},
            "load": load, "two_threads": control}


def report(name: str, what: str, result: dict, startup: bool) -> None:
    """Prints each system's median, and against the fastest library's own
    (or with --startup the matching library's) the ratio and the target."""
    figures, (before, after) = result["figures"], result["load"]
    own = {label: f["wall"] for label, f in figures.items() if not label.startswith("ours")}
    fastest = min(own, key=own.get) if own else None
    for label, f in figures.items():
        line = f"{name:<20} {what:<8} {label:<20} {f['wall']:7.3f} s  cores {f['cores']:.2f}"
        if fastest and label.startswith("ours"):
            ratio = own[fastest] / f["wall"]
            if startup:
                met = f["wall"] <= 0.5 and f["wall"] <= 2 * own[fastest]
                line += f"  {fastest} / this {ratio:.2f}  (≤ 0.5 s and ≤ 2×: {'met' if met else 'MISSED'})"
            elif label in ("ours w1", "ours w2"):
                target = 0.9 if label == "ours w1" else 1.6
                verdict = "met" if ratio >= target else "MISSED"
                line += f"  {fastest} / this {ratio:.2f}  (≥ {target}: {verdict})"
            else:
                line += f"  {fastest} / this {ratio:.2f}"
        print(line, flush=True)
    print(f"{'':<20} {what:<8} load {before:.2f} → {after:.2f}, two threads got {result['two_threads']:.2f} cores",
          flush=True)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--names", nargs="+", default=["cl100k_base"], choices=[*NAMES, "all", "shelf"])
    p.add_argument("--sizes", nargs="+", default=["1M", "100M"])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--warm-ups", type=int, default=1, help="unmeasured rounds first (default 1)")
    p.add_argument("--startup", action="store_true", help='encode --text hi against the matching library, no file')
    p.add_argument("--crossover", action="store_true", help="ours with tiktoken and fastokens forced, no scripts")
    p.add_argument("--json", help="also write the figures here")
    args = p.parse_args(argv)
    names = [n for given in args.names for n in {"all": NAMES, "shelf": SHELF_NAMES}.get(given, [given])]
    if args.crossover and not set(names) <= {*RANK_FILES, "gpt2-json"}:
        p.error("--crossover: byte-level BPE only (the rank files, gpt2-json)")
    rows = []
    started = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    with tempfile.TemporaryDirectory(prefix="bulk-engines-") as folder:
        work = Path(folder)
        sources = ([("hi", ["--text", "hi"])] if args.startup else
                   [(f"{parse_size(s) / 1e6:g} MB", ["--file", str(text_file(parse_size(s), work))])
                    for s in args.sizes])
        for what, source in sources:
            for name in names:
                result = measure(name, source, args.rounds, args.warm_ups, args.startup, args.crossover, work)
                rows.append({"name": name, "input": what, "at": time.strftime("%H:%M:%S", time.gmtime()),
                             **result})
                report(name, what, result, args.startup)
                if args.json:  # after each tokenizer, so that a stopped run keeps what it measured
                    Path(args.json).write_text(json.dumps({"started": started, "rows": rows}, indent=2) + "\n",
                                               encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
