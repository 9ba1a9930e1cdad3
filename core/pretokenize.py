"""Named, versioned pre-tokenizers: where BPE merges are not allowed to cross.

References: GPT-2's ``encoder.py`` split pattern (Radford et al., 2019) and
the ``cl100k_base`` pattern as shipped in tiktoken 0.14
(``tiktoken_ext/openai_public.py``).  Seed 000, example 19.3 uses none.

A pre-tokenizer is identified by name *and* version, because a tokenizer
asset is only reproducible if the boundary rule is frozen with it.  Changing
a pattern means adding a new version, never editing one in place.

Deviation: ``split`` returns character spans that cover the text exactly.
Should a pattern ever skip a character, it is attached to the next span
rather than dropped, so splitting can never lose text.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from .errors import TokenizerError


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
    )
}
_COMPILED = {name: regex.compile(p.pattern) for name, p in PRETOKENIZERS.items() if p.pattern}


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
    cuts = [0]
    for match in _COMPILED[name].finditer(text):
        if match.end() > cuts[-1]:
            cuts.append(match.end())
    if cuts[-1] != len(text):
        cuts.append(len(text))
    return list(zip(cuts, cuts[1:]))


def split_bytes(name: str, data: bytes) -> list[tuple[int, int]]:
    """Byte spans of the pre-tokens of ``data``, which need not be valid UTF-8."""
    if get(name).pattern is None:
        return [(0, len(data))] if data else []
    # surrogateescape maps each undecodable byte to one code point and back,
    # so arbitrary bytes survive the regex split exactly.
    text = data.decode("utf-8", "surrogateescape")
    cuts = [0]
    for start, end in split(name, text):
        cuts.append(cuts[-1] + len(text[start:end].encode("utf-8", "surrogateescape")))
    return list(zip(cuts, cuts[1:]))
