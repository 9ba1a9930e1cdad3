"""Assets of kind ``byte-bpe`` (:mod:`core.models.byte_bpe`): IDs 0-255 are the
bytes; specials and merges carry the file's own IDs, which the loader
renumbers to ByteBPE's order and translates back at the edges.
"""

from __future__ import annotations

from collections.abc import Mapping

from core.errors import AssetError, excerpt
from core.models import byte_bpe
from core.assets.schema import FORMAT, SCHEMA_VERSION, check_rules, created, records_identity, table_records_identity
from core.errors import require
from core.models.renumbered import RenumberedByteBPE, renumbered_specials


def byte_bpe_to_asset(model, *, records=None, name: str = "", notes: str = "") -> dict:
    """An asset for a :class:`core.models.byte_bpe.ByteBPE`; ``records`` gives provenance."""
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
        "metadata": {"name": name, "notes": notes, "created": created()},
    }
    if records is not None:
        # A Mapping is a word table (word -> count): hashed as its records, unrolled lazily.
        asset["training_data"] = (table_records_identity(records.items()) if isinstance(records, Mapping)
                                  else records_identity(records))
    return asset


def byte_bpe_from_asset(asset: dict):
    """A :class:`ByteBPE`, or a :class:`RenumberedByteBPE` when the file
    numbers its specials and learned tokens in another order."""
    model = require(asset, "model", dict, "asset")
    canonical, to_asset = _canonical_byte_model(model)
    built = byte_bpe.ByteBPE.from_asset_model(canonical)
    specials = sorted(({"token": t, "id": i} for t, i in renumbered_specials(built, to_asset)),
                      key=lambda s: s["id"])
    check_rules(asset, "byte-bpe", specials=specials, pre_tokenizer=model.get("pre_tokenizer"),
                 boundary={"marker": "none"})
    return built if to_asset is None else RenumberedByteBPE(built, to_asset)


def _canonical_byte_model(model: dict) -> tuple[dict, tuple[int, ...] | None]:
    """Renumber the file's special and learned IDs the way ByteBPE numbers
    them (specials in ascending file ID from 256, then merges by rank).

    Returns the renumbered model and the file's ID for every canonical ID,
    or None when the file already uses the canonical numbering.  Bytes keep
    IDs 0-255: that is what "base": "bytes" means.
    """
    base = 256
    specials = require(model, "specials", list, "model")
    merges = require(model, "merges", list, "model")
    owner: dict[int, str] = {}
    for group, entries in (("specials", specials), ("merges", merges)):
        for index, entry in enumerate(entries):
            at = f"model.{group}[{index}]"
            token_id = require(entry, "id", int, at)
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
        pair = require(entry, "pair", list, at)
        if len(pair) != 2 or any(isinstance(p, bool) or not isinstance(p, int) for p in pair):
            raise AssetError(f"{at}.pair: expected two integer IDs, found {excerpt(pair)}")
        for part in pair:
            if part in special_names:
                raise AssetError(f"{at} (rank {index + 1}) refers to the special {excerpt(special_names[part])} "
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
