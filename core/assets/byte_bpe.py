"""Assets of kind ``byte-bpe`` (:mod:`core.models.byte_bpe`): IDs 0-255 are the
bytes; specials and merges carry the file's own IDs, which the loader
renumbers to ByteBPE's order and translates back at the edges.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from core.errors import AssetError, TokenizerError, excerpt
from core.models import byte_bpe
from core.assets.schema import FORMAT, SCHEMA_VERSION, check_rules, created, records_identity, table_records_identity
from core.errors import require
from core.utf8 import Utf8DecodeError


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
    specials = sorted(({"token": t, "id": i} for t, i in _renumbered_specials(built, to_asset)),
                      key=lambda s: s["id"])
    check_rules(asset, "byte-bpe", specials=specials, pre_tokenizer=model.get("pre_tokenizer"),
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

    def encode_ids(self, text, *, allowed_special=False) -> list[int]:
        return list(map(self.to_asset_id.__getitem__, self.canonical.encode_ids(text, allowed_special=allowed_special)))

    def decode(self, ids, *, errors: str = "strict"):
        ids = list(ids)
        mapped = [self._canonical_id(t) for t in ids]
        try:
            result = self.canonical.decode(mapped, errors=errors)
        except Utf8DecodeError as exc:
            # Name the failing token by the file's ID, not the canonical one.
            index = exc.token[0]
            raise Utf8DecodeError(exc.object, exc.problems, token=(index, ids[index])) from None
        return replace(result, specials=tuple((i, self.to_asset_id[t]) for i, t in result.specials),
                       problem_tokens=tuple((i, ids[i]) for i, _ in result.problem_tokens))

    def to_asset_model(self) -> dict:
        fwd = self.to_asset_id
        model = self.canonical.to_asset_model()
        model["merges"] = [{**m, "pair": [fwd[p] for p in m["pair"]], "id": fwd[m["id"]]} for m in model["merges"]]
        model["specials"] = [{**s, "id": fwd[s["id"]]} for s in model["specials"]]
        return model
