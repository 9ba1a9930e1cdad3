"""The editor's sentences in the UI language: the preview's summary and
one line per new, removed, renamed or unreachable token.

Tokens are shown with their whitespace visible (``␣the``), as the tables
show them; the core's own reasons (why a new token is not reachable, the
notes) are its English sentences, as the command line prints them.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from core.render import visible

WHY = {
    "asked": QT_TRANSLATE_NOOP("VocabEdit", "asked"),
    "unreachable": QT_TRANSLATE_NOOP("VocabEdit", "became unreachable"),
    "shrink": QT_TRANSLATE_NOOP("VocabEdit", "shrunk away"),
    "reserved": QT_TRANSLATE_NOOP("VocabEdit", "reserved"),
}


def tr(text: str) -> str:
    return QCoreApplication.translate("VocabEdit", text)


def summary(preview) -> str:
    """One paragraph: the sizes, what is new, removed, renamed, unreachable, and the sample."""
    e = preview.edited
    size = QCoreApplication.translate("VocabEdit", "Size: %1 → %2 IDs.").replace("%1", f"{e.old_size:,}").replace("%2", f"{e.new_size:,}")
    counts = QCoreApplication.translate("VocabEdit", "New: %1, removed: %2, renamed: %3, unreachable: %4.").replace("%1", str(len(e.new_tokens))) \
        .replace("%2", str(len(e.removed))).replace("%3", str(len(e.renamed))).replace("%4", str(len(e.unreachable)))
    total = len(preview.changed) + preview.unchanged
    sample = QCoreApplication.translate("VocabEdit", "Sample texts whose IDs change: %1 of %2.").replace("%1", str(len(preview.changed))).replace(
        "%2", str(total)) if total else QCoreApplication.translate("VocabEdit", "No sample text to encode.")
    # Sentences follow one another with a space in English, with none in Chinese.
    return QCoreApplication.translate("VocabEdit", "%1 %2 %3").replace("%1", size).replace("%2", counts).replace(
        "%3", sample)


def token(text: str) -> str:
    return visible(text)


def new_line(entry: dict, texts: dict | None = None) -> str:
    """A new token; ``texts`` (stored token -> text) names what a helper token builds."""
    line = QCoreApplication.translate("VocabEdit", "ID %1  %2").replace("%1", str(entry["id"])).replace("%2", token(entry.get("text", entry["token"])))
    if entry.get("special"):
        line += "  " + QCoreApplication.translate("VocabEdit", "(special)")
    elif entry.get("helper_for"):
        line += "  " + QCoreApplication.translate("VocabEdit", "(builds %1)").replace(
            "%1", token((texts or {}).get(entry["helper_for"], entry["helper_for"])))
    if entry.get("reachable") is False:
        line += "  " + QCoreApplication.translate("VocabEdit", "— not reachable: %1").replace("%1", entry.get("why", ""))
    return line


def removed_line(entry: dict) -> str:
    why = tr(WHY[entry["why"]]) if entry.get("why") in WHY else str(entry.get("why", ""))
    return QCoreApplication.translate("VocabEdit", "ID %1  %2  (%3)").replace("%1", str(entry["id"])).replace(
        "%2", token(entry.get("text", entry["token"]))).replace("%3", why)


def renamed_line(entry: dict) -> str:
    return QCoreApplication.translate("VocabEdit", "ID %1  %2 → %3").replace("%1", str(entry["id"])).replace("%2", token(entry["old"])).replace(
        "%3", token(entry["new"]))


def unreachable_line(entry: dict) -> str:
    return QCoreApplication.translate("VocabEdit", "ID %1  %2").replace("%1", str(entry["id"])).replace("%2", token(entry.get("text", entry["token"])))


def ids(values) -> str:
    return " ".join(map(str, values))


def changes_html(changes, mark: str) -> str:
    """Each changed sample text, then its old and new IDs; the IDs between
    the common start and end of the two lists are bold in colour ``mark``."""
    old_label = html.escape(QCoreApplication.translate("VocabEdit", "old IDs:"))
    new_label = html.escape(QCoreApplication.translate("VocabEdit", "new IDs:"))
    blocks = []
    for change in changes:
        start, end = differing(change.old_ids, change.new_ids)
        blocks.append(f"<p><b>{html.escape(change.text)}</b><br>{old_label} "
                      f"{_marked(change.old_ids, start, end[0], mark)}<br>{new_label} "
                      f"{_marked(change.new_ids, start, end[1], mark)}</p>")
    return "".join(blocks)


def differing(old, new) -> tuple[int, tuple[int, int]]:
    """Where two ID lists differ: the length of their common start, and
    where their common end begins in each.

    >>> differing((1, 2, 3, 9), (1, 5, 6, 9))
    (1, (3, 3))
    """
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    tail = 0
    while tail < min(len(old), len(new)) - start and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    return start, (len(old) - tail, len(new) - tail)


def _marked(values, start: int, end: int, mark: str) -> str:
    parts = [str(v) for v in values]
    middle = " ".join(parts[start:end])
    if middle:
        middle = f'<b style="color: {mark}">{middle}</b>'
    return " ".join(p for p in (" ".join(parts[:start]), middle, " ".join(parts[end:])) if p)
