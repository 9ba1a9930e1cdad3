"""The ``edit`` subcommand: vocabulary surgery that keeps IDs (issue 40).

Everything is checked before anything is written: the tokens named, the
options, and every file the command would write (the export and its side
file, the ID maps), none of which may be an input, a link or a special
file.  Then the export is written in the origin's own format and the ID
maps beside it, each atomically.
"""

from __future__ import annotations

import argparse
import io
import json
from dataclasses import replace
from pathlib import Path

import numpy as np

from core import assets
from core.cli import shelf_cmds
from core.cli.args import ASSET_HELP
from core.corpus import decode_utf8
from core.edit import EditRequest, edit, origin_format, parse_reserve, remap_padding
from core.errors import StudioError, excerpt
from core.fileio import check_outputs, read_limited, write_bytes_atomic
from core.formats import FORMATS, detect_format, export_asset, export_paths, import_file, import_source
from core.formats.common import MAX_BYTES as MAX_TOKENIZER_BYTES
from core.numbers import MAX_ID, option

MAX_LIST_BYTES = 64 * 1024 * 1024

EPILOG = """ASSET may also be a tokenizer.json, a SentencePiece .model, a vocab.txt or
a model folder holding one; a tokenizer.json's padding is written back with
its pad_id looked up again (post-processor IDs are, for every format).
By default every kept token keeps its ID: a removed ID becomes a hole in a
tokenizer.json or tiktoken rank file, a placeholder line in a BERT vocab.txt
([removedN]) and a control piece in a SentencePiece or Unigram model
(<removed_N>), which number every ID.  New tokens take the IDs after the
last one, each ordinary BPE one with the merges that build it from existing
tokens (and, when the model leaves it in more than two pieces, the new
intermediate tokens those merges need, listed in the report); a new Unigram
piece scores just above the best old segmentation of its own text.
--continue-on learns further merges with the project's BPE trainer on the
corpus as the model encodes it; in tiktoken ranks each new rank is its ID.
A byte-level token is named by its text (' the') or as the vocabulary writes
it (Ġthe).  The ID map (--id-map) is {"old_size", "new_size", "old_to_new":
[new ID or null per old ID], "new_tokens": [{"id", "token", "init_from": [old
IDs]}]}; --id-map-npy writes old_to_new as a numpy int64 array, -1 for a
removed ID.
"""


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("edit", help="add, remove or rename tokens keeping every other ID; write the ID map",
                       description="Edit a tokenizer's vocabulary, keeping IDs, and write it in its own format.",
                       epilog=EPILOG, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("asset", help=ASSET_HELP + "; or a tokenizer.json, .model, vocab.txt or model folder")
    p.add_argument("-o", "--output", required=True,
                   help="the file to write (written whole or not at all; never over an input)")
    p.add_argument("--format", choices=[*FORMATS, "asset"],
                   help="what to write (default: the format the tokenizer was imported from; a Subword Studio "
                        "asset for one trained here)")
    p.add_argument("--add", action="append", default=[], metavar="TOKEN", help="a new ordinary token (repeatable)")
    p.add_argument("--add-file", metavar="FILE", help="new ordinary tokens, one per line")
    p.add_argument("--add-special", action="append", default=[], metavar="TOKEN",
                   help="a new special token (repeatable)")
    p.add_argument("--reserve", action="append", default=[], metavar="OLD=NEW",
                   help="rename the token OLD to the new special NEW, keeping its ID (repeatable)")
    p.add_argument("--remove", action="append", default=[], metavar="TOKEN",
                   help="remove a token and every merge that builds or uses it (repeatable)")
    p.add_argument("--remove-file", metavar="FILE", help="tokens to remove, one per line")
    p.add_argument("--remove-unreachable", action="store_true",
                   help="also remove the tokens no merge reaches any more after --remove")
    p.add_argument("--compact", action="store_true", help="renumber the kept and new tokens densely")
    p.add_argument("--shrink-to", type=option(low=1, high=MAX_ID), metavar="N",
                   help="keep the N tokens most used on --corpus (base bytes or characters, WordPiece's ## "
                        "continuations of them, and specials always; for a BPE, every token that builds a kept "
                        "one); the rest are removed as --remove does")
    p.add_argument("--corpus", nargs="+", metavar="FILE", help="--shrink-to: the texts to count, UTF-8, one "
                                                               "record per line")
    p.add_argument("--continue-on", nargs="+", metavar="CORPUS",
                   help="BPE: learn --merges N further merges on these texts (UTF-8, one record per line) after "
                        "the existing ones; every existing ID and merge is kept, new tokens follow the last ID")
    p.add_argument("--merges", type=option(low=1, high=MAX_ID), metavar="N",
                   help="--continue-on: how many merges to learn (fewer when the corpus runs out of pairs)")
    p.add_argument("--id-map", metavar="MAP.json", help="write where every old ID went, and the new tokens")
    p.add_argument("--id-map-npy", metavar="MAP.npy", help="write old_to_new as a numpy array (-1: removed)")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_edit(args, print_json))


