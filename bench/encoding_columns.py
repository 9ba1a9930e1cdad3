"""The full Encoding (what the encode panel shows) against the IDs alone,
on 1 MB of the ordinary corpus (bench/corpora.py) with shelf tokenizers.

    .venv/bin/python bench/encoding_columns.py                  # the string-vocabulary shelf entries, 3 rounds
    .venv/bin/python bench/encoding_columns.py mistral-v3-bpe --rounds 5

Each measurement runs in a fresh process: the first call (cold) and the
same text again (warm), in CPU seconds (the steadier figure on a shared
machine), entries and modes interleaved round by round, medians printed
with the ratio Encoding / IDs.  ``hold`` is the longest gap of a 2 ms
heartbeat thread while the Encoding is built (the collector off, as
gui.shell.collector keeps it during a task): how long one C-level call held the
GIL, which the GUI thread would have waited, plus the machine's own noise.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = """
import gc, sys, threading, time
sys.path[:0] = [{root!r}, {bench!r}]
import corpora
from core import tokenizer
from core import shelf
from core.formats import builtin
asset, model = builtin.load({name!r})
tok = tokenizer.wrap(asset["kind"], model)
text = corpora.build("ordinary", {size})[0].read_text(encoding="utf-8")
run = tok.encode_ids if {mode!r} == "ids" else tok.encode
gc.disable()
beats, stop = [], []
def beat():
    while not stop:
        beats.append(time.perf_counter())
        time.sleep(0.002)
thread = threading.Thread(target=beat)
thread.start()
out, kept = [], []
for _ in range(2):
    start = time.process_time()
    kept.append(run(text))  # freed after the heartbeat stops: that is the caller's time
    out.append(time.process_time() - start)
stop.append(1)
thread.join()
print(*out, max(b - a for a, b in zip(beats, beats[1:])))
"""


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="shelf entries (default: every one but the tiktoken files)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bytes", type=int, default=1_000_000)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from core import shelf

    names = args.names or [e.name for e in shelf.entries() if e.format != "tiktoken"]
    times: dict = {(n, m): [] for n in names for m in ("ids", "encoding")}
    for _ in range(args.rounds):
        for name in names:
            for mode in ("ids", "encoding"):
                code = CHILD.format(root=str(ROOT), bench=str(ROOT / "bench"), name=name, size=args.bytes, mode=mode)
                done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
                times[name, mode].append(tuple(map(float, done.stdout.split())))
    print(f"{'tokenizer':24} {'ids cold':>9} {'warm':>6} {'Encoding cold':>14} {'warm':>6} "
          f"{'ratio cold':>11} {'warm':>6} {'hold ms':>8}")
    for name in names:
        ids, enc = times[name, "ids"], times[name, "encoding"]
        cold = statistics.median(e[0] / i[0] for i, e in zip(ids, enc))
        warm = statistics.median(e[1] / i[1] for i, e in zip(ids, enc))
        print(f"{name:24} {statistics.median(t[0] for t in ids):9.2f} {statistics.median(t[1] for t in ids):6.2f} "
              f"{statistics.median(t[0] for t in enc):14.2f} {statistics.median(t[1] for t in enc):6.2f} "
              f"{cold:10.1f}x {warm:5.1f}x {1000 * statistics.median(t[2] for t in enc):8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
