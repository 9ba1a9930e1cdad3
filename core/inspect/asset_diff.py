"""Compare two tokenizer assets: per component, then on probe text.

Seed 000 §19.5 and exercise 5: swapping two IDs passes every shape check
yet breaks every model and dataset, so the structural diff names an
``id_swap``; findings are data, and :func:`explain` renders them in plain
English for the CLI.

Details: docs/notes/inspect.md#coreinspectasset_diffpy.
"""

from __future__ import annotations

import copy
import datetime
from collections import Counter
from dataclasses import dataclass

from core import assets
from core.assets import classroom
from core.models import byte_bpe
from core.models.renumbered import RenumberedByteBPE
from core.errors import StudioError, TokenizerError
from core.assets.identity import COMPONENTS, INTERFACE, OPTIONAL, Identity, LoadedAsset, short
from core.render import render_piece

# What changes to the ID <-> token table break downstream.
BREAKS_IDS = ("embedding_rows", "output_columns", "output_biases", "encoded_datasets", "prompts")
# What changes to segmentation rules break: data must be re-encoded.
BREAKS_SEGMENTATION = ("encoded_datasets", "prompts")
MIXED_PROBE = "find: red key . 学生: 红色钥匙 café cafe\u0301 🙂 ☃ 750 lower newest"
LIST_LIMIT = 20  # examples kept per finding; counts are always complete


@dataclass(frozen=True)
class Finding:
    kind: str
    component: str
    detail: dict
    breaks: tuple[str, ...] = ()
    shape_checks_pass: bool | None = None  # would tensor-shape checks notice?


@dataclass(frozen=True)
class ComponentDiff:
    name: str
    interface: bool
    same: bool
    a: str
    b: str


@dataclass(frozen=True)
class StructuralDiff:
    interface_equal: bool
    full_equal: bool
    components: tuple[ComponentDiff, ...]
    findings: tuple[Finding, ...]
    vocab_sizes: tuple[int, int]

    @property
    def equal(self) -> bool:
        return self.full_equal


def token_label(value) -> str:
    """A person's view of one canonical vocab entry (a string, or a special or typed piece)."""
    if isinstance(value, dict):
        return value.get("special") or value.get("piece", "?")
    return value


def _labeller(kind: str):
    if kind == "byte-bpe":
        return lambda v: v["special"] if isinstance(v, dict) else render_piece(bytes.fromhex(v))
    return token_label


def _key(value):
    return tuple(sorted(value.items())) if isinstance(value, dict) else value


# ==== structural diff ====

def _vocab_findings(a: list, b: list, label_a, label_b) -> list[Finding]:
    keys_a, keys_b = [_key(t) for t in a], [_key(t) for t in b]
    if keys_a == keys_b:
        return []
    same_shape = len(a) == len(b)
    where_b = {k: i for i, k in enumerate(keys_b)}
    if set(keys_a) != set(keys_b):
        in_a = set(keys_a)
        # A hole (an ID no token has) is not a token: never added nor removed.
        added = [label_b(b[i]) for i, k in enumerate(keys_b) if k not in in_a and k is not None]
        removed = [label_a(a[i]) for i, k in enumerate(keys_a) if k not in where_b and k is not None]
        moved = [[i, where_b[k], label_a(a[i])] for i, k in enumerate(keys_a)
                 if k is not None and k in where_b and where_b[k] != i]
        # Renamed in place (an edit's --reserve, or a removed token's placeholder): the ID keeps its row,
        # its token is new; counted among the added and removed too.
        renamed = [[i, label_a(a[i]), label_b(b[i])] for i in range(min(len(a), len(b)))
                   if keys_a[i] is not None and keys_b[i] is not None and keys_a[i] not in where_b
                   and keys_b[i] not in in_a]
        return [Finding("vocab_changed", "vocab", {
            "sizes": [len(a), len(b)], "added": added[:LIST_LIMIT], "added_count": len(added),
            "removed": removed[:LIST_LIMIT], "removed_count": len(removed), "renumbered_count": len(moved),
            "renumbered": moved[:LIST_LIMIT], "renamed": renamed[:LIST_LIMIT], "renamed_count": len(renamed),
        }, BREAKS_IDS, same_shape)]
    # A pure renumbering: follow every token from its ID in A to its ID in B.
    moves = {i: where_b[k] for i, k in enumerate(keys_a) if where_b[k] != i}
    cycles, seen = [], set()
    for start in sorted(moves):
        cycle, i = [], start
        while i not in seen:
            seen.add(i)
            cycle.append(i)
            i = moves[i]
        if cycle:
            cycles.append(cycle)
    if len(cycles) > LIST_LIMIT:
        return [Finding("ids_renumbered", "vocab", {
            "moved_count": len(moves), "cycle_count": len(cycles),
            "examples": [[i, moves[i], label_a(a[i])] for i in sorted(moves)[:LIST_LIMIT]],
        }, BREAKS_IDS, True)]
    findings = []
    for cycle in cycles:
        tokens = [label_a(a[i]) for i in cycle]
        if len(cycle) == 2:
            findings.append(Finding("id_swap", "vocab", {"ids": cycle, "tokens": tokens}, BREAKS_IDS, True))
        else:
            findings.append(Finding("id_cycle", "vocab", {"ids": cycle, "tokens": tokens}, BREAKS_IDS, True))
    return findings


