"""Assets of kind ``bpe`` (:mod:`core.models.bpe_model`): imported BPE models,
string tokens with any IDs; the model body is :mod:`core.models.bpe_model`'s."""

from __future__ import annotations

from core.errors import AssetError
from core.assets.schema import FORMAT, SCHEMA_VERSION, check_implied, created, post_processor, with_post_processor
from core.errors import require


def bpe_to_asset(model, *, name: str = "", notes: str = "", trainer: dict | None = None) -> dict:
    """An asset for a :class:`core.models.bpe_model.BPEModel`; ``trainer`` names where it came from."""
    from core.models import bpe_model

    return {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "kind": "bpe",
        "model": bpe_model.to_asset_model(model),
        **bpe_model.implied_envelope(model),
        **with_post_processor(model),
        "trainer": dict(trainer) if trainer else {"name": "none", "version": "0",
                                                  "note": "merges given, not trained here"},
        "metadata": {"name": name, "notes": notes, "created": created()},
    }


def bpe_from_asset(asset: dict):
    from core.models import bpe_model

    model = require(asset, "model", dict, "asset")
    built = bpe_model.from_asset_model(model, normalizer=asset.get("normalizer"),
                                       pre_tokenizer=asset.get("pre_tokenizer"), post=post_processor(asset))
    check_implied(asset, bpe_model.implied_envelope(built))
    if built.byte_fallback and not any(built.vocab_id(f"<0x{b:02X}>") is not None for b in range(256)):
        raise AssetError("model.byte_fallback: true, but the vocabulary holds none of the byte pieces <0x00> to "
                         "<0xFF> a character without a token would fall back to")
    return built
