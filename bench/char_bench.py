"""Character BPE (``core.models.char_bpe``, every tie policy) against HF
``tokenizers``' ``BpeTrainer(end_of_word_suffix="</w>")`` (one thread and
default threads) and a naive full-recount trainer.

Words are the records split on whitespace (HF ``WhitespaceSplit``) or by
the GPT-2 pattern (HF ``Split(..., "isolated")``).  Everyone learns the
same number of merges K.  The symbols differ in one respect: ours keep
``</w>`` as a symbol of its own (seed 000), so merging it onto a last
character is a merge, while HF starts with ``c</w>`` already joined; HF's
vocab size is set to its starting alphabet plus K.  HF also breaks ties by
its own IDs, so its merges are not ours; the naive recount, which follows
each of our tie policies, must give exactly our first steps.

``--only trace`` trains 30,000 merges and reports what the trace holds
(per step: the winner, its count, the first 64 ties and their number) and
how long recomputing one step's full pair table takes.
"""

from __future__ import annotations

import json
import tempfile
import time
from collections import Counter
from pathlib import Path

import corpora
from measure import fmt, run_worker, summarise_naive, summarise_train

POLICIES = ("lexicographic", "first-seen", "subword-nmt")
GPT2 = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
END = "</w>"


def word_counts(recs, pretokenizer: str) -> Counter:
    """Every word with its count, in order of first appearance."""
    if pretokenizer == "whitespace":
        return Counter(w for r in recs for w in r.split())
    from core.pipeline import pretokenize
    return pretokenize.count_pieces(pretokenizer, Counter(recs))


def hf_alphabet_size(words) -> int:
    """HF's starting vocabulary: every character, plus each word's last
    character with the suffix joined to it."""
    return len({c for w in words for c in w} | {w[-1] + END for w in words})


# ==== workers (run in their own process by run.py --worker) ====

def train(task, recs):
    system, merges = task["system"], task["merges"]
    if system == "ours":
        from core.models import char_bpe
        from core.corpus import WordCorpus
        marks, wanted = {}, {1, task.get("mark", 0)}

        def progress(step, _total):
            now = time.perf_counter()
            if step in wanted:
                marks[step] = now
            marks["last"] = now
        words = word_counts(recs, task["pretokenizer"])
        model = char_bpe.train(WordCorpus(tuple(words), tuple(words.values())), merges=merges,
                               tie=task["tie"], progress=progress)
        return {"merges": [list(m.pair) for m in model.merges], "marks": marks}
    if system == "hf":
        from tokenizers import Regex, Tokenizer, models, pre_tokenizers, trainers
        tok = Tokenizer(models.BPE(end_of_word_suffix=END))
        tok.pre_tokenizer = (pre_tokenizers.WhitespaceSplit() if task["pretokenizer"] == "whitespace"
                             else pre_tokenizers.Split(Regex(GPT2), behavior="isolated"))
        trainer = trainers.BpeTrainer(vocab_size=task["hf_vocab"], min_frequency=0, show_progress=False,
                                      end_of_word_suffix=END)
        tok.train_from_iterator(recs, trainer)
        merges = json.loads(tok.to_str())["model"]["merges"]
        return {"merges": [m.split(" ") if isinstance(m, str) else m for m in merges]}
    if system == "naive":
        words = word_counts(recs, task["pretokenizer"])
        state = [([*w, END], n) for w, n in words.items()]
        result = naive(state, task["steps"], task["tie"])
        result["samples"] = naive_samples(words, task["tie"], task["merges_file"], task["samples"])
        return result
    raise ValueError(system)


def naive_step(state, tie):
    """One step of the plain trainer: count every pair, pick, merge."""
    stats: dict[tuple[str, str], int] = {}
    for symbols, n in state:
        for pair in zip(symbols, symbols[1:]):
            stats[pair] = stats.get(pair, 0) + n
    if not stats:
        return None
    top = max(stats.values())
    tied = [p for p, c in stats.items() if c == top]  # corpus order
    pair = min(tied) if tie == "lexicographic" else max(tied) if tie == "subword-nmt" else tied[0]
    left, right, new = pair[0], pair[1], pair[0] + pair[1]
    for symbols, _ in state:
        i = 0
        while i < len(symbols) - 1:
            if symbols[i] == left and symbols[i + 1] == right:
                symbols[i:i + 2] = [new]
            i += 1
    return pair


def naive(state, steps, tie):
    pairs, times, start = [], [], time.perf_counter()
    for _ in range(steps):
        pair = naive_step(state, tie)
        if pair is None:
            break
        pairs.append(list(pair))
        times.append(time.perf_counter() - start)
    return {"merges": pairs, "step_times": times}


def naive_samples(words, tie, merges_file, steps) -> dict[str, float]:
    """The naive step's cost later in the run: the state before step s
    (our merges, which the bench checks against the naive ones), timed."""
    from core.models.char_bpe import CharBPE, Merge
    pairs = json.loads(Path(merges_file).read_text(encoding="utf-8"))
    alphabet = tuple(sorted({c for w in words for c in w} | {END}))
    model = CharBPE(alphabet, tuple(Merge(r, a, b, a + b, 0) for r, (a, b) in enumerate(pairs, start=1)),
                    unk=None)
    costs = {}
    for step in steps:
        state = [(model.segment(w, limit=step - 1), n) for w, n in words.items()]
        t0 = time.perf_counter()
        naive_step(state, tie)
        costs[str(step)] = time.perf_counter() - t0
    return costs


