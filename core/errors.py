"""The few named exceptions the core raises for bad user or file input.

Every message says what was wrong and where (file, line, byte offset), so
the CLI prints it as one line; an error may also carry a ``code`` and
``params`` that the GUI shows in the user's language
(``gui/shell/core_text.py``).

Details: docs/notes/core.md#coreerrorspy.
"""

from __future__ import annotations

from types import MappingProxyType


class StudioError(ValueError):
    """Base class: bad input that the user can fix."""

    code = ""
    where = ""
    cause: BaseException | None = None
    params = MappingProxyType({})

    def __init__(self, message: str = "", *, code: str = "", where: str = "", cause: BaseException | None = None,
                 **params):
        super().__init__(message)
        self.code, self.where, self.cause = code, where, cause
        if params:
            self.params = MappingProxyType(params)

    @classmethod
    def at(cls, where: str, cause: BaseException):
        """``where: cause``, keeping what ``cause`` carries."""
        return cls(f"{where}: {cause}", where=where, cause=cause)


class Cancelled(Exception):
    """Raised by ``should_stop``-aware code to end its work early (not an error)."""


class CorpusError(StudioError):
    """A corpus file or table that cannot be used for training."""


class TokenizerError(StudioError):
    """An invalid request to a tokenizer (unknown symbol, bad setting)."""


class AssetError(StudioError):
    """A tokenizer asset file that is malformed or inconsistent."""


class OutputRefused(StudioError, OSError):
    """An output the atomic writer will not replace (a link, a FIFO or
    device, an input of the same command).  Also an ``OSError``, so a caller
    that handles a failed write handles this one the same way."""


def excerpt(value, limit: int = 60) -> str:
    """A short repr for messages: a hostile file must not flood the error line.

    >>> excerpt("a" * 100, 8)
    "'aaaaaa…"
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def require(obj, key, kind, where):
    """``obj[key]`` of a parsed JSON object, which must be of type ``kind`` (a
    type or a tuple of types; a bool is no int); any problem is an
    AssetError naming the field by ``where``."""
    if not isinstance(obj, dict):
        raise AssetError(f"{where}: expected an object, found {type(obj).__name__}", code="field.not_object",
                         where=where, found=type(obj).__name__)
    if key not in obj:
        raise AssetError(f"{where}: missing field {excerpt(key)}", code="field.missing", where=where, key=excerpt(key))
    value = obj[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = "/".join("null" if k is type(None) else k.__name__ for k in kinds)
        raise AssetError(f"{where}.{key}: expected {names}, found {type(value).__name__}", code="field.wrong_type",
                         where=f"{where}.{key}", expected=names, found=type(value).__name__)
    return value
