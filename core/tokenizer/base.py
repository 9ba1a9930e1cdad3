"""The one tokenizer interface: :class:`Tokenizer`, :class:`Encoding`, :class:`DecodeResult`.

Every kind (char-bpe, byte-bpe, imported BPE in all its flavours, WordPiece,
Unigram) is wrapped by one module of this package, so views, the command
line and exporters never ask which model class they hold.  Modelled on the
Hugging Face ``tokenizers`` ``Encoding`` (``tokenizer/encoding.rs``: ids,
tokens, offsets, words, special mask) and tiktoken's byte-aware decoding.

Spans point into the *input*: characters (code points) and UTF-8 bytes.  A
token that the pipeline inserted (SentencePiece's dummy ``▁``) has an empty
span; a byte-level token that holds part of a character is ``partial``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from core.utf8 import Utf8Problem

# Per-token flags (the same words as core.inspect.stages.Piece.kind).
PLAIN, SPECIAL, UNKNOWN, BYTE, PARTIAL, APPROXIMATE = "", "special", "unknown", "byte", "partial", "approximate"


@dataclass(frozen=True)
class Encoding:
    """One input's tokens, with everything a view needs to show them.

    ``tokens`` are the strings as the vocabulary stores them (``Ġworld``,
    ``##ing``, ``▁the``, ``<0xE4>``); ``texts`` are what a reader should
    see (the bytes or characters the token stands for, whitespace made
    visible by :func:`core.render.render_piece`); ``pieces`` the bytes each
    token stands for (empty for a special).  ``words[i]`` is the index of the
    pre-token (word) token ``i`` came from, -1 for a special.  ``flags``
    per token: "" or one of ``special``, ``unknown`` (the unknown token:
    its ``char_spans`` name the characters it swallowed), ``byte`` (a byte
    fallback piece), ``partial`` (starts or ends inside a character),
    ``approximate`` (alignment not traced exactly: the span is the word).
    """

    ids: tuple[int, ...]
    tokens: tuple[str, ...]
    texts: tuple[str, ...]
    pieces: tuple[bytes, ...]
    byte_spans: tuple[tuple[int, int], ...]
    char_spans: tuple[tuple[int, int], ...]
    words: tuple[int, ...]
    flags: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.ids)

    @property
    def special_mask(self) -> tuple[bool, ...]:
        return tuple(f == SPECIAL for f in self.flags)

    @property
    def partial(self) -> tuple[bool, ...]:
        """Does token ``i`` start or end inside a character?"""
        return tuple(f == PARTIAL for f in self.flags)

    def to_json(self) -> dict:
        return {"ids": list(self.ids), "tokens": list(self.tokens), "texts": list(self.texts),
                "bytes": [p.hex(" ") for p in self.pieces], "byte_spans": [list(s) for s in self.byte_spans],
                "char_spans": [list(s) for s in self.char_spans], "words": list(self.words),
                "flags": list(self.flags)}


@dataclass(frozen=True)
class DecodeResult:
    """IDs back to text.  ``data`` is the UTF-8 the tokens stand for, joined
    before decoding, so a character split over tokens decodes whole and
    every ill-formed byte is named in ``problems`` (by offset into ``data``).
    ``text`` is None under the ``raw`` policy; under ``replace`` it holds
    U+FFFD where ``problems`` are, and ``replaced`` says so.  Specials give
    no bytes and are listed as ``(position, id)``, as are unknown IDs (which
    raise under ``strict``)."""

    text: str | None
    data: bytes
    problems: tuple[Utf8Problem, ...]
    policy: str
    replaced: bool
    specials: tuple[tuple[int, int], ...]
    unknown_ids: tuple[tuple[int, int], ...]


@runtime_checkable
class Tokenizer(Protocol):
    """What every kind offers.  ``model`` is the wrapped model, for the few
    views that show a kind's own inner workings (a merge trace, stages)."""

    kind: str  # the asset kind: char-bpe, byte-bpe, bpe, wordpiece, unigram
    model: object
    byte_based: bool  # tokens are byte strings (decoding can meet invalid UTF-8)

    @property
    def vocab_size(self) -> int: ...

    @property
    def specials(self) -> tuple[tuple[str, int], ...]: ...

    def encode(self, text: str) -> Encoding: ...

    def encode_ids(self, text: str) -> list[int]: ...

    def decode(self, ids, *, errors: str = "strict") -> DecodeResult: ...

    def id_to_token(self, token_id: int) -> str: ...

    def token_to_id(self, token: str) -> int: ...

    def token_bytes(self, token_id: int) -> bytes | None: ...
