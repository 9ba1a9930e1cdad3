"""Word-frequency corpora: parsing, validation and identity.

A corpus is an ordered table of distinct words with positive counts; order
matters to the ``first-seen`` tie policy.  Two file formats are read,
``table`` (``word<TAB>count`` lines) and ``text`` (plain text, counted in
order of first appearance); errors name the file, line and byte offset.

Details: docs/notes/core.md#corecorpuspy.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from core.errors import CorpusError, excerpt
from core.fileio import read_limited
from core.numbers import MAX_COUNT, check_range, parse_decimal

END_OF_WORD = "</w>"
# A corpus file larger than this is refused up front rather than freezing.
MAX_CORPUS_BYTES = 512 * 1024 * 1024


@dataclass(frozen=True)
class WordCorpus:
    """Distinct words in corpus order, each with a positive count."""

    words: tuple[str, ...]
    counts: tuple[int, ...]

    def __post_init__(self):
        if len(self.words) != len(self.counts):
            raise CorpusError("words and counts differ in length")
        if len(set(self.words)) != len(self.words):
            raise CorpusError("words must be distinct (merge duplicates first)")
        # Every pair count training writes is at most the symbols counted
        # (a word's bytes and its end mark, times its count): within the
        # count limit, so every asset trained here reads back.
        if sum(c * (4 * len(w) + 1) for w, c in zip(self.words, self.counts)) > MAX_COUNT:
            raise CorpusError(f"the counts of this corpus add up to more than {MAX_COUNT} symbols, the limit of a "
                              "count in an asset", code="corpus.too_many_symbols", limit=MAX_COUNT)

    @classmethod
    def from_pairs(cls, pairs, *, reserved=(END_OF_WORD,)) -> "WordCorpus":
        """Build a corpus from ``(word, count)`` pairs, summing duplicates.

        >>> WordCorpus.from_pairs([("low", 2), ("new", 1), ("low", 1)]).counts
        (3, 1)
        """
        table: dict[str, int] = {}
        for index, (word, count) in enumerate(pairs):
            validate_entry(word, count, reserved=reserved, where=f"entry {index + 1}")
            table[word] = table.get(word, 0) + count
        return cls(tuple(table), tuple(table.values()))

    def items(self):
        return zip(self.words, self.counts)

    def __len__(self):
        return len(self.words)

    @property
    def total(self) -> int:
        return sum(self.counts)

    def canonical_bytes(self) -> bytes:
        """The bytes the corpus identity hashes: ``word\\tcount\\n`` per word.

        Hashing this form, not the file, means CRLF, blank lines or a BOM in
        the source file do not change the training data identity.
        """
        return "".join(f"{w}\t{c}\n" for w, c in self.items()).encode("utf-8")

    def identity(self) -> dict:
        return {
            "sha256": hashlib.sha256(self.canonical_bytes()).hexdigest(),
            "records": len(self.words),
            "tokens": self.total,
        }


def validate_entry(word, count, *, reserved=(END_OF_WORD,), where="entry"):
    """Raise :class:`CorpusError` naming ``where`` if the entry is unusable."""
    if not isinstance(word, str) or word == "":
        raise CorpusError(f"{where}: empty word", code="corpus.empty_word", where=where)
    for symbol in reserved:
        if symbol in word:
            raise CorpusError(f"{where}: word {excerpt(word)} contains the reserved symbol {symbol!r}",
                              code="corpus.reserved", where=where, word=excerpt(word), symbol=repr(symbol))
    if isinstance(count, bool) or not isinstance(count, int):
        raise CorpusError(f"{where}: count {excerpt(count)} is not an integer", code="corpus.count_not_integer",
                          where=where, count=excerpt(count))
    if count <= 0:
        raise CorpusError(f"{where}: count {count} must be a positive integer", code="corpus.count_not_positive",
                          where=where, count=count)
    # The same bound the identity and every asset reader use (core.numbers).
    check_range(count, where=where, what="count", error=CorpusError)


def decode_utf8(data: bytes, name: str) -> str:
    """Decode strictly, naming the line and byte offset of the first bad byte."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        bad = data[exc.start:exc.end].hex(" ").upper()
        raise CorpusError(
            f"{name}:{line}: invalid UTF-8 byte {bad} at byte offset {exc.start}",
            code="corpus.invalid_utf8", where=f"{name}:{line}", bytes=bad, offset=exc.start,
        ) from None
    return text.removeprefix("\ufeff")


def lines_of(text: str) -> list[str]:
    """Lines split at ``\n`` (a ``\r`` before it dropped) only, so a line
    number is the one an editor shows: ``str.splitlines`` also splits at
    U+2028, NEL and form feeds, shifting every later number.

    >>> lines_of("a\u2028b\r\nc\n")
    ['a\u2028b', 'c']
    """
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def parse_table(text: str, name: str = "<corpus>") -> WordCorpus:
    """Parse ``word<TAB>count`` lines.

    >>> parse_table("low\\t2\\nlower\\t1\\n").words
    ('low', 'lower')
    """
    pairs = []
    for number, line in enumerate(text.split("\n"), start=1):
        if line.strip() == "":
            continue
        where = f"{name}:{number}"
        word, tab, count_text = line.rpartition("\t")
        if not tab:
            raise CorpusError(f"{where}: expected 'word<TAB>count', found no tab in {excerpt(line)}",
                              code="corpus.no_tab", where=where, line=excerpt(line))
        count = parse_decimal(count_text.strip(" \t\r"), where=where, what="count", error=CorpusError)
        validate_entry(word, count, where=where)
        pairs.append((word, count))
    if not pairs:
        raise CorpusError(f"{name}: the corpus is empty", code="corpus.empty", where=name)
    try:
        return WordCorpus.from_pairs(pairs)
    except CorpusError as exc:  # the whole table's limit
        raise CorpusError.at(name, exc) from None


def parse_text(text: str, name: str = "<corpus>") -> WordCorpus:
    """Count whitespace-separated words in order of first appearance."""
    counts: dict[str, int] = {}
    for number, line in enumerate(lines_of(text), start=1):
        for word in line.split():
            if END_OF_WORD in word:
                raise CorpusError(
                    f"{name}:{number}: word {excerpt(word)} contains the reserved symbol {END_OF_WORD!r}",
                    code="corpus.reserved", where=f"{name}:{number}", word=excerpt(word), symbol=repr(END_OF_WORD),
                )
            counts[word] = counts.get(word, 0) + 1
    if not counts:
        raise CorpusError(f"{name}: the corpus is empty", code="corpus.empty", where=name)
    try:
        return WordCorpus(tuple(counts), tuple(counts.values()))
    except CorpusError as exc:
        raise CorpusError.at(name, exc) from None


def read_corpus(path, fmt: str = "table") -> WordCorpus:
    """Read a corpus file in ``table`` or ``text`` format."""
    path = Path(path)
    name = str(path)
    if fmt not in ("table", "text"):
        raise CorpusError(f"unknown corpus format {fmt!r}: use 'table' or 'text'")
    data = read_limited(path, limit=MAX_CORPUS_BYTES, what="a corpus file", error=CorpusError)
    text = decode_utf8(data, name)
    return parse_table(text, name) if fmt == "table" else parse_text(text, name)


# Seed 000, example 19.1: low x2, lower x1, new x1.
EXAMPLE_19_1 = WordCorpus(("low", "lower", "new"), (2, 1, 1))
