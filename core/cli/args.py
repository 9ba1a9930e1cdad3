"""Arguments several commands share: the ASSET argument (a file or a
built-in tokenizer's name) and the engine that encodes it."""

from __future__ import annotations

from core import engines
from core.tokenizer import specials

ASSET_HELP = ("a tokenizer asset file, or the name of a built-in tokenizer (python main.py shelf lists them; "
              "a file of that name wins)")


def add_engine_option(p, what: str) -> None:
    p.add_argument("--engine", default="auto", choices=engines.CHOICES,
                   help=f"{what}: auto (default) a native library checked exact for this tokenizer, else the "
                        "reference; reference: our Python; or one library by name (python main.py engines lists "
                        "them)")


SPECIALS_HELP = ("Special tokens written in the text, as tiktoken's allowed_special/disallowed_special: each "
                 "option takes all, none or TOKEN,TOKEN...  A disallowed special in the text is an error (exit 2); "
                 "an allowed one is read as the control token; any other is ordinary text.  Default, by the "
                 "library the tokenizer comes from: a tiktoken rank file disallows them all (a user's text must "
                 "not become <|endoftext|>); a Hugging Face file reads its special added tokens, as HF does; "
                 "others read none.")


def add_specials_options(p) -> None:
    group = p.add_argument_group("specials in the text", SPECIALS_HELP)
    group.add_argument("--allowed-special", metavar="all|none|TOKEN,...",
                       help="specials read as control tokens (default: the origin's rule)")
    group.add_argument("--disallowed-special", metavar="all|none|TOKEN,...",
                       help="specials that make the text an error (default: the origin's rule)")


def add_decode_specials_options(p) -> None:
    group = p.add_mutually_exclusive_group()
    group.add_argument("--keep-specials", dest="keep_specials", action="store_true", default=None,
                       help="print a special's text (default for a tiktoken rank file, as tiktoken's decode)")
    group.add_argument("--skip-specials", dest="keep_specials", action="store_false",
                       help="leave specials out (default otherwise, as HF's decode)")


def open_served(args):
    """The tokenizer of ``args.asset``, its IDs from ``args.engine``, with
    the command's choice for specials (when it offers one); a demoted
    engine's note goes to stderr."""
    tok = engines.open_asset(args.asset, engine=args.engine, notes=engines.stderr_notes)
    names = [name for name, _ in tok.specials]
    allowed = specials.parse(getattr(args, "allowed_special", None), names, "--allowed-special")
    disallowed = specials.parse(getattr(args, "disallowed_special", None), names, "--disallowed-special")
    keep = getattr(args, "keep_specials", None)
    if allowed is None and disallowed is None and keep is None:
        return tok
    return tok.with_policy(allowed, disallowed, keep)
