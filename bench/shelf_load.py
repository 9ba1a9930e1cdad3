"""How long the first use of a shelf entry takes (unpack, hash check, import).

    .venv/bin/python bench/shelf_load.py                       # every tiktoken entry, 3 rounds
    .venv/bin/python bench/shelf_load.py o200k_base --rounds 5

Each load runs in a fresh process (the shelf keeps what it loaded for the
process), entries interleaved round by round; the median wall and CPU
seconds are printed.  CPU time is the steadier figure on a shared machine.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHILD = ("import sys, time; sys.path.insert(0, {root!r}); from core import shelf; from core.formats import builtin; "
         "w, c = time.perf_counter(), time.process_time(); builtin.load({name!r}); "
         "print(time.perf_counter() - w, time.process_time() - c)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="shelf entries (default: the tiktoken ones)")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from core import shelf

    names = args.names or [e.name for e in shelf.entries() if e.format == "tiktoken"]
    times: dict[str, list[tuple[float, float]]] = {n: [] for n in names}
    for _ in range(args.rounds):
        for name in names:
            run = subprocess.run([sys.executable, "-c", CHILD.format(root=str(ROOT), name=name)],
                                 capture_output=True, text=True, check=True)
            wall, cpu = map(float, run.stdout.split())
            times[name].append((wall, cpu))
    for name, rows in times.items():
        print(f"{name:<22} wall {statistics.median(r[0] for r in rows):6.2f} s   "
              f"cpu {statistics.median(r[1] for r in rows):6.2f} s   ({len(rows)} runs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
