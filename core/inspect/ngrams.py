"""fastText character n-grams (Bojanowski et al. 2017, section 3.2).

Reference: fastText ``src/dictionary.cc``, ``Dictionary::computeSubwords``
and ``Dictionary::hash``; seed 003.  Each n-gram of ``<word>`` maps to a
row by fastText's FNV-1a hash, its sign-extension quirk kept.

Details: docs/notes/inspect.md#coreinspectngramspy.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import TokenizerError

BOW, EOW = "<", ">"
DEFAULT_BUCKET = 2_000_000
FNV_OFFSET = 2166136261
FNV_PRIME = 16777619


@dataclass(frozen=True)
class NGram:
    text: str
    start: int  # offset in the bracketed word ``<word>``
    n: int


def _check(minn, maxn):
    for name, value in (("minn", minn), ("maxn", maxn)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise TokenizerError(f"{name} must be an integer >= 1, not {value!r}")
    if minn > maxn:
        raise TokenizerError(f"minn ({minn}) must not exceed maxn ({maxn})")


def char_ngrams(word: str, *, minn: int = 3, maxn: int = 6) -> list[NGram]:
    """Every n-gram of ``<word>``, in fastText's order.

    >>> [g.text for g in char_ngrams("where", minn=3, maxn=3)]
    ['<wh', 'whe', 'her', 'ere', 're>']
    """
    if not isinstance(word, str) or word == "":
        raise TokenizerError("give a non-empty word")
    _check(minn, maxn)
    wrapped = BOW + word + EOW
    out = []
    for start in range(len(wrapped)):
        for n in range(minn, min(maxn, len(wrapped) - start) + 1):
            # A lone "<" or ">" tells nothing about the word.
            if n == 1 and (start == 0 or start == len(wrapped) - 1):
                continue
            out.append(NGram(wrapped[start:start + n], start, n))
    return out


def fasttext_hash(text: str) -> int:
    """fastText's 32-bit FNV-1a, bytes sign-extended.

    >>> hex(fasttext_hash("a"))  # textbook FNV-1a for ASCII
    '0xe40c292c'
    """
    h = FNV_OFFSET
    for byte in text.encode("utf-8"):
        signed = byte - 256 if byte >= 128 else byte
        h = ((h ^ (signed & 0xFFFFFFFF)) * FNV_PRIME) & 0xFFFFFFFF
    return h


def bucket_row(ngram: str, *, nwords: int = 0, bucket: int = DEFAULT_BUCKET) -> int:
    """The input-matrix row fastText uses for ``ngram``."""
    if isinstance(bucket, bool) or not isinstance(bucket, int) or bucket < 1:
        raise TokenizerError(f"bucket must be an integer >= 1, not {bucket!r}")
    if isinstance(nwords, bool) or not isinstance(nwords, int) or nwords < 0:
        raise TokenizerError(f"nwords must be an integer >= 0, not {nwords!r}")
    return nwords + fasttext_hash(ngram) % bucket


def by_length(ngrams) -> dict[int, list[str]]:
    """Group n-grams by n, keeping fastText's order within each length."""
    groups: dict[int, list[str]] = {}
    for g in ngrams:
        groups.setdefault(g.n, []).append(g.text)
    return dict(sorted(groups.items()))
