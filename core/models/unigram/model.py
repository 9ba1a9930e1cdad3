"""The frozen unigram model: pieces with scores, encoding and decoding.

As SentencePiece's ``unigram_model.cc``:

* the lattice holds every vocabulary piece that matches at every character
  offset of the normalized text; where no one-character piece starts, an
  unknown node of score ``min(normal scores) - 10`` covers that character;
* consecutive unknown characters come out as one unknown token, or, with byte
  fallback, as the ``<0xNN>`` pieces of their UTF-8 bytes;
* a user-defined piece scores ``length * max_score - 0.1`` so that it always
  wins (``max_score`` is at least FLT_MIN, as there: about -0.1 in all), and passes through the normalizer untouched, as in SentencePiece
  (but not under Python's ``nfkc``, which has no position-wise matching).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

from core.errors import TokenizerError, excerpt
from core.numbers import MAX_SCORE, MAX_VOCAB
from core.pipeline.normalize import BYTE_PIECES, Normalized, Pipeline, piece_byte
from core.models.tokens import ModelTokens
from core.models.unigram import viterbi
from core.models.unigram.lattice import Lattice, Node, Path, f32

FLT_MIN = 1.1754943508222875e-38  # C's FLT_MIN: the smallest normal positive float32

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, BYTE, UNUSED = (
    "normal", "unknown", "control", "user_defined", "byte", "unused")
PIECE_TYPES = (NORMAL, UNKNOWN, CONTROL, USER_DEFINED, BYTE, UNUSED)
UNK_PENALTY = 10.0
UNK_SURFACE = " \u2047 "  # what SentencePiece's decoder prints for an unknown piece


@dataclass(frozen=True)
class Piece:
    piece: str
    score: float
    type: str = NORMAL


@dataclass(frozen=True)
class Unigram:
    """A frozen unigram model: pieces with log-probability scores, and its pipeline."""

    explained_in = "lattice"  # the Compare view that explains it (core.tokenizer.base.Tokenizer)
    pieces: tuple[Piece, ...]
    unk_id: int = 0
    byte_fallback: bool = False
    pipeline: Pipeline = Pipeline()
    float32: bool = False
    trace: "object | None" = field(default=None, compare=False, repr=False)
    post_processor: dict | None = None  # core.pipeline.post_process spec, for add_special_tokens

    def __post_init__(self):
        pieces = tuple(self.pieces)
        object.__setattr__(self, "pieces", pieces)
        if len(pieces) > MAX_VOCAB:
            raise TokenizerError(f"{len(pieces)} pieces are over the limit {MAX_VOCAB} of a vocabulary")
        ids: dict[str, int] = {}
        for index, p in enumerate(pieces):
            if not isinstance(p, Piece) or not isinstance(p.piece, str) or p.piece == "":
                raise TokenizerError(f"piece {index} must be a Piece with a non-empty string")
            if p.type not in PIECE_TYPES:
                raise TokenizerError(f"piece {index} ({p.piece!r}) has unknown type {p.type!r}; use one of {PIECE_TYPES}")
            if not isinstance(p.score, (int, float)) or isinstance(p.score, bool) or not math.isfinite(p.score):
                raise TokenizerError(f"piece {index} ({p.piece!r}) has a score that is not a finite number")
            if abs(p.score) > MAX_SCORE:
                raise TokenizerError(f"piece {index} ({excerpt(p.piece)}) has the score {p.score!r}, outside the limit "
                                     f"±{MAX_SCORE:g} of a score")
            if p.piece in ids:
                raise TokenizerError(f"piece {index} repeats {p.piece!r} (first at ID {ids[p.piece]})")
            ids[p.piece] = index
        if not isinstance(self.pipeline, Pipeline):
            raise TokenizerError("pipeline must be a core.pipeline.normalize.Pipeline")
        shielded = tuple(sorted(p.piece for p in pieces if p.type == USER_DEFINED))
        if self.pipeline.protected != shielded:
            object.__setattr__(self, "pipeline", replace(self.pipeline, protected=shielded))
        if isinstance(self.unk_id, bool) or not isinstance(self.unk_id, int) or not 0 <= self.unk_id < len(pieces) \
                or pieces[self.unk_id].type != UNKNOWN:
            raise TokenizerError(f"unk_id {self.unk_id!r} must be the ID of a piece of type 'unknown'")
        if self.byte_fallback:
            missing = [b for b in BYTE_PIECES if b not in ids or pieces[ids[b]].type != BYTE]
            if missing:
                raise TokenizerError(f"byte fallback needs all 256 byte pieces; {missing[0]} and {len(missing) - 1} more are missing")
        matchable = {p.piece: i for i, p in enumerate(pieces) if p.type in (NORMAL, USER_DEFINED)}
        normal = [p.score for p in pieces if p.type == NORMAL]
        min_score = min(normal, default=0.0)
        # SentencePiece starts its maximum at FLT_MIN, the smallest *positive*
        # float, so with the usual negative scores it stays there and a
        # user-defined piece scores about -0.1, whatever its length.
        max_score = max(normal + [FLT_MIN])
        add = f32 if self.float32 else float
        object.__setattr__(self, "ids", ids)
        object.__setattr__(self, "_match", matchable)
        object.__setattr__(self, "_max_len", max((len(p) for p in matchable), default=1))
        object.__setattr__(self, "unk_score", add(min_score - UNK_PENALTY))
        object.__setattr__(self, "_max_score", max_score)

    @property
    def vocab_size(self) -> int:
        return len(self.pieces)

    # ==== Lattice ====

    def lattice(self, text: str) -> Lattice:
        """All matching pieces over an already-normalized text (with ``▁``)."""
        nodes = []
        for start in range(len(text)):
            single = False
            for end in range(start + 1, min(len(text), start + self._max_len) + 1):
                index = self._match.get(text[start:end])
                if index is None:
                    continue
                nodes.append(Node(start, end, index, self._score(index)))
                single = single or end == start + 1
            if not single:
                nodes.append(Node(start, start + 1, self.unk_id, self.unk_score, True))
        nodes.sort(key=lambda n: (n.start, n.end))
        return Lattice(text, nodes, float32=self.float32)

    # ==== Encoding ====

    def encode(self, text: str) -> ModelTokens:
        """Normalize, then the Viterbi segmentation (:meth:`encode_normalized`).

        >>> m = Unigram((Piece("<unk>", 0, UNKNOWN), Piece("▁a", -1.0), Piece("b", -2.0), Piece("▁", -3.0)))
        >>> m.encode("a b").tokens
        ('▁a', '▁', 'b')
        """
        return self.encode_normalized(self.pipeline.normalize(text))

    def encode_normalized(self, normalized: Normalized) -> ModelTokens:
        """The Viterbi segmentation of text this model's pipeline normalized:
        ``spans`` index ``normalized.text``, ``char_spans`` the original; an
        unknown stretch is flagged ``unknown`` (its text in ``unknown``) or,
        with byte fallback, spelled by pieces flagged ``byte``; ``score`` is
        the path's log-probability."""
        return self._encoding(normalized, self.best_path(normalized.text))

    def search(self, text: str) -> tuple[list[int], list[int]]:
        """``(ends, ids)`` of the Viterbi path over an already-normalized
        text (:func:`core.models.unigram.viterbi.best_path`; an unknown
        node's id is ``UNKNOWN_NODE``), which is exactly the path of
        ``self.lattice(text).viterbi()``."""
        trie = self.__dict__.get("_trie")
        if trie is None:
            trie = viterbi.trie_of({piece: (index, self._score(index)) for piece, index in self._match.items()})
            object.__setattr__(self, "_trie", trie)
        return viterbi.best_path(trie, self._max_len, self.unk_score, text, self.float32)

    def best_path(self, text: str) -> Path:
        """The Viterbi path over an already-normalized text, as nodes."""
        ends, ids = self.search(text)
        nodes, start, total = [], 0, 0.0
        for end, index in zip(ends, ids):
            unknown = index == viterbi.UNKNOWN_NODE
            score = self.unk_score if unknown else self._score(index)
            nodes.append(Node(start, end, self.unk_id if unknown else index, score, unknown))
            total = f32(total + score) if self.float32 else total + score
            start = end
        return Path(tuple(nodes), total)

    def _score(self, index: int) -> float:
        """The score of a node of piece ``index`` (normal or user-defined)."""
        piece = self.pieces[index]
        # SentencePiece: a user-defined symbol outscores any segmentation of it.
        score = piece.score if piece.type == NORMAL else len(piece.piece) * self._max_score - 0.1
        return f32(score) if self.float32 else float(score)

    def encode_ids(self, text: str) -> list[int]:
        """The IDs of :meth:`encode`, without the alignment."""
        normalized = self.pipeline.normalize_text(text)
        ends, ids = self.search(normalized)
        if viterbi.UNKNOWN_NODE not in ids:
            return ids
        out, start, run = [], 0, None  # run: where the current stretch of unknown characters began
        for end, index in zip(ends, ids):
            if index == viterbi.UNKNOWN_NODE:
                run = start if run is None else run
            else:
                if run is not None:
                    out += self._unknown_ids(normalized[run:start])
                    run = None
                out.append(index)
            start = end
        if run is not None:
            out += self._unknown_ids(normalized[run:start])
        return out

    def _unknown_ids(self, surface: str) -> list[int]:
        """Consecutive unknown characters: one unknown token, or their UTF-8 bytes' pieces."""
        if self.byte_fallback:
            return [self.ids[BYTE_PIECES[b]] for b in surface.encode("utf-8")]
        return [self.unk_id]

    def nbest(self, text: str, n: int) -> list[ModelTokens]:
        normalized = self.pipeline.normalize(text)
        return [self._encoding(normalized, p) for p in self.lattice(normalized.text).nbest(n)]

    def sample(self, text: str, *, alpha: float = 1.0, nbest_size: int = -1,
               seed: int | None = None, rng: random.Random | None = None) -> ModelTokens:
        """Subword regularization: draw a segmentation with probability ∝ P^alpha.

        ``nbest_size`` follows SentencePiece: -1 samples from all
        segmentations, 0 or 1 returns the Viterbi one, ``l > 1`` samples
        from the ``l`` best.  Pass ``seed`` (or an ``rng``) for repeatable draws.
        """
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not math.isfinite(alpha) or alpha < 0:
            raise TokenizerError(f"alpha must be a number >= 0, not {alpha!r}")
        if isinstance(nbest_size, bool) or not isinstance(nbest_size, int) or nbest_size < -1:
            raise TokenizerError(f"nbest_size must be -1, 0 or a positive integer, not {nbest_size!r}")
        rng = rng if rng is not None else random.Random(seed)
        normalized = self.pipeline.normalize(text)
        lattice = self.lattice(normalized.text)
        if nbest_size in (0, 1):
            path = lattice.viterbi()
        elif nbest_size == -1:
            path = lattice.sample(rng, alpha)
        else:
            paths = lattice.nbest(nbest_size)
            top = max(p.score for p in paths)
            path = rng.choices(paths, weights=[math.exp(alpha * (p.score - top)) for p in paths])[0]
        return self._encoding(normalized, path)

    def _encoding(self, normalized: Normalized, path: Path) -> ModelTokens:
        ids, spans, flags, unknown = [], [], [], []
        nodes = list(path.nodes)
        i = 0
        while i < len(nodes):
            node = nodes[i]
            if node.unknown:
                # Consecutive unknown characters form one unknown token.
                j = i
                while j + 1 < len(nodes) and nodes[j + 1].unknown:
                    j += 1
                span = (node.start, nodes[j].end)
                surface = normalized.text[span[0]:span[1]]
                found = self._unknown_ids(surface)
                ids += found
                spans += [span] * len(found)
                if self.byte_fallback:
                    flags += ["byte"] * len(found)
                else:
                    flags.append("unknown")
                    unknown.append(surface)
                i = j + 1
                continue
            ids.append(node.id)
            spans.append((node.start, node.end))
            flags.append("")
            i += 1
        return ModelTokens(tuple(ids), tuple(self.pieces[i].piece for i in ids), tuple(spans),
                           tuple(normalized.original_span(*span) for span in spans), tuple(flags), tuple(unknown),
                           score=path.score)

    def probability(self, text: str, encoding: ModelTokens, *, alpha: float = 1.0) -> float:
        """P(segmentation | text) under the model, with scores scaled by ``alpha``."""
        lattice = self.lattice(self.pipeline.normalize_text(text))
        return math.exp(alpha * encoding.score - lattice.log_partition(alpha))

    # ==== Decoding ====

    def token(self, token_id: int) -> Piece:
        if isinstance(token_id, bool) or not isinstance(token_id, int) or not 0 <= token_id < len(self.pieces):
            raise TokenizerError(f"ID {token_id!r} is outside the vocabulary 0..{len(self.pieces) - 1}")
        return self.pieces[token_id]

    def decode(self, tokens) -> str:
        """IDs or piece strings back to text (an unknown piece prints as `` ⁇ ``).

        Control pieces print nothing; byte pieces are joined and decoded as UTF-8.
        """
        parts: list = []
        for t in tokens:
            if isinstance(t, str):
                if t not in self.ids:
                    raise TokenizerError(f"piece {t!r} is not in the vocabulary")
                t = self.ids[t]
            piece = self.token(t)
            if piece.type == CONTROL:
                continue
            if piece.type == UNKNOWN:
                parts.append(UNK_SURFACE)
            elif piece.type == BYTE:
                parts.append(piece_byte(piece.piece))
            else:
                parts.append(piece.piece)
        return self.pipeline.decode(parts)


def from_pieces(entries, *, unk_id: int = 0, **options) -> Unigram:
    """Build a model from ``(piece, score[, type])`` rows, e.g. read from another library."""
    pieces = []
    for index, entry in enumerate(entries):
        if not isinstance(entry, (list, tuple)) or len(entry) not in (2, 3):
            raise TokenizerError(f"piece row {index}: expected [piece, score] or [piece, score, type]")
        pieces.append(Piece(entry[0], entry[1], entry[2] if len(entry) == 3 else NORMAL))
    return Unigram(tuple(pieces), unk_id=unk_id, **options)

