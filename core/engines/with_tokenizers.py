"""The Hugging Face ``tokenizers`` engine: any asset whose
``tokenizer.json`` export is exact (:func:`core.formats.hf_json.to_spec`),
built from that JSON text.  Added tokens are matched in the text as HF
matches them; the post-processor is not run (the tokenizer composes it)."""

from __future__ import annotations

from core.engines.spec import Spec

try:
    import tokenizers
except ImportError:  # optional: the reference serves without it
    tokenizers = None

NAME = "tokenizers"
SPEC = "tokenizers"  # the spec it is built from (core.engines.specs.MAKERS)


def version() -> str | None:
    return None if tokenizers is None else tokenizers.__version__


class TokenizersNative:
    def __init__(self, spec: Spec):
        self._tokenizer = tokenizers.Tokenizer.from_str(spec.blobs["json"].decode("utf-8"))
        # A twin that reads special added tokens as text (HF's split_special_tokens).
        self._ordinary = tokenizers.Tokenizer.from_str(spec.blobs["json"].decode("utf-8"))
        self._ordinary.encode_special_tokens = True

    def encode_ids(self, text: str) -> list[int]:
        return self._tokenizer.encode(text, add_special_tokens=False).ids

    def encode_ordinary(self, text: str) -> list[int]:
        """Every special's text read as text."""
        return self._ordinary.encode(text, add_special_tokens=False).ids

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        return [e.ids for e in self._tokenizer.encode_batch(texts, add_special_tokens=False)]

    def decode_text(self, ids) -> str:
        return self._tokenizer.decode(list(ids), skip_special_tokens=True)


def build(spec: Spec) -> TokenizersNative:
    return TokenizersNative(spec)
