"""Assets of kind ``wordpiece`` (:mod:`core.models.wordpiece`): the vocabulary and
the BasicTokenizer options, which stand in the envelope's normalizer."""

from __future__ import annotations

from core.errors import AssetError, StudioError, excerpt
from core.assets.schema import FORMAT, SCHEMA_VERSION, check_implied, created, post_processor, trained_fields, with_post_processor
from core.errors import require


def wordpiece_to_asset(model, *, name: str = "", notes: str = "") -> dict:
    """An asset for a :class:`core.models.wordpiece.WordPiece` (with its BasicTokenizer options)."""
    from core.models import wordpiece  # here: it loads numpy, which train --help and char-bpe never need

    basic = model.basic
    asset = {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "kind": "wordpiece",
        "model": {"vocab": list(model.vocab), "unk": model.unk, "continuing_prefix": model.prefix,
                  "max_input_chars_per_word": model.max_input_chars_per_word,
                  # only when set, so assets written before these existed keep their identity
                  **({"added": list(model.added)} if model.added else {}),
                  **({"cleanup": True} if model.cleanup else {})},
        "specials": specials_of(model),
        "normalizer": basic.describe() if basic is not None else {"type": "none"},
        "pre_tokenizer": {"type": "bert-basic"} if basic is not None else {"type": "whitespace"},
        "boundary": {"marker": "continuing_prefix", "symbol": model.prefix},
        **with_post_processor(model),
        "metadata": {"name": name, "notes": notes, "created": created()},
    }
    trained_fields(asset, model.trace, wordpiece.TRAINER_NAME, wordpiece.TRAINER_VERSION,
                    {"label": wordpiece.TRAINER_LABEL})
    return asset


def specials_of(model) -> list:
    """The unknown token, then the added tokens matched in text."""
    return [{"token": model.unk, "id": model.ids[model.unk], "role": "unk"}] + \
        [{"token": t, "id": model.ids[t], "role": "special"} for t in model.added if t != model.unk]


def wordpiece_from_asset(asset: dict):
    from core.pipeline import bert_basic  # here, as wordpiece below: both load numpy
    from core.models import wordpiece  # here: it loads numpy, which train --help and char-bpe never need

    model = require(asset, "model", dict, "asset")
    vocab = require(model, "vocab", list, "model")
    unk = require(model, "unk", str, "model")
    prefix = require(model, "continuing_prefix", str, "model")
    limit = require(model, "max_input_chars_per_word", int, "model")
    added = require(model, "added", list, "model") if "added" in model else []
    cleanup = require(model, "cleanup", bool, "model") if "cleanup" in model else False
    normalizer, pre = asset.get("normalizer"), asset.get("pre_tokenizer")
    post = post_processor(asset)
    if normalizer == {"type": "none"}:
        basic, implied = None, {"type": "whitespace"}
    else:
        try:
            basic = bert_basic.BasicTokenizer.from_description(normalizer)
        except StudioError as exc:
            raise AssetError(f"normalizer: {exc} (or {{'type': 'none'}} for no BasicTokenizer)") from None
        implied = {"type": "bert-basic"}  # the BasicTokenizer splits words itself
    if pre != implied:
        raise AssetError(f"pre_tokenizer: {excerpt(pre)} disagrees with the normalizer, "
                         f"which implies {excerpt(implied)}")
    try:
        built = wordpiece.WordPiece(tuple(vocab), unk=unk, prefix=prefix, max_input_chars_per_word=limit,
                                    basic=basic, added=tuple(added), cleanup=cleanup,
                                    post_processor=post)
    except StudioError as exc:
        raise AssetError(f"model: {exc}") from None
    check_implied(asset, {"specials": specials_of(built),
                          "boundary": {"marker": "continuing_prefix", "symbol": prefix}})
    return built
