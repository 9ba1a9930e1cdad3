"""Every token of a tokenizer as a table of precomputed columns.

Each column is a plain list indexed by row (rows in ascending ID order), so
a filter is one comprehension over one or two lists and a view reads a cell
with one index.  Built through the one interface (``ids()``, ``shown()``,
``id_to_token``), so it serves every kind.

Flags known without encoding anything: ``special``, ``byte`` (a byte
fallback piece such as ``<0xE4>``), ``partial-utf8`` (the token's bytes are
not valid UTF-8 on their own), ``continuation`` (WordPiece ``##``).  The
audit (:mod:`.audits`) adds ``unreachable``, ``no-merge-path`` and
``duplicate``.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field

from core.errors import TokenizerError
from core import scripts
from core.render import render_piece
from core.inspect.vocab import derivation as derive

SPECIAL, BYTE, PARTIAL, CONTINUATION = "special", "byte", "partial-utf8", "continuation"
UNREACHABLE, NO_MERGE_PATH, DUPLICATE = "unreachable", "no-merge-path", "duplicate"
FLAGS = (SPECIAL, BYTE, PARTIAL, CONTINUATION, UNREACHABLE, NO_MERGE_PATH, DUPLICATE)


@dataclass
class VocabTable:
    """Columns of equal length, one entry per token, rows by ascending ID."""

    kind: str
    ids: list[int]
    tokens: list[str]  # as stored: Ġworld, ##ing, ▁the, <0xE4>
    texts: list[str]  # as a reader sees them (core.render): ␣world
    data: list[bytes]  # the bytes the token stands for (b"" for a special)
    hexes: list[str]  # "E4 B8"
    nbytes: list[int]
    nchars: list[int]  # whole characters in the bytes
    scripts: list[str]  # scripts.label of the characters: "Latin", "Han+Latin"
    flags: list[tuple[str, ...]]
    merges: list[int | None]  # 1-based position of the merge that made it (BPE kinds), else None
    # BPE kinds: new ID -> (left ID, right ID, merge position) of the first
    # merge making it (derivation.merge_parents), for the derivations and
    # the audit: built once, off the GUI thread, with the table.
    parents: dict = field(default_factory=dict, repr=False)
    _row_of: dict = field(default_factory=dict, repr=False)
    _hay_bytes: tuple | None = field(default=None, repr=False)
    _hay_text: tuple | None = field(default=None, repr=False)
    _hay_plain: tuple | None = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.ids)

    def row_of(self, token_id: int) -> int | None:
        if not self._row_of:
            self._row_of = {i: r for r, i in enumerate(self.ids)}
        return self._row_of.get(token_id)

    def add_flags(self, extra: dict[int, tuple[str, ...]]) -> None:
        """Merge audit flags (ID -> flags) into the flag column."""
        for token_id, more in extra.items():
            row = self.row_of(token_id)
            if row is not None:
                self.flags[row] = tuple(dict.fromkeys(self.flags[row] + tuple(more)))

    def script_names(self) -> list[str]:
        """Every single script that occurs, most tokens first."""
        counts: dict[str, int] = {}
        for label in self.scripts:
            for name in label.split("+") if label else ():
                counts[name] = counts.get(name, 0) + 1
        return sorted(counts, key=lambda n: (-counts[n], n))

    # ==== filtering ====

    def filter(self, *, text: str = "", pattern: str = "", ids: tuple[int | None, int | None] | None = None,
               hex_bytes: str = "", script: str = "", flag: str = "") -> list[int]:
        """Rows matching every filter given.

        ``text``: a case-insensitive substring of the stored token or its
        readable text; ``pattern``: a regular expression searched in either;
        ``ids``: an inclusive ``(low, high)`` range, either end None for open;
        ``hex_bytes``: bytes in hex (``"e4 b8"``, ``"E4B8"``) occurring in the
        token's bytes; ``script``: one script name the token contains;
        ``flag``: one of :data:`FLAGS`.  Raises :class:`TokenizerError` for a
        bad pattern or hex string, naming what to fix.
        """
        rows = None  # None: every row so far
        if ids is not None:
            low = -1 if ids[0] is None else ids[0]
            high = float("inf") if ids[1] is None else ids[1]
            # IDs ascend with rows: two bisections give the range.
            rows = range(bisect_left(self.ids, low), bisect_right(self.ids, high))
        if hex_bytes.strip():
            rows = _narrow(rows, self._found(self._bytes_hay(), parse_hex(hex_bytes)))
        if text:
            rows = _narrow(rows, self._found(self._text_hay(), text.casefold()))
        if pattern:
            rows = _narrow(rows, self._matched(pattern))
        if script:
            column = self.scripts
            rows = [r for r in (range(len(self.ids)) if rows is None else rows) if script in column[r].split("+")]
        if flag:
            column = self.flags
            rows = [r for r in (range(len(self.ids)) if rows is None else rows) if flag in column[r]]
        return list(range(len(self.ids)) if rows is None else rows)

    # Every row's bytes (or folded token and text) joined into one haystack,
    # searched in C by bytes.find / str.find / re.finditer; a hit's row is a
    # bisection in the row starts, and a hit crossing into the next row is
    # not a hit.  Built on first use, kept until the columns change.

    def _bytes_hay(self):
        if self._hay_bytes is None:
            self._hay_bytes = _joined(self.data, b"")
        return self._hay_bytes

    def _text_hay(self):
        if self._hay_text is None:
            self._hay_text = _joined([f"{t}\n{x}".casefold() for t, x in zip(self.tokens, self.texts)], "\n")
        return self._hay_text

    def _found(self, hay, needle) -> list[int]:
        data, starts = hay
        rows, at, n = [], data.find(needle), len(needle)
        while at >= 0:
            row = bisect_right(starts, at) - 1
            if at + n <= _end(starts, row, len(data), 0 if isinstance(data, bytes) else 1):
                if not rows or rows[-1] != row:
                    rows.append(row)
                at = data.find(needle, starts[row + 1]) if row + 1 < len(starts) else -1
            else:
                at = data.find(needle, at + 1)
        return rows

    def _matched(self, pattern: str) -> list[int]:
        try:
            compiled = re.compile(pattern)
        except re.error as e:
            raise TokenizerError(f"bad regular expression {pattern!r}: {e}") from None
        if self._hay_plain is None:
            rows_text = [f"{t}\n{x}" for t, x in zip(self.tokens, self.texts)]
            self._hay_plain = _joined(rows_text, "\n") if not any("\n" in t for t in self.tokens + self.texts) \
                else ("", None)
        data, starts = self._hay_plain
        if starts is not None:
            lined = re.compile(pattern, re.MULTILINE)
            rows = []
            for m in lined.finditer(data):
                row = bisect_right(starts, m.start()) - 1
                if m.end() > _end(starts, row, len(data), 1):
                    break  # a match across rows: search row by row instead
                if not rows or rows[-1] != row:
                    rows.append(row)
            else:
                return rows
        search = compiled.search
        return [r for r, (t, x) in enumerate(zip(self.tokens, self.texts)) if search(t) or search(x)]


def _joined(items, sep):
    """(haystack, start of each item): items separated by ``sep``."""
    starts, at = [], 0
    for item in items:
        starts.append(at)
        at += len(item) + len(sep)
    return sep.join(items), starts


def _end(starts, row: int, total: int, sep: int) -> int:
    """Where a row's own text ends in the haystack (its separator of ``sep`` excluded)."""
    return starts[row + 1] - sep if row + 1 < len(starts) else total


