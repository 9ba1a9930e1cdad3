"""minbpe ``.model`` files (Karpathy's minbpe, ``base.py`` ``save``/``load``).

Format: ``minbpe v1``, the split pattern (empty for ``BasicTokenizer``),
the number of specials, one ``token id`` line per special, then one
``id1 id2`` line per merge; merge ``i`` (from 0) makes ID ``256 + i`` and
IDs 0-255 are the raw bytes.  Encoding (``RegexTokenizer``) splits with
``regex.findall`` and merges, within a chunk, the pair with the lowest
merge ID, all its occurrences at once: the same as lowest rank, leftmost.

Import gives a ``bpe`` asset whose byte tokens keep IDs 0-255 (spelled in
GPT-2's byte alphabet, like every byte-level ``bpe`` asset).  Deviations
(reported): specials are matched wherever their text occurs, as
``encode(text, allowed_special="all")``; text the pattern does not match is
kept as its own piece (``findall`` skips it).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from core import assets
from core.pipeline import pretokenize
from core.errors import AssetError, StudioError, excerpt
from core.numbers import MAX_VOCAB, parse_decimal
from core.fileio import write_bytes_atomic
from core.pipeline.text_pipeline import BYTE_CHARS, BYTE_LEVEL_PATTERN
from core.formats.common import Imported, as_bpe, decode_text, finish, read_bytes, trainer_for
from core.formats.report import Report
from core.pipeline.added import AddedToken
from core.tokenizer.imported_bpe import ImportedBPE

MAGIC = "minbpe v1"
LEVEL = {"type": "byte_level", "add_prefix_space": False, "use_regex": False}


def _pre_tokenizer(pattern: str) -> dict:
    if not pattern:
        return LEVEL
    named = next((p for p in pretokenize.PRETOKENIZERS.values() if p.pattern == pattern), None)
    step = {"type": "regex", **named.describe()} if named else {"type": "regex", "pattern": pattern}
    return {"type": "sequence", "steps": [step, LEVEL]}


def _is_id(text: str) -> bool:
    # str.isdigit also accepts "²" and "٣", which int() refuses or reads
    return text.isascii() and text.isdigit() and len(text) <= 12


def read(path, *, pattern=None, **_options) -> Imported:
    data = read_bytes(path)
    lines = decode_text(data, path).split("\n")
    if not lines or lines[0].strip() != MAGIC:
        raise AssetError(f"{path}: line 1: expected {excerpt(MAGIC)}")
    if len(lines) < 3:
        raise AssetError(f"{path}: truncated: no pattern and special-count lines")
    split = lines[1].strip()
    count = parse_decimal(lines[2].strip(), where=f"{path}: line 3", what="number of specials", high=MAX_VOCAB,
                          error=AssetError)
    table = [bytes([b]) for b in range(256)]
    added = []
    for number in range(4, 4 + count):
        parts = lines[number - 1].split() if number - 1 < len(lines) else []
        if len(parts) != 2 or not _is_id(parts[1]):
            raise AssetError(f"{path}: line {number}: expected 'special id'")
        added.append(AddedToken(parts[0], int(parts[1])))
    merges = []
    for number, line in enumerate(lines[3 + count:], start=4 + count):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 2 or not all(map(_is_id, parts)) or any(int(p) >= len(table) for p in parts):
            raise AssetError(f"{path}: line {number}: expected two IDs below {len(table)}, found {line[:60]!r}")
        left, right = (table[int(p)] for p in parts)
        merges.append((left, right))
        table.append(left + right)
    spell = lambda data: "".join(BYTE_CHARS[b] for b in data)  # noqa: E731
    vocab = tuple((spell(t), i) for i, t in enumerate(table))
    try:
        model = ImportedBPE.build(vocab, tuple((spell(a), spell(b)) for a, b in merges), added=tuple(added),
                                   pre_tokenizer=_pre_tokenizer(split), decoder={"type": "byte_level"})
    except StudioError as exc:
        raise AssetError.at(str(path), exc) from None
    report = Report("import", "minbpe", Path(path).name)
    report.keep("model", f"{len(merges)} merges (IDs 256-{255 + len(merges)}), bytes 0-255", "minbpe.merges",
                merges=len(merges), last=255 + len(merges))
    if split:
        report.keep("pre_tokenizer", f"pattern {excerpt(split)}", "minbpe.pattern", pattern=excerpt(split))
        report.change("pre_tokenizer", "text the pattern does not match is kept as its own piece here; "
                      "minbpe's findall skips it", "minbpe.unmatched")
    else:
        report.keep("pre_tokenizer", "no split (BasicTokenizer)", "minbpe.no_split")
    if added:
        report.change("specials", "matched wherever their text occurs, as encode(text, allowed_special='all'); "
                      "minbpe's default raises on them", "minbpe.specials")
    asset = assets.bpe_to_asset(model)
    asset["trainer"] = trainer_for("minbpe", path, data, library="minbpe")
    return finish(asset, report, path)


def write(asset: dict, tokenizer, out, **_options) -> Report:
    report = Report("export", "minbpe", asset.get("metadata", {}).get("name") or asset["kind"], str(out))
    report.kind = asset["kind"]
    model = as_bpe(asset, tokenizer, report)
    if model.normalizer != {"type": "none"} or model.unk or model.byte_fallback or model.ignore_merges:
        raise AssetError("minbpe has no normalizer, unknown token, byte fallback or whole-word lookup")
    ids = {t: i for t, i in model.vocab}
    for b in range(256):
        if ids.get(BYTE_CHARS[b]) != b:
            raise AssetError(f"byte 0x{b:02X} must have ID {b} in minbpe (IDs 0-255 are the raw bytes)")
    ids, added = _minbpe_ids(model, ids, report)
    if len(set(ids.values()) - {a.id for a in added}) != 256 + len(model.merges):
        raise AssetError("tokens that are neither bytes nor merge results cannot be written to minbpe")
    pre = model.pre_tokenizer
    if pre == LEVEL:
        split = ""
    elif pre == {**LEVEL, "use_regex": True}:
        split = BYTE_LEVEL_PATTERN
    elif pre.get("type") == "sequence" and len(pre["steps"]) == 2 and pre["steps"][1] == LEVEL \
            and pre["steps"][0].get("type") == "regex":
        split = pre["steps"][0]["pattern"]
    else:
        raise AssetError("pre_tokenizer: minbpe needs one split regex and then bytes")
    if split != split.strip() or "\n" in split:
        raise AssetError("the split pattern starts or ends with whitespace or holds a line break; minbpe strips it")
    for a in added:
        if a.normalized or a.lstrip or a.rstrip or not a.content or len(a.content.split()) != 1 \
                or a.content != a.content.strip():
            raise AssetError(f"special {excerpt(a.content)}: minbpe holds specials without spaces or match options")
    lines = [MAGIC, split, str(len(added))] + [f"{a.content} {a.id}" for a in added]
    lines += [f"{ids[left]} {ids[right]}" for left, right in model.merges]
    write_bytes_atomic(out, ("\n".join(lines) + "\n").encode("utf-8"))
    report.keep("model", f"{len(model.merges)} merges, {len(model.added)} specials", "minbpe.export",
                merges=len(model.merges), specials=len(model.added))
    return report


def _minbpe_ids(model, ids: dict, report: Report):
    """minbpe mints ID ``256 + i`` for merge ``i``; a model that numbers its
    merges from elsewhere (our byte-bpe puts <BOS> <EOS> <PAD> at 256-258,
    so its first merge is 259) is renumbered, never refused: IDs are labels,
    the segmentation is the same.  Specials keep their IDs unless one falls
    among minbpe's, then all follow the last merge in their order.  The
    report names every move, so the export is marked not exact."""
    moved = {}
    for index, (left, right) in enumerate(model.merges):
        token, want = left + right, 256 + index
        if ids.get(token, -1) < 256 or token in moved:
            raise AssetError(f"merge {index + 1} makes {excerpt(token)}, which is a byte or an earlier merge's "
                             "token; minbpe mints a new ID for every merge")
        if ids[token] != want:
            moved[token] = want
    specials = sorted(model.added, key=lambda a: a.id)
    end = 256 + len(model.merges)
    if any(a.id < end for a in specials) or len({a.id for a in specials}) != len(specials):
        specials = [dataclasses.replace(a, id=end + k) for k, a in enumerate(specials)]
    else:
        specials = list(model.added)
    if moved:
        first = next(iter(moved))
        report.change("vocab", f"merge IDs renumbered as minbpe mints them (256 + merge index): "
                      f"{excerpt(first)} {ids[first]} -> {moved[first]}, and {len(moved) - 1} more",
                      "minbpe.renumbered", token=excerpt(first), old=ids[first], new=moved[first],
                      more=len(moved) - 1)
    changed = [(a, b) for a, b in zip(sorted(model.added, key=lambda a: a.id), specials) if a.id != b.id]
    if changed:
        report.change("specials", "specials moved after the last merge: " + ", ".join(
            f"{a.content} {a.id} -> {b.id}" for a, b in changed), "minbpe.specials_moved",
            moves=", ".join(f"{a.content} {a.id} -> {b.id}" for a, b in changed))
    out = {**ids, **moved}
    return out, tuple(specials)
