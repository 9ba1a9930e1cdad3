"""Audits of a vocabulary: the tokens that can never appear, and more.

* ``unreachable``: the encoder does not emit the token for its own text.
  Byte-level BPE of ours: its bytes go through the real encoder (so a token
  that crosses a pre-token boundary counts too).  Imported and char BPE:
  the merges are replayed over the token's base symbols (the leaves of its
  merge tree), the lowest-ranked pair first, the leftmost on a tie, as
  :meth:`core.models.bpe_model.BPEModel.merge` does; the pipeline is left
  out because a token inside a word (``er`` without ``</w>``, a piece
  without ``▁``) has no text of its own to encode.  A model that looks a
  whole pre-token up first (``ignore_merges``: tiktoken's rank files,
  Llama 3) emits a token for its own text unless the pre-tokenizer cuts
  that text: its text goes through the real encoder (Land & Bartolo 2024's
  check), and a token whose bytes are not text (partial UTF-8) is skipped;
  a served tokenizer's native engine takes the texts as one batch.
  Unigram: the Viterbi segmentation of the piece itself
  is not the piece (a neighbour split scores higher).  WordPiece: a
  word-start token's text through the whole pipeline (an uncased model
  never emits ``The``; punctuation splits ``a.b``); continuations are
  always the longest match at some offset, so none is reported.
  Specials, the unknown token, byte pieces and added tokens are not
  checked: they are not made by the model from text.  Every token left
  unchecked is counted under its reason (``Audit.skipped``), so a summary
  never says "0 checked" without saying why.
* ``partial-utf8``: the token's bytes are not valid UTF-8 on their own:
  how many bytes end a character before it (``tail``) and which code points
  the unfinished character at its end can be (``head``).
* ``no-merge-path`` (BPE kinds): no chain of merges from base symbols (a
  byte, one character, a byte piece) makes the token.
* ``duplicate``: the same text as an earlier ID up to case and leading
  spaces (`` the``, ``the``, ``The``, ``THE``; ``##the`` too).
* counts per Unicode script.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.engines.served import Served
from core.inspect.vocab import derivation as derive
from core.inspect.vocab.table import DUPLICATE, NO_MERGE_PATH, PARTIAL, SPECIAL, UNREACHABLE, BYTE, VocabTable

STEP = 256  # tokens between two progress reports
# Why a token's reachability is not checked (Audit.skipped's keys), in English.
SKIPPED = {"special": "special", "byte": "byte piece", "added": "added or unknown token",
           "partial": "partial UTF-8: no text of its own", "base": "a base symbol",
           "not_normal": "not a normal piece", "continuation": "a continuation: always the longest match somewhere",
           "no_check": "this kind has no reachability check"}


@dataclass(frozen=True)
class Partial:
    tail: int  # continuation bytes at the start, ending a character begun before the token
    head: tuple[int, int] | None  # code point range of the unfinished character at the end
    invalid: bool = False  # a byte that is never UTF-8 (C0, C1, F5-FF) or a broken sequence inside

    def describe(self) -> str:
        parts = []
        if self.tail:
            parts.append(f"ends a character ({self.tail} continuation byte{'s' if self.tail > 1 else ''})")
        if self.head:
            lo, hi = self.head
            parts.append(f"starts {chr(lo)}…{chr(hi)} (U+{lo:04X}–U+{hi:04X})")
        if self.invalid:
            parts.append("holds bytes that are never UTF-8")
        return "; ".join(parts)


@dataclass
class Audit:
    checked: int = 0  # tokens tested for reachability
    unreachable: dict[int, tuple[int, ...]] = field(default_factory=dict)  # ID -> what its text encodes to
    partial: dict[int, Partial] = field(default_factory=dict)
    no_merge_path: list[int] = field(default_factory=list)
    duplicates: dict[int, int] = field(default_factory=dict)  # ID -> the first ID with the same key
    scripts: dict[str, int] = field(default_factory=dict)  # script -> tokens holding it ("bytes": none whole)
    skipped: dict[str, int] = field(default_factory=dict)  # why a token was not checked (SKIPPED's keys) -> count
    cancelled: bool = False

    def flags(self) -> dict[int, tuple[str, ...]]:
        out: dict[int, tuple[str, ...]] = {}
        for name, ids in ((UNREACHABLE, self.unreachable), (NO_MERGE_PATH, self.no_merge_path),
                          (DUPLICATE, self.duplicates)):
            for token_id in ids:
                out[token_id] = out.get(token_id, ()) + (name,)
        return out


def partial_of(data: bytes) -> Partial:
    """>>> partial_of(b"\\xe4\\xb8").head == (0x4E00, 0x4E3F), partial_of(b"\\xad").tail
    (True, 1)"""
    tail = 0
    while tail < len(data) and 0x80 <= data[tail] <= 0xBF:
        tail += 1
    rest, head, invalid = data[tail:], None, False
    while rest:
        lead = rest[0]
        size = 2 if 0xC2 <= lead <= 0xDF else 3 if 0xE0 <= lead <= 0xEF else 4 if 0xF0 <= lead <= 0xF4 else 1
        if size == 1 and lead >= 0x80:
            invalid = True
        unit = rest[:size]
        if len(unit) < size:  # the character the token leaves unfinished
            head = _range(unit, size)
            invalid = invalid or head is None
            break
        try:
            unit.decode("utf-8")
        except UnicodeDecodeError:
            invalid = True
        rest = rest[size:]
    return Partial(tail, head, invalid)


def _range(unit: bytes, size: int) -> tuple[int, int] | None:
    """Code points whose UTF-8 starts with ``unit``: the lowest and highest completions."""
    found = []
    for filler in (range(0x80, 0xC0), range(0xBF, 0x7F, -1)):
        for b in filler:  # the first valid completion from below, then from above
            try:
                found.append(ord((unit + bytes([b]) * (size - len(unit))).decode("utf-8")))
                break
            except UnicodeDecodeError:
                continue
    return (found[0], found[1]) if len(found) == 2 else None


def pair_table(tok) -> dict[tuple[int, int], tuple[int, int]]:
    """(left ID, right ID) -> (priority, new ID) for a BPE kind's merges."""
    model, table = tok.model, {}
    if tok.kind == "byte-bpe":
        for m in model.merges:
            table.setdefault((m.left, m.right), (m.rank, m.new_id))
    elif tok.kind == "bpe":
        ranks = model.ranks or range(len(model.merges))
        cut = len(model.continuing_prefix or "")
        for rank, (left, right) in zip(ranks, model.merges):
            table.setdefault((model.vocab_id(left), model.vocab_id(right)), (rank, model.vocab_id(left + right[cut:])))
    elif tok.kind == "char-bpe":
        ids = model.ids
        for m in model.merges:
            table.setdefault((ids[m.left], ids[m.right]), (m.rank, ids[m.new]))
    return table


