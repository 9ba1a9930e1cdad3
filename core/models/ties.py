"""Tie policies: which pair wins when several share the highest count.

The count rule alone is underspecified; every real trainer adds a tie rule,
and they differ.  Each policy is named after the behaviour it copies:
``lexicographic`` (seed 000, example 19.1), ``first-seen``, ``minbpe``,
``hf``, ``sentencepiece`` and ``subword-nmt``.

Details: docs/notes/models.md#coremodelstiespy.
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
