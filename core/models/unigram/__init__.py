"""Unigram language-model tokenizer (Kudo 2018): lattice, Viterbi, n-best,
sampling, and the EM-and-prune trainer.

References: Kudo (2018), Subword Regularization, section 3; SentencePiece
``unigram_model.cc`` for the encoder's exact rules, which the tests check
against the ``sentencepiece`` and ``tokenizers`` libraries.

:mod:`.model` holds the frozen model and its encoder and decoder,
:mod:`.lattice` the search over one text's lattice, :mod:`.training` the
trainer and :mod:`.em` its expectation-maximization and pruning steps.
This package is their public interface.
"""

from core.models.unigram.lattice import Lattice, Node, Path, f32
from core.models.unigram.model import (
    BYTE,
    CONTROL,
    NORMAL,
    PIECE_TYPES,
    UNK_PENALTY,
    UNK_SURFACE,
    UNKNOWN,
    UNUSED,
    USER_DEFINED,
    Piece,
    Unigram,
    from_pieces,
)
from core.models.unigram.training import (
    TRAINER_NAME,
    TRAINER_VERSION,
    PruneRound,
    Trace,
    normalized_corpus,
    round_model,
    sentence_corpus,
    train,
    words_of,
)

__all__ = [
    "BYTE", "CONTROL", "NORMAL", "PIECE_TYPES", "UNK_PENALTY", "UNK_SURFACE", "UNKNOWN", "UNUSED", "USER_DEFINED",
    "Lattice", "Node", "Path", "Piece", "PruneRound", "TRAINER_NAME", "TRAINER_VERSION", "Trace",
    "Unigram", "f32", "from_pieces", "normalized_corpus", "round_model", "sentence_corpus", "train", "words_of",
]
