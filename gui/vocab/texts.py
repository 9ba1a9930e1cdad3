"""The Vocabulary view's sentences in the UI language: flag names, a
token's derivation, the audit summary."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QObject, QT_TRANSLATE_NOOP

from core.inspect.vocab import table as vt

FLAG_NAMES = {
    vt.SPECIAL: QT_TRANSLATE_NOOP("VocabTexts", "special"),
    vt.BYTE: QT_TRANSLATE_NOOP("VocabTexts", "byte piece"),
    vt.PARTIAL: QT_TRANSLATE_NOOP("VocabTexts", "partial UTF-8"),
    vt.CONTINUATION: QT_TRANSLATE_NOOP("VocabTexts", "continuation"),
    vt.UNREACHABLE: QT_TRANSLATE_NOOP("VocabTexts", "never emitted"),
    vt.NO_MERGE_PATH: QT_TRANSLATE_NOOP("VocabTexts", "no merge path"),
    vt.DUPLICATE: QT_TRANSLATE_NOOP("VocabTexts", "duplicate"),
}


class VocabTexts(QObject):
    """This module's translation context; its ``tr`` is how lupdate finds a
    plural sentence (``%n``) outside a widget."""


def tr(text: str) -> str:
    """A translated string whose source lupdate already saw (FLAG_NAMES)."""
    return QCoreApplication.translate("VocabTexts", text)


def flag_name(flag: str) -> str:
    return tr(FLAG_NAMES.get(flag, flag))


def flags(values) -> str:
    return ", ".join(map(flag_name, values))


def derivation_lines(info, tok) -> list[str]:
    """A WordPiece or Unigram token's derivation as lines (BPE trees are a tree widget)."""
    if info.word_start is not None:
        return [QCoreApplication.translate("VocabTexts", "Starts a word") if info.word_start else QCoreApplication.translate("VocabTexts", "Continues a word (## prefix)")]
    if info.score is not None:
        lines = [QCoreApplication.translate("VocabTexts", "Score: %1").replace("%1", f"{info.score:.4f}"), QCoreApplication.translate("VocabTexts", "Type: %1").replace("%1", info.piece_type)]
        if info.score_rank is not None:
            lines.append(QCoreApplication.translate("VocabTexts", "Rank by score: %1").replace("%1", str(info.score_rank)))
        return lines
    return []


def audit_summary(found, table) -> str:
    shown = dict(zip(table.ids, table.texts))
    stored = dict(zip(table.ids, table.tokens))

    def named(token_id: int) -> str:
        """A token as a reader sees it (␣天天中彩票APP), its stored form beside it where
        that differs (Ġå¤©å¤©ä¸Ńå½©ç¥¨APP: a byte-level vocabulary's Chinese is unreadable so)."""
        text = shown.get(token_id, str(token_id))
        return text if stored.get(token_id, text) == text else f"{text} [{stored[token_id]}]"
    lines = [VocabTexts.tr("%n token(s) checked. Never emitted for their own text: %2; partial UTF-8: %3; "
                           "with no merge path: %4; duplicates up to case and leading space: %5.", "", found.checked)
             .replace("%2", str(len(found.unreachable))).replace("%3", str(len(found.partial)))
             .replace("%4", str(len(found.no_merge_path))).replace("%5", str(len(found.duplicates)))]
    if found.skipped:
        lines.append(QCoreApplication.translate("VocabTexts", "Not checked for reachability: %1").replace(
            "%1", ", ".join(f"{count} {skipped_reason(reason)}" for reason, count in found.skipped.items())))
    for token_id, ids in list(found.unreachable.items())[:20]:
        lines.append(QCoreApplication.translate("VocabTexts", "%1 (ID %2) encodes as %3").replace("%1", named(token_id))
                     .replace("%2", str(token_id)).replace("%3", " + ".join(shown.get(i, str(i)) for i in ids)))
    lines.append(QCoreApplication.translate("VocabTexts", "Tokens per script: %1").replace(
        "%1", ", ".join(f"{name} {count}" for name, count in found.scripts.items())))
    return "\n".join(lines)


def skipped_reason(reason: str) -> str:
    """Why a token was not checked (core.inspect.vocab.audits.SKIPPED), in the UI's language."""
    return {"special": QCoreApplication.translate("VocabTexts", "special"),
            "byte": QCoreApplication.translate("VocabTexts", "byte piece"),
            "added": QCoreApplication.translate("VocabTexts", "added or unknown token"),
            "partial": QCoreApplication.translate("VocabTexts", "partial UTF-8: no text of its own"),
            "base": QCoreApplication.translate("VocabTexts", "a base symbol"),
            "not_normal": QCoreApplication.translate("VocabTexts", "not a normal piece"),
            "continuation": QCoreApplication.translate("VocabTexts",
                                                       "a continuation: always the longest match somewhere"),
            "no_check": QCoreApplication.translate("VocabTexts", "this kind has no reachability check")}[reason]
