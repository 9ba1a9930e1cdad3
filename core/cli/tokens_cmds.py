"""The ``encode`` and ``decode`` subcommands, for every tokenizer kind
through the one interface (:mod:`core.tokenizer`).

``encode`` prints IDs (or the whole Encoding with ``--json``); ``decode``
turns IDs back into text under a policy for what is not text (``strict``,
``raw``, ``replace``).

Details: docs/notes/core.md#coreclitokens_cmdspy.
"""

from __future__ import annotations

import importlib
import os
import sys
from itertools import chain

from core import engines
from core.cli.args import ASSET_HELP, add_decode_specials_options, add_engine_option, add_specials_options, open_served
from core.cli.progress import progress_bar
from core.engines import bulk
from core.errors import StudioError
from core.fileio import read_limited
from core.inspect.idlist import parse_ids
from core.numbers import MAX_ID, option, parse_decimal
from core.utf8 import Utf8DecodeError

MAX_NOTES = 5  # problems named one by one on stderr; the rest are counted
TEXT_FILE_LIMIT = 512 * 1024 * 1024  # bytes of --file text (its IDs and pieces take about 10x that in memory)
PROGRESS_CHARS = 1_000_000  # a bar on a terminal from this much text on
ID_TEXT = "core.cli.id_text"  # numpy: imported when the first IDs come as an array (large work)
# From this many characters (some 5 million IDs) on, --ids-only asks for the
# IDs as arrays: writing them by numpy saves more than numpy's import (0.09 s).
ARRAYS_FROM = 1 << 24


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("encode", help="encode text (--text) with any tokenizer; char-bpe words: replay the merges")
    p.add_argument("asset", help=ASSET_HELP)
    p.add_argument("words", nargs="*", help="char-bpe only: words whose merge replay to show")
    p.add_argument("--text", help="the text to encode, exactly as given")
    p.add_argument("--add-special-tokens", action="store_true",
                   help="put the post-processor's specials around the tokens ([CLS] ... [SEP]), as HF's "
                        "encode(text) does by default")
    p.add_argument("--file", metavar="PATH",
                   help=f"encode a UTF-8 file (- reads stdin), up to {TEXT_FILE_LIMIT} bytes")
    p.add_argument("--ids-only", action="store_true",
                   help="print only the IDs, space-separated on one line (the fast path)")
    p.add_argument("--lines", action="store_true",
                   help="encode each line on its own (without its \\n or \\r\\n); one line of IDs per line")
    p.add_argument("--workers", type=option(low=1, high=64), default=2,
                   help="threads for a large input (default 2; 1: this one only, one core)")
    add_engine_option(p, "which engine gives the IDs")
    add_specials_options(p)
    p.add_argument("--json", action="store_true",
                   help="the whole Encoding (tokens, spans, bytes, flags): always the reference's")
    p.set_defaults(func=lambda args: cmd_encode(args, print_json))

    p = sub.add_parser("decode", help="decode IDs (or tokens) to text")
    p.add_argument("asset", help=ASSET_HELP)
    p.add_argument("ids", nargs="+")
    p.add_argument("--errors", default="strict", choices=["strict", "raw", "replace"],
                   help="invalid UTF-8 or unknown IDs: fail (exit 1), print the raw bytes, or show U+FFFD and warn")
    add_engine_option(p, "which engine decodes (one that gives bytes, so invalid UTF-8 can be named)")
    add_decode_specials_options(p)
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_decode(args, print_json))


# ==== encode ====

