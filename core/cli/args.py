"""Arguments several commands share: the ASSET argument (a file or a
built-in tokenizer's name) and the engine that encodes it."""

from __future__ import annotations

from core import engines

ASSET_HELP = ("a tokenizer asset file, or the name of a built-in tokenizer (python main.py shelf lists them; "
              "a file of that name wins)")


def add_engine_option(p, what: str) -> None:
    p.add_argument("--engine", default="auto", choices=engines.CHOICES,
                   help=f"{what}: auto (default) a native library checked exact for this tokenizer, else the "
                        "reference; reference: our Python; or one library by name (python main.py engines lists "
                        "them)")


def open_served(args):
    """The tokenizer of ``args.asset``, its IDs from ``args.engine``; a
    demoted engine's note goes to stderr."""
    return engines.open_asset(args.asset, engine=args.engine, notes=engines.stderr_notes)
