"""Tokenizer assets: one versioned JSON envelope for every tokenizer kind.

An asset is data only (never pickle, nothing executed).  This package is
the public interface of the kind modules (``char_bpe``, ``byte_bpe``,
``wordpiece``, ``unigram``, ``bpe``; shared rules in :mod:`.schema`) and
reads and writes asset files; docs/identity.md describes the fields.

Details: docs/notes/formats.md#coreassets__init__py.
"""

from __future__ import annotations

from pathlib import Path

from core.corpus import WordCorpus
from core.errors import AssetError, OutputRefused, StudioError, excerpt
from core.fileio import read_limited, write_json_atomic
from core.numbers import MAX_ASSET_BYTES
from core.assets.bpe import bpe_from_asset, bpe_to_asset
from core.assets.byte_bpe import byte_bpe_from_asset, byte_bpe_to_asset
from core.assets.char_bpe import char_bpe_from_asset, char_bpe_to_asset
from core.assets.schema import FORMAT, SCHEMA_VERSION, parse_json, records_identity
from core.errors import require
from core.assets.unigram import unigram_from_asset, unigram_to_asset
from core.assets.wordpiece import wordpiece_from_asset, wordpiece_to_asset

__all__ = [
    "FORMAT", "LOADERS", "MAX_ASSET_BYTES", "SCHEMA_VERSION",
    "bpe_from_asset", "bpe_to_asset", "build_tokenizer", "byte_bpe_from_asset", "byte_bpe_to_asset",
    "char_bpe_from_asset", "char_bpe_to_asset", "load_tokenizer", "parse_asset", "parse_json", "read_asset", "records_identity",
    "save_asset", "training_corpus", "unigram_from_asset", "unigram_to_asset", "validate_envelope",
    "wordpiece_from_asset", "wordpiece_to_asset",
]

POST_PROCESSED = ("bpe", "wordpiece", "unigram")  # kinds imported from HF, which may carry one
LOADERS = {"char-bpe": char_bpe_from_asset, "byte-bpe": byte_bpe_from_asset, "wordpiece": wordpiece_from_asset,
           "unigram": unigram_from_asset, "bpe": bpe_from_asset}


def read_asset(path) -> dict:
    """Read and validate an asset file; return the raw JSON object."""
    path = Path(path)
    data = read_limited(path, limit=MAX_ASSET_BYTES, what="an asset file", error=AssetError, limit_name="asset")
    return parse_asset(data, path)


def parse_asset(data: bytes, path) -> dict:
    """An asset file's bytes (read already), parsed and its envelope validated."""
    try:
        asset = parse_json(data)
        validate_envelope(asset)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    return asset


def validate_envelope(asset) -> None:
    if not isinstance(asset, dict):
        raise AssetError("an asset must be a JSON object", code="asset.not_object")
    if asset.get("format") != FORMAT:
        if "model" in asset and ("added_tokens" in asset or "pre_tokenizer" in asset) and "format" not in asset:
            raise AssetError("this is a Hugging Face tokenizer.json, not a Subword Studio asset: import it first "
                             "(python main.py import FILE --format hf -o ASSET.json, or File > Import tokenizer)",
                             code="asset.format_hf")
        raise AssetError(f"not a Subword Studio asset (format must be {FORMAT!r})", code="asset.format",
                         format=repr(FORMAT))
    version = asset.get("schema_version")
    if type(version) is not int or version != SCHEMA_VERSION:  # true and 1.0 equal 1 in Python
        raise AssetError(f"unknown schema version {version!r}; this version reads {SCHEMA_VERSION}",
                         code="file.schema_version", version=repr(version), supported=SCHEMA_VERSION)
    kind = asset.get("kind")
    if not isinstance(kind, str) or kind not in LOADERS:
        raise AssetError(f"unknown tokenizer kind {excerpt(kind)}; known: {', '.join(LOADERS)}", code="asset.kind",
                         kind=excerpt(kind), known=", ".join(LOADERS))
    require(asset, "model", dict, "asset")
    for key in ("normalizer", "pre_tokenizer"):
        require(asset, key, dict, "asset")
    for key, kinds in (("boundary", dict), ("metadata", dict), ("training_corpus", list),
                       ("training_data", (dict, type(None)))):
        if key in asset:
            require(asset, key, kinds, "asset")
    if "post_processor" in asset and kind not in POST_PROCESSED:
        raise AssetError(f"post_processor: a {kind} asset has no post-processor (only {', '.join(POST_PROCESSED)})")
    trainer = require(asset, "trainer", dict, "asset")
    require(trainer, "name", str, "trainer")
    require(trainer, "version", (str, int), "trainer")
    if isinstance(trainer.get("tie_policy"), (list, dict)):
        raise AssetError("trainer.tie_policy: expected a string")
    if "specials" in asset:
        seen = {}
        for index, entry in enumerate(require(asset, "specials", list, "asset")):
            at = f"specials[{index}]"
            require(entry, "token", str, at)
            token_id = require(entry, "id", int, at)
            if token_id in seen:
                raise AssetError(f"{at}.id: duplicate ID {token_id}, already used by specials[{seen[token_id]}]")
            seen[token_id] = index
    data = asset.get("training_data")
    if data is not None:
        sha = require(data, "sha256", str, "training_data")
        if len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha):
            raise AssetError("training_data.sha256: expected 64 lowercase hex digits")
        if require(data, "records", int, "training_data") < 0:
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


def save_asset(path, asset: dict, *, inputs=()) -> None:
    """Validate and write atomically; ``inputs`` are files this write must
    not replace (the other open assets)."""
    validate_envelope(asset)
    try:
        write_json_atomic(path, asset, inputs=inputs)
    except OutputRefused:
        raise
    except UnicodeEncodeError as exc:
        raise AssetError(f"{path}: not saved: text at {exc.start} is a lone surrogate, which UTF-8 cannot hold") from None
    except OSError as exc:
        raise AssetError(f"{path}: cannot write ({exc.strerror or exc})", code="file.unwritable", where=str(path),
                         reason=exc.strerror or str(exc)) from None
