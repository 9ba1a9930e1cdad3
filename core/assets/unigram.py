"""Assets of kind ``unigram`` (:mod:`core.models.unigram`): pieces with scores and
types, and the SentencePiece-style normalization pipeline."""

from __future__ import annotations

from core.errors import AssetError, StudioError, excerpt
from core.assets.schema import FORMAT, SCHEMA_VERSION, check_implied, created, post_processor, trained_fields, with_post_processor
from core.errors import require


def unigram_to_asset(model, *, name: str = "", notes: str = "") -> dict:
    """An asset for a :class:`core.models.unigram.Unigram` and its normalization pipeline."""
    from core.models import unigram  # here: it loads numpy, which train --help and char-bpe never need

    asset = {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "kind": "unigram",
        "model": {"pieces": [[p.piece, p.score, p.type] for p in model.pieces], "unk_id": model.unk_id,
                  "byte_fallback": model.byte_fallback, "float32": model.float32},
        "specials": _unigram_specials(model),
        "normalizer": model.pipeline.describe(),
        "pre_tokenizer": {"type": "none"},
        "boundary": {"marker": "space_prefix", "symbol": "\u2581"},
        **with_post_processor(model),
        "metadata": {"name": name, "notes": notes, "created": created()},
    }
    trained_fields(asset, model.trace, unigram.TRAINER_NAME, unigram.TRAINER_VERSION, {})
    return asset


def _unigram_specials(model) -> list:
    roles = {"unknown": "unk", "control": "control"}
    return [{"token": p.piece, "id": i, "role": roles[p.type]} for i, p in enumerate(model.pieces) if p.type in roles]


def unigram_from_asset(asset: dict):
    from core.pipeline import normalize  # here, as unigram below: both load numpy
    from core.models import unigram  # here: it loads numpy, which train --help and char-bpe never need

    model = require(asset, "model", dict, "asset")
    rows = require(model, "pieces", list, "model")
    unk_id = require(model, "unk_id", int, "model")
    byte_fallback = require(model, "byte_fallback", bool, "model") if "byte_fallback" in model else False
    float32 = require(model, "float32", bool, "model") if "float32" in model else False
    pieces = []
    for index, row in enumerate(rows):
        at = f"model.pieces[{index}]"
        if not isinstance(row, list) or len(row) != 3:
            raise AssetError(f"{at}: expected [piece, score, type], found {excerpt(row)}")
        piece, score, kind = row
        if not isinstance(piece, str) or not piece:
            raise AssetError(f"{at}: the piece must be a non-empty string, not {excerpt(piece)}")
        if isinstance(score, bool) or not isinstance(score, (int, float)):
            raise AssetError(f"{at}: the score of {excerpt(piece)} must be a number, not {excerpt(score)}")
        if kind not in unigram.PIECE_TYPES:
            raise AssetError(f"{at}: unknown piece type {excerpt(kind)}; use one of {', '.join(unigram.PIECE_TYPES)}")
        pieces.append(unigram.Piece(piece, float(score), kind))
    post = post_processor(asset)
    try:
        pipeline = normalize.Pipeline.from_description(asset.get("normalizer"))
    except StudioError as exc:
        raise AssetError(f"normalizer: {exc}") from None
    try:
        built = unigram.Unigram(tuple(pieces), unk_id=unk_id, byte_fallback=byte_fallback, pipeline=pipeline,
                                float32=float32, post_processor=post)
    except StudioError as exc:
        raise AssetError(f"model: {exc}") from None
    check_implied(asset, {"specials": _unigram_specials(built), "pre_tokenizer": {"type": "none"},
                          "boundary": {"marker": "space_prefix", "symbol": "\u2581"}})
    return built