def _lines(path, option: str) -> list[str]:
    """The tokens of a list file: one per line, as written (spaces kept), blank lines skipped."""
    data = read_limited(path, limit=MAX_LIST_BYTES, what="a token list", error=StudioError)
    text = decode_utf8(data, str(path))
    return [line.removesuffix("\r") for line in text.split("\n") if line.removesuffix("\r")]


def request_of(args) -> EditRequest:
    add = [*args.add, *(_lines(args.add_file, "--add-file") if args.add_file else [])]
    remove = [*args.remove, *(_lines(args.remove_file, "--remove-file") if args.remove_file else [])]
    if args.corpus and args.shrink_to is None:
        raise StudioError("--corpus is read for --shrink-to N; give it too")
    corpus = tuple(record for path in args.corpus or () for record in _lines(path, "--corpus"))
    further = tuple(record for path in args.continue_on or () for record in _lines(path, "--continue-on"))
    if args.continue_on and not further:
        raise StudioError("--continue-on: the corpus has no text")
    request = EditRequest(add=tuple(add), add_special=tuple(args.add_special),
                          reserve=tuple(parse_reserve(r) for r in args.reserve), remove=tuple(remove),
                          remove_unreachable=args.remove_unreachable, compact=args.compact,
                          shrink_to=args.shrink_to, corpus=corpus, continue_on=further, merges=args.merges)
    if not (request.add or request.add_special or request.reserve or request.remove or request.compact
            or request.shrink_to is not None or request.continue_on):
        raise StudioError("edit: nothing to do; give --add, --add-special, --reserve, --remove, --shrink-to, "
                          "--continue-on or --compact")
    return request


# Tokenizer files ``edit`` reads directly (imported as ``import`` does), besides assets and shelf names.
DIRECT_FORMATS = ("hf", "spm", "bert-vocab")


def open_input(arg) -> tuple[dict, object, dict | None, Path]:
    """``(asset, model, padding, file)`` for the ASSET argument: an asset file or a
    shelf name, or a tokenizer.json, SentencePiece .model, vocab.txt or a
    model folder holding one, imported here.  ``padding``: a tokenizer.json's
    padding block (an asset keeps none; the edit writes it back with its
    pad_id looked up again).  ``file``: the file read (in a folder, the tokenizer file)."""
    path = Path(arg)
    if path.is_dir() or (path.is_file() and detect_format(path) in DIRECT_FORMATS):
        source, fmt, _ = import_source(path)
        if fmt in DIRECT_FORMATS:
            imported = import_file(source, fmt)
            padding = None
            if fmt == "hf":
                data = read_limited(source, limit=MAX_TOKENIZER_BYTES, what="a tokenizer.json", error=StudioError)
                spec = assets.parse_json(data)
                padding = spec.get("padding") if isinstance(spec, dict) else None
            return imported.asset, imported.tokenizer, padding, source
    asset, tokenizer = shelf_cmds.open_asset(arg)
    return asset, tokenizer, None, path


