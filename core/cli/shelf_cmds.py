"""Built-in tokenizers from the command line: ``shelf`` lists them, and every
command's ASSET argument takes a shelf name (:mod:`core.shelf`).

A real file wins: ``encode cl100k_base`` reads the file ``./cl100k_base`` if
there is one, else the shelf's cl100k_base.
"""

from __future__ import annotations

from pathlib import Path

from core import engines, shelf
from core.formats import builtin
from core.errors import AssetError



def open_asset(arg) -> tuple[dict, object]:
    """``(asset, model)`` for an ASSET argument: a file, else a shelf entry
    (from the compiled cache where it is there, as a window opens it)."""
    entry = shelf.find(str(arg)) if not Path(arg).exists() else None
    if entry is not None:
        return engines.asset_of(entry.name)
    try:
        return builtin.resolve(arg)
    except AssetError as exc:
        if exc.code == "file.missing" and not Path(arg).exists():
            raise AssetError(f"{exc} (nor a built-in tokenizer: {', '.join(shelf.names())})", code=exc.code,
                             where=exc.where, **exc.params) from None
        raise


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("shelf", help="list the built-in tokenizers (name, source package, licence, SHA-256)")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_shelf(args, print_json))


def cmd_shelf(args, print_json) -> int:
    entries = shelf.entries()
    if args.json:
        print_json([e.to_json() for e in entries])
        return 0
    for e in entries:
        print(f"{e.name:<22} {e.display}\n{'':<22} {e.format}, {e.package} {e.version} ({e.registry}), "
              f"{e.licence}, {e.size:,} bytes, sha256 {e.sha256}")
    return 0
