"""Headless command line: the same core as the GUI, and no Qt import.

Every bad input ends with exit status 2 and one line on stderr naming the
file and line; ``--json`` prints machine-readable results on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from core.inspect import asset_diff
from core.assets import identity
from core import assets
from core.models import char_bpe
from core.cli import canon_cmds as cli_canon, count_cmds, stages_cmds as stages_cli, stats_cmds, tokens_cmds, train_cmds, vocab_cmds
from core.errors import AssetError, StudioError
from core.fileio import check_outputs, replacing_read_only, write_json_atomic
from core.cli import formats_cmds as cli_support
from core.cli import shelf_cmds

EXIT_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # One line, not a usage dump: the issue asks for a single clear line.
        raise StudioError(f"{self.prog}: {message}")


def _print_json(obj):
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


# ==== trace ====

def retrain(asset: dict, model: char_bpe.CharBPE) -> char_bpe.CharBPE:
    """Retrain from the asset's embedded corpus and check it gives its merges."""
    words = assets.training_corpus(asset)
    trainer = asset.get("trainer", {})
    again = char_bpe.train(
        words, merges=len(model.merges), tie=trainer.get("tie_policy", "lexicographic"),
        end_of_word=model.end_of_word, unk=model.unk,
    )
    if again.merges != model.merges:
        raise AssetError("retraining from the embedded corpus gives other merges: the asset was edited")
    return again


def cmd_trace(args):
    asset, model = shelf_cmds.open_asset(args.asset)
    if asset["kind"] != "char-bpe":
        raise StudioError(f"trace: {args.asset} is a {asset['kind']} asset; the merge trace is kept for char-bpe")
    trace = retrain(asset, model).trace
    if args.json:
        _print_json(train_cmds.trace_json(trace))
        return 0
    print(f"tie policy: {trace.policy}")
    for s in trace.steps:
        ties = ", ".join(f"{a}+{b}" for a, b in s.ties)
        print(f"{s.step}\t{s.pair[0]} + {s.pair[1]}\t{s.count}\tties ({s.tie_count}): {ties}")
    return 0


# ==== identity and diff (docs/identity.md) ====

def _identified(arg) -> identity.LoadedAsset:
    """An ASSET argument (a file or a shelf name), identified."""
    asset, model = shelf_cmds.open_asset(arg)
    try:
        return identity.from_dict(asset, path=arg, tokenizer=model)
    except AssetError as exc:
        raise AssetError.at(str(arg), exc) from None


def cmd_identity(args):
    loaded = _identified(args.asset)
    result = identity.identity_json(loaded.identity)
    code = 0
    if args.manifest:
        binding = identity.check_manifest(identity.read_manifest(args.manifest), loaded.identity)
        result["manifest"] = identity.binding_json(binding)
        code = 0 if binding.match else 1
    if args.write_manifest:
        write_json_atomic(args.write_manifest, identity.manifest_for(loaded.identity))
    if args.json:
        _print_json(result)
        return code
    print(f"interface  {result['interface_sha256']}\nfull       {result['full_sha256']}")
    for name, sha in result["components"].items():
        print(f"  {name:<14} {sha}")
    if args.manifest:
        print(f"manifest {args.manifest}: {'match' if binding.match else 'MISMATCH'}")
        for reason in binding.reasons:
            print("  " + ", ".join(f"{k}={v}" for k, v in reason.items()))
    return code


def cmd_diff(args):
    a, b = _identified(args.a), _identified(args.b)
    diff = asset_diff.compare(a.identity, b.identity)
    rows = ()
    if not args.no_behaviour:
        probes = tuple(args.probe) if args.probe else (
            asset_diff.probe_texts() + asset_diff.spelled_probes(diff, a.identity))
        rows = asset_diff.behaviour(a.tokenizer, b.tokenizer, probes)
    if args.json:
        _print_json(asset_diff.diff_json(diff, rows))
    else:
        print("\n".join(asset_diff.summary_lines(diff, args.a, args.b)))
        for row in rows:
            if row.how != "same":
                print(f"  probe {row.text!r}: {row.how}; A {list(row.a.ids)}  B {list(row.b.ids)}; "
                      f"A's IDs read by B: {row.a_ids_read_by_b!r}")
    return 0 if diff.equal else 1


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="main.py", description="Subword Studio, headless.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    train_cmds.add_command(sub, _print_json)  # train CORPUS --algo char-bpe|byte-bpe|wordpiece|unigram
    count_cmds.add_command(sub, _print_json)  # count CORPUS... --pretokenizer ... -o counts.tsv
    stats_cmds.add_command(sub, _print_json)  # stats CORPUS... --tokenizer A --tokenizer B --json|--csv

    tokens_cmds.add_commands(sub, _print_json)  # encode ASSET --text TEXT, decode ASSET ID... --errors ...
    vocab_cmds.add_commands(sub, _print_json)  # vocab ASSET [--audit] [--json] [--csv FILE]

    p = sub.add_parser("trace", help="print every training step")
    p.add_argument("asset", help=shelf_cmds.ASSET_HELP)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_trace)

    p = sub.add_parser("identity", help="interface and full identity (exit 1 if --manifest mismatches)")
    p.add_argument("asset", help=shelf_cmds.ASSET_HELP)
    p.add_argument("--manifest", help='check a checkpoint manifest {"tokenizer_interface_sha256": ...}')
    p.add_argument("--write-manifest", help="write the manifest a checkpoint should carry")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_identity)

    p = sub.add_parser("diff", help="compare two assets (exit 0 equal, 1 different)")
    p.add_argument("a", help=shelf_cmds.ASSET_HELP)
    p.add_argument("b", help=shelf_cmds.ASSET_HELP)
    p.add_argument("--probe", action="append", help="probe text (repeatable; default: classroom records + mixed)")
    p.add_argument("--no-behaviour", action="store_true", help="structural diff only")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_diff)

    cli_support.add_commands(sub, _print_json)  # import FILE --format ..., export ASSET --format ...
    cli_canon.add_command(sub, _print_json)  # canon ASSET ID... [--file PATH | -]
    stages_cli.add_command(sub, _print_json)  # stages ASSET --text TEXT
    shelf_cmds.add_command(sub, _print_json)  # shelf [--json]: the built-in tokenizers
    for name in (*OUTPUTS, "export"):  # every command that writes a file
        sub.choices[name].add_argument("--force", action="store_true",
                                       help="replace an output file even if it is read-only (never a link, "
                                            "special file or an input); it keeps its permissions")
    return parser


