"""The merge timeline's algorithms: the selector's entries in the order
shown, each the strategy (:mod:`.strategy`) the view asks when it is chosen."""

from __future__ import annotations

from .byte import ByteTimeline
from .char import CharTimeline
from .unigram import UnigramTimeline
from .wordpiece import WordPieceTimeline

ALGORITHMS = (CharTimeline, ByteTimeline, WordPieceTimeline, UnigramTimeline)
BY_KEY = {algorithm.key: algorithm for algorithm in ALGORITHMS}