def replay(symbols: list[int], table) -> list[int]:
    """Merge the lowest-priority adjacent pair, the leftmost on a tie, until none is left."""
    symbols = list(symbols)
    none = (float("inf"), -1)
    while len(symbols) > 1:
        best, at = none, -1
        for i in range(len(symbols) - 1):
            found = table.get((symbols[i], symbols[i + 1]), none)
            if found[0] < best[0]:
                best, at = found, i
        if at < 0:
            break
        symbols[at:at + 2] = [best[1]]
    return symbols


def audit(tok, table: VocabTable, *, progress=None, should_stop=None) -> Audit:
    """Run every audit on ``tok`` whose table is ``table``.  ``progress(done,
    total)`` follows the reachability check (the long part); when
    ``should_stop()`` turns true the audit so far is returned, ``cancelled``."""
    out = Audit()
    specials = {i for _, i in tok.specials}
    parents = table.parents
    check = _checker(tok, parents)
    for start in range(0, len(table), STEP):
        if should_stop is not None and should_stop():
            out.cancelled = True
            return out
        if progress is not None:
            progress(start, len(table))
        asked = []  # (token_id, bytes, token) of this block's rows that are checked
        for r in range(start, min(start + STEP, len(table))):
            token_id, flags = table.ids[r], table.flags[r]
            if PARTIAL in flags:
                out.partial[token_id] = partial_of(table.data[r])
            if check is None:
                _skip(out, "no_check")
            elif SPECIAL in flags or token_id in specials:
                _skip(out, "special")
            elif BYTE in flags:
                _skip(out, "byte")
            else:
                asked.append((token_id, table.data[r], table.tokens[r]))
        for (token_id, _, _), got in zip(asked, check(asked) if asked else ()):
            if isinstance(got, str):
                _skip(out, got)
                continue
            out.checked += 1
            if list(got) != [token_id]:
                out.unreachable[token_id] = tuple(got)
    if progress is not None:
        progress(len(table), len(table))
    out.no_merge_path = _no_merge_path(tok, table, parents)
    out.duplicates = _duplicates(table)
    out.scripts = _scripts(table)
    return out


def _skip(out: Audit, reason: str) -> None:
    out.skipped[reason] = out.skipped.get(reason, 0) + 1


