"""The ``trace``, ``identity`` and ``diff`` subcommands: one asset's
training steps, its identity (and a checkpoint manifest's check), and what
differs between two assets."""

from __future__ import annotations

from core import assets
from core.assets import identity
from core.cli import shelf_cmds, train_cmds
from core.cli.args import ASSET_HELP
from core.errors import AssetError, StudioError
from core.fileio import write_json_atomic
from core.inspect import asset_diff
from core.models import char_bpe


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


def cmd_trace(args, print_json):
    asset, model = shelf_cmds.open_asset(args.asset)
    if asset["kind"] != "char-bpe":
        raise StudioError(f"trace: {args.asset} is a {asset['kind']} asset; the merge trace is kept for char-bpe")
    trace = retrain(asset, model).trace
    if args.json:
        print_json(train_cmds.trace_json(trace))
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


def cmd_identity(args, print_json):
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
        print_json(result)
        return code
    print(f"interface  {result['interface_sha256']}\nfull       {result['full_sha256']}")
    for name, sha in result["components"].items():
        print(f"  {name:<14} {sha}")
    if args.manifest:
        print(f"manifest {args.manifest}: {'match' if binding.match else 'MISMATCH'}")
        for reason in binding.reasons:
            print("  " + ", ".join(f"{k}={v}" for k, v in reason.items()))
    return code


def cmd_diff(args, print_json):
    a, b = _identified(args.a), _identified(args.b)
    diff = asset_diff.compare(a.identity, b.identity)
    rows = ()
    if not args.no_behaviour:
        probes = tuple(args.probe) if args.probe else (
            asset_diff.probe_texts() + asset_diff.spelled_probes(diff, a.identity))
        rows = asset_diff.behaviour(a.tokenizer, b.tokenizer, probes)
    if args.json:
        print_json(asset_diff.diff_json(diff, rows))
    else:
        print("\n".join(asset_diff.summary_lines(diff, args.a, args.b)))
        for row in rows:
            if row.how != "same":
                print(f"  probe {row.text!r}: {row.how}; A {list(row.a.ids)}  B {list(row.b.ids)}; "
                      f"A's IDs read by B: {row.a_ids_read_by_b!r}")
    return 0 if diff.equal else 1




def add_commands(sub, print_json) -> None:
    p = sub.add_parser("trace", help="print every training step")
    p.add_argument("asset", help=ASSET_HELP)
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_trace(args, print_json))

    p = sub.add_parser("identity", help="interface and full identity (exit 1 if --manifest mismatches)")
    p.add_argument("asset", help=ASSET_HELP)
    p.add_argument("--manifest", help='check a checkpoint manifest {"tokenizer_interface_sha256": ...}')
    p.add_argument("--write-manifest", help="write the manifest a checkpoint should carry")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_identity(args, print_json))

    p = sub.add_parser("diff", help="compare two assets (exit 0 equal, 1 different)")
    p.add_argument("a", help=ASSET_HELP)
    p.add_argument("b", help=ASSET_HELP)
    p.add_argument("--probe", action="append", help="probe text (repeatable; default: classroom records + mixed)")
    p.add_argument("--no-behaviour", action="store_true", help="structural diff only")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_diff(args, print_json))
