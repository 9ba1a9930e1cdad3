"""One asset behind the one :class:`~core.tokenizer.base.Tokenizer`
interface, its IDs from one engine.

IDs come from the chosen engine (a native library checked exact for this
asset, or the reference); anything that explains (the whole Encoding, the
vocabulary, the model) comes from the reference, built only when first
asked for.  Large work may go to a bulk engine (:meth:`Served.for_work`).
A native engine's whole Encoding is built from its IDs or offsets where
the kind can, field by field the reference's.

Details: docs/notes/engines.md#coreenginesservedpy.
"""

from __future__ import annotations

import copy
import importlib
import threading
from typing import Callable

from core.tokenizer import specials
from core.decoded import decode_bytes


ENCODINGS = "core.engines.encodings"  # imported when a window first asks for a whole Encoding
POST = "core.tokenizer.post"  # imported when a post-processor first runs here
# From this many characters on, a whole Encoding's native encode runs on a
# thread of its own (it lets the GIL go) while the reference prepares the
# text (a megabyte: its pre-token split, or its normalized spans).
AHEAD_CHARS = 1 << 16


def later(call: Callable[[], list], size: int) -> Callable[[], list]:
    """A function giving ``call()``'s result: for ``size`` from
    AHEAD_CHARS on, ``call`` runs on a thread started now and the function
    waits for it (raising what it raised); else it runs at once."""
    if size < AHEAD_CHARS:
        value = call()
        return lambda: value
    box: dict = {}

    def run():
        try:
            box["value"] = call()
        except BaseException as error:  # noqa: BLE001 - raised again by the waiting thread
            box["error"] = error
    thread = threading.Thread(target=run, name="native encode", daemon=True)
    thread.start()

    def wait():
        thread.join()
        if "error" in box:
            raise box["error"]
        return box["value"]
    return wait


class Bulk:
    """The engine for large work: its name, the characters per thread from
    which it takes the work, and ``get()``, which builds it (checked exact
    first) or says it does not serve (None), asked once."""

    def __init__(self, name: str, per_thread: int, get: Callable[[], object | None]):
        self.name = name
        self.per_thread = per_thread
        self._get = get
        self._lock = threading.Lock()  # windows encode on worker threads
        self._asked, self._native = False, None
        self._ahead: threading.Thread | None = None  # start()'s build

    def native(self):
        if self._ahead is not None and self._ahead is not threading.current_thread():
            self._ahead.join()
        with self._lock:
            if not self._asked:
                self._native, self._asked = self._get(), True
        return self._native

    def takes(self, chars: int, workers: int) -> bool:
        """Does work of ``chars`` characters on ``workers`` threads come here?"""
        return chars >= self.per_thread * max(1, workers)

    def start(self) -> None:
        """Build the engine now, on a thread of its own: its build lets
        Python's lock go, so it runs while the caller reads the input; the
        first :meth:`native` waits for it."""
        with self._lock:
            if self._asked or self._ahead is not None:
                return
            self._ahead = threading.Thread(target=self._build_ahead, name="bulk engine build", daemon=True)
            self._ahead.start()

    def _build_ahead(self) -> None:
        try:
            self.native()
        except Exception:  # noqa: BLE001 - native() on the caller's thread builds again and raises it there
            pass


