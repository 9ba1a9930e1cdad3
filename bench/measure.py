"""What every benchmark shares: running one measurement in a fresh
process, its peak RSS, medians, and the paired-ratio summaries."""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN = Path(__file__).resolve().parent / "run.py"


def reset_peak_rss() -> int:
    """Forget the peak of loading the corpus (Linux: clear_refs 5 resets
    VmHWM), so the peak is the system's own run; returns the RSS now, kB."""
    try:
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass
    return _status_kb("VmRSS") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def peak_rss_kb() -> int:
    return _status_kb("VmHWM") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _status_kb(key: str) -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith(key + ":"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def run_worker(task: dict, threads: int | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "RAYON_NUM_THREADS"}
    if threads:
        env["RAYON_NUM_THREADS"] = str(threads)
    done = subprocess.run([sys.executable, str(RUN), "--worker", json.dumps(task)], env=env, cwd=ROOT,
                          capture_output=True, text=True)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(done.stdout.splitlines()[-1])


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(value, spec=".2f", suffix=""):
    return "-" if value is None else f"{value:{spec}}{suffix}"


def summarise_train(runs, title):
    """Print and return one row per system: medians, and ratios to HF paired by round."""
    hf1 = runs["hf-1"]
    hf = runs["hf"]
    print(f" {title}, median of {len(runs['ours'])} rounds")
    print(f"   {'system':<18}{'wall s':>9}{'cpu s':>9}{'peak MB':>9}{'merges':>8}{'/HF-1':>8}{'/HF':>8}{'RSS/HF-1':>10}")
    rows = {}
    for system, results in runs.items():
        ok = [r for r in results if "error" not in r]
        if not ok:
            print(f"   {system:<18}failed: {results[0]['error'][:80]}")
            rows[system] = {"error": results[0]["error"]}
            continue
        ratio1 = median([r["wall"] / h["wall"] for r, h in zip(results, hf1) if "wall" in r and "wall" in h])
        ratio = median([r["wall"] / h["wall"] for r, h in zip(results, hf) if "wall" in r and "wall" in h])
        rss = median([r["rss_mb"] / h["rss_mb"] for r, h in zip(results, hf1) if "rss_mb" in r and "rss_mb" in h])
        row = {"wall": median([r["wall"] for r in ok]), "cpu": median([r["cpu"] for r in ok]),
               "rss_mb": median([r["rss_mb"] for r in ok]), "merges": len(ok[0].get("merges", [])) or None,
               "ratio_hf1": ratio1, "ratio_hf": ratio, "rss_ratio_hf1": rss}
        rows[system] = row
        print(f"   {system:<18}{fmt(row['wall']):>9}{fmt(row['cpu']):>9}{fmt(row['rss_mb'], '.0f'):>9}"
              f"{fmt(row['merges'], 'd'):>8}{fmt(ratio1):>8}{fmt(ratio):>8}{fmt(rss):>10}")
    return rows


def summarise_naive(naive, ours_runs, steps, total):
    if "error" in naive:
        print(f"   naive: failed: {naive['error']}")
        return {"error": naive["error"]}
    done = len(naive["merges"])
    same = [m[:2] for m in naive["merges"]] == ours_runs[0].get("merges", [])[:done]
    early = (naive["step_times"][-1] - naive["step_times"][0]) / max(done - 1, 1)
    # The naive cost per step over the whole run: its measured first steps,
    # then the sampled later steps, joined linearly (trapezoids).
    points = [(1, early), (done, early)] + sorted((int(s), c) for s, c in naive["samples"].items())
    area = sum((b[0] - a[0]) * (a[1] + b[1]) / 2 for a, b in zip(points, points[1:]))
    naive_mean = area / (points[-1][0] - 1)
    same_steps, whole = [], []
    for run in ours_runs:
        marks = run.get("marks", {})
        if str(steps) in marks and "1" in marks and done == steps:
            same_steps.append(early / ((marks[str(steps)] - marks["1"]) / (steps - 1)))
        if "last" in marks and "1" in marks:
            whole.append(naive_mean / ((marks["last"] - marks["1"]) / (total - 1)))
    row = {"steps": done, "equal": same, "naive_ms_first_steps": early * 1000,
           "naive_ms_samples": {s: c * 1000 for s, c in naive["samples"].items()},
           "naive_ms_mean": naive_mean * 1000, "speedup_same_steps": median(same_steps),
           "speedup_per_merge": median(whole)}
    later = ", ".join(f"step {s}: {c * 1000:.0f}" for s, c in naive["samples"].items())
    print(f"   naive recount: first {done} merges {'equal ours' if same else 'DIFFER from ours'}; "
          f"ms per merge: steps 2-{done}: {early * 1000:.0f}, {later}; whole-run mean {naive_mean * 1000:.0f}")
    print(f"   ours per merge is {fmt(row['speedup_per_merge'], '.0f')}x faster over the whole run "
          f"({fmt(row['speedup_same_steps'], '.0f')}x on steps 2-{done}, the costliest for an incremental trainer)")
    return row
