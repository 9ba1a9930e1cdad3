"""tiktoken rank files: one ``base64(token bytes) SP rank`` line per token.

Reference: tiktoken 0.14, ``load.py`` (``load_tiktoken_bpe``) and the Rust
``_byte_pair_merge``: a rank is both the token's ID and its merge priority;
any adjacent pair whose concatenation has a rank merges, the lowest rank
first (the leftmost on a tie); a pre-token that is itself a token is looked
up whole.  Single bytes are ranked too, and in GPT-2's files they follow
GPT-2's printable byte order (``!`` is 0, a space is 220), not 0..255.

The file records neither the split pattern nor the special tokens, so the
pattern is chosen by name from :mod:`core.pipeline.pretokenize` (``--pattern``:
ours, or a tiktoken encoding name such as ``o200k_base``) or given as a
``pat_str`` (``--pat-str`` or the sidecar's ``pat_str``), and specials come
from a sidecar ``{"special_tokens": {...}}`` (what :func:`write` puts next
to the rank file) or the caller.  A ``pat_str`` runs on Python's ``regex``
module, not tiktoken's fancy-regex; the named patterns are tested against
tiktoken, an arbitrary one is not.

Import: each multi-byte token T gets one merge, of the two pieces that
tiktoken's rule leaves of T's own bytes when it merges them on its own
(the whole token aside; its canonical split).  Inside a longer pre-token,
merges within T's span never depend on what lies outside it, so T can only
ever form from exactly those two pieces, and at T's rank: replaying these
merges by rank with whole-token lookup (``ignore_merges``) equals tiktoken.
The pieces may rank above T (a file need not be trained that way: "bc"
ranked above "abc" still makes "abcd" into "abc" "d").  A token whose bytes
stop at three or more pieces never forms by merging and is reached by the
lookup alone.  Export checks the converse.
"""

from __future__ import annotations

import base64
import binascii
import json
from pathlib import Path

import regex

from core import assets
from core.pipeline import pretokenize
from core.errors import AssetError, StudioError, excerpt
from core.numbers import MAX_VOCAB, check_int, parse_decimal
from core.corpus import lines_of
from core.pipeline.regex_bounds import repeat_problem
from core.fileio import write_bytes_atomic
from core.pipeline.text_pipeline import BYTE_CHARS, BYTE_LEVEL_PATTERN, byte_level_bytes
from core.formats.common import Imported, as_bpe, decode_text, finish, read_bytes, trainer_for
from core.formats.report import Report
from core.pipeline.added import AddedToken
from core.tokenizer.imported_bpe import ImportedBPE

LEVEL = {"type": "byte_level", "add_prefix_space": False, "use_regex": False}


def parse_ranks(text: str, path) -> dict[bytes, int]:
    ranks: dict[bytes, int] = {}
    seen: dict[int, int] = {}
    for number, line in enumerate(lines_of(text), start=1):
        if not line:
            continue
        parts = line.split()
        if len(parts) != 2:
            raise AssetError(f"{path}: line {number}: expected 'base64-token rank', found {line[:60]!r}")
        try:
            token = base64.b64decode(parts[0], validate=True)
        except (binascii.Error, ValueError):
            raise AssetError(f"{path}: line {number}: {parts[0][:40]!r} is not base64") from None
        rank = parse_decimal(parts[1], where=f"{path}: line {number}", what="rank", high=MAX_VOCAB - 1,
                             error=AssetError)
        if not token:
            raise AssetError(f"{path}: line {number}: ranks must be >= 0 and tokens non-empty")
        if token in ranks or rank in seen:
            raise AssetError(f"{path}: line {number}: token or rank {rank} repeats line {seen.get(rank, '?')}")
        ranks[token], seen[rank] = rank, number
    if not ranks:
        raise AssetError(f"{path}: no ranks (is this a tiktoken file?)", code="tiktoken.no_ranks", where=str(path))
    return ranks


