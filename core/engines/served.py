"""One asset behind the one :class:`~core.tokenizer.base.Tokenizer`
interface, its IDs from one engine.

``encode_ids`` (and ``encode_lines``) come from the chosen engine: a native
library that was checked exact for this asset, or the reference; so does
decoding, where the engine gives each token's bytes (tiktoken).  Anything
that explains (the whole :class:`~core.tokenizer.base.Encoding`, the
vocabulary, the model a trace or the stages view reads) comes from the
reference, built only when first asked for, so a command that only needs
IDs never builds it; a byte-level engine's whole Encoding is built from
its IDs (:mod:`core.engines.encodings`), field by field the reference's.
Where the tokens start (``token_starts``, what corpus statistics read of
an Encoding) comes from the engine for a whole batch of texts.  Text a
native library cannot take (a lone surrogate) goes to the reference too.
"""

from __future__ import annotations

import importlib
from typing import Callable

import numpy as np

from core.tokenizer.base import decode_bytes


ENCODINGS = "core.engines.encodings"  # imported when a window first asks for a whole Encoding


class Served:
    def __init__(self, facts: dict, engine: str, native=None, *, reference=None,
                 load_reference: Callable[[], object] | None = None, entry=None):
        self.facts = facts  # kind, name, vocab_size, specials, byte_based (core.engines.compile.facts_of)
        self.kind: str = facts["kind"]
        self.byte_based: bool = facts["byte_based"]
        self.engine = engine  # "reference" or a native engine's name
        self._native = native
        self.entry = entry  # the compiled cache entry it was opened from (core.engines.compiled)
        self._reference = reference
        self._load_reference = load_reference
        self._special_names = {i: name for name, i in facts["specials"]}
        self._special_ids = frozenset(self._special_names)
        # A native engine that gives each token's bytes decodes as the reference does.
        self._bytes_of = getattr(native, "token_bytes", None)
        self._table = None  # core.engines.encodings.ByteLevelTable, built on first use

    # ==== what the engine answers ====

    def encode_ids(self, text: str, *, add_special_tokens: bool = False) -> list[int]:
        if self._native is None or add_special_tokens or not _native_text(text):
            return self.reference.encode_ids(text, add_special_tokens=add_special_tokens)
        return self._native.encode_ids(text)

    def encode_lines(self, lines: list[str]) -> list[list[int]]:
        """``[encode_ids(line) for line in lines]``; a native engine takes them as one batch."""
        if self._native is None or not all(map(_native_text, lines)):
            return [self.reference.encode_ids(line) for line in lines]
        return self._native.encode_batch(lines)

    def token_starts(self, texts: list[str]):
        """Every text's tokens as flat arrays, the IDs and where each starts
        (:class:`core.engines.starts.TokenStarts`), from the native engine in
        one batch; None when the reference serves (or a text holds a lone
        surrogate): its whole Encodings say the same, text by text."""
        if self._native is None or not _native_text("".join(texts)):
            return None
        distinct = list(dict.fromkeys(texts))
        if len(distinct) == len(texts):
            return self._native.token_starts(texts)
        # Equal texts (blank lines, a page's boilerplate) encoded once.
        number = dict(zip(distinct, range(len(distinct))))
        which = np.fromiter(map(number.__getitem__, texts), np.int64, len(texts))
        return self._native.token_starts(distinct).take(which)

    def decode(self, ids, *, errors: str = "strict"):
        if self._bytes_of is None:
            return self.reference.decode(ids, errors=errors)
        return decode_bytes(ids, self._bytes_of, self._special_ids, errors)

    @property
    def decoder(self) -> str:
        """Which engine decodes."""
        return self.engine if self._bytes_of is not None else "reference"

    @property
    def post_processor(self) -> dict | None:
        return self.facts.get("post_processor")

    @property
    def vocab_size(self) -> int:
        return self.facts["vocab_size"]

    @property
    def specials(self) -> tuple[tuple[str, int], ...]:
        return tuple((name, i) for name, i in self.facts["specials"])

    # ==== what the reference explains ====

    @property
    def reference(self):
        if self._reference is None:
            self._reference = self._load_reference()
        return self._reference

    @property
    def model(self):
        return self.reference.model

    def encode(self, text: str, *, add_special_tokens: bool = False):
        """The whole Encoding: the reference's, or built from the engine's IDs
        where that needs no model (core.engines.encodings)."""
        if self._bytes_of is None or add_special_tokens or not _native_text(text):
            return self.reference.encode(text, add_special_tokens=add_special_tokens)
        if self._table is None:
            self._table = importlib.import_module(ENCODINGS).ByteLevelTable(
                self._bytes_of, self._special_names, self.facts["pre_tokenizer"])
        return self._table.encoding(text, self._native.encode_ids(text))

    def id_to_token(self, token_id: int) -> str:
        if token_id in self._special_names:
            return self._special_names[token_id]
        return self.reference.id_to_token(token_id)

    def token_to_id(self, token: str) -> int:
        return self.reference.token_to_id(token)

    def token_bytes(self, token_id: int) -> bytes | None:
        return self.reference.token_bytes(token_id)

    def ids(self) -> list[int]:
        return self.reference.ids()

    def shown(self, token_id: int) -> tuple[str, bytes]:
        return self.reference.shown(token_id)

    def __getattr__(self, name: str):
        # What the interface does not name (a kind's own helpers, such as
        # ``decoded``) is the reference's; never a private name.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.reference, name)


def _native_text(text) -> bool:
    """Can a native library take ``text``: a str that is valid UTF-8 (no lone surrogate)?"""
    if not isinstance(text, str):
        return False
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
