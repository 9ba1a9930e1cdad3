"""Tie policies: which pair wins when several share the highest count.

The count rule alone is underspecified; every real trainer adds a tie rule,
and they differ.  Each policy here is named after the behaviour it copies:

* ``lexicographic`` -- smallest pair by symbol strings, first then second
  (seed 000, example 19.1).  Strings compare by code point, as Python does.
* ``first-seen`` -- the pair met first when words are scanned in corpus
  order, left to right.  This is what ``max(pairs, key=pairs.get)`` gives in
  Sennrich's reference code (seed 004, section 5) and in minbpe.
* ``subword-nmt`` -- greatest pair by strings: subword-nmt's ``learn_bpe``
  takes ``max(stats, key=lambda x: (stats[x], x))``.
"""

from __future__ import annotations

from .errors import TokenizerError, excerpt

POLICIES = {
    "lexicographic": "smallest (left, right) by symbol strings (seed 000)",
    "first-seen": "first pair in corpus order (Sennrich reference code, minbpe)",
    "subword-nmt": "greatest (left, right) by symbol strings (subword-nmt learn_bpe)",
}


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


def order_key(policy: str, first_seen):
    """A sort key that puts the winning pair first.

    ``first_seen(pair)`` returns the pair's first position in corpus order as
    a comparable tuple; it is called only for the ``first-seen`` policy.
    """
    if policy == "lexicographic":
        return lambda pair: pair
    if policy == "subword-nmt":
        return _Reversed
    if policy == "first-seen":
        return first_seen
    raise TokenizerError(f"unknown tie policy {excerpt(policy)}")
