"""What an edit asks for and what it gives: the request, the result and its ID map."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from core.errors import StudioError, excerpt


class EditError(StudioError):
    """A request that cannot be applied (a missing or existing token, a bad option)."""


class Note(str):
    """A sentence of the edit's report: the English the CLI prints, and
    what it says as data (``code``, ``params``), so a window says it in the
    user's language (gui/shell/core_text.py)."""

    def __new__(cls, code: str, text: str, **params):
        note = super().__new__(cls, text)
        note.code, note.params = code, params
        return note


@dataclass(frozen=True)
class EditRequest:
    add: tuple[str, ...] = ()
    add_special: tuple[str, ...] = ()
    reserve: tuple[tuple[str, str], ...] = ()  # (old, new)
    remove: tuple[str, ...] = ()
    remove_unreachable: bool = False
    # --shrink-to N: keep the N tokens most used on ``corpus`` (texts), never a
    # base byte or character nor a special, with what builds each kept token.
    shrink_to: int | None = None
    corpus: tuple[str, ...] = ()
    # --continue-on CORPUS --merges N (BPE): N further merges learned on these texts.
    continue_on: tuple[str, ...] = ()
    merges: int | None = None
    compact: bool = False
    # May a removed ID stay a hole?  None: where the origin's format allows one
    # (not a SentencePiece .model nor a vocab.txt, which number every line).
    holes: bool | None = None

    def __post_init__(self):
        seen = {}
        for option, values in (("--add", self.add), ("--add-special", self.add_special),
                               ("--reserve", [new for _, new in self.reserve])):
            for value in values:
                if not isinstance(value, str) or not value:
                    raise EditError(f"{option}: a token must not be empty")
                if value in seen:
                    raise EditError(f"{option} {excerpt(value)}: is already added by {seen[value]}")
                seen[value] = option
        if self.merges is not None and not self.continue_on:
            raise EditError("--merges N: is read with --continue-on CORPUS (the texts to learn the merges on)")
        if self.continue_on and self.merges is None:
            raise EditError("--continue-on: give --merges N too (how many merges to learn)")
        if self.merges is not None and (isinstance(self.merges, bool) or not isinstance(self.merges, int)
                                        or self.merges < 1):
            raise EditError(f"--merges {excerpt(self.merges)}: expected a whole number of at least 1")
        for value in self.remove:
            if not value:
                raise EditError("--remove: a token must not be empty")
        if len(set(self.remove)) != len(self.remove):
            twice = next(v for v in self.remove if self.remove.count(v) > 1)
            raise EditError(f"--remove {excerpt(twice)}: is named twice")


def parse_reserve(text: str) -> tuple[str, str]:
    """``OLD=NEW`` (the first ``=`` that leaves both sides non-empty splits
    them, so ``==`` may rename ``=``)."""
    for at in range(1, len(text) - 1):
        if text[at] == "=":
            return text[:at], text[at + 1:]
    raise EditError(f"--reserve {excerpt(text)}: expected OLD=NEW, an existing token and its new name")


@dataclass
class Edited:
    """The result of :func:`edit`."""

    asset: dict
    tokenizer: object
    old_to_new: list  # new ID or None, per old ID (None also for an ID the old vocabulary did not use)
    new_tokens: list = field(default_factory=list)  # {"id", "token", "init_from", "special", "helper_for"?}
    removed: list = field(default_factory=list)  # {"id", "token", "why": "asked" | "unreachable" | "reserved"}
    unreachable: list = field(default_factory=list)  # kept tokens no merge reaches any more: {"id", "token"}
    renamed: list = field(default_factory=list)  # {"id", "old", "new"}
    notes: list = field(default_factory=list)  # Note: sentences for the report
    placeholders: list = field(default_factory=list)  # {"id", "token"}: a removed ID kept as a placeholder

    @property
    def old_size(self) -> int:
        return len(self.old_to_new)

    @property
    def new_size(self) -> int:
        ids = [i for i in self.old_to_new if i is not None] + [t["id"] for t in self.new_tokens] \
            + [p["id"] for p in self.placeholders]
        return 1 + max(ids, default=-1)

    def id_map(self) -> dict:
        """The ``--id-map`` JSON: exactly old_size, new_size, old_to_new, new_tokens."""
        return {"old_size": self.old_size, "new_size": self.new_size, "old_to_new": list(self.old_to_new),
                "new_tokens": [{"id": t["id"], "token": t["token"], "init_from": list(t["init_from"])}
                               for t in self.new_tokens]}

    def keep_array(self):
        """``old_to_new`` as a numpy int64 array, -1 for a removed ID."""
        return np.array([-1 if i is None else i for i in self.old_to_new], dtype=np.int64)

    def summary(self) -> dict:
        return {"old_size": self.old_size, "new_size": self.new_size, "new_tokens": self.new_tokens,
                "removed": self.removed, "unreachable": self.unreachable, "renamed": self.renamed,
                "placeholders": self.placeholders, "notes": self.notes}


