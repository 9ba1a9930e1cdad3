"""SentencePiece's precompiled normalization rules (``precompiled_charsmap``).

Reference: google/sentencepiece ``src/normalizer.cc`` (``Normalize``,
``NormalizePrefix``, ``DecodePrecompiledCharsMap``), darts-clone's
``DoubleArray::commonPrefixSearch``, and Hugging Face ``tokenizers``'
``normalizers/precompiled.rs`` with the ``spm_precompiled`` crate.

A SentencePiece model carries its normalization (``nmt_nfkc``, ``nfkc``,
``nmt_nfkc_cf``, ``nfkc_cf`` or a custom TSV rule set) compiled into one
blob: a little-endian uint32 giving the size in bytes of a Darts
double-array trie, the trie itself (uint32 units), then the replacement
strings, each ended by a NUL.  The trie maps a UTF-8 byte string to the
offset of its replacement.

Two readers of the same blob disagree, and both are reproduced:

* ``sentencepiece`` (:meth:`Charsmap.segments`): at each position the
  *longest* key that prefixes the rest of the text is replaced (among the
  first 32 keys found, as there); with no key, one character is copied.
* ``hf`` (:meth:`Charsmap.hf_segments`): the text is cut into extended
  grapheme clusters; a cluster shorter than 6 bytes whose bytes start with
  a key is replaced *whole* by the replacement of the *shortest* such key;
  otherwise each character is replaced by the shortest key it starts with.
  (HF's code says it is deliberately so, to match SentencePiece on XNLI.)

Both give ``(start, end, replacement)`` segments over the original
characters, so alignment survives.  Deviations: the text is a Python
``str``, so SentencePiece's malformed-UTF-8 branch only applies to a lone
surrogate, which becomes one U+FFFD per byte of its ``surrogatepass``
encoding (SentencePiece consumes one byte per U+FFFD).  HF's graphemes come
from the ``regex`` module's ``\\X``, whose Unicode version may differ from
the Rust ``unicode-segmentation`` crate on newly assigned characters.
"""

from __future__ import annotations

import base64
import re
import binascii
import hashlib
import struct
from array import array
from functools import cached_property, lru_cache

import numpy as np
import regex

from core.arrays import distinct_chars
from core.errors import TokenizerError

MAX_RESULTS = 32  # Normalizer::kMaxTrieResultsSize
HF_GRAPHEME_LIMIT = 6  # HF transforms a whole grapheme only below this many bytes
_GRAPHEME = regex.compile(r"\X")