def cmd_encode(args, print_json) -> int:
    engines.hold_threads(args.workers)  # before anything encodes: read once per process
    tok = open_served(args)
    if args.words:
        if tok.kind != "char-bpe":
            raise StudioError(f"encode: a {tok.kind} tokenizer encodes whole text: pass it with --text TEXT")
        return replay_words(tok.model, list(args.words) + (args.text.split() if args.text else []), args.json,
                            print_json)
    if (args.text is None) == (args.file is None):
        raise StudioError("encode: give the text with --text TEXT or --file PATH (one of them)")
    if args.json and (args.ids_only or args.lines):
        raise StudioError("encode: --json prints the whole Encoding; it does not go with --ids-only or --lines")
    if args.file is not None and (args.lines or args.ids_only):
        tok.expect_work(_size_of(args.file), args.workers)
    text = _checked_text(args.text) if args.file is None else read_text(args.file)
    if args.add_special_tokens and tok.post_processor is None:
        print("note: this tokenizer has no post-processor; --add-special-tokens adds nothing", file=sys.stderr)
    if args.lines or args.ids_only:
        return _print_ids(tok, text, args)
    if args.json:
        encoding = tok.encode(text, add_special_tokens=args.add_special_tokens)
        print_json({**encode_json(tok, text, encoding),
                    **({"add_special_tokens": True} if args.add_special_tokens else {})})
    else:
        print(" ".join(map(str, tok.encode_ids(text, add_special_tokens=args.add_special_tokens))))
    return 0


def read_text(path: str) -> str:
    """A whole UTF-8 file (``-``: stdin), bounded; bad bytes are named by
    line and byte offset."""
    if path == "-":
        if sys.stdin is None:  # started with stdin closed (<&-)
            raise StudioError("<stdin>: standard input is closed")
        data, where = sys.stdin.buffer.read(TEXT_FILE_LIMIT + 1), "<stdin>"
        if len(data) > TEXT_FILE_LIMIT:
            raise StudioError(f"<stdin>: more than {TEXT_FILE_LIMIT} bytes is over the text limit; "
                              "split the input (with --lines, by lines)")
    else:
        data, where = read_limited(path, limit=TEXT_FILE_LIMIT, what="a text file", error=StudioError,
                                   limit_name="text"), path
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise StudioError(f"{where}: line {line}: byte 0x{data[exc.start]:02X} at byte offset {exc.start} "
                          "is not valid UTF-8") from None


def _print_ids(tok, text: str, args) -> int:
    write = sys.stdout.write
    # --add-special-tokens: each sequence (the text, or each line) between
    # the IDs the post-processor puts around it, as HF's encode does.
    before, after = _special_ends(tok) if args.add_special_tokens else ([], [])
    with progress_bar("chunk") as bar:
        bar = bar if len(text) >= PROGRESS_CHARS else None
        if args.lines:
            lines = text.split("\n")
            if lines[-1] == "":
                lines.pop()  # the ending of the last line, not a line
            lines = [line[:-1] if line.endswith("\r") else line for line in lines]
            rows = bulk.encode_lines(tok, lines, workers=args.workers, progress=bar)
            if before or after:
                rows = [before + row + after for row in rows]
            shown = _id_texts(tok.vocab_size) if sum(map(len, rows)) >= tok.vocab_size else None
            for ids in rows:
                write(ids_text(ids, shown))
                write("\n")
            return 0
        # Each part's IDs are written out here while the next parts are
        # encoded on other threads (bulk.encode_parts); large work comes as
        # arrays where the engine gives them (core.cli.id_text).
        shown = _id_texts(tok.vocab_size) if len(text) >= tok.vocab_size else None
        arrays = len(text) >= ARRAYS_FROM
        decimals = None
        gap = ""
        for ids in chain([before], bulk.encode_parts(tok, text, workers=args.workers, progress=bar, arrays=arrays),
                         [after]):
            if isinstance(ids, list):
                pieces = [ids_text(ids, shown)]
            else:
                decimals = decimals or importlib.import_module(ID_TEXT).Decimals(tok.vocab_size)
                pieces = decimals.texts(ids)
            for piece in pieces:
                if piece:
                    write(gap)
                    write(piece)
                    gap = " "
    write("\n")
    return 0


