"""The vocabulary table and its audits as CSV and as JSON objects, written
atomically (core.fileio), for the view's Export and the ``vocab`` command."""

from __future__ import annotations

import csv
import io

from core.fileio import write_bytes_atomic
from core.inspect.vocab.audits import Audit
from core.inspect.vocab.table import DUPLICATE, UNREACHABLE, VocabTable

COLUMNS = ("id", "token", "text", "bytes", "n_bytes", "n_chars", "scripts", "merge", "flags")


def rows(table: VocabTable, audit: Audit | None = None):
    """One dict per token: ``id``, ``token``, ``text``, ``bytes`` (hex),
    ``flags``, and the audit's details where it found something
    (``unreachable``: what the token's text encodes to instead;
    ``partial_utf8``; ``duplicate_of``)."""
    for r, token_id in enumerate(table.ids):
        out = {"id": token_id, "token": table.tokens[r], "text": table.texts[r], "bytes": table.hexes[r],
               "n_bytes": table.nbytes[r], "n_chars": table.nchars[r], "scripts": table.scripts[r],
               "merge": table.merges[r], "flags": list(table.flags[r])}
        if audit is not None:
            if token_id in audit.unreachable:
                out["unreachable"] = {"ids": list(audit.unreachable[token_id])}
            if token_id in audit.partial:
                out["partial_utf8"] = audit.partial[token_id].describe()
            if token_id in audit.duplicates:
                out["duplicate_of"] = audit.duplicates[token_id]
        yield out


def table_csv(table: VocabTable, audit: Audit | None = None) -> str:
    out = io.StringIO()
    extra = ("encodes_as", "partial_utf8", "duplicate_of") if audit is not None else ()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS + extra)
    for row in rows(table, audit):
        cells = [row[c] if c != "flags" else " ".join(row[c]) for c in COLUMNS]
        cells = ["" if c is None else c for c in cells]
        if audit is not None:
            cells += [" ".join(map(str, row.get("unreachable", {}).get("ids", ()))), row.get("partial_utf8", ""),
                      row.get("duplicate_of", "")]
        writer.writerow(cells)
    return out.getvalue()


def audit_csv(table: VocabTable, audit: Audit) -> str:
    """One line per finding: ``finding, id, token, detail``; then the script counts."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("finding", "id", "token", "detail"))
    token = {i: table.tokens[r] for r, i in enumerate(table.ids)}
    for token_id, ids in audit.unreachable.items():
        writer.writerow((UNREACHABLE, token_id, token[token_id], " ".join(token.get(i, str(i)) for i in ids)))
    for token_id, partial in audit.partial.items():
        writer.writerow(("partial-utf8", token_id, token[token_id], partial.describe()))
    for token_id in audit.no_merge_path:
        writer.writerow(("no-merge-path", token_id, token[token_id], ""))
    for token_id, first in audit.duplicates.items():
        writer.writerow((DUPLICATE, token_id, token[token_id], f"{first} {token[first]}"))
    for name, count in audit.scripts.items():
        writer.writerow(("script", "", name, count))
    return out.getvalue()


def write_csv(path, text: str, *, inputs=()) -> None:
    write_bytes_atomic(path, text.encode("utf-8"), inputs=inputs)