class Charsmap:
    """A parsed ``precompiled_charsmap``; raises TokenizerError if the blob is broken."""

    def __init__(self, blob: bytes):
        if not isinstance(blob, (bytes, bytearray)):
            raise TokenizerError(f"a charsmap is bytes, not {type(blob).__name__}")
        self.blob = bytes(blob)
        if len(self.blob) <= 4:
            raise TokenizerError("precompiled charsmap: the blob is broken (shorter than its 4-byte header)")
        (size,) = struct.unpack_from("<I", self.blob)
        if size >= len(self.blob) - 3 or size % 4 or size == 0:
            raise TokenizerError(f"precompiled charsmap: the trie size {size} does not fit the "
                                 f"{len(self.blob)}-byte blob (it must be a positive multiple of 4 inside it)")
        units = array("I")
        units.frombytes(self.blob[4:4 + size])
        if units.itemsize != 4:  # pragma: no cover - every CPython platform we ship has 4-byte "I"
            raise TokenizerError("this platform has no 32-bit unsigned array type")
        if struct.pack("<I", 1) != struct.pack("=I", 1):  # pragma: no cover - big-endian hosts
            units.byteswap()
        self.units = units
        self.normalized = self.blob[4 + size:]
        self.sha256 = hashlib.sha256(self.blob).hexdigest()
        self._starts: dict[str, bool] = {}  # character -> may a key start with it
        self._kinds: dict = {}  # character -> _kind(character)
        self._pairs: dict = {}  # two characters -> _goes_on(them)
        self._follows: dict = {}  # character -> _next_chars(character)
        # Quiet characters: no key ends in one, and none can follow a
        # character seen so far on a longer key; a text of only those is
        # copied as it is (runs).  _following: what seen characters may be followed by.
        self._quiet: set = set()
        self._following: set = set()

    @classmethod
    def from_base64(cls, text: str) -> "Charsmap":
        try:
            blob = base64.b64decode(text.encode("ascii"), validate=True)
        except (binascii.Error, UnicodeEncodeError, ValueError):
            raise TokenizerError("precompiled charsmap: not valid base64") from None
        return cls(blob)

    def to_base64(self) -> str:
        return base64.b64encode(self.blob).decode("ascii")

    def __eq__(self, other):
        return isinstance(other, Charsmap) and other.blob == self.blob

    def __hash__(self):
        return hash(self.sha256)

    def __repr__(self):
        return f"Charsmap({len(self.blob)} bytes, sha256 {self.sha256[:12]}…)"

    # ==== the double-array trie ====

    def prefixes(self, data: bytes, start: int = 0):
        """``(length, value)`` for every key that prefixes ``data[start:]``, shortest first.

        A unit packs a label (the byte that leads to it, bit 31 set for
        none), a has-leaf flag (bit 8) and an offset to its children; a leaf
        unit holds the value (the replacement's offset) in its low 31 bits.
        """
        units, found = self.units, []
        size = len(units)
        unit = units[0]
        node = (unit >> 10) << ((unit & 0x200) >> 6)
        for index in range(start, len(data)):
            byte = data[index]
            node ^= byte
            if node >= size:
                break
            unit = units[node]
            if unit & 0x800000FF != byte:
                break
            node ^= (unit >> 10) << ((unit & 0x200) >> 6)
            if unit >> 8 & 1:
                if node >= size:
                    raise TokenizerError("precompiled charsmap: the trie points outside itself")
                found.append((index + 1 - start, units[node] & 0x7FFFFFFF))
        return found

    def _may_start(self, ch: str) -> bool:
        """Can a key start with this character?  Most characters of most
        texts cannot, and this answer is cached per character."""
        data = ch.encode("utf-8", "surrogatepass")
        if self.prefixes(data):
            return True
        units = self.units
        unit = units[0]
        node = (unit >> 10) << ((unit & 0x200) >> 6)
        for byte in data:  # the character's bytes are all on a path: longer keys may follow
            node ^= byte
            if node >= len(units) or units[node] & 0x800000FF != byte:
                return False
            unit = units[node]
            node ^= (unit >> 10) << ((unit & 0x200) >> 6)
        return True

    def _kind(self, ch: str):
        """What the trie holds for this character's bytes: ``(cut, next,
        alone)``: ``cut`` if a key ends at or inside them; ``next``, the bytes
        that can follow them on a longer key (empty: none); ``alone``, where
        no key goes past them, what :meth:`segments` makes of the character
        (``(replacement, False)``, or None: copied)."""
        data = ch.encode("utf-8")
        found = self.prefixes(data)
        units = self.units
        unit = units[0]
        node = (unit >> 10) << ((unit & 0x200) >> 6)
        nexts = frozenset()
        for byte in data:
            node ^= byte
            if node >= len(units) or units[node] & 0x800000FF != byte:
                break
            unit = units[node]
            node ^= (unit >> 10) << ((unit & 0x200) >> 6)
        else:
            nexts = frozenset(self._children(node).tolist())
        alone = None
        if found and not nexts:
            length, value = max(found[:MAX_RESULTS], key=lambda f: f[0])
            alone = (self.replacement(value), False) if length == len(data) else ()
        return bool(found), nexts, alone

    def _next_chars(self, ch: str):
        """The characters a key may go on with after this one (whose bytes
        are all on a path of the trie), or None where that cannot be listed
        (a key ending inside a character, bytes that are not UTF-8)."""
        units = self.units
        size = len(units)

        def child(node, byte):
            at = node ^ byte
            if at >= size or units[at] & 0x800000FF != byte:
                return None
            unit = units[at]
            return at ^ ((unit >> 10) << ((unit & 0x200) >> 6)), unit >> 8 & 1

        unit = units[0]
        node = (unit >> 10) << ((unit & 0x200) >> 6)
        for byte in ch.encode("utf-8"):
            found = child(node, byte)
            if found is None:
                return frozenset()
            node = found[0]
        out = set()
        for first in self._children(node).tolist():
            found = child(node, first)
            width = 1 if first < 0x80 else 2 if first >> 5 == 6 else 3 if first >> 4 == 14 else \
                4 if first >> 3 == 30 else 0
            if not width or (found[1] and width > 1):
                return None
            frontier = [(found[0], bytes([first]))]
            for depth in range(1, width):
                deeper = []
                for at, data in frontier:
                    for byte in self._children(at, 0x80, 0xC0).tolist():
                        step = child(at, byte)
                        if step[1] and depth < width - 1:
                            return None
                        deeper.append((step[0], data + bytes([byte])))
                frontier = deeper
            for _, data in frontier:
                try:
                    out.add(data.decode("utf-8"))
                except UnicodeDecodeError:
                    return None
        return frozenset(out)

    def _children(self, node: int, low: int = 0, high: int = 256) -> np.ndarray:
        """The bytes in ``[low, high)`` that lead on from ``node``, all tried at once."""
        units = self._array
        labels = np.arange(low, high)
        at = node ^ labels
        inside = at < units.size
        labels, at = labels[inside], at[inside]
        return labels[(units[at] & 0x800000FF) == labels]

    @cached_property
    def _array(self) -> np.ndarray:
        return np.frombuffer(self.units, np.uint32).astype(np.int64)

    def _goes_on(self, pair: str) -> bool:
        """May a key that starts with the first character reach into the
        second (or past it)?  If not, the first character is looked up as
        if it stood alone."""
        head = len(pair[0].encode("utf-8"))
        data = pair.encode("utf-8")
        if any(length > head for length, _ in self.prefixes(data)):
            return True
        units = self.units
        unit = units[0]
        node = (unit >> 10) << ((unit & 0x200) >> 6)
        for byte in data:
            node ^= byte
            if node >= len(units) or units[node] & 0x800000FF != byte:
                return False
            unit = units[node]
            node ^= (unit >> 10) << ((unit & 0x200) >> 6)
        return True

    def replacement(self, value: int) -> str:
        return _replacement(self.normalized, value)

    # ==== SentencePiece's reading ====

    def segments(self, text: str, protected: dict | None = None) -> list[tuple[int, int, str]]:
        """SentencePiece's ``NormalizePrefix`` loop: ``(start, end, replacement)``
        over character offsets; unmatched characters map to themselves.
        ``protected`` (first character -> pieces, longest first) are
        user-defined pieces, passed through before the trie is asked."""
        out: list[tuple[int, int, str]] = []
        data, owner = _utf8_with_owners(text)
        starts = self._starts
        pos = 0
        while pos < len(data):
            index = owner[pos]
            ch = text[index]
            hit = protected and (pos == 0 or owner[pos - 1] != index) and longest_protected(protected, text, index)
            if hit:
                out.append((index, index + len(hit), hit))
                pos += len(hit.encode("utf-8", "surrogatepass"))
                continue
            if ch not in starts:
                starts[ch] = self._may_start(ch)
            found = self.prefixes(data, pos)[:MAX_RESULTS] if starts[ch] else ()
            if found:
                length, value = max(found, key=lambda f: f[0])  # the first of the longest
                end = pos + length
                out.append((owner[pos], owner[end - 1] + 1, self.replacement(value)))
                pos = end
                continue
            index = owner[pos]
            ch = text[index]
            width = _width(ch)
            if 0xD800 <= ord(ch) <= 0xDFFF:
                width = 1  # a lone surrogate is malformed UTF-8: U+FFFD per byte
                out.append((index, index + 1, "\ufffd"))
            else:
                out.append((index, index + 1, ch))
            pos += width
        return out

    def _learn(self, chars) -> None:
        """Add the quiet ones of these new characters (their kinds, and the
        follows of the leading ones, known).  A text of quiet characters
        has no character a key ends in and no leading one followed by one
        it may go on with, so :meth:`runs` copies it whole, as below.  A
        leading character's followers leave the quiet set before it joins,
        so another thread never sees it quiet while they still are."""
        kinds, follows, quiet, following = self._kinds, self._follows, self._quiet, self._following
        for ch in chars:
            cut, nexts, _ = kinds[ch]
            after = follows.get(ch) if nexts else frozenset()
            if after:
                following |= after
                quiet -= after
            if not cut and after is not None and ch not in following:
                quiet.add(ch)

    def runs(self, text: str, protected: dict | None = None) -> list[tuple[str, bool, int, int]] | None:
        """:meth:`segments` in long stretches: ``(text, verbatim, start,
        end)`` where a verbatim stretch is the characters ``[start, end)``
        copied one by one and any other is one replacement (or protected
        piece) of those characters.  Only
        characters a key may start with (or a protected piece) are looked up;
        the rest of the text is copied as it is.  None where this shortcut
        does not apply (a lone surrogate, a key ending inside a character):
        then :meth:`segments` gives the answer."""
        if not protected and self._quiet.issuperset(text):  # a line of a corpus, mostly
            return [(text, True, 0, len(text))] if text else []
        chars = distinct_chars(text)
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in chars):
            return None
        kinds = self._kinds
        new = chars - kinds.keys()
        for ch in new:
            kinds[ch] = self._kind(ch)
        firsts = set(protected) & chars if protected else set()
        alone = {ch for ch in chars if kinds[ch][0]} | firsts
        leading = {ch for ch in chars if kinds[ch][1]}
        follows = self._follows
        for ch in leading - follows.keys():
            follows[ch] = self._next_chars(ch)
        self._learn(new)
        if any(follows[ch] is None for ch in leading):
            labels = set().union(*(kinds[ch][1] for ch in leading))
            following = {ch for ch in chars if ch.encode("utf-8")[0] in labels}
        else:
            following = set().union(*(follows[ch] for ch in leading)) & chars
        if not alone and not (leading and following):
            return [(text, True, 0, len(text))] if text else []
        following = following if leading else set()
        pattern = _class_pattern(frozenset(alone | following))
        places = []
        pairs = self._pairs
        for match in pattern.finditer(text):
            at = match.start()
            if at and text[at - 1] in leading and text[at] in following:
                pair = text[at - 1:at + 1]
                go_on = pairs.get(pair)
                if go_on is None:
                    go_on = pairs[pair] = self._goes_on(pair)
                if go_on:
                    places.append(at - 1)
            if text[at] in alone:
                places.append(at)
        out: list[tuple[str, bool]] = []
        pos = 0
        for at in places:
            if at < pos:
                continue  # inside the previous replacement
            if at > pos:
                out.append((text[pos:at], True, pos, at))
            hit = protected and text[at] in firsts and longest_protected(protected, text, at)
            if hit:
                out.append((hit, False, at, at + len(hit)))
                pos = at + len(hit)
                continue
            if not kinds[text[at]][1]:  # no key goes past this character: its answer is its own
                answer = kinds[text[at]][2]
                if answer == ():
                    return None  # a key ends inside the character
                out.append((*answer, at, at + 1) if answer else (text[at], True, at, at + 1))
                pos = at + 1
                continue
            window = 16
            while True:
                piece = text[at:at + window]
                data = piece.encode("utf-8")
                found = self.prefixes(data)[:MAX_RESULTS]
                longest = max(found, key=lambda f: f[0]) if found else None
                if longest is None or longest[0] < len(data) or at + window >= len(text) or len(found) >= MAX_RESULTS:
                    break
                window *= 4  # the key may go on past the window
            if longest is None:
                out.append((text[at], True, at, at + 1))
                pos = at + 1
                continue
            length, value = longest
            head = data[:length]
            try:
                used = len(head.decode("utf-8"))
            except UnicodeDecodeError:
                return None  # the key ends inside a character
            out.append((self.replacement(value), False, at, at + used))
            pos = at + used
        if pos < len(text):
            out.append((text[pos:], True, pos, len(text)))
        return out

    # ==== Hugging Face's reading ====

    def transform(self, chunk: str) -> str | None:
        """HF's ``Precompiled::transform``: the replacement of the shortest key
        that prefixes ``chunk`` (a NUL byte ends the search), or None."""
        data = chunk.encode("utf-8", "surrogatepass")
        cut = data.find(b"\0")
        found = self.prefixes(data if cut < 0 else data[:cut])
        return self.replacement(found[0][1]) if found else None

    def hf_segments(self, text: str) -> list[tuple[int, int, str]]:
        out: list[tuple[int, int, str]] = []
        for match in _GRAPHEME.finditer(text):
            grapheme, start = match.group(), match.start()
            if len(grapheme.encode("utf-8", "surrogatepass")) < HF_GRAPHEME_LIMIT:
                whole = self.transform(grapheme)
                if whole is not None:
                    out.append((start, match.end(), whole))
                    continue
            for offset, ch in enumerate(grapheme):
                found = self.transform(ch)
                out.append((start + offset, start + offset + 1, ch if found is None else found))
        return out


