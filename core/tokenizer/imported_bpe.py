"""An imported BPE tokenizer's composition: added tokens, normalizer,
pre-tokenizer and decoder around a :class:`core.models.bpe_model.BPEModel`.

Reference: Hugging Face ``tokenizers`` 0.23, the encode pipeline of
``tokenizer/mod.rs``: added tokens are cut out of the raw text first (those
with ``normalized: true`` out of the normalized text), each remaining
stretch is normalized and pre-tokenized on its own, and the model merges
every pre-token separately.  The tests compare IDs with ``tokenizers``,
``tiktoken``, ``sentencepiece`` and ``subword-nmt``.  An ID outside the
vocabulary is an error when decoding (HF skips it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain

import regex

from core.errors import TokenizerError, excerpt
from core.models import bpe_model
from core.models.bpe_model import BPEModel
from core.models.tokens import ModelTokens
from core.pipeline import fast_split
from core.pipeline import text_pipeline as tp
from core.pipeline.added import AddedToken, AddedTokens
from core.slices import listed

# SentencePiece-style models split nothing before the model; a run of ▁ and
# the characters up to the next ▁ is merged on its own (see space_runs).
SPACE_RUNS = regex.compile("\u2581*[^\u2581]+|\u2581+")
# A ▁ after another character: a token that would join a run to what is before it.
MARK_INSIDE = regex.compile("[^\u2581]\u2581")


def space_runs(text: str, first: bool = False) -> list[str]:
    """Runs of ▁ each with the characters up to the next ▁."""
    return SPACE_RUNS.findall(text, concurrent=True)  # the GIL let go, as in GuardedRegex


def _model_field(name: str) -> property:
    return property(lambda self: getattr(self.model, name), doc=f"The model's ``{name}``.")


@dataclass(frozen=True)
class ImportedBPE:
    model: BPEModel
    added: tuple[AddedToken, ...] = ()
    normalizer: dict = field(default_factory=lambda: {"type": "none"})
    pre_tokenizer: dict = field(default_factory=lambda: {"type": "none"})
    decoder: dict = field(default_factory=lambda: {"type": "none"})
    post_processor: dict | None = None  # core.pipeline.post_process spec, for add_special_tokens

    # The model's settings, read as often as the pipeline's.
    vocab, merges, ranks, unk = map(_model_field, ("vocab", "merges", "ranks", "unk"))
    fuse_unk, byte_fallback, ignore_merges = map(_model_field, ("fuse_unk", "byte_fallback", "ignore_merges"))
    continuing_prefix, end_of_word_suffix = map(_model_field, ("continuing_prefix", "end_of_word_suffix"))

    @classmethod
    def build(cls, vocab, merges, ranks=None, *, added=(), normalizer=None, pre_tokenizer=None, decoder=None,
              post_processor=None, **options) -> ImportedBPE:
        """A model from ``vocab``, ``merges``, ``ranks`` and ``options``
        (:class:`BPEModel`'s fields) inside the given pipeline."""
        specs = [{"type": "none"} if spec is None else spec for spec in (normalizer, pre_tokenizer, decoder)]
        return cls(BPEModel(vocab, merges, ranks, **options), tuple(added), *specs, post_processor)

    def __post_init__(self):
        ids, tokens = self.model.ids_by_token, self.model.tokens_by_id
        added = AddedTokens(self.added)
        for a in added:
            known = tokens.get(a.id)
            if (known is not None and known != a.content) or ids.get(a.content, a.id) != a.id:
                raise TokenizerError(f"added token {excerpt(a.content)} (ID {a.id}) disagrees with the vocabulary, "
                                     f"where ID {a.id} is {excerpt(known)} and {excerpt(a.content)} is "
                                     f"{ids.get(a.content)}")
        pre_tokenize = tp.build_pre_tokenizer(self.pre_tokenizer)
        split, respell = fast_split.plan(self.pre_tokenizer, pre_tokenize)
        if self.pre_tokenizer.get("type") == "none" and self._space_split_is_exact():
            split = space_runs
        byte_level = _uses(self.pre_tokenizer, "byte_level")
        # The fast Encoding (byte_level_table) needs byte-level tokens that tile
        # the input: no normalizer, the split's pieces kept as they are, and
        # every byte spelled, so no unknown or dropped character.
        plain = (byte_level and self.normalizer.get("type") == "none" and respell is tp.byte_level
                 and all(c in ids for c in tp.BYTE_CHARS.values()))
        pieces = _PieceCache()
        word = self.model.merge_word
        pieces.merge = (lambda piece: word(respell(piece))) if respell else word
        derived = {"tokens_by_id": {**tokens, **{a.id: a.content for a in self.added}}, "byte_level": byte_level,
                   "splits_space_runs": split is space_runs, "_added": added, "_split": split, "_pieces": pieces,
                   "_byte_sizes": {i: len(t) for t, i in ids.items()} if plain else None,
                   "_normalize": tp.build_normalizer(self.normalizer), "_pre_tokenize": pre_tokenize,
                   "_decode": tp.build_decoder(self.decoder)}
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    def _space_split_is_exact(self) -> bool:
        """Does no merge cross the start of a run of ▁ (so a text without a
        pre-tokenizer can be merged run by run)?  True when no vocabulary
        token has ▁ after another character, the symbols carry no marks,
        and no whole-word lookup is asked for."""
        ids = self.model.ids_by_token
        if self.ignore_merges or self.continuing_prefix or self.end_of_word_suffix or "\u2581" not in ids:
            return False
        return not any(map(MARK_INSIDE.search, ids))

    # ==== vocabulary (added tokens included) ====

    @property
    def vocab_size(self) -> int:
        """Distinct IDs, added tokens included (HF's ``get_vocab_size(with_added_tokens=True)``)."""
        return len(self.tokens_by_id)

    def token_of(self, token_id: int) -> str:
        token = self.tokens_by_id.get(token_id) if not isinstance(token_id, bool) else None
        if token is None:
            raise TokenizerError(f"ID {excerpt(token_id)} is not in the vocabulary")
        return token

    def id_of(self, token: str) -> int:
        added = self._added.get(token)
        if added is not None:
            return added.id
        found = self.model.vocab_id(token)
        if found is None:
            raise TokenizerError(f"{excerpt(token)} is not in the vocabulary")
        return found

    def vocab_id(self, token: str) -> int | None:
        """The model vocabulary's ID for ``token``, or None; added tokens do
        not count (they never take part in merges or byte fallback)."""
        return self.model.vocab_id(token)

    def token_bytes(self, token_id: int) -> bytes | None:
        """The bytes a token spells: a byte-level token's, a byte-fallback piece's; else None."""
        token = self.token_of(token_id)
        if self.model.vocab_id(token) is not None:
            found = self.model.token_bytes(token_id)
            if found is not None:
                return found
        return tp.byte_level_bytes(token) if self.byte_level and token not in self._added else None

    # ==== encoding ====

    def encode(self, text: str, *, limit: int | None = None) -> ModelTokens:
        """Encode ``text``; ``limit=k`` uses only the first ``k`` merges."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise TokenizerError(f"limit must be an integer >= 0, not {excerpt(limit)}")
        ids, unknown, dropped = [], [], []
        cached, merge = self.model.word_cache(limit).get, self.model.encode_word
        for part, added, first in self._segments(text):
            if added is not None:
                ids.append(added.id)
                continue
            for word in self.pre_tokenize(part, first):
                word_ids, unk_text, lost = cached(word) or merge(word, limit)
                ids += word_ids
                if unk_text or lost:
                    unknown += unk_text
                    dropped += lost
        tokens = tuple(map(self.tokens_by_id.__getitem__, ids))
        return ModelTokens(tuple(ids), tokens, unknown=tuple(unknown), dropped=tuple(dropped))

    def encode_ids(self, text: str) -> list[int]:
        """The IDs of :meth:`encode`, fast: each stretch is split in one
        ``regex`` call where the pre-tokenizer allows (core.pipeline.fast_split)
        and every raw piece is looked up in one cache of IDs."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        ids: list[int] = []
        lookup, split = self._pieces.__getitem__, self._split
        for part, added, first in self._segments(text):
            if added is not None:
                ids.append(added.id)
            else:
                ids += chain.from_iterable(map(lookup, split(part, first)))
        return ids

    def byte_level_table(self, text: str):
        """``(ids, byte sizes, words)`` of ``text`` by the fast path, for an
        Encoding built without the inspector (core.tokenizer.bpe), or None
        when this model's tokens need not tile the input bytes.  ``words``:
        the pre-token of each token, -1 for an added token marked special
        (an added token counts as a pre-token, as in the inspector)."""
        sizes_of = self._byte_sizes
        if sizes_of is None:
            return None
        ids, words, added_sizes = [], [], {}
        lookup, split, number = self._pieces.__getitem__, self._split, 0
        for part, added, first in self._segments(text):
            if added is not None:
                added_sizes[len(ids)] = len(part.encode("utf-8", "surrogatepass"))
                ids.append(added.id)
                words.append(-1 if added.special else number)
                number += 1
                continue
            for piece in split(part, first):
                found = lookup(piece)
                ids += found
                words += [number] * len(found)
                number += 1
        sizes = listed(map(sizes_of.get, ids))
        for at, size in added_sizes.items():
            sizes[at] = size
        return ids, sizes, words

    @property
    def cached_pieces(self) -> int:
        """How many raw pieces :meth:`encode_ids` remembers."""
        return len(self._pieces)

    def clear_cache(self) -> None:
        """Forget every encoded pre-token (for cold-cache measurements)."""
        self.model.clear_cache()
        self._pieces.clear()

    def _segments(self, text):
        """``(text, added_token_or_None, starts_the_text)``: raw added tokens
        first, then the normalizer, then the normalized added tokens."""
        for start, part, added in self.cut_added(text):
            if added is not None:
                yield part, added, False
                continue
            for inner, part2, added2 in self.cut_added(self.normalize(part), normalized=True):
                yield part2, added2, start == 0 and inner == 0

    # The steps of :meth:`encode` one by one, for callers that show each
    # stage (core.tokenizer.stage_kinds): in this order they give exactly its IDs.

    def cut_added(self, text: str, *, normalized: bool = False):
        """``(offset, piece, added_or_None)`` tiling ``text`` around the added
        tokens matched in the raw text, or with ``normalized=True`` those
        matched in the normalized text."""
        return self._added.cut(text, normalized=normalized)

    @property
    def text_normalizer(self):
        """The normalizer object :meth:`normalize` runs (its ``aligned``
        method serves the stages view: core.pipeline.normalizers)."""
        return self._normalize

    @property
    def text_pre_tokenizer(self):
        """The pre-tokenizer object :meth:`pre_tokenize` runs (core.pipeline.pre_tokenizers)."""
        return self._pre_tokenize

    def normalize(self, text: str) -> str:
        """The normalizer on one stretch of text between added tokens."""
        return self._normalize(text)

    def pre_tokenize(self, text: str, first: bool) -> list[str]:
        """The pre-tokens of one normalized stretch; ``first``: it starts the
        whole text (a prefix space or ▁ may depend on it)."""
        return [split.text for split in self._pre_tokenize([tp.Split(text, first)])]

    def pre_tokens(self, text: str) -> list[str]:
        """Every pre-token :meth:`encode` merges, in order (added tokens excluded)."""
        return [word for part, added, first in self._segments(text) if added is None
                for word in self.pre_tokenize(part, first)]

    # ==== decoding ====

    def decode(self, ids) -> str:
        """IDs to text through the decoder chain (HF ``decode``)."""
        tokens = []
        for index, token_id in enumerate(ids):
            try:
                tokens.append(self.token_of(token_id))
            except TokenizerError:
                raise TokenizerError(f"item {index}: ID {excerpt(token_id)} is not in the vocabulary") from None
        return tp.decode(self._decode, tokens)


class _PieceCache(dict):
    """Raw piece -> IDs; a miss merges it and keeps short pieces."""

    __slots__ = ("merge",)

    def __missing__(self, piece: str) -> tuple[int, ...]:
        ids = self.merge(piece)
        if len(piece) <= bpe_model.CACHED_WORD and len(self) < bpe_model.CACHE_LIMIT:
            self[piece] = ids
        return ids


def _uses(spec, kind: str) -> bool:
    if not isinstance(spec, dict):
        return False
    return spec.get("type") == kind or any(_uses(step, kind) for step in spec.get("steps", ()))
