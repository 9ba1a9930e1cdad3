"""``--continue-on CORPUS --merges N``: learn N further BPE merges after the
existing ones, keeping every existing ID and merge.

The corpus is cut into pre-tokens and each pre-token encoded by the model
as it stands; those token sequences are the words the project's own BPE
trainer (:func:`core.models.char_train.learn`, the engine of char BPE
training) starts from, its symbols being the existing tokens.  So the new
merges are exactly what training would have learned next had it seen this
corpus, and a text encodes as before up to the last old merge.  Continuing
a model trained here on its own corpus gives exactly the merges and IDs of
training longer (tests/core/test_edit_more.py).  An unknown
token and a byte-fallback token (``<0xE4>``) are barriers: no merge joins
them, as training never would.
"""

from __future__ import annotations

from collections import Counter

from core.edit.plan import EditError
from core.errors import StudioError
from core.models import char_train
from core.tokenizer.imported_bpe import space_runs

# A corpus pre-token longer than this (in tokens) is cut: training time grows
# with word length, and such a "word" is a run of symbols, not a word.
MAX_WORD_TOKENS = 4096


def _barrier(model, token: str) -> bool:
    if token == model.unk:
        return True
    return model.byte_fallback and len(token) == 6 and token.startswith("<0x") and token.endswith(">")


def corpus_words(model, texts, sentencepiece: bool) -> Counter:
    """Every run of mergeable tokens the model makes of the corpus (a tuple of
    token strings), with how often it occurs."""
    pieces: Counter = Counter()
    for text in texts:
        try:
            words = model.pre_tokens(text)
        except StudioError as exc:
            raise EditError(f"--continue-on: the model cannot encode the corpus: {exc}") from None
        for word in words:
            # A SentencePiece model has no pre-tokenizer: its words start at each run of ▁, which its
            # BPE trainer never merges across.
            pieces.update(space_runs(word) if sentencepiece else (word,))
    words: Counter = Counter()
    for piece, times in pieces.items():
        run: list[str] = []
        for token_id in model.model.merge_word(piece):
            token = model.token_of(token_id)
            if _barrier(model, token):
                _keep(words, run, times)
                run = []
            else:
                run.append(token)
        _keep(words, run, times)
    return words


def _keep(words: Counter, run: list[str], times: int) -> None:
    for start in range(0, len(run), MAX_WORD_TOKENS):
        chunk = tuple(run[start:start + MAX_WORD_TOKENS])
        if len(chunk) >= 2:
            words[chunk] += times


def learn(model, texts, merges: int, *, sentencepiece: bool) -> list[tuple[str, str, int]]:
    """Up to ``merges`` new merges ``(left, right, count)`` in training order.
    Ties are broken as the model's own trainer would: SentencePiece's rule
    (shortest merged piece, then by bytes) for a SentencePiece model, else
    Hugging Face's (smaller left ID, then right ID), the IDs being the
    model's."""
    if model.continuing_prefix:
        raise EditError(f"--continue-on: a BPE with a continuing-subword prefix ({model.continuing_prefix!r}) "
                        "cannot be trained further here")
    words = corpus_words(model, texts, sentencepiece)
    if not words:
        raise EditError("--continue-on: the corpus gives no pre-token of two or more tokens; nothing to merge")
    alphabet = tuple(sorted({token for word in words for token in word}))
    # The tie rule compares IDs; the trainer numbers each new symbol len(ids), so every token of the
    # vocabulary is listed by its place in ID order (holes closed up): a new token then sorts after every
    # old one, in the order it is made, as its real ID will, and a merge that makes an existing token
    # finds it with its place.
    ids = {token: place for place, (token, _) in enumerate(sorted(model.vocab, key=lambda item: item[1]))}
    length = {token: len(token) for token in alphabet}
    steps, _ = char_train.learn(list(words), list(words.values()), alphabet, ids, length,
                                "sentencepiece" if sentencepiece else "hf", merges=merges)
    return [(left, right, count) for left, right, count, _, _ in steps]
