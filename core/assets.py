"""Tokenizer assets: one versioned JSON envelope for every tokenizer kind.

An asset is data only (never pickle, nothing executed).  Its top level is::

    {"format": "subword-studio/tokenizer", "schema_version": 1,
     "kind": "char-bpe", "model": {...}, "specials": [{"token", "id"}, ...],
     "normalizer": {...}, "pre_tokenizer": {...}, "boundary": {...},
     "trainer": {"name", "version", "tie_policy", ...}, "training_data": {...},
     "training_corpus": [[word, count], ...], "metadata": {...}}

``model`` is kind-specific (initial symbols, ordered merges with ranks and
counts, the ID of every token); a loader per kind validates it and builds
the tokenizer.  ``specials`` and ``boundary`` restate what the model implies
so a reader sees them without knowing the kind; they are checked against the
model, and derived from it when an older file lacks them.  Loading gives one
clear :class:`AssetError` for any bad file.  docs/identity.md describes the
fields and how :mod:`core.identity` hashes them.

IDs belong to the file, not to the merge order: a file may number its tokens
differently from the order training created them (the deliberately broken
copy of seed 000, exercise 5, swaps two).  Such a tokenizer segments text
exactly like the original and only its IDs differ, so the loaders return a
renumbered tokenizer rather than rejecting it.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass, replace
from pathlib import Path

from . import char_bpe
from .corpus import WordCorpus
from .errors import AssetError, StudioError, TokenizerError, excerpt as _show
from .fileio import read_limited, write_json_atomic

FORMAT = "subword-studio/tokenizer"
SCHEMA_VERSION = 1
MAX_ASSET_BYTES = 256 * 1024 * 1024


def _require(obj, key, kind, where):
    if not isinstance(obj, dict):
        raise AssetError(f"{where}: expected an object, found {type(obj).__name__}", code="field.not_object",
                         where=where, found=type(obj).__name__)
    if key not in obj:
        raise AssetError(f"{where}: missing field {key!r}", code="field.missing", where=where, key=repr(key))
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise AssetError(f"{where}.{key}: expected {names}, found {type(value).__name__}", code="field.wrong_type",
                         where=f"{where}.{key}", expected=names, found=type(value).__name__)
    return value




def _check_rules(asset: dict, kind: str, **implied) -> None:
    """The envelope's normalizer, pre-tokenizer, boundary and specials must
    say what the model does; a missing boundary or specials is implied."""
    if asset.get("normalizer") != {"type": "none"}:
        raise AssetError(f"normalizer: {kind} applies no normalization, so {_show(asset.get('normalizer'))} "
                         "cannot be honoured (expected {'type': 'none'})")
    for key, expected in implied.items():
        if key in asset and asset[key] != expected:
            raise AssetError(f"{key}: {_show(asset[key])} disagrees with the model, which implies {_show(expected)}")


# ==== char-bpe ====

def char_bpe_to_asset(model: char_bpe.CharBPE, *, name: str = "", notes: str = "") -> dict:
    trace = model.trace
    asset = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "kind": "char-bpe",
        "model": {
            "alphabet": list(model.alphabet),
            "unk": model.unk,
            "end_of_word": model.end_of_word,
            "merges": [
                {"rank": m.rank, "pair": [m.left, m.right], "new": m.new, "count": m.count}
                for m in model.merges
            ],
            "vocab": list(model.vocab),
        },
        "specials": _char_specials(model),
        "normalizer": {"type": "none"},
        "pre_tokenizer": {"type": "whitespace"},
        "boundary": {"marker": "end_of_word", "symbol": model.end_of_word},
        "trainer": {"name": char_bpe.TRAINER_NAME, "version": char_bpe.TRAINER_VERSION},
        "metadata": {
            "name": name,
            "notes": notes,
            "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        },
    }
    if trace is not None:
        asset["trainer"].update(
            tie_policy=trace.policy, stop_reason=trace.stop_reason, settings=dict(trace.settings)
        )
        asset["training_data"] = trace.corpus.identity()
        asset["training_corpus"] = [[w, c] for w, c in trace.corpus.items()]
    return asset


def char_bpe_from_asset(asset: dict) -> char_bpe.CharBPE:
    where = "model"
    model = _require(asset, "model", dict, "asset")
    alphabet = _require(model, "alphabet", list, where)
    if not all(isinstance(s, str) and s for s in alphabet):
        raise AssetError(f"{where}.alphabet: every symbol must be a non-empty string")
    unk = model.get("unk")
    if unk is not None and not isinstance(unk, str):
        raise AssetError(f"{where}.unk: expected a string or null")
    end_of_word = _require(model, "end_of_word", str, where)
    merges = []
    for index, entry in enumerate(_require(model, "merges", list, where)):
        at = f"{where}.merges[{index}]"
        rank = _require(entry, "rank", int, at)
        pair = _require(entry, "pair", list, at)
        if len(pair) != 2 or not all(isinstance(s, str) for s in pair):
            raise AssetError(f"{at}.pair: expected two symbol strings")
        new = entry.get("new", pair[0] + pair[1])
        count = _require(entry, "count", int, at) if "count" in entry else 0
        merges.append(char_bpe.Merge(rank, pair[0], pair[1], new, count))
    try:
        built = char_bpe.CharBPE(tuple(alphabet), tuple(merges), end_of_word=end_of_word, unk=unk)
    except StudioError as exc:
        raise AssetError(f"{where}: {exc}") from None
    vocab = model.get("vocab")
    if vocab is not None:
        order = _id_order(vocab, built.vocab, f"{where}.vocab")
        if order != built.vocab:
            built = RenumberedCharBPE(built.alphabet, built.merges, end_of_word=end_of_word, unk=unk,
                                      id_order=order)
    _check_rules(asset, "char-bpe", specials=_char_specials(built), pre_tokenizer={"type": "whitespace"},
                 boundary={"marker": "end_of_word", "symbol": end_of_word})
    return built


def _char_specials(model: char_bpe.CharBPE) -> list:
    return [] if model.unk is None else [{"token": model.unk, "id": model.ids[model.unk], "role": "unk"}]


def _id_order(vocab, derived: tuple, where: str) -> tuple:
    """``vocab`` (token per ID) must hold each derived token exactly once."""
    if not isinstance(vocab, list) or not all(isinstance(t, str) for t in vocab):
        raise AssetError(f"{where}: expected a list of token strings, one per ID")
    first: dict[str, int] = {}
    for token_id, token in enumerate(vocab):
        if token in first:
            raise AssetError(f"{where}: token {_show(token)} has two IDs, {first[token]} and {token_id}")
        first[token] = token_id
    missing = next((t for t in derived if t not in first), None)
    if missing is not None:
        raise AssetError(f"{where}: no ID for {_show(missing)}, which the alphabet or a merge defines")
    if len(vocab) != len(derived):
        known = set(derived)
        extra = next(i for i, t in enumerate(vocab) if t not in known)
        raise AssetError(f"{where}[{extra}]: {_show(vocab[extra])} is not a special, an alphabet symbol "
                         "or the result of a merge")
    return tuple(vocab)


@dataclass(frozen=True)
class RenumberedCharBPE(char_bpe.CharBPE):
    """A char BPE whose IDs follow ``id_order`` (the file's), not merge order.

    Segmentation is the parent's; only the token <-> ID tables differ.
    """

    id_order: tuple[str, ...] = ()

    def __post_init__(self):
        super().__post_init__()
        if sorted(self.id_order) != sorted(self.vocab):
            raise AssetError("id_order must hold every token of the vocabulary exactly once")
        object.__setattr__(self, "vocab", tuple(self.id_order))
        object.__setattr__(self, "ids", {s: i for i, s in enumerate(self.id_order)})


# ==== byte-bpe ====

def byte_bpe_to_asset(model, *, records=None, name: str = "", notes: str = "") -> dict:
    """An asset for a :class:`core.byte_bpe.ByteBPE`; ``records`` gives provenance."""
    from . import byte_bpe

    body = model.to_asset_model()
    asset = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "kind": "byte-bpe",
        "model": body,
        "specials": [dict(s) for s in body["specials"]],
        "normalizer": {"type": "none"},
        "pre_tokenizer": body["pre_tokenizer"],
        "boundary": {"marker": "none"},
        "trainer": {"name": byte_bpe.TRAINER_NAME, "version": byte_bpe.TRAINER_VERSION,
                    "tie_policy": "count-then-smallest-id-pair"},
        "metadata": {
            "name": name,
            "notes": notes,
            "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        },
    }
    if records is not None:
        asset["training_data"] = records_identity(records)
    return asset


def byte_bpe_from_asset(asset: dict):
    """A :class:`ByteBPE`, or a :class:`RenumberedByteBPE` when the file
    numbers its specials and learned tokens in another order."""
    from . import byte_bpe

    model = _require(asset, "model", dict, "asset")
    canonical, to_asset = _canonical_byte_model(model)
    built = byte_bpe.ByteBPE.from_asset_model(canonical)
    specials = sorted(({"token": t, "id": i} for t, i in _renumbered_specials(built, to_asset)),
                      key=lambda s: s["id"])
    _check_rules(asset, "byte-bpe", specials=specials, pre_tokenizer=model.get("pre_tokenizer"),
                 boundary={"marker": "none"})
    return built if to_asset is None else RenumberedByteBPE(built, to_asset)


def _renumbered_specials(built, to_asset):
    return [(name, i if to_asset is None else to_asset[i]) for name, i in built.specials]


def _canonical_byte_model(model: dict) -> tuple[dict, tuple[int, ...] | None]:
    """Renumber the file's special and learned IDs the way ByteBPE numbers
    them (specials in ascending file ID from 256, then merges by rank).

    Returns the renumbered model and the file's ID for every canonical ID,
    or None when the file already uses the canonical numbering.  Bytes keep
    IDs 0-255: that is what "base": "bytes" means.
    """
    base = 256
    specials = _require(model, "specials", list, "model")
    merges = _require(model, "merges", list, "model")
    owner: dict[int, str] = {}
    for group, entries in (("specials", specials), ("merges", merges)):
        for index, entry in enumerate(entries):
            at = f"model.{group}[{index}]"
            token_id = _require(entry, "id", int, at)
            if token_id < base:
                raise AssetError(f"{at}.id: {token_id} is a byte value; IDs 0-255 are the bytes themselves, "
                                 "specials and learned tokens use 256 and up")
            if token_id in owner:
                raise AssetError(f"{at}.id: duplicate ID {token_id}, already used by {owner[token_id]}")
            owner[token_id] = at
    size = base + len(owner)
    gap = next((i for i in range(base, size) if i not in owner), None)
    if gap is not None:
        raise AssetError(f"model: IDs have a gap: {gap} is unused but {max(owner)} is taken "
                         f"(IDs must run 0-{size - 1} without gaps)")
    to_canonical = {b: b for b in range(base)}
    for canonical_id, token_id in enumerate(sorted(s["id"] for s in specials), start=base):
        to_canonical[token_id] = canonical_id
    special_names = {s["id"]: s.get("token") for s in specials}
    first_merge = base + len(specials)
    renumbered = []
    for index, entry in enumerate(merges):
        at = f"model.merges[{index}]"
        pair = _require(entry, "pair", list, at)
        if len(pair) != 2 or any(isinstance(p, bool) or not isinstance(p, int) for p in pair):
            raise AssetError(f"{at}.pair: expected two integer IDs, found {_show(pair)}")
        for part in pair:
            if part in special_names:
                raise AssetError(f"{at} (rank {index + 1}) refers to the special {_show(special_names[part])} "
                                 f"(ID {part}); specials are never merged")
            if part not in to_canonical:
                raise AssetError(f"{at} (rank {index + 1}) refers to unknown symbol ID {part}: "
                                 "no byte or earlier merge has that ID")
        to_canonical[entry["id"]] = first_merge + index
        renumbered.append({**entry, "pair": [to_canonical[p] for p in pair], "id": first_merge + index})
    canonical = {**model, "merges": renumbered,
                 "specials": [{**s, "id": to_canonical[s["id"]]} for s in specials]}
    to_asset = [0] * size
    for token_id, canonical_id in to_canonical.items():
        to_asset[canonical_id] = token_id
    return canonical, (None if to_asset == list(range(size)) else tuple(to_asset))


class RenumberedByteBPE:
    """A byte-level BPE whose special and learned IDs are the file's own.

    Wraps the canonically numbered :class:`ByteBPE` and translates IDs at
    the edges, so encoding, decoding and every reported ID use the file's
    numbering while the merges (and so the segmentation) stay the same.
    """

    def __init__(self, canonical, to_asset: tuple[int, ...]):
        self.canonical = canonical
        self.to_asset_id = tuple(to_asset)
        self._to_canonical = {a: c for c, a in enumerate(self.to_asset_id)}
        fwd = self.to_asset_id
        self.pretokenizer = canonical.pretokenizer
        self.specials = tuple(sorted(_renumbered_specials(canonical, fwd), key=lambda s: s[1]))
        self.merges = tuple(replace(m, left=fwd[m.left], right=fwd[m.right], new_id=fwd[m.new_id])
                            for m in canonical.merges)

    def __eq__(self, other):
        return (isinstance(other, RenumberedByteBPE) and self.canonical == other.canonical
                and self.to_asset_id == other.to_asset_id)

    __hash__ = None

    @property
    def vocab_size(self) -> int:
        return self.canonical.vocab_size

    def _canonical_id(self, token_id):
        if isinstance(token_id, int) and not isinstance(token_id, bool):
            return self._to_canonical.get(token_id, token_id)
        return token_id

    def special_name(self, token_id: int) -> str | None:
        return self.canonical.special_name(self._canonical_id(token_id))

    def special_id(self, name: str) -> int:
        return self.to_asset_id[self.canonical.special_id(name)]

    def token_bytes(self, token_id: int) -> bytes:
        name = self.special_name(token_id) if token_id in self._to_canonical else None
        if name is not None:
            raise TokenizerError(f"id {token_id} is the special {name}; it has no bytes")
        if token_id not in self._to_canonical:
            raise TokenizerError(f"id {token_id} is outside the vocabulary (0-{self.vocab_size - 1})")
        return self.canonical.token_bytes(self._to_canonical[token_id])

    def encode(self, text, *, allowed_special=False):
        encoding = self.canonical.encode(text, allowed_special=allowed_special)
        return replace(encoding, ids=tuple(self.to_asset_id[i] for i in encoding.ids))

    def decode(self, ids, *, errors: str = "strict"):
        from .utf8 import Utf8DecodeError

        ids = list(ids)
        mapped = [self._canonical_id(t) for t in ids]
        try:
            result = self.canonical.decode(mapped, errors=errors)
        except Utf8DecodeError as exc:
            # Name the failing token by the file's ID, not the canonical one.
            offset, index = 0, 0
            for index, token in enumerate(mapped):
                if self.special_name(ids[index]) is None and 0 <= token < self.vocab_size:
                    offset += len(self.canonical.token_bytes(token))
                    if offset > exc.problems[0].offset:
                        break
            raise Utf8DecodeError(exc.object, exc.problems, token=(index, ids[index])) from None
        return replace(result, specials=tuple((i, self.to_asset_id[t]) for i, t in result.specials))

    def to_asset_model(self) -> dict:
        fwd = self.to_asset_id
        model = self.canonical.to_asset_model()
        model["merges"] = [{**m, "pair": [fwd[p] for p in m["pair"]], "id": fwd[m["id"]]} for m in model["merges"]]
        model["specials"] = [{**s, "id": fwd[s["id"]]} for s in model["specials"]]
        return model


def records_identity(records) -> dict:
    """SHA-256 over each record's UTF-8 bytes, each prefixed by its length
    as 8 big-endian bytes, so record boundaries are part of the identity."""
    digest = hashlib.sha256()
    total = 0
    for record in records:
        data = record.encode("utf-8") if isinstance(record, str) else bytes(record)
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
        total += len(data)
    return {"sha256": digest.hexdigest(), "records": len(records), "bytes": total}


LOADERS = {"char-bpe": char_bpe_from_asset, "byte-bpe": byte_bpe_from_asset}


# ==== wordpiece and unigram ====

def _created() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def _trained_fields(asset: dict, trace, name: str, version: str, extra: dict) -> None:
    """Trainer settings and, when trained here, the embedded training corpus."""
    asset["trainer"] = {"name": name, "version": version, **extra} if trace is not None else \
        {"name": "none", "version": "0", "note": "vocabulary given, not trained here"}
    if trace is not None:
        asset["trainer"].update(stop_reason=trace.stop_reason, settings=dict(trace.settings))
        asset["training_data"] = trace.corpus.identity()
        asset["training_corpus"] = [[w, c] for w, c in trace.corpus.items()]


def wordpiece_to_asset(model, *, name: str = "", notes: str = "") -> dict:
    """An asset for a :class:`core.wordpiece.WordPiece` (with its BasicTokenizer options)."""
    from . import wordpiece

    basic = model.basic
    asset = {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "kind": "wordpiece",
        "model": {"vocab": list(model.vocab), "unk": model.unk, "continuing_prefix": model.prefix,
                  "max_input_chars_per_word": model.max_input_chars_per_word},
        "specials": [{"token": model.unk, "id": model.ids[model.unk], "role": "unk"}],
        "normalizer": basic.describe() if basic is not None else {"type": "none"},
        "pre_tokenizer": {"type": "bert-basic"} if basic is not None else {"type": "whitespace"},
        "boundary": {"marker": "continuing_prefix", "symbol": model.prefix},
        "metadata": {"name": name, "notes": notes, "created": _created()},
    }
    _trained_fields(asset, model.trace, wordpiece.TRAINER_NAME, wordpiece.TRAINER_VERSION,
                    {"label": wordpiece.TRAINER_LABEL})
    return asset


def wordpiece_from_asset(asset: dict):
    from . import bert_basic, wordpiece

    model = _require(asset, "model", dict, "asset")
    vocab = _require(model, "vocab", list, "model")
    unk = _require(model, "unk", str, "model")
    prefix = _require(model, "continuing_prefix", str, "model")
    limit = _require(model, "max_input_chars_per_word", int, "model")
    normalizer, pre = asset.get("normalizer"), asset.get("pre_tokenizer")
    if normalizer == {"type": "none"}:
        basic, implied = None, {"type": "whitespace"}
    else:
        try:
            basic = bert_basic.BasicTokenizer.from_description(normalizer)
        except StudioError as exc:
            raise AssetError(f"normalizer: {exc} (or {{'type': 'none'}} for no BasicTokenizer)") from None
        implied = {"type": "bert-basic"}  # the BasicTokenizer splits words itself
    if pre != implied:
        raise AssetError(f"pre_tokenizer: {_show(pre)} disagrees with the normalizer, which implies {_show(implied)}")
    try:
        built = wordpiece.WordPiece(tuple(vocab), unk=unk, prefix=prefix, max_input_chars_per_word=limit,
                                    basic=basic)
    except StudioError as exc:
        raise AssetError(f"model: {exc}") from None
    for key, expected in (("specials", [{"token": unk, "id": built.ids[unk], "role": "unk"}]),
                          ("boundary", {"marker": "continuing_prefix", "symbol": prefix})):
        if key in asset and asset[key] != expected:
            raise AssetError(f"{key}: {_show(asset[key])} disagrees with the model, which implies {_show(expected)}")
    return built


def unigram_to_asset(model, *, name: str = "", notes: str = "") -> dict:
    """An asset for a :class:`core.unigram.Unigram` and its normalization pipeline."""
    from . import unigram

    asset = {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "kind": "unigram",
        "model": {"pieces": [[p.piece, p.score, p.type] for p in model.pieces], "unk_id": model.unk_id,
                  "byte_fallback": model.byte_fallback, "float32": model.float32},
        "specials": _unigram_specials(model),
        "normalizer": model.pipeline.describe(),
        "pre_tokenizer": {"type": "none"},
        "boundary": {"marker": "space_prefix", "symbol": "\u2581"},
        "metadata": {"name": name, "notes": notes, "created": _created()},
    }
    _trained_fields(asset, model.trace, unigram.TRAINER_NAME, unigram.TRAINER_VERSION, {})
    return asset


def _unigram_specials(model) -> list:
    roles = {"unknown": "unk", "control": "control"}
    return [{"token": p.piece, "id": i, "role": roles[p.type]} for i, p in enumerate(model.pieces) if p.type in roles]


def unigram_from_asset(asset: dict):
    from . import normalize, unigram

    model = _require(asset, "model", dict, "asset")
    rows = _require(model, "pieces", list, "model")
    unk_id = _require(model, "unk_id", int, "model")
    byte_fallback = _require(model, "byte_fallback", bool, "model") if "byte_fallback" in model else False
    float32 = _require(model, "float32", bool, "model") if "float32" in model else False
    pieces = []
    for index, row in enumerate(rows):
        at = f"model.pieces[{index}]"
        if not isinstance(row, list) or len(row) != 3:
            raise AssetError(f"{at}: expected [piece, score, type], found {_show(row)}")
        piece, score, kind = row
        if not isinstance(piece, str) or not piece:
            raise AssetError(f"{at}: the piece must be a non-empty string, not {_show(piece)}")
        if isinstance(score, bool) or not isinstance(score, (int, float)):
            raise AssetError(f"{at}: the score of {_show(piece)} must be a number, not {_show(score)}")
        if kind not in unigram.PIECE_TYPES:
            raise AssetError(f"{at}: unknown piece type {_show(kind)}; use one of {', '.join(unigram.PIECE_TYPES)}")
        pieces.append(unigram.Piece(piece, float(score), kind))
    try:
        pipeline = normalize.Pipeline.from_description(asset.get("normalizer"))
    except StudioError as exc:
        raise AssetError(f"normalizer: {exc}") from None
    try:
        built = unigram.Unigram(tuple(pieces), unk_id=unk_id, byte_fallback=byte_fallback, pipeline=pipeline,
                                float32=float32)
    except StudioError as exc:
        raise AssetError(f"model: {exc}") from None
    for key, expected in (("specials", _unigram_specials(built)), ("pre_tokenizer", {"type": "none"}),
                          ("boundary", {"marker": "space_prefix", "symbol": "\u2581"})):
        if key in asset and asset[key] != expected:
            raise AssetError(f"{key}: {_show(asset[key])} disagrees with the model, which implies {_show(expected)}")
    return built


LOADERS.update({"wordpiece": wordpiece_from_asset, "unigram": unigram_from_asset})


# ==== bpe (imported: string tokens with any IDs, core/bpe_model.py) ====

def bpe_to_asset(model, *, name: str = "", notes: str = "", trainer: dict | None = None) -> dict:
    """An asset for a :class:`core.bpe_model.BPEModel`; ``trainer`` names where it came from."""
    from . import bpe_model

    return {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "kind": "bpe",
        "model": bpe_model.to_asset_model(model),
        **bpe_model.implied_envelope(model),
        "trainer": dict(trainer) if trainer else {"name": "none", "version": "0",
                                                  "note": "merges given, not trained here"},
        "metadata": {"name": name, "notes": notes, "created": _created()},
    }


def bpe_from_asset(asset: dict):
    from . import bpe_model

    model = _require(asset, "model", dict, "asset")
    built = bpe_model.from_asset_model(model, normalizer=asset.get("normalizer"),
                                       pre_tokenizer=asset.get("pre_tokenizer"))
    for key, expected in bpe_model.implied_envelope(built).items():
        if key in asset and asset[key] != expected:
            raise AssetError(f"{key}: {_show(asset[key])} disagrees with the model, which implies {_show(expected)}")
    return built


LOADERS["bpe"] = bpe_from_asset


# ==== files ====

def read_asset(path) -> dict:
    """Read and validate an asset file; return the raw JSON object."""
    path = Path(path)
    data = read_limited(path, limit=MAX_ASSET_BYTES, what="an asset file", error=AssetError, limit_name="asset")
    try:
        asset = parse_json(data)
        validate_envelope(asset)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    return asset


def _unique_keys(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            # json would keep the last silently; two values for one field is
            # an edit gone wrong, not something to guess about.
            raise AssetError(f"duplicate key {_show(key)} in one JSON object")
        obj[key] = value
    return obj


def _no_constant(name):
    raise AssetError(f"{name} is not a JSON number")


def _finite(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):  # "1e400": valid JSON, but no finite double
        raise AssetError(f"the number {_show(text)} is too large for a double")
    return value


def parse_json(data: bytes):
    """Strict JSON: UTF-8, no duplicate keys, no NaN/Infinity, bounded depth."""
    try:
        return json.loads(data.decode("utf-8"), object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                          parse_float=_finite)
    except UnicodeDecodeError as exc:
        raise AssetError(f"invalid UTF-8 at byte offset {exc.start}", code="json.invalid_utf8",
                         offset=exc.start) from None
    except json.JSONDecodeError as exc:
        raise AssetError(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})", code="json.invalid",
                         line=exc.lineno, column=exc.colno, reason=exc.msg) from None
    except RecursionError:
        raise AssetError("JSON nested too deeply to be usable") from None
    except AssetError:
        raise
    except ValueError as exc:  # an integer with thousands of digits
        raise AssetError(f"not usable JSON ({exc})") from None


def validate_envelope(asset) -> None:
    if not isinstance(asset, dict):
        raise AssetError("an asset must be a JSON object", code="asset.not_object")
    if asset.get("format") != FORMAT:
        raise AssetError(f"not a Subword Studio asset (format must be {FORMAT!r})", code="asset.format",
                         format=repr(FORMAT))
    version = asset.get("schema_version")
    if version != SCHEMA_VERSION:
        raise AssetError(f"unknown schema version {version!r}; this version reads {SCHEMA_VERSION}",
                         code="file.schema_version", version=repr(version), supported=SCHEMA_VERSION)
    kind = asset.get("kind")
    if not isinstance(kind, str) or kind not in LOADERS:
        raise AssetError(f"unknown tokenizer kind {_show(kind)}; known: {', '.join(LOADERS)}", code="asset.kind",
                         kind=_show(kind), known=", ".join(LOADERS))
    _require(asset, "model", dict, "asset")
    for key in ("normalizer", "pre_tokenizer"):
        _require(asset, key, dict, "asset")
    for key, kinds in (("boundary", dict), ("metadata", dict), ("training_corpus", list),
                       ("training_data", (dict, type(None)))):
        if key in asset:
            _require(asset, key, kinds, "asset")
    trainer = _require(asset, "trainer", dict, "asset")
    _require(trainer, "name", str, "trainer")
    _require(trainer, "version", (str, int), "trainer")
    if isinstance(trainer.get("tie_policy"), (list, dict)):
        raise AssetError("trainer.tie_policy: expected a string")
    if "specials" in asset:
        seen = {}
        for index, entry in enumerate(_require(asset, "specials", list, "asset")):
            at = f"specials[{index}]"
            _require(entry, "token", str, at)
            token_id = _require(entry, "id", int, at)
            if token_id in seen:
                raise AssetError(f"{at}.id: duplicate ID {token_id}, already used by specials[{seen[token_id]}]")
            seen[token_id] = index
    data = asset.get("training_data")
    if data is not None:
        sha = _require(data, "sha256", str, "training_data")
        if len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha):
            raise AssetError("training_data.sha256: expected 64 lowercase hex digits")
        if _require(data, "records", int, "training_data") < 0:
            raise AssetError("training_data.records: must be >= 0")


def build_tokenizer(asset: dict):
    """Validate an asset object completely and build its tokenizer."""
    validate_envelope(asset)
    tokenizer = LOADERS[asset["kind"]](asset)
    if "training_corpus" in asset:
        training_corpus(asset)
    return tokenizer


def load_tokenizer(path):
    """Read an asset file and build its tokenizer: ``(asset, tokenizer)``."""
    asset = read_asset(path)
    try:
        return asset, build_tokenizer(asset)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None


def training_corpus(asset: dict) -> WordCorpus:
    """The word table embedded in an asset, checked against its identity."""
    rows = asset.get("training_corpus")
    if not isinstance(rows, list):
        raise AssetError("the asset does not embed its training corpus")
    try:
        corpus = WordCorpus.from_pairs(tuple(r) if isinstance(r, list) and len(r) == 2 else (None, None) for r in rows)
    except StudioError as exc:
        raise AssetError(f"training_corpus: {exc}") from None
    data = asset.get("training_data")
    recorded = data.get("sha256") if isinstance(data, dict) else None
    if recorded != corpus.identity()["sha256"]:
        raise AssetError("training_corpus does not match training_data.sha256")
    return corpus


def save_asset(path, asset: dict) -> None:
    validate_envelope(asset)
    try:
        write_json_atomic(path, asset)
    except UnicodeEncodeError as exc:
        raise AssetError(f"{path}: not saved: text at {exc.start} is a lone surrogate, which UTF-8 cannot hold") from None
    except OSError as exc:
        raise AssetError(f"{path}: cannot write ({exc.strerror or exc})", code="file.unwritable", where=str(path),
                         reason=exc.strerror or str(exc)) from None
