"""Raw records, row edits of word tables, and importing text files.

A *record* is one line of a text file kept exactly, line ending included,
so the file's bytes can be written back unchanged; ``word_corpus``
pre-tokenizes every record into counted words, never across a record
(seed 000, example 19.1).

Details: docs/notes/workspace.md#coreworkspacerecordspy.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from core.pipeline import pretokenize
from core.corpus import END_OF_WORD, MAX_CORPUS_BYTES, WordCorpus, validate_entry
from core.errors import CorpusError, excerpt
from core.fileio import kind_of
from core.numbers import parse_decimal

PRETOKENIZERS = ("whitespace", "gpt2", "none")
ENDINGS = ("\n", "\r\n", "")
ENDING_NAMES = {"\n": "LF", "\r\n": "CRLF", "": "none"}
CHUNK_BYTES = 4 * 1024 * 1024
BOM = "\ufeff"


# ==== records ====

def check_record(text, where="record") -> None:
    """Raise :class:`CorpusError` naming ``where`` if ``text`` cannot be a record."""
    if not isinstance(text, str):
        raise CorpusError(f"{where}: expected text, found {type(text).__name__}")
    if "\n" in text:
        raise CorpusError(f"{where}: a record is one line; split it at the line break first", code="records.one_line",
                          where=where)
    if END_OF_WORD in text:
        raise CorpusError(f"{where}: contains the reserved symbol {END_OF_WORD!r}", code="records.reserved",
                          where=where, symbol=repr(END_OF_WORD))


@dataclass(frozen=True)
class Records:
    """Lines of text with their own endings; only the last may have none."""

    lines: tuple[str, ...]
    endings: tuple[str, ...]
    bom: bool = False

    def __post_init__(self):
        if len(self.lines) != len(self.endings):
            raise CorpusError("records and line endings differ in length")
        for number, (text, ending) in enumerate(zip(self.lines, self.endings), start=1):
            check_record(text, f"record {number}")
            if ending not in ENDINGS:
                raise CorpusError(f"record {number}: line ending {excerpt(ending)} is not LF, CRLF or none",
                                  code="records.bad_ending", where=f"record {number}", ending=excerpt(ending))
            if ending == "" and number != len(self.lines):
                raise CorpusError(f"record {number}: only the last record may lack a line ending",
                                  code="records.missing_ending", where=f"record {number}")

    @classmethod
    def from_text(cls, text: str) -> "Records":
        """Split on LF only (a CR before it belongs to the ending).

        >>> Records.from_text("  a\\tb\\r\\nc").endings
        ('\\r\\n', '')
        """
        bom = text.startswith(BOM)
        pieces = text.removeprefix(BOM).split("\n")
        lines, endings = [], []
        for piece in pieces[:-1]:
            # A CR belongs to the ending only when an LF follows it.
            if piece.endswith("\r"):
                lines.append(piece[:-1])
                endings.append("\r\n")
            else:
                lines.append(piece)
                endings.append("\n")
        if pieces[-1]:
            lines.append(pieces[-1])
            endings.append("")
        return cls(tuple(lines), tuple(endings), bom)

    def __len__(self):
        return len(self.lines)

    def text(self) -> str:
        return (BOM if self.bom else "") + "".join(t + e for t, e in zip(self.lines, self.endings))

    def to_bytes(self) -> bytes:
        return self.text().encode("utf-8")

    # Each edit returns new records; the workspace swaps them in and emits.

    def with_line(self, row: int, text: str) -> "Records":
        check_record(text, f"record {row + 1}")
        return Records(self.lines[:row] + (text,) + self.lines[row + 1:], self.endings, self.bom)

    def with_ending(self, row: int, ending: str) -> "Records":
        return Records(self.lines, self.endings[:row] + (ending,) + self.endings[row + 1:], self.bom)

    def inserted(self, row: int, lines, endings) -> "Records":
        lines, endings = tuple(lines), tuple(endings)
        return Records(self.lines[:row] + lines + self.lines[row:],
                       self.endings[:row] + endings + self.endings[row:], self.bom)

    def removed(self, first: int, count: int) -> "Records":
        return Records(self.lines[:first] + self.lines[first + count:],
                       self.endings[:first] + self.endings[first + count:], self.bom)


def words_of(text: str, pretokenizer: str) -> list[str]:
    """The training words of one record (without its line ending)."""
    if pretokenizer == "whitespace":
        return text.split()
    if pretokenizer == "none":
        return [text] if text else []
    if pretokenizer == "gpt2":
        return [text[a:b] for a, b in pretokenize.split("gpt2", text)]
    raise CorpusError(f"unknown pre-tokenization {excerpt(pretokenizer)}: choose one of {', '.join(PRETOKENIZERS)}")


def word_corpus(records: Records, pretokenizer: str = "whitespace") -> WordCorpus:
    """Count every record's words in order of first appearance."""
    counts: dict[str, int] = {}
    for text in records.lines:
        for word in words_of(text, pretokenizer):
            counts[word] = counts.get(word, 0) + 1
    return WordCorpus(tuple(counts), tuple(counts.values()))


