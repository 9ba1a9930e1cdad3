"""Tie policies: which pair wins when several share the highest count.

The count rule alone is underspecified; every real trainer adds a tie rule,
and they differ.  Each policy here is named after the behaviour it copies.
"Strings" below are the symbols' text; Python compares them by code point,
which is also the order of their UTF-8 bytes.

* ``lexicographic`` -- smallest ``(left, right)`` by strings, first then
  second (seed 000, example 19.1).
* ``first-seen`` -- the pair met first when the current segmentation is
  scanned in corpus order, left to right.  Sennrich's reference code (seed
  004, section 5) takes ``max(pairs, key=pairs.get)`` over a dict filled in
  that order, and Python's ``max`` keeps the first of equal keys.
* ``minbpe`` -- the same rule under the name of its best-known users:
  minbpe's ``get_stats`` + ``max(stats, key=stats.get)`` and tiktoken's
  ``_educational.bpe_train`` (``max`` over a ``Counter`` filled chunk by
  chunk) both rebuild the counts each step in text order.  A corpus here
  lists each word once, at its first appearance, which gives the same first
  occurrence as scanning every repeat.
* ``hf`` -- Hugging Face ``tokenizers`` ``BpeTrainer``
  (``models/bpe/trainer.rs``): its priority queue orders ``Merge`` by count,
  then by the *smaller* ``(left_id, right_id)``.  Its IDs are the special
  tokens, then the alphabet sorted by code point, then each merged string in
  creation order (a string made twice keeps its first ID).  Char BPE numbers
  its vocabulary exactly so (``[UNK]``, the sorted alphabet with ``</w>``
  among it as a string, then merges), so the rule compares those IDs.  HF
  glues ``end_of_word_suffix`` onto the last character (``w</w>`` is one
  initial symbol) and adds such symbols in the order words are met; here
  ``</w>`` is a symbol of its own, so the two agree on words that end in an
  explicit end character (see tests/core/test_ties_crosscheck.py).
* ``sentencepiece`` -- SentencePiece's BPE trainer
  (``bpe_model_trainer.cc``): higher frequency, then the merged piece with
  fewer characters, then the smaller merged piece by UTF-8 bytes.  The
  end-of-word symbol counts as one character, as ``▁`` does there.  But:
  SentencePiece only scans an "active" set (every 100 merges it keeps the
  most frequent pairs, at least 1,000 or 5 % of its symbols, and pairs made
  by a merge join it), and it skips a merge whose piece it already made by
  another path; neither matters while there are at most 1,000 candidate
  pairs and no piece is made twice (tests/core/test_ties_crosscheck.py).  When two
  pairs make the same piece the smaller ``(left, right)`` wins here (an
  arbitrary set order decides in SentencePiece).
* ``subword-nmt`` -- greatest pair by strings: subword-nmt's ``learn_bpe``
  takes ``max(stats, key=lambda x: (stats[x], x))``.
"""

from __future__ import annotations

from core.errors import TokenizerError, excerpt

POLICIES = {
    "lexicographic": "smallest (left, right) by symbol strings (seed 000)",
    "first-seen": "first pair in corpus order (Sennrich reference code)",
    "minbpe": "first pair in corpus order (minbpe, tiktoken _educational)",
    "hf": "smallest (left ID, right ID) (Hugging Face BpeTrainer)",
    "sentencepiece": "shortest merged piece, then smallest by UTF-8 (SentencePiece BPE)",
    "subword-nmt": "greatest (left, right) by symbol strings (subword-nmt learn_bpe)",
}

# Policies whose winner is the pair met first in corpus order.
CORPUS_ORDER = ("first-seen", "minbpe")


def check_policy(name: str) -> str:
    if name not in POLICIES:
        known = ", ".join(POLICIES)
        raise TokenizerError(f"unknown tie policy {excerpt(name)}: choose one of {known}")
    return name


class _Reversed:
    """Inverts string order so that 'greatest pair' sorts first."""

    __slots__ = ("pair",)

    def __init__(self, pair):
        self.pair = pair

    def __lt__(self, other):
        return self.pair > other.pair

    def __eq__(self, other):
        return self.pair == other.pair


def order_key(policy: str, *, ids=None, length=None):
    """A sort key that puts the winning pair first.

    ``ids`` maps a symbol to its ID and ``length`` a symbol to its number of
    characters; each is used only by the policy that needs it.  The
    corpus-order policies have no key of their own: their order is where a
    pair first occurs, which only the corpus knows.
    """
    if policy == "lexicographic":
        return lambda pair: pair
    if policy == "subword-nmt":
        return _Reversed
    if policy in CORPUS_ORDER:
        raise TokenizerError(f"{policy} orders pairs by where they first occur in the corpus, not by a key")
    if policy == "hf":
        return lambda pair: (ids[pair[0]], ids[pair[1]])
    if policy == "sentencepiece":
        return lambda pair: (length[pair[0]] + length[pair[1]], pair[0] + pair[1], pair)
    raise TokenizerError(f"unknown tie policy {excerpt(policy)}")


def symbol_lengths(alphabet, merges) -> dict[str, int]:
    """Characters per symbol: 1 for each alphabet symbol (``</w>`` too), the
    sum of both halves for each merged one."""
    length = dict.fromkeys(alphabet, 1)
    for left, right, new in merges:
        length.setdefault(new, length[left] + length[right])
    return length