def _encoded(tok, texts: list[str]) -> list[list[int]]:
    """``[tok.encode_ids(text) for text in texts]``; a served tokenizer's
    native engine takes them as one batch (200,000 texts of o200k_base:
    0.4 s against 2.3 s one call each)."""
    if isinstance(tok, Served):
        return tok.encode_lines(texts)
    return [tok.encode_ids(text) for text in texts]


def _by_text(tok, reason):
    """A checker encoding, in one batch, the texts ``reason(token_id, data,
    token)`` gives as :class:`Text`; any other string it gives is the
    reason that token is not checked."""
    def check(asked):
        got = [reason(*item) for item in asked]
        at = [i for i, item in enumerate(got) if isinstance(item, Text)]
        for i, ids in zip(at, _encoded(tok, [got[i] for i in at])):
            got[i] = ids
        return got
    return check


class Text(str):
    """A token's text to encode (a plain ``str`` is the reason it is not checked)."""


def _checker(tok, parents):
    """A function [(id, bytes, token)] -> for each, the IDs its text encodes
    to or the reason it is not checked; None for a kind with no check."""
    model = tok.model
    if tok.kind == "byte-bpe":
        return lambda asked: [tok.encode_ids(data) for _, data, _ in asked]
    if tok.kind in ("bpe", "char-bpe"):
        unk = getattr(model, "unk", None)
        added = {a.id for a in getattr(model, "added", ())}
        if getattr(model, "ignore_merges", False):
            def text_of(token_id, data, token):
                if token_id in added or token == unk:
                    return "added"
                try:
                    return Text(data.decode("utf-8"))
                except UnicodeDecodeError:
                    return "partial"
            return _by_text(tok, text_of)
        table = pair_table(tok)

        def by_merges(token_id, data, token):
            if token_id in added or token == unk:
                return "added"
            leaves = derive.merge_tree(tok, token_id, parents).leaves()
            return replay(leaves, table) if len(leaves) > 1 else "base"
        return lambda asked: [by_merges(*item) for item in asked]
    if tok.kind == "unigram":
        # here: only a unigram vocabulary needs it (its model is loaded by then); the package is ~12 ms at start-up
        from core.models.unigram.model import NORMAL

        def by_viterbi(token_id, data, token):
            if model.pieces[token_id].type != NORMAL:
                return "not_normal"
            return [node.id for node in model.lattice(token).viterbi().nodes]
        return lambda asked: [by_viterbi(*item) for item in asked]
    if tok.kind == "wordpiece":
        prefix = model.prefix

        def word_start(token_id, data, token):
            if token == model.unk:
                return "added"
            if token.startswith(prefix) and token != prefix:
                return "continuation"
            return Text(token)
        return _by_text(tok, word_start)
    return None


def _no_merge_path(tok, table: VocabTable, parents) -> list[int]:
    if tok.kind not in ("byte-bpe", "bpe", "char-bpe"):
        return []
    model = tok.model
    added = {a.id for a in getattr(model, "added", ())}
    reach = set()
    for r, token_id in enumerate(table.ids):
        if token_id in parents:
            continue  # decided by its merge below
        if tok.kind == "byte-bpe" or tok.kind == "char-bpe" or SPECIAL in table.flags[r] or BYTE in table.flags[r] \
                or len(table.data[r].decode("utf-8", "ignore")) <= 1 or table.tokens[r] == model.unk \
                or token_id in added:
            reach.add(token_id)  # a base symbol (our trainers' vocabularies hold only merges above these)
    for new, (left, right, _) in sorted(parents.items(), key=lambda item: item[1][2]):
        if left in reach and right in reach:
            reach.add(new)
    # A token made by several merges is reachable if any of them is.
    for (left, right), (_, new) in pair_table(tok).items():
        if left in reach and right in reach:
            reach.add(new)
    return [i for r, i in enumerate(table.ids) if i not in reach and SPECIAL not in table.flags[r]]


def _duplicates(table: VocabTable) -> dict[int, int]:
    first: dict[str, int] = {}
    out = {}
    for r, token_id in enumerate(table.ids):
        if SPECIAL in table.flags[r]:
            continue
        key = table.data[r].decode("utf-8", "ignore").lstrip(" ").casefold()
        if not key:
            continue
        if key in first:
            out[token_id] = first[key]
        else:
            first[key] = token_id
    return out


def _scripts(table: VocabTable) -> dict[str, int]:
    counts: dict[str, int] = {}
    for r, label in enumerate(table.scripts):
        if SPECIAL in table.flags[r]:
            continue
        for name in label.split("+") if label else ("bytes",):
            counts[name] = counts.get(name, 0) + 1
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
