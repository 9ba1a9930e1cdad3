"""Many texts' tokens as flat arrays: each token's ID, where its first
character is in its text, and whether it is the unknown token or a
byte-fallback piece, as the reference's Encoding flags it.

This is what corpus statistics (:mod:`core.stats.columns`) need of a
token, without building a whole :class:`~core.tokenizer.base.Encoding`
per text: a native engine answers for a batch of texts at once
(``token_starts`` on each engine of :data:`core.engines.NATIVE`), and the
arithmetic over them is numpy's.  A start is given in the unit the
library counts in, code points or UTF-8 bytes (:attr:`TokenStarts.unit`);
either names the same character, the one holding the token's first byte.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import chain

import numpy as np

from core.arrays import runs

CHARS, BYTES = "chars", "bytes"


@dataclass(frozen=True)
class TokenStarts:
    ids: np.ndarray  # int64: every text's tokens, one text after another
    counts: np.ndarray  # int64: tokens per text
    starts: np.ndarray  # int64: where each token starts in its own text, in ``unit``
    unit: str  # CHARS (code points) or BYTES (UTF-8)
    unknown: np.ndarray  # bool: the unknown token (not a special that spells it)
    byte: np.ndarray  # bool: a byte-fallback piece

    def __len__(self) -> int:
        return int(self.ids.size)

    def take(self, texts) -> "TokenStarts":
        """The tokens of the texts numbered ``texts``, in that order (a number may repeat)."""
        texts = np.asarray(texts, np.int64)
        counts = self.counts[texts]
        index = runs(firsts(self.counts)[texts], counts)
        return TokenStarts(self.ids[index], counts, self.starts[index], self.unit, self.unknown[index],
                           self.byte[index])


def flat(rows, dtype=np.int64) -> tuple[np.ndarray, np.ndarray]:
    """``(all items in order, items per row)`` of a list of lists."""
    counts = np.fromiter(map(len, rows), np.int64, len(rows))
    return np.fromiter(chain.from_iterable(rows), dtype, int(counts.sum())), counts


def firsts(counts: np.ndarray) -> np.ndarray:
    """Where each text's first token is among all texts' tokens."""
    return np.cumsum(counts) - counts



# ==== each native engine's starts (imported when statistics first ask) ====

def _cached(native, name: str, make):
    """A table derived once per native engine (kept on it)."""
    found = native.__dict__.get(name)
    if found is None:
        found = native.__dict__[name] = make()
    return found


def _tiktoken_sizes(spec) -> np.ndarray:
    """Each ID's size in bytes (a special's: its text's, as matched in the text)."""
    ends = np.frombuffer(spec.blobs["ends"], "<u4").astype(np.int64)
    ranks = np.frombuffer(spec.blobs["ranks"], "<u4").astype(np.int64)
    specials = spec.meta["specials"].items()  # name -> ID
    top = max([int(ranks.max()) if ranks.size else -1, *(i for _, i in specials)]) + 1
    sizes = np.zeros(top, np.int64)
    sizes[ranks] = np.diff(ends, prepend=0)
    for name, i in specials:
        sizes[i] = len(name.encode("utf-8"))
    return sizes


def of_tiktoken(native, texts: list[str]) -> TokenStarts:
    """tiktoken: each token's start is the running sum of the sizes before it."""
    ids, counts = flat(native.encode_batch(texts))
    sizes = _cached(native, "starts_sizes", lambda: _tiktoken_sizes(native.spec))
    ends = np.cumsum(sizes[ids])
    before = np.concatenate(([0], ends))  # bytes of the tokens before each one
    starts = before[:-1] - np.repeat(before[firsts(counts)], counts)
    none = np.zeros(ids.size, bool)  # byte-level: no unknown token, no byte fallback
    return TokenStarts(ids, counts, starts, BYTES, none, none)


def of_sentencepiece(native, texts: list[str]) -> TokenStarts:
    """sentencepiece: its offset mapping."""
    processor = native.processor
    rows = processor.encode(texts, out_type="offset_mapping")
    ids, counts = flat([row["ids"] for row in rows])
    starts, _ = flat([[begin for begin, _ in row["offsets"]] for row in rows])

    def kinds():
        # Per ID: is it the unknown piece, is it a byte piece (neither is ever matched in the text).
        size = processor.get_piece_size()
        return (np.fromiter(map(processor.is_unknown, range(size)), bool, size),
                np.fromiter(map(processor.is_byte, range(size)), bool, size))
    unknown, byte = _cached(native, "starts_kinds", kinds)
    return TokenStarts(ids, counts, starts, CHARS, unknown[ids], byte[ids])


_BYTE_PIECE = re.compile("<0x[0-9A-F]{2}>")


def _tokenizers_kinds(native) -> tuple[np.ndarray, np.ndarray]:
    """Per ID: is it the model's unknown token, is it a byte-fallback piece."""
    model = json.loads(native.json)["model"]
    vocab = native.tokenizer.get_vocab(with_added_tokens=False)
    size = max(native.tokenizer.get_vocab(with_added_tokens=True).values(), default=-1) + 1
    unknown, byte = np.zeros(size, bool), np.zeros(size, bool)
    unk = model.get("unk_id") if model.get("type") == "Unigram" else vocab.get(model.get("unk_token"))
    if unk is not None:
        unknown[unk] = True
    if model.get("byte_fallback"):
        byte[[i for token, i in vocab.items() if _BYTE_PIECE.fullmatch(token)]] = True
    return unknown, byte


def of_tokenizers(native, texts: list[str]) -> TokenStarts:
    """HF tokenizers: its offsets.  HF cannot tell a typed ``[UNK]`` from
    the unknown token: a token whose text is exactly its span is neither
    unknown nor a byte piece (the reference reads it as a special)."""
    found = native.tokenizer.encode_batch(texts, add_special_tokens=False)
    ids, counts = flat([e.ids for e in found])
    spans = np.fromiter(chain.from_iterable(chain.from_iterable(e.offsets for e in found)), np.int64, 2 * ids.size)
    starts, ends = spans[0::2], spans[1::2]  # (start, end) pairs, one after another
    unknown_ids, byte_ids = _cached(native, "starts_kinds", lambda: _tokenizers_kinds(native))
    unknown, byte = unknown_ids[ids], byte_ids[ids]
    maybe = np.flatnonzero(unknown | byte)
    if maybe.size:
        text_of = np.repeat(np.arange(len(texts)), counts)[maybe].tolist()
        spelled = np.array([texts[t][a:b] == native.tokenizer.id_to_token(i)
                            for t, a, b, i in zip(text_of, starts[maybe].tolist(), ends[maybe].tolist(),
                                                  ids[maybe].tolist())], bool)
        unknown[maybe[spelled]] = byte[maybe[spelled]] = False
    return TokenStarts(ids, counts, starts, CHARS, unknown, byte)
