"""The tiktoken engine: OpenAI's compiled byte-level BPE.

It serves an asset whose ranks export to tiktoken exactly
(:func:`core.formats.tiktoken_ranks.exported`): the shelf's r50k, cl100k
and o200k, GPT-2-style imports and our byte-level BPE.  A rank is the
token's ID; specials are matched in the text only where the reference
matches them (``specials_in_text``), as tiktoken's
``encode(text, allowed_special="all")`` does.  For an imported BPE, whose
added tokens are all specials here, it also decodes: a token's bytes, as
the reference joins them (``token_bytes``).  Its tokens tile the text's
bytes, so where each starts is a running sum of their sizes
(``token_starts``).
"""

from __future__ import annotations

import importlib

from core.engines.spec import Spec, read_uint32s

try:
    import tiktoken
except ImportError:  # optional: the reference serves without it
    tiktoken = None

NAME = "tiktoken"
STARTS = "core.engines.starts"  # numpy's arithmetic, imported when statistics first ask


def version() -> str | None:
    """The installed library's version, None when it is not installed."""
    return None if tiktoken is None else tiktoken.__version__


def ranks_of(spec: Spec) -> dict[bytes, int]:
    """The ``{token bytes: rank}`` table, from the spec's blobs (tokens
    joined in rank order, their end offsets, their ranks)."""
    tokens, ends, ranks = spec.blobs["tokens"], read_uint32s(spec.blobs["ends"]), read_uint32s(spec.blobs["ranks"])
    starts = [0, *ends[:-1]]
    return dict(zip(map(tokens.__getitem__, map(slice, starts, ends)), ranks))


class TiktokenNative:
    # A batch is one text at a time: tiktoken's own batch hands each text to
    # a pool of 8 threads, 6x slower on short lines (20,000 lines: 0.9 s
    # against 0.15 s).  A call per line lets Python's lock go for a few
    # microseconds only, so two threads of such calls are slower than one
    # (core.engines.bulk).
    lines_side_by_side = False

    def __init__(self, spec: Spec):
        meta = spec.meta
        self.encoding = tiktoken.Encoding(meta["name"], pat_str=meta["pattern"], mergeable_ranks=ranks_of(spec),
                                           special_tokens=dict(meta["specials"]))
        self.specials_in_text = meta["specials_in_text"] and bool(meta["specials"])
        self.spec = spec
        self.special_names = tuple(meta["specials"])
        if meta.get("decodes"):
            self.token_bytes = self._token_bytes  # decoding as the reference does (core.engines.served)

    def encode_ids(self, text: str) -> list[int]:
        if self.specials_in_text:
            return self.encoding.encode(text, allowed_special="all")
        return self.encoding.encode_ordinary(text)

    def encode_ordinary(self, text: str) -> list[int]:
        """Every special's text read as text."""
        return self.encoding.encode_ordinary(text)

    def encode_array(self, text: str):
        """``encode_ids(text)`` as a numpy uint32 array: no Python int per token."""
        if self.specials_in_text:
            return self.encoding.encode_to_numpy(text, allowed_special="all")
        return self.encoding.encode_to_numpy(text, disallowed_special=())  # no special allowed: ordinary

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        """One text at a time (see ``lines_side_by_side``)."""
        encode = self.encoding.encode_ordinary  # where no special's text occurs, the same IDs sooner
        if self.specials_in_text:
            joined = "\n".join(texts)
            if any(name in joined for name in self.special_names):
                encode = self.encode_ids
        return list(map(encode, texts))

    def token_starts(self, texts: list[str]):
        """Each text's IDs, and where each token starts (core.engines.starts)."""
        return importlib.import_module(STARTS).of_tiktoken(self, texts)

    def _token_bytes(self, token_id: int) -> bytes | None:
        """A token's bytes, None for an ID outside the vocabulary."""
        try:
            return self.encoding.decode_single_token_bytes(token_id)
        except (KeyError, OverflowError, ValueError):
            return None

    def decode_text(self, ids) -> str:
        return self.encoding.decode(list(ids))


def build(spec: Spec) -> TiktokenNative:
    return TiktokenNative(spec)
