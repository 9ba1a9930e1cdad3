"""The shared machinery of the string-vocabulary kinds (imported BPE,
WordPiece, Unigram, char BPE): an :class:`Encoding` read off the model
stage of :func:`core.inspect.stages.inspect`, which aligns every token with
the input's characters and bytes (and is tested against HF offsets and
SentencePiece byte offsets); decoding through the model's own decoder with
byte pieces kept as bytes, so invalid UTF-8 is named, never replaced.

A kind's module subclasses :class:`StagedTokenizer` and says how a stored
token reads (:meth:`~StagedTokenizer.surface`) and which IDs are specials.
"""

from __future__ import annotations

from bisect import bisect_right

from core import utf8
from core.errors import TokenizerError, excerpt
from core.inspect import stages
from core.pipeline import text_pipeline as tp
from core.render import render_char, render_piece
from core.tokenizer.base import BYTE, PLAIN, SPECIAL, DecodeResult, Encoding

_SPLIT_STAGES = ("pre_tokenize", "split", "words")


class StagedTokenizer:
    kind = ""
    byte_based = False

    def __init__(self, model, specials=()):
        self.model = model
        self._specials = tuple(specials)  # (name, id) that decode to nothing
        self._special_ids = {i for _, i in self._specials}

    # ==== vocabulary (a kind overrides what its model spells differently) ====

    @property
    def vocab_size(self) -> int:
        return self.model.vocab_size

    @property
    def specials(self) -> tuple[tuple[str, int], ...]:
        return self._specials

    def id_to_token(self, token_id: int) -> str:
        return self.model.token(token_id)

    def token_to_id(self, token: str) -> int:
        found = self.model.ids.get(token)
        if found is None:
            raise TokenizerError(f"{excerpt(token)} is not in the vocabulary")
        return found

    def token_bytes(self, token_id: int) -> bytes | None:
        """The bytes a token stands for where the kind is byte-based, else None."""
        return None

    def surface(self, token: str, token_id: int) -> str:
        """The text a stored token stands for (markers removed)."""
        return token

    def readable(self, token: str, token_id: int) -> str:
        return "".join(map(render_char, token))

    def _model_decode(self, ids: list[int]) -> str:
        return self.model.decode(ids)

    # ==== encoding ====

    def encode(self, text: str) -> Encoding:
        inspection = stages.inspect(self.model, self.kind, text)
        names = [s.name for s in inspection.stages]
        model_stage = inspection.stages[names.index("model")]
        split = next((s for s in reversed(inspection.stages[:names.index("model")]) if not s.tokens
                      and s.name not in ("input", "normalize", "prefix", "byte_level")), None)
        word_starts = [p.byte_start for p in split.pieces] if split is not None and split.pieces else [0]
        ids, tokens, texts, pieces, byte_spans, char_spans, words, flags = ([] for _ in range(8))
        readable_cache: dict[int, tuple[str, bytes]] = {}
        for p in model_stage.pieces:
            token_id = p.id
            ids.append(token_id)
            tokens.append(p.text)
            byte_spans.append((p.byte_start, p.byte_end))
            char_spans.append((p.char_start, p.char_end))
            flag = SPECIAL if p.kind == "special" or token_id in self._special_ids else p.kind
            flags.append(flag)
            words.append(-1 if flag == SPECIAL else max(0, bisect_right(word_starts, p.byte_start) - 1))
            shown = readable_cache.get(token_id)
            if shown is None:
                shown = readable_cache[token_id] = self._shown(p.text, token_id, flag)
            texts.append(shown[0])
            pieces.append(shown[1])
        return Encoding(tuple(ids), tuple(tokens), tuple(texts), tuple(pieces), tuple(byte_spans),
                        tuple(char_spans), tuple(words), tuple(flags))

    def _shown(self, token: str, token_id: int, flag: str) -> tuple[str, bytes]:
        if flag == SPECIAL:
            return token, b""
        data = self.token_bytes(token_id)
        if data is not None:
            return (token if flag == BYTE else render_piece(data)), data
        return self.readable(token, token_id), self.surface(token, token_id).encode("utf-8", "surrogatepass")

    def encode_ids(self, text: str) -> list[int]:
        return list(self.model.encode(text).ids)

    # ==== decoding ====

    def decode(self, ids, *, errors: str = "strict") -> DecodeResult:
        if errors not in utf8.POLICIES:
            raise TokenizerError(f"unknown decode policy {errors!r}: choose one of {', '.join(utf8.POLICIES)}")
        kept, specials, unknown = [], [], []
        for index, token_id in enumerate(ids):
            if isinstance(token_id, bool) or not isinstance(token_id, int):
                raise TokenizerError(f"item {index} is {token_id!r}, not an integer token id")
            if token_id in self._special_ids:
                specials.append((index, token_id))
            elif self._known(token_id):
                kept.append(token_id)
            else:
                unknown.append((index, token_id))
        if unknown and errors == "strict":
            index, token_id = unknown[0]
            raise TokenizerError(f"id {token_id} at index {index} is not in the vocabulary; "
                                 "decode with errors='raw' or 'replace' to skip it")
        with tp.keeping_bytes():
            joined = self._model_decode(kept)
        data = tp.escaped_bytes(joined)
        text, problems = utf8.decode(data, errors=errors)
        return DecodeResult(text, data, problems, errors, errors == "replace" and bool(problems),
                            tuple(specials), tuple(unknown))

    def _known(self, token_id: int) -> bool:
        try:
            self.id_to_token(token_id)
        except TokenizerError:
            return False
        return True
