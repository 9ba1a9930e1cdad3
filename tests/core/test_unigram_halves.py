"""A unigram text shared between two processes (core.models.unigram.halves)
gives exactly the IDs of one process and of sentencepiece."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, strategies as st

from core.models.unigram import halves
from core.models.unigram.walk import RESET, Entries
from core.tokenizer import parallel
from core.models.unigram.fast import UNKNOWN
from tests.core.test_spm_speed_paths import (JAPANESE, PROPERTY, long_text, near_tie_model, texts,  # noqa: F401
                                             trained)

pytest.importorskip("sentencepiece")

MIXED = long_text(size=120_000, seed=31) + "\n" + "\n".join(JAPANESE * 300)


def _in_process(tok, text):
    """The plan's three parts run here, the child's integers through their bytes as the pipe would carry them."""
    plan = tok.model.halves(text)
    if plan is None:
        return tok.encode_ids(text)
    mine, theirs, join = plan
    return join(mine(), np.asarray(theirs(), np.int64).tobytes())


@pytest.fixture()
def forking(monkeypatch):
    taken = []
    monkeypatch.setattr(parallel, "can_fork", lambda: True)
    original = parallel._halves
    monkeypatch.setattr(parallel, "_halves", lambda *args: taken.append(True) or original(*args))
    return taken


@pytest.mark.parametrize("name", ["unigram", "unigram-bytes", "ja"])
@pytest.mark.parametrize("share", [0.1, 0.45, 0.9])
def test_two_processes_give_the_ids_of_one(trained, forking, monkeypatch, name, share):  # noqa: F811
    tok, sp = trained[name]
    monkeypatch.setattr(halves, "SHARE", share)
    expected = tok.encode_ids(MIXED)
    assert parallel.encode_ids(tok, MIXED, min_chars=0) == expected == sp.encode(MIXED)
    assert forking == [True]


def test_the_walk_rebases_in_both_halves(trained):  # noqa: F811
    """The text is long enough for SentencePiece's rebase (kScoreResetThreshold)
    to happen in each half, so the second half starts from a score that matters."""
    tok, _ = trained["unigram"]
    segmenter = tok.model.segmenter
    normalized = tok.model.pipeline.normalize_text(MIXED)
    ends, ids = segmenter.path(normalized)
    scores = segmenter.id_scores[ids]
    first = np.array(ends) <= len(normalized) * halves.SHARE
    assert -scores[first].sum() > 2 * RESET and -scores[~first].sum() > 2 * RESET


@pytest.mark.parametrize("share", [0.3, 0.5, 0.7])
def test_the_second_half_starts_from_the_score_the_first_ended_on(forking, monkeypatch, share):
    """Narrow 'uu' and 'vv' in the second half are decided by the rounding
    of the score carried over from the first (far from 0, 'uu' wins)."""
    from core.tokenizer import wrap

    model = near_tie_model()
    tok = wrap("unigram", model)
    text = " ".join(["xx"] * 6000 + ["uu", "vv", "xx"] * 6000)
    monkeypatch.setattr(halves, "SHARE", share)
    plain = model.lattice(model.pipeline.normalize_text(text)).viterbi()
    expected = [model.unk_id if n.unknown else n.id for n in plain.nodes]
    assert _in_process(tok, text) == expected == parallel.encode_ids(tok, text, min_chars=0)
    uu = next(i for i, p in enumerate(model.pieces) if p.piece == "uu")
    assert 0 < expected.count(uu) < 6000  # some decided each way (near 0 after a rebase: "u", "u")
    assert forking == [True]


def test_a_failing_child_leaves_its_half_to_this_process(trained, forking, monkeypatch):  # noqa: F811
    tok, sp = trained["ja"]

    def broken(table, sizes):
        raise MemoryError("the child ran out")
    monkeypatch.setattr(halves, "pack", broken)
    assert parallel.encode_ids(tok, MIXED, min_chars=0) == sp.encode(MIXED)
    assert forking == [True]


def test_a_text_without_a_cut_is_encoded_here(trained):  # noqa: F811
    tok, sp = trained["unigram"]
    assert tok.model.halves("") is None and tok.model.halves("abc") is None
    assert _in_process(tok, "abc") == sp.encode("abc")


@pytest.mark.parametrize("share", [0.3, 0.5, 0.8])
def test_a_run_of_unknown_characters_across_the_meeting_is_one_token(forking, monkeypatch, share):
    from core.models.unigram import from_pieces
    from core.pipeline.normalize import Pipeline
    from core.tokenizer import wrap
    from tests.core.test_spm_speed_paths import plain_unigram_ids

    # No "▁" alone: in "▁ü▁ü…▁ü" every character is unknown, the ▁ where the parts meet too (shares 0.3, 0.5).
    model = from_pieces([("<unk>", 0.0, "unknown"), ("a", -1.0), ("▁a", -1.5), ("b", -2.0), ("▁b", -2.5)],
                        pipeline=Pipeline(normalization="identity"), float32=True)
    tok = wrap("unigram", model)
    text = "a " * 3000 + "ü " * 6000 + "b a " * 2000
    monkeypatch.setattr(halves, "SHARE", share)
    expected = plain_unigram_ids(model, text)
    assert expected.count(model.unk_id) == 1
    assert parallel.encode_ids(tok, text, min_chars=0) == expected == _in_process(tok, text) == tok.encode_ids(text)
    assert forking == [True]


@pytest.mark.parametrize("name", ["unigram", "unigram-bytes", "ja"])
def test_entries_cross_the_pipe_as_they_are(trained, name):  # noqa: F811
    tok, _ = trained[name]
    segmenter = tok.model.segmenter
    normalized = tok.model.pipeline.normalize_text(MIXED[:50_000])
    bounds = segmenter._cuts(normalized).tolist()
    table = Entries(segmenter, [normalized[a:b] for a, b in zip(bounds, bounds[1:])])
    sizes = np.diff(bounds)
    laid, sent = halves.unpack(np.frombuffer(halves.pack(table, sizes).tobytes(), np.int64),
                               segmenter.id_scores)
    assert sent.tolist() == sizes.tolist()
    which = table.which
    assert (laid.which >= 0).tolist() == (which >= 0).tolist()
    for name_ in ("count", "margin", "reach"):
        assert getattr(laid, name_)[laid.which].tolist() == getattr(table, name_)[which].tolist()
    for k in range(0, which.size, 97):
        mine = slice(laid.first[laid.which[k]], laid.first[laid.which[k]] + laid.count[laid.which[k]])
        theirs = slice(table.first[which[k]], table.first[which[k]] + table.count[which[k]])
        for field in ("ids", "ends", "scores"):
            assert getattr(laid, field)[mine].tolist() == getattr(table, field)[theirs].tolist()


@PROPERTY
@given(parts=st.lists(texts(), min_size=1, max_size=8), share=st.floats(0.0, 1.0))
def test_any_text_and_any_share_join_to_one_process(trained, parts, share):  # noqa: F811
    old, halves.SHARE = halves.SHARE, share
    try:
        for name in ("unigram", "unigram-bytes", "ja"):
            tok, sp = trained[name]
            text = "\n".join(parts)
            assert _in_process(tok, text) == tok.encode_ids(text) == sp.encode(text)
    finally:
        halves.SHARE = old



def test_the_ids_of_a_path_leave_the_path_as_it_was(trained):  # noqa: F811
    tok, _ = trained["unigram"]
    normalized = tok.model.pipeline.normalize_text("x ☃☃ y " * 400)
    ends, ids = tok.model.segmenter.path_ids(normalized)
    before = ids.copy()
    assert tok.model._ids_from(normalized, (ends, ids)) == tok.encode_ids("x ☃☃ y " * 400)
    assert ids.tolist() == before.tolist() and (before == -1).any()
