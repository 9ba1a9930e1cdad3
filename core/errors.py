"""The few named exceptions the core raises for bad user or file input.

Every message says what was wrong and where (file, line, byte offset), so the
CLI can print it as one line and the GUI can show it as it is.
"""

from __future__ import annotations


class StudioError(ValueError):
    """Base class: bad input that the user can fix."""


class CorpusError(StudioError):
    """A corpus file or table that cannot be used for training."""


class TokenizerError(StudioError):
    """An invalid request to a tokenizer (unknown symbol, bad setting)."""


class AssetError(StudioError):
    """A tokenizer asset file that is malformed or inconsistent."""


def excerpt(value, limit: int = 60) -> str:
    """A short repr for messages: a hostile file must not flood the error line.

    >>> excerpt("a" * 100, 8)
    "'aaaaaa…"
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
