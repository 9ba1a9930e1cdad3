"""Seed 000's exercises (section 19.8), each answer computed with the core.

Exercises never compare with a stored answer: each ``expected`` call
trains, encodes or diffs with the core, so changing an exercise's inputs
changes its answer.  An exercise names the lesson (resources/lessons/) to
replay alongside it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from core.numbers import parse_decimal
from core.inspect import asset_diff
from core.assets import identity
from core.models import char_bpe, wordpiece
from core.assets import classroom
from core.corpus import EXAMPLE_19_1, WordCorpus
from core.errors import StudioError

# Example 19.2: the given WordPiece vocabulary, ## marking a continuation.
WORDPIECE_19_2 = ("[UNK]", "low", "##er", "new")
SWAPPED_IDS = (268, 270)  # key and red (example 19.3, exercise 5)


@dataclass(frozen=True)
class Verdict:
    ok: bool
    expected: object  # the computed answer, in the answer's own shape
    shown: str  # the computed answer as the student would write it


@dataclass(frozen=True)
class Exercise:
    """``kind`` says what the student gives: ``pair`` ("w + </w>"), ``tokens``
    ("low er </w>"), ``number``, ``hex`` (a byte), or ``choices`` (a set of
    option keys).  ``compute(**inputs)`` derives the answer with the core."""

    number: int
    kind: str
    lesson: str  # the lesson to replay alongside
    compute: Callable
    inputs: dict = field(default_factory=dict)
    options: tuple[str, ...] = ()  # for ``choices``

    def expected(self, **overrides):
        return self.compute(**{**self.inputs, **overrides})

    def check(self, answer, **overrides) -> Verdict:
        """Compare a student's answer (text, or option keys) with the computed one."""
        expected = self.expected(**overrides)
        try:
            given = PARSERS[self.kind](answer)
        except ValueError:
            given = None
        return Verdict(given == expected, expected, show(self.kind, expected))


def first_merge(corpus, tie):
    model = char_bpe.train(corpus, merges=1, tie=tie)
    return model.merges[0].pair if model.merges else None


def segmentation(corpus, merges, tie, word):
    return tuple(char_bpe.train(corpus, merges=merges, tie=tie).segment(word))


def wordpiece_tokens(vocab, word):
    return wordpiece.WordPiece(tuple(vocab)).encode_word(word).tokens


def byte_token_count(text):
    return len(classroom.default_tokenizer().encode(text).ids)


def swap_breaks(first, second):
    """What a swap of two IDs in the classroom asset breaks (and whether shapes notice)."""
    original = identity.load(classroom.ASSET_PATH)
    swapped = identity.from_dict(asset_diff.swap_ids(original, first, second))
    found = frozenset()
    for finding in asset_diff.compare(original.identity, swapped.identity).findings:
        found |= set(finding.breaks)
        if finding.shape_checks_pass is False:
            found |= {"shape_checks"}
    return found


def token_byte(token_id):
    data = classroom.default_tokenizer().token_bytes(token_id)
    if len(data) != 1:
        raise StudioError(f"ID {token_id} is not a single byte")
    return data[0]


# Exercise 5's options: what the diff can name, plus one it must not (shape checks).
SWAP_OPTIONS = ("embedding_rows", "output_columns", "output_biases", "encoded_datasets", "prompts", "shape_checks")

EXERCISES = (
    Exercise(1, "pair", "19.1", first_merge,
             {"corpus": WordCorpus.from_pairs([("low", 2), ("lower", 1), ("new", 2)]), "tie": "lexicographic"}),
    Exercise(2, "tokens", "19.2", segmentation,
             {"corpus": EXAMPLE_19_1, "merges": 4, "tie": "lexicographic", "word": "lower"}),
    Exercise(3, "tokens", "19.2-wp", wordpiece_tokens, {"vocab": WORDPIECE_19_2, "word": "lowerz"}),
    Exercise(4, "number", "19.3", byte_token_count, {"text": "法国首都是巴黎。"}),
    Exercise(5, "choices", "19.5", swap_breaks, {"first": SWAPPED_IDS[0], "second": SWAPPED_IDS[1]},
             SWAP_OPTIONS),
    Exercise(6, "hex", "19.3", token_byte, {"token_id": 255}),
)


# ==== reading answers ====

def parse_pair(text: str) -> tuple[str, str]:
    """``w + </w>``, ``w </w>``, ``(w, </w>)`` or ``w,</w>`` -> ("w", "</w>")."""
    parts = [p for p in re.split(r"[\s,+()'\"]+", str(text).strip()) if p]
    if len(parts) != 2:
        raise ValueError("a pair is two symbols, e.g. w + </w>")
    return parts[0], parts[1]


def parse_tokens(text: str) -> tuple[str, ...]:
    """``low er </w>``, ``[low, er, </w>]`` or ``low|er|</w>`` -> tokens."""
    text = str(text)
    tokens = tuple(p for p in re.split(r"[\s,|\[\]'\"]+", text.strip()) if p)
    if not tokens:
        raise ValueError("no tokens")
    # The split also ate the brackets of "[UNK]": put them back.
    return tuple("[UNK]" if t == "UNK" and "[UNK]" in text else t for t in tokens)


def parse_number(text: str) -> int:
    """An answer typed as a number: ASCII digits (core.numbers), a ValueError otherwise."""
    return parse_decimal(str(text).strip(), where="answer")


def parse_hex(text: str) -> int:
    """``FF``, ``0xff``, ``\\xff`` or ``FFh`` -> 255 (hex only: "255" is the ID, not the byte)."""
    cleaned = str(text).strip().lower().removeprefix("0x").removeprefix("\\x").removesuffix("h")
    if not re.fullmatch(r"[0-9a-f]{1,2}", cleaned):
        raise ValueError("a byte is two hex digits, e.g. FF")
    return int(cleaned, 16)


def parse_choices(keys) -> frozenset:
    return frozenset(keys)


PARSERS = {"pair": parse_pair, "tokens": parse_tokens, "number": parse_number, "hex": parse_hex,
           "choices": parse_choices}


def show(kind: str, value) -> str:
    if kind == "pair":
        return f"{value[0]} + {value[1]}"
    if kind == "tokens":
        return " ".join(value)
    if kind == "hex":
        return f"{value:02X}"
    if kind == "choices":
        return ", ".join(k for k in SWAP_OPTIONS if k in value)
    return str(value)
