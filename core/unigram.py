"""Unigram language-model tokenizer (Kudo 2018): lattice, Viterbi, n-best,
sampling, and the EM-and-prune trainer.

References: Kudo (2018), Subword Regularization, section 3; SentencePiece
``unigram_model.cc`` for the encoder's exact rules, which the tests check
against the ``sentencepiece`` and ``tokenizers`` libraries:

* the lattice holds every vocabulary piece that matches at every character
  offset of the normalized text; where no one-character piece starts, an
  unknown node of score ``min(normal scores) - 10`` covers that character;
* Viterbi keeps, for each end offset, the first best candidate in order of
  start offset (so on an exact tie the longer last piece wins);
* consecutive unknown characters come out as one unknown token, or, with byte
  fallback, as the ``<0xNN>`` pieces of their UTF-8 bytes;
* ``float32=True`` adds scores in single precision, as SentencePiece does
  (its scores are float32); ``tokenizers`` adds in double precision;
* a user-defined piece scores ``length * max_score - 0.1`` so that it always
  wins, and passes through the normalizer untouched, as in SentencePiece
  (but not under Python's ``nfkc``, which has no position-wise matching).

Training (:func:`train`) follows the paper: seed pieces are the frequent
substrings, EM re-estimates piece probabilities from
forward-backward expected counts, and each round prunes the pieces whose
removal costs the least likelihood, never a single character.  As in
SentencePiece, pruning stops 10% above the target and the best-scoring
pieces are kept.
But: the M step is the plain maximum-likelihood estimate of the paper, not
SentencePiece's digamma (Bayesian) update, and the pruning loss is the exact
change of the Viterbi log-likelihood when a piece's occurrences are
re-segmented by its best alternative (SentencePiece uses a per-sentence
weighted estimate of the same quantity).  Everything runs in a fixed order,
so the result is deterministic.
"""

from __future__ import annotations

import math
import random
import struct
from dataclasses import dataclass, field, replace
from functools import cmp_to_key

from .errors import TokenizerError
from .normalize import BYTE_PIECES, SPACE_MARK, Normalized, Pipeline, piece_byte

NORMAL, UNKNOWN, CONTROL, USER_DEFINED, BYTE, UNUSED = (
    "normal", "unknown", "control", "user_defined", "byte", "unused")
PIECE_TYPES = (NORMAL, UNKNOWN, CONTROL, USER_DEFINED, BYTE, UNUSED)
UNK_PENALTY = 10.0
UNK_SURFACE = " \u2047 "  # what SentencePiece's decoder prints for an unknown piece


def f32(x: float) -> float:
    """Round to the nearest single-precision value (exact for one + of two floats)."""
    try:
        return struct.unpack("f", struct.pack("f", x))[0]
    except OverflowError:  # beyond float32's range, as C++ would give
        return math.copysign(math.inf, x)


def _logaddexp(a: float, b: float) -> float:
    if a == -math.inf:
        return b
    if b == -math.inf:
        return a
    hi, lo = (a, b) if a > b else (b, a)
    return hi + math.log1p(math.exp(lo - hi))


@dataclass(frozen=True)
class Piece:
    piece: str
    score: float
    type: str = NORMAL


@dataclass(frozen=True)
class Node:
    """A lattice edge: normalized characters ``[start, end)`` read as piece ``id``."""

    start: int
    end: int
    id: int
    score: float
    unknown: bool = False


@dataclass(frozen=True)
class Path:
    """One segmentation: its nodes and its score (the sum of their scores)."""

    nodes: tuple[Node, ...]
    score: float


