"""``main.py count`` and ``main.py stats`` on a corpus of a gigabyte or more.

Each run is a fresh process, one at a time, and gives: seconds, CPU
seconds (``wait4``: the process and its workers), MB/s, the peak RSS of
the whole process tree (the parent and its workers, summed, sampled every
50 ms with psutil), the peak of its largest single process (``wait4``'s
``ru_maxrss``), and the load average at its start and end (the machine
may be shared).  Runs:

* ``count`` (whitespace words) with 1 and 2 local workers under one
  ``--memory``, and how long its map step took (the rest is the reduce
  step, which merges the runs in one process); the two tables must be
  identical;
* for comparison, the counting stage of HF ``tokenizers``'
  ``train_from_iterator`` (``WhitespaceSplit``, a ``BpeTrainer`` that stops
  at the alphabet, so no merge is learned) with 1 and 2 Rayon threads;
* ``stats`` with each ``--tokenizers`` entry (shelf names) alone, under
  each ``--engines`` entry (``auto``: the native engine; ``reference``:
  our Python, which encodes every record into a whole Encoding, some
  1 MB/s a core), with 1 and 2 workers, on a ``--stats-mb`` corpus built
  the same way; every report must be identical but for the engine's name;
* ``--stats-whole NAME``: that tokenizer on the whole corpus, 2 workers,
  ``--engine auto``.

The corpus is bench/corpora.py's ``build_scale``: Debian packages' text --
the Python and Linux documentation sources, fortunes in five languages and
Python sources, and the manual pages of twelve languages as plain text --
each source repeated to its share with per-copy variation (blocks shuffled,
digits shifted).  It is written once to bench/.cache (ignored by git).
psutil comes with the ``distributed`` extra (``pip install .[distributed]``).

    .venv/bin/python bench/corpus_scale.py --stats-whole cl100k_base --json bench/.cache/corpus_scale.json
    .venv/bin/python bench/corpus_scale.py --mb 128 --skip-count --stats-mb 16 --engines auto reference \
        --tokenizers cl100k_base o200k_base spm-ja-unigram mistral-v3-bpe bert-base-uncased
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

import psutil

import corpora

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(__file__).resolve().parent / ".cache"


def tree_rss(process: psutil.Process) -> int:
    total = 0
    for p in [process, *process.children(recursive=True)]:
        try:
            total += p.memory_info().rss
        except psutil.Error:
            pass  # a worker that just ended
    return total


HF_COUNT = """
import sys
from tokenizers import Tokenizer, models, pre_tokenizers, trainers
tok = Tokenizer(models.BPE())
tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
def lines():
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as handle:
            yield from handle
tok.train_from_iterator(lines(), trainer=trainers.BpeTrainer(vocab_size=1, show_progress=False))
"""


# core.count.count_corpus, as ``main.py count`` calls it, with the time its map step ends (the progress
# callback's last call): what is left is the reduce step, one process merging the runs.
COUNT = """
import json, sys, time
from core import count
start, mapped = time.perf_counter(), []
def progress(done, total):
    if done == total:
        mapped.append(time.perf_counter() - start)
