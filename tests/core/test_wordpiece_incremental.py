"""WordPiece training keeps its pair counts by deltas; the results must be
exactly those of a full recount at every step (the old trainer, written out
plainly below): the steps, scores, tie order, runner-ups and vocabulary.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.corpus import WordCorpus
from core.models import wordpiece
from core.models.char_bpe import merge_symbols


def naive_train(words, counts, vocab_size, *, unk="[UNK]", specials=(), prefix="##", min_frequency=1):
    """Recount every pair of every word at each step; (vocab, steps, stop reason)."""
    symbols = [wordpiece.initial_symbols(w, prefix) for w in words]
    alphabet = sorted({s for word in symbols for s in word})
    vocab = list(dict.fromkeys((unk, *specials, *alphabet)))
    steps, stop = [], "vocab_size"
    while len(vocab) < vocab_size:
        pairs, units = Counter(), Counter()
        for word, freq in zip(symbols, counts):
            for s in word:
                units[s] += freq
            for pair in zip(word, word[1:]):
                pairs[pair] += freq
        pairs = {p: c for p, c in pairs.items() if c >= min_frequency}
        if not pairs:
            stop = "no_pairs"
            break
        score = {p: Fraction(c, units[p[0]] * units[p[1]]) for p, c in pairs.items()}
        ranked = sorted(score, key=lambda p: (-score[p], p))  # best first, ties in pair order
        best = ranked[0]
        ties = tuple(p for p in ranked if score[p] == score[best])
        second = ranked[1] if len(ranked) > 1 else None
        runner = None if second is None else (second, pairs[second], units[second[0]], units[second[1]])
        new = best[0] + (best[1][len(prefix):] if best[1].startswith(prefix) else best[1])
        steps.append((best, new, pairs[best], units[best[0]], units[best[1]], score[best], ties[:64], runner))
        symbols = [merge_symbols(word, best[0], best[1], new) for word in symbols]
        if new not in vocab:
            vocab.append(new)
    return tuple(vocab), steps, stop


def trained(words, counts, vocab_size, **options):
    model = wordpiece.train(WordCorpus(tuple(words), tuple(counts)), vocab_size=vocab_size, **options)
    steps = []
    for number, step in enumerate(model.trace.steps, 1):
        assert step.step == number
        r = step.runner_up
        runner = None if r is None else (r.pair, r.pair_count, r.left_count, r.right_count)
        if r is not None:
            assert r.score == Fraction(r.pair_count, r.left_count * r.right_count)
        steps.append((step.pair, step.new_symbol, step.pair_count, step.left_count, step.right_count, step.score,
                      step.ties, runner))
    return model.vocab, steps, model.trace.stop_reason


# Few letters and repeats ("aaaa", "abab"): overlapping occurrences, many ties.
words_st = st.lists(st.text(alphabet="aab", min_size=1, max_size=12), min_size=1, max_size=8, unique=True)


@settings(max_examples=300, deadline=None)
@given(words_st, st.data(), st.integers(1, 40), st.integers(1, 3), st.sampled_from(["##", "@@", "a"]))
def test_incremental_training_equals_a_full_recount(words, data, vocab_size, min_frequency, prefix):
    counts = data.draw(st.lists(st.integers(1, 5), min_size=len(words), max_size=len(words)))
    options = {"prefix": prefix, "min_frequency": min_frequency}
    assert trained(words, counts, vocab_size, **options) == naive_train(words, counts, vocab_size, **options)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcd", min_size=1, max_size=60), min_size=1, max_size=20, unique=True),
       st.integers(5, 80))
def test_incremental_training_equals_a_full_recount_on_wider_corpora(words, vocab_size):
    counts = [1 + len(w) % 4 for w in words]
    assert trained(words, counts, vocab_size) == naive_train(words, counts, vocab_size)


def test_one_long_word_trains_as_a_full_recount_does():
    rng = random.Random(20)
    word = "".join(rng.choice("abcde") for _ in range(50_000))
    got = trained([word, "abc", "aaa"], [1, 3, 2], 40)
    assert got == naive_train([word, "abc", "aaa"], [1, 3, 2], 40)
    assert len(got[0]) == 40 and got[2] == "vocab_size"  # every step ran


# Many distinct characters: more than 64 pairs tie (each pair of characters
# seen once scores 1), and repeats ("##a", "##a") next to them.
wide_words = st.lists(st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x4E00 + 150), min_size=30,
                              max_size=150) | st.text(alphabet="aab", min_size=1, max_size=12),
                      min_size=1, max_size=6, unique=True)


@settings(max_examples=80, deadline=None)
@given(wide_words, st.data(), st.integers(1, 400), st.integers(1, 2))
def test_ranked_steps_equal_a_full_recount_with_many_ties(words, data, vocab_size, min_frequency):
    counts = data.draw(st.lists(st.integers(1, 3), min_size=len(words), max_size=len(words)))
    options = {"min_frequency": min_frequency}
    assert trained(words, counts, vocab_size, **options) == naive_train(words, counts, vocab_size, **options)


@settings(max_examples=60, deadline=None)
@given(wide_words, st.integers(1, 300))
def test_ranking_rebuilt_at_every_step_gives_the_same_steps(words, vocab_size):
    counts = [1 + len(w) % 3 for w in words]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(wordpiece._Ranking, "slack", -(1 << 30))  # rebuild the heap at every step
        assert trained(words, counts, vocab_size) == naive_train(words, counts, vocab_size)


def test_one_long_word_of_many_distinct_characters_trains_as_a_full_recount_does():
    rng = random.Random(20)
    alphabet = [chr(0x4E00 + i) for i in range(100)]
    word = "".join(rng.choice(alphabet) for _ in range(2_000))
    distinct = "".join(chr(0x5000 + i) for i in range(100))  # 99 pairs, each seen once: all score 1
    got = trained([word, distinct, "一一一"], [1, 1, 2], 300)
    assert got == naive_train([word, distinct, "一一一"], [1, 1, 2], 300)
    assert len(got[1][0][6]) == 64 and got[1][0][7][0] == got[1][0][6][1]  # ties cut at 64; the runner-up tied
