"""Every trainer's per-step trace as JSON: what ``train --trace`` writes.

One function per algorithm, each reading the trace its trainer records
(char BPE's ``Trace``, byte-level BPE's merge steps, WordPiece's scored
steps, Unigram's pruning rounds).  The GUI's merge timeline shows the same
records.  A Unigram loss of ``-inf`` (a piece no Viterbi path used) is
written as ``null``: JSON has no infinity.
"""

from __future__ import annotations

import math

from core.errors import TokenizerError
from core.render import render_piece


def char_bpe(trace) -> dict:
    """Every step with its pair counts and the corpus segmentation after it."""
    steps = []
    for s in trace.steps:
        counts = trace.pair_counts(s.step)
        steps.append({
            "step": s.step, "pair": list(s.pair), "count": s.count, "new_symbol": s.new_symbol,
            "ties": [list(p) for p in s.ties], "tie_count": s.tie_count, "policy": s.policy,
            "pair_counts": [[a, b, c] for (a, b), c in counts.items()],
            "segmentation": {w: " ".join(seg) for w, seg in zip(trace.corpus.words, trace.segmentation(s.step))},
        })
    return {
        "algo": "char-bpe", "policy": trace.policy, "stop_reason": trace.stop_reason,
        "corpus": [[w, c] for w, c in trace.corpus.items()],
        "initial": {w: " ".join(seg) for w, seg in zip(trace.corpus.words, trace.segmentation(0))},
        "steps": steps,
    }


def byte_bpe(model) -> dict:
    """Each merge as IDs, hex bytes and readable text, with its count and tie set."""
    steps = []
    for m in model.merges:
        left, right = model.token_bytes(m.left), model.token_bytes(m.right)
        steps.append({
            "step": m.rank, "pair": [m.left, m.right], "hex": [left.hex(" ").upper(), right.hex(" ").upper()],
            "text": [render_piece(left), render_piece(right)], "new_id": m.new_id, "count": m.count,
            "tie_count": m.tie_count, "ties": [list(p) for p in m.ties],
        })
    return {"algo": "byte-bpe", "tie_rule": "smallest (left ID, right ID)", "pretokenizer": model.pretokenizer,
            "specials": [[name, i] for name, i in model.specials], "steps": steps}


def _score(candidate) -> dict:
    score = candidate.score
    return {"pair": list(candidate.pair), "pair_count": candidate.pair_count, "left_count": candidate.left_count,
            "right_count": candidate.right_count, "score": f"{score.numerator}/{score.denominator}",
            "score_value": float(score)}


def wordpiece(model) -> dict:
    """Each step's winner with its score and terms, the runner-up and the new ``##`` piece."""
    from core.models.wordpiece import TRAINER_LABEL, Candidate  # here: it loads numpy, which train --help never needs

    trace = _trace_of(model)
    steps = []
    for s in trace.steps:
        winner = Candidate(s.pair, s.pair_count, s.left_count, s.right_count)
        steps.append({"step": s.step, **_score(winner), "new_symbol": s.new_symbol,
                      "runner_up": None if s.runner_up is None else _score(s.runner_up),
                      "ties": [list(p) for p in s.ties]})
    return {"algo": "wordpiece", "score": TRAINER_LABEL, "stop_reason": trace.stop_reason,
            "corpus": [[w, c] for w, c in trace.corpus.items()], "alphabet": list(trace.alphabet),
            "vocab": list(model.vocab), "steps": steps}


def _loss(value: float):
    return None if math.isinf(value) else value


def unigram(model) -> dict:
    """Each EM-and-prune round: sizes, log-likelihood, the pieces removed with their loss."""
    trace = _trace_of(model)
    rounds = [{"round": r.round, "size_before": r.size_before, "size_after": r.size_after,
               "log_likelihood": r.log_likelihood, "removed_count": r.removed_count,
               "removed": [[piece, _loss(loss)] for piece, loss in r.removed]}
              for r in trace.rounds]
    return {"algo": "unigram", "stop_reason": trace.stop_reason, "seed_pieces": trace.seed_pieces,
            "characters": trace.characters, "corpus": [[w, c] for w, c in trace.corpus.items()],
            "rounds": rounds, "finally_dropped": list(trace.finally_dropped),
            "log_likelihood": trace.log_likelihood, "skipped_words": trace.skipped_words,
            "pieces": [[p.piece, p.score] for p in model.pieces]}


def _trace_of(model):
    trace = getattr(model, "trace", None)
    if trace is None:
        raise TokenizerError("this model carries no training trace (it was loaded, not trained)")
    return trace


def for_model(algo: str, model) -> dict:
    """The trace JSON of a model trained by ``algo`` (a ``train --algo`` name)."""
    if algo == "char-bpe":
        return char_bpe(_trace_of(model))
    writers = {"byte-bpe": byte_bpe, "wordpiece": wordpiece, "unigram": unigram}
    if algo not in writers:
        raise TokenizerError(f"no training trace for {algo!r}")
    return writers[algo](model)