def records_from_corpus(corpus: WordCorpus, *, limit: int = 1_000_000) -> Records:
    """One record per word occurrence, in corpus order.

    Splitting these on whitespace gives back exactly ``corpus``.
    """
    if corpus.total > limit:
        raise CorpusError(f"the table has {corpus.total} word occurrences; at most {limit} become records",
                          code="records.too_many", total=corpus.total, limit=limit)
    for row, word in enumerate(corpus.words, start=1):
        if len(word.split()) != 1 or word != word.strip():
            raise CorpusError(f"row {row}: {excerpt(word)} contains whitespace, so it cannot be a record of its own",
                              code="records.whitespace", where=f"row {row}", word=excerpt(word))
    lines = tuple(w for w, c in corpus.items() for _ in range(c))
    return Records(lines, ("\n",) * len(lines))


# ==== word-table row edits ====

def check_word(corpus: WordCorpus, word, *, row: int | None = None) -> None:
    """Raise :class:`CorpusError` if ``word`` cannot be at ``row`` (None: a new row)."""
    where = f"row {row + 1}" if row is not None else "new word"
    validate_entry(word, 1, where=where)
    if word in corpus.words:
        other = corpus.words.index(word)
        if other != row:
            raise CorpusError(f"{where}: {excerpt(word)} is already in row {other + 1}; change its count instead",
                              code="corpus.duplicate", where=where, word=excerpt(word), row=other + 1)


def parse_count(text, *, where: str) -> int:
    """A count typed by the user: a positive integer, or a clear error."""
    if isinstance(text, int) and not isinstance(text, bool):
        count = text
    else:
        count = parse_decimal(str(text).strip(), where=where, what="count", error=CorpusError)
    validate_entry("x", count, where=where)
    return count


def with_word(corpus: WordCorpus, row: int, word: str) -> WordCorpus:
    check_word(corpus, word, row=row)
    return WordCorpus(corpus.words[:row] + (word,) + corpus.words[row + 1:], corpus.counts)


def with_count(corpus: WordCorpus, row: int, count: int) -> WordCorpus:
    parse_count(count, where=f"row {row + 1}")
    return WordCorpus(corpus.words, corpus.counts[:row] + (count,) + corpus.counts[row + 1:])


def inserted_words(corpus: WordCorpus, row: int, pairs) -> WordCorpus:
    pairs = list(pairs)
    for offset, (word, count) in enumerate(pairs):
        validate_entry(word, count, where=f"row {row + offset + 1}")
    words = tuple(w for w, _ in pairs)
    # WordCorpus itself refuses duplicates; name the offending word first.
    clash = set(words) & set(corpus.words) or {w for w in words if words.count(w) > 1}
    if clash:
        raise CorpusError(f"{excerpt(sorted(clash)[0])} is already in the table; change its count instead",
                          code="corpus.already_in_table", word=excerpt(sorted(clash)[0]))
    return WordCorpus(corpus.words[:row] + words + corpus.words[row:],
                      corpus.counts[:row] + tuple(c for _, c in pairs) + corpus.counts[row:])


def removed_words(corpus: WordCorpus, first: int, count: int) -> WordCorpus:
    return WordCorpus(corpus.words[:first] + corpus.words[first + count:],
                      corpus.counts[:first] + corpus.counts[first + count:])


