"""What the lessons and exercises say, in English; zh_CN comes from the .ts.

The texts paraphrase seed 000 (sections 19.1-19.5 and the reference answers
of 19.9) and seeds 003 and 004.  Keys follow ``core.workspace.lessons``: one title per
lesson and one explanation per replayed step, in step order.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

CONTEXT = "lessons"


def tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


SEEDS = {
    "000": QT_TRANSLATE_NOOP("lessons", "Chapter 19, Tokenization in depth: BPE, WordPiece, SentencePiece and byte-level methods"),
    "003": QT_TRANSLATE_NOOP("lessons", "The blog post “Subword tokenization: BPE, WordPiece and SentencePiece”"),
    "004": QT_TRANSLATE_NOOP("lessons", "The article “Byte pair encoding (BPE): a simple, efficient open-vocabulary method”"),
}

TITLES = {
    "19.1": QT_TRANSLATE_NOOP("lessons", "Four BPE merges (example 19.1)"),
    "19.2": QT_TRANSLATE_NOOP("lessons", "Encoding lower with the frozen merges"),
    "19.2-wp": QT_TRANSLATE_NOOP("lessons", "WordPiece: lower and lowerz (example 19.2)"),
    "19.3": QT_TRANSLATE_NOOP("lessons", "Byte-level BPE and the FF warning (example 19.3)"),
    "19.4": QT_TRANSLATE_NOOP("lessons", "Normalization loss: e + U+0301 against é (example 19.4)"),
    "19.5": QT_TRANSLATE_NOOP("lessons", "IDs 268 and 270 swapped (exercise 5)"),
    "003": QT_TRANSLATE_NOOP("lessons", "low, lower, newest, widest (the blog post's example)"),
    "004": QT_TRANSLATE_NOOP("lessons", "Table 1 and newest (the BPE article)"),
}

# What in the section the lesson replays (the section number comes from core.workspace.lessons).
WHERE = {
    "19.1": QT_TRANSLATE_NOOP("lessons", "example 19.1, tables 19.1 and 19.2"),
    "19.2": QT_TRANSLATE_NOOP("lessons", "encoding with the learned rules"),
    "19.2-wp": QT_TRANSLATE_NOOP("lessons", "example 19.2"),
    "19.3": QT_TRANSLATE_NOOP("lessons", "example 19.3, table 19.3"),
    "19.4": QT_TRANSLATE_NOOP("lessons", "example 19.4"),
    "19.5": QT_TRANSLATE_NOOP("lessons", "exercise 5 and its reference answer"),
    "003": QT_TRANSLATE_NOOP("lessons", "BPE training procedure, the worked corpus"),
    "004": QT_TRANSLATE_NOOP("lessons", "table 1 and the out-of-vocabulary word newest"),
}

STEPS = {
    "19.1": (
        QT_TRANSLATE_NOOP("lessons", "The corpus is low ×2, lower ×1, new ×1; every word is split into characters "
                          "plus the end-of-word symbol </w>, and pairs never cross a word. Before the first merge "
                          "(table 19.1) three pairs tie at count 3: l + o, o + w and w + </w>."),
        QT_TRANSLATE_NOOP("lessons", "Merge 1: l + o, count 3 (low twice, lower once). The tie is broken "
                          "lexicographically, first symbol then second: l comes before o and w."),
        QT_TRANSLATE_NOOP("lessons", "Merge 2: lo + w, count 3. The pairs are counted again over the current "
                          "symbols: lo is one symbol now, so its inner l + o is not counted. lo + w and w + </w> "
                          "tie at 3, and lo comes first."),
        QT_TRANSLATE_NOOP("lessons", "Merge 3: low + </w>, count 2. Every other pair now occurs once."),
        QT_TRANSLATE_NOOP("lessons", "Merge 4: e + r, count 1. All pairs left occur once; e + r comes before "
                          "e + w and every pair with another first symbol. Seven initial symbols plus four merges "
                          "make eleven (our vocabulary adds [UNK])."),
    ),
    "19.2": (
        QT_TRANSLATE_NOOP("lessons", "The four merges are frozen. To encode lower, start from l o w e r </w> "
                          "and replay the ranked merges in order; never count pairs again on the new input. "
                          "With no merge, the words stay characters."),
        QT_TRANSLATE_NOOP("lessons", "Rank 1, l + o, applies: lower is lo w e r </w>, low is lo w </w>."),
        QT_TRANSLATE_NOOP("lessons", "Rank 2, lo + w: lower is low e r </w>."),
        QT_TRANSLATE_NOOP("lessons", "Rank 3, low + </w>, does not apply to lower, where low is followed by e; "
                          "it turns the word low into the one token low</w>."),
        QT_TRANSLATE_NOOP("lessons", "Rank 4, e + r: lower is low er </w>. low uses low</w> with the end marker, "
                          "lower starts with low without it. Joining the pieces and dropping </w> restores each "
                          "word, but not whether a tab or three spaces stood between words: that was lost "
                          "before BPE started."),
        QT_TRANSLATE_NOOP("lessons", "A character this symbol table never saw, like ☃, becomes [UNK] under an "
                          "unknown-token fallback, and [UNK] alone cannot say which character it was. Subwords "
                          "do not by themselves guarantee coverage or an exact round trip."),
    ),
    "19.2-wp": (
        QT_TRANSLATE_NOOP("lessons", "The given WordPiece vocabulary is [UNK], low, ##er, new (## marks a piece "
                          "inside a word, not a hash sign). BERT's encoder takes the longest vocabulary match from "
                          "the current offset: lower is low, then ##er. The WordPiece search tab shows every "
                          "lookup."),
        QT_TRANSLATE_NOOP("lessons", "lowerz: after low and ##er, z matches nothing, so BERT's implementation "
                          "turns the whole word into [UNK], not low ##er [UNK]. Keeping the prefix would be "
                          "another fallback convention, with other IDs."),
    ),
    "19.3": (
        QT_TRANSLATE_NOOP("lessons", "The classroom byte tokenizer: IDs 0–255 are the bytes, 256–258 are "
                          "BOS/EOS/PAD, and 32 merges learned from 24 records make 291 entries. red key . has 9 "
                          "code points and 9 bytes but 5 tokens: red, space, key, space, full stop. They are "
                          "[270, 32, 268, 32, 46], the IDs the book gives: 270 is red and 268 is key."),
        QT_TRANSLATE_NOOP("lessons", "法国首都是巴黎。 has 8 code points and 24 UTF-8 bytes. The 32 merges "
                          "learned no Chinese byte pair, so it takes 24 tokens, and still round-trips exactly."),
        QT_TRANSLATE_NOOP("lessons", "中 is the three bytes E4 B8 AD and 🙂 the four bytes F0 9F 99 82. Each "
                          "token here holds part of a character (dashed border): decode by joining all the bytes "
                          "first, then UTF-8 as a whole."),
        QT_TRANSLATE_NOOP("lessons", "Full-width Ａ, a space and A: 3 code points, 5 bytes, 5 tokens, as in the "
                          "last row of table 19.3. NFKC would make Ａ an A; this tokenizer keeps the input as it is."),
        QT_TRANSLATE_NOOP("lessons", "The first merge is : + space (58, 32) → 259, seen 25 times: key: followed "
                          "by a space is [268, 259]."),
        QT_TRANSLATE_NOOP("lessons", "A prompt that stops before the space ends in token 58, [268, 58], a token "
                          "the full text never uses there: a text prefix is not always a token prefix."),
        QT_TRANSLATE_NOOP("lessons", "A generator may output ID 255: the byte FF, never valid UTF-8 on its own. "
                          "The strict decoder stops and names the byte and its offset."),
        QT_TRANSLATE_NOOP("lessons", "With the replace policy, U+FFFD is shown and the banner calls it a display "
                          "fallback: the record keeps the raw bytes and IDs, and must not claim the model produced "
                          "that character."),
    ),
    "19.4": (
        QT_TRANSLATE_NOOP("lessons", "e followed by U+0301 (combining acute accent): 2 code points, 3 bytes, "
                          "3 tokens. The byte tokenizer does not normalize and keeps it exactly; the normal-forms "
                          "line shows that NFC would change it."),
        QT_TRANSLATE_NOOP("lessons", "The precomposed é (U+00E9): 1 code point, 2 bytes, 2 tokens. It looks "
                          "the same, but it is another code point sequence."),
        QT_TRANSLATE_NOOP("lessons", "Both together: after NFC both are é, and the first spelling cannot be "
                          "recovered from the normalized text. That is normalization loss; ☃ becoming [UNK] is "
                          "another loss, from missing coverage."),
    ),
    "19.5": (
        QT_TRANSLATE_NOOP("lessons", "A copy of the classroom tokenizer with IDs 268 and 270 swapped (key and "
                          "red, as in the book) still has 291 entries, so every "
                          "shape check passes. Yet embedding rows, output columns and biases, stored encoded data "
                          "and prompts now mean other tokens: the interface identities differ, and the diff names "
                          "the swap."),
    ),
    "003": (
        QT_TRANSLATE_NOOP("lessons", "The blog post's corpus: low 5, lower 2, newest 6, widest 3. The most frequent "
                          "pair is e + s, 6 + 3 = 9 times (newest and widest)."),
        QT_TRANSLATE_NOOP("lessons", "Then es + t, again 9 times."),
        QT_TRANSLATE_NOOP("lessons", "Then est + </w>, 9 times: est</w> is one symbol now."),
        QT_TRANSLATE_NOOP("lessons", "With the first 3 merges, lower is still characters, newest is "
                          "n e w est</w> and widest is w i d est</w>."),
        QT_TRANSLATE_NOOP("lessons", "With the first-seen tie rule, merges 4–7 are l + o, lo + w, n + e and "
                          "ne + w: newest is new est</w>. The blog post writes new est </w>; here est and </w> are "
                          "one symbol, joined by merge 3."),
        QT_TRANSLATE_NOOP("lessons", "After merge 11 widest is wid est</w>, but newest has been one token since "
                          "merge 8, and lower is still low e r </w>: e + r occurs only twice. The blog post's list of "
                          "segmentations is not the result of any single number of merges; step through to see "
                          "which merge gives which."),
    ),
    "004": (
        QT_TRANSLATE_NOOP("lessons", "The BPE article's corpus: low 5, lowest 2, newer 6, wider 3, new 2, with the "
                          "first-seen tie rule of Sennrich's code. Merge 1 is e + r (9: newer and wider), merge 2 "
                          "er + </w> (9)."),
        QT_TRANSLATE_NOOP("lessons", "Merges 3 and 4: n + e (8) and ne + w (8)."),
        QT_TRANSLATE_NOOP("lessons", "Merges 5 and 6: l + o (7) and lo + w (7)."),
        QT_TRANSLATE_NOOP("lessons", "Merges 7 and 8: new + er</w> (6) and low + </w> (5). These are the eight "
                          "rows of table 1."),
        QT_TRANSLATE_NOOP("lessons", "newest is not in the corpus. Replaying the eight merges, n + e and ne + w "
                          "apply: new e s t </w>. The learned piece new survives instead of one unknown symbol."),
        QT_TRANSLATE_NOOP("lessons", "Trained again with the lexicographic rule, the timelines part at merge 3, "
                          "where e + w (8) ties with n + e (8). Table 1 needs first-seen: the tie rule is part of "
                          "the tokenizer."),
    ),
}

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