def canonical_split(token: bytes, ranks: dict[bytes, int]) -> list[bytes]:
    """The pieces tiktoken's rule leaves of ``token``'s bytes before joining
    them into ``token`` (at most two); three or more if it never can.

    As tiktoken's ``_byte_pair_merge``: piece boundaries and the rank of each
    adjacent pair, where a merge only changes the two pairs beside it, so a
    token costs lookups linear in its length (an import does this for every
    token).

    >>> canonical_split(b"abc", {b"a": 0, b"b": 1, b"c": 2, b"bc": 3, b"ab": 4, b"abc": 5})
    [b'a', b'bc']
    >>> canonical_split(b"abc", {b"a": 0, b"b": 1, b"c": 2, b"abc": 3, b"bc": 4})
    [b'a', b'bc']
    """
    if len(token) <= 2:
        return [token[i:i + 1] for i in range(len(token))]
    get = ranks.get
    never = _NEVER
    starts = list(range(len(token) + 1))  # piece i is token[starts[i]:starts[i + 1]]
    pairs = [get(token[i:i + 2], never) for i in range(len(token) - 1)]  # rank of pieces i and i + 1 joined
    while len(pairs) > 2:
        best = min(pairs)
        if best == never:
            return [token[a:b] for a, b in zip(starts, starts[1:])]
        at = pairs.index(best)  # the leftmost on a tie, as tiktoken
        del starts[at + 1], pairs[at]
        if at > 0:
            pairs[at - 1] = get(token[starts[at - 1]:starts[at + 1]], never)
        if at < len(pairs):
            pairs[at] = get(token[starts[at]:starts[at + 2]], never)
    # Three pieces: one more merge leaves the two (the only pair left is the token itself).
    first, second = pairs
    if first == second == never:
        return [token[:starts[1]], token[starts[1]:starts[2]], token[starts[2]:]]
    cut = starts[2] if first <= second else starts[1]
    return [token[:cut], token[cut:]]


_NEVER = float("inf")  # the rank of a pair that is no token
_SPELLING = {b: c for b, c in BYTE_CHARS.items()}  # for str.translate of latin-1 text: code point = byte


def _spell(data: bytes) -> str:
    return data.decode("latin-1").translate(_SPELLING)


def _named(pattern: str):
    """Our pattern name, or a tiktoken encoding's name (``o200k_base``)."""
    try:
        return pretokenize.get(pretokenize.TIKTOKEN_ENCODINGS.get(pattern, pattern)
                               if pattern not in pretokenize.PRETOKENIZERS else pattern)
    except StudioError as exc:
        known = ", ".join([*pretokenize.PRETOKENIZERS, *pretokenize.TIKTOKEN_ENCODINGS])
        raise AssetError(f"--pattern: unknown pattern {excerpt(pattern)}: choose one of {known}, or pass the "
                         "regex itself with --pat-str") from exc


def _split_of(path, pattern, pat_str, sidecar):
    """``(PreTokenizer or None, pat_str)``: the option wins over the sidecar,
    a name over a regex; a regex equal to a named pattern takes its name."""
    pattern = pattern or (None if pat_str else sidecar.get("pattern"))
    if pattern:
        return _named(pattern), None
    field = "--pat-str" if pat_str else f"{sidecar.get('path', path)}: pat_str"
    pat_str = pat_str or sidecar.get("pat_str")
    if pat_str is None:
        raise AssetError(f"{path}: a rank file does not record its split pattern; choose one with --pattern "
                         f"({', '.join([*pretokenize.PRETOKENIZERS, *pretokenize.TIKTOKEN_ENCODINGS])}) "
                         "or --pat-str")
    named = next((p for p in pretokenize.PRETOKENIZERS.values() if p.pattern == pat_str), None)
    if named:
        return named, None
    if not isinstance(pat_str, str) or not pat_str:
        raise AssetError(f"{field}: expected a non-empty regex")
    problem = repeat_problem(pat_str)
    if problem is not None:  # regex.compile expands counted repeats: checked before it runs
        raise AssetError(f"{field}: the regex {excerpt(pat_str)} is refused: {problem}")
    try:
        regex.compile(pat_str)
    except (regex.error, RecursionError, OverflowError) as exc:
        raise AssetError(f"{field}: {excerpt(pat_str)} is not a regex the regex module accepts ({exc})") from None
    return None, pat_str


