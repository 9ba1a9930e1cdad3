"""The ``import`` and ``export`` subcommands, for :mod:`core.cli.main`."""

from __future__ import annotations

from core import assets
from core.assets import identity
from core.formats import FORMATS, IMPORT_FORMATS, export_asset, import_file, import_source
from core.formats.report import Finding
from core.pipeline.pretokenize import TIKTOKEN_ENCODINGS
from core.cli import shelf_cmds
from core.cli.args import ASSET_HELP


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("import", help="import a tokenizer file (or a model folder) of another library as an asset")
    p.add_argument("file", help="a tokenizer file, or a model folder as downloaded (tokenizer.json, vocab.json + "
                                "merges.txt, *.model, *.tiktoken or vocab.txt, with the side files beside it)")
    p.add_argument("--format", choices=list(IMPORT_FORMATS),
                   help="the file's format (default: told from the file's name and first bytes)")
    p.add_argument("--pattern", help="tiktoken: the split pattern by name (core/pipeline/pretokenize.py)")
    p.add_argument("--pat-str", help="tiktoken: the split regex itself (an encoding's pat_str)")
    p.add_argument("--merges-file", help="gpt2: the merges.txt (default: beside FILE, named like it)")
    p.add_argument("--specials", help='tiktoken: a JSON file {"special_tokens": {token: id}}')
    p.add_argument("--cased", action="store_true", help="bert-vocab: a cased vocabulary (no lower casing)")
    p.add_argument("--model-type", choices=["unigram", "bpe"], help="spm .vocab: the model type")
    p.add_argument("--name", help="the asset's name, shown in the windows (default: the file's name)")
    p.add_argument("-o", "--output", required=True, help="the file to write (written whole or not at all; never over an input)")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_import(args, print_json))

    p = sub.add_parser("export", help="write an asset in another library's format")
    p.add_argument("asset", help=ASSET_HELP)
    p.add_argument("--format", required=True, choices=FORMATS)
    p.add_argument("-o", "--output", required=True, help="the file to write (written whole or not at all; never over an input)")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_export(args, print_json))


def cmd_import(args, print_json) -> int:
    options = {"pattern": args.pattern, "name": args.name or ""}
    if args.pat_str:
        options["pat_str"] = args.pat_str
    if args.specials:
        options["specials"] = args.specials
    if args.cased:
        options["cased"] = True
    if args.model_type:
        options["model_type"] = args.model_type
    if args.merges_file:
        options["merges"] = args.merges_file
    path, fmt, how = import_source(args.file, args.format)
    if fmt == "tiktoken" and not args.pattern and not args.pat_str and path.stem in TIKTOKEN_ENCODINGS:
        options["pattern"] = path.stem  # cl100k_base.tiktoken: tiktoken's own name for its pattern
        how += f"; the split pattern {path.stem!r} from the file's name"
    imported = import_file(path, fmt, **options)
    imported.report.kept.insert(0, Finding("format", f"{fmt}, from {how}", "import.detected",
                                           {"format": fmt, "how": how}))
    assets.save_asset(args.output, imported.asset)
    report = imported.report
    report.target = args.output
    ident = identity.from_dict(imported.asset, tokenizer=imported.tokenizer).identity
    if args.json:
        print_json({"asset": args.output, "report": report.to_json(), "identity": identity.identity_json(ident)})
    else:
        print("\n".join(report.lines()))
        print(f"  interface {ident.interface_sha256}")
    return 0


def cmd_export(args, print_json) -> int:
    asset, tokenizer = shelf_cmds.open_asset(args.asset)
    report = export_asset(asset, tokenizer, args.format, args.output)
    if args.json:
        print_json({"output": args.output, "report": report.to_json()})
    else:
        print("\n".join(report.lines()))
    return 0

