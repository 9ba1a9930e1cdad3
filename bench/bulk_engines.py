"""Whole-process encoding of large files: ``main.py encode NAME --file F
--ids-only`` against tiktoken's and fastokens' own processes on the same
file, and where fastokens starts to pay (``core.engines.BULK_FROM``).

    .venv/bin/python bench/bulk_engines.py                                  # cl100k_base, 1 MB and 100 MB
    .venv/bin/python bench/bulk_engines.py --names r50k_base o200k_base --sizes 1M 20M --rounds 3
    .venv/bin/python bench/bulk_engines.py --crossover --sizes 2M 5M 10M 20M   # tiktoken vs fastokens, forced

Every system is one fresh process that reads the file, encodes it in one
call and writes the IDs space-separated on one line to a file (the
command's output); the outputs must be identical.

* ``ours wN``: ``main.py encode NAME --file F --ids-only --workers N``
  (auto: tiktoken, or fastokens from BULK_FROM characters per vocabulary
  entry per thread); with ``--crossover`` also forced ``--engine tiktoken``
  and ``--engine fastokens``.
* ``tiktoken``: a script that loads the local rank file with
  ``tiktoken.load.load_tiktoken_bpe``, the pattern and specials of
  ``tiktoken_ext.openai_public`` (never downloaded), and calls
  ``encode(text, allowed_special="all")``.
* ``fastokens``: ``fastokens.Tokenizer.from_tiktoken(file, pattern,
  special_tokens)`` and ``encode(text).ids``, its threads as it sets them
  itself (FASTOKENS_BPE_THREADS unset).

The text is bench/corpora.py's ``ordinary`` corpus: the 1 MB prefix, and
larger sizes as copies of the whole corpus (17 MB) with its 40-line blocks
shuffled and digits shifted per copy (``corpora._variant``), written to a
temporary folder that is deleted at the end.  Systems are interleaved round
by round after one unmeasured warm-up each (which also fills the app's
cache and writes every process's bytecode to a temporary folder,
PYTHONPYCACHEPREFIX, as an installed app has it); figures are medians;
``cores`` is CPU time over wall time.  The machine may be shared: take the
figures as rough.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import corpora  # noqa: E402  (bench/ on the path first)

SHELF = ROOT / "resources" / "shelf"

TIKTOKEN_SCRIPT = """
import json, sys
import tiktoken
from tiktoken.load import load_tiktoken_bpe
cfg = json.load(open(sys.argv[1]))
enc = tiktoken.Encoding(cfg["name"], pat_str=cfg["pat_str"], mergeable_ranks=load_tiktoken_bpe(cfg["path"]),
                        special_tokens=cfg["special_tokens"])
ids = enc.encode(open(sys.argv[2], encoding="utf-8").read(), allowed_special="all")
sys.stdout.write(" ".join(map(str, ids)))
sys.stdout.write("\\n")
"""

FASTOKENS_SCRIPT = """
import json, sys
import fastokens
cfg = json.load(open(sys.argv[1]))
tok = fastokens.Tokenizer.from_tiktoken(cfg["path"], pattern=cfg["pat_str"], special_tokens=cfg["special_tokens"])
ids = tok.encode(open(sys.argv[2], encoding="utf-8").read()).ids
sys.stdout.write(" ".join(map(str, ids)))
sys.stdout.write("\\n")
"""


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


def config(name: str, work: Path) -> Path:
    """The tokenizer's local rank file and definition, as the scripts read them."""
    path = work / f"{name}.tiktoken"
    with gzip.open(SHELF / f"{name}.tiktoken.gz", "rb") as src, open(path, "wb") as dst:
        shutil.copyfileobj(src, dst)
    out = work / f"{name}.json"
    out.write_text(json.dumps({"name": name, "path": str(path), **tiktoken_definition(name)}), encoding="utf-8")
    return out


def text_file(size: int, work: Path) -> Path:
    """``size`` bytes of whole lines of the ordinary corpus (1 MB and less: its prefix)."""
    if size <= 1_000_000:
        path, _ = corpora.build("ordinary", size)
        return path
    lines = corpora.source_text("ordinary", size).splitlines(keepends=True)
    path = work / f"ordinary-{size}.txt"
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


def systems(name: str, cfg: Path, text: Path, crossover: bool) -> dict[str, list[str]]:
    python = sys.executable
    ours = [python, "main.py", "encode", name, "--file", str(text), "--ids-only"]
    found = {}
    for workers in (1, 2):
        found[f"ours w{workers}"] = [*ours, "--workers", str(workers)]
        if crossover:
            for engine in ("tiktoken", "fastokens"):
                found[f"ours {engine} w{workers}"] = [*ours, "--workers", str(workers), "--engine", engine]
    if not crossover:
        found["tiktoken"] = [python, "-c", TIKTOKEN_SCRIPT, str(cfg), str(text)]
        found["fastokens"] = [python, "-c", FASTOKENS_SCRIPT, str(cfg), str(text)]
    return found


def measure(name: str, size: int, rounds: int, crossover: bool, work: Path) -> dict:
    cfg, text = config(name, work), text_file(size, work)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("FASTOKENS_", "RAYON_")) and k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
    commands = systems(name, cfg, text, crossover)
    times: dict[str, list[dict]] = {label: [] for label in commands}
    for k in range(rounds + 1):  # round 0 warms up (the app's cache, the page cache)
        for label, command in commands.items():
            result = run(command, env, work / "out.txt")
            if k:
                times[label].append(result)
    digests = {r["sha256"] for found in times.values() for r in found}
    if len(digests) != 1:
        raise SystemExit(f"{name} {size}: the systems' IDs differ")
    return {label: {"wall": statistics.median(r["wall"] for r in found),
                    "cores": statistics.median(r["cores"] for r in found)} for label, found in times.items()}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--names", nargs="+", default=["cl100k_base"], choices=["r50k_base", "cl100k_base", "o200k_base"])
    p.add_argument("--sizes", nargs="+", default=["1M", "100M"])
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--crossover", action="store_true", help="ours with tiktoken and fastokens forced, no scripts")
    p.add_argument("--json", help="also write the figures here")
    args = p.parse_args(argv)
    rows = []
    with tempfile.TemporaryDirectory(prefix="bulk-engines-") as folder:
        for size in map(parse_size, args.sizes):
            for name in args.names:
                figures = measure(name, size, args.rounds, args.crossover, Path(folder))
                rows.append({"name": name, "bytes": size, "figures": figures})
                base = {label: f["wall"] for label, f in figures.items() if label in ("tiktoken", "fastokens")}
                for label, f in figures.items():
                    ratios = "".join(f"  {other} / this {seconds / f['wall']:.2f}" for other, seconds in base.items())
                    print(f"{name:<12} {size / 1e6:>6.0f} MB  {label:<20} {f['wall']:7.2f} s  "
                          f"cores {f['cores']:.2f}{ratios}", flush=True)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
