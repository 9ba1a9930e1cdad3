"""``main.py engines [ASSET...] [--json]``: the engines, their versions, and
which tokenizers each serves (the shelf's, or the given assets), and from
how much text auto hands the work to the bulk engine: serves
(checked exact), differs (demoted, with the first difference), cannot (the
exporter's reason) or not installed.  A question not yet asked is asked
here (once per machine and library version)."""

from __future__ import annotations

import sys

from core import engines, shelf
from core.cli.args import ASSET_HELP
from core.cli.progress import progress_bar


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("engines", help="the encoding engines, their versions and which tokenizers each serves")
    p.add_argument("assets", nargs="*", metavar="ASSET", help=ASSET_HELP + " (default: the shelf)")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_engines(args, print_json))


def cmd_engines(args, print_json) -> int:
    names = args.assets or list(shelf.names())
    rows = []
    with progress_bar("tokenizer") as bar:
        for k, name in enumerate(names):
            rows.append({"asset": name, **engines.survey(name)})
            if bar:
                bar(k + 1, len(names))
    result = {"engines": [{"name": n, "version": engines.version(n)} for n in (engines.REFERENCE, *engines.NATIVE)],
              "assets": rows}
    if args.json:
        print_json(result)
        return 0
    for e in result["engines"]:
        print(f"{e['name']:<14} {e['version'] or 'not installed'}")
    for row in rows:
        bulk = f", {row['bulk']} from {row['bulk_from']:,} characters per thread" if row["bulk"] != row["auto"] else ""
        print(f"\n{row['asset']} ({row['family']}): auto uses {row['auto']}{bulk}")
        for name, state in row["engines"].items():
            print(f"  {name:<14} {state['state']}{': ' + state['detail'] if state.get('detail') else ''}")
    sys.stdout.flush()
    return 0