def trace_task(task, recs):
    """Train ``merges`` steps and weigh the trace against full pair tables."""
    from core.models import char_bpe
    from core.corpus import WordCorpus
    words = word_counts(recs, task["pretokenizer"])
    corpus = WordCorpus(tuple(words), tuple(words.values()))
    t0 = time.perf_counter()
    model = char_bpe.train(corpus, merges=task["merges"], tie=task["tie"])
    wall = time.perf_counter() - t0
    steps = model.trace.steps
    t0 = time.perf_counter()
    last = model.trace.pair_counts(len(steps))
    recount = time.perf_counter() - t0
    recorded = sum(len(s.ties) for s in steps)
    return {"wall": wall, "steps": len(steps), "trace_mb": deep_size(steps) / 1e6,
            "ties_recorded": recorded, "ties_total": sum(s.tie_count for s in steps),
            "table_pairs": len(last), "table_mb": deep_size(last) / 1e6, "recount_s": recount,
            "first_table_mb": deep_size(model.trace.pair_counts(1)) / 1e6}


def deep_size(obj, seen=None) -> int:
    """Bytes held by ``obj`` and everything it refers to, each object once."""
    import sys
    seen = set() if seen is None else seen
    todo, total = [obj], 0
    while todo:
        item = todo.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            todo.extend(item)
        elif hasattr(item, "__dataclass_fields__"):
            todo.extend(getattr(item, name) for name in item.__dataclass_fields__)
    return total


# ==== the driver ====

def bench(name, size, args, report):
    path, info = corpora.build(name, size)
    recs = corpora.records(path)
    print(f"\n== char BPE: {name} {info['bytes'] / 1e6:.1f} MB ==", flush=True)
    section = {"corpus": info, "char": {}}
    report.append(section)
    naive_steps = args.naive_steps if size <= 1_000_000 else args.naive_steps_large
    tmp = Path(tempfile.mkdtemp(prefix="subword-bench-char-"))
    for pretokenizer in args.char_pretokenizers:
        words = word_counts(recs, pretokenizer)
        hf_vocab = hf_alphabet_size(words)
        for merges in args.char_merges:
            base = {"kind": "char-train", "corpus": str(path), "pretokenizer": pretokenizer, "merges": merges}
            systems = [("ours", {"system": "ours", "tie": POLICIES[0], "mark": naive_steps}, None),
                       ("hf-1", {"system": "hf", "hf_vocab": hf_vocab + merges}, 1),
                       ("hf", {"system": "hf", "hf_vocab": hf_vocab + merges}, None)]
            systems += [(f"ours {tie}", {"system": "ours", "tie": tie, "mark": naive_steps}, None)
                        for tie in POLICIES[1:]]
            runs = {label: [] for label, _, _ in systems}
            for _ in range(args.repeats):
                for label, task, threads in systems:
                    runs[label].append(run_worker({**base, **task}, threads))
            title = (f"train char BPE on {pretokenizer} words ({len(words):,} distinct), {merges:,} merges; "
                     "ours: lexicographic unless named")
            rows = summarise_train(runs, title)
            section["char"][f"{pretokenizer}-{merges}"] = rows
            if merges == args.char_merges[-1] and naive_steps:
                for tie, label in zip(POLICIES, ("ours", *(f"ours {t}" for t in POLICIES[1:]))):
                    rows[f"naive {tie}"] = _check_naive(runs[label], {**base, "tie": tie}, naive_steps, tmp)
    return section


def _check_naive(ours_runs, base, steps, tmp):
    ours = ours_runs[0].get("merges")
    if not ours or len(ours) <= steps:
        print(f"   naive {base['tie']}: skipped (ours has {len(ours or [])} merges)")
        return None
    merges_file = tmp / f"{base['pretokenizer']}-{base['tie']}.json"
    merges_file.write_text(json.dumps(ours), encoding="utf-8")
    total = len(ours)
    samples = sorted({max(steps + 1, total * q // 4) for q in (1, 2, 3, 4)})
    naive = run_worker({**base, "system": "naive", "steps": steps, "merges_file": str(merges_file),
                        "samples": samples})
    print(f"   tie policy {base['tie']}:")
    return summarise_naive(naive, ours_runs, steps, total)


def bench_trace(name, size, args, report):
    path, info = corpora.build(name, size)
    print(f"\n== char BPE trace: {name} {info['bytes'] / 1e6:.1f} MB, {args.trace_merges:,} merges ==", flush=True)
    for tie in POLICIES:
        r = run_worker({"kind": "char-trace", "corpus": str(path), "pretokenizer": "whitespace",
                        "merges": args.trace_merges, "tie": tie})
        report.append({"corpus": info, "trace": tie, **r})
        if "error" in r:
            print(f"   {tie}: failed: {r['error']}")
            continue
        print(f"   {tie:<14} train {fmt(r['wall'])} s, {r['steps']:,} steps; trace {fmt(r['trace_mb'], '.1f')} MB "
              f"({r['ties_recorded']:,} of {r['ties_total']:,} tied pairs kept), peak RSS "
              f"{fmt(r['rss_mb'], '.0f')} MB; full pair table: {r['table_pairs']:,} pairs, "
              f"{fmt(r['table_mb'], '.1f')} MB at the last step ({fmt(r['first_table_mb'], '.1f')} MB at step 1), "
              f"recomputed in {fmt(r['recount_s'])} s")
