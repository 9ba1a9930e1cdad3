"""What the exercises of seed 000 (§19.8) say, in English; zh_CN comes from the .ts.

The questions and reference answers paraphrase sections 19.8 and 19.9;
keys are the exercise numbers of ``core.workspace.exercises``.  (Lessons
carry their own texts in both languages: resources/lessons/.)
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "lessons"


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


QUESTIONS = {
    1: QT_TRANSLATE_NOOP("lessons", "In example 19.1, change the count of new from 1 to 2 (low ×2, lower ×1, "
                         "new ×2). Under the same tie rule, which pair is merged first? Write it as left + right, "
                         "e.g. l + o."),
    2: QT_TRANSLATE_NOOP("lessons", "After the original four merges, encode lower. Write its tokens separated "
                         "by spaces."),
    3: QT_TRANSLATE_NOOP("lessons", "Encode lowerz with the WordPiece vocabulary [UNK], low, ##er, new. Write "
                         "the tokens."),
    4: QT_TRANSLATE_NOOP("lessons", "How many tokens does the classroom byte tokenizer use for "
                         "法国首都是巴黎。? It round-trips exactly: does that prove Chinese is handled well?"),
    5: QT_TRANSLATE_NOOP("lessons", "A new tokenizer still has 291 entries, but IDs 268 and 270 are swapped. "
                         "Tick everything that is affected."),
    6: QT_TRANSLATE_NOOP("lessons", "A generator outputs ID 255. Which byte is that? Write it in hex."),
}

REFERENCES = {
    1: QT_TRANSLATE_NOOP("lessons", "w + </w> occurs twice in low and twice in new, 4 times; l + o and o + w "
                         "still occur 3 times each. So w + </w> is merged first. The original first step rested on "
                         "three counts tied at 3; changing a frequency changes that premise."),
    2: QT_TRANSLATE_NOOP("lessons", "low is [low</w>] and lower is [low, er, </w>]. Encoding replays rules whose "
                         "ranks are fixed; meeting lower once more does not retrain them. Whether the words were "
                         "separated by a tab, several spaces or something else was lost before the word records "
                         "were built."),
    3: QT_TRANSLATE_NOOP("lessons", "z cannot be matched, so the whole word becomes [UNK]. Keeping [low, ##er, "
                         "UNK] is another fallback convention, with other IDs and another way back to text; not "
                         "every WordPiece implementation must pre-process and fall back the same way."),
    4: QT_TRANSLATE_NOOP("lessons", "Coverage says the input has a representation; a round trip says it can be "
                         "restored under the stated normalization; length counts the units this one string needs. "
                         "Here the Chinese sentence round-trips in 24 byte tokens while a frequent English phrase "
                         "is compressed; neither compares understanding, which needs a trained model and a "
                         "controlled evaluation."),
    5: QT_TRANSLATE_NOOP("lessons", "Saved datasets and prompts must be re-encoded consistently. To keep the old "
                         "function, the matching input embedding rows, output vocabulary columns and output biases "
                         "must be swapped too; special IDs, merge references and the asset identity must agree. "
                         "The size is still 291, so shape assertions cannot notice the swapped meaning."),
    6: QT_TRANSLATE_NOOP("lessons", "It is the byte FF, which on its own is not valid UTF-8, so strict decoding "
                         "fails. A display fallback may show a replacement character, but the record must keep "
                         "the raw bytes and token IDs and say that replacement decoding was used; it must not "
                         "claim the model generated that valid character."),
}

OPTIONS = {
    "embedding_rows": QT_TRANSLATE_NOOP("lessons", "Input embedding rows"),
    "output_columns": QT_TRANSLATE_NOOP("lessons", "Output vocabulary columns"),
    "output_biases": QT_TRANSLATE_NOOP("lessons", "Output biases"),
    "encoded_datasets": QT_TRANSLATE_NOOP("lessons", "Stored encoded datasets"),
    "prompts": QT_TRANSLATE_NOOP("lessons", "Saved prompts"),
    "shape_checks": QT_TRANSLATE_NOOP("lessons", "Tensor shape checks (they would fail)"),
}
