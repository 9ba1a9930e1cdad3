"""Assets of kind ``bpe``: imported BPE models, string tokens with any IDs
(:class:`core.tokenizer.imported_bpe.ImportedBPE`, a
:class:`core.models.bpe_model.BPEModel` in its pipeline).  Here the model
body is written and read, and the canonical components of its identity
(docs/identity.md) are built."""

from __future__ import annotations

from core.errors import AssetError, TokenizerError, require
from core.assets.schema import FORMAT, SCHEMA_VERSION, check_implied, created, post_processor, with_post_processor
from core.pipeline.added import AddedToken


def bpe_to_asset(model, *, name: str = "", notes: str = "", trainer: dict | None = None) -> dict:
    """An asset for an :class:`~core.tokenizer.imported_bpe.ImportedBPE`; ``trainer`` names where it came from."""
    return {
        "format": FORMAT, "schema_version": SCHEMA_VERSION, "kind": "bpe",
        "model": to_asset_model(model),
        **implied_envelope(model),
        **with_post_processor(model),
        "trainer": dict(trainer) if trainer else {"name": "none", "version": "0",
                                                  "note": "merges given, not trained here"},
        "metadata": {"name": name, "notes": notes, "created": created()},
    }


def bpe_from_asset(asset: dict):
    model = require(asset, "model", dict, "asset")
    built = from_asset_model(model, normalizer=asset.get("normalizer"), pre_tokenizer=asset.get("pre_tokenizer"),
                             post=post_processor(asset))
    check_implied(asset, implied_envelope(built))
    if built.byte_fallback and not any(built.vocab_id(f"<0x{b:02X}>") is not None for b in range(256)):
        raise AssetError("model.byte_fallback: true, but the vocabulary holds none of the byte pieces <0x00> to "
                         "<0xFF> a character without a token would fall back to")
    return built


def _boundary(model) -> dict:
    marks = {}
    if model.continuing_prefix is not None:
        marks["continuing_prefix"] = model.continuing_prefix
    if model.end_of_word_suffix is not None:
        marks["end_of_word_suffix"] = model.end_of_word_suffix
    if not marks:
        return {"marker": "byte_level" if model.byte_level else "none"}
    return {"marker": "+".join(marks), **marks}


def to_asset_model(model) -> dict:
    return {
        "vocab": [[t, i] for t, i in sorted(model.vocab, key=lambda e: e[1])],
        "merges": [list(p) for p in model.merges],
        "merge_ranks": None if model.ranks is None else list(model.ranks),
        "unk": model.unk, "fuse_unk": model.fuse_unk, "byte_fallback": model.byte_fallback,
        "continuing_prefix": model.continuing_prefix, "end_of_word_suffix": model.end_of_word_suffix,
        "ignore_merges": model.ignore_merges,
        "added_tokens": [a.describe() for a in model.added],
        "decoder": model.decoder,
    }


def _field(obj, key, kinds, where, default=...):
    # A field with a default is optional: files written before it existed lack it.
    return default if default is not ... and key not in obj else require(obj, key, kinds, where)


def from_asset_model(body: dict, *, normalizer: dict, pre_tokenizer: dict, post: dict | None = None):
    """Rebuild from :func:`to_asset_model` output; any problem is one AssetError."""
    # Start-up: the text pipeline (and numpy) load only when a bpe asset is read, never for train --help.
    from core.tokenizer.imported_bpe import ImportedBPE

    where = "model"
    if not isinstance(body, dict):
        raise AssetError("model: expected an object")
    vocab = []
    for index, entry in enumerate(_field(body, "vocab", list, where)):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)
                and isinstance(entry[1], int) and not isinstance(entry[1], bool)):
            raise AssetError(f"model.vocab[{index}]: expected [token, id], found {str(entry)[:60]}")
        vocab.append((entry[0], entry[1]))
    merges = []
    for index, pair in enumerate(_field(body, "merges", list, where)):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(p, str) for p in pair)):
            raise AssetError(f"model.merges[{index}]: expected [left, right] token strings")
        merges.append(tuple(pair))
    ranks = _field(body, "merge_ranks", (list, type(None)), where, None)
    if ranks is not None and not all(isinstance(r, int) and not isinstance(r, bool) for r in ranks):
        raise AssetError("model.merge_ranks: expected integers")
    added = []
    for index, entry in enumerate(_field(body, "added_tokens", list, where, [])):
        at = f"model.added_tokens[{index}]"
        if not isinstance(entry, dict):
            raise AssetError(f"{at}: expected an object")
        added.append(AddedToken(_field(entry, "token", str, at), _field(entry, "id", int, at),
                                *(_field(entry, k, bool, at) for k in ("special", "normalized", "lstrip", "rstrip"))))
    options = {k: _field(body, k, (str, type(None)), where, None)
               for k in ("unk", "continuing_prefix", "end_of_word_suffix")}
    flags = {k: _field(body, k, bool, where, False) for k in ("fuse_unk", "byte_fallback", "ignore_merges")}
    try:
        return ImportedBPE.build(tuple(vocab), tuple(merges), None if ranks is None else tuple(ranks),
                                 added=tuple(added), normalizer=normalizer, pre_tokenizer=pre_tokenizer,
                                 decoder=_field(body, "decoder", dict, where, {"type": "none"}), post_processor=post,
                                 **options, **flags)
    except TokenizerError as exc:
        raise AssetError(f"model: {exc}") from None


def implied_envelope(model) -> dict:
    """The envelope fields that restate the model."""
    return {"specials": [a.describe() for a in model.added], "normalizer": model.normalizer,
            "pre_tokenizer": model.pre_tokenizer, "boundary": _boundary(model)}


def identity_components(model) -> dict:
    """Canonical components for core.assets.identity (docs/identity.md): the token
    of every ID (null for an unused ID), merges as token strings."""
    size = 1 + max([i for _, i in model.vocab] + [a.id for a in model.added], default=-1)
    vocab: list = [None] * size
    for token, token_id in model.vocab:
        vocab[token_id] = token
    for a in model.added:
        vocab[a.id] = {"special" if a.special else "added": a.content}
    made = {model.vocab_id(a + b[len(model.continuing_prefix or ""):]) for a, b in model.merges}
    added = {a.id for a in model.added}
    return {
        "symbols": sorted([i, t] for t, i in model.vocab if i not in made and i not in added),
        "vocab": vocab,
        # In priority order; a third item only when ranks are shared.
        "merges": [list(p) if model.ranks is None else [*p, r]
                   for p, r in zip(model.merges, model.ranks or model.merges)],
        "specials": sorted((a.describe() for a in model.added), key=lambda d: d["id"]),
        "normalizer": model.normalizer,
        "pre_tokenizer": model.pre_tokenizer,
        # How a word becomes symbols and what an unspellable character becomes.
        "boundary": {**_boundary(model), "decoder": model.decoder, "ignore_merges": model.ignore_merges,
                     "unknown": {"token": model.unk, "fuse": model.fuse_unk, "byte_fallback": model.byte_fallback}},
        "counts": [],
    }
