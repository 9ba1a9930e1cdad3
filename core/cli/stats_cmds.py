"""The ``stats`` subcommand: tokens, fertility and rates of several tokenizers on a corpus."""

from __future__ import annotations

import csv
import sys

from core import count, engines, stats
from core.cli.args import add_engine_option, add_specials_options
from core.cli.count_cmds import add_backend_options, check_workers
from core.cli.progress import progress_bar


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("stats", help="per-script and total statistics of tokenizers on a corpus of any size",
                       description="For each --tokenizer: tokens, words, characters, bytes, fertility, characters "
                                   "and bytes per token, [UNK] and byte-fallback rates, vocabulary used, most "
                                   "split frequent words; per Unicode script and in total.")
    p.add_argument("corpus", nargs="+", help="files or directories (.gz, .zst too)")
    p.add_argument("--tokenizer", action="append", required=True, metavar="ASSET",
                   help="a tokenizer asset, or a built-in tokenizer's name (python main.py shelf lists them); "
                        "repeat for each tokenizer to compare")
    add_engine_option(p, "which engine gives each tokenizer's tokens, in every worker")
    add_specials_options(p)
    add_backend_options(p, memory=False)
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--json", action="store_true", help="the whole report as JSON")
    shown.add_argument("--csv", action="store_true", help="one CSV row per tokenizer and script (script * = total)")
    p.set_defaults(func=lambda args: cmd_stats(args, print_json))


def cmd_stats(args, print_json) -> int:
    check_workers(args)
    with progress_bar("B") as progress:
        result = stats.corpus_stats(args.corpus, args.tokenizer, fmt=args.format, field=args.field,
                                    strict=args.strict, backend=args.backend, workers=args.workers,
                                    scheduler=args.scheduler, chunk_bytes=count.parse_size(args.chunk_size),
                                    progress=progress, engine=args.engine, notes=engines.stderr_notes,
                                    allowed_special=args.allowed_special, disallowed_special=args.disallowed_special)
    if args.json:
        print_json(result)
    elif args.csv:
        csv.writer(sys.stdout, lineterminator="\n").writerows(stats.csv_rows(result))
    else:
        print("\n".join(summary_lines(result)))
    return 0


def _num(value, digits=3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def summary_lines(result: dict) -> list[str]:
    c = result["corpus"]
    lines = [f"corpus: {c['records']:,} records, {c['words']:,} words, {c['characters']:,} characters, "
             f"{c['bytes']:,} bytes, {c['invalid_utf8']} invalid UTF-8 sequence(s)"]
    for tok in result["tokenizers"]:
        t = tok["total"]
        lines.append(f"{tok['name']} ({tok['family']}, vocab {tok['vocab_size']:,}, {tok['engine']}): "
                     f"{t['tokens']:,} tokens, "
                     f"fertility {_num(t['fertility'])}, {_num(t['characters_per_token'])} chars/token, "
                     f"{_num(t['bytes_per_token'])} bytes/token, [UNK] {_num(t['unknown_rate'], 4)}, "
                     f"byte fallback {_num(t['byte_fallback_rate'], 4)}, vocab used {_num(t['vocab_used_share'])}")
        for script, row in tok["scripts"].items():
            lines.append(f"  {script:<12} {row['words']:>10,} words {row['tokens']:>12,} tokens  "
                         f"fertility {_num(row['fertility'])}")
        if tok["most_split"]:
            lines.append("  most split: " + ", ".join(f"{s['word']} ({s['tokens']})" for s in tok["most_split"][:10]))
    return lines
