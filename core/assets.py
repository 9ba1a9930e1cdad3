"""Tokenizer assets: one versioned JSON envelope for every tokenizer kind.

An asset is data only (never pickle, nothing executed).  Its top level is::

    {"format": "subword-studio/tokenizer", "schema_version": 1,
     "kind": "char-bpe", "model": {...}, "normalizer": {...},
     "pre_tokenizer": {...}, "trainer": {...}, "training_data": {...},
     "training_corpus": [[word, count], ...], "metadata": {...}}

``model`` is kind-specific; a loader per kind validates it and builds the
tokenizer.  Loading gives one clear :class:`AssetError` for any bad file.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from pathlib import Path

from . import char_bpe
from .corpus import WordCorpus
from .errors import AssetError, StudioError
from .fileio import write_json_atomic

FORMAT = "subword-studio/tokenizer"
SCHEMA_VERSION = 1
MAX_ASSET_BYTES = 256 * 1024 * 1024


def _require(obj, key, kind, where):
    if not isinstance(obj, dict):
        raise AssetError(f"{where}: expected an object, found {type(obj).__name__}")
    if key not in obj:
        raise AssetError(f"{where}: missing field {key!r}")
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        raise AssetError(f"{where}.{key}: expected {names}, found {type(value).__name__}")
    return value


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
        "normalizer": {"type": "none"},
        "pre_tokenizer": {"type": "whitespace"},
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
    if vocab is not None and list(vocab) != list(built.vocab):
        raise AssetError(f"{where}.vocab: does not match the vocabulary the alphabet and merges define")
    return built


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
        "normalizer": {"type": "none"},
        "pre_tokenizer": body["pre_tokenizer"],
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
    from . import byte_bpe

    return byte_bpe.ByteBPE.from_asset_model(_require(asset, "model", dict, "asset"))


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


# ==== files ====

def read_asset(path) -> dict:
    """Read and validate an asset file; return the raw JSON object."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_ASSET_BYTES:
            raise AssetError(f"{path}: {size} bytes is over the {MAX_ASSET_BYTES}-byte asset limit")
        data = path.read_bytes()
    except FileNotFoundError:
        raise AssetError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise AssetError(f"{path}: is a directory, not an asset file") from None
    except OSError as exc:
        raise AssetError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        asset = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise AssetError(f"{path}: invalid UTF-8 at byte offset {exc.start}") from None
    except json.JSONDecodeError as exc:
        raise AssetError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    try:
        validate_envelope(asset)
    except AssetError as exc:
        raise AssetError(f"{path}: {exc}") from None
    return asset


def validate_envelope(asset) -> None:
    if not isinstance(asset, dict):
        raise AssetError("an asset must be a JSON object")
    if asset.get("format") != FORMAT:
        raise AssetError(f"not a Subword Studio asset (format must be {FORMAT!r})")
    version = asset.get("schema_version")
    if version != SCHEMA_VERSION:
        raise AssetError(f"unknown schema version {version!r}; this version reads {SCHEMA_VERSION}")
    kind = asset.get("kind")
    if kind not in LOADERS:
        raise AssetError(f"unknown tokenizer kind {kind!r}; known: {', '.join(LOADERS)}")


def load_tokenizer(path):
    """Read an asset file and build its tokenizer: ``(asset, tokenizer)``."""
    asset = read_asset(path)
    try:
        return asset, LOADERS[asset["kind"]](asset)
    except AssetError as exc:
        raise AssetError(f"{path}: {exc}") from None


def training_corpus(asset: dict) -> WordCorpus:
    """The word table embedded in an asset, checked against its identity."""
    rows = asset.get("training_corpus")
    if not isinstance(rows, list):
        raise AssetError("the asset does not embed its training corpus")
    try:
        corpus = WordCorpus.from_pairs(tuple(r) if isinstance(r, list) and len(r) == 2 else (None, None) for r in rows)
    except StudioError as exc:
        raise AssetError(f"training_corpus: {exc}") from None
    recorded = asset.get("training_data", {}).get("sha256")
    if recorded != corpus.identity()["sha256"]:
        raise AssetError("training_corpus does not match training_data.sha256")
    return corpus


def save_asset(path, asset: dict) -> None:
    validate_envelope(asset)
    write_json_atomic(path, asset)