# ==== statistics ====

def corpus_stats(corpus: WordCorpus) -> dict[str, int]:
    """Rows, word occurrences, characters and UTF-8 bytes the table stands for."""
    return {
        "records": len(corpus),
        "words": corpus.total,
        "characters": sum(len(w) * c for w, c in corpus.items()),
        "bytes": sum(len(w.encode("utf-8")) * c for w, c in corpus.items()),
    }


def records_stats(records: Records, pretokenizer: str = "whitespace") -> dict[str, int]:
    """Records, their words, characters (without line endings) and exact bytes."""
    return {
        "records": len(records),
        "words": sum(len(words_of(t, pretokenizer)) for t in records.lines),
        "characters": sum(len(t) for t in records.lines),
        "bytes": len(records.to_bytes()),
    }


# ==== pasting and importing ====

def parse_paste(text: str, *, pretokenizer: str = "whitespace") -> list[tuple[str, int]]:
    """``word<TAB>count`` lines if every non-blank line is one, else counted text."""
    lines = [line for line in text.splitlines() if line.strip()]
    pairs = []
    for line in lines:
        word, tab, count = line.rpartition("\t")
        count = count.strip()
        # ASCII digits only: str.isdigit accepts "²", which int() refuses
        if not tab or not (count.isascii() and count.isdigit()) or not word:
            break
        pairs.append((word, parse_count(count, where=f"pasted line {len(pairs) + 1}")))
    else:
        if pairs:
            for index, (word, count) in enumerate(pairs):
                validate_entry(word, count, where=f"pasted line {index + 1}")
            return pairs
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        for word in words_of(line, pretokenizer):
            validate_entry(word, 1, where=f"pasted line {number}")
            counts[word] = counts.get(word, 0) + 1
    return list(counts.items())


@dataclass(frozen=True)
class InvalidLine:
    """A line skipped because it is not valid UTF-8."""

    line: int
    offset: int  # byte offset of the first bad byte in the file
    bad: str  # the bad bytes in hex

    def describe(self, name: str) -> str:
        return f"{name}:{self.line}: invalid UTF-8 byte {self.bad} at byte offset {self.offset}"


@dataclass(frozen=True)
class ImportResult:
    """What an import produced; ``invalid`` lists lines that were skipped."""

    corpus: WordCorpus | None
    records: Records | None
    invalid: tuple[InvalidLine, ...]
    size: int
    cancelled: bool = False


def _lines(data: bytes, base: int, first_line: int, invalid: list):
    """Decode ``data`` (whole lines, the last one maybe unterminated).

    Returns ``([(line number, text, ending), ...], next line number)``;
    undecodable lines are appended to ``invalid`` instead.
    """
    try:
        pieces = data.decode("utf-8").split("\n")
        decoded = True
    except UnicodeDecodeError:
        pieces = data.split(b"\n")
        decoded = False
    if pieces[-1] in ("", b""):
        pieces.pop()
    out, offset = [], base
    last = len(pieces) - 1
    terminated = data.endswith(b"\n")
    for index, piece in enumerate(pieces):
        number = first_line + index
        size = len(piece) if not decoded else None
        ending = "\n" if index < last or terminated else ""
        if not decoded:
            try:
                text = piece.decode("utf-8")
            except UnicodeDecodeError as exc:
                invalid.append(InvalidLine(number, offset + exc.start, piece[exc.start:exc.end].hex(" ").upper()))
                offset += size + len(ending)
                continue
        else:
            text = piece
        if ending and text.endswith("\r"):
            text, ending = text[:-1], "\r\n"
        if not decoded:
            offset += size + (1 if ending else 0)
        out.append((number, text, ending))
    return out, first_line + len(pieces)