COMMANDS = ("train", "count", "stats", "encode", "decode", "trace", "identity", "diff", "import", "export", "canon",
            "stages", "vocab", "shelf")

# ==== the file policy (README "Robustness") ====
# The files each command reads and writes, by argument name.  Every output is
# checked against every input before anything is written (fileio.check_outputs).
INPUTS = {"train": ("corpus", "from_counts"), "count": ("corpus",), "stats": ("corpus", "tokenizer"),
          "identity": ("asset", "manifest"), "diff": ("a", "b"),
          "import": ("file", "merges_file", "specials"), "canon": ("asset", "file"), "stages": ("asset", "file"),
          "shelf": ()}
OUTPUTS = {"train": ("output", "trace"), "count": ("output",), "identity": ("write_manifest",), "import": ("output",),
           "vocab": ("csv", "audit_csv")}


def files_of(args) -> tuple[list, list]:
    """(inputs, outputs): the paths the parsed command ``args`` reads and writes."""
    inputs = [getattr(args, name, None) for name in INPUTS.get(args.command, ("asset",))]
    inputs = [p for value in inputs for p in (value if isinstance(value, list) else [value])]  # count CORPUS...
    outputs = [getattr(args, name, None) for name in OUTPUTS.get(args.command, ())]
    if args.command == "import" and args.format == "gpt2" and not args.merges_file:
        from core.formats.gpt2_files import merges_path, vocab_path

        inputs += [merges_path(args.file), vocab_path(args.file)]  # the one beside FILE it reads
    if args.command == "export":
        from core.formats import export_paths

        outputs = export_paths(args.format, args.output)
    return [p for p in inputs if p not in (None, "-")], outputs


class OutputError(Exception):
    """Standard output cannot take what a command prints (full disk, closed, encoding)."""


def _output_error(exc: BaseException) -> str:
    if isinstance(exc, UnicodeEncodeError):
        encoding = getattr(sys.stdout, "encoding", None) or exc.encoding
        return (f"standard output: character {exc.object[exc.start:exc.end]!a} cannot be written as {encoding} "
                f"({exc.reason}); set PYTHONIOENCODING=utf-8:backslashreplace")
    return f"standard output: cannot write ({getattr(exc, 'strerror', None) or exc})"


def _silence_stdout() -> None:
    # What is still buffered would fail again when Python flushes it at exit
    # ("Exception ignored ..."): point the descriptor at the null device.
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (AttributeError, OSError, ValueError):
        pass  # not a real stream (pytest's capture) or already gone


# Commands whose trailing positional list may follow options
# (``encode a.json --json lower``); argparse would call those "unrecognized".
TRAILING = {"encode": "words", "decode": "ids", "canon": "ids"}


def _parse(argv):
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    trailing = TRAILING.get(getattr(args, "command", None))
    if extra and trailing and not any(e.startswith("-") and len(e) > 1 and not e[1:].isdigit() for e in extra):
        setattr(args, trailing, [*(getattr(args, trailing) or []), *extra])
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def _empty_paths(args) -> None:
    """An empty file name would become the current folder (".: is a directory")."""
    names = [*INPUTS.get(args.command, ("asset",)), *OUTPUTS.get(args.command, ()),
             *(("output",) if args.command == "export" else ())]
    for name in names:
        if getattr(args, name, None) == "":
            shown = name if name in ("corpus", "asset", "file", "a", "b") else "--" + name.replace("_", "-")
            raise StudioError(f"{shown}: the file name is empty")


def _one_line(message) -> str:
    """A file name with a line break still gives one line."""
    return str(message).replace("\r", "\\r").replace("\n", "\\n")


def _run(argv) -> int:
    args = _parse(argv)
    _empty_paths(args)
    if sys.stdout is None:  # started with stdout closed (>&-): printing would silently do nothing
        raise OutputError("standard output is closed")
    inputs, outputs = files_of(args)
    force = getattr(args, "force", False)
    check_outputs(outputs, inputs, StudioError, force=force)
    with replacing_read_only(outputs if force else ()):
        code = args.func(args)
    sys.stdout.flush()  # inside the guard: a full disk shows here, not at exit
    return code


def main(argv=None) -> int:
    try:
        return _run(argv)
    except StudioError as exc:
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        _silence_stdout()  # the reader stopped (| head): not an error
        return 0
    except OutputError as exc:
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return EXIT_ERROR
    except (OSError, UnicodeEncodeError) as exc:
        if isinstance(exc, OSError) and exc.filename is not None:
            message = f"{exc.filename}: {exc.strerror or exc}"
        else:
            message = _output_error(exc)
            _silence_stdout()
        print(f"error: {_one_line(message)}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