def _size_of(path: str) -> int:
    """The bytes of a file about to be read (0 for stdin, or one that cannot
    be asked: reading it names the trouble)."""
    try:
        return 0 if path == "-" else os.stat(path).st_size
    except (OSError, ValueError):
        return 0


def _special_ends(tok) -> tuple[list[int], list[int]]:
    """The IDs the post-processor puts before and after one sequence
    (BERT's ``[CLS] $A [SEP]``), found by wrapping a stand-in ID: a
    template keeps the sequence's IDs together and in order."""
    around = tok.add_special_ids([-1])
    at = around.index(-1)
    return around[:at], around[at + 1:]


def _id_texts(count: int) -> list[str]:
    """The decimal text of every ID below ``count``: looking an ID up is
    about 4x quicker than ``str`` on it, which pays from ``count`` IDs on
    (27 million IDs: 1.5 s against 6-7 s)."""
    return list(map(str, range(count)))


def ids_text(ids, shown: list[str] | None = None) -> str:
    """IDs space-separated, their texts looked up in ``shown`` where given."""
    if shown is not None:
        try:
            return " ".join(map(shown.__getitem__, ids))
        except IndexError:  # an ID at or above the vocabulary size
            pass
    return " ".join(map(str, ids))


def _checked_text(text: str) -> str:
    """The text as UTF-8; an argument with bytes that are not (kept as lone
    surrogates by Python) is bad input, named by its first bad byte."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        data = text.encode("utf-8", "surrogateescape") if exc.object[exc.start] >= "\udc80" else b""
        where = len(text[:exc.start].encode("utf-8", "surrogateescape"))
        shown = f"byte 0x{data[where]:02X}" if data else f"U+{ord(exc.object[exc.start]):04X}"
        raise StudioError(f"encode: --text is not valid UTF-8: {shown} at byte offset {where}") from None
    return text


def encode_json(tok, text: str, encoding) -> dict:
    """Every field of the Encoding, plus the text, the kind and the sizes."""
    return {"text": text, "kind": tok.kind, "engine": "reference", **encoding.to_json(),
            "counts": {"code_points": len(text), "utf8_bytes": len(text.encode("utf-8")), "tokens": len(encoding)}}


def replay_words(model, words, as_json: bool, print_json) -> int:
    """The classroom's merge replay: which merges applied to each word, which did not."""
    results = [word_json(model, w) for w in words]
    if as_json:
        print_json(results)
    else:
        for r in results:
            lost = "".join(f"  [UNK] replaced {u['char']!r} ({u['codepoint']})" for u in r["unknown"])
            print(f"{r['word']}\t{' '.join(r['tokens'])}\t{r['ids']}{lost}")
    return 0


def word_json(model, word: str) -> dict:
    """A char-bpe word's replay: its tokens, the merges that applied and
    did not (core.models.char_bpe.CharBPE.merge_steps), the characters lost."""
    enc = model.encode_word(word)
    applied, not_applied = model.merge_steps(word)
    return {
        "word": word, "tokens": list(enc.tokens), "ids": list(enc.ids),
        "steps": list(applied), "not_applied": list(not_applied),
        "unknown": [{"offset": o, "char": ch, "codepoint": f"U+{ord(ch):04X}"}
                    for o, ch in model.initial_symbols(word)[1]],
    }


# ==== decode ====

def read_ids(tok, items) -> list[int]:
    """IDs as typed (``270 32``, ``[270, 32]``); an item that is not a
    number may be a token of the vocabulary (``low</w>``, ``<BOS>``)."""
    try:
        return parse_ids(" ".join(items))
    except StudioError as exc:
        error = exc
    ids = []
    for item in items:
        if item.isascii() and item.isdigit():
            ids.append(parse_decimal(item, where="decode", what="ID", high=MAX_ID))
            continue
        try:
            ids.append(tok.token_to_id(item))
        except StudioError:
            raise StudioError(f"decode: {error}, nor a token of this tokenizer") from None
    return ids


