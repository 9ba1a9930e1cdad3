"""The seeds' worked examples as replayable lessons, and seed 000's exercises.

A lesson is plain data: the seed and section it comes from, the corpus and
settings to load, the views to show side by side while it runs (if any),
and the steps to replay in the real windows.  A step names the view to
show, an action and its arguments; ``gui/lessons.py`` performs the
action through the views, exactly as a person would, and the texts that
explain each step live with the other translated strings in
``gui/lesson_text.py``.

Exercises (seed 000, section 19.8) never compare with a stored answer: each
``expected`` call trains, encodes or diffs with the core, so changing an
exercise's inputs changes its answer.
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

SEED_003 = WordCorpus.from_pairs([("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)])
SEED_004 = WordCorpus.from_pairs([("low", 5), ("lowest", 2), ("newer", 6), ("wider", 3), ("new", 2)])
# Example 19.2: the given WordPiece vocabulary, ## marking a continuation.
WORDPIECE_19_2 = ("[UNK]", "low", "##er", "new")
SWAPPED_IDS = (268, 270)  # key and red (example 19.3, exercise 5)


@dataclass(frozen=True)
class Step:
    """One replayed step: show ``view``, then do ``action(*args)`` there.

    Actions: ``step`` (timeline step k), ``sample`` (timeline sample text,
    first k merges), ``encode`` (encode-panel text), ``decode`` (IDs, policy),
    ``compare`` (compare-view text), ``swap`` (IDs to swap in a copy of the
    classroom asset), ``policy`` (train a comparison with another tie policy).
    """

    view: str
    action: str
    args: tuple = ()


@dataclass(frozen=True)
class Lesson:
    key: str
    seed: str  # "000", "003", "004"
    section: str  # the seed's section number ("" where the seed numbers none)
    steps: tuple[Step, ...]
    corpus: WordCorpus | None = None  # None: keep the workspace's corpus
    merges: int | None = None
    tie: str = "lexicographic"
    wordpiece: tuple[str, ...] = ()  # a WordPiece vocabulary to open as an asset
    # Views to show side by side while the lesson runs, left to right (the
    # GUI's view keys); the user's own window layout comes back when it ends.
    layout: tuple[str, ...] = ()


SIDE_BY_SIDE = ("corpus", "timeline")


def _timeline(*ks):
    return tuple(Step("timeline", "step", (k,)) for k in ks)


def _samples(text, *ks):
    return tuple(Step("timeline", "sample", (text, k)) for k in ks)


LESSONS = (
    # Where the corpus decides the merges, the corpus editor sits beside the
    # timeline: change a count and the merges change in front of the class.
    Lesson("19.1", "000", "19.1", _timeline(0, 1, 2, 3, 4),
           EXAMPLE_19_1, 4, "lexicographic", layout=SIDE_BY_SIDE),
    Lesson("19.2", "000", "19.2", _samples("lower low", 0, 1, 2, 3, 4) + _samples("l☃w", 4),
           EXAMPLE_19_1, 4, "lexicographic"),
    Lesson("19.2-wp", "000", "19.3",
           (Step("compare", "compare", ("lower",)), Step("compare", "compare", ("lowerz",))),
           wordpiece=WORDPIECE_19_2),
    Lesson("19.3", "000", "19.4",
           (Step("encode", "encode", ("red key .",)), Step("encode", "encode", ("法国首都是巴黎。",)),
            Step("encode", "encode", ("中🙂",)), Step("encode", "encode", ("Ａ A",)),
            Step("encode", "encode", ("key: ",)),
            Step("encode", "encode", ("key:",)),
            Step("encode", "decode", ("255", "strict")), Step("encode", "decode", ("255", "replace")))),
    Lesson("19.4", "000", "19.5",
           (Step("encode", "encode", ("e\u0301",)), Step("encode", "encode", ("\u00e9",)),
            Step("encode", "encode", ("e\u0301 \u00e9",)))),
    Lesson("19.5", "000", "19.5", (Step("assets", "swap", SWAPPED_IDS),)),
    Lesson("003", "003", "", _timeline(1, 2, 3) + _samples("lower newest widest", 3, 7, 11),
           SEED_003, 11, "first-seen", layout=SIDE_BY_SIDE),
    Lesson("004", "004", "4", _timeline(2, 4, 6, 8) + _samples("newest", 8)
           + (Step("timeline", "policy", ("lexicographic",)),), SEED_004, 8, "first-seen", layout=SIDE_BY_SIDE),
)


def lesson(key: str) -> Lesson:
    for item in LESSONS:
        if item.key == key:
            return item
    raise KeyError(f"no lesson {key!r}; known: {[x.key for x in LESSONS]}")


# ==== exercises ====

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
