"""Character BPE against the seeds' tables (exact oracles) and properties."""

import pytest
from hypothesis import given, settings, strategies as st

from core.models.char_bpe import STOP_EVERY, CharBPE, merge_symbols, train
from core.corpus import EXAMPLE_19_1, WordCorpus
from core.errors import TokenizerError
from core.models.ties import POLICIES, symbol_lengths

SEED_004 = WordCorpus.from_pairs([("low", 5), ("lowest", 2), ("newer", 6), ("wider", 3), ("new", 2)])
SEED_003 = WordCorpus.from_pairs([("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)])


def joined(segmentation):
    return [" ".join(symbols) for symbols in segmentation]


# ==== seed 000, example 19.1 ====

def test_table_19_1_initial_pair_counts():
    model = train(EXAMPLE_19_1, merges=4, tie="lexicographic")
    table = model.trace.pair_table(1)
    assert {pair: count for pair, (count, _) in table.items()} == {
        ("l", "o"): 3, ("o", "w"): 3, ("w", "</w>"): 3, ("w", "e"): 1,
        ("e", "r"): 1, ("r", "</w>"): 1, ("n", "e"): 1, ("e", "w"): 1,
    }
    assert table[("l", "o")][1] == [("low", 2), ("lower", 1)]
    assert table[("w", "</w>")][1] == [("low", 2), ("new", 1)]
    assert model.alphabet == ("</w>", "e", "l", "n", "o", "r", "w")


def test_table_19_2_every_step_and_segmentation():
    model = train(EXAMPLE_19_1, merges=4, tie="lexicographic")
    steps = [(s.pair, s.count) for s in model.trace.steps]
    assert steps == [(("l", "o"), 3), (("lo", "w"), 3), (("low", "</w>"), 2), (("e", "r"), 1)]
    expected = [
        ["l o w </w>", "l o w e r </w>", "n e w </w>"],
        ["lo w </w>", "lo w e r </w>", "n e w </w>"],
        ["low </w>", "low e r </w>", "n e w </w>"],
        ["low</w>", "low e r </w>", "n e w </w>"],
        ["low</w>", "low er </w>", "n e w </w>"],
    ]
    assert [joined(model.trace.segmentation(k)) for k in range(5)] == expected
    first = model.trace.steps[0]
    assert first.ties == (("l", "o"), ("o", "w"), ("w", "</w>"))
    # Step 4: e + r beats e + w and every pair with another first symbol.
    assert model.trace.steps[3].ties[:2] == (("e", "r"), ("e", "w"))
    assert model.trace.steps[3].tie_count == 6
    # Seven initial symbols plus [UNK], then four new ones: eleven symbols.
    assert model.vocab_size == 12 and len(model.vocab) - 1 == 11


def test_exercise_1_new_twice_changes_first_merge():
    corpus = WordCorpus.from_pairs([("low", 2), ("lower", 1), ("new", 2)])
    model = train(corpus, merges=1)
    step = model.trace.steps[0]
    assert (step.pair, step.count, step.tie_count) == (("w", "</w>"), 4, 1)
    counts = model.trace.pair_counts(1)
    assert counts[("l", "o")] == counts[("o", "w")] == 3


def test_section_19_2_encoding_replays_frozen_merges():
    model = train(EXAMPLE_19_1, merges=4)
    lower = model.encode_word("lower")
    assert lower.tokens == ("low", "er", "</w>")
    applied, not_applied = model.merge_steps("lower")
    assert [s["rank"] for s in applied] == [1, 2, 4] and applied[-1]["result"] == "low er </w>"
    assert [s["pair"] for s in not_applied] == [["low", "</w>"]]
    low = model.encode_word("low")
    assert low.tokens == ("low</w>",)
    assert model.decode(lower.ids) == "lower" and model.decode(low.tokens) == "low"


def test_unknown_character_becomes_unk_and_is_reported():
    model = train(EXAMPLE_19_1, merges=4)
    enc = model.encode_word("l☃w")
    assert enc.tokens == ("l", "[UNK]", "w", "</w>")
    assert enc.unknown == ("☃",) and model.initial_symbols("l☃w")[1] == [(1, "☃")]
    assert model.encode("l☃w ☃").unknown == ("☃", "☃")
    strict = train(EXAMPLE_19_1, merges=4, unk=None)
    with pytest.raises(TokenizerError, match="U\\+2603"):
        strict.encode_word("l☃w")


# ==== seeds 004 and 003: the tie policy matters ====

def test_seed_004_table_1_first_seen():
    model = train(SEED_004, merges=8, tie="first-seen")
    assert [m.pair for m in model.merges] == [
        ("e", "r"), ("er", "</w>"), ("n", "e"), ("ne", "w"),
        ("l", "o"), ("lo", "w"), ("new", "er</w>"), ("low", "</w>"),
    ]
    assert [m.new for m in model.merges] == ["er", "er</w>", "ne", "new", "lo", "low", "newer</w>", "low</w>"]
    assert model.segment("newest") == ["new", "e", "s", "t", "</w>"]


def test_seed_004_lexicographic_differs_at_third_merge():
    model = train(SEED_004, merges=8, tie="lexicographic")
    assert model.merges[2].pair == ("e", "w")


@pytest.mark.parametrize("tie", ["lexicographic", "first-seen"])
def test_seed_003_first_three_merges(tie):
    model = train(SEED_003, merges=3, tie=tie)
    assert [(m.pair, m.count) for m in model.merges] == [
        (("e", "s"), 9), (("es", "t"), 9), (("est", "</w>"), 9),
    ]


def test_subword_nmt_policy_takes_greatest_pair():
    model = train(SEED_003, merges=1, tie="subword-nmt")
    assert model.merges[0].pair == ("t", "</w>")


# ==== stopping rules and errors ====

def test_stops_when_no_pair_remains_and_at_vocab_size():
    model = train(EXAMPLE_19_1, merges=100)
    assert model.trace.stop_reason == "no_pairs"
    assert [joined(model.trace.segmentation(len(model.merges)))] == [["low</w>", "lower</w>", "new</w>"]]
    sized = train(EXAMPLE_19_1, vocab_size=10)
    assert sized.vocab_size == 10 and sized.trace.stop_reason == "vocab_size"
    assert train(EXAMPLE_19_1, merges=0).merges == ()


@pytest.mark.parametrize("kwargs", [{"merges": -1}, {"merges": 1.5}, {}, {"merges": 2, "tie": "random"}])
def test_bad_settings_are_refused(kwargs):
    with pytest.raises(TokenizerError):
        train(EXAMPLE_19_1, **kwargs)


def test_merge_is_non_overlapping_left_to_right():
    assert merge_symbols(list("aaaa"), "a", "a", "aa") == ["aa", "aa"]
    assert merge_symbols(list("aaa"), "a", "a", "aa") == ["aa", "a"]


def test_frozen_model_rejects_inconsistent_merges():
    from core.models.char_bpe import Merge

    with pytest.raises(TokenizerError, match="unknown symbol"):
        CharBPE(("a", "b", "</w>"), (Merge(1, "a", "c", "ac", 1),))
    with pytest.raises(TokenizerError, match="ranks"):
        CharBPE(("a", "b", "</w>"), (Merge(2, "a", "b", "ab", 1),))


# ==== properties ====

def naive_train(corpus, merges, tie):
    """Full recount every step, written as plainly as possible."""
    words = {w: [*w, "</w>"] for w in corpus.words}
    # Vocabulary order for "hf": [UNK], the sorted alphabet, then merges.
    vocab = ["[UNK]", *sorted({s for symbols in words.values() for s in symbols})]
    learned = []
    for _ in range(merges):
        counts = {}
        for w, c in corpus.items():
            s = words[w]
            for pair in zip(s, s[1:]):
                counts[pair] = counts.get(pair, 0) + c
        if not counts:
            break
        top = max(counts.values())
        tied = [p for p, c in counts.items() if c == top]  # corpus order
        if tie == "lexicographic":
            best = min(tied)
        elif tie == "subword-nmt":
            best = max(tied)
        elif tie == "hf":
            best = min(tied, key=lambda p: (vocab.index(p[0]), vocab.index(p[1])))
        elif tie == "sentencepiece":
            # Characters of the merged piece, "</w>" counting as one.
            best = min(tied, key=lambda p: (len((p[0] + p[1]).replace("</w>", "#")), p[0] + p[1], p))
        else:
            best = tied[0]
        learned.append(best)
        if best[0] + best[1] not in vocab:
            vocab.append(best[0] + best[1])
        for w in words:
            words[w] = merge_symbols(words[w], *best, best[0] + best[1])
    return learned


corpora = st.lists(
    st.tuples(st.text(alphabet="abcde", min_size=1, max_size=7), st.integers(1, 5)), min_size=1, max_size=12
).map(WordCorpus.from_pairs)


@settings(max_examples=300, deadline=None)
@given(corpora, st.integers(0, 20), st.sampled_from(sorted(POLICIES)))
def test_incremental_trainer_equals_naive_recount(corpus, merges, tie):
    model = train(corpus, merges=merges, tie=tie)
    assert [m.pair for m in model.merges] == naive_train(corpus, merges, tie)


@settings(max_examples=100, deadline=None)
@given(corpora, st.integers(0, 15), st.text(alphabet="abcde", min_size=1, max_size=12))
def test_encoding_replays_merges_and_round_trips(corpus, merges, word):
    model = train(corpus, merges=merges)
    tokens = model.segment(word)
    # The fast replay equals applying every merge in order, one by one.
    assert tuple(tokens) == model.encode_word(word).tokens
    applied, _ = model.merge_steps(word)
    assert " ".join(tokens) == (applied[-1]["result"] if applied else " ".join(model.initial_symbols(word)[0]))
    symbols = [*word, "</w>"]
    unknown = set(word) - set(model.alphabet)
    if not unknown:
        for m in model.merges:
            symbols = merge_symbols(symbols, m.left, m.right, m.new)
        assert tokens == symbols
        assert model.decode(tokens) == word
    # The training corpus segments the same way as the trainer left it.
    last = model.trace.segmentation(len(model.merges))
    assert last == [model.segment(w) for w in corpus.words]


@settings(max_examples=100, deadline=None)
@given(corpora, st.integers(1, 15), st.sampled_from(sorted(POLICIES)))
def test_trace_orders_recomputed_tie_sets_as_training_did(corpus, merges, tie):
    # The timeline recomputes each tie set and sorts it with Trace.tie_order.
    trace = train(corpus, merges=merges, tie=tie).trace
    for step in trace.steps:
        tied = [pair for pair, count in trace.pair_counts(step.step).items() if count == step.count]
        assert len(tied) == step.tie_count
        assert tuple(trace.tie_order(tied)) == step.ties


def test_tie_keys_name_what_each_rule_compares():
    # Seed 004, merge 3 under first-seen: n + e and e + w tie at 8; both
    # first occur in "newer" (word 3), at positions 1 and 2.
    trace = train(SEED_004, merges=8, tie="first-seen").trace
    assert trace.tie_keys(3, trace.steps[2].ties) == {("n", "e"): (2, 0), ("e", "w"): (2, 1)}
    # Example 19.1, merge 2 under sentencepiece: "w</w>" has 2 characters
    # (</w> counts as one), "low" 3, so w + </w> wins.
    trace = train(EXAMPLE_19_1, merges=4, tie="sentencepiece").trace
    assert trace.tie_keys(2, trace.steps[1].ties) == {("w", "</w>"): (2, "w</w>"), ("lo", "w"): (3, "low")}
    trace = train(EXAMPLE_19_1, merges=4, tie="hf").trace
    assert trace.tie_keys(2, trace.steps[1].ties) == {("w", "</w>"): (7, 1), ("lo", "w"): (8, 7)}


def naive_ties(words, freqs, merges, tie):
    """Every step's full tie set in policy order, by full recount."""
    steps = []
    for _ in range(merges):
        counts = {}
        for s, c in zip(words, freqs):
            for pair in zip(s, s[1:]):
                counts[pair] = counts.get(pair, 0) + c
        if not counts:
            break
        top = max(counts.values())
        tied = [p for p, c in counts.items() if c == top]
        if tie != "first-seen":
            tied.sort(reverse=tie == "subword-nmt")
        steps.append((top, tied))
        words = [merge_symbols(s, *tied[0], "".join(tied[0])) for s in words]
    return steps


def learn_with_ties(words, freqs, merges, tie, limit):
    import core.models.char_train as char_train

    alphabet = sorted({s for w in words for s in w})
    ids = {s: i for i, s in enumerate(alphabet)}
    found, _ = char_train.learn(words, freqs, alphabet, ids, symbol_lengths(alphabet, ()), tie, merges=merges,
                                tie_limit=limit)
    return [(count, list(ties), n) for _, _, count, ties, n in found]


# Multi-character starting symbols make different merges spell the same
# string (a + ab and ab + b... ab + a and a + ba), which must be one symbol.
spelled_twice = st.lists(st.tuples(st.lists(st.sampled_from(["a", "b", "ab", "ba"]), min_size=1, max_size=8),
                                   st.integers(1, 4)), min_size=1, max_size=10)


@settings(max_examples=200, deadline=None)
@given(st.one_of(corpora.map(lambda c: [([*w, "</w>"], n) for w, n in c.items()]), spelled_twice),
       st.integers(0, 25), st.sampled_from(["lexicographic", "first-seen", "subword-nmt"]), st.integers(1, 4))
def test_recorded_ties_equal_naive_recount(entries, merges, tie, limit):
    words, freqs = [w for w, _ in entries], [n for _, n in entries]
    expected = naive_ties(words, freqs, merges, tie)
    assert learn_with_ties(words, freqs, merges, tie, limit) == [(top, t[:limit], len(t)) for top, t in expected]


def test_first_seen_key_skips_words_that_lost_the_pair():
    # b + c is indexed in words 0 and 1; merging a + b, then ab + c, leaves
    # it in word 1 only, so its key must come from there (the index still
    # lists word 0 first).
    words, freqs = [["a", "b", "c"], ["b", "c"], ["a", "b"]], [3, 1, 2]
    expected = naive_ties(words, freqs, 4, "first-seen")
    assert [ties[0] for _, ties in expected] == [("a", "b"), ("ab", "c"), ("b", "c")]
    assert learn_with_ties(words, freqs, 4, "first-seen", 64) == [(top, t, len(t)) for top, t in expected]


def test_two_merges_spelling_one_string_make_one_symbol():
    words = [["a", "ab"], ["ab", "a"], ["a", "b", "a"], ["ab", "ab"], ["a", "ba"]]
    found = learn_with_ties(words, [1] * 5, 6, "lexicographic", 1)
    # a + b spells the starting symbol "ab", so ab + a then counts 2 (words
    # 2 and 3); a + ba spells "aba", the symbol ab + a made.
    assert [(count, ties[0]) for count, ties, _ in found] == [
        (1, ("a", "ab")), (1, ("a", "b")), (2, ("ab", "a")), (1, ("a", "ba")), (1, ("ab", "ab"))]


def test_recounts_stop_when_asked_and_equal_the_whole_segmentation():
    """The GUI's pair-table worker asks should_stop every STOP_EVERY words, so closing is prompt."""
    from collections import Counter

    from core.errors import Cancelled

    words = [f"w{i}x{i % 7}" for i in range(3 * STOP_EVERY)]
    trace = train(WordCorpus(tuple(words), tuple([1] * len(words))), merges=5, tie="first-seen").trace
    asked = []
    with pytest.raises(Cancelled):
        trace.pair_table(3, should_stop=lambda: asked.append(1) or len(asked) > 2)
    assert len(asked) == 3
    table = trace.pair_table(3)
    counts = Counter()
    for word, symbols in zip(words, trace.segmentation(2)):
        counts.update(zip(symbols, symbols[1:]))
    assert {pair: count for pair, (count, _) in table.items()} == counts
    with pytest.raises(Cancelled):
        trace.tie_keys(3, list(table)[:2] + [("never", "seen")], should_stop=lambda: len(asked) > 2)