def _merge_findings(a: list, b: list, same_shape: bool) -> list[Finding]:
    pairs_a, pairs_b = [tuple(p) for p in a], [tuple(p) for p in b]
    if pairs_a == pairs_b:
        return []
    prefix = next((i for i, (x, y) in enumerate(zip(pairs_a, pairs_b)) if x != y), min(len(a), len(b)))
    if Counter(pairs_a) == Counter(pairs_b):
        ranks = [r + 1 for r in range(len(a)) if pairs_a[r] != pairs_b[r]]
        detail = {"ranks": ranks[:LIST_LIMIT], "moved_count": len(ranks),
                  "pairs_a": [list(pairs_a[r - 1]) for r in ranks[:LIST_LIMIT]]}
        return [Finding("merge_order", "merges", detail, BREAKS_SEGMENTATION, same_shape)]
    if prefix == len(a):
        return [Finding("merges_added", "merges", {"from_rank": prefix + 1, "count": len(b) - len(a)},
                        BREAKS_IDS, same_shape)]
    if prefix == len(b):
        return [Finding("merges_removed", "merges", {"from_rank": prefix + 1, "count": len(a) - len(b)},
                        BREAKS_IDS, same_shape)]
    # Name what differs as sets too: an edit removes merges here and appends others at the end.
    in_a, in_b = set(pairs_a), set(pairs_b)
    only_a = [list(p) for p in pairs_a if p not in in_b]
    only_b = [list(p) for p in pairs_b if p not in in_a]
    return [Finding("merges_changed", "merges", {"first_rank": prefix + 1, "a": list(pairs_a[prefix]),
                                                  "b": list(pairs_b[prefix]), "common_prefix": prefix,
                                                  "only_a": only_a[:LIST_LIMIT], "only_a_count": len(only_a),
                                                  "only_b": only_b[:LIST_LIMIT], "only_b_count": len(only_b)},
                    BREAKS_SEGMENTATION, same_shape)]


