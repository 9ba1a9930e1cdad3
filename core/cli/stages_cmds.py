"""The ``stages`` subcommand: every pipeline stage of an asset for one text.

``python main.py stages ASSET --text TEXT [--limit K] [--template T] [--json]``
prints what :func:`core.tokenizer.stage_kinds.inspect` returns, plus the base-byte order
(:mod:`core.inspect.byte_order`).
"""

from __future__ import annotations

from core.inspect import byte_order
from core.errors import StudioError
from core.numbers import MAX_ID, option
from core.fileio import read_limited
from core.tokenizer.stage_kinds import inspect
from core.tokenizer.stages import MAX_CHARS
from core.cli import shelf_cmds
from core.cli.args import ASSET_HELP

MAX_TEXT_BYTES = 4 * MAX_CHARS  # longer cannot hold few enough characters: refused unread


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("stages", help="show every pipeline stage of an asset for one text, aligned to it")
    p.add_argument("asset", help=ASSET_HELP)
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--text", help="the input text")
    source.add_argument("--file", help="read the input text from a UTF-8 file")
    p.add_argument("--limit", type=option(high=MAX_ID), help="use only the first K merges (merge models)")
    p.add_argument("--template", help='specials around the tokens, e.g. "<BOS> $A <EOS>"')
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_stages(args, print_json))


def _read_text(path) -> str:
    data = read_limited(path, limit=MAX_TEXT_BYTES, what="a text file", error=StudioError, limit_name="text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise StudioError(f"{path}: byte offset {exc.start} is not UTF-8 (0x{data[exc.start]:02X})") from None


def cmd_stages(args, print_json) -> int:
    asset, model = shelf_cmds.open_asset(args.asset)
    text = args.text if args.text is not None else _read_text(args.file)
    if len(text) > MAX_CHARS:  # checked here too, to name where the text came from
        where = "--text" if args.text is not None else str(args.file)
        raise StudioError(f"{where}: {len(text)} characters are over the limit {MAX_CHARS} of a stage-by-stage "
                          "inspection; inspect a part of it (encode takes the whole)")
    found = inspect(model, asset["kind"], text, limit=args.limit, template=args.template)
    order = byte_order.detect(model, asset["kind"])
    if args.json:
        out = found.to_json()
        out["byte_order"] = {"kind": order.kind, "description": order.description, "first": order.first,
                             "meta": list(order.meta), "ids": list(order.ids), "spellings": list(order.spellings)}
        print_json(out)
        return 0
    for stage in found.stages:
        print(f"{stage.name} [{stage.detail}]" if stage.detail else stage.name)
        for p in stage.pieces:
            token = f" #{p.id}" if p.id is not None else ""
            kind = f" ({p.kind})" if p.kind else ""
            print(f"  {p.text!r}{token}  chars {p.chars[0]}-{p.chars[1]}  bytes {p.bytes[0]}-{p.bytes[1]}{kind}")
    differences = "".join(f"; {d.original!r} -> {d.decoded!r} at chars {d.chars[0]}-{d.chars[1]}"
                          for d in found.verdict.differences)
    print(f"round trip: {found.verdict.kind}{differences}")
    print(f"byte order: {order.description}")
    return 0
