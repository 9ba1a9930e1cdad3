"""Headless command line: the same core as the GUI, and no Qt import.

Every bad input ends with exit status 2 and one line on stderr naming the
file and line; ``--json`` prints machine-readable results on stdout.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys

from core.errors import StudioError
from core.fileio import check_outputs, replacing_read_only
from core.sidecars import export_paths, merges_path, vocab_path

EXIT_ERROR = 2

# Each command's module (core/cli/<module>.py, whose add_commands adds its
# commands), imported only when that command runs or for --help: a short
# command starts without importing the rest of the core.
MODULES = {"train": "train_cmds", "count": "count_cmds", "stats": "stats_cmds", "encode": "tokens_cmds",
           "decode": "tokens_cmds", "vocab": "vocab_cmds", "trace": "asset_cmds", "identity": "asset_cmds",
           "diff": "asset_cmds", "import": "formats_cmds", "export": "formats_cmds", "canon": "canon_cmds",
           "stages": "stages_cmds", "shelf": "shelf_cmds", "engines": "engine_cmds",
           "lesson": "lesson_cmds", "edit": "edit_cmds"}


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        # One line, not a usage dump: the issue asks for a single clear line.
        raise StudioError(f"{self.prog}: {message}")


def _print_json(obj):
    json.dump(obj, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


def build_parser(command: str | None = None, *, list_others: bool = True) -> argparse.ArgumentParser:
    """Every command's parser; with ``command``, only that command's module
    is imported, and the others are listed by name (for a help or an error
    that names them) unless ``list_others`` is False."""
    parser = _Parser(prog="main.py", description="Subword Studio. With no arguments, main.py opens the workbench "
                     "window (options: --lang zh_CN|en, --self-test [--screenshot-dir DIR], --screenshot PNG, "
                     "--open FILE...); with a command it runs headless, without a display.",
                     epilog="python main.py COMMAND --help describes each command.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    chosen = MODULES.get(command)
    for module in dict.fromkeys(MODULES.values()):
        if chosen in (None, module):
            importlib.import_module(f"core.cli.{module}").add_commands(sub, _print_json)
    for name in MODULES if list_others else ():
        if name not in sub.choices:
            sub.add_parser(name)  # listed only: its module was not imported
    for name in (*OUTPUTS, "export"):  # every command that writes a file
        if name in sub.choices:
            sub.choices[name].add_argument("--force", action="store_true",
                                           help="replace an output file even if it is read-only (never a link, "
                                                "special file or an input); it keeps its permissions")
    return parser


COMMANDS = tuple(MODULES)

# ==== the file policy (docs/guide/robustness.md) ====
# The files each command reads and writes, by argument name.  Every output is
# checked against every input before anything is written (fileio.check_outputs).
INPUTS = {"train": ("corpus", "from_counts"), "count": ("corpus",), "stats": ("corpus", "tokenizer"),
          "identity": ("asset", "manifest"), "diff": ("a", "b"),
          "import": ("file", "merges_file", "specials"), "canon": ("asset", "file"), "stages": ("asset", "file"),
          "shelf": (), "engines": ("assets",), "lesson": ("files",),
          "edit": ("asset", "add_file", "remove_file", "corpus")}
OUTPUTS = {"train": ("output", "trace"), "count": ("output",), "identity": ("write_manifest",), "import": ("output",),
           "vocab": ("csv", "audit_csv"), "edit": ("output", "id_map", "id_map_npy")}


def files_of(args) -> tuple[list, list]:
    """(inputs, outputs): the paths the parsed command ``args`` reads and writes."""
    inputs = [getattr(args, name, None) for name in INPUTS.get(args.command, ("asset",))]
    inputs = [p for value in inputs for p in (value if isinstance(value, list) else [value])]  # count CORPUS...
    outputs = [getattr(args, name, None) for name in OUTPUTS.get(args.command, ())]
    if args.command == "import" and args.format == "gpt2" and not args.merges_file and os.path.isfile(args.file):
        inputs += [merges_path(args.file), vocab_path(args.file)]  # the one beside FILE it reads
    if args.command == "export" or (args.command == "edit" and args.format not in (None, "asset")):
        outputs = [*export_paths(args.format, args.output), *outputs[1:]]
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
    argv = sys.argv[1:] if argv is None else argv
    command = next((a for a in argv if not a.startswith("-")), None) if argv else None
    # A known command first: nothing can name the others (each listed one
    # costs a parser, 0.3 ms of argparse's gettext lookups).
    parser = build_parser(command, list_others=not argv or argv[0] != command or command not in MODULES)
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
