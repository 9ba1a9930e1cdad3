"""Models whose IDs are a file's own order, not the order the algorithm
gives them: the segmentation is the wrapped model's, and only the token <->
ID tables differ.  An asset file may number its specials and learned tokens
as it likes (core/assets reads them); the views and every reported ID use
the file's numbering.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.errors import AssetError, TokenizerError
from core.models import char_bpe
from core.utf8 import Utf8DecodeError


def renumbered_specials(built, to_asset):
    """A model's specials as (name, ID) with the file's IDs (``to_asset``; None: the same)."""
    return [(name, i if to_asset is None else to_asset[i]) for name, i in built.specials]


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
        self.specials = tuple(sorted(renumbered_specials(canonical, fwd), key=lambda s: s[1]))
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
        return result._replace(specials=tuple((i, self.to_asset_id[t]) for i, t in result.specials),
                               problem_tokens=tuple((i, ids[i]) for i, _ in result.problem_tokens))

    def to_asset_model(self) -> dict:
        fwd = self.to_asset_id
        model = self.canonical.to_asset_model()
        model["merges"] = [{**m, "pair": [fwd[p] for p in m["pair"]], "id": fwd[m["id"]]} for m in model["merges"]]
        model["specials"] = [{**s, "id": fwd[s["id"]]} for s in model["specials"]]
        return model


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
