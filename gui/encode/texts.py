"""The encode/decode panel's sentences, in the UI language: the names of the
tokenizers the workspace holds, the counts line, the round-trip and normal
forms line, the decode banner and the token table's notes.

Kept apart from the widgets so each sentence is built in one place, from
plain values (an Encoding, a DecodeResult), and tested without a window.
"""

from __future__ import annotations

import html
import unicodedata

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QObject

from core.render import render_char
from core.tokenizer.base import APPROXIMATE, BYTE, MERGING, PARTIAL, SPECIAL, UNKNOWN

from ..shell import core_text

EXCERPT = 24  # characters shown on each side of a round-trip difference


class EncodeTexts(QObject):
    """This module's translation context; its ``tr`` is how lupdate finds a
    plural sentence (``%n``) outside a widget."""


# ==== the tokenizers the workspace holds ====

# The models the merge timeline trained besides char BPE (core.workspace.workspace.TRAINED_KINDS).
TRAINED_NAMES = {
    "trained:byte-bpe": QT_TRANSLATE_NOOP("EncodeTexts", "timeline: byte-level BPE"),
    "trained:wordpiece": QT_TRANSLATE_NOOP("EncodeTexts", "timeline: WordPiece"),
    "trained:unigram": QT_TRANSLATE_NOOP("EncodeTexts", "timeline: Unigram"),
}


def held_name(held) -> str:
    """The name of a held tokenizer: the built-in ones are named in the UI language."""
    if held.key == "encoder":
        return QCoreApplication.translate("EncodeTexts", "classroom tokenizer")
    if held.key == "model":
        return QCoreApplication.translate("EncodeTexts", "trained model")
    if held.key in TRAINED_NAMES:
        return QCoreApplication.translate("EncodeTexts", TRAINED_NAMES[held.key])
    return held.name


def held_label(held) -> str:
    """One line for the tokenizer selector: name, kind and vocabulary size."""
    return QCoreApplication.translate("EncodeTexts", "%1 (%2 · vocab %3)").replace(
        "%1", held_name(held)).replace("%2", core_text.family(held.tokenizer)).replace(
        "%3", str(held.tokenizer.vocab_size))


def held_tooltip(held) -> str:
    tokenizer = held.tokenizer
    lines = [held_label(held)]
    if held.key.startswith("asset:"):
        lines.append(QCoreApplication.translate("EncodeTexts", "Identity: %1").replace(
            "%1", held.key[len("asset:"):]))
    specials = ", ".join(f"{name} = {token_id}" for name, token_id in tokenizer.specials[:12])
    if specials:
        lines.append(QCoreApplication.translate("EncodeTexts", "Special tokens: %1").replace("%1", specials))
    return "\n".join(lines)


# ==== the encode side ====

def byte_alphabet(tokenizer) -> bool:
    """Is every byte a base token (so N UTF-8 bytes are N base tokens)?"""
    return tokenizer.family == "byte-level-bpe"


def counts(tokenizer, code_points: int, size: int, tokens: int, flag_counts) -> str:
    """"12 code points · 18 UTF-8 bytes · 9 tokens", with what is special about
    them (``flag_counts``: flag -> how many tokens carry it)."""
    parts = [EncodeTexts.tr("%n code point(s)", "", code_points)]
    if byte_alphabet(tokenizer):
        parts.append(EncodeTexts.tr("%n UTF-8 byte(s) = %n base byte token(s)", "", size))
    else:
        parts.append(EncodeTexts.tr("%n UTF-8 byte(s)", "", size))
    if tokenizer.family in MERGING:
        parts.append(EncodeTexts.tr("%n BPE token(s)", "", tokens))
    else:
        parts.append(EncodeTexts.tr("%n token(s)", "", tokens))
    text = " · ".join(parts)
    found = flag_counts.get(UNKNOWN, 0)
    if found:
        text += " · " + EncodeTexts.tr("%n unknown", "", found)
    found = flag_counts.get(BYTE, 0)
    if found:
        text += " · " + EncodeTexts.tr("%n byte-fallback piece(s)", "", found)
    found = flag_counts.get(SPECIAL, 0)
    if found:
        text += " · " + EncodeTexts.tr("%n special", "", found)
    return text


def spelled_specials(spelled, read: bool | None, origin: str) -> str:
    """What became of the specials' texts in the input (``spelled``: their
    ``(start, end, name)``): read as control tokens, or as ordinary text
    (where tiktoken would have refused the text, say so)."""
    names = sorted({name for _, _, name in spelled})
    shown = ", ".join(names[:3]) + ("…" if len(names) > 3 else "")
    if read:
        text = EncodeTexts.tr("The text spells %n special token(s) (%1): read as control tokens.", "",
                              len(spelled))
    elif origin == "tiktoken":
        text = EncodeTexts.tr("The text spells %n special token(s) (%1): shown as ordinary text, marked; "
                              "tiktoken refuses such text unless the caller allows them.", "", len(spelled))
    else:
        text = EncodeTexts.tr("The text spells %n special token(s) (%1): read as ordinary text, marked.", "",
                              len(spelled))
    return text.replace("%1", shown)


def _visible(text: str) -> str:
    return "".join(map(render_char, text))