class Served:
    def __init__(self, facts: dict, engine: str, native=None, *, reference=None,
                 load_reference: Callable[[], object] | None = None, entry=None, bulk: Bulk | None = None):
        self.facts = facts  # kind, name, vocab_size, specials, byte_based (core.engines.compile.facts_of)
        self.kind: str = facts["kind"]
        self.family: str = facts["family"]
        self.byte_based: bool = facts["byte_based"]
        self.byte_level: bool = facts["byte_level"]
        self.engine = engine  # "reference" or a native engine's name
        self._native = native
        self.entry = entry  # the compiled cache entry it was opened from (core.engines.compiled)
        self._reference = reference
        self._load_reference = load_reference
        self._special_names = {i: name for name, i in facts["specials"]}
        self._special_ids = frozenset(self._special_names)
        self._special_ids_by_name = {name: i for name, i in facts["specials"]}
        self._matched = frozenset(facts.get("specials_matched", ()))  # what the engine reads as specials
        self._policy: specials.Policy | None = None  # with_policy's choice
        self._keep: bool | None = None
        # A native engine that gives each token's bytes decodes as the reference does.
        self._bytes_of = getattr(native, "token_bytes", None)
        self._decoder = engine if self._bytes_of is not None else "reference"
        self._table = None  # core.engines.encodings.ByteLevelTable, built on first use
        self._bulk = bulk

    def for_work(self, chars: int, workers: int = 1) -> "Served":
        """Who encodes ``chars`` characters of text on ``workers`` threads:
        this tokenizer or, from its bulk engine's share per thread on, a twin
        whose IDs come from the bulk engine where that serves; decoding and
        everything the reference explains stay the same."""
        bulk = self._bulk
        if bulk is None or not bulk.takes(chars, workers):
            return self
        native = bulk.native()
        if native is None:
            return self
        twin = copy.copy(self)
        twin.engine, twin._native, twin._bulk = bulk.name, native, None
        return twin

    def expect_work(self, chars: int, workers: int) -> None:
        """Work of up to ``chars`` characters on ``workers`` threads is
        coming (a file of that many bytes, not yet read): where it would go
        to the bulk engine, that engine starts building now, beside the
        reading.  One worker means one thread, so then it waits for
        :meth:`for_work`.  When the text turns out shorter (multi-byte
        characters), the build was for nothing, on the other core."""
        if self._bulk is not None and workers > 1 and self._bulk.takes(chars, workers):
            self._bulk.start()

    @property
    def calls_side_by_side(self) -> bool:
        """Do two calls into the engine on two threads take two cores?  Not
        for fastokens, whose calls slow each other down (bench/RESULTS.md)."""
        return getattr(self._native, "side_by_side", True)

    @property
    def lines_side_by_side(self) -> bool:
        """Do two batches of lines on two threads take two cores?  Not where
        the engine makes a short call per line (tiktoken, fastokens)."""
        return getattr(self._native, "lines_side_by_side", True)

    # ==== what the engine answers ====

    def policy(self, allowed=None, disallowed=None) -> specials.Policy:
        """How specials written in a text are read (core.tokenizer.specials):
        ``allowed`` / ``disallowed`` are sets of special names, None for
        this tokenizer's origin's default (tiktoken's: refuse them; HF's:
        read them as specials)."""
        if allowed is None and disallowed is None and self._policy is not None:
            return self._policy
        return specials.policy(self._special_ids_by_name, self.origin, allowed, disallowed)

    @property
    def origin(self) -> str:
        """Whose rule for specials in text is this tokenizer's default (core.tokenizer.specials.DEFAULTS)."""
        return self.facts.get("specials_origin", "text")

    def with_policy(self, allowed=None, disallowed=None, keep_specials: bool | None = None) -> "Served":
        """This tokenizer with another default for specials in text (sets of
        names, None for the origin's) and for decoding them (kept as text or
        skipped, None for the origin's): what a command's options choose."""
        twin = copy.copy(self)
        twin._policy = specials.policy(self._special_ids_by_name, self.origin, allowed, disallowed)
        twin._keep = keep_specials
        return twin

    def _cuts(self, text: str, rule: specials.Policy):
        """None when the engine's own reading of specials is the policy's for
        ``text`` (the usual case); else the text cut at the allowed specials,
        each stretch to be read ordinarily.  A disallowed special raises."""
        specials.check(text, rule)
        differ = rule.allowed.symmetric_difference(self._matched)
        if not differ or not any(name in text for name in differ):
            return None
        return specials.cut(text, rule.allowed)

    def encode_ids(self, text: str, *, add_special_tokens: bool = False, allowed=None, disallowed=None) -> list[int]:
        """The IDs of ``text``; its specials read as :meth:`policy` says."""
        parts = self._cuts(text, self.policy(allowed, disallowed)) if isinstance(text, str) else None
        if parts is not None:
            ids = []
            for _, piece, name in parts:
                ids += [self._special_ids_by_name[name]] if name is not None else self._ordinary_ids(piece)
            return self.add_special_ids(ids) if add_special_tokens else ids
        native = self.for_work(len(text))._native if isinstance(text, str) else None
        if native is None or add_special_tokens or not _native_text(text):
            return self.reference.encode_ids(text, add_special_tokens=add_special_tokens)
        return native.encode_ids(text)

    def encode_ids_array(self, text: str):
        """:meth:`encode_ids` of ``text``, as a numpy uint32 array where the
        engine gives one (no Python int per token, for bulk work); else the list."""
        native = self.for_work(len(text))._native
        array = getattr(native, "encode_array", None)
        if array is None or self._cuts(text, self.policy()) is not None or not _native_text(text):
            return self.encode_ids(text)
        return array(text)

    def _ordinary_ids(self, text: str) -> list[int]:
        native = self.for_work(len(text))._native
        if native is None or not _native_text(text):
            return self.reference.ordinary().encode_ids(text)
        return native.encode_ordinary(text)

    def add_special_ids(self, ids: list[int]) -> list[int]:
        """``ids`` as one sequence with the post-processor's specials put around it."""
        return importlib.import_module(POST).add_special_ids(ids, self.post_processor)

    def encode_lines(self, lines: list[str], *, allowed=None, disallowed=None) -> list[list[int]]:
        """``[encode_ids(line) for line in lines]``; a native engine takes them as one batch."""
        rule = self.policy(allowed, disallowed)
        # A special's text or a lone surrogate in a line is one in the lines
        # joined: where the joined text has none, no line is looked at alone.
        joined = "\n".join(lines)
        asked = rule.disallowed | rule.allowed.symmetric_difference(self._matched)
        if any(name in joined for name in asked) and any(self._cuts(line, rule) is not None for line in lines):
            return [self.encode_ids(line, allowed=rule.allowed, disallowed=rule.disallowed) for line in lines]
        native = self.for_work(len(joined))._native if _native_text(joined) else None
        if native is None:
            return [self.reference.encode_ids(line) for line in lines]
        return native.encode_batch(lines)

    def token_starts(self, texts: list[str]):
        """Every text's tokens as flat arrays, the IDs and where each starts
        (:class:`core.engines.starts.TokenStarts`), from the native engine in
        one batch; None when the reference serves (or a text holds a lone
        surrogate): its whole Encodings say the same, text by text."""
        if self._native is None or not _native_text("".join(texts)):
            return None
        rule = self.policy()
        if rule.disallowed or rule.allowed != self._matched:  # a text that spells one goes text by text
            spelled = rule.disallowed | rule.allowed.symmetric_difference(self._matched)
            if any(name in text for text in texts for name in spelled):
                return None
        distinct = list(dict.fromkeys(texts))
        if len(distinct) == len(texts):
            return self._native.token_starts(texts)
        # Equal texts (blank lines, a page's boilerplate) encoded once.
        number = dict(zip(distinct, range(len(distinct))))
        return self._native.token_starts(distinct).take(list(map(number.__getitem__, texts)))

    def decode(self, ids, *, errors: str = "strict", keep_specials: bool | None = None):
        """IDs back to text; a special's text kept or skipped (None: as the
        origin library does, core.tokenizer.specials.KEEPS)."""
        if self.keeps_specials(keep_specials) and self._special_names:
            return specials.decode_keeping(self._decode_skipping, ids, self._special_names, errors)
        return self._decode_skipping(ids, errors=errors)

    def keeps_specials(self, keep_specials: bool | None = None) -> bool:
        """Does decoding print a special's text (the argument, else
        :meth:`with_policy`'s choice, else the origin library's default)?"""
        for choice in (keep_specials, self._keep):
            if choice is not None:
                return choice
        return specials.KEEPS.get(self.origin, False)

    def _decode_skipping(self, ids, *, errors: str):
        if self._bytes_of is None:
            return self.reference.decode(ids, errors=errors)
        return decode_bytes(ids, self._bytes_of, self._special_ids, errors)

    @property
    def decoder(self) -> str:
        """Which engine decodes."""
        return self._decoder

    @property
    def post_processor(self) -> dict | None:
        return self.facts.get("post_processor")

    @property
    def vocab_size(self) -> int:
        return self.facts["vocab_size"]

    @property
    def specials(self) -> tuple[tuple[str, int], ...]:
        return tuple((name, i) for name, i in self.facts["specials"])

    # ==== what the reference explains ====

    @property
    def reference(self):
        if self._reference is None:
            self._reference = self._load_reference()
        return self._reference

    @property
    def model(self):
        return self.reference.model

    def encode(self, text: str, *, add_special_tokens: bool = False, allowed=None, disallowed=None):
        """The whole Encoding, field by field the reference's: built from
        the engine's IDs where that needs no model (a byte-level engine:
        core.engines.encodings), or laid by the reference over the text
        from them where its kind can (``encode_from_ids``: SentencePiece's
        kinds), so the reference never searches; else the reference's own.
        Specials written in the text are read as :meth:`policy` says."""
        parts = self._cuts(text, self.policy(allowed, disallowed)) if isinstance(text, str) else None
        if parts is not None:
            found = specials.join(text, [(offset, piece, name if name is not None else self._ordinary(piece))
                                         for offset, piece, name in parts], self._special_ids_by_name)
            if add_special_tokens:
                return importlib.import_module(POST).add_specials(found, self.post_processor, text)
            return found
        if self._native is None or not _native_text(text):
            return self.reference.encode(text, add_special_tokens=add_special_tokens)
        if self._bytes_of is not None and not add_special_tokens:
            native = self.for_work(len(text))._native
            return self._byte_table().encoding(text, later(lambda: native.encode_ids(text), len(text)))
        found = None
        offsets = getattr(self._native, "encode_offsets", None)
        if offsets is not None and getattr(self.reference, "lays_offsets", False):
            parts = self.reference.offset_parts(text)
            found = self.reference.encode_from_offsets(text, parts, offsets([part for _, part in parts]),
                                                       add_special_tokens=add_special_tokens)
        elif getattr(self.reference, "lays_ids", False):
            whole = getattr(self._native, "encode_long", self._native.encode_ids)  # on the engine's threads
            found = self.reference.encode_from_ids(text, later(lambda: whole(text), len(text)),
                                                   add_special_tokens=add_special_tokens)
        return self.reference.encode(text, add_special_tokens=add_special_tokens) if found is None else found

    def _byte_table(self):
        """The byte-level Encoding builder (core.engines.encodings), built once."""
        if self._table is None:
            self._table = importlib.import_module(ENCODINGS).ByteLevelTable(
                self._bytes_of, self._special_names, self.facts["pre_tokenizer"])
        return self._table

    def _ordinary(self, text: str):
        """The whole Encoding of ``text`` with every special read as text."""
        native = self.for_work(len(text))._native
        ordinary = self.reference.ordinary()
        if native is None or not _native_text(text):
            return ordinary.encode(text)
        if self._bytes_of is not None:
            return self._byte_table().encoding(text, later(lambda: native.encode_ordinary(text), len(text)))
        found = ordinary.encode_from_ids(text, later(lambda: native.encode_ordinary(text), len(text))) \
            if getattr(ordinary, "lays_ids", False) else None
        return ordinary.encode(text) if found is None else found

    def id_to_token(self, token_id: int) -> str:
        if token_id in self._special_names:
            return self._special_names[token_id]
        return self.reference.id_to_token(token_id)

    def token_to_id(self, token: str) -> int:
        return self.reference.token_to_id(token)

    def token_bytes(self, token_id: int) -> bytes | None:
        return self.reference.token_bytes(token_id)

    def ids(self) -> list[int]:
        return self.reference.ids()

    def shown(self, token_id: int) -> tuple[str, bytes]:
        return self.reference.shown(token_id)

    def __getattr__(self, name: str):
        # What the interface does not name (a kind's own helpers, such as
        # ``decoded``) is the reference's; never a private name.
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.reference, name)


def _native_text(text) -> bool:
    """Can a native library take ``text``: a str that is valid UTF-8 (no lone surrogate)?"""
    if not isinstance(text, str):
        return False
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
