"""The one tokenizer interface: :class:`Tokenizer` and :class:`Encoding`
(decoding gives :class:`core.decoded.DecodeResult`).

Every kind is wrapped by one module of this package.  Modelled on HF
``tokenizers``' ``Encoding`` (``tokenizer/encoding.rs``); spans point into
the *input*, in characters and UTF-8 bytes.

Details: docs/notes/tokenizer.md#coretokenizerbasepy.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol, runtime_checkable


from core.decoded import DecodeResult

# Per-token flags (the same words as core.tokenizer.stages.Piece.kind).
PLAIN, SPECIAL, UNKNOWN, BYTE, PARTIAL, APPROXIMATE = "", "special", "unknown", "byte", "partial", "approximate"
INSERTED = "inserted"


class Spans(Sequence):
    """``(start, end)`` pairs kept as two int64 numpy arrays (``starts``,
    ``ends``): a megabyte's 600,000 spans without 600,000 tuples to make
    and free.  It indexes, iterates, hashes and compares as the tuple of
    pairs it stands for; the array routes build it, the rest use tuples.
    (Only the arrays' own methods here: numpy stays off start-up.)"""

    __slots__ = ("starts", "ends")

    def __init__(self, starts, ends):
        if len(starts) != len(ends):
            raise ValueError(f"{len(starts)} starts but {len(ends)} ends")
        self.starts, self.ends = starts.astype("int64"), ends.astype("int64")  # copies: nobody else's to change
        self.starts.flags.writeable = self.ends.flags.writeable = False

    def __len__(self) -> int:
        return len(self.starts)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return tuple(zip(self.starts[index].tolist(), self.ends[index].tolist()))
        return int(self.starts[index]), int(self.ends[index])

    def __iter__(self):
        return zip(self.starts.tolist(), self.ends.tolist())

    def __eq__(self, other) -> bool:
        if isinstance(other, Spans):
            return len(self) == len(other) and bool((self.starts == other.starts).all()
                                                    and (self.ends == other.ends).all())
        return tuple(self) == other if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Spans({tuple(self)!r})"


# The records a short command loads (this one, DecodeResult, Utf8Problem,
# Policy, the shelf's Entry, Verdict, Spec) are NamedTuples: importing
# dataclasses (it brings inspect) and making seven classes cost every
# command about 16 ms (bench/RESULTS.md, 2026-12-07).
class Encoding(NamedTuple):
    """One input's tokens, with everything a view needs to show them.

    ``tokens`` are the strings as the vocabulary stores them (``Ġworld``,
    ``##ing``, ``▁the``, ``<0xE4>``, ``er</w>``); ``texts`` are what a reader
    should see: the characters a byte-level or ``▁`` token stands for, with
    whitespace made visible by :func:`core.render.render_piece` (``␣world``,
    ``‹E4›``), and the stored string where its markers are what the reader
    knows (``##ing``, ``er</w>``, ``<0xE4>``, ``[UNK]``, a special).

    ``pieces`` are the bytes each token stands for:

    * a byte-level token, a byte piece: exactly its bytes (for byte-level
      kinds ``b"".join(pieces)`` is what decoding gives);
    * any other token: its text with the vocabulary's markers taken off (a
      ``##`` prefix, an end-of-word suffix such as ``</w>``) and ``▁`` read
      as the space it stands for, UTF-8 encoded; a lone end-of-word mark
      gives ``b""``; an added token that is not special, its own text;
    * the unknown token: the input bytes it swallowed (its ``byte_spans``),
      so a view can show what was lost; decoding gives the model's own
      stand-in instead (``[UNK]``, `` ⁇ ``);
    * a special: ``b""`` (it stands for no text; decoding skips it).

    ``words[i]`` is the index of the pre-token (word) token ``i`` came from,
    -1 for a special.  ``flags`` per token: "" or one of ``special``,
    ``unknown`` (the unknown token: its spans name the characters it
    swallowed), ``byte`` (a byte fallback piece), ``partial`` (starts or
    ends inside a character), ``inserted`` (stands for no input character:
    SentencePiece's dummy ``▁``, a lone ``</w>``), ``approximate``
    (alignment not traced exactly: the span is the whole pre-token).
    """

    ids: tuple[int, ...]
    tokens: tuple[str, ...]
    texts: tuple[str, ...]
    pieces: tuple[bytes, ...]
    byte_spans: Sequence[tuple[int, int]]  # a tuple of pairs, or Spans (the same to every reader)
    char_spans: Sequence[tuple[int, int]]
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
                "bytes": [p.hex(" ").upper() for p in self.pieces], "byte_spans": [list(s) for s in self.byte_spans],
                "char_spans": [list(s) for s in self.char_spans], "words": list(self.words),
                "flags": list(self.flags)}


# What a reader calls a tokenizer, whatever its asset kind or engine: the
# classroom byte-level BPE and an imported GPT-2 are both "byte-level BPE".
FAMILIES = ("char-bpe", "byte-level-bpe", "bpe", "bpe-byte-fallback", "wordpiece", "unigram",
            "unigram-byte-fallback")
MERGING = frozenset({"char-bpe", "byte-level-bpe", "bpe", "bpe-byte-fallback"})  # the families that learn merges


@runtime_checkable
class Tokenizer(Protocol):
    """What every kind offers.  ``model`` is the wrapped model, for the few
    views that show a kind's own inner workings (a merge trace, stages);
    ``model.explained_in``, where the model has it, names the Compare view
    that explains it ("lattice": a Unigram model's candidate pieces and
    best paths; "longest-match": WordPiece's search), so no view asks for
    a model's class."""

    kind: str  # the asset kind: char-bpe, byte-bpe, bpe, wordpiece, unigram
    family: str  # one of FAMILIES: what a reader calls it; every view names a tokenizer by it
    model: object
    byte_based: bool  # tokens are byte strings (decoding can meet invalid UTF-8)
    byte_level: bool  # every byte is a base token (N UTF-8 bytes are N base tokens)

    @property
    def vocab_size(self) -> int: ...

    @property
    def specials(self) -> tuple[tuple[str, int], ...]: ...

    def encode(self, text: str, *, add_special_tokens: bool = False) -> Encoding:
        """``add_special_tokens``: put the post-processor's specials around
        the tokens (``[CLS] ... [SEP]``), as HF's ``encode`` does by default.
        Off by default, so the IDs are the model's own; a kind without a
        post-processor ignores it."""
        ...

    def encode_ids(self, text: str, *, add_special_tokens: bool = False) -> list[int]: ...

    def decode(self, ids, *, errors: str = "strict") -> DecodeResult: ...

    def id_to_token(self, token_id: int) -> str: ...

    def token_to_id(self, token: str) -> int: ...

    def token_bytes(self, token_id: int) -> bytes | None: ...

    def ids(self) -> list[int]:
        """Every ID of the vocabulary (specials and added tokens too), ascending."""
        ...

    def shown(self, token_id: int) -> tuple[str, bytes]:
        """What a reader sees for the token and the bytes it stands for, as
        :class:`Encoding` ``texts`` and ``pieces`` give them (a special: its
        name and ``b""``)."""
        ...
