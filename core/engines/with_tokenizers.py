"""The Hugging Face ``tokenizers`` engine: any asset whose
``tokenizer.json`` export is exact (:func:`core.formats.hf_json.to_spec`),
built from that JSON text.  Added tokens are matched in the text as HF
matches them; the post-processor is not run (the tokenizer composes it).

Where its tokens start (``token_starts``) is HF's offsets, in characters of
the input.  HF marks no difference between the unknown token the model
made and the same token matched in the text as an added token (BERT's
``[UNK]`` typed out), which the reference flags special; a token that
spells exactly the text it covers was matched there, so only the others
count as unknown (or as byte-fallback pieces).
"""

from __future__ import annotations

import json
import re
from functools import cached_property
from itertools import chain

import numpy as np

from core.engines.spec import Spec
from core.engines.starts import CHARS, TokenStarts, flat

try:
    import tokenizers
except ImportError:  # optional: the reference serves without it
    tokenizers = None

NAME = "tokenizers"
SPEC = "tokenizers"  # the spec it is built from (core.engines.specs.MAKERS)
_BYTE_PIECE = re.compile("<0x[0-9A-F]{2}>")


def version() -> str | None:
    return None if tokenizers is None else tokenizers.__version__


class TokenizersNative:
    def __init__(self, spec: Spec):
        self._json = spec.blobs["json"].decode("utf-8")
        self._tokenizer = tokenizers.Tokenizer.from_str(self._json)
        # A twin that reads special added tokens as text (HF's split_special_tokens).
        self._ordinary = tokenizers.Tokenizer.from_str(self._json)
        self._ordinary.encode_special_tokens = True

    def encode_ids(self, text: str) -> list[int]:
        return self._tokenizer.encode(text, add_special_tokens=False).ids

    def encode_ordinary(self, text: str) -> list[int]:
        """Every special's text read as text."""
        return self._ordinary.encode(text, add_special_tokens=False).ids

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return [e.ids for e in self._tokenizer.encode_batch(texts, add_special_tokens=False)]

    def token_starts(self, texts: list[str]) -> TokenStarts:
        """Each text's IDs, and where each token starts in its text's characters."""
        found = self._tokenizer.encode_batch(texts, add_special_tokens=False)
        ids, counts = flat([e.ids for e in found])
        spans = np.fromiter(chain.from_iterable(chain.from_iterable(e.offsets for e in found)), np.int64, 2 * ids.size)
        starts, ends = spans[0::2], spans[1::2]  # (start, end) pairs, one after another
        unknown_ids, byte_ids = self._kinds
        unknown, byte = unknown_ids[ids], byte_ids[ids]
        maybe = np.flatnonzero(unknown | byte)
        if maybe.size:
            text_of = np.repeat(np.arange(len(texts)), counts)[maybe].tolist()
            spelled = np.array([texts[t][a:b] == self._tokenizer.id_to_token(i)
                       for t, a, b, i in zip(text_of, starts[maybe].tolist(), ends[maybe].tolist(),
                                             ids[maybe].tolist())], bool)
            unknown[maybe[spelled]] = byte[maybe[spelled]] = False
        return TokenStarts(ids, counts, starts, CHARS, unknown, byte)

    @cached_property
    def _kinds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per ID: is it the model's unknown token, is it a byte-fallback piece."""
        model = json.loads(self._json)["model"]
        vocab = self._tokenizer.get_vocab(with_added_tokens=False)
        size = max(self._tokenizer.get_vocab(with_added_tokens=True).values(), default=-1) + 1
        unknown, byte = np.zeros(size, bool), np.zeros(size, bool)
        unk = model.get("unk_id") if model.get("type") == "Unigram" else vocab.get(model.get("unk_token"))
        if unk is not None:
            unknown[unk] = True
        if model.get("byte_fallback"):
            byte[[i for token, i in vocab.items() if _BYTE_PIECE.fullmatch(token)]] = True
        return unknown, byte

    def decode_text(self, ids) -> str:
        return self._tokenizer.decode(list(ids), skip_special_tokens=True)


def build(spec: Spec) -> TokenizersNative:
    return TokenizersNative(spec)