# The format each import came from (the asset's trainer.name "imported:FMT"),
# as the format to write the edit back in; gpt2 files are written as tokenizer.json.
ORIGIN_FORMATS = {"tiktoken": "tiktoken", "hf": "hf", "gpt2": "hf", "bert-vocab": "bert-vocab", "spm": "spm",
                  "subword-nmt": "subword-nmt", "minbpe": "minbpe"}


def origin_format(asset: dict) -> str | None:
    """The file format ``asset`` was imported from, or None (trained here)."""
    name = str(asset.get("trainer", {}).get("name", ""))
    return ORIGIN_FORMATS.get(name.removeprefix("imported:")) if name.startswith("imported:") else None


# ==== what every kind's edit asks of the old model ====

def old_ids(model, text: str) -> list[int]:
    """The old model's IDs of ``text`` (a new token's ``init_from``), or none
    where it cannot encode it: they are a hint for embeddings, not a check."""
    try:
        return list(model.encode_ids(text))
    except StudioError:
        return []


def corpus_counts(request: EditRequest, ids_of) -> Counter:
    """How often ``--shrink-to`` 's corpus uses each ID, by ``ids_of(text)``."""
    if not request.corpus:
        raise EditError("--shrink-to needs --corpus FILE (the texts whose most used tokens are kept)")
    counts = Counter()
    for text in request.corpus:
        counts.update(ids_of(text))
    return counts


def free_name(name: str, taken, opening: str, closing: str) -> str:
    """``name``, wrapped in ``opening``/``closing`` again until no token has
    it: the name of a removed ID's placeholder."""
    while name in taken:
        name = opening + name + closing
    return name


# ==== the post-processor's specials ====

def post_tokens(spec) -> set[str]:
    """The special tokens a post-processor spec adds."""
    if not isinstance(spec, dict):
        return set()
    kind = spec.get("type")
    if kind == "sequence":
        return set().union(*(post_tokens(s) for s in spec.get("steps", ())))
    if kind in ("bert", "roberta"):
        return {spec[k][0] for k in ("cls", "sep") if k in spec}
    if kind == "template":
        return {t for s in spec.get("special_tokens", {}).values() for t in s.get("tokens", ())}
    return set()


def post_remap(spec, names: dict, id_of):
    """The spec with every special's ID looked up again (and renamed ones renamed)."""
    if not isinstance(spec, dict):
        return spec
    kind = spec.get("type")
    if kind == "sequence":
        return {**spec, "steps": [post_remap(s, names, id_of) for s in spec.get("steps", ())]}
    if kind in ("bert", "roberta"):
        out = dict(spec)
        for key in ("cls", "sep"):
            if key in spec:
                token = names.get(spec[key][0], spec[key][0])
                out[key] = [token, id_of(token)]
        return out
    if kind == "template":
        specials = {}
        for name, entry in spec.get("special_tokens", {}).items():
            tokens = [names.get(t, t) for t in entry.get("tokens", ())]
            specials[names.get(name, name)] = {**entry, "tokens": tokens, "ids": [id_of(t) for t in tokens]}
        return {**spec, "special_tokens": specials}
    return spec


# ==== padding (tokenizer.json side data) ====

def token_id(tokenizer, token: str) -> int | None:
    """``token``'s ID in an edited model of any kind, or None."""
    if hasattr(tokenizer, "id_of"):
        try:
            return tokenizer.id_of(token)
        except StudioError:
            return None
    return tokenizer.ids.get(token)


def remap_padding(padding, result: Edited):
    """A tokenizer.json ``padding`` block with its pad token renamed (when
    ``--reserve`` renamed it) and its ``pad_id`` looked up again in the
    edited model; EditError when the pad token is gone."""
    if not isinstance(padding, dict) or not isinstance(padding.get("pad_token"), str):
        return None
    names = {r["old"]: r["new"] for r in result.renamed}
    token = names.get(padding["pad_token"], padding["pad_token"])
    found = token_id(result.tokenizer, token)
    if found is None:
        raise EditError(f"edit: {excerpt(padding['pad_token'])} is the padding token of this tokenizer.json "
                        "(padding.pad_token); it cannot be removed")
    return {**padding, "pad_token": token, "pad_id": found}