def read(path, *, pattern: str | None = None, pat_str: str | None = None, specials=None,
         **_options) -> Imported:
    data = read_bytes(path)
    sidecar = _sidecar(specials, path)
    split, pat_str = _split_of(path, pattern, pat_str, sidecar)
    ranks = parse_ranks(decode_text(data, path), path)
    report = Report("import", "tiktoken", Path(path).name)
    missing = [b for b in range(256) if bytes([b]) not in ranks]
    if missing:
        raise AssetError(f"{path}: byte 0x{missing[0]:02X} and {len(missing) - 1} more have no rank; tiktoken "
                         "needs every single byte to encode arbitrary text")
    order = sorted(ranks, key=ranks.get)
    spelled = {t: _spell(t) for t in order}
    merges, unreachable = [], 0
    for token in order:
        if len(token) == 1:
            continue
        parts = canonical_split(token, ranks)
        if len(parts) == 2:
            merges.append((spelled[parts[0]], spelled[parts[1]]))
        else:
            unreachable += 1
    added = tuple(AddedToken(t, i) for t, i in sorted(sidecar.get("special_tokens", {}).items(),
                                                                  key=lambda e: e[1]))
    step = {"type": "regex", "pattern": pat_str} if split is None else split.describe()
    pre = LEVEL if step == {"type": "none"} else {"type": "sequence", "steps": [{"type": "regex", **step}, LEVEL]}
    try:
        model = ImportedBPE.build(tuple((spelled[t], ranks[t]) for t in order), tuple(merges), ignore_merges=True,
                                   added=added, pre_tokenizer=pre, decoder={"type": "byte_level"})
    except StudioError as exc:
        raise AssetError.at(str(path), exc) from None
    report.keep("model", f"{len(ranks)} ranked tokens (rank = ID), {len(merges)} merges in rank order, "
                "whole pre-tokens looked up first", "tiktoken.ranks", ranks=len(ranks), merges=len(merges))
    if unreachable:
        report.keep("model", f"{unreachable} tokens never form from two pieces; only a whole "
                    "pre-token reaches them, as in tiktoken", "tiktoken.unreachable", count=unreachable)
    if split is None:
        report.keep("pre_tokenizer", f"the given pat_str {excerpt(pat_str)}, run by Python's regex module",
                    "tiktoken.pat_str", pattern=excerpt(pat_str))
    else:
        report.keep("pre_tokenizer", f"the {excerpt(split.name)} pattern (version {split.version}), chosen by "
                    "name", "tiktoken.pattern", name=excerpt(split.name), version=split.version)
    if step != {"type": "none"}:
        report.change("pre_tokenizer", "text the pattern does not match is kept as its own piece here; tiktoken "
                      "skips it (the built-in patterns match every character)", "tiktoken.unmatched")
    if added:
        report.keep("specials", f"{len(added)} special tokens; matched wherever their text occurs, as "
                    "tiktoken's encode(text, allowed_special='all')", "tiktoken.specials", count=len(added))
    asset = assets.bpe_to_asset(model)
    asset["trainer"] = trainer_for("tiktoken", path, data, library="tiktoken")
    return finish(asset, report, path, built=model)


def _sidecar(specials, path) -> dict:
    """``specials``: None, a {token: id} dict, or the path of a sidecar JSON."""
    if specials is None:
        return {}
    if isinstance(specials, dict):
        return {"special_tokens": specials}
    raw = read_bytes(specials)
    try:
        obj = assets.parse_json(raw)
    except AssetError as exc:
        raise AssetError.at(str(specials), exc) from None
    tokens = obj.get("special_tokens", obj) if isinstance(obj, dict) else None
    if not isinstance(tokens, dict) or not all(isinstance(k, str) for k in tokens):
        raise AssetError(f"{specials}: expected {{\"special_tokens\": {{token: id}}}} or {{token: id}}")
    for token, token_id in tokens.items():
        check_int(token_id, where=f"{specials}: special_tokens.{excerpt(token, 30)}", what="ID",
                  high=MAX_VOCAB - 1, error=AssetError)
    out = {"special_tokens": tokens, "path": str(specials)}
    if isinstance(obj.get("pattern_name"), str):
        out["pattern"] = obj["pattern_name"]
    elif "pat_str" in obj:
        out["pat_str"] = obj["pat_str"]  # checked where it is used
    return out


# ==== writing ====

def pattern_of(model) -> str | None:
    pre = model.pre_tokenizer
    if pre == LEVEL:
        return None
    if pre == {**LEVEL, "use_regex": True}:
        return BYTE_LEVEL_PATTERN
    if pre.get("type") == "sequence" and len(pre["steps"]) == 2 and pre["steps"][1] == LEVEL:
        first = pre["steps"][0]
        if first.get("type") == "regex":
            return first["pattern"]
        if first.get("type") == "split" and first.get("behavior") == "isolated" and not first.get("invert") \
                and "regex" in first.get("pattern", {}):
            return first["pattern"]["regex"]
    raise AssetError("pre_tokenizer: tiktoken needs one split regex and then the byte mapping (no prefix space)")


