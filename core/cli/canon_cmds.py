"""``main.py canon ASSET ID... [--file PATH | -] [--json]``: is an ID list
the canonical encoding of its text?  Exit 0 canonical (and valid), 1 not
canonical or invalid (special, unknown ID, bad UTF-8), 2 an error."""

from __future__ import annotations

import sys

from core.cli.args import ASSET_HELP, add_engine_option, add_specials_options, open_served
from core.errors import StudioError
from core.inspect import canon
from core.inspect.idlist import ID_FILE_LIMIT, ids_from_bytes, parse_ids, read_id_file


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("canon", help="is an ID list the canonical encoding of its text? (exit 0 yes, 1 no)")
    p.add_argument("asset", help=ASSET_HELP)
    p.add_argument("ids", nargs="*", help="IDs (270 32 268 or [270, 32, 268]); - reads them from stdin")
    p.add_argument("--file", help="read the IDs from a text file")
    add_engine_option(p, "which engine encodes the decoded text again")
    add_specials_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_canon(args, print_json))


def _read_stdin() -> bytes:
    """Standard input, bounded as an ID file is (``< /dev/zero`` is refused, not read to the end)."""
    if sys.stdin is None:  # started with stdin closed (<&-)
        raise StudioError("<stdin>: standard input is closed")
    data = sys.stdin.buffer.read(ID_FILE_LIMIT + 1)
    if len(data) > ID_FILE_LIMIT:
        raise StudioError(f"<stdin>: more than {ID_FILE_LIMIT} bytes is over the ID list limit")
    return data


def read_ids(args) -> list[int]:
    if args.file and args.ids:
        raise StudioError("give IDs on the command line or with --file, not both")
    if args.file:
        ids = read_id_file(args.file, canon.MAX_IDS)
    elif args.ids == ["-"]:
        ids = ids_from_bytes(_read_stdin(), "<stdin>", canon.MAX_IDS)
    else:
        ids = parse_ids(" ".join(args.ids), canon.MAX_IDS)
    if not ids:
        raise StudioError("no IDs given: write them after the asset, use --file PATH, or - for stdin")
    return ids


def cmd_canon(args, print_json) -> int:
    result = canon.check(open_served(args), read_ids(args))
    if args.json:
        print_json(canon_json(result))
    else:
        print(summary(result))
    return 0 if result.ok else 1


def canon_json(result: canon.CanonResult) -> dict:
    return {
        "ok": result.ok,
        "canonical": result.canonical,
        "ids": list(result.ids),
        "canonical_ids": None if result.canonical_ids is None else list(result.canonical_ids),
        "text": result.text,
        "bytes": result.data.hex(" ").upper(),
        "differences": [
            {"given": list(d.given), "canonical": list(d.canonical), "bytes": list(d.bytes),
             "given_ids": list(result.ids[slice(*d.given)]),
             "canonical_ids": list(result.canonical_ids[slice(*d.canonical)])}
            for d in result.differences
        ],
        "specials": [{"index": i, "id": t, "name": name} for i, t, name in result.specials],
        "out_of_range": [{"index": i, "id": t} for i, t in result.out_of_range],
        "invalid_utf8": [{"kind": p.kind, "offset": p.offset, "length": p.length, "message": p.describe()}
                         for p in result.problems],
    }


def summary(result: canon.CanonResult) -> str:
    """One line per finding, for people."""
    if result.canonical is None:
        lines = ["canonical: cannot tell (the bytes are not text this tokenizer can re-encode)"]
    elif result.canonical:
        lines = [f"canonical: yes {list(result.ids)}"]
    else:
        lines = [f"canonical: no {list(result.ids)}; the encoder gives {list(result.canonical_ids)}"]
        for d in result.differences:
            lines.append(f"  bytes {d.bytes[0]}-{d.bytes[1]}: {list(result.ids[slice(*d.given)])} "
                         f"vs {list(result.canonical_ids[slice(*d.canonical)])}")
    lines += [f"  special {name} (ID {t}) at index {i}" for i, t, name in result.specials]
    lines += [f"  ID {t} at index {i} is outside the vocabulary" for i, t in result.out_of_range]
    lines += [f"  invalid UTF-8: {p.describe()}" for p in result.problems]
    return "\n".join(lines)