def cmd_decode(args, print_json) -> int:
    tok = open_served(args)
    if args.engine not in ("auto", tok.decoder):
        raise StudioError(f"decode --engine {args.engine}: {args.engine} gives decoded text, not each token's "
                          "bytes, so it could not name invalid UTF-8; the reference decodes "
                          "(--engine auto or reference)")
    ids = read_ids(tok, args.ids)
    failure = None
    try:
        result = tok.decode(ids, errors=args.errors)
    except StudioError as exc:
        if args.errors != "strict":
            raise
        # Strict stopped at an unknown ID or a UTF-8 problem: say which, and
        # report the bytes all the same (--json), so nothing is hidden.
        result = tok.decode(ids, errors="raw")
        if isinstance(exc, Utf8DecodeError):
            failure = f"{exc} (--errors raw prints the bytes, --errors replace shows U+FFFD)"
        else:
            failure = _unknown_line(result.unknown_ids) if result.unknown_ids else str(exc)
    report = decode_json(tok, ids, result, args.errors, failure is None)
    if args.json:
        print_json(report)
    if failure is not None:
        print(f"error: {failure}", file=sys.stderr)
        return 1
    if not args.json:
        if args.errors == "raw":
            sys.stdout.flush()
            sys.stdout.buffer.write(result.data)
            sys.stdout.buffer.flush()
        else:
            print(result.text)
    for line in _notes(report):
        print(line, file=sys.stderr)
    return 0


def _unknown_line(unknown) -> str:
    index, token_id = unknown[0]
    more = f" (and {len(unknown) - 1} more)" if len(unknown) > 1 else ""
    return f"id {token_id} at index {index} is not in the vocabulary{more} (--errors raw or replace skip it)"


def decode_json(tok, ids, result, policy: str, ok: bool) -> dict:
    tokens = result.problem_tokens or (None,) * len(result.problems)
    return {
        "kind": tok.kind, "engine": tok.decoder, "ids": list(ids), "ok": ok, "policy": policy,
        "keep_specials": tok.keeps_specials(),
        "text": result.text if ok else None, "replaced": result.replaced,
        "bytes": result.data.hex(" ").upper(),
        "problems": [{"kind": p.kind, "offset": p.offset, "length": p.length, "bytes": p.data.hex(" ").upper(),
                      "message": p.describe(), "token": None if t is None else {"index": t[0], "id": t[1]}}
                     for p, t in zip(result.problems, tokens)],
        "specials": [{"index": i, "id": t, "name": tok.id_to_token(t)} for i, t in result.specials],
        "unknown_ids": [{"index": i, "id": t} for i, t in result.unknown_ids],
    }


def _notes(report: dict) -> list[str]:
    """stderr lines after a successful decode: what was replaced, kept raw or skipped."""
    out = []
    problems = [p["message"] + (f" (in token {p['token']['index']}, id {p['token']['id']})" if p["token"] else "")
                for p in report["problems"]]
    if problems:
        head = "warning: invalid UTF-8 shown as U+FFFD: " if report["policy"] == "replace" else \
            "note: the bytes are not valid UTF-8: "
        more = f"; and {len(problems) - MAX_NOTES} more" if len(problems) > MAX_NOTES else ""
        out.append(head + "; ".join(problems[:MAX_NOTES]) + more)
    if report["unknown_ids"]:
        listed = ", ".join(f"{u['id']} at index {u['index']}" for u in report["unknown_ids"][:MAX_NOTES])
        out.append(f"warning: skipped {len(report['unknown_ids'])} ID(s) not in the vocabulary: {listed}")
    if report["specials"] and not report["keep_specials"]:
        listed = ", ".join(f"{s['name']} at index {s['index']}" for s in report["specials"][:MAX_NOTES])
        out.append(f"note: specials give no text: {listed}")
    return out
