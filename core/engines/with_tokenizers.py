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

import importlib
from functools import cached_property

from core.engines.spec import Spec

try:
    import tokenizers
except ImportError:  # optional: the reference serves without it
    tokenizers = None

NAME = "tokenizers"
STARTS = "core.engines.starts"  # numpy's arithmetic, imported when statistics first ask


def version() -> str | None:
    return None if tokenizers is None else tokenizers.__version__


class TokenizersNative:
    def __init__(self, spec: Spec):
        self.json = spec.blobs["json"].decode("utf-8")
        self.tokenizer = tokenizers.Tokenizer.from_str(self.json)

    @cached_property
    def _ordinary(self):
        """A twin that reads special added tokens as text (HF's
        split_special_tokens); built when first asked, as parsing the JSON
        again is most of a short command's start-up."""
        twin = tokenizers.Tokenizer.from_str(self.json)
        twin.encode_special_tokens = True
        return twin

    def encode_ids(self, text: str) -> list[int]:
        # A batch of one: HF encodes a batch without the GIL (a single
        # encode holds it), so bulk work on two threads uses two cores.
        return self.tokenizer.encode_batch([text], add_special_tokens=False)[0].ids

    def encode_offsets(self, texts: list[str]) -> list[tuple]:
        """``(ids, offsets, word_ids)`` of each text: HF's own IDs, each
        token's span in characters of the text and the pre-token it came
        from (what a kind that takes offsets reads, ``encode_from_offsets``).
        One batch, which HF encodes without the GIL; each text's lists are
        made apart, so a long text given in parts never holds it long."""
        return [(found.ids, found.offsets, found.word_ids)
                for found in self.tokenizer.encode_batch(texts, add_special_tokens=False)]

    def encode_ordinary(self, text: str) -> list[int]:
        """Every special's text read as text."""
        return self._ordinary.encode_batch([text], add_special_tokens=False)[0].ids

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return [e.ids for e in self.tokenizer.encode_batch(texts, add_special_tokens=False)]

    def token_starts(self, texts: list[str]):
        """Each text's IDs, and where each token starts (core.engines.starts)."""
        return importlib.import_module(STARTS).of_tokenizers(self, texts)

    def decode_text(self, ids) -> str:
        return self.tokenizer.decode(list(ids), skip_special_tokens=True)


def build(spec: Spec) -> TokenizersNative:
    return TokenizersNative(spec)