def compare(a: Identity, b: Identity) -> StructuralDiff:
    """Same/different per component, and named findings for what differs."""
    va, vb = a.values, b.values
    # An optional component only where either has it; "" for the side without.
    names = COMPONENTS + tuple(n for n in OPTIONAL if n in a.components or n in b.components)
    rows = tuple(ComponentDiff(name, name in INTERFACE + OPTIONAL, a.components.get(name) == b.components.get(name),
                               a.components.get(name, ""), b.components.get(name, "")) for name in names)
    same = {row.name: row.same for row in rows}
    same_shape = a.vocab_size == b.vocab_size
    findings: list[Finding] = []
    if a.kind != b.kind:
        findings.append(Finding("kind_changed", "kind", {"a": a.kind, "b": b.kind}, BREAKS_IDS, same_shape))
    if not same_shape:
        findings.append(Finding("vocab_size", "vocab", {"a": a.vocab_size, "b": b.vocab_size}, BREAKS_IDS, False))
    if not same["symbols"]:
        sa, sb = {s for _, s in va["symbols"]}, {s for _, s in vb["symbols"]}
        if sa != sb:
            findings.append(Finding("symbols_changed", "symbols", {
                "added": sorted(sb - sa)[:LIST_LIMIT], "removed": sorted(sa - sb)[:LIST_LIMIT]},
                BREAKS_IDS, same_shape))
    if not same["vocab"]:
        findings += _vocab_findings(va["vocab"], vb["vocab"], _labeller(a.kind), _labeller(b.kind))
    if not same["merges"]:
        if isinstance(va["merges"], list) and isinstance(vb["merges"], list):
            findings += _merge_findings(va["merges"], vb["merges"], same_shape)
        else:  # WordPiece / Unigram: the segmentation rule is not a merge list
            a_rule, b_rule = va["merges"], vb["merges"]
            if isinstance(a_rule, dict) and isinstance(b_rule, dict):
                detail = {"fields": sorted(k for k in a_rule.keys() | b_rule.keys() if a_rule.get(k) != b_rule.get(k))}
            else:
                detail = {"fields": ["algorithm"]}
            findings.append(Finding("segmentation_changed", "merges", detail, BREAKS_SEGMENTATION, same_shape))
    if not same["specials"]:
        findings.append(Finding("specials_changed", "specials", {"a": va["specials"], "b": vb["specials"]},
                                BREAKS_IDS, same_shape))
    for name in ("normalizer", "pre_tokenizer", "boundary"):
        if not same[name]:
            findings.append(Finding(f"{name}_changed", name, {"a": va[name], "b": vb[name]},
                                    BREAKS_SEGMENTATION, same_shape))
    if not same["counts"] and same["merges"] and va["counts"] and vb["counts"]:
        ranks = [r + 1 for r, (x, y) in enumerate(zip(va["counts"], vb["counts"])) if x != y]
        findings.append(Finding("counts_changed", "counts", {"ranks": ranks[:LIST_LIMIT], "changed_count": len(ranks)}))
    for name in ("trainer", "training_data"):
        if not same[name]:
            findings.append(Finding(f"{name}_changed", name, {"a": va[name], "b": vb[name]}))
    return StructuralDiff(a.interface_sha256 == b.interface_sha256, a.full_sha256 == b.full_sha256,
                          rows, tuple(findings), (a.vocab_size, b.vocab_size))


# ==== behavioural diff ====

@dataclass(frozen=True)
class Encoded:
    pieces: tuple[str, ...]  # labels for people
    ids: tuple[int, ...]
    error: str | None = None


@dataclass(frozen=True)
class ProbeRow:
    text: str
    a: Encoded
    b: Encoded
    how: str  # same | renumbered | resegmented | failed
    changed: tuple[tuple[int, int, int], ...]  # (position, id in A, id in B) when renumbered
    a_ids_read_by_b: str | None  # A's IDs decoded by B: what a stored dataset now says


def probe_texts() -> tuple[str, ...]:
    return (*classroom.records(), MIXED_PROBE)


def spelled_probes(diff: StructuralDiff, ident: Identity) -> tuple[str, ...]:
    """The text of each token an ID finding names, as extra probes.

    A swapped ID may never survive to a final encoding of the records (a
    later merge absorbs it); spelling the token itself makes it show.
    """
    ids = []
    for finding in diff.findings:
        if finding.kind in ("id_swap", "id_cycle"):
            ids += finding.detail["ids"]
    marker = ident.values["boundary"].get("symbol")
    texts = []
    for token_id in ids:
        value = ident.values["vocab"][token_id]
        if isinstance(value, dict):
            continue
        if ident.kind == "byte-bpe":
            try:
                value = bytes.fromhex(value).decode("utf-8")
            except UnicodeDecodeError:
                continue
        elif marker:
            value = value.replace(marker, " " if marker == "\u2581" else "")
        if value.strip() and value not in texts:
            texts.append(value)
    return tuple(texts)


def encode_probe(tokenizer, text: str) -> Encoded:
    try:
        encoding = tokenizer.encode(text)
        return Encoded(tuple(render_piece(p) if isinstance(p, bytes) else p for p in encoding.tokens),
                       tuple(encoding.ids))
    except StudioError as exc:
        return Encoded((), (), str(exc))


def decode_probe(tokenizer, ids) -> str | None:
    """Decode with display fallback: a probe must show, not stop."""
    try:
        if isinstance(tokenizer, (byte_bpe.ByteBPE, RenumberedByteBPE)):  # a result, with a UTF-8 policy
            return tokenizer.decode(list(ids), errors="replace").text
        return tokenizer.decode(list(ids))
    except StudioError:
        return None


