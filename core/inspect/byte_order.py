"""Which ID each of the 256 bytes has in a tokenizer, and which convention that is.

Three conventions are in use (seed 000, §19.3): ``raw``, ``gpt2`` and
``sentencepiece``; anything else with every byte present is ``permuted``,
with some bytes ``partial``, with none ``none``.

Details: docs/notes/inspect.md#coreinspectbyte_orderpy.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.pipeline.normalize import byte_piece
from core.pipeline.text_pipeline import BYTE_CHARS

_GPT2_ORDER = tuple(sorted(range(256), key=lambda b: ord(BYTE_CHARS[b])))


@dataclass(frozen=True)
class ByteOrder:
    kind: str  # raw, gpt2, sentencepiece, permuted, partial, none
    ids: tuple  # per byte value: its token ID, or None
    spellings: tuple  # per byte value: the token as the vocabulary writes it, or None
    first: int | None  # lowest byte-token ID
    meta: tuple[str, ...]  # tokens with IDs below the first byte token (sentencepiece)

    @property
    def description(self) -> str:
        present = sum(i is not None for i in self.ids)
        if self.kind == "raw":
            return f"raw byte order: byte b has ID {self.first} + b (as this project's byte-level BPE and minbpe)"
        if self.kind == "gpt2":
            return (f"GPT-2's printable-first order: the 188 printable bytes first, then the other 68 "
                    f"(tiktoken, HF ByteLevel); IDs {self.first}-{self.first + 255}, space is "
                    f"{self.spellings[32]!r} = {self.ids[32]}")
        if self.kind == "sentencepiece":
            meta = ", ".join(self.meta) or "none"
            return (f"SentencePiece byte pieces <0x00>-<0xFF> at IDs {self.first}-{self.first + 255}, "
                    f"after the meta pieces {meta}")
        if self.kind == "permuted":
            return "every byte has a token, in an order that is neither raw nor GPT-2's"
        if self.kind == "partial":
            return f"only {present} of the 256 bytes have a token"
        return "no byte tokens: this tokenizer works on characters"


def _classify(ids, spellings, meta_of=None) -> ByteOrder:
    present = [i for i in ids if i is not None]
    first = min(present) if present else None
    if not present:
        return ByteOrder("none", ids, spellings, None, ())
    if len(present) < 256 or len(set(present)) < 256:
        return ByteOrder("partial", ids, spellings, first, ())
    by_id = tuple(sorted(range(256), key=ids.__getitem__))
    contiguous = max(present) - first == 255
    if contiguous and by_id == tuple(range(256)):
        kind = "sentencepiece" if spellings[0] == byte_piece(0) else "raw"
    elif contiguous and by_id == _GPT2_ORDER:
        kind = "gpt2"
    else:
        kind = "permuted"
    meta = tuple(meta_of(first)) if meta_of and kind == "sentencepiece" else ()
    return ByteOrder(kind, ids, spellings, first, meta)


def detect(tokenizer, kind: str) -> ByteOrder:
    """The byte-to-ID table of a tokenizer of asset ``kind``."""
    if kind == "byte-bpe":
        to_asset = getattr(tokenizer, "to_asset_id", None)
        ids = tuple(to_asset[b] if to_asset else b for b in range(256))
        return _classify(ids, tuple(_printable(b) for b in range(256)))
    if kind == "bpe":
        if tokenizer.byte_level:
            spellings = tuple(BYTE_CHARS[b] for b in range(256))
        else:
            spellings = tuple(byte_piece(b) for b in range(256))
        ids = tuple(tokenizer.vocab_id(s) for s in spellings)
        below = lambda first: [t for t, i in sorted(tokenizer.vocab, key=lambda e: e[1]) if i < first]  # noqa: E731
        return _classify(ids, tuple(s if i is not None else None for s, i in zip(spellings, ids)), below)
    if kind == "unigram":
        spellings = tuple(byte_piece(b) for b in range(256))
        ids = tuple(tokenizer.ids.get(s) for s in spellings)
        return _classify(ids, tuple(s if i is not None else None for s, i in zip(spellings, ids)),
                         lambda first: [p.piece for p in tokenizer.pieces[:first]])
    return ByteOrder("none", (None,) * 256, (None,) * 256, None, ())


def _printable(b: int) -> str:
    # How our byte-bpe shows a byte: itself if printable ASCII, else \xNN.
    return chr(b) if 0x21 <= b <= 0x7E else f"\\x{b:02x}"