def round_trip(expected: str, decoded: str | None, position=lambda i: i) -> str:
    """Whether decoding gave the input back (``expected``: the input without
    its specials, which decode to nothing): the lead of the normal forms line.
    ``position(i)`` is the input's character index of ``expected[i]``."""
    if decoded is None:
        return QCoreApplication.translate("EncodeTexts", "Normal forms: ")
    if decoded == expected:
        return QCoreApplication.translate("EncodeTexts", "Normal forms (decoding these tokens gives the input back "
                                                         "exactly): ")
    start = next((i for i, (a, b) in enumerate(zip(expected, decoded)) if a != b), min(len(expected), len(decoded)))
    ours = _visible(expected[start:start + EXCERPT]) + ("…" if len(expected) > start + EXCERPT else "")
    theirs = _visible(decoded[start:start + EXCERPT]) + ("…" if len(decoded) > start + EXCERPT else "")
    return QCoreApplication.translate(
        "EncodeTexts", "Normal forms (this tokenizer changes the input: from character %1, decoding gives “%2” "
                       "where the input has “%3”): ").replace("%1", str(position(start))).replace(
        "%2", html.escape(theirs)).replace("%3", html.escape(ours))


def normal_forms(report) -> str:
    """What NFC/NFD/NFKC/NFKD would change (rich text), from textinfo.normalization_report."""
    cells = []
    for row in report:
        if row.same_as_input:
            verdict = QCoreApplication.translate("EncodeTexts", "same as the input")
        else:
            verdict = EncodeTexts.tr("changes it: %n code point(s)", "", len(row.code_points)) + ", " + \
                EncodeTexts.tr("%n byte(s)", "", row.utf8_bytes)
        cells.append(f"<b>{row.form}</b> {html.escape(verdict)}")
    return " · ".join(cells)


def too_long_for_normal_forms(limit: int) -> str:
    return QCoreApplication.translate("EncodeTexts", "Normal forms: shown for inputs up to %1 characters.").replace(
        "%1", str(limit))


def note(flag: str, chip) -> str:
    """The token table's note for a token with ``flag`` shown as ``chip``."""
    if flag == SPECIAL:
        return QCoreApplication.translate("EncodeTexts", "special token: no bytes of the text")
    if flag == UNKNOWN:
        return QCoreApplication.translate("EncodeTexts", "unknown token for %1").replace("%1", _visible(chip.covers))
    if flag == BYTE:
        return QCoreApplication.translate("EncodeTexts", "byte fallback: %1").replace("%1", chip.part)
    if flag == PARTIAL:
        return QCoreApplication.translate("EncodeTexts", "inside a multi-byte character")
    if chip.spells:
        return QCoreApplication.translate("EncodeTexts", "part of %1 written in the text, read as ordinary "
                                                         "text").replace("%1", chip.spells)
    if flag == "inserted":
        return QCoreApplication.translate("EncodeTexts", "added by the tokenizer: no input characters")
    if flag == APPROXIMATE:
        return QCoreApplication.translate("EncodeTexts", "span is its whole word (alignment not traced)")
    return ""


def stored(token: str) -> str:
    """A token as the vocabulary stores it, with only invisible characters made visible."""
    return "".join(render_char(c) if unicodedata.category(c)[0] in "CZ" else c for c in token)


# ==== the decode side ====

def decode_messages(tokenizer, result) -> list[str]:
    """The banner's lines for a DecodeResult (under the ``raw`` policy): specials
    and IDs outside the vocabulary, by position."""
    names = {token_id: name for name, token_id in tokenizer.specials}
    messages = [QCoreApplication.translate(
        "EncodeTexts", "ID %1 at position %2 is a special token (%3): it has no bytes.").replace(
        "%1", str(i)).replace("%2", str(p)).replace("%3", names.get(i, "?")) for p, i in result.specials]
    if result.unknown_ids:
        ids = tokenizer.ids()
        last = max(ids, default=-1)
        # A vocabulary with holes (IDs removed, or specials far above the
        # tokens) is not "0 to size − 1": name its span and say it has gaps.
        text = (QCoreApplication.translate("EncodeTexts", "ID %1 at position %2 is outside the vocabulary (0–%3).")
                if len(ids) == last + 1 else QCoreApplication.translate(
                    "EncodeTexts", "ID %1 at position %2 is not in the vocabulary (IDs 0–%3, with gaps)."))
        messages += [text.replace("%1", str(i)).replace("%2", str(p)).replace("%3", str(last))
                     for p, i in result.unknown_ids]
    return messages


def invalid_utf8(policy: str, problems) -> str:
    what = core_text.problems(problems)
    if policy == "strict":
        text = QCoreApplication.translate("EncodeTexts", "Invalid UTF-8 (policy: strict): %1. Nothing was decoded.")
    elif policy == "raw":
        text = QCoreApplication.translate("EncodeTexts", "Invalid UTF-8 (policy: raw): %1. Showing the raw bytes.")
    else:
        text = QCoreApplication.translate("EncodeTexts", "Invalid UTF-8 (policy: replace): %1. U+FFFD is a display "
                                                         "fallback, not text these IDs encode.")
    return text.replace("%1", what)