@lru_cache(maxsize=64)
def _class_pattern(chars: frozenset):
    """One regex that finds any of ``chars``."""
    return re.compile("[" + "".join(re.escape(c) for c in sorted(chars)) + "]")


@lru_cache(maxsize=1 << 14)
def _replacement(normalized: bytes, value: int) -> str:
    if value >= len(normalized):
        raise TokenizerError(f"precompiled charsmap: replacement offset {value} is past the end of the strings")
    end = normalized.find(b"\0", value)
    raw = normalized[value:] if end < 0 else normalized[value:end]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise TokenizerError(f"precompiled charsmap: the replacement at offset {value} is not UTF-8") from None


def _width(ch: str) -> int:
    code = ord(ch)
    return 1 if code < 0x80 else 2 if code < 0x800 else 3 if code < 0x10000 else 4


def _utf8_with_owners(text: str) -> tuple[bytes, list[int]]:
    """The text's UTF-8 bytes and, per byte, the index of its character."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) == len(text):
        return data, list(range(len(text)))
    owner: list[int] = []
    for index, ch in enumerate(text):
        owner.extend([index] * _width(ch))
    return data, owner


def longest_protected(matcher: dict, text: str, at: int) -> str | None:
    """The longest protected piece starting at ``text[at]``, if any."""
    return next((p for p in matcher.get(text[at], ()) if text.startswith(p, at)), None)
