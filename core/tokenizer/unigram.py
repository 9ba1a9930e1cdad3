"""Unigram LM (SentencePiece's Viterbi, ``▁`` for spaces, byte fallback)
behind the one interface.  Control pieces (``<s>``, ``</s>``) decode to
nothing and are listed as specials; ``<0xE4>`` byte pieces are bytes."""

from __future__ import annotations

from functools import cached_property
from itertools import accumulate

import numpy as np

from core.arrays import code_points, firsts_of_runs, utf8_starts
from core.slices import extend, listed, release
from core.models.unigram.model import BYTE, CONTROL
from core.pipeline.normalize import BYTE_PIECES, Pipeline, piece_byte
from core.render import render_piece
from core.tokenizer.bpe import SPACE_MARK
from core.tokenizer.staged import StagedTokenizer


class UnigramTokenizer(StagedTokenizer):
    kind = "unigram"

    def __init__(self, model):
        pieces = model.pieces
        super().__init__(model, tuple((p.piece, i) for i, p in enumerate(pieces) if p.type == CONTROL))
        self.byte_based = any(p.type == BYTE for p in pieces)

    def id_to_token(self, token_id: int) -> str:
        return self.model.token(token_id).piece

    def ids(self) -> list[int]:
        return list(range(len(self.model.pieces)))

    def token_bytes(self, token_id: int) -> bytes | None:
        piece = self.model.token(token_id)
        return bytes([piece_byte(piece.piece)]) if piece.type == BYTE else None

    def surface(self, token: str, token_id: int) -> str:
        return token.replace(SPACE_MARK, " ")

    def readable(self, token: str, token_id: int) -> str:
        return render_piece(self.surface(token, token_id).encode("utf-8", "surrogatepass"))

    def _encode_ids(self, text: str) -> list[int]:
        return self.model.encode_ids(text)

    def encode_ids_many(self, texts) -> list[list[int]]:
        """``[self.encode_ids(t) for t in texts]``, batched by the model (the lines of core.tokenizer.parallel)."""
        return self.model.encode_ids_many(texts)

    def _table(self, text: str) -> tuple:
        """The columns :mod:`core.inspect.stage_kinds` gives, read straight off
        the normalized text's spans and the fast search: a token spans the
        original bytes of its first and last normalized characters (those of
        the identity pipeline where its text is the same, as there)."""
        from core.inspect.aligned import Aligned
        from core.inspect.stage_kinds import _nth_byte
        from core.inspect.stages import Builder
        from core.inspect.token_walk import Columns
        from core.models.unigram.fast import UNKNOWN

        model = self.model
        pipeline = model.pipeline
        if pipeline.normalization == "nfkc":
            return super()._table(text)
        found = pipeline.columns(text)
        if found is None:
            return super()._table(text)
        flat, starts, ends = found
        plain = Pipeline("identity", pipeline.add_dummy_prefix, pipeline.remove_extra_whitespaces)
        if pipeline != plain and plain.normalize_text(text) == flat:
            _, plain_starts, plain_ends = plain.columns(text)
            release(starts, ends)
            starts, ends = plain_starts, plain_ends
        token_ends, found = model.segmenter.path(flat)
        if not model.byte_fallback or UNKNOWN not in found:
            return self._char_table(text, flat, starts, ends, token_ends, found)
        # Unknown characters fall back to byte pieces, placed byte by byte.
        builder = Builder(text)
        offsets = builder.origin.offsets
        if len(offsets) > len(text) + 1 or offsets[-1] != len(text):  # not ASCII: characters to bytes
            starts = listed(map(offsets.__getitem__, starts))
            ends = listed(map(offsets.__getitem__, ends))
        token_starts = [0, *token_ends[:-1]]
        columns = Columns(builder.origin)
        names = self._names
        spaced = None
        surfaces: list[int] = []
        k = 0
        unknown = [i for i, index in enumerate(found) if index == UNKNOWN] if UNKNOWN in found else []
        for stop in unknown + [len(found)]:
            if stop < k:
                continue  # inside the stretch just written
            if stop > k:  # known pieces, in bulk
                known = found[k:stop]
                firsts = token_starts[k:stop]
                extend(columns.names, map(names.__getitem__, known))
                columns.ids += known
                extend(columns.starts, map(starts.__getitem__, firsts))
                extend(columns.ends, map(ends.__getitem__, map((-1).__add__, token_ends[k:stop])))
                columns.kinds += [""] * len(known)
                surfaces += firsts
                k = stop
            if k == len(found):
                break
            a = token_starts[k]
            while k + 1 < len(found) and found[k + 1] == UNKNOWN:
                k += 1  # consecutive unknown characters: one stretch
            b = token_ends[k]
            k += 1
            spaced = spaced or Aligned(flat, starts, ends, 0)
            for n, byte in enumerate(flat[a:b].encode("utf-8")):
                piece = BYTE_PIECES[byte]
                columns.add(piece, _nth_byte(builder, spaced, (a, b), n), model.ids[piece], "byte", 0)
                surfaces.append(a)
        words = listed(accumulate(map(SPACE_MARK.__eq__, map(flat.__getitem__, surfaces))))
        if words and flat[surfaces[0]] == SPACE_MARK:
            words = [w - 1 for w in words]  # the first token starts word 0, whatever it starts with
        columns.words = words
        return (*columns.table()[:7], tuple(words))

    def _char_table(self, text: str, flat: str, starts, ends, token_ends, found) -> tuple:
        """The columns straight from character offsets, where every token
        spans whole normalized characters (no byte piece): a token covers
        the original characters of its first and last ones, so its byte
        span is their UTF-8 offsets and no token is partial (what
        Columns.table works out from the bytes).  A run of unknown
        characters is one unknown token: the run's first node, ending where
        its last one does.  Built with numpy, each column one array
        operation and one ``tolist`` (none holds the GIL long)."""
        from core.models.unigram.fast import UNKNOWN

        model = self.model
        found, token_ends = np.asarray(found, np.int64), np.array(token_ends, np.int64)
        token_starts = np.concatenate(([0], token_ends[:-1])) if token_ends.size else token_ends
        unknown = found == UNKNOWN
        if unknown.any():
            run_first = firsts_of_runs(unknown)
            run_last = firsts_of_runs(unknown[::-1])[::-1]
            token_ends[run_first] = token_ends[run_last]
            keep = ~unknown | run_first
            found, token_starts, token_ends = found[keep], token_starts[keep], token_ends[keep]
            unknown = unknown[keep]
        char_starts = _array(starts)[token_starts]
        char_ends = _array(ends)[token_ends - 1]
        release(starts, ends)
        if text.isascii():
            byte_starts, byte_ends = char_starts, char_ends
        else:
            offsets = utf8_starts(text)
            byte_starts, byte_ends = offsets[char_starts], offsets[char_ends]
        ids = np.where(unknown, model.unk_id, found)
        names = self._name_array[ids]
        kinds = np.where(char_starts == char_ends, "inserted", "").astype(object)  # the dummy ▁ (an empty span)
        kinds[unknown] = "unknown"
        points = code_points(flat)
        spaced = points[token_starts] == ord(SPACE_MARK) if points.size else np.zeros(0, bool)
        words = np.cumsum(spaced)
        if spaced.size and spaced[0]:
            words -= 1  # the first token starts word 0, whatever it starts with
        return (names.tolist(), char_starts.tolist(), char_ends.tolist(), byte_starts.tolist(), byte_ends.tolist(),
                ids.tolist(), kinds.tolist(), tuple(words.tolist()))

    @cached_property
    def _name_array(self) -> np.ndarray:
        return np.array(self._names, dtype=object)

    @cached_property
    def _names(self) -> list[str]:
        return [p.piece for p in self.model.pieces]


def _array(column) -> np.ndarray:
    return np.fromiter(column, np.int64, len(column))
