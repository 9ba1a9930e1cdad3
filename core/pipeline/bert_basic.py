"""BERT's BasicTokenizer (google-research/bert ``tokenization.py``), one
named stage at a time.

Where Google's BERT and HF ``tokenizers`` 0.23 differ (lower casing,
control characters, CJK ranges, Unicode tables), ``hf=True`` follows HF
and ``hf=False`` follows BERT.

Details: docs/notes/pipeline.md#corepipelinebert_basicpy.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from core.errors import TokenizerError
from core.pipeline import hf_unicode
from core.pipeline.aligned import Aligned, map_local, split_at, split_words
from core.pipeline.pre_tokenizers import char_spans, split_spans

STAGES = ("clean_text", "chinese_chars", "whitespace_split", "lowercase", "strip_accents", "punctuation_split")

# BERT's _is_chinese_char: the CJK Unified Ideographs blocks, not all of CJK
# (Hangul, Hiragana and Katakana are written with spaces and left alone).
CJK_RANGES = (
    (0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F),
)


def is_whitespace(ch: str) -> bool:
    # Tab, newline and return are control characters to Unicode; BERT counts them as spaces.
    return ch in " \t\n\r" or unicodedata.category(ch) == "Zs"


def is_control(ch: str) -> bool:
    if ch in "\t\n\r":
        return False
    return unicodedata.category(ch) in ("Cc", "Cf")


# Format characters newer than the Unicode tables of the Rust crate HF's
# is_other reads (unicode_categories): HF keeps them (checked against
# tokenizers 0.23 over every code point).
HF_NEWER_FORMAT = frozenset("\u0890\u0891\u08e2\U000110cd" + "".join(map(chr, range(0x13430, 0x13439))))


def is_other(ch: str) -> bool:
    """HF's ``is_control`` (``char::is_other``): control, format, private use
    and surrogates, bar tab, newline and return; unassigned code points stay."""
    return ch not in "\t\n\r" and unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") \
        and ch not in HF_NEWER_FORMAT


def is_punctuation(ch: str, hf: bool = False) -> bool:
    """BERT's ``_is_punctuation``; with ``hf``, HF's (its older Unicode tables, core.pipeline.hf_unicode)."""
    if hf:
        return ch in hf_unicode.PUNCTUATION
    cp = ord(ch)
    # Every non-alphanumeric ASCII character counts, even $ ^ ` which Unicode calls symbols.
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


# HF's is_chinese_char: Extension E from U+2B920
HF_CJK_RANGES = tuple((0x2B920, hi) if lo == 0x2B820 else (lo, hi) for lo, hi in CJK_RANGES)


def is_cjk(ch: str, ranges=CJK_RANGES) -> bool:
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in ranges)


def clean_text(text: str, control=is_control) -> str:
    """Drop NUL, U+FFFD and control characters; every whitespace becomes a space."""
    out = []
    for ch in text:
        if ch in "\x00\ufffd" or control(ch):
            continue
        out.append(" " if is_whitespace(ch) else ch)
    return "".join(out)


def hf_clean_text(text: str) -> str:
    """:func:`clean_text` with HF's wider control class (private use, unassigned)."""
    return clean_text(text, is_other)


def space_cjk(text: str, ranges=CJK_RANGES) -> str:
    """Put spaces around each CJK ideograph, so each becomes its own word."""
    return "".join(f" {ch} " if is_cjk(ch, ranges) else ch for ch in text)


def hf_space_cjk(text: str) -> str:
    return space_cjk(text, HF_CJK_RANGES)


def strip_accents(word: str, hf: bool = False) -> str:
    """NFD, then drop nonspacing marks (with ``hf``, those HF knows).

    >>> strip_accents("Café")
    'Cafe'
    """
    if hf:
        return "".join(ch for ch in hf_unicode.normalize("NFD", word) if ch not in hf_unicode.NONSPACING_MARKS)
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if unicodedata.category(ch) != "Mn")