def import_file(path, *, target: str = "words", fmt: str = "text", pretokenizer: str = "whitespace",
                progress=None, should_stop=None) -> ImportResult:
    """Read a text file as a word table (``target="words"``) or as records.

    ``fmt`` is ``"text"`` (pre-tokenized and counted) or ``"table"``
    (``word<TAB>count`` lines).  Lines that are not valid UTF-8 are skipped
    and listed in ``invalid``, so the caller can offer to keep going or stop.
    ``progress(bytes_done, bytes_total)`` follows each 4 MiB chunk and
    ``should_stop()`` is checked as often.
    """
    path = Path(path)
    name = str(path)
    if target not in ("words", "records"):
        raise CorpusError(f"unknown import target {target!r}: use 'words' or 'records'")
    if fmt not in ("text", "table"):
        raise CorpusError(f"unknown corpus format {fmt!r}: use 'text' or 'table'")
    words_of("", pretokenizer)  # names an unknown pre-tokenization up front
    def too_big(size):
        return CorpusError(f"{name}: {size} bytes is over the {MAX_CORPUS_BYTES}-byte limit", code="file.too_big",
                           where=name, size=size, limit=MAX_CORPUS_BYTES, label="-byte limit")

    try:
        # Opened first, then asked what it is: a file swapped between a
        # stat and the open is never read, and O_NONBLOCK keeps a FIFO from
        # blocking the open itself.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            mode, size = (st := os.fstat(fd)).st_mode, st.st_size
            if stat.S_ISDIR(mode):
                raise CorpusError(f"{name}: is a directory, not a text file", code="file.directory", where=name,
                                  what="a text file")
            if not stat.S_ISREG(mode):
                reason = f"{kind_of(mode)}, not a regular file"
                raise CorpusError(f"{name}: cannot read ({reason})", code="file.unreadable", where=name,
                                  reason=reason)
            if size > MAX_CORPUS_BYTES:
                raise too_big(size)
            handle = os.fdopen(fd, "rb")
        except BaseException:
            os.close(fd)
            raise
    except IsADirectoryError:  # Windows cannot open a folder
        raise CorpusError(f"{name}: is a directory, not a text file", code="file.directory", where=name,
                          what="a text file") from None
    except FileNotFoundError:
        raise CorpusError(f"{name}: no such file", code="file.missing", where=name) from None
    except OSError as exc:
        raise CorpusError(f"{name}: cannot read ({exc.strerror})", code="file.unreadable", where=name,
                          reason=exc.strerror) from None
    invalid: list[InvalidLine] = []
    counts: dict[str, int] = {}
    lines, endings = [], []
    bom = False
    done, number, carry = 0, 1, b""
    with handle:
        while True:
            if should_stop is not None and should_stop():
                return ImportResult(None, None, tuple(invalid), size, cancelled=True)
            chunk = handle.read(CHUNK_BYTES)
            data = carry + chunk
            if chunk:
                cut = data.rfind(b"\n") + 1
                data, carry = data[:cut], data[cut:]
            else:
                carry = b""
            if done == 0 and data.startswith(b"\xef\xbb\xbf"):
                bom, data, done = True, data[3:], 3
            decoded, number = _lines(data, done, number, invalid)
            for line_number, line, ending in decoded:
                where = f"{name}:{line_number}"
                if target == "records":
                    check_record(line, where)
                    lines.append(line)
                    endings.append(ending)
                elif fmt == "table":
                    if line.strip():
                        word, count = _table_line(line, where)
                        counts[word] = counts.get(word, 0) + count
                else:
                    for word in words_of(line, pretokenizer):
                        validate_entry(word, 1, where=where)
                        counts[word] = counts.get(word, 0) + 1
            done += len(data)
            if done + len(carry) > MAX_CORPUS_BYTES:  # the bytes read count, not the size stat gave
                raise too_big(done + len(carry))
            if progress is not None:
                progress(min(done, size), size)
            if not chunk:
                break
    if target == "records":
        return ImportResult(None, Records(tuple(lines), tuple(endings), bom), tuple(invalid), size)
    if not counts:
        raise CorpusError(f"{name}: the corpus is empty", code="corpus.empty", where=name)
    return ImportResult(WordCorpus(tuple(counts), tuple(counts.values())), None, tuple(invalid), size)


def _table_line(line: str, where: str) -> tuple[str, int]:
    word, tab, count_text = line.rpartition("\t")
    if not tab:
        raise CorpusError(f"{where}: expected 'word<TAB>count', found no tab in {excerpt(line)}", code="corpus.no_tab",
                          where=where, line=excerpt(line))
    count = parse_count(count_text, where=where)
    validate_entry(word, count, where=where)
    return word, count
