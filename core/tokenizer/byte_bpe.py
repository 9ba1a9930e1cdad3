"""Our byte-level BPE (IDs 0-255 are bytes, specials from 256), plain or
renumbered by its file, behind the one interface.

Encoding keeps :meth:`core.models.byte_bpe.ByteBPE.encode`'s fast path (it
already computes byte and character spans); only the word index is added.
"""

from __future__ import annotations

from bisect import bisect_right

from core.decoded import DecodeResult
from core.errors import TokenizerError
from core.pipeline import pretokenize
from core.render import render_piece
from core.tokenizer.base import Encoding


class ByteBPETokenizer:
    kind = "byte-bpe"
    family = "byte-level-bpe"
    byte_based = True
    byte_level = True

    def __init__(self, model):
        self.model = model  # ByteBPE or core.models.renumbered.RenumberedByteBPE
        canonical = getattr(model, "canonical", model)
        self._pretokenizer = canonical.pretokenizer
        self._names = dict(model.specials)

    @property
    def vocab_size(self) -> int:
        return self.model.vocab_size

    @property
    def specials(self) -> tuple[tuple[str, int], ...]:
        return tuple(self.model.specials)

    def encode(self, text: str, *, add_special_tokens: bool = False) -> Encoding:
        # No post-processor for this kind: add_special_tokens changes nothing.
        encoding = self.model.encode(text)
        texts = tuple(map(_Shown().__getitem__, encoding.tokens))
        return Encoding(encoding.ids, texts, texts, encoding.tokens, encoding.spans, encoding.char_spans,
                        _words(self._pretokenizer, text, encoding.char_spans), encoding.flags)

    def ordinary(self):
        """Itself: this kind reads a special's text as bytes unless asked."""
        return self

    def encode_ids(self, text: str, *, add_special_tokens: bool = False) -> list[int]:
        if hasattr(self.model, "encode_ids"):
            return self.model.encode_ids(text)
        return list(self.model.encode(text).ids)

    def decode(self, ids, *, errors: str = "strict") -> DecodeResult:
        return self.model.decode(ids, errors=errors)  # under strict, the model names the token that failed

    def id_to_token(self, token_id: int) -> str:
        name = self.model.special_name(token_id)
        return name if name is not None else render_piece(self.model.token_bytes(token_id))

    def token_to_id(self, token: str) -> int:
        if token in self._names:
            return self._names[token]
        raise TokenizerError(f"{token!r} is not a special; a byte-level token is found by its bytes, not its name")

    def ids(self) -> list[int]:
        return sorted(getattr(self.model, "to_asset_id", range(self.model.vocab_size)))

    def shown(self, token_id: int) -> tuple[str, bytes]:
        name = self.model.special_name(token_id)
        if name is not None:
            return name, b""
        data = self.model.token_bytes(token_id)
        return render_piece(data), data

    def token_bytes(self, token_id: int) -> bytes | None:
        if self.model.special_name(token_id) is not None:
            return None
        return self.model.token_bytes(token_id)


class _Shown(dict):
    """Each distinct piece rendered once (core.render.render_piece)."""

    def __missing__(self, piece: bytes) -> str:
        shown = self[piece] = render_piece(piece)
        return shown


def _words(pretokenizer: str, text, char_spans) -> tuple[int, ...]:
    """Index of the pre-token holding each token's first character."""
    if not isinstance(text, str) or not char_spans or pretokenizer == "none":
        return (0,) * len(char_spans)  # one pre-token: the whole text
    starts = [s for s, _ in pretokenize.split(pretokenizer, text)] or [0]
    # The pre-tokens tile the text from 0, so bisection never gives -1.
    return tuple(bisect_right(starts, a) - 1 for a, _ in char_spans)
