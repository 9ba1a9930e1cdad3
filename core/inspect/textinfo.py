"""What a piece of text is made of: code points, bytes, tokens, normal forms.

Reference: seed 000, Table 19.3 (code points, UTF-8 bytes = base byte
tokens, BPE tokens), the prefix effect of section 19.4 (":" alone is one
token, ": " another) and example 19.4 (e + U+0301 versus U+00E9 under NFC).

Deviation: ``prefix_boundary`` re-encodes every prefix, which is quadratic in
the text length; it is meant for a prompt or a line, not a document.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

FORMS = ("NFC", "NFD", "NFKC", "NFKD")


def counts(tokenizer, text: str) -> dict[str, int]:
    """Table 19.3's columns for ``text`` under a byte-level tokenizer."""
    ids = tokenizer.encode(text).ids  # first, so a lone surrogate gets the tokenizer's clear error
    size = len(text.encode("utf-8"))
    return {"code_points": len(text), "utf8_bytes": size, "base_tokens": size, "bpe_tokens": len(ids)}


@dataclass(frozen=True)
class PrefixRow:
    """``ids`` encodes ``text[:length]``; ``aligned`` if they start the full encoding."""

    length: int
    prefix: str
    ids: tuple[int, ...]
    aligned: bool


@dataclass(frozen=True)
class PrefixReport:
    full_ids: tuple[int, ...]
    rows: tuple[PrefixRow, ...]

    @property
    def misaligned(self) -> tuple[PrefixRow, ...]:
        return tuple(row for row in self.rows if not row.aligned)


def prefix_boundary(tokenizer, text: str) -> PrefixReport:
    """For each character prefix, is its encoding a prefix of the whole text's?

    A prompt that stops at the wrong place (before the space of ": ") ends
    in a token the full text never uses.
    """
    full = tuple(tokenizer.encode(text).ids)
    rows = []
    for length in range(1, len(text) + 1):
        ids = tuple(tokenizer.encode(text[:length]).ids)
        rows.append(PrefixRow(length, text[:length], ids, full[: len(ids)] == ids))
    return PrefixReport(full, tuple(rows))


@dataclass(frozen=True)
class NormalForm:
    form: str
    text: str
    code_points: tuple[str, ...]
    utf8_bytes: int
    same_as_input: bool


def code_points(text: str) -> tuple[str, ...]:
    return tuple(f"U+{ord(c):04X}" for c in text)


def normalization_report(text: str) -> tuple[NormalForm, ...]:
    """The input's four Unicode normal forms, each compared with the input.

    A form that differs shows what a normalizing tokenizer would lose:
    after NFC, ``e`` + U+0301 and U+00E9 can no longer be told apart.
    """
    rows = []
    for form in FORMS:
        result = unicodedata.normalize(form, text)
        rows.append(NormalForm(form, result, code_points(result), len(result.encode("utf-8")), result == text))
    return tuple(rows)