def _narrow(rows, found: list[int]):
    if rows is None:
        return found
    if isinstance(rows, range):
        return [r for r in found if r in rows]
    keep = set(found)
    return [r for r in rows if r in keep]


def parse_hex(value: str) -> bytes:
    """>>> parse_hex("e4 b8"), parse_hex("E4B8AD")
    (b'\\xe4\\xb8', b'\\xe4\\xb8\\xad')"""
    digits = re.sub(r"[\s,]|0x", "", value.strip(), flags=re.IGNORECASE)
    try:
        return bytes.fromhex(digits)
    except ValueError:
        raise TokenizerError(f"{value!r} is not bytes in hex; write them as pairs of hex digits, e.g. 'e4 b8'") \
            from None


def build_table(tok, *, progress=None, should_stop=None) -> VocabTable:
    """The vocabulary table of ``tok`` (any kind of the one interface).

    ``progress(done, total)`` is called every few thousand rows; when
    ``should_stop()`` turns true the partial table built so far is returned.
    """
    ids = list(tok.ids())
    specials = {i for _, i in tok.specials}
    parents = derive.merge_parents(tok)
    made = {new: position for new, (_, _, position) in parents.items()}
    prefix = derive.continuation_prefix(tok)
    cols = VocabTable(tok.kind, [], [], [], [], [], [], [], [], [], [], parents)
    for n, token_id in enumerate(ids):
        if n % 4096 == 0:
            if should_stop is not None and should_stop():
                break
            if progress is not None:
                progress(n, len(ids))
        token = tok.id_to_token(token_id)
        text, data = tok.shown(token_id)
        flags = []
        if token_id in specials:
            flags.append(SPECIAL)
            data = b""
        elif derive.is_byte_piece(tok, token):
            flags.append(BYTE)
        decoded = data.decode("utf-8", "ignore")
        if data and len(decoded.encode("utf-8")) != len(data):
            flags.append(PARTIAL)
        if prefix and token.startswith(prefix) and token != prefix:
            flags.append(CONTINUATION)
        cols.ids.append(token_id)
        cols.tokens.append(token)
        cols.texts.append(text)
        cols.data.append(data)
        cols.hexes.append(data.hex(" ").upper())
        cols.nbytes.append(len(data))
        cols.nchars.append(len(decoded))
        cols.scripts.append(scripts.label(decoded) if token_id not in specials else "")
        cols.flags.append(tuple(flags))
        cols.merges.append(made.get(token_id))
    if progress is not None:
        progress(len(cols.ids), len(ids))
    return cols


def from_entries(kind: str, entries) -> VocabTable:
    """A table straight from ``(id, token, bytes)`` triples: for tests and
    benchmarks of the filters on synthetic vocabularies."""
    cols = VocabTable(kind, [], [], [], [], [], [], [], [], [], [])
    for token_id, token, data in entries:
        decoded = data.decode("utf-8", "ignore")
        cols.ids.append(token_id)
        cols.tokens.append(token)
        cols.texts.append(render_piece(data))
        cols.data.append(data)
        cols.hexes.append(data.hex(" ").upper())
        cols.nbytes.append(len(data))
        cols.nchars.append(len(decoded))
        cols.scripts.append(scripts.label(decoded))
        cols.flags.append((PARTIAL,) if len(decoded.encode()) != len(data) else ())
        cols.merges.append(None)
    return cols
