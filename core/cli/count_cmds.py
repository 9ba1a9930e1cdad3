"""The ``count`` subcommand: a corpus of any size -> the ``word<TAB>count`` table.

The table is what ``train --from-counts`` (``--format table``) reads, so a
corpus too big for one read is counted on every core (or a Dask cluster)
and trained from its counts.  Nothing is written until the count is done:
Ctrl+C or an error leaves no partial table (core.fileio.atomic_file).
"""

from __future__ import annotations

import sys

from core import count
from core.cli.progress import progress_bar
from core.count import backends
from core.count.mapper import PRETOKENIZERS
from core.errors import StudioError


def add_backend_options(p, memory: bool = True) -> None:
    """--backend, --workers, --scheduler, the corpus format (and --memory): shared with ``stats``."""
    p.add_argument("--backend", default="local", choices=backends.BACKENDS,
                   help="local: a process per core (default); dask: a Dask cluster (pip install .[distributed])")
    p.add_argument("--workers", type=int, help="local: processes (default: every core)")
    p.add_argument("--scheduler", default="", help="dask: the scheduler address, e.g. tcp://10.0.0.5:8786")
    if memory:
        p.add_argument("--memory", default="1G", help="memory budget for the counters, e.g. 512M, 2G (default 1G)")
    p.add_argument("--chunk-size", default="32M", help="bytes of a plain file per task (default 32M)")
    p.add_argument("--format", default="text", choices=["text", "jsonl"],
                   help="text: one record per line; jsonl: one JSON string (or object, with --field) per line")
    p.add_argument("--field", help="jsonl: the field of each JSON object that holds the text")
    p.add_argument("--strict", action="store_true", help="stop at the first invalid UTF-8 byte (default: count "
                   "it as U+FFFD and report it)")


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("count", help="count the words of a corpus of any size into a word<TAB>count table",
                       description="Stream CORPUS files (directories, .gz, .zst, JSON lines) and write the "
                                   "word<TAB>count table train --from-counts reads, in order of first appearance.")
    p.add_argument("corpus", nargs="+", help="files or directories, read in the order given")
    p.add_argument("--pretokenizer", default="whitespace", choices=PRETOKENIZERS,
                   help="how records become words (none: a whole record is one word; default whitespace)")
    add_backend_options(p)
    p.add_argument("--spill-dir", help="where partial counts go (default: beside the output; with dask, a "
                   "folder every worker can write)")
    p.add_argument("-o", "--output", required=True, help="the file to write (written whole or not at all; never over an input)")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_count(args, print_json))


def check_workers(args) -> None:
    if args.workers is not None and args.workers < 1:
        raise StudioError(f"--workers must be >= 1, not {args.workers}")


def cmd_count(args, print_json) -> int:
    check_workers(args)
    with progress_bar("B") as progress:
        summary = count.count_corpus(
            args.corpus, args.output, pretokenizer=args.pretokenizer, fmt=args.format, field=args.field,
            strict=args.strict, memory=count.parse_size(args.memory), backend=args.backend, workers=args.workers,
            scheduler=args.scheduler, spill_dir=args.spill_dir, chunk_bytes=count.parse_size(args.chunk_size),
            progress=progress)
    for path, bad in summary.invalid.items():
        offsets = ", ".join(map(str, bad["offsets"]))
        print(f"warning: {path}: {bad['count']} invalid UTF-8 sequence(s), counted as U+FFFD "
              f"(first at byte offsets {offsets})", file=sys.stderr)
    if args.json:
        print_json({"output": args.output, **summary.as_json()})
    else:
        print(f"counted {summary.words:,} words ({summary.distinct:,} distinct) in {summary.records:,} records, "
              f"{summary.bytes:,} bytes, {summary.files} file(s); {summary.spilled} spill(s) -> {args.output}")
    return 0