def behaviour(tokenizer_a, tokenizer_b, probes=None) -> tuple[ProbeRow, ...]:
    rows = []
    for text in probe_texts() if probes is None else probes:
        a, b = encode_probe(tokenizer_a, text), encode_probe(tokenizer_b, text)
        changed: tuple = ()
        if a.error or b.error:
            how = "failed" if (a.error is None) != (b.error is None) or a.error != b.error else "same"
        elif a.pieces != b.pieces:
            how = "resegmented"
        elif a.ids != b.ids:
            how = "renumbered"
            changed = tuple((p, x, y) for p, (x, y) in enumerate(zip(a.ids, b.ids)) if x != y)
        else:
            how = "same"
        read = decode_probe(tokenizer_b, a.ids) if a.error is None else None
        rows.append(ProbeRow(text, a, b, how, changed, read))
    return tuple(rows)


# ==== the deliberately broken copy ====

def swap_ids(loaded: LoadedAsset, first: int, second: int, *, name: str | None = None) -> dict:
    """A copy of the asset in which tokens ``first`` and ``second`` trade IDs.

    Same size, same merges, so every shape check still passes: the teaching
    point of exercise 5.  The copy's metadata records where it came from.
    """
    size = loaded.identity.id_end
    for token_id in (first, second):
        if isinstance(token_id, bool) or not isinstance(token_id, int) or not 0 <= token_id < size:
            raise TokenizerError(f"ID {token_id!r} is outside the vocabulary 0..{size - 1}", code="swap.outside",
                                 id=repr(token_id), last=size - 1)
    if first == second:
        raise TokenizerError(f"pick two different IDs to swap, not {first} twice", code="swap.same", id=first)
    asset = copy.deepcopy(loaded.asset)
    swap = {first: second, second: first}
    if loaded.kind == "char-bpe":
        vocab = list(loaded.tokenizer.vocab)
        vocab[first], vocab[second] = vocab[second], vocab[first]
        asset["model"]["vocab"] = vocab
        for special in asset.get("specials", []):
            special["id"] = swap.get(special["id"], special["id"])
    elif loaded.kind == "wordpiece":
        vocab = asset["model"]["vocab"]
        vocab[first], vocab[second] = vocab[second], vocab[first]
        for special in asset.get("specials", []):
            special["id"] = swap.get(special["id"], special["id"])
    elif loaded.kind == "unigram":
        pieces = asset["model"]["pieces"]
        pieces[first], pieces[second] = pieces[second], pieces[first]
        asset["model"]["unk_id"] = swap.get(asset["model"]["unk_id"], asset["model"]["unk_id"])
        if "specials" in asset:
            asset["specials"] = sorted(({**s, "id": swap.get(s["id"], s["id"])} for s in asset["specials"]),
                                       key=lambda s: s["id"])
    elif loaded.kind == "byte-bpe":
        if min(first, second) < 256:
            raise TokenizerError("IDs 0-255 are the bytes themselves in a byte-level tokenizer; "
                                 "pick two IDs from 256 up (exercise 5 swaps 268 and 270)", code="swap.bytes")
        model = asset["model"]
        for merge in model["merges"]:
            merge["id"] = swap.get(merge["id"], merge["id"])
            merge["pair"] = [swap.get(p, p) for p in merge["pair"]]
        for special in model["specials"]:
            special["id"] = swap.get(special["id"], special["id"])
        asset["specials"] = sorted((dict(s) for s in model["specials"]), key=lambda s: s["id"])
    else:
        raise TokenizerError(f"swapping IDs is not implemented for {loaded.kind!r} assets", code="swap.kind",
                             kind=repr(loaded.kind))
    metadata = dict(asset.get("metadata") or {})
    metadata["name"] = name if name is not None else f"{loaded.name} (IDs {first}\u2194{second} swapped)"
    metadata["created"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    metadata["derived_from"] = {"interface_sha256": loaded.identity.interface_sha256, "swapped_ids": [first, second]}
    asset["metadata"] = metadata
    assets.build_tokenizer(asset)  # the copy must load: broken in meaning, not in form
    return asset


# ==== output ====

def finding_json(finding: Finding) -> dict:
    return {"kind": finding.kind, "component": finding.component, **finding.detail,
            "breaks": list(finding.breaks), "shape_checks_pass": finding.shape_checks_pass}


def diff_json(diff: StructuralDiff, rows=()) -> dict:
    return {
        "equal": diff.equal, "interface_equal": diff.interface_equal, "full_equal": diff.full_equal,
        "vocab_sizes": list(diff.vocab_sizes),
        "components": {c.name: {"same": c.same, "interface": c.interface, "a": c.a, "b": c.b}
                       for c in diff.components},
        "findings": [finding_json(f) for f in diff.findings],
        "behaviour": [{"text": r.text, "how": r.how, "a": {"ids": list(r.a.ids), "pieces": list(r.a.pieces),
                                                          "error": r.a.error},
                       "b": {"ids": list(r.b.ids), "pieces": list(r.b.pieces), "error": r.b.error},
                       "changed": [list(c) for c in r.changed], "a_ids_read_by_b": r.a_ids_read_by_b}
                      for r in rows],
    }


BREAK_WORDS = {
    "embedding_rows": "input embedding rows", "output_columns": "output vocabulary columns",
    "output_biases": "output biases", "encoded_datasets": "stored encoded datasets", "prompts": "saved prompts",
}


def explain(finding: Finding) -> str:
    """One English line for the CLI."""
    d, kind = finding.detail, finding.kind
    if kind == "id_swap":
        text = f"IDs {d['ids'][0]} and {d['ids'][1]} are swapped ({d['tokens'][0]!r} <-> {d['tokens'][1]!r})"
    elif kind == "id_cycle":
        text = "IDs " + " -> ".join(map(str, d["ids"])) + " are renumbered in a cycle"
    elif kind == "ids_renumbered":
        text = f"{d['moved_count']} tokens have other IDs ({d['cycle_count']} cycles)"
    elif kind == "vocab_changed":
        text = (f"vocabulary differs: {d['added_count']} tokens only in B, {d['removed_count']} only in A, "
                f"{d['renumbered_count']} shared tokens renumbered")
        text += _named("only in B", list(map(repr, d["added"])), d["added_count"])
        text += _named("only in A", list(map(repr, d["removed"])), d["removed_count"])
        text += _named("renamed in place", [f"{i} {x!r} -> {y!r}" for i, x, y in d.get("renamed", ())],
                       d.get("renamed_count", 0))
        text += _named("renumbered", [f"{x!r} {i} -> {j}" for i, j, x in d.get("renumbered", ())],
                       d["renumbered_count"])
    elif kind == "vocab_size":
        text = f"vocabulary size {d['a']} vs {d['b']}"
    elif kind == "merge_order":
        text = f"same merges in another order: ranks {', '.join(map(str, d['ranks']))} moved"
    elif kind in ("merges_added", "merges_removed"):
        text = f"{d['count']} merges {'added' if kind == 'merges_added' else 'removed'} from rank {d['from_rank']}"
    elif kind == "merges_changed":
        text = f"merges differ from rank {d['first_rank']}: {d['a']} vs {d['b']}"
        text += _named("only in A", [" + ".join(map(repr, p)) for p in d.get("only_a", ())],
                       d.get("only_a_count", 0))
        text += _named("only in B", [" + ".join(map(repr, p)) for p in d.get("only_b", ())],
                       d.get("only_b_count", 0))
    elif kind == "counts_changed":
        text = f"merge counts differ at {d['changed_count']} ranks (provenance only)"
    elif kind == "segmentation_changed":
        text = f"segmentation rule differs in {', '.join(d['fields'])}"
    elif kind in ("symbols_changed",):
        text = f"initial symbols differ: added {d['added']}, removed {d['removed']}"
    else:
        text = f"{finding.component} differs: {d.get('a')!r} vs {d.get('b')!r}"
    if finding.breaks:
        text += "; breaks " + ", ".join(BREAK_WORDS[b] for b in finding.breaks)
    if finding.shape_checks_pass:
        text += " (shape checks still pass)"
    return text


def _named(what: str, examples: list, count: int, shown: int = 6) -> str:
    """``; what: a, b, c (and N more)`` naming a finding's first examples (already written out)."""
    if not count:
        return ""
    names = list(examples[:shown])
    more = f" and {count - len(names)} more" if count > len(names) else ""
    return f"; {what}: {', '.join(names)}{more}"


def summary_lines(diff: StructuralDiff, a_name: str = "A", b_name: str = "B") -> list[str]:
    lines = [f"interface {'same' if diff.interface_equal else 'DIFFERENT'}, "
             f"full {'same' if diff.full_equal else 'DIFFERENT'} ({a_name} vs {b_name})"]
    for c in diff.components:
        mark = "same" if c.same else "DIFF"
        lines.append(f"  {c.name:<14}{mark:<6}{short(c.a)}  {short(c.b)}")
    lines += [f"- {explain(f)}" for f in diff.findings]
    return lines
