"""Training is linear in the occurrences of a pair in one word.

The pair -> words index lists a word once per occurrence of the pair; the
merge must visit each listed word once, not rescan it once per listing
(that made one 400 KB word train in 78 s).  The results stay those of a
plain full recount, checked here on long repetitive words, where a word
holds a pair many times.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.corpus import WordCorpus
from core.models import byte_train, char_train
from core.models.byte_bpe import train as train_bytes
from core.models.char_bpe import train as train_chars
from core.models.ties import POLICIES
from test_byte_bpe import as_tuples, naive_train as naive_bytes
from test_char_bpe import naive_train as naive_chars


class CountingReads(list):
    """A word list that counts how often each word is read."""

    def __init__(self, items):
        super().__init__(items)
        self.reads = 0

    def __getitem__(self, index):
        self.reads += 1
        return super().__getitem__(index)


def test_merge_reads_a_word_once_however_often_it_holds_the_pair():
    word = "ab" * 5000 + "c" + "ab" * 5000
    symbols = CountingReads([word, "xab"])
    freqs = [1, 3]
    counts, where = byte_train._index(symbols, freqs)
    assert where["ab"].count(0) == 10000  # listed once per occurrence
    queue = byte_train._Queue(counts)
    byte_train._merge("ab", "N", symbols, freqs, where, queue)
    assert symbols.reads == 2  # each distinct word once, not 10001 times
    assert list(symbols) == ["N" * 5000 + "c" + "N" * 5000, "xN"]
    assert queue.counts == {"NN": 9998, "Nc": 1, "cN": 1, "xN": 3}


def test_prune_searches_a_word_once():
    symbols = CountingReads(["ab" * 100, "cd", "xab"])
    listed = [0] * 100 + [1, 2, 2]
    assert char_train._prune("ab", listed, symbols) == 0
    assert listed == [0, 2]
    assert symbols.reads == 3


long_words = st.lists(
    st.tuples(st.sampled_from(["ab", "aab", "a", "ba", "abc"]), st.integers(1, 60)).map(lambda t: t[0] * t[1]),
    min_size=1, max_size=4)


@settings(max_examples=150, deadline=None)
@given(long_words, st.integers(0, 30))
def test_byte_training_on_long_words_equals_naive(recs, merges):
    assert as_tuples(train_bytes(recs, merges)) == naive_bytes(recs, merges)


@settings(max_examples=150, deadline=None)
@given(long_words, st.lists(st.integers(1, 4), min_size=4, max_size=4), st.integers(0, 30),
       st.sampled_from(sorted(POLICIES)))
def test_char_training_on_long_words_equals_naive(words, counts, merges, tie):
    corpus = WordCorpus.from_pairs(zip(words, counts))
    model = train_chars(corpus, merges=merges, tie=tie)
    assert [m.pair for m in model.merges] == naive_chars(corpus, merges, tie)
