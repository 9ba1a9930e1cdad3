"""The unigram trainer (Kudo 2018, section 3).

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
from dataclasses import dataclass, field

from core.corpus import WordCorpus
from core.errors import TokenizerError
from core.numbers import UNIGRAM_MAX_PIECE_LENGTH as MAX_PIECE_LENGTH
from core.numbers import UNIGRAM_MAX_WORD_BYTES as MAX_WORD_BYTES
from core.pipeline.normalize import BYTE_PIECES, SPACE_MARK, Pipeline
from core.models.unigram import em
from core.models.unigram.model import BYTE, CONTROL, NORMAL, UNKNOWN, Piece, Unigram

TRAINER_NAME = "subword-studio.unigram"
TRAINER_VERSION = "1"
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
    # (piece, log-probability) of the survivors, renormalized: the model after
    # this round, for segmenting a sample.  Empty unless train(keep_rounds=True).
    pieces: tuple[tuple[str, float], ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Trace:
    corpus: object  # the WordCorpus of normalized words given (those over max_word_bytes too)
    seed_pieces: int
    characters: int
    rounds: tuple[PruneRound, ...]
    finally_dropped: tuple[str, ...]  # the lowest-scoring pieces above the target, cut at the end
    log_likelihood: float  # after the final EM
    stop_reason: str  # "vocab_size", "pieces_exhausted" (the corpus had too few) or "cancelled"
    settings: dict
    skipped_words: int = 0  # distinct words over max_word_bytes, left out of training


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


def normalized_corpus(corpus, pipeline: Pipeline = Pipeline()):
    """Normalize each word of a word table the way the pipeline would
    (``low`` -> ``▁low``), summing counts of words that become equal."""
    table: dict[str, int] = {}
    for word, count in corpus.items():
        for unit in words_of(pipeline.normalize(word).text):
            table[unit] = table.get(unit, 0) + count
    if not table:
        raise TokenizerError("the corpus is empty after normalization")
    return WordCorpus(tuple(table), tuple(table.values()))


def sentence_corpus(sentences, pipeline: Pipeline = Pipeline()):
    """Count the ``▁``-words of raw sentences after normalization."""
    table: dict[str, int] = {}
    for sentence in sentences:
        for unit in words_of(pipeline.normalize(sentence).text):
            table[unit] = table.get(unit, 0) + 1
    if not table:
        raise TokenizerError("no text left after normalization: the sentences are empty")
    return WordCorpus(tuple(table), tuple(table.values()))


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
    max_word_bytes: int = MAX_WORD_BYTES,
    keep_rounds: bool = False,
    progress=None,
    should_stop=None,
) -> Unigram:
    """Train on a table of normalized words (see :func:`normalized_corpus`).

    ``vocab_size`` counts everything: ``unk``, ``controls``, the 256 byte
    pieces when ``byte_fallback`` is on, and the learned pieces.  Each round
    runs ``em_iterations`` EM steps, then keeps ``max(1.1 * target, shrink *
    size)`` pieces; at the end the ``target`` best-scoring ones stay.  ``progress(round, estimated_rounds)`` is called after each round;
    training stops early when ``should_stop()`` is true.
    Words longer than ``max_word_bytes`` UTF-8 bytes are left out, as
    SentencePiece leaves out sentences over its ``max_sentence_length``;
    the trace counts them (``skipped_words``).
    ``keep_rounds`` keeps each round's surviving pieces in its
    :class:`PruneRound` (the timeline segments a sample with them); off by
    default, since a large seed would be held several times over.
    """
    for name, value, high in (("vocab size", vocab_size, None), ("max piece length", max_piece_length, MAX_PIECE_LENGTH),
                              ("seed size", seed_size, None), ("EM iterations", em_iterations, None),
                              ("max word bytes", max_word_bytes, None)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise TokenizerError(f"{name} must be an integer >= 1, not {value!r}")
        if high is not None and value > high:
            raise TokenizerError(f"{name} {value} is over the limit {high}")
    if not isinstance(shrink, (int, float)) or not 0 < shrink < 1:
        raise TokenizerError(f"shrink factor must be between 0 and 1 (exclusive), not {shrink!r}")
    if len(corpus) == 0:
        raise TokenizerError("the corpus is empty")
    specials = (unk, *controls)
    if len(set(specials)) != len(specials):
        raise TokenizerError("the unknown token and control symbols must be distinct")
    reserved = set(specials) | (set(BYTE_PIECES) if byte_fallback else set())
    words, freqs = [], []
    for word, count in zip(corpus.words, corpus.counts):
        # a word of n characters has between n and 4n bytes: most need no encoding
        if len(word) * 4 <= max_word_bytes or len(word.encode("utf-8", "surrogatepass")) <= max_word_bytes:
            words.append(word)
            freqs.append(count)
    skipped = len(corpus) - len(words)
    if not words:
        raise TokenizerError(f"every word of the corpus is longer than {max_word_bytes} bytes, the longest "
                             "a unigram trainer takes (SentencePiece's max_sentence_length); split the text "
                             "or raise the limit (--max-word-bytes)")
    pieces, logp, chars = em.seed(words, freqs, max_len=max_piece_length, seed_size=seed_size, reserved=reserved)
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
            pieces, logp, likelihood = em.step(words, freqs, pieces, logp, chars, max_piece_length)
        if len(pieces) <= stop_at:
            break
        if should_stop is not None and should_stop():
            stop_reason = "cancelled"
            break
        lattices = em.word_lattices(words, pieces, max_piece_length)
        losses = em.prune_losses(words, freqs, lattices, pieces, logp, chars, max_piece_length)
        keep = max(stop_at, int(len(pieces) * shrink)) - len(chars)
        # Unused pieces all lose -inf; among them the more probable stay.
        ranked = sorted(losses, key=lambda i: (-losses[i], -logp[i], pieces[i]))
        survivors = set(ranked[:keep])
        removed = [(pieces[i], losses[i]) for i in reversed(ranked[keep:])]
        size_before = len(pieces)
        logp = [lp for i, lp in enumerate(logp) if pieces[i] in chars or i in survivors]
        pieces = [p for i, p in enumerate(pieces) if p in chars or i in survivors]
        kept = ()
        if keep_rounds:
            norm = math.log(sum(math.exp(lp) for lp in logp))
            kept = tuple((p, lp - norm) for p, lp in zip(pieces, logp))
        rounds.append(PruneRound(len(rounds) + 1, size_before, likelihood, tuple(removed[:TRACE_LIMIT]),
                                 len(removed), len(pieces), kept))
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
        pieces, logp, likelihood = em.step(words, freqs, pieces, logp, chars, max_piece_length)
        stop_reason = "vocab_size" if len(pieces) == target else "pieces_exhausted"
    order = sorted(range(len(pieces)), key=lambda i: (-logp[i], pieces[i]))
    table = [Piece(unk, 0.0, UNKNOWN), *(Piece(c, 0.0, CONTROL) for c in controls)]
    if byte_fallback:
        table += [Piece(b, 0.0, BYTE) for b in BYTE_PIECES]
    table += [Piece(pieces[i], logp[i], NORMAL) for i in order]
    settings = {"vocab_size": vocab_size, "unk": unk, "controls": list(controls), "byte_fallback": byte_fallback,
                "max_piece_length": max_piece_length, "seed_size": seed_size, "em_iterations": em_iterations,
                "shrink": shrink}
    if max_word_bytes != MAX_WORD_BYTES:  # only when set, so earlier assets keep their identity
        settings["max_word_bytes"] = max_word_bytes
    model = Unigram(tuple(table), unk_id=0, byte_fallback=byte_fallback, pipeline=pipeline)
    trace = Trace(corpus, seeded, len(chars), tuple(rounds), dropped, likelihood, stop_reason, settings,
                  skipped)
    object.__setattr__(model, "trace", trace)
    return model


def round_model(model: Unigram, index: int) -> Unigram:
    """The model as it stood after pruning round ``index`` (0-based) of its
    trace: the same specials and pipeline, the round's surviving pieces.
    Needs a model trained with ``keep_rounds=True``."""
    trace = getattr(model, "trace", None)
    if trace is None or not 0 <= index < len(trace.rounds):
        raise TokenizerError(f"the model has no pruning round {index + 1}")
    kept = trace.rounds[index].pieces
    if not kept:
        raise TokenizerError("the rounds' pieces were not kept: train with keep_rounds=True")
    specials = tuple(p for p in model.pieces if p.type != NORMAL)
    return Unigram(specials + tuple(Piece(p, lp, NORMAL) for p, lp in kept), unk_id=model.unk_id,
                   byte_fallback=model.byte_fallback, pipeline=model.pipeline)