class Lattice:
    """Every piece over a normalized text; the search algorithms run on it."""

    def __init__(self, text: str, nodes, *, float32: bool = False):
        self.text = text
        self.nodes = tuple(nodes)
        self.float32 = float32
        self.ending: list[list[Node]] = [[] for _ in range(len(text) + 1)]
        for node in self.nodes:  # already in (start, length) order
            self.ending[node.end].append(node)

    def _add(self, a: float, b: float) -> float:
        return f32(a + b) if self.float32 else a + b

    def viterbi(self) -> Path:
        """The best segmentation; ties go to the candidate with the earliest start."""
        best: list[tuple[float, Node | None] | None] = [None] * (len(self.text) + 1)
        best[0] = (0.0, None)
        for node in self.nodes:
            if best[node.start] is None:
                continue
            score = self._add(best[node.start][0], node.score)
            slot = best[node.end]
            if slot is None or score > slot[0]:
                best[node.end] = (score, node)
        return Path(self._backtrack(best), best[-1][0])

    def _backtrack(self, best):
        nodes, at = [], len(self.text)
        while at > 0:
            node = best[at][1]
            nodes.append(node)
            at = node.start
        return tuple(reversed(nodes))

    def nbest(self, n: int) -> list[Path]:
        """The ``n`` best segmentations, best first (the first is :meth:`viterbi`'s).

        Exact k-best dynamic programming: the ``n`` best partial paths are kept
        at every offset.  Equal scores are ordered as Viterbi orders them:
        earlier start of the last piece first, then the better prefix.
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise TokenizerError(f"n-best size must be an integer >= 1, not {n!r}")
        # A partial path is (score, node, previous partial path) -- a linked list.
        keep: list[list] = [[] for _ in range(len(self.text) + 1)]
        keep[0] = [(0.0, None, None)]
        order = cmp_to_key(_compare_partial)
        for end in range(1, len(self.text) + 1):
            found = [(self._add(p[0], node.score), node, p) for node in self.ending[end] for p in keep[node.start]]
            keep[end] = sorted(found, key=order)[:n]
        paths = []
        for partial in keep[-1]:
            nodes, p = [], partial
            while p[1] is not None:
                nodes.append(p[1])
                p = p[2]
            paths.append(Path(tuple(reversed(nodes)), partial[0]))
        return paths

    def forward(self, alpha: float = 1.0) -> list[float]:
        """log of the summed ``exp(alpha * score)`` of all paths to each offset."""
        fwd = [-math.inf] * (len(self.text) + 1)
        fwd[0] = 0.0
        for node in self.nodes:
            fwd[node.end] = _logaddexp(fwd[node.end], fwd[node.start] + alpha * node.score)
        return fwd

    def log_partition(self, alpha: float = 1.0) -> float:
        return self.forward(alpha)[-1]

    def sample(self, rng: random.Random, alpha: float = 1.0, *, forward: list[float] | None = None) -> Path:
        """Draw a segmentation with probability ``exp(alpha * score) / Z``
        (forward filtering, backward sampling over the whole lattice).

        Pass ``forward=self.forward(alpha)`` when drawing many samples, so
        it is computed once.
        """
        fwd = forward if forward is not None else self.forward(alpha)
        nodes, at = [], len(self.text)
        while at > 0:
            candidates = self.ending[at]
            weights = [math.exp(fwd[c.start] + alpha * c.score - fwd[at]) for c in candidates]
            node = rng.choices(candidates, weights=weights)[0]
            nodes.append(node)
            at = node.start
        nodes.reverse()
        score = 0.0
        for node in nodes:
            score = self._add(score, node.score)
        return Path(tuple(nodes), score)


def _compare_partial(a, b) -> int:
    while True:
        if a[0] != b[0]:
            return -1 if a[0] > b[0] else 1
        if a[1] is None or b[1] is None:
            return 0
        if a[1].start != b[1].start:
            return -1 if a[1].start < b[1].start else 1
        a, b = a[2], b[2]


@dataclass(frozen=True)
class Token:
    piece: str
    id: int
    span: tuple[int, int]  # normalized characters
    original: tuple[int, int]  # original characters
    surface: str  # the normalized text it covers (what an unknown token stands for)
    unknown: bool = False


@dataclass(frozen=True)
class UnigramEncoding:
    normalized: Normalized
    tokens: tuple[Token, ...]
    score: float

    @property
    def pieces(self) -> tuple[str, ...]:
        return tuple(t.piece for t in self.tokens)

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(t.id for t in self.tokens)


@dataclass(frozen=True)
class Unigram:
    """A frozen unigram model: pieces with log-probability scores, and its pipeline."""

    pieces: tuple[Piece, ...]
    unk_id: int = 0
    byte_fallback: bool = False
    pipeline: Pipeline = Pipeline()
    float32: bool = False
    trace: "object | None" = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        pieces = tuple(self.pieces)
        object.__setattr__(self, "pieces", pieces)
        ids: dict[str, int] = {}
        for index, p in enumerate(pieces):
            if not isinstance(p, Piece) or not isinstance(p.piece, str) or p.piece == "":
                raise TokenizerError(f"piece {index} must be a Piece with a non-empty string")
            if p.type not in PIECE_TYPES:
                raise TokenizerError(f"piece {index} ({p.piece!r}) has unknown type {p.type!r}; use one of {PIECE_TYPES}")
            if not isinstance(p.score, (int, float)) or isinstance(p.score, bool) or not math.isfinite(p.score):
                raise TokenizerError(f"piece {index} ({p.piece!r}) has a score that is not a finite number")
            if p.piece in ids:
                raise TokenizerError(f"piece {index} repeats {p.piece!r} (first at ID {ids[p.piece]})")
            ids[p.piece] = index
        if not isinstance(self.pipeline, Pipeline):
            raise TokenizerError("pipeline must be a core.normalize.Pipeline")
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
        max_score = max(normal, default=0.0)
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
                piece = self.pieces[index]
                # SentencePiece: a user-defined symbol outscores any segmentation of it.
                score = piece.score if piece.type == NORMAL else (end - start) * self._max_score - 0.1
                nodes.append(Node(start, end, index, f32(score) if self.float32 else score))
                single = single or end == start + 1
            if not single:
                nodes.append(Node(start, start + 1, self.unk_id, self.unk_score, True))
        nodes.sort(key=lambda n: (n.start, n.end))
        return Lattice(text, nodes, float32=self.float32)

    # ==== Encoding ====

    def encode(self, text: str) -> UnigramEncoding:
        """Normalize, then the Viterbi segmentation.

        >>> m = Unigram((Piece("<unk>", 0, UNKNOWN), Piece("▁a", -1.0), Piece("b", -2.0), Piece("▁", -3.0)))
        >>> m.encode("a b").pieces
        ('▁a', '▁', 'b')
        """
        normalized = self.pipeline.normalize(text)
        path = self.lattice(normalized.text).viterbi()
        return self._encoding(normalized, path)

    def nbest(self, text: str, n: int) -> list[UnigramEncoding]:
        normalized = self.pipeline.normalize(text)
        return [self._encoding(normalized, p) for p in self.lattice(normalized.text).nbest(n)]

    def sample(self, text: str, *, alpha: float = 1.0, nbest_size: int = -1,
               seed: int | None = None, rng: random.Random | None = None) -> UnigramEncoding:
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

    def _encoding(self, normalized: Normalized, path: Path) -> UnigramEncoding:
        tokens: list[Token] = []
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
                original = normalized.original_span(*span)
                surface = normalized.text[span[0]:span[1]]
                if self.byte_fallback:
                    for b in surface.encode("utf-8"):
                        piece = BYTE_PIECES[b]
                        tokens.append(Token(piece, self.ids[piece], span, original, surface, True))
                else:
                    tokens.append(Token(self.pieces[self.unk_id].piece, self.unk_id, span, original, surface, True))
                i = j + 1
                continue
            span = (node.start, node.end)
            tokens.append(Token(self.pieces[node.id].piece, node.id, span, normalized.original_span(*span),
                                normalized.text[node.start:node.end]))
            i += 1
        return UnigramEncoding(normalized, tuple(tokens), path.score)

    def probability(self, encoding: UnigramEncoding, *, alpha: float = 1.0) -> float:
        """P(segmentation | text) under the model, with scores scaled by ``alpha``."""
        lattice = self.lattice(encoding.normalized.text)
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


def words_of(normalized_text: str) -> list[str]:
    """Split a normalized text before each ``▁``: the units training counts.

    >>> words_of("▁hello▁▁world")
    ['▁hello', '▁', '▁world']
    """
    words, current = [], ""
    for ch in normalized_text:
        if ch == SPACE_MARK and current:
            words.append(current)
            current = ""
        current += ch
    if current:
        words.append(current)
    return words


# ==== Training ====

TRAINER_NAME = "subword-studio.unigram"
TRAINER_VERSION = "1"
# A character EM stops using would get probability 0 and make some words
# unencodable; it keeps half an expected occurrence (SentencePiece's
# threshold for dropping a piece in its M step).
CHAR_FLOOR = 0.5
# Pruning stops this much above the target and the lowest scores go at the
# end (as in SentencePiece), so pieces the last EM steps starve do not stay.
MARGIN = 1.1
TRACE_LIMIT = 64


@dataclass(frozen=True)
class PruneRound:
    """One EM-and-prune round: likelihood after EM, then what pruning removed."""

    round: int
    size_before: int
    log_likelihood: float  # sum over words of count * log P(word)
    removed: tuple[tuple[str, float], ...]  # (piece, loss), cheapest first, at most 64; -inf: unused
    removed_count: int
    size_after: int


@dataclass(frozen=True)
class Trace:
    corpus: object  # the WordCorpus of normalized words that was trained on
    seed_pieces: int
    characters: int
    rounds: tuple[PruneRound, ...]
    finally_dropped: tuple[str, ...]  # the lowest-scoring pieces above the target, cut at the end
    log_likelihood: float  # after the final EM
    stop_reason: str  # "vocab_size", "pieces_exhausted" (the corpus had too few) or "cancelled"
    settings: dict


def normalized_corpus(corpus, pipeline: Pipeline = Pipeline()):
    """Normalize each word of a word table the way the pipeline would
    (``low`` -> ``▁low``), summing counts of words that become equal."""
    from .corpus import WordCorpus

    table: dict[str, int] = {}
    for word, count in corpus.items():
        for unit in words_of(pipeline.normalize(word).text):
            table[unit] = table.get(unit, 0) + count
    if not table:
        raise TokenizerError("the corpus is empty after normalization")
    return WordCorpus(tuple(table), tuple(table.values()))


def sentence_corpus(sentences, pipeline: Pipeline = Pipeline()):
    """Count the ``▁``-words of raw sentences after normalization."""
    from .corpus import WordCorpus

    table: dict[str, int] = {}
    for sentence in sentences:
        for unit in words_of(pipeline.normalize(sentence).text):
            table[unit] = table.get(unit, 0) + 1
    if not table:
        raise TokenizerError("no text left after normalization: the sentences are empty")
    return WordCorpus(tuple(table), tuple(table.values()))


def _seed(words, freqs, *, max_len, seed_size, reserved):
    """All characters, plus the ``seed_size`` substrings with the largest
    frequency * length among those seen at least twice (SentencePiece's rule).
    A ``▁`` may only begin a piece."""
    chars: dict[str, int] = {}
    subs: dict[str, int] = {}
    for word, f in zip(words, freqs):
        for ch in word:
            chars[ch] = chars.get(ch, 0) + f
        for s in range(len(word)):
            for e in range(s + 2, min(len(word), s + max_len) + 1):
                if word[e - 1] == SPACE_MARK:
                    break
                sub = word[s:e]
                subs[sub] = subs.get(sub, 0) + f
    ranked = sorted(((c * len(p), p) for p, c in subs.items() if c >= 2 and p not in reserved),
                    key=lambda item: (-item[0], item[1]))[:seed_size]
    pieces = sorted(chars) + [p for _, p in ranked]
    scores = [chars[p] for p in sorted(chars)] + [s for s, _ in ranked]
    total = sum(scores)
    return pieces, [math.log(s / total) for s in scores], set(chars)


def _lattices(words, pieces, max_len):
    index = {p: i for i, p in enumerate(pieces)}
    out = []
    for word in words:
        nodes = []
        for s in range(len(word)):
            for e in range(s + 1, min(len(word), s + max_len) + 1):
                i = index.get(word[s:e])
                if i is not None:
                    nodes.append((s, e, i))
        out.append(nodes)
    return out


def _expected_counts(words, freqs, lattices, logp):
    """E step: forward-backward on every word; returns counts and log-likelihood."""
    counts = [0.0] * len(logp)
    total = 0.0
    for word, f, nodes in zip(words, freqs, lattices):
        n = len(word)
        fwd = [-math.inf] * (n + 1)
        bwd = [-math.inf] * (n + 1)
        fwd[0] = bwd[n] = 0.0
        for s, e, i in nodes:
            fwd[e] = _logaddexp(fwd[e], fwd[s] + logp[i])
        for s, e, i in reversed(nodes):
            bwd[s] = _logaddexp(bwd[s], bwd[e] + logp[i])
        z = fwd[n]
        total += f * z
        for s, e, i in nodes:
            counts[i] += f * math.exp(fwd[s] + logp[i] + bwd[e] - z)
    return counts, total


def _em_step(words, freqs, pieces, logp, chars, max_len):
    """One EM iteration: expected counts, then the maximum-likelihood update.
    A piece whose expected count underflows to 0 goes; a character stays."""
    counts, likelihood = _expected_counts(words, freqs, _lattices(words, pieces, max_len), logp)
    kept = [(p, max(c, CHAR_FLOOR) if p in chars else c) for p, c in zip(pieces, counts) if p in chars or c > 0]
    norm = math.log(sum(c for _, c in kept))
    return [p for p, _ in kept], [math.log(c) - norm for _, c in kept], likelihood


def _viterbi_ids(length, nodes, logp, skip=None):
    best = [(-math.inf, None)] * (length + 1)
    best[0] = (0.0, None)
    for s, e, i in nodes:
        if i == skip:
            continue
        score = best[s][0] + logp[i]
        if score > best[e][0]:
            best[e] = (score, (s, i))
    ids, at = [], length
    while at > 0:
        s, i = best[at][1]
        ids.append(i)
        at = s
    return ids


def _xlogx(x):
    return x * math.log(x) if x > 0 else 0.0


def _prune_losses(words, freqs, lattices, pieces, logp, chars, max_len):
    """Loss of removing each multi-character piece: how much the Viterbi
    log-likelihood of the corpus drops when its occurrences are re-segmented
    by its own best alternative and the frequencies re-estimated."""
    freq = [0.0] * len(pieces)
    for word, f, nodes in zip(words, freqs, lattices):
        for i in _viterbi_ids(len(word), nodes, logp):
            freq[i] += f
    total = sum(freq)
    losses = {}
    own = _lattices(pieces, pieces, max_len)
    for i, piece in enumerate(pieces):
        if piece in chars:
            continue
        fi = freq[i]
        if fi == 0:
            # Never in a Viterbi segmentation: it goes first (SentencePiece
            # removes such pieces outright).  A used piece can have a
            # negative loss, so 0 would not be low enough.
            losses[i] = -math.inf
            continue
        alternative: dict[int, int] = {}
        for n in _viterbi_ids(len(piece), own[i], logp, skip=i):
            alternative[n] = alternative.get(n, 0) + 1
        grown = sum(alternative.values()) - 1
        delta = -_xlogx(fi) - (_xlogx(total + fi * grown) - _xlogx(total))
        for n, times in alternative.items():
            delta += _xlogx(freq[n] + fi * times) - _xlogx(freq[n])
        losses[i] = -delta
    return losses


def train(
    corpus,
    *,
    vocab_size: int,
    pipeline: Pipeline = Pipeline(),
    unk: str = "<unk>",
    controls: tuple[str, ...] = (),
    byte_fallback: bool = False,
    max_piece_length: int = 16,
    seed_size: int = 1_000_000,
    em_iterations: int = 2,
    shrink: float = 0.75,
    progress=None,
    should_stop=None,
) -> Unigram:
    """Train on a table of normalized words (see :func:`normalized_corpus`).

    ``vocab_size`` counts everything: ``unk``, ``controls``, the 256 byte
    pieces when ``byte_fallback`` is on, and the learned pieces.  Each round
    runs ``em_iterations`` EM steps, then keeps ``max(1.1 * target, shrink *
    size)`` pieces; at the end the ``target`` best-scoring ones stay.  ``progress(round, estimated_rounds)`` is called after each round;
    training stops early when ``should_stop()`` is true.
    """
    for name, value, low in (("vocab size", vocab_size, 1), ("max piece length", max_piece_length, 1),
                             ("seed size", seed_size, 1), ("EM iterations", em_iterations, 1)):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise TokenizerError(f"{name} must be an integer >= {low}, not {value!r}")
    if not isinstance(shrink, (int, float)) or not 0 < shrink < 1:
        raise TokenizerError(f"shrink factor must be between 0 and 1 (exclusive), not {shrink!r}")
    if len(corpus) == 0:
        raise TokenizerError("the corpus is empty")
    specials = (unk, *controls)
    if len(set(specials)) != len(specials):
        raise TokenizerError("the unknown token and control symbols must be distinct")
    reserved = set(specials) | (set(BYTE_PIECES) if byte_fallback else set())
    words, freqs = list(corpus.words), list(corpus.counts)
    pieces, logp, chars = _seed(words, freqs, max_len=max_piece_length, seed_size=seed_size, reserved=reserved)
    seeded = len(pieces)
    target = vocab_size - len(specials) - (256 if byte_fallback else 0)
    if target < len(chars):
        raise TokenizerError(
            f"vocab size {vocab_size} leaves room for {max(target, 0)} pieces, but the corpus has "
            f"{len(chars)} distinct characters; use a vocab size of at least {vocab_size - target + len(chars)}")
    stop_at = max(target, int(target * MARGIN))
    estimate = max(1, math.ceil(math.log(stop_at / seeded) / math.log(shrink))) if seeded > stop_at else 1
    rounds: list[PruneRound] = []
    stop_reason = "vocab_size"
    while True:
        for _ in range(em_iterations):
            pieces, logp, likelihood = _em_step(words, freqs, pieces, logp, chars, max_piece_length)
        if len(pieces) <= stop_at:
            break
        if should_stop is not None and should_stop():
            stop_reason = "cancelled"
            break
        lattices = _lattices(words, pieces, max_piece_length)
        losses = _prune_losses(words, freqs, lattices, pieces, logp, chars, max_piece_length)
        keep = max(stop_at, int(len(pieces) * shrink)) - len(chars)
        # Unused pieces all lose -inf; among them the more probable stay.
        ranked = sorted(losses, key=lambda i: (-losses[i], -logp[i], pieces[i]))
        survivors = set(ranked[:keep])
        removed = [(pieces[i], losses[i]) for i in reversed(ranked[keep:])]
        size_before = len(pieces)
        logp = [lp for i, lp in enumerate(logp) if pieces[i] in chars or i in survivors]
        pieces = [p for i, p in enumerate(pieces) if p in chars or i in survivors]
        rounds.append(PruneRound(len(rounds) + 1, size_before, likelihood, tuple(removed[:TRACE_LIMIT]),
                                 len(removed), len(pieces)))
        if progress is not None:
            progress(len(rounds), max(estimate, len(rounds)))
    # Keep the ``target`` best-scoring pieces (every character among them),
    # then one last EM step so the scores are the kept pieces' probabilities.
    ranked = sorted((i for i, p in enumerate(pieces) if p not in chars), key=lambda i: (-logp[i], pieces[i]))
    keep = set(ranked[:max(0, target - len(chars))])
    dropped = tuple(pieces[i] for i in ranked[len(keep):])
    logp = [lp for i, lp in enumerate(logp) if pieces[i] in chars or i in keep]
    pieces = [p for i, p in enumerate(pieces) if p in chars or i in keep]
    if stop_reason != "cancelled":
        pieces, logp, likelihood = _em_step(words, freqs, pieces, logp, chars, max_piece_length)
        stop_reason = "vocab_size" if len(pieces) == target else "pieces_exhausted"
    order = sorted(range(len(pieces)), key=lambda i: (-logp[i], pieces[i]))
    table = [Piece(unk, 0.0, UNKNOWN), *(Piece(c, 0.0, CONTROL) for c in controls)]
    if byte_fallback:
        table += [Piece(b, 0.0, BYTE) for b in BYTE_PIECES]
    table += [Piece(pieces[i], logp[i], NORMAL) for i in order]
    settings = {"vocab_size": vocab_size, "unk": unk, "controls": list(controls), "byte_fallback": byte_fallback,
                "max_piece_length": max_piece_length, "seed_size": seed_size, "em_iterations": em_iterations,
                "shrink": shrink}
    model = Unigram(tuple(table), unk_id=0, byte_fallback=byte_fallback, pipeline=pipeline)
    trace = Trace(corpus, seeded, len(chars), tuple(rounds), dropped, likelihood, stop_reason, settings)
    object.__setattr__(model, "trace", trace)
    return model
