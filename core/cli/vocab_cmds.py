"""The ``vocab`` subcommand: every token of a tokenizer, and with
``--audit`` the tokens that can never appear (core.inspect.vocab).

Plain output is one tab-separated line per token (ID, token, readable text,
bytes in hex, flags); ``--json`` prints a list of objects, one per token
(:func:`core.inspect.vocab.export.rows`).  ``--csv FILE`` and
``--audit-csv FILE`` write the table and the findings.  Long audits report
progress on stderr.
"""

from __future__ import annotations

import sys
import time

from core import engines
from core.inspect.vocab import audit as run_audit, build_table
from core.inspect.vocab import export
from core.inspect.vocab.audits import SKIPPED
from core.cli.args import ASSET_HELP


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("vocab", help="list every token; --audit: unreachable, partial UTF-8, duplicates, scripts")
    p.add_argument("asset", help=ASSET_HELP)
    p.add_argument("--audit", action="store_true", help="find tokens never emitted, partial UTF-8, duplicates")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.add_argument("--csv", metavar="FILE", help="write the table as CSV")
    p.add_argument("--audit-csv", metavar="FILE", help="write the audit's findings as CSV (implies --audit)")
    p.set_defaults(func=lambda args: cmd_vocab(args, print_json))


class _Progress:
    """``done/total`` on stderr at most twice a second, only for long runs."""

    def __init__(self, what: str):
        self.what, self.start, self.last = what, time.monotonic(), 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.start > 1.0 and (now - self.last > 0.5 or done == total):
            self.last = now
            print(f"{self.what}: {done}/{total}", file=sys.stderr, flush=True)


def cmd_vocab(args, print_json) -> int:
    tok = engines.open_asset(args.asset, notes=engines.stderr_notes)  # the audit encodes 100k texts: natively
    table = build_table(tok, progress=_Progress("table"))
    found = None
    if args.audit or args.audit_csv:
        found = run_audit(tok, table, progress=_Progress("audit"))
        table.add_flags(found.flags())
    if args.csv:
        export.write_csv(args.csv, export.table_csv(table, found))
    if args.audit_csv:
        export.write_csv(args.audit_csv, export.audit_csv(table, found))
    if args.json:
        out = list(export.rows(table, found))
        if found is not None:
            token = dict(zip(table.ids, table.tokens))
            for row in out:
                if "unreachable" in row:
                    row["unreachable"]["tokens"] = [token.get(i, "") for i in row["unreachable"]["ids"]]
        print_json(out)
        return 0
    for r, token_id in enumerate(table.ids):
        print(f"{token_id}\t{table.tokens[r]}\t{table.texts[r]}\t{table.hexes[r]}\t{' '.join(table.flags[r])}")
    if found is not None:
        token = dict(zip(table.ids, table.tokens))
        print(f"# {len(table)} tokens; {found.checked} checked: {len(found.unreachable)} never emitted for their "
              f"own text, {len(found.partial)} partial UTF-8, {len(found.no_merge_path)} with no merge path, "
              f"{len(found.duplicates)} duplicates up to case and leading space")
        if found.skipped:
            print("# not checked for reachability: " + ", ".join(f"{count} {SKIPPED[reason]}"
                                                                for reason, count in found.skipped.items()))
        for token_id, ids in found.unreachable.items():
            print(f"# unreachable {token_id} {token[token_id]!r} -> {' + '.join(repr(token.get(i, i)) for i in ids)}")
        print("# scripts: " + ", ".join(f"{name} {count}" for name, count in found.scripts.items()))
    return 0
