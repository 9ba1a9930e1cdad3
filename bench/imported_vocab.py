"""Encoding speed of imported large vocabularies (issue 7): HF ``tokenizers``
trains a byte-level BPE of each size on the bench corpus, we import its
tokenizer.json, export it as tiktoken ranks, and all three encode the same
text.  The IDs must agree; the times are reported, never asserted.

    .venv/bin/python bench/imported_vocab.py                  # 50k and 100k on en 10 MB
    .venv/bin/python bench/imported_vocab.py --sizes 200000 --bytes 50000000 --json out.json

The corpus comes from bench/corpora.py (built and cached on first use).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _timed(function):
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def run(size: int, lines: list[str], sample: str, folder: Path) -> dict:
    import tiktoken
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    from core import assets, formats

    hf = Tokenizer(models.BPE())
    hf.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    hf.decoder = decoders.ByteLevel()
    _, train = _timed(lambda: hf.train_from_iterator(lines, trainers.BpeTrainer(
        vocab_size=size, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), special_tokens=["<|endoftext|>"],
        show_progress=False)))
    path = folder / f"hf-{size}.json"
    hf.save(str(path))
    imported, load = _timed(lambda: formats.import_file(path, "hf"))
    ours, build = _timed(lambda: assets.build_tokenizer(imported.asset))
    ranks = folder / f"ranks-{size}.tiktoken"
    _, export = _timed(lambda: formats.export_asset(imported.asset, ours, "tiktoken", ranks))
    side = json.loads(Path(str(ranks) + ".json").read_text())
    mergeable = {}
    import base64

    for line in ranks.read_text().splitlines():
        token, rank = line.split()
        mergeable[base64.b64decode(token)] = int(rank)
    enc = tiktoken.Encoding(name="bench", pat_str=side["pat_str"], mergeable_ranks=mergeable,
                            special_tokens=side["special_tokens"])
    megabytes = len(sample.encode("utf-8")) / 1e6
    cold, t_cold = _timed(lambda: ours.encode(sample).ids)
    warm, t_warm = _timed(lambda: ours.encode(sample).ids)
    theirs, t_hf = _timed(lambda: hf.encode(sample).ids)
    tik, t_tik = _timed(lambda: enc.encode_ordinary(sample))
    same = list(cold) == list(warm) == theirs == tik
    return {"vocab": hf.get_vocab_size(), "merges": len(ours.merges), "hf_train_s": round(train, 2),
            "import_s": round(load + build, 2), "export_tiktoken_s": round(export, 2), "sample_mb": round(megabytes, 2),
            "ours_cold_mb_s": round(megabytes / t_cold, 2), "ours_warm_mb_s": round(megabytes / t_warm, 2),
            "hf_mb_s": round(megabytes / t_hf, 2), "tiktoken_mb_s": round(megabytes / t_tik, 2), "same_ids": same}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[50_000, 100_000])
    parser.add_argument("--corpus", default="en")
    parser.add_argument("--bytes", type=int, default=10_000_000, help="corpus size; 10 MB of en stops near 68k tokens")
    parser.add_argument("--json")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT / "bench"))
    import corpora

    path, _ = corpora.build(args.corpus, args.bytes)
    lines = corpora.records(path)
    sample = "\n".join(lines[: len(lines) // 10])
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        for size in args.sizes:
            rows.append(run(size, lines, sample, Path(folder)))
            print(json.dumps(rows[-1]))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=2) + "\n")
    return 0 if all(r["same_ids"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
