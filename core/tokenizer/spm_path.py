"""A SentencePiece-style path over the normalized text, and the Encoding
columns read off it, for the kinds whose tokens spell the normalized text
one after another (Unigram; SentencePiece's BPE).

A *path* is ``(ends, found)`` (lists or arrays): each node's end offset
in the normalized text and its ID, :data:`UNKNOWN_NODE` for one character no token spells
(an unknown token or its byte pieces stand for a run of them).  The
Unigram reference searches it (:meth:`core.models.unigram.model.Unigram.search`);
:func:`path_of` reads it off the IDs a native engine gave, so a window's
Encoding of a long text needs no search.  :func:`columns` turns a path
into the columns :mod:`core.tokenizer.stage_kinds` gives, from the
normalizer's spans: a token spans the original characters of its first
and last normalized ones (tested equal to the inspector's).

:func:`path_of` reads the path by array operations where that is sure to
give the walk's (known tokens, unknown tokens over whole runs, byte pieces
of whole characters: ``_laid``), and walks the IDs one by one otherwise
(``_walked``); tests/core/test_spm_path_arrays.py holds the one to the other.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import accumulate

import numpy as np

from core.arrays import code_points, firsts_of_runs, utf8_starts
from core.models.unigram.viterbi import UNKNOWN_NODE
from core.pipeline.normalize import BYTE_PIECES, Pipeline
from core.slices import listed

SPACE_MARK = "\u2581"


def aligned(pipeline: Pipeline, text: str):
    """``(normalized text, starts, ends)``: each normalized character's
    first and last original character (those of the identity pipeline
    where its text is the same, as the inspector aligns them; int64
    arrays), or None where only the inspector can tell (Python's NFKC, a
    lone surrogate)."""
    if pipeline.normalization == "nfkc":
        return None
    found = pipeline.columns(text, arrays=True)
    if found is None:
        return None
    flat, starts, ends = found
    plain = Pipeline("identity", pipeline.add_dummy_prefix, pipeline.remove_extra_whitespaces)
    if pipeline != plain and not _same_columns(pipeline, plain, text) and not _plain_differs(text, flat):
        # The identity pipeline's columns give its text too: one pass, not a normalize_text and another.
        plain_flat, plain_starts, plain_ends = plain.columns(text, arrays=True)
        if plain_flat == flat:
            starts, ends = plain_starts, plain_ends
    return flat, starts, ends


def _same_columns(pipeline: Pipeline, plain: Pipeline, text: str) -> bool:
    """Does ``pipeline`` give ``plain``'s columns of ``text`` by its rules alone:
    both identity, the same but for protected pieces, none of which is in the text
    (both then read the text as one verbatim run)?"""
    return pipeline.normalization == "identity" and replace(pipeline, protected=()) == plain \
        and not any(piece in text for piece in pipeline.protected)


def _plain_differs(text: str, flat: str) -> bool:
    """Is the identity pipeline's text surely not ``flat``: it keeps every
    character but the space, so a tab, newline or return of ``text`` that
    ``flat`` lacks tells without normalizing again."""
    return any(ch in text and ch not in flat for ch in "\t\n\r")


class Spelling:
    """What :func:`path_of` needs of a vocabulary: the text each token the
    model can give spells (``spells``: ID -> text), the byte each byte
    piece stands for (``bytes_of``), whether a character is a token of its
    own (``symbol``: else it is unknown) and the unknown token's ID where
    unknown characters become it rather than byte pieces."""

    def __init__(self, spells: dict[int, str], bytes_of: dict[int, int], symbol, unk_id: int | None):
        self.spells, self.bytes_of, self.symbol, self.unk_id = spells, bytes_of, symbol, unk_id
        # By ID, for path_of's arrays: the text each token spells (None:
        # none) and its length (-1: none), the byte a byte piece stands for
        # (-1: none) and whether a token's text starts with a character that is a token.
        size = max((*spells, *bytes_of, -1 if unk_id is None else unk_id), default=-1) + 1
        self.names = np.full(size, None, dtype=object)
        self.lengths = np.full(size, -1, np.int64)
        self.bytes = np.full(size, -1, np.int64)
        self.leads = np.zeros(size, bool)
        if spells:
            keys = np.fromiter(spells, np.int64, len(spells))
            self.names[keys] = list(spells.values())
            self.lengths[keys] = list(map(len, spells.values()))
            self.leads[keys] = [bool(t) and bool(symbol(t[0])) for t in spells.values()]
        if bytes_of:
            self.bytes[np.fromiter(bytes_of, np.int64, len(bytes_of))] = list(bytes_of.values())


def path_of(flat: str, ids: list[int], spelling: Spelling):
    """The path whose IDs are ``ids``: each token spells its characters of
    ``flat`` in turn; byte pieces spell the unknown characters (a node
    each) whose UTF-8 they are; the unknown token stands for a run of
    unknown characters, as long as only one length of run lets the next
    token follow.  None where the IDs do not lay over ``flat`` so.

    The tokens between those that stand for unknown characters are only
    placed here (where each run starts follows from the lengths before
    it); the whole is checked at the end, the runs' characters written in,
    by one comparison with ``flat``."""
    found = _laid(flat, ids, spelling)
    return _walked(flat, ids, spelling) if found is None else found


def _walked(flat: str, ids: list[int], spelling: Spelling):
    """:func:`path_of`, token by token."""
    spells, bytes_of, symbol = spelling.spells, spelling.bytes_of, spelling.symbol
    names = listed(map(spells.get, ids))  # None: a byte piece, the unknown token or no token
    gaps = [at for at, name in enumerate(names) if name is None]
    if not gaps:  # no unknown character: the usual case
        return (listed(accumulate(map(len, names))), ids) if "".join(names) == flat else None
    texts = [name or "" for name in names]  # each token's characters; a run's are written in below
    before = [0, *accumulate(map(len, texts))]  # characters of the known tokens before each token
    runs = [0] * len(ids)  # the unknown characters each token starts
    extra, k = 0, -1  # characters of the runs so far; the last token laid
    for gap in gaps:
        if gap <= k:
            continue  # a byte piece of the run just laid
        pos = before[gap] + extra
        if ids[gap] in bytes_of:
            k = gap
            while k + 1 < len(ids) and ids[k + 1] in bytes_of:
                k += 1
            data = bytes(map(bytes_of.__getitem__, ids[gap:k + 1]))
            length, at = 0, 0
            while at < len(data):
                if pos + length >= len(flat) or symbol(flat[pos + length]):
                    return None
                spelled = flat[pos + length].encode("utf-8", "surrogatepass")
                if data[at:at + len(spelled)] != spelled:
                    return None
                at += len(spelled)
                length += 1
        elif ids[gap] == spelling.unk_id:
            k = gap
            run = 0
            while pos + run < len(flat) and not symbol(flat[pos + run]):
                run += 1
            after = names[gap + 1] if gap + 1 < len(ids) else None
            if after is None:
                lengths = [len(flat) - pos] if gap + 1 == len(ids) and 0 < len(flat) - pos <= run else []
            elif symbol(after[0]):
                lengths = [run] if run else []  # no run holds the next token's first character: it ends there
            else:  # the next token starts with an unknown character: only where it fits tells
                lengths = [n for n in range(1, run + 1) if flat.startswith(after, pos + n)]
            if len(lengths) != 1:
                return None  # no length, or more than one: the IDs alone do not say
            length = lengths[0]
        else:
            return None
        texts[gap] = flat[pos:pos + length]
        runs[gap] = length
        extra += length
    if "".join(texts) != flat:
        return None
    gap = np.zeros(len(ids), bool)
    gap[gaps] = True
    # A token's nodes: a run's characters, or itself (a byte piece after a run's first: none).
    counts = np.where(gap, np.asarray(runs, np.int64), 1)
    sizes = np.repeat(np.where(gap, 1, np.diff(np.asarray(before, np.int64))), counts)
    return np.cumsum(sizes), np.repeat(np.where(gap, UNKNOWN_NODE, np.asarray(ids, np.int64)), counts)


def _laid(flat: str, ids: list[int], spelling: Spelling):
    """:func:`path_of`'s path by array operations where it is sure to be
    the same, else None (and path_of walks the IDs): every token spells
    its text, but byte pieces (a run of them spells the characters whose
    UTF-8 they are, each a character no token is) or unknown tokens (each
    takes the whole run of characters that are no token where it starts,
    and is followed by a token that starts with one, or ends the text);
    all checked by one comparison with ``flat``."""
    found = np.fromiter(ids, np.int64, len(ids))
    if not found.size or found.min() < 0 or found.max() >= spelling.lengths.size:
        return None
    lengths = spelling.lengths[found]
    gap = lengths < 0
    if not gap.any():  # no unknown character, the usual case
        return (np.cumsum(lengths), found) if "".join(spelling.names[found].tolist()) == flat else None
    at = np.flatnonzero(gap)
    names = spelling.names[found]
    values = spelling.bytes[found[at]]
    if (values >= 0).all():
        return _laid_bytes(flat, found, names, lengths, at, values.astype(np.uint8), spelling.symbol)
    if spelling.unk_id is None or (found[at] != spelling.unk_id).any():
        return None
    after = found[at[at + 1 < found.size] + 1]
    if not flat or not spelling.leads[after].all():
        return None  # an unknown token before another, or before a token that starts with an unknown character
    points = code_points(flat)
    known = np.zeros(int(points.max()) + 1, bool)
    chars = np.flatnonzero(np.bincount(points))
    known[chars] = [bool(spelling.symbol(ch)) for ch in map(chr, chars.tolist())]
    unknown = ~known[points]
    starts = np.flatnonzero(firsts_of_runs(unknown))
    if starts.size != at.size:
        return None
    stops = np.flatnonzero(firsts_of_runs(unknown[::-1])[::-1]) + 1
    lengths[at] = stops - starts
    ends = np.cumsum(lengths)
    if ((ends - lengths)[at] != starts).any():
        return None  # an unknown token that does not start where its run does
    names[at] = [flat[a:b] for a, b in zip(starts.tolist(), stops.tolist())]
    if "".join(names.tolist()) != flat:
        return None
    # A run's node per character, each one character long.
    counts = np.where(gap, lengths, 1)
    sizes = np.repeat(np.where(gap, 1, lengths), counts)
    return np.cumsum(sizes), np.repeat(np.where(gap, UNKNOWN_NODE, found), counts)


def _laid_bytes(flat: str, found, names, lengths, at, values, symbol):
    """:func:`_laid` where every gap is a byte piece (``at``: where, ``values``: their bytes)."""
    try:
        chars = values.tobytes().decode("utf-8")
    except UnicodeDecodeError:
        return None
    sizes = _utf8_sizes(code_points(chars))
    firsts = np.cumsum(sizes) - sizes  # each character's first byte, among the byte pieces
    if (at[firsts + sizes - 1] - at[firsts] != sizes - 1).any():
        return None  # a character's bytes are not one run of tokens
    if any(symbol(ch) for ch in set(chars)):
        return None  # a character some token is: no byte piece stands for it
    lead = at[firsts]
    names[at] = ""
    names[lead] = list(chars)
    if "".join(names.tolist()) != flat:
        return None
    # Each character is a node, given by its first byte's piece; the others give none.
    keep = np.ones(found.size, bool)
    keep[at] = False
    keep[lead] = True
    lengths[lead] = 1
    nodes = found.copy()
    nodes[lead] = UNKNOWN_NODE
    return np.cumsum(lengths[keep]), nodes[keep]


def columns(text: str, flat: str, starts, ends, path, names: np.ndarray, byte_ids, unk_id: int) -> tuple:
    """The columns of ``path`` over ``flat`` (``starts``/``ends`` from
    :func:`aligned`).  ``names`` gives each ID's token (an object array);
    ``byte_ids`` the byte pieces' IDs (``<0xE4>`` -> ID) where unknown
    characters fall back to them, else None: a run of them is then one
    unknown token ``unk_id``, the run's first node ending where its last
    one does.

    A token covers the original characters of its first and last
    normalized ones, so its byte span is their UTF-8 offsets and it is
    never partial; a byte piece points at its own byte where its character
    is the original one there, else at all of the original's bytes.  A
    word starts at each token whose text starts with ``▁`` (a byte piece:
    where its run of unknown characters does).  Built with numpy, each
    column one array operation, and given as arrays (tokens and flags of
    dtype object): :meth:`core.tokenizer.staged.StagedTokenizer._encoding_of`
    reads the Encoding off them, one ``tolist`` each (none holds the GIL long)."""
    token_ends, found = path
    found, token_ends = np.asarray(found, np.int64), np.array(token_ends, np.int64)
    token_starts = np.concatenate(([0], token_ends[:-1])) if token_ends.size else token_ends
    unknown = found == UNKNOWN_NODE
    first = firsts_of_runs(unknown)
    # Where each node's run of unknown characters starts (a known node: itself).
    surfaces = token_starts[np.maximum.accumulate(np.where(first | ~unknown, np.arange(found.size), 0))] \
        if found.size else token_starts
    points = code_points(flat)
    if byte_ids is None or not unknown.any():
        if unknown.any():
            token_ends[first] = token_ends[firsts_of_runs(unknown[::-1])[::-1]]
            keep = ~unknown | first
            found, token_starts, token_ends, unknown, surfaces = (
                found[keep], token_starts[keep], token_ends[keep], unknown[keep], surfaces[keep])
        ids = np.where(unknown, unk_id, found)
        tokens = names[ids]
        byte_of = None
    else:
        # Each unknown character becomes the byte pieces of its UTF-8 bytes.
        spelled = np.frombuffer("".join(map(flat.__getitem__, token_starts[unknown].tolist())).encode("utf-8"), np.uint8)
        sizes = np.where(unknown, _utf8_sizes(points[token_starts] if points.size else points), 1)
        node = np.repeat(np.arange(found.size), sizes)
        byte_of = np.arange(node.size) - np.repeat(np.cumsum(sizes) - sizes, sizes)  # the byte's place in its character
        is_byte = unknown[node]
        values = np.zeros(node.size, np.int64)
        values[is_byte] = spelled
        table = np.array([byte_ids[piece] for piece in BYTE_PIECES], np.int64)
        ids = np.where(is_byte, table[values], found[node])
        tokens = np.where(is_byte, np.array(BYTE_PIECES, dtype=object)[values], names[np.maximum(found, 0)][node])
        found, token_starts, token_ends, unknown, surfaces = (
            found[node], token_starts[node], token_ends[node], is_byte, surfaces[node])
    char_starts = np.asarray(starts, np.int64)[token_starts]
    char_ends = np.asarray(ends, np.int64)[token_ends - 1]
    if text.isascii():
        byte_starts, byte_ends = char_starts, char_ends
    else:
        offsets = utf8_starts(text)
        byte_starts, byte_ends = offsets[char_starts], offsets[char_ends]
    kinds = np.full(char_starts.size, "", dtype=object)  # one str object shared, not one made per token
    kinds[char_starts == char_ends] = "inserted"  # the dummy ▁ (an empty span)
    if byte_of is None:
        kinds[unknown] = "unknown"
    else:
        kinds[unknown] = "byte"
        own = unknown & (char_ends - char_starts == 1)
        own[own] = code_points(text)[char_starts[own]] == points[token_starts[own]]
        byte_starts = np.where(own, byte_starts + byte_of, byte_starts)
        byte_ends = np.where(own, byte_starts + 1, byte_ends)
    spaced = points[surfaces] == ord(SPACE_MARK) if points.size else np.zeros(0, bool)
    words = np.cumsum(spaced)
    if spaced.size and spaced[0]:
        words -= 1  # the first token starts word 0, whatever it starts with
    return tokens, char_starts, char_ends, byte_starts, byte_ends, ids, kinds, words


def _utf8_sizes(points: np.ndarray) -> np.ndarray:
    return 1 + (points >= 0x80) + (points >= 0x800) + (points >= 0x10000)
