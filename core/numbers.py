"""The one way numbers are read from files, options and JSON fields.

Numbers are ASCII decimal digits only: ``int()`` also takes ``٣``, ``５``,
``1_000``, ``+5`` and surrounding spaces, and Python's own messages for a
number with thousands of digits reach the user otherwise.  Every number
has a stated bound (docs/guide/robustness.md):

* an ID is below ``2**31`` (every format the tool reads or writes stores
  IDs in 32 bits, and a vocabulary indexed by ID stays allocatable);
* a count is below ``2**53``, so every count the tool writes is a JSON
  number that reads back exactly and that the identity (RFC 8785) can
  spell.
"""

from __future__ import annotations

import argparse
import math
import re

from core.errors import StudioError

MAX_ID = 2**31 - 1
MAX_ASSET_BYTES = 256 * 1024 * 1024  # an asset file (the largest real vocabularies take a few tens of MB)
MAX_COUNT = 2**53 - 1
# A piece score (a log probability): a sum of one per character of a long
# text, and a float32 in a SentencePiece export, both stay finite.
MAX_SCORE = 1e30
_DIGITS = frozenset("0123456789")
_MAX_DIGITS = 20  # longer is over every bound: refused before int() reads it


def parse_decimal(text, *, where: str, what: str = "number", low: int = 0, high: int = MAX_COUNT,
                  error=StudioError) -> int:
    """``text`` as an integer in ``[low, high]``: ASCII digits only, no sign,
    no underscores, no spaces; otherwise one ``error`` naming ``where``.

    >>> parse_decimal("270", where="x")
    270
    """
    shown = repr(str(text)[:40])
    if not isinstance(text, str) or not text or not _DIGITS.issuperset(text):
        raise error(f"{where}: {what} {shown} is not a decimal integer (ASCII digits 0-9 only)",
                    code="number.not_decimal", where=where, what=what, text=shown)
    if len(text) > _MAX_DIGITS:
        raise error(f"{where}: {what} {shown} is over the limit {high}", code="number.too_big", where=where,
                    what=what, text=shown, limit=high)
    return check_range(int(text), where=where, what=what, low=low, high=high, error=error)


_REAL = re.compile(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?")


def parse_real(text, *, where: str, what: str = "number", bound: float = MAX_SCORE, error=StudioError) -> float:
    """``text`` as a finite number within ``±bound``: ASCII ``-12.5``, ``.5``
    or ``1e-3`` (``float()`` also takes ``٣``, ``1_0``, ``inf`` and ``nan``).

    >>> parse_real("-1.5e2", where="x")
    -150.0
    """
    if not isinstance(text, str) or not _REAL.fullmatch(text):
        shown = repr(str(text)[:40])
        raise error(f"{where}: {what} {shown} is not a decimal number (ASCII digits, '.', 'e')",
                    code="number.not_real", where=where, what=what, text=shown)
    return check_finite(float(text), where=where, what=what, bound=bound, error=error)


def check_range(value: int, *, where: str, what: str = "number", low: int = 0, high: int = MAX_COUNT,
                error=StudioError) -> int:
    if value < low:
        raise error(f"{where}: {what} {value} must be at least {low}", code="number.too_small", where=where,
                    what=what, value=value, limit=low)
    if value > high:
        raise error(f"{where}: {what} {value} is over the limit {high}", code="number.too_big", where=where,
                    what=what, text=str(value), limit=high)
    return value


def check_int(value, *, where: str, what: str = "number", low: int = 0, high: int = MAX_COUNT,
              error=StudioError) -> int:
    """A JSON field that must be an integer in ``[low, high]``: ``true`` and
    ``1.0`` are not integers."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{where}: {what} must be an integer, found {_json_type(value)}", code="number.not_integer",
                    where=where, what=what, found=_json_type(value))
    return check_range(value, where=where, what=what, low=low, high=high, error=error)


def check_finite(value, *, where: str, what: str = "score", bound: float = MAX_SCORE, error=StudioError) -> float:
    """A JSON number that must be finite and within ``±bound`` (``1e308``
    overflows the first sum or ``float32`` export it meets)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise error(f"{where}: {what} must be a number, found {_json_type(value)}", code="number.not_number",
                    where=where, what=what, found=_json_type(value))
    value = float(value)
    if not math.isfinite(value) or abs(value) > bound:
        raise error(f"{where}: {what} {value!r} is outside the limit ±{bound:g}", code="number.out_of_range",
                    where=where, what=what, value=repr(value), limit=f"{bound:g}")
    return value


def _json_type(value) -> str:
    if value is None:
        return "null"
    return {bool: "true/false", float: "a fraction", str: "text", list: "a list", dict: "an object"}.get(
        type(value), type(value).__name__)


def option(*, low: int = 0, high: int = MAX_COUNT):
    """An ``argparse`` ``type=`` for an integer option read as above; its
    refusal is argparse's one line naming the option."""
    def read(text: str) -> int:
        try:
            return parse_decimal(text, where="value", low=low, high=high)
        except StudioError as exc:
            raise argparse.ArgumentTypeError(str(exc).removeprefix("value: number ")) from None

    read.__name__ = "integer"
    return read


def real_option(text: str) -> float:
    """An ``argparse`` ``type=`` for a number option (``--shrink 0.75``)."""
    try:
        return parse_real(text, where="value")
    except StudioError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("value: number ")) from None


# A model's vocabulary and merge list: views and the identity hold one entry
# per ID (a list as long as the largest ID), so the IDs of one model stay
# below MAX_VOCAB; a list of that many entries is 32 MB.
MAX_VOCAB = 2**22
MAX_MERGES = 2**21

# Unigram training.  SentencePiece's trainer skips every sentence longer
# than max_sentence_length (4192 bytes by default) instead of training on
# it: the seed, the lattices and EM all grow with it.  Our trainer's unit is
# the ▁-word (it never sees whole sentences), so the same limit leaves out
# a subset of what SentencePiece leaves out; ordinary words are far below
# it.  Seeding and every lattice cost up to max_piece_length substrings per
# character; SentencePiece's max_sentencepiece_length range is 1..512 too.
UNIGRAM_MAX_WORD_BYTES = 4192
UNIGRAM_MAX_PIECE_LENGTH = 512