def split_punctuation(word: str, hf: bool = False) -> list[str]:
    """Every punctuation character becomes a word of its own.

    >>> split_punctuation("don't!")
    ['don', "'", 't', '!']
    """
    out: list[str] = []
    start_new = True
    for ch in word:
        if is_punctuation(ch, hf):
            out.append(ch)
            start_new = True
        else:
            if start_new:
                out.append("")
            start_new = False
            out[-1] += ch
    return out


def _accent(ch: str):
    return "" if unicodedata.category(ch) == "Mn" else None


def _hf_accent(ch: str):
    return "" if ch in hf_unicode.NONSPACING_MARKS else None


def _punctuation(ch: str):
    return f" {ch} " if is_punctuation(ch) else None


def _hf_punctuation(ch: str):
    return f" {ch} " if ch in hf_unicode.PUNCTUATION else None


@dataclass(frozen=True)
class Stage:
    """One stage's output: the text (first two stages) or the word list."""

    name: str
    enabled: bool
    text: str | None
    words: tuple[str, ...] | None


@dataclass(frozen=True)
class BasicTokenizer:
    clean_text: bool = True
    handle_chinese_chars: bool = True
    lowercase: bool = True
    strip_accents: bool | None = None  # None: strip exactly when lower-casing (BERT)
    split_punctuation: bool = True
    hf: bool = False  # HF's lower casing, control class and CJK ranges (see the module docstring)

    def __post_init__(self):
        for name in ("clean_text", "handle_chinese_chars", "lowercase", "split_punctuation", "hf"):
            if not isinstance(getattr(self, name), bool):
                raise TokenizerError(f"BasicTokenizer option {name} must be true or false")
        if self.strip_accents not in (None, True, False):
            raise TokenizerError("BasicTokenizer option strip_accents must be true, false or null")

    @property
    def strips_accents(self) -> bool:
        return self.lowercase if self.strip_accents is None else self.strip_accents

    # the three places BERT and HF part (text -> text)
    @property
    def clean(self):
        return hf_clean_text if self.hf else clean_text

    @property
    def space_cjk(self):
        return hf_space_cjk if self.hf else space_cjk

    @property
    def lower(self):
        return hf_unicode.lower if self.hf else str.lower

    def strip(self, word: str) -> str:
        """:func:`strip_accents` as this tokenizer does it (HF's marks with ``hf``)."""
        return strip_accents(word, self.hf)

    def is_punctuation(self, ch: str) -> bool:
        """:func:`is_punctuation` as this tokenizer reads it (HF's with ``hf``)."""
        return is_punctuation(ch, self.hf)

    def describe(self) -> dict:
        # "hf" only when set, so assets written before it keep their identity
        return {"type": "bert-basic", "clean_text": self.clean_text,
                "handle_chinese_chars": self.handle_chinese_chars, "lowercase": self.lowercase,
                "strip_accents": self.strip_accents, "split_punctuation": self.split_punctuation,
                **({"hf": True} if self.hf else {})}

    @classmethod
    def from_description(cls, spec: dict) -> "BasicTokenizer":
        if not isinstance(spec, dict) or spec.get("type") != "bert-basic":
            raise TokenizerError("expected an object with type 'bert-basic'")
        keys = ("clean_text", "handle_chinese_chars", "lowercase", "strip_accents", "split_punctuation", "hf")
        return cls(**{k: spec[k] for k in keys if k in spec})

    def stages(self, text: str) -> list[Stage]:
        """Run every stage in BERT's order and keep each result."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        out = []
        if self.clean_text:
            text = self.clean(text)
        out.append(Stage("clean_text", self.clean_text, text, None))
        if self.handle_chinese_chars:
            text = self.space_cjk(text)
        out.append(Stage("chinese_chars", self.handle_chinese_chars, text, None))
        words = text.split()
        out.append(Stage("whitespace_split", True, None, tuple(words)))
        if self.lowercase:
            words = [self.lower(w) for w in words]
        out.append(Stage("lowercase", self.lowercase, None, tuple(words)))
        if self.strips_accents:
            words = [strip_accents(w, self.hf) for w in words]
        out.append(Stage("strip_accents", self.strips_accents, None, tuple(words)))
        if self.split_punctuation:
            words = [piece for w in words for piece in split_punctuation(w, self.hf)]
        # BERT re-splits on whitespace at the end, which also drops words that
        # accent stripping emptied (a word made only of combining marks).
        words = " ".join(words).split()
        out.append(Stage("punctuation_split", self.split_punctuation, None, tuple(words)))
        return out

    # The same stages with alignment, for the stages view (core.tokenizer.stage_kinds).

    def aligned_texts(self, src: Aligned) -> list[tuple[str, Aligned]]:
        """The text stages (clean_text, chinese_chars) that are enabled, each's output aligned."""
        out = []
        if self.clean_text:
            src = map_local(src, self.clean)
            out.append(("clean_text", src))
        if self.handle_chinese_chars:
            src = map_local(src, self.space_cjk)
            out.append(("chinese_chars", src))
        return out

    def aligned_words(self, src: Aligned) -> list[tuple[str, list[Aligned]]]:
        """The word stages that are enabled (whitespace_split, lowercase,
        strip_accents, and punctuation_split always last), each's words aligned."""
        words = split_words(src)
        out = [("whitespace_split", words)]
        if self.lowercase:
            words = [map_local(w, self.lower) for w in words]
            out.append(("lowercase", words))
        if self.strips_accents:
            words = [map_local(w, self.strip) for w in words]
            out.append(("strip_accents", words))
        if self.split_punctuation:
            words = [p for w in words for p in split_at(w, split_spans(
                w.text, char_spans(w.text, self.is_punctuation), "isolated"))]
        # BERT re-splits on whitespace at the end, which drops emptied words.
        out.append(("punctuation_split", [p for w in words for p in split_words(w)]))
        return out

    def words(self, text: str) -> list[str]:
        """``stages(text)[-1].words``, over the whole text at once: each stage
        maps characters one by one (lower casing but for the final sigma,
        NFD but for reordering inside a word), and whitespace only ever ends
        a word, so the stages can run on the whole text and split once at
        the end; each distinct character is classified once.  The tests
        compare the two."""
        if not isinstance(text, str):
            raise TokenizerError(f"expected text (str), found {type(text).__name__}")
        text = text.translate(self._table("first", text, self._first))
        if self.lowercase:
            if self.hf:
                # Σ: the only character str.lower reads in context; then the capitals newer than Python's tables.
                text = text.replace("\u03a3", "\u03c3").lower().translate(hf_unicode.NEWER_LOWER)
            elif "\u03a3" in text:
                text = " ".join(w.lower() for w in text.split())
            else:
                text = text.lower()
        if self.strips_accents:
            text = hf_unicode.normalize("NFD", text) if self.hf else unicodedata.normalize("NFD", text)
            text = text.translate(self._table("accents", text, _hf_accent if self.hf else _accent))
        if self.split_punctuation:
            text = text.translate(self._table("punctuation", text, _hf_punctuation if self.hf else _punctuation))
        return text.split()

    def _first(self, ch: str):
        """Clean text, then CJK spacing, for one character (None: no change)."""
        if self.clean_text:
            if ch in "\x00\ufffd" or (is_other if self.hf else is_control)(ch):
                return ""
            if is_whitespace(ch):
                return " " if ch != " " else None
        if self.handle_chinese_chars and is_cjk(ch, HF_CJK_RANGES if self.hf else CJK_RANGES):
            return f" {ch} "
        return None

    def _table(self, stage: str, text: str, rule) -> dict:
        """A str.translate table for the characters of ``text``, from ``rule``
        (character -> replacement or None), kept for the next text."""
        known = self.__dict__.get("_tables")
        if known is None:
            known = {}
            object.__setattr__(self, "_tables", known)
        seen, table = known.setdefault(stage, (set(), {}))
        for ch in set(text) - seen:
            seen.add(ch)
            out = rule(ch)
            if out is not None:
                table[ord(ch)] = out
        return table

    def tokenize(self, text: str) -> list[str]:
        """The words the WordPiece stage receives.

        >>> BasicTokenizer().tokenize("Héllo, 中文!")
        ['hello', ',', '中', '文', '!']
        """
        return list(self.stages(text)[-1].words)