def npy_bytes(array) -> bytes:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    return buffer.getvalue()


def cmd_edit(args, print_json) -> int:
    request = request_of(args)
    asset, tokenizer, padding, source = open_input(args.asset)
    fmt = args.format or origin_format(asset) or "asset"
    inputs = [p for p in (args.asset, source, args.add_file, args.remove_file, *(args.corpus or ()),
                          *(args.continue_on or ())) if p]
    outputs = [*(export_paths(fmt, args.output) if fmt != "asset" else [args.output]), args.id_map, args.id_map_npy]
    check_outputs(outputs, inputs, StudioError, force=getattr(args, "force", False))
    # A SentencePiece .model and a vocab.txt number every line: a removed ID keeps a placeholder there.
    request = replace(request, holes=fmt not in ("spm", "bert-vocab"))
    result = edit(asset, tokenizer, request)
    padding = remap_padding(padding, result) if fmt == "hf" else None
    if fmt == "asset":
        assets.save_asset(args.output, result.asset, inputs=inputs)
        report_lines = [f"asset written to {args.output}"]
    else:
        options = {"padding": padding} if padding is not None else {}
        report = export_asset(result.asset, result.tokenizer, fmt, args.output, inputs=inputs, **options)
        report_lines = report.lines()
    if args.id_map:
        text = json.dumps(result.id_map(), ensure_ascii=False, separators=(",", ":")) + "\n"
        write_bytes_atomic(args.id_map, text.encode("utf-8"), inputs=inputs)
    if args.id_map_npy:
        write_bytes_atomic(args.id_map_npy, npy_bytes(result.keep_array()), inputs=inputs)
    if args.json:
        print_json({"output": args.output, "format": fmt, "id_map": args.id_map, "id_map_npy": args.id_map_npy,
                    **result.summary()})
        return 0
    name = asset.get("metadata", {}).get("name") or args.asset
    print(f"edit: {name}: {result.old_size} -> {result.new_size} IDs; {len(result.new_tokens)} new, "
          f"{len(result.removed)} removed, {len(result.renamed)} renamed, "
          f"{len(result.unreachable)} unreachable")
    learned = [entry for entry in result.new_tokens if "merge" in entry]
    if learned:
        print(f"  new {len(learned)} tokens by --continue-on, IDs {learned[0]['id']}-{learned[-1]['id']}, "
              f"the first {excerpt(learned[0]['text'])} (--json lists them)")
    for entry in result.new_tokens:
        if "merge" in entry:
            continue
        what = "special" if entry["special"] else ("helper" if entry.get("helper_for") else "token")
        line = f"  new {what} {entry['id']} {excerpt(entry['text'])} from old IDs {entry['init_from']}"
        if entry.get("reachable") is False:
            line += f"; not reachable: {entry['why']}"
        print(line)
    for entry in result.renamed:
        print(f"  renamed {entry['id']} {excerpt(entry['old'])} -> {excerpt(entry['new'])}")
    shrunk = sum(1 for entry in result.removed if entry["why"] == "shrink")
    if shrunk:
        print(f"  removed {shrunk} tokens by --shrink-to (--json lists them)")
    for entry in result.removed:
        if entry["why"] != "shrink":
            print(f"  removed {entry['id']} {excerpt(entry['text'])} ({entry['why']})")
    for entry in result.placeholders:
        print(f"  placeholder {entry['id']} {excerpt(entry['token'])}")
    for entry in result.unreachable:
        print(f"  unreachable {entry['id']} {excerpt(entry['text'])}")
    for note in result.notes:
        print(f"  note: {note}")
    for line in report_lines:
        print(line)
    return 0
