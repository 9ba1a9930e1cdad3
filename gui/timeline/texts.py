"""The merge timeline's shared texts: tie rules and stop reasons, in the
"timeline" translation context (each algorithm's name is in its strategy)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

RULES = {
    "lexicographic": QT_TRANSLATE_NOOP("timeline", "the smallest pair by symbol strings, first then second (Chapter 19)"),
    "first-seen": QT_TRANSLATE_NOOP("timeline", "the pair met first in corpus order (Sennrich's code)"),
    "minbpe": QT_TRANSLATE_NOOP("timeline", "the pair met first in corpus order (minbpe, tiktoken _educational)"),
    "hf": QT_TRANSLATE_NOOP("timeline", "the smallest pair of IDs: specials, alphabet by code point, then merges "
                                        "(Hugging Face BpeTrainer)"),
    "sentencepiece": QT_TRANSLATE_NOOP("timeline", "the merged piece with the fewest characters, then the smallest "
                                                   "by UTF-8 bytes (SentencePiece BPE)"),
    "subword-nmt": QT_TRANSLATE_NOOP("timeline", "the greatest pair by symbol strings (subword-nmt learn_bpe)"),
}

# Why a trainer stopped (the trace's stop_reason, core.models): every one the
# core can give has its sentence here (tests/gui/test_core_text.py checks).
STOP_REASONS = {
    "merges": QT_TRANSLATE_NOOP("timeline", "reached the number of merges asked for"),
    "vocab_size": QT_TRANSLATE_NOOP("timeline", "reached the vocabulary size asked for"),
    "no_pairs": QT_TRANSLATE_NOOP("timeline", "no pair is left to merge"),
    "cancelled": QT_TRANSLATE_NOOP("timeline", "cancelled"),
    "pieces_exhausted": QT_TRANSLATE_NOOP("timeline", "the corpus has fewer pieces than the vocabulary size asked for"),
}


def tr(text):
    return QCoreApplication.translate("timeline", text)


def stop_reason(trace) -> str:
    """Why the trainer of ``trace`` stopped, as a sentence."""
    return tr(STOP_REASONS.get(trace.stop_reason, trace.stop_reason))
