"""Named, versioned pre-tokenizers: where BPE merges are not allowed to cross.

A pre-tokenizer is identified by name *and* version, so an asset's boundary
rule stays frozen; the GPT-2 and tiktoken 0.14 patterns (``r50k_base``,
``cl100k_base``, ``o200k_base``) are copied character for character.

Details: docs/notes/pipeline.md#corepipelinepretokenizepy.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from itertools import accumulate, chain, filterfalse

import regex

from core.errors import TokenizerError


@dataclass(frozen=True)
class PreTokenizer:
    name: str
    version: int
    pattern: str | None

    def describe(self) -> dict:
        if self.pattern is None:
            return {"type": "none"}
        return {"type": "regex", "name": self.name, "version": self.version, "pattern": self.pattern}


PRETOKENIZERS = {
    p.name: p
    for p in (
        PreTokenizer("none", 1, None),
        PreTokenizer(
            "gpt2",
            1,
            r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""",
        ),
        PreTokenizer(
            "cl100k",
            1,
            r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+"""
            r"""| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
        ),
        # tiktoken's spelling of GPT-2's pattern (r50k_base, p50k_base): the
        # same splits as "gpt2", kept separately so an import names exactly
        # the pat_str tiktoken runs.
        PreTokenizer(
            "r50k",
            1,
            r"""'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s""",
        ),
        # o200k_base: case-aware words with their contraction attached, so
        # "it's" is one pre-token (cl100k splits it as "it" + "'s").
        PreTokenizer(
            "o200k",
            1,
            "|".join([
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
                r"""\p{N}{1,3}""",
                r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
                r"""\s*[\r\n]+""",
                r"""\s+(?!\S)""",
                r"""\s+""",
            ]),
        ),
    )
}

# tiktoken encoding name -> pattern name (tiktoken_ext/openai_public.py).
TIKTOKEN_ENCODINGS = {
    "gpt2": "r50k", "r50k_base": "r50k", "p50k_base": "r50k", "p50k_edit": "r50k",
    "cl100k_base": "cl100k", "o200k_base": "o200k", "o200k_harmony": "o200k",
}
_COMPILED = {name: regex.compile(p.pattern) for name, p in PRETOKENIZERS.items() if p.pattern}

# The same patterns for pure-ASCII text, spelled for the standard ``re``
# module, which splits ASCII about twice as fast as ``regex``.  On ASCII,
# \p{L} is exactly [A-Za-z], \p{N} is [0-9], and both modules' \s is
# [ \t\n\v\f\r]; tests/core/test_byte_speed_paths.py checks the classes
# over all 128 characters and the splits on generated text.
_ASCII_PATTERNS = {
    "gpt2": r"""'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^\sA-Za-z0-9]+|\s+(?!\S)|\s+""",
    "cl100k": r"""'(?i:[sdmt]|ll|ve|re)|[^\r\nA-Za-z0-9]?+[A-Za-z]++|[0-9]{1,3}+"""
              r"""| ?[^\sA-Za-z0-9]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    "r50k": r"""'(?:[sdmt]|ll|ve|re)| ?[A-Za-z]++| ?[0-9]++| ?[^\sA-Za-z0-9]++|\s++$|\s+(?!\S)|\s""",
    # No ASCII character is Lt, Lm, Lo or M, so the upper class is [A-Z] and
    # the lower one [a-z].
    "o200k": r"""[^\r\nA-Za-z0-9]?[A-Z]*[a-z]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?"""
             r"""|[^\r\nA-Za-z0-9]?[A-Z]+[a-z]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?"""
             r"""|[0-9]{1,3}| ?[^\sA-Za-z0-9]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+""",
}
_ASCII_COMPILED = {name: re.compile(p, re.ASCII) for name, p in _ASCII_PATTERNS.items()}


def get(name: str) -> PreTokenizer:
    try:
        return PRETOKENIZERS[name]
    except KeyError:
        known = ", ".join(PRETOKENIZERS)
        raise TokenizerError(f"unknown pre-tokenizer {name!r}: choose one of {known}") from None


def describe(name: str) -> dict:
    """``{"type": "none"}`` or ``{"type": "regex", name, version, pattern}``."""
    return get(name).describe()


def split(name: str, text: str) -> list[tuple[int, int]]:
    """Character spans ``(start, end)`` that tile ``text`` exactly, in order."""
    get(name)
    if not text:
        return []
    if name not in _COMPILED:
        return [(0, len(text))]
    found = _matcher(name, text).findall(text)
    if sum(map(len, found)) == len(text) and all(found):
        # Disjoint matches in order whose lengths add up tile the text.
        return list(zip(accumulate(map(len, found), initial=0), accumulate(map(len, found))))
    cuts = [0]
    for match in _matcher(name, text).finditer(text):
        if match.end() > cuts[-1]:
            cuts.append(match.end())
    if cuts[-1] != len(text):
        cuts.append(len(text))
    return list(zip(cuts, cuts[1:]))


def _matcher(name: str, text: str):
    return _ASCII_COMPILED[name] if text.isascii() else _COMPILED[name]


def pieces(name: str, text: str) -> list[str]:
    """The pre-token strings of ``text``, in order: ``text[a:b]`` for each
    span of :func:`split`, without building the spans."""
    get(name)
    if not text:
        return []
    if name not in _COMPILED:
        return [text]
    found = _matcher(name, text).findall(text)
    if sum(map(len, found)) == len(text) and all(found):
        return found
    return [text[a:b] for a, b in split(name, text)]


def piece_finder(name: str):
    """``(ascii_findall, findall)`` for a regex pre-tokenizer, or ``None``.

    The built-in patterns match every character (each is a letter, a
    number, a space or something else, and each class has an alternative),
    so ``findall`` always tiles the text; the trainer relies on that to
    split records without building spans.
    """
    if name not in _COMPILED:
        get(name)
        return None
    return _ASCII_COMPILED[name].findall, _COMPILED[name].findall


def count_pieces(name: str, texts: dict[str, int]) -> Counter:
    """How often each pre-token occurs in ``texts`` (text -> occurrences).

    Texts seen once are split and counted in C (``map(findall, ...)``);
    the built-in patterns match every character, so ``findall`` tiles.
    """
    if name not in _COMPILED:
        get(name)
        return Counter({text: n for text, n in texts.items() if text})
    ascii_findall, findall = _ASCII_COMPILED[name].findall, _COMPILED[name].findall
    once = [text for text, n in texts.items() if n == 1]
    counts = Counter(chain.from_iterable(map(ascii_findall, filter(str.isascii, once))))
    counts.update(chain.from_iterable(map(findall, filterfalse(str.isascii, once))))
    for text, times in texts.items():
        if times > 1:
            for piece in (ascii_findall(text) if text.isascii() else findall(text)):
                counts[piece] += times
    return counts


def split_bytes(name: str, data: bytes) -> list[tuple[int, int]]:
    """Byte spans of the pre-tokens of ``data``, which need not be valid UTF-8."""
    if get(name).pattern is None:
        return [(0, len(data))] if data else []
    # surrogateescape maps each undecodable byte to one code point and back,
    # so arbitrary bytes survive the regex split exactly.
    if data.isascii():
        return split(name, data.decode("ascii"))
    text = data.decode("utf-8", "surrogateescape")
    sizes = [len(piece.encode("utf-8", "surrogateescape")) for piece in pieces(name, text)]
    return list(zip(accumulate(sizes, initial=0), accumulate(sizes)))