def exported(asset: dict, tokenizer, report: Report) -> tuple[dict[bytes, int], str | None, dict[str, int]]:
    """``(ranks, pattern, specials)``: what tiktoken needs to encode exactly
    as ``asset`` (the pattern None when nothing splits); AssetError when
    tiktoken cannot hold it."""
    model = as_bpe(asset, tokenizer, report)
    if model.normalizer != {"type": "none"} or model.unk or model.byte_fallback or model.continuing_prefix \
            or model.end_of_word_suffix:
        raise AssetError("tiktoken has no normalizer, unknown token, byte fallback, prefix or suffix")
    pattern = pattern_of(model)
    ranks = {}
    added = {a.id for a in model.added}
    for token, token_id in model.vocab:
        if token_id in added:
            continue  # an added token also in the model's vocabulary (HF trainers do this)
        data = byte_level_bytes(token)
        if data is None:
            raise AssetError(f"model.vocab: {excerpt(token)} (ID {token_id}) is not a byte-level token")
        ranks[data] = token_id
    missing = [b for b in range(256) if bytes([b]) not in ranks]
    if missing:
        raise AssetError(f"model.vocab: byte 0x{missing[0]:02X} has no token; tiktoken needs all 256")
    _check_merges(model, ranks)
    specials = {}
    for a in model.added:
        if not a.special or a.normalized or a.lstrip or a.rstrip:
            raise AssetError(f"added token {excerpt(a.content)}: tiktoken holds only plain special tokens")
        specials[a.content] = a.id
    return ranks, pattern, specials


def write(asset: dict, tokenizer, out, **_options) -> Report:
    report = Report("export", "tiktoken", asset.get("metadata", {}).get("name") or asset["kind"], str(out))
    report.kind = asset["kind"]
    ranks, pattern, specials = exported(asset, tokenizer, report)
    lines = [f"{base64.b64encode(t).decode('ascii')} {r}" for t, r in sorted(ranks.items(), key=lambda e: e[1])]
    write_bytes_atomic(out, ("\n".join(lines) + "\n").encode("ascii"))
    name = next((p.name for p in pretokenize.PRETOKENIZERS.values() if p.pattern == pattern), None)
    # No split: one pre-token per text, which tiktoken needs spelled as a regex.
    side = {"pat_str": pattern or r"[\s\S]+", "pattern_name": name, "special_tokens": specials}
    count = len(ranks) + len(specials)
    if max([*ranks.values(), *specials.values()]) == count - 1:
        # tiktoken checks this count against the largest ID: only for IDs without holes (an edit may leave some)
        side["explicit_n_vocab"] = count
    write_bytes_atomic(str(out) + ".json", (json.dumps(side, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    report.keep("model", f"{len(ranks)} ranks (= IDs); each merge is its token's canonical split",
                "tiktoken.export_ranks", ranks=len(ranks))
    side_name = Path(str(out) + ".json").name
    report.keep("pre_tokenizer", f"pat_str and special_tokens written to {side_name}"
                + ("" if name else " (the pattern has no name here: pass it to tiktoken yourself)"),
                "tiktoken.sidecar" if name else "tiktoken.sidecar_unnamed", file=side_name)
    return report


def _check_merges(model, ranks) -> None:
    """tiktoken merges by the rank of the result; that equals our pair list
    only if result ranks rise with merge order and each merge is the
    result's canonical split."""
    previous = -1
    made = set()
    for index, (left, right) in enumerate(model.merges):
        token = byte_level_bytes(left) + byte_level_bytes(right)
        rank = ranks[token]
        if rank <= previous:
            raise AssetError(f"merge {index + 1} ({excerpt(left)} {excerpt(right)}): its token's ID {rank} is not "
                             f"above the previous merge's ({previous}); tiktoken ranks merges by ID")
        split = canonical_split(token, ranks)
        if split != [byte_level_bytes(left), byte_level_bytes(right)]:
            raise AssetError(f"merge {index + 1} ({excerpt(left)} {excerpt(right)}): tiktoken would build this "
                             f"token from {[p.hex() for p in split]}, not from this pair")
        previous = rank
        made.add(token)
    for token, rank in ranks.items():
        if len(token) > 1 and token not in made and len(canonical_split(token, ranks)) == 2:
            raise AssetError(f"token ID {rank} ({excerpt(token)}) has no merge, but tiktoken would build it from "
                             f"{[p.hex() for p in canonical_split(token, ranks)]}")
        if len(token) > 1 and token not in made and not model.ignore_merges:
            raise AssetError(f"token ID {rank} ({excerpt(token)}) is reached only by whole-word lookup, which this "
                             "model does not do (ignore_merges is off) and tiktoken always does")
