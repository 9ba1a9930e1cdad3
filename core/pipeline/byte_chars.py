"""Bytes as characters, and the characters of whitespace.

GPT-2's printable spelling of the 256 bytes (``BYTE_CHARS``), the Unicode
White_Space set the whitespace rules split on, and the context in which
decoders keep invalid UTF-8 as surrogate escapes instead of U+FFFD
(``keeping_bytes``), so a caller can name every invalid byte.  The lowest
module of the pipeline: normalizers and the pipeline specs both read it.
"""

from __future__ import annotations

import codecs
import contextlib
import contextvars

# Unicode White_Space (Rust's char::is_whitespace), not str.isspace, which
# also counts U+001C..U+001F.
WHITE_SPACE = frozenset("\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000"
                        + "".join(chr(c) for c in range(0x2000, 0x200B)))


def bytes_to_unicode() -> dict[int, str]:
    """GPT-2's printable spelling of every byte (``encoder.py``): printable
    Latin-1 bytes stand for themselves, the rest map to U+0100 and up.

    >>> bytes_to_unicode()[32], bytes_to_unicode()[ord("a")]
    ('Ġ', 'a')
    """
    keep = list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAD)) + list(range(0xAE, 0x100))
    table, extra = {}, 0
    for b in range(256):
        if b in keep:
            table[b] = chr(b)
        else:
            table[b] = chr(256 + extra)
            extra += 1
    return table


BYTE_CHARS = bytes_to_unicode()
CHAR_BYTES = {c: b for b, c in BYTE_CHARS.items()}


_LATIN1_TO_BYTE_CHARS = {b: c for b, c in BYTE_CHARS.items()}


def byte_level(text: str) -> str:
    # Latin-1 decoding maps byte b to code point b, which translate respells.
    return text.encode("utf-8", "surrogatepass").decode("latin-1").translate(_LATIN1_TO_BYTE_CHARS)


# ==== keeping invalid bytes through a decoder chain ====
# Decoders join bytes (byte-level tokens, <0xE4> byte pieces) and would turn
# invalid UTF-8 into U+FFFD, as the libraries do.  Inside keeping_bytes() they
# keep each invalid byte as a surrogate escape instead (U+DC80-U+DCFF), so the
# caller gets the exact bytes back from escaped_bytes() and can name every
# problem (core.tokenizer's decode).
_KEEP_BYTES = contextvars.ContextVar("keep_bytes", default=False)


@contextlib.contextmanager
def keeping_bytes():
    token = _KEEP_BYTES.set(True)
    try:
        yield
    finally:
        _KEEP_BYTES.reset(token)


def bytes_text(data: bytes, replaced) -> str:
    """``data`` as text: invalid bytes escaped inside keeping_bytes(), else ``replaced(data)``."""
    if _KEEP_BYTES.get():
        return bytes(data).decode("utf-8", "surrogateescape")
    return replaced(bytes(data))


def _escape_back(exc):
    # U+DC80-U+DCFF are escaped bytes; any other surrogate (a token that
    # holds one) is written as its three bytes, which UTF-8 checks name.
    text = exc.object[exc.start:exc.end]
    return b"".join(bytes([ord(c) - 0xDC00]) if 0xDC80 <= ord(c) <= 0xDCFF else
                    c.encode("utf-8", "surrogatepass") for c in text), exc.end


codecs.register_error("subword-studio-bytes", _escape_back)


def escaped_bytes(text: str) -> bytes:
    """The bytes of text made inside keeping_bytes()."""
    return text.encode("utf-8", "subword-studio-bytes")


def byte_level_bytes(token: str) -> bytes | None:
    """The bytes a byte-level token spells, or None if it is not byte-level."""
    try:
        return bytes(CHAR_BYTES[c] for c in token)
    except KeyError:
        return None