out, workers, memory, *files = sys.argv[1:]
summary = count.count_corpus(files, out, workers=int(workers), memory=count.parse_size(memory), progress=progress)
print(json.dumps({**summary.as_json(), "map_seconds": mapped[0], "seconds": time.perf_counter() - start}))
"""


def loadavg() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def measure(argv, size: int, env=None) -> dict:
    """Run ``argv`` to its end; its time, speed on ``size`` bytes, peaks, load and output."""
    load_start = loadavg()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=out, stderr=err, env=env, cwd=ROOT)
        process, peak = psutil.Process(child.pid), 0
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            try:
                peak = max(peak, tree_rss(process))
            except psutil.Error:
                pass
            time.sleep(0.05)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait again
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode()
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(map(str, argv))[:200]}: exit {child.returncode}\n{stderr[-2000:]}")
    return {"seconds": round(seconds, 2), "mb_per_s": round(size / 2**20 / seconds, 2),
            "cpu_seconds": round(usage.ru_utime + usage.ru_stime, 1),
            "peak_tree_rss_mb": round(peak / 2**20), "peak_largest_process_mb": round(usage.ru_maxrss / 1024),
            "load_start": load_start, "load_end": loadavg(), "stdout": stdout}


def show(label: str, row: dict) -> None:
    print(f"{label}: {row['seconds']:.1f} s (CPU {row['cpu_seconds']:.0f} s), {row['mb_per_s']:.2f} MB/s, "
          f"peak RSS tree {row['peak_tree_rss_mb']} MB (largest process {row['peak_largest_process_mb']} MB); "
          f"load {row['load_start']} -> {row['load_end']}", flush=True)


def corpus(size: int) -> tuple[list[Path], int, list[dict]]:
    folder = CACHE / f"scale-v{corpora.SCALE_VERSION}-{size}"
    # Built in a child: a child's ru_maxrss starts at its parent's RSS when
    # forked, so this process must never hold the corpus text.
    subprocess.run([sys.executable, "-c", f"import corpora; corpora.build_scale({size}, __import__('pathlib')"
                    f".Path({str(folder)!r}))"], cwd=Path(__file__).resolve().parent, check=True)
    files, info = corpora.build_scale(size, folder)
    return files, sum(f.stat().st_size for f in files), info


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=1024, help="corpus size in MiB (default: 1024, 1 GiB)")
    parser.add_argument("--memory", default="512M", help="count's --memory")
    parser.add_argument("--tokenizers", nargs="*", default=["cl100k_base", "bert-base-uncased"])
    parser.add_argument("--stats-mb", type=int, default=64, help="the stats corpus in MiB")
    parser.add_argument("--engines", nargs="*", default=["auto"], help="stats --engine values to run (auto reference)")
    parser.add_argument("--stats-whole", metavar="NAME", help="also run stats with NAME on the whole corpus")
    parser.add_argument("--skip-count", action="store_true")
    parser.add_argument("--skip-stats", action="store_true")
    parser.add_argument("--json", type=Path, help="write every figure here")
    args = parser.parse_args()
    python, main_py = sys.executable, str(ROOT / "main.py")
    files, total, info = corpus(args.mb << 20)
    results = {"date": date.today().isoformat(), "cores": os.cpu_count(), "corpus_bytes": total, "files": info,
               "memory": args.memory, "runs": {}}
    print(f"corpus: {total / 2**20:.1f} MiB in {len(files)} files ({CACHE}); count --memory {args.memory}")
    for i in info:
        print(f"  {i['file']:<24} {i['bytes'] / 2**20:8.1f} MiB from {i['source_bytes'] / 2**20:6.1f} MiB, "
              f"{i['copies']} copies")

    def record(key, label, row):
        results["runs"][key] = {k: v for k, v in row.items() if k != "stdout"}
        show(label, row)
        if args.json:
            args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")

    if not args.skip_count:
        with tempfile.TemporaryDirectory(dir=CACHE) as folder:
            tables = []
            for workers in (1, 2):
                out = Path(folder) / f"{workers}.tsv"
                row = measure([python, "-c", COUNT, str(out), str(workers), args.memory, *map(str, files)], total)
                summary = json.loads(row["stdout"])
                row.update(distinct=summary["distinct"], words=summary["words"], spilled=summary["spilled"],
                           runs=summary["runs"], map_seconds=round(summary["map_seconds"], 1),
                           reduce_seconds=round(summary["seconds"] - summary["map_seconds"], 1))
                record(f"count-{workers}", f"count, {workers} worker(s), {summary['distinct']:,} distinct words, "
                       f"map {row['map_seconds']} s + reduce {row['reduce_seconds']} s", row)
                tables.append(out.read_bytes())
            results["count_tables_identical"] = tables[0] == tables[1]
            print("tables identical:", results["count_tables_identical"])
        for threads in (1, 2):
            row = measure([python, "-c", HF_COUNT, *map(str, files)], total,
                          env={**os.environ, "RAYON_NUM_THREADS": str(threads)})
            record(f"hf-{threads}", f"HF tokenizers counting, {threads} thread(s)", row)

    if args.skip_stats:
        return
    stats_files, stats_total, _ = corpus(args.stats_mb << 20)
    print(f"stats corpus: {stats_total / 2**20:.1f} MiB in {len(stats_files)} files")
    for name in args.tokenizers:
        reports = []
        for engine in args.engines:
            for workers in (1, 2):
                row = measure([python, main_py, "stats", *map(str, stats_files), "--tokenizer", name,
                               "--engine", engine, "--workers", str(workers), "--json"], stats_total)
                report = json.loads(row["stdout"])
                t = report["tokenizers"][0]
                row.update(mb=round(stats_total / 2**20, 1), engine=t.pop("engine"), tokens=t["total"]["tokens"],
                           fertility=t["total"]["fertility"], unknown_rate=t["total"]["unknown_rate"],
                           byte_fallback_rate=t["total"]["byte_fallback_rate"],
                           projected_gib_seconds=round(row["seconds"] * 2**30 / stats_total))
                reports.append(report)
                record(f"stats-{name}-{engine}-{workers}", f"stats {name}, --engine {engine} ({row['engine']}), "
                       f"{workers} worker(s), {stats_total / 2**20:.0f} MiB, 1 GiB in about "
                       f"{row['projected_gib_seconds']} s", row)
        same = all(r == reports[0] for r in reports)
        results[f"stats_{name}_identical"] = same
        print("reports identical:", same)
    if args.stats_whole:
        row = measure([python, main_py, "stats", *map(str, files), "--tokenizer", args.stats_whole,
                       "--workers", "2", "--json"], total)
        t = json.loads(row["stdout"])["tokenizers"][0]["total"]
        row.update(mb=round(total / 2**20, 1), tokens=t["tokens"], fertility=t["fertility"])
        record(f"stats-{args.stats_whole}-whole-2", f"stats {args.stats_whole}, 2 workers, whole corpus", row)


if __name__ == "__main__":
    main()
