"""The numerical steps of :func:`core.models.unigram.train`: the seed pieces, EM
over every word's lattice, and the likelihood loss of removing a piece.

Pieces are plain lists here (a piece string, its log-probability), so a
round of training never builds a model.
"""

from __future__ import annotations

import math

from core.pipeline.normalize import SPACE_MARK
from core.models.unigram.lattice import logaddexp
from core.models.unigram.model import UNK_PENALTY

# A character EM stops using would get probability 0 and make some words
# unencodable; it keeps half an expected occurrence (SentencePiece's
# threshold for dropping a piece in its M step).
CHAR_FLOOR = 0.5


def seed(words, freqs, *, max_len, seed_size, reserved):
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


def word_lattices(words, pieces, max_len):
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


def expected_counts(words, freqs, lattices, logp):
    """E step: forward-backward on every word; returns counts and log-likelihood."""
    counts = [0.0] * len(logp)
    total = 0.0
    for word, f, nodes in zip(words, freqs, lattices):
        n = len(word)
        fwd = [-math.inf] * (n + 1)
        bwd = [-math.inf] * (n + 1)
        fwd[0] = bwd[n] = 0.0
        for s, e, i in nodes:
            fwd[e] = logaddexp(fwd[e], fwd[s] + logp[i])
        for s, e, i in reversed(nodes):
            bwd[s] = logaddexp(bwd[s], bwd[e] + logp[i])
        z = fwd[n]
        total += f * z
        for s, e, i in nodes:
            counts[i] += f * math.exp(fwd[s] + logp[i] + bwd[e] - z)
    return counts, total


def step(words, freqs, pieces, logp, chars, max_len):
    """One EM iteration: expected counts, then the maximum-likelihood update.
    A piece whose expected count underflows to 0 goes; a character stays."""
    counts, likelihood = expected_counts(words, freqs, word_lattices(words, pieces, max_len), logp)
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


def prune_losses(words, freqs, lattices, pieces, logp, chars, max_len):
    """Loss of removing each multi-character piece: how much the Viterbi
    log-likelihood of the corpus drops when its occurrences are re-segmented
    by its own best alternative and the frequencies re-estimated."""
    freq = [0.0] * len(pieces)
    for word, f, nodes in zip(words, freqs, lattices):
        for i in _viterbi_ids(len(word), nodes, logp):
            freq[i] += f
    total = sum(freq)
    losses = {}
    own = word_lattices(pieces, pieces, max_len)
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



def corpus_tokens(words, freqs, pieces, logp, max_len) -> int:
    """Tokens in the Viterbi segmentation of every word, times its count.
    As the model encodes: a character that no one-character piece matches
    is an unknown node scored below every piece, and a run of them is one
    unknown token (a word left out of training, too long, may hold
    characters no piece has)."""
    unknown = len(pieces)
    scores = [*logp, min(logp, default=0.0) - UNK_PENALTY]
    total = 0
    for word, f, nodes in zip(words, freqs, word_lattices(words, pieces, max_len)):
        singles = {s for s, e, _ in nodes if e == s + 1}
        if len(singles) == len(word):
            total += f * len(_viterbi_ids(len(word), nodes, scores))
            continue
        nodes = sorted(nodes + [(s, s + 1, unknown) for s in range(len(word)) if s not in singles])
        ids = _viterbi_ids(len(word), nodes, scores)
        total += f * sum(1 for i, after in zip(ids, [None, *ids]) if i != unknown or after != unknown)
    return total
