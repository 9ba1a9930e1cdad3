"""``main.py count`` on a large corpus: MB/s and the peak memory of the whole
process tree (the parent and its worker processes, summed, sampled every
50 ms with psutil), with 1 and 2 local workers under one ``--memory``; and,
for comparison, the counting stage of HF ``tokenizers``' ``train_from_iterator``
(``WhitespaceSplit``, a ``BpeTrainer`` that stops at the alphabet, so no
merge is learned) with 1 and 2 Rayon threads.

The corpus is two files from bench/corpora.py: English (Python and Linux
documentation sources) and Chinese (fortunes-zh), each repeated to its
size when the package text is shorter.  Nothing is written to the repository.
psutil comes with the ``distributed`` extra (``pip install .[distributed]``).

    python bench/count_bench.py --mb 200 --memory 512M
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

import corpora

ROOT = Path(__file__).resolve().parents[1]


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


def run(files, workers: int, memory: str, pretokenizer: str, out: Path) -> dict:
    argv = [sys.executable, str(ROOT / "main.py"), "count", *map(str, files), "--workers", str(workers),
            "--memory", memory, "--pretokenizer", pretokenizer, "-o", str(out), "--json"]
    return measure(argv)


def measure(argv, env=None) -> dict:
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    process, peak = psutil.Process(child.pid), 0
    while child.poll() is None:
        try:
            peak = max(peak, tree_rss(process))
        except psutil.Error:
            break
        time.sleep(0.05)
    stdout, stderr = child.communicate()
    seconds = time.perf_counter() - start
    if child.returncode != 0:
        raise SystemExit(stderr)
    return {"seconds": seconds, "peak_tree_rss_mb": peak / 2**20, "summary": stdout}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=int, default=200, help="corpus size in MB (3/4 English, 1/4 Chinese)")
    parser.add_argument("--memory", default="512M")
    parser.add_argument("--pretokenizer", default="whitespace")
    args = parser.parse_args()
    size = args.mb << 20
    files = [corpora.build("en", size * 3 // 4)[0], corpora.build("zh", size // 4)[0]]
    total = sum(f.stat().st_size for f in files)
    print(f"corpus: {total / 2**20:.1f} MB in {len(files)} files; --memory {args.memory}; "
          f"--pretokenizer {args.pretokenizer}")
    with tempfile.TemporaryDirectory() as folder:
        tables = []
        for workers in (1, 2):
            out = Path(folder) / f"{workers}.tsv"
            result = run(files, workers, args.memory, args.pretokenizer, out)
            tables.append(out.read_bytes())
            print(f"{workers} worker(s): {result['seconds']:.1f} s, {total / 2**20 / result['seconds']:.1f} MB/s, "
                  f"peak RSS of the process tree {result['peak_tree_rss_mb']:.0f} MB")
        print("tables identical:", tables[0] == tables[1])
    for threads in (1, 2):
        result = measure([sys.executable, "-c", HF_COUNT, *map(str, files)],
                         env={**os.environ, "RAYON_NUM_THREADS": str(threads)})
        print(f"HF tokenizers counting, {threads} thread(s): {result['seconds']:.1f} s, "
              f"{total / 2**20 / result['seconds']:.1f} MB/s, peak RSS {result['peak_tree_rss_mb']:.0f} MB")


if __name__ == "__main__":
    main()
