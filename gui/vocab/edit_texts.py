"""The editor's sentences in the UI language: the preview's summary and
one line per new, removed, renamed or unreachable token.

Tokens are shown with their whitespace visible (``␣the``), as the tables
show them; the core's own reasons (why a new token is not reachable, the
notes) are its English sentences, as the command line prints them.
"""

from __future__ import annotations

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
    return " ".join([size, counts, sample])


def token(text: str) -> str:
    return visible(text)


def new_line(entry: dict) -> str:
    line = QCoreApplication.translate("VocabEdit", "ID %1  %2").replace("%1", str(entry["id"])).replace("%2", token(entry.get("text", entry["token"])))
    if entry.get("special"):
        line += "  " + QCoreApplication.translate("VocabEdit", "(special)")
    elif entry.get("helper_for"):
        line += "  " + QCoreApplication.translate("VocabEdit", "(builds %1)").replace("%1", token(entry["helper_for"]))
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
