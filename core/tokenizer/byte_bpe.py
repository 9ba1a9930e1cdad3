"""Our byte-level BPE (IDs 0-255 are bytes, specials from 256), plain or
renumbered by its file, behind the one interface.

Encoding keeps :meth:`core.models.byte_bpe.ByteBPE.encode`'s fast path (it
already computes byte and character spans); only the word index is added.
"""

from __future__ import annotations

from bisect import bisect_right

from core.errors import TokenizerError
from core.pipeline import pretokenize
from core.render import render_piece
from core.tokenizer.base import PARTIAL, PLAIN, DecodeResult, Encoding


class ByteBPETokenizer:
    kind = "byte-bpe"
    byte_based = True

    def __init__(self, model):
        self.model = model  # ByteBPE or core.assets.RenumberedByteBPE
        canonical = getattr(model, "canonical", model)
        self._pretokenizer = canonical.pretokenizer
        self._names = dict(model.specials)

    @property
    def vocab_size(self) -> int:
        return self.model.vocab_size

    @property
    def specials(self) -> tuple[tuple[str, int], ...]:
        return tuple(self.model.specials)

    def encode(self, text: str) -> Encoding:
        encoding = self.model.encode(text)
        n = len(encoding.ids)
        texts = _texts(encoding.pieces)
        flags = tuple(PARTIAL if p else PLAIN for p in encoding.partial) if any(encoding.partial) else (PLAIN,) * n
        return Encoding(encoding.ids, texts, texts, encoding.pieces, encoding.byte_spans, encoding.char_spans,
                        _words(self._pretokenizer, text, encoding.char_spans), flags)

    def encode_ids(self, text: str) -> list[int]:
        if hasattr(self.model, "encode_ids"):
            return self.model.encode_ids(text)
        return list(self.model.encode(text).ids)

    def decode(self, ids, *, errors: str = "strict") -> DecodeResult:
        r = self.model.decode(ids, errors=errors)
        return DecodeResult(r.text, r.data, r.problems, r.policy, r.replaced, r.specials, r.unknown_ids)

    def id_to_token(self, token_id: int) -> str:
        name = self.model.special_name(token_id)
        return name if name is not None else render_piece(self.model.token_bytes(token_id))

    def token_to_id(self, token: str) -> int:
        if token in self._names:
            return self._names[token]
        raise TokenizerError(f"{token!r} is not a special; a byte-level token is found by its bytes, not its name")

    def token_bytes(self, token_id: int) -> bytes | None:
        if self.model.special_name(token_id) is not None:
            return None
        return self.model.token_bytes(token_id)


def _texts(pieces) -> tuple[str, ...]:
    cache: dict[bytes, str] = {}
    out = []
    for piece in pieces:
        shown = cache.get(piece)
        if shown is None:
            shown = cache[piece] = render_piece(piece)
        out.append(shown)
    return tuple(out)


def _words(pretokenizer: str, text, char_spans) -> tuple[int, ...]:
    """Index of the pre-token holding each token's first character."""
    if not isinstance(text, str) or not char_spans:
        return (0,) * len(char_spans)
    starts = [s for s, _ in pretokenize.split(pretokenizer, text)] or [0]
    return tuple(max(0, bisect_right(starts, a) - 1) for a, _ in char_spans)
