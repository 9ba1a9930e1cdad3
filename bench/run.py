"""Side-by-side benchmark of byte-level BPE: this project against HF
``tokenizers`` (one thread and default threads), ``sentencepiece`` (bpe,
unigram), ``tiktoken`` (encoding) and a naive full-recount trainer.

    .venv/bin/python bench/run.py                 # 1 MB and 10 MB, a few minutes
    .venv/bin/python bench/run.py --full          # adds 50 MB
    .venv/bin/python bench/run.py --sizes 1M --corpora generated --repeats 5 --json out.json

Every measurement runs in a fresh subprocess (``--worker``), so its wall
time, CPU time and peak RSS (the child's own ``ru_maxrss``) belong to one
system alone.  Systems are interleaved (A B C, A B C, ...), each figure is
the median over the rounds, and a ratio to HF is the median of the per-round
ratios.  The slow systems (sentencepiece, tiktoken, naive) run in the first
round only.

All systems train on the same records (the corpus lines without their
endings) with the GPT-2 split pattern; HF uses ``ByteLevel(add_prefix_space
=False)`` with all 256 bytes as its alphabet and the same three specials, so
vocab V means V - 259 merges everywhere.  The bench checks our merges
against the naive recount's first steps and compares them with HF's: HF
breaks ties by its own IDs (ByteLevel characters sorted by code point), not
by byte values, so the first tie where the two orders differ is reported
with its step.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import sys
import tempfile
import time
from array import array
from collections import Counter
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import char_bench  # noqa: E402
import corpora  # noqa: E402
import measure  # noqa: E402
from measure import fmt, median, run_worker, summarise_naive, summarise_train  # noqa: E402

SPECIALS = ["<BOS>", "<EOS>", "<PAD>"]
GPT2 = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""


# ==== workers: one measurement each, in their own process ====

def _byte_level_map() -> dict[int, str]:
    """GPT-2's bytes -> printable characters, which HF's ByteLevel uses."""
    keep = [*range(33, 127), *range(161, 173), *range(174, 256)]
    extra = [b for b in range(256) if b not in keep]
    return {**{b: chr(b) for b in keep}, **{b: chr(256 + i) for i, b in enumerate(extra)}}


def _train(task, recs):
    system, vocab, out = task["system"], task["vocab"], task["out"]
    if system == "ours":
        from core.models import byte_bpe
        marks = {}
        wanted = {1, task.get("mark", 0)}

        def progress(step, _total):
            now = time.perf_counter()
            if step in wanted:
                marks[step] = now
            marks["last"] = now
        model = byte_bpe.train(recs, vocab - 259, pretokenizer="gpt2", progress=progress)
        Path(out).write_text(json.dumps(model.to_asset_model()), encoding="utf-8")
        pairs = [[model.token_bytes(m.left).hex(), model.token_bytes(m.right).hex()] for m in model.merges]
        return {"merges": pairs, "marks": {str(k): v for k, v in marks.items()}}
    if system == "ours-hf-order":
        # Our trainer with HF's base order: relabel each byte by the rank of
        # its ByteLevel character, so "smallest pair by our IDs" becomes
        # "smallest pair by HF's IDs"; split first, on the real text.
        from core.models import byte_train
        char = _byte_level_map()
        order = sorted(range(256), key=char.__getitem__)
        relabel = bytes(order.index(b) for b in range(256))
        words = {w.translate(relabel): n for w, n in byte_train.count_words(recs, "gpt2").items()}
        steps, _ = byte_train.learn(words, vocab - 259, 259)
        table = {i: bytes([b]) for i, b in enumerate(order)}
        pairs = []
        for new_id, (left, right, *_rest) in enumerate(steps, start=259):
            table[new_id] = table[left] + table[right]
            pairs.append([table[left].hex(), table[right].hex()])
        return {"merges": pairs}
    if system == "hf":
        from tokenizers import Tokenizer, models, pre_tokenizers, trainers
        tok = Tokenizer(models.BPE())
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
        trainer = trainers.BpeTrainer(vocab_size=vocab, special_tokens=SPECIALS, min_frequency=0,
                                      initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False)
        tok.train_from_iterator(recs, trainer)
        back = {c: b for b, c in _byte_level_map().items()}
        merges = json.loads(tok.to_str())["model"]["merges"]
        pairs = [[bytes(back[c] for c in part).hex() for part in (m.split(" ") if isinstance(m, str) else m)]
                 for m in merges]
        return {"merges": pairs}
    if system.startswith("spm-"):
        import io
        import sentencepiece as spm
        spm.SentencePieceTrainer.train(
            sentence_iterator=iter([r for r in recs if r.strip()]), model_writer=io.BytesIO(),
            vocab_size=vocab, model_type=system[4:], byte_fallback=True, character_coverage=1.0,
            max_sentence_length=1 << 20, hard_vocab_limit=False, minloglevel=2, num_threads=os.cpu_count())
        return {}
    if system == "naive":
        result = _naive(recs, task["steps"])
        result["samples"] = _naive_samples(recs, task["asset"], task["samples"])
        return result
    raise ValueError(system)


def _naive(recs, steps):
    """Recount every pair of every distinct pre-token at every step."""
    import regex
    split = regex.compile(GPT2).findall
    words = Counter()
    for r in recs:
        words.update(split(r))
    words = [(list(w.encode("utf-8")), n) for w, n in words.items()]
    pairs, times, next_id, start = [], [], 259, time.perf_counter()
    tokens = {i: bytes([i]) for i in range(256)}
    for _ in range(steps):
        stats = Counter()
        for w, n in words:
            for p in zip(w, w[1:]):
                stats[p] += n
        if not stats:
            break
        top = max(stats.values())
        pair = min(p for p, c in stats.items() if c == top)
        tokens[next_id] = tokens[pair[0]] + tokens[pair[1]]
        pairs.append([tokens[pair[0]].hex(), tokens[pair[1]].hex(), top])
        for w, _ in words:
            i = 0
            while i < len(w) - 1:
                if w[i] == pair[0] and w[i + 1] == pair[1]:
                    w[i:i + 2] = [next_id]
                i += 1
        next_id += 1
        times.append(time.perf_counter() - start)
    return {"merges": pairs, "step_times": times}


def _naive_step(words, next_id) -> None:
    stats = Counter()
    for w, n in words:
        for p in zip(w, w[1:]):
            stats[p] += n
    if not stats:
        return
    top = max(stats.values())
    pair = min(p for p, c in stats.items() if c == top)
    for w, _ in words:
        i = 0
        while i < len(w) - 1:
            if w[i] == pair[0] and w[i + 1] == pair[1]:
                w[i:i + 2] = [next_id]
            i += 1


def _naive_samples(recs, asset, steps) -> dict[str, float]:
    """The naive step's cost later in the run: reach the state before step
    s with our merges (the bench checks they agree), then time one step."""
    from core.models import byte_bpe, byte_train
    model = byte_bpe.ByteBPE.from_asset_model(json.loads(Path(asset).read_text(encoding="utf-8")))
    words = byte_train.count_words(recs, "gpt2")
    costs = {}
    for step in steps:
        before = byte_bpe.ByteBPE(model.merges[:step - 1], model.specials, model.pretokenizer)
        state = [(list(before._merge_chunk(w)), n) for w, n in words.items()]
        t0 = time.perf_counter()
        _naive_step(state, 259 + step - 1)
        costs[str(step)] = time.perf_counter() - t0
    return costs


def _encode(task, recs):
    system = task["system"]
    if system == "ours":
        from core.models import byte_bpe
        model = byte_bpe.ByteBPE.from_asset_model(json.loads(Path(task["asset"]).read_text(encoding="utf-8")))
        t0 = time.perf_counter()
        ids = model.encode_batch(recs)
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        ids = model.encode_batch(recs)
        return ids, {"cold": cold, "warm": time.perf_counter() - t0}
    model = json.loads(Path(task["asset"]).read_text(encoding="utf-8"))
    table = {i: bytes([i]) for i in range(256)}
    for m in model["merges"]:
        table[m["id"]] = table[m["pair"][0]] + table[m["pair"][1]]
    if system == "hf":
        from tokenizers import Tokenizer, models, pre_tokenizers
        char = _byte_level_map()
        text = lambda data: "".join(char[b] for b in data)  # noqa: E731
        vocab = {text(data): i for i, data in sorted(table.items(), reverse=True)}
        merges = [(text(table[m["pair"][0]]), text(table[m["pair"][1]])) for m in model["merges"]]
        tok = Tokenizer(models.BPE(vocab=vocab, merges=merges))
        tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
        t0 = time.perf_counter()
        out = tok.encode_batch(recs)
        wall = time.perf_counter() - t0
        return [o.ids for o in out], {"cold": wall}
    if system == "tiktoken":
        import tiktoken
        ranks = {}
        for i, data in sorted(table.items()):
            ranks.setdefault(data, i)  # a byte string learned twice keeps its first ID
        enc = tiktoken.Encoding("bench", pat_str=GPT2, mergeable_ranks=ranks,
                                special_tokens={s: 256 + i for i, s in enumerate(SPECIALS)})
        t0 = time.perf_counter()
        out = enc.encode_ordinary_batch(recs, num_threads=task["threads"])
        return out, {"cold": time.perf_counter() - t0}
    raise ValueError(system)


_MODULES = {"ours": ["core.models.byte_bpe"], "ours-hf-order": ["core.models.byte_train"], "hf": ["tokenizers"], "spm-bpe": ["sentencepiece"],
            "spm-unigram": ["sentencepiece"], "tiktoken": ["tiktoken"], "naive": ["regex"]}


_CHAR_MODULES = {"hf": ["tokenizers"]}
_TRAIN = {"train": _train, "char-train": char_bench.train, "char-trace": char_bench.trace_task}


def worker(task: dict) -> dict:
    if task["kind"].startswith("char-"):
        modules = _CHAR_MODULES.get(task.get("system"), ["core.models.char_bpe", "core.pipeline.pretokenize"])
    else:
        modules = _MODULES[task["system"]]
    for module in modules:  # imports are not part of the timed work
        __import__(module)
    recs = corpora.records(Path(task["corpus"]))
    base = measure.reset_peak_rss()
    c0, t0 = time.process_time(), time.perf_counter()
    if task["kind"] in _TRAIN:
        result = _TRAIN[task["kind"]](task, recs)
        result["wall"] = time.perf_counter() - t0
        if "marks" in result:
            result["marks"] = {k: v - t0 for k, v in result["marks"].items()}
    else:
        ids, result = _encode(task, recs)
        flat = array("I", (i for row in ids for i in row))
        result.update(tokens=len(flat), digest=hashlib.sha256(flat.tobytes()).hexdigest()[:16])
    result["cpu"] = time.process_time() - c0
    result["rss_mb"] = measure.peak_rss_kb() / 1024
    result["base_mb"] = base / 1024
    return result


# ==== the driver ====

def first_difference(ours, theirs) -> int | None:
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if list(a[:2]) != list(b[:2]):
            return i
    return None if len(ours) == len(theirs) else min(len(ours), len(theirs))


def explain_hf(recs, asset_path, ours, hf) -> str:
    at = first_difference(ours, hf)
    if at is None:
        return f"HF merges equal ours ({len(ours)} steps)"
    if at >= min(len(ours), len(hf)):
        return f"equal for the first {at} steps; then one of them stops ({len(ours)} vs {len(hf)} merges)"
    from core.models import byte_bpe
    model = byte_bpe.ByteBPE.from_asset_model(json.loads(Path(asset_path).read_text(encoding="utf-8")))
    table = {model.token_bytes(i).hex(): i for i in reversed(range(model.vocab_size)) if i not in (256, 257, 258)}
    theirs = tuple(table.get(h) for h in hf[at][:2])
    tied = byte_bpe.step_ties(recs, model, at + 1)
    step = model.merges[at]
    ours_text = f"{model.token_bytes(step.left)!r}+{model.token_bytes(step.right)!r}"
    hf_text = "+".join(repr(bytes.fromhex(h)) for h in hf[at][:2])
    if theirs in tied:
        return (f"equal for the first {at} steps; step {at + 1} is a {len(tied)}-way tie at count {step.count}: "
                f"ours takes {ours_text} (smallest byte values), HF {hf_text} (smallest HF IDs, which order "
                "bytes as their ByteLevel characters); after that the runs differ")
    return (f"equal for the first {at} steps; at step {at + 1} ours takes {ours_text} (count {step.count}) and HF "
            f"{hf_text}, which is not tied with it: a real disagreement")


def compare_hf_order(result, hf) -> str:
    if "error" in result:
        return f"failed: {result['error']}"
    ours = result["merges"]
    at = first_difference(ours, hf)
    if at is None:
        return f"all {len(ours)} merges equal HF's exactly"
    if at >= min(len(ours), len(hf)):
        return f"equal for all {at} shared steps; ours has {len(ours)} merges, HF {len(hf)}"
    show = lambda m: "+".join(repr(bytes.fromhex(h)) for h in m[:2])  # noqa: E731
    return f"DIFFER at step {at + 1}: ours {show(ours[at])}, HF {show(hf[at])} (equal before)"


def bench_size(name, size, args, report):
    path, info = corpora.build(name, size)
    mb = info["bytes"] / 1e6
    head = f"== {name} {mb:.1f} MB" + (" (source repeated)" if info["repeated"] else "") + " =="
    print(f"\n{head}", flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="subword-bench-"))
    recs = corpora.records(path)
    section = {"corpus": info, "train": {}, "encode": {}}
    report.append(section)
    naive_steps = args.naive_steps if size <= 1_000_000 else args.naive_steps_large
    systems = [("ours", None), ("hf-1", 1), ("hf", None)]
    slow = [] if args.skip_slow else [("spm-bpe", None), ("spm-unigram", None)]
    asset = None
    for vocab in args.vocabs:
        runs = {s: [] for s, _ in systems + slow}
        for rnd in range(args.repeats):
            for system, threads in systems + (slow if rnd == 0 else []):
                task = {"kind": "train", "system": "hf" if system == "hf-1" else system, "vocab": vocab,
                        "corpus": str(path),
                        "out": str(tmp / f"{system}-{vocab}.json"), "mark": naive_steps}
                runs[system].append(run_worker(task, threads))
        rows = summarise_train(runs, f"train byte-level BPE to vocab {vocab} ({vocab - 259} merges)")
        section["train"][vocab] = rows
        ours, hf = runs["ours"][0], runs["hf-1"][0]
        if "merges" in ours and "merges" in hf:
            rows["hf_merges"] = explain_hf(recs, tmp / f"ours-{vocab}.json", ours["merges"], hf["merges"])
            print(f"   merges vs HF: {rows['hf_merges']}")
            same_order = run_worker({"kind": "train", "system": "ours-hf-order", "vocab": vocab,
                                     "corpus": str(path), "out": ""})
            rows["hf_order"] = compare_hf_order(same_order, hf["merges"])
            print(f"   with HF's tie order (bytes ranked as HF's ByteLevel IDs): {rows['hf_order']}")
        if vocab == args.vocabs[-1]:
            asset = tmp / f"ours-{vocab}.json"
            total = len(ours.get("merges", []))
            if naive_steps and total > naive_steps:
                samples = sorted({max(naive_steps + 1, total * q // 4) for q in (1, 2, 3, 4)})
                naive = run_worker({"kind": "train", "system": "naive", "steps": naive_steps, "vocab": vocab,
                                    "corpus": str(path), "out": "", "asset": str(asset), "samples": samples})
                rows["naive"] = summarise_naive(naive, runs["ours"], naive_steps, total)
    if asset is not None and asset.exists():
        section["encode"] = bench_encode(path, asset, mb, args)
    return section


def bench_encode(path, asset, mb, args):
    systems = [("ours", "ours", None), ("hf-1", "hf", 1), ("hf", "hf", None),
               ("tiktoken-1", "tiktoken", 1), ("tiktoken", "tiktoken", 8)]
    runs = {s: [] for s, _, _ in systems}
    for rnd in range(args.repeats):
        for label, system, threads in systems:
            if system == "tiktoken" and rnd:
                continue  # a slow system: first round only
            task = {"kind": "encode", "system": system, "corpus": str(path), "asset": str(asset),
                    "threads": threads or 8}
            runs[label].append(run_worker(task, threads if system == "hf" else None))
    print(f" encode the corpus with the vocab-{args.vocabs[-1]} merges (MB/s, median of {args.repeats}; "
          "tiktoken once)")
    print(f"   {'system':<16}{'MB/s':>8}{'peak MB':>9}  same IDs as ours")
    digest = runs["ours"][0].get("digest")
    rows = {}
    for label, results in runs.items():
        ok = [r for r in results if "error" not in r]
        if not ok:
            print(f"   {label:<16}failed: {results[0]['error'][:80]}")
            continue
        for phase in (("cold", "warm") if label == "ours" else ("cold",)):
            rate = median([mb / r[phase] for r in ok])
            name = f"{label} {phase}" if label == "ours" else label
            rows[name] = {"mb_s": rate, "rss_mb": median([r["rss_mb"] for r in ok]),
                          "same_ids": ok[0]["digest"] == digest}
            print(f"   {name:<16}{fmt(rate, '.1f'):>8}{fmt(rows[name]['rss_mb'], '.0f'):>9}  "
                  f"{'yes' if rows[name]['same_ids'] else 'no'}")
    for ours, other in (("ours cold", "hf-1"), ("ours cold", "hf"), ("ours warm", "tiktoken-1"),
                        ("ours warm", "tiktoken")):
        if ours in rows and other in rows:
            print(f"   {ours} / {other}: {rows[ours]['mb_s'] / rows[other]['mb_s']:.2f}x")
    return rows


def machine() -> str:
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor())
    versions = []
    for module in ("tokenizers", "sentencepiece", "tiktoken", "regex"):
        try:
            versions.append(f"{module} {__import__(module).__version__}")
        except Exception:  # noqa: BLE001 - a missing system is reported, not fatal
            versions.append(f"{module} missing")
    return (f"{date.today()} · {model} · {os.cpu_count()} cores · Python {platform.python_version()} · "
            + ", ".join(versions))


def parse_size(text: str) -> int:
    text = text.strip().upper()
    factor = {"K": 1000, "M": 1000_000}.get(text[-1], 1)
    return int(float(text.rstrip("KM")) * factor)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--sizes", default="1M,10M", help="comma-separated corpus sizes (default 1M,10M)")
    parser.add_argument("--full", action="store_true", help="add 50M to the sizes")
    parser.add_argument("--corpora", default="en,generated,zh", help="en, zh, generated (zh only up to 1M "
                                                                      "unless --full)")
    parser.add_argument("--vocabs", default="4096,16384")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--naive-steps", type=int, default=1000, help="naive recount steps at 1 MB")
    parser.add_argument("--naive-steps-large", type=int, default=100, help="naive recount steps above 1 MB")
    parser.add_argument("--skip-slow", action="store_true", help="leave out sentencepiece")
    parser.add_argument("--only", default="byte,char,trace,gui",
                        help="comma-separated parts: byte, char, trace (30k-merge char trace), gui")
    parser.add_argument("--char-merges", default="4000,16000", help="merges for the char BPE runs")
    parser.add_argument("--char-pretokenizers", default="whitespace", help="whitespace and/or gpt2")
    parser.add_argument("--trace-merges", type=int, default=30_000)
    parser.add_argument("--json", help="also write the results here")
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(json.loads(args.worker))))
        return 0
    args.vocabs = [int(v) for v in args.vocabs.split(",")]
    args.char_merges = [int(v) for v in args.char_merges.split(",")]
    args.char_pretokenizers = args.char_pretokenizers.split(",")
    parts = args.only.split(",")
    sizes = [parse_size(s) for s in args.sizes.split(",")] + ([50_000_000] if args.full else [])
    started = time.perf_counter()
    print(f"machine: {machine()}")
    report = []
    for name in args.corpora.split(","):
        for size in sizes:
            if name == "zh" and size > 1_000_000 and not args.full:
                continue
            for part, run in (("byte", bench_size), ("char", char_bench.bench)):
                if part not in parts:
                    continue
                try:
                    run(name, size, args, report)
                except corpora.CorpusUnavailable as exc:
                    print(f"\n== {name}: skipped: {exc}")
    if "trace" in parts:
        char_bench.bench_trace("en", 10_000_000, args, report)
    if "gui" in parts:
        import gui_bench
        report.append({"gui": gui_bench.run(args.repeats)})
    print(f"\ntotal {time.perf_counter() - started:.0f} s")
    if args.json:
        Path(args.json).write_text(json.dumps({"machine": machine(), "results": report}, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
