"""The one workspace every window observes: corpus, settings, trained result.

Mutators change state and emit an event; views never change state directly.
Events (arguments in brackets):

* ``corpus_changed`` -- the word table was replaced or edited;
* ``settings_changed`` -- merges, vocab size or tie policy changed;
* ``trained`` (model) -- a new tokenizer and its trace are available;
* ``stale_changed`` (bool) -- the trained result no longer matches the inputs;
* ``step_selected`` (step) -- the step the views show (0 = before any merge);
* ``encoder_changed`` (tokenizer) -- the tokenizer the encode/decode panel
  uses (any kind, behind the one interface) is another one: chosen with
  ``set_encoder``, or the chosen one was closed, retrained or edited;
* ``corpus_replaced`` -- the whole table or record list was swapped (import,
  open, mode switch), followed by ``corpus_changed``;
* ``corpus_rows_changed`` / ``corpus_rows_inserted`` / ``corpus_rows_removed``
  (first, last) -- inclusive rows of the current mode's table (word rows, or
  records in records mode), each followed by ``corpus_changed``;
* ``comparison_changed`` (model or None) -- the model trained with another
  tie policy, for comparing timelines;
* ``assets_changed`` -- a tokenizer asset was opened, edited, saved or closed
  (``assets`` is a new tuple of :class:`core.assets.identity.OpenAsset`);
* ``held_changed`` -- the merge timeline trained a byte-level BPE, WordPiece
  or Unigram model (``trained_others``), so ``held_tokenizers`` changed.

Every trained model, char BPE's too, becomes an asset with its training
data recorded (:meth:`Workspace.trained_model` then :func:`trained_asset`,
which is pure, for a worker).

In records mode the training words are derived from the records by the
``pretokenizer`` setting (see :mod:`core.workspace.records`).
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, replace

from core.models import char_bpe
from core.workspace import records as records_mod
from core.inspect import asset_diff
from core.assets import identity
from core.assets.classroom import ASSET_PATH, default_tokenizer
from core import assets as assets_mod
from core.corpus import EXAMPLE_19_1, WordCorpus
from core import tokenizer
from core.errors import CorpusError, StudioError, TokenizerError
from core.workspace.events import Events
from core.models.ties import check_policy
from core.pipeline import pretokenize


@dataclass(frozen=True)
class TrainSettings:
    merges: int | None = 4
    vocab_size: int | None = None
    tie: str = "lexicographic"
    pretokenizer: str = "whitespace"  # records -> training words


@dataclass(frozen=True)
class Held:
    """A tokenizer the workspace holds: ``key`` is "encoder" (the classroom
    tokenizer), "model" (the trained char BPE), "trained:" + a kind (a model
    the merge timeline trained: "trained:byte-bpe", "trained:wordpiece",
    "trained:unigram") or "asset:" + its full identity (a second open copy
    of the same identity gets "#2", and so on); ``name`` is empty for the
    trained models (the view names them in the UI language)."""

    key: str
    name: str
    tokenizer: tokenizer.Tokenizer


CLASSROOM = "encoder"  # the key of the classroom tokenizer, the encode panel's default
# The kinds the merge timeline trains besides char BPE, in the order they are held.
TRAINED_KINDS = ("byte-bpe", "wordpiece", "unigram")
# Every kind the workspace trains, char BPE (``model``) first.
ALL_TRAINED = ("char-bpe", *TRAINED_KINDS)


def asset_keys(entries) -> list[str]:
    """The held key of each open asset, in order: its identity, with "#2",
    "#3"... for further copies of the same identity (an unsaved copy)."""
    keys, seen = [], {}
    for entry in entries:
        ident = entry.loaded.identity  # None only for an asset built by hand, without one
        key = "asset:" + (ident.full_sha256 if ident is not None else "unidentified")
        seen[key] = seen.get(key, 0) + 1
        keys.append(key if seen[key] == 1 else f"{key}#{seen[key]}")
    return keys


class Workspace:
    def __init__(self, corpus: WordCorpus = EXAMPLE_19_1, settings: TrainSettings = TrainSettings()):
        self.events = Events("corpus_changed", "settings_changed", "trained", "stale_changed", "step_selected",
                             "encoder_changed", "corpus_replaced", "corpus_rows_changed",
                             "corpus_rows_inserted", "corpus_rows_removed", "comparison_changed",
                             "assets_changed", "held_changed")
        self.assets: tuple = ()  # OpenAsset entries; see "open assets" below
        self.records: records_mod.Records | None = None
        self.comparison: char_bpe.CharBPE | None = None
        # Bumped by every change worth saving; autosave compares it.
        self.revision = 0
        for name in ("corpus_changed", "settings_changed", "trained", "comparison_changed"):
            self.events.connect(name, self._bump_revision)
        self.corpus = corpus
        self.settings = settings
        self.model: char_bpe.CharBPE | None = None
        self.trained_others: dict = {}  # kind -> the model the merge timeline trained (TRAINED_KINDS)
        # kind -> what it learned from, when its model does not record it (byte-level BPE's records or table)
        self.trained_sources: dict = {}
        self._trained_order: list[str] = []  # the kinds trained, the latest last
        self.stale = True
        self.step = 0
        self._classroom = None  # the classroom tokenizer, loaded on first use
        self._wanted_encoder = CLASSROOM  # the key set_encoder chose, kept while it is not held
        self._shown_encoder = None  # (key, model) last announced by encoder_changed
        self._wrappers: dict[int, tuple] = {}  # id(model) -> (model, its Tokenizer), reused between calls

    @classmethod
    def example(cls) -> "Workspace":
        """The built-in example: seed 000, example 19.1, trained with 4 merges."""
        workspace = cls()
        workspace.train()
        return workspace

    # ==== mutators ====

    def set_corpus(self, corpus: WordCorpus) -> None:
        self.records = None
        self.corpus = corpus
        self.events.emit("corpus_replaced")
        self.events.emit("corpus_changed")
        self._mark_stale()

    def set_settings(self, **changes) -> None:
        if "tie" in changes:
            check_policy(changes["tie"])
        if "pretokenizer" in changes:
            records_mod.words_of("", changes["pretokenizer"])
        self.settings = replace(self.settings, **changes)
        self.events.emit("settings_changed")
        if "pretokenizer" in changes and self.records is not None:
            self._corpus = None
            self.events.emit("corpus_changed")
        self._mark_stale()

    def train(self, *, progress=None, should_stop=None) -> char_bpe.CharBPE:
        s = self.settings
        model = char_bpe.train(self.corpus, merges=s.merges, vocab_size=s.vocab_size, tie=s.tie,
                               progress=progress, should_stop=should_stop)
        self.adopt(model)
        return model

    def adopt(self, model: char_bpe.CharBPE) -> None:
        """Install a trained model (possibly trained off the GUI thread)."""
        if model.trace is None:
            raise TokenizerError("a workspace model must carry its training trace")
        self.model = model
        self._trained_now("char-bpe")
        self.events.emit("trained", model)
        self._encoder_may_have_changed()
        self.stale = model.trace.corpus != self.corpus or not self._trained_with_settings(model.trace)
        self.events.emit("stale_changed", self.stale)
        self.select_step(len(model.merges))

    def byte_training_input(self) -> tuple:
        """``(records, pretokenizer)`` for byte-level BPE's ``train``.

        Records mode gives the records, byte for byte, as the CLI reads them
        (issue 17).  The byte trainer has no "whitespace" split (a byte-level
        model cannot keep a space out of every token), so with that setting
        it learns from whole records ("none").  Words mode gives the word
        table with its counts.
        """
        if self.records is not None:
            pretokenizer = self.settings.pretokenizer
            return tuple(self.records.lines), pretokenizer if pretokenizer in pretokenize.PRETOKENIZERS else "none"
        return dict(self.corpus.items()), "none"

    def wordpiece_training_input(self) -> WordCorpus:
        """The words WordPiece learns from: the word table, or the records
        split at whitespace (its only pre-tokenizer, as on the command line)."""
        if self.records is not None and self.settings.pretokenizer != "whitespace":
            return records_mod.word_corpus(self.records, "whitespace")
        return self.corpus

    def unigram_training_input(self) -> tuple:
        """``("records", lines)`` in records mode (Unigram reads whole
        records, spaces included, as ``▁``), else ``("words", word table)``."""
        if self.records is not None:
            return "records", tuple(self.records.lines)
        return "words", self.corpus

    @property
    def byte_model(self):
        """The merge timeline's byte-level BPE, when it trained one."""
        return self.trained_others.get("byte-bpe")

    def adopt_other(self, kind: str, model, source=None) -> None:
        """Hold a model of ``kind`` (one of TRAINED_KINDS) the timeline trained,
        as "trained:" + kind, replacing the previous one of that kind.
        ``source``: what it learned from, for its asset's training data
        (byte-level BPE's records, or its word table as a mapping); the
        other kinds' traces record their corpus themselves."""
        if kind not in TRAINED_KINDS:
            raise TokenizerError(f"the timeline trains {', '.join(TRAINED_KINDS)}, not {kind!r}")
        self.trained_others[kind] = model
        self.trained_sources[kind] = source
        self._trained_now(kind)
        self.events.emit("held_changed")
        self._encoder_may_have_changed()

    def _trained_now(self, kind: str) -> None:
        if kind in self._trained_order:
            self._trained_order.remove(kind)
        self._trained_order.append(kind)

    def trained_kinds(self) -> tuple[str, ...]:
        """The kinds of the models the workspace holds trained, in ALL_TRAINED order."""
        return tuple(kind for kind in ALL_TRAINED if self._trained(kind) is not None)

    @property
    def last_trained(self) -> str | None:
        """The kind of the model trained last that the workspace still holds, if any."""
        held = [kind for kind in self._trained_order if self._trained(kind) is not None]
        return held[-1] if held else None

    def _trained(self, kind: str):
        return self.model if kind == "char-bpe" else self.trained_others.get(kind)

    @staticmethod
    def trained_key(kind: str) -> str:
        """The held key of the trained model of ``kind`` (see :class:`Held`)."""
        return "model" if kind == "char-bpe" else "trained:" + kind

    def trained_model(self, kind: str) -> tuple:
        """``(model, source)``: the trained model of ``kind`` and what it learned
        from (None where the model's trace records it), taken together so a
        worker can make the asset (:func:`trained_asset`) while the workspace
        trains on."""
        model = self._trained(kind) if kind in ALL_TRAINED else None
        if model is None:
            raise TokenizerError(f"train a model first: there is no trained {kind} model to add",
                                 code="workspace.no_trained", kind=kind)
        return model, self.trained_sources.get(kind)

    def select_step(self, step: int) -> None:
        total = len(self.model.merges) if self.model else 0
        self.step = max(0, min(step, total))
        self.events.emit("step_selected", self.step)

    def _mark_stale(self):
        if not self.stale:
            self.stale = True
            self.events.emit("stale_changed", True)

    def _trained_with_settings(self, trace) -> bool:
        s = self.settings
        return (trace.policy, trace.settings.get("merges"), trace.settings.get("vocab_size")) == (
            s.tie, s.merges, s.vocab_size)

    def _bump_revision(self, *_):
        self.revision += 1

    # ==== corpus editing ====
    # The table is immutable; every edit swaps in a new one and names the rows.

    @property
    def corpus(self) -> WordCorpus:
        """The training words: the word table, or the records' words."""
        if self._corpus is None:
            self._corpus = records_mod.word_corpus(self.records, self.settings.pretokenizer)
        return self._corpus

    @corpus.setter
    def corpus(self, corpus: WordCorpus) -> None:
        self._corpus = corpus

    @property
    def mode(self) -> str:
        """``"words"`` (a word-frequency table) or ``"records"`` (raw lines)."""
        return "words" if self.records is None else "records"

    def set_records(self, records: records_mod.Records) -> None:
        """Switch to records mode with these records."""
        self.records = records
        self._corpus = None
        self.events.emit("corpus_replaced")
        self.events.emit("corpus_changed")
        self._mark_stale()

    def check_word(self, word, *, row: int | None = None) -> None:
        """Raise CorpusError if ``word`` cannot go in ``row`` (None: a new row)."""
        self._require_mode("words")
        records_mod.check_word(self.corpus, word, row=row)

    def set_word(self, row: int, word: str) -> None:
        self._require_mode("words")
        self._edited(records_mod.with_word(self.corpus, row, word), "corpus_rows_changed", row, row)

    def set_count(self, row: int, count: int) -> None:
        self._require_mode("words")
        self._edited(records_mod.with_count(self.corpus, row, count), "corpus_rows_changed", row, row)

    def insert_words(self, row: int, pairs) -> None:
        self._require_mode("words")
        pairs = list(pairs)
        self._edited(records_mod.inserted_words(self.corpus, row, pairs),
                     "corpus_rows_inserted", row, row + len(pairs) - 1)

    def remove_words(self, first: int, count: int) -> None:
        self._require_mode("words")
        self._edited(records_mod.removed_words(self.corpus, first, count),
                     "corpus_rows_removed", first, first + count - 1)

    def set_record(self, row: int, text: str) -> None:
        self._require_mode("records")
        self._edited(self.records.with_line(row, text), "corpus_rows_changed", row, row)

    def set_record_ending(self, row: int, ending: str) -> None:
        self._require_mode("records")
        self._edited(self.records.with_ending(row, ending), "corpus_rows_changed", row, row)

    def insert_records(self, row: int, lines, endings) -> None:
        self._require_mode("records")
        lines = tuple(lines)
        self._edited(self.records.inserted(row, lines, endings), "corpus_rows_inserted", row, row + len(lines) - 1)

    def remove_records(self, first: int, count: int) -> None:
        self._require_mode("records")
        self._edited(self.records.removed(first, count), "corpus_rows_removed", first, first + count - 1)

    def set_comparison(self, model: char_bpe.CharBPE | None) -> None:
        """Install (or clear) a model trained with another tie policy."""
        if model is not None and model.trace is None:
            raise TokenizerError("a comparison model must carry its training trace")
        self.comparison = model
        self.events.emit("comparison_changed", model)

    def _require_mode(self, mode):
        if self.mode != mode:
            other = "word table" if mode == "words" else "records"
            raise CorpusError(f"the corpus is in {self.mode} mode; switch to the {other} first",
                              code=f"corpus.needs_{mode}")

    def _edited(self, table, event, first, last):
        if self.records is None:
            self._corpus = table
        else:
            self.records, self._corpus = table, None
        self.events.emit(event, first, last)
        self.events.emit("corpus_changed")
        self._mark_stale()

    # ==== encoder: the tokenizer of the encode/decode panel ====
    # Chosen by key among held_tokenizers(), so it can be any kind.  The key
    # is kept while nothing holds it (its asset was closed, or not yet
    # reopened after a restart): the classroom tokenizer stands in, and the
    # choice comes back when that asset is opened again.

    @property
    def encoder(self) -> tokenizer.Tokenizer:
        """The tokenizer to encode with; the classroom tokenizer by default."""
        return self.encoder_held.tokenizer

    @property
    def encoder_name(self) -> str:
        return self.encoder_held.name

    @property
    def encoder_key(self) -> str:
        """The key of the tokenizer in use (the classroom's when the chosen one is not held)."""
        return self.encoder_held.key

    @property
    def wanted_encoder(self) -> str:
        """The key last chosen with :meth:`set_encoder`, held or not."""
        return self._wanted_encoder

    @property
    def encoder_held(self) -> Held:
        found = self.held_by_key(self._wanted_encoder)
        if self._shown_encoder is None:  # what the first reader saw: changes are told from here
            self._shown_encoder = (found.key, found.tokenizer.model)
        return found

    def held_by_key(self, key: str) -> Held:
        """The held tokenizer ``key``; while nothing holds it, the first copy of
        the same identity, else the classroom tokenizer (else the first held).
        The encoder is chosen this way, and so is an encode window's own choice."""
        held = self.held_tokenizers()
        by_key = {h.key: h for h in held}
        found = by_key.get(key) or by_key.get(key.split("#")[0]) or by_key.get(CLASSROOM)
        if found is None:
            if not held:
                self._load_classroom()  # raises: why there is no tokenizer at all
            found = held[0]
        return found

    def set_encoder(self, key: str) -> None:
        """Encode with the held tokenizer ``key`` (see :meth:`held_tokenizers`);
        until a tokenizer with that key is held, the classroom one is used."""
        if not isinstance(key, str) or not key:
            raise TokenizerError(f"an encoder is chosen by its key (encoder, model or asset:...), not {key!r}")
        self._wanted_encoder = key
        self._encoder_may_have_changed(force=True)

    def _encoder_may_have_changed(self, *, force: bool = False) -> None:
        """Announce the encoder when the held tokenizers changed under it
        (once someone has asked for it: a headless run never loads it)."""
        shown = self._shown_encoder
        if shown is None and not force:
            return
        try:
            current = self.encoder_held
        except StudioError:
            return  # no tokenizer at all; the encode panel says why when it asks
        if force or shown[0] != current.key or shown[1] is not current.tokenizer.model:
            self._shown_encoder = (current.key, current.tokenizer.model)
            self.events.emit("encoder_changed", current.tokenizer)

    def _load_classroom(self):
        if self._classroom is None:
            self._classroom = (ASSET_PATH.stem, default_tokenizer())
        return self._classroom

    def _wrap(self, kind: str, model, wrappers: dict) -> tokenizer.Tokenizer:
        """The one interface over ``model``, the same object while the model stays."""
        found = self._wrappers.get(id(model))
        wrapped = found[1] if found is not None and found[0] is model else tokenizer.wrap(kind, model)
        wrappers[id(model)] = (model, wrapped)
        return wrapped

    def held_tokenizers(self) -> tuple[Held, ...]:
        """Every tokenizer the workspace holds, behind the one interface: the
        classroom tokenizer, the trained char BPE, the other models the
        timeline trained, every open asset.
        Keys are stable across sessions for the same tokenizer."""
        held, wrappers = [], {}
        try:
            name, classroom = self._load_classroom()
        except StudioError:
            classroom = None  # no classroom asset: the encode panel says why
        if classroom is not None:
            held.append(Held(CLASSROOM, name, self._wrap("byte-bpe", classroom, wrappers)))
        if self.model is not None:
            held.append(Held("model", "", self._wrap("char-bpe", self.model, wrappers)))
        for kind in TRAINED_KINDS:
            if kind in self.trained_others:
                held.append(Held("trained:" + kind, "", self._wrap(kind, self.trained_others[kind], wrappers)))
        for key, entry in zip(asset_keys(self.assets), self.assets):
            loaded = entry.loaded
            held.append(Held(key, loaded.name, self._wrap(loaded.kind, loaded.tokenizer, wrappers)))
        self._wrappers = wrappers
        return tuple(held)

    def asset_key(self, index: int) -> str:
        """The held key of open asset ``index``."""
        return asset_keys(self.assets)[index]

    # ==== open assets: the asset manager's library (issue 4) ====
    # Entries are core.assets.identity.OpenAsset (validated asset, tokenizer,
    # identity, path, dirty).  The tuple is replaced, never mutated, and
    # every change emits assets_changed.  Indexes are positions in it.

    def _set_assets(self, entries, index: int) -> int:
        self.assets = tuple(entries)
        self.events.emit("assets_changed")
        self._encoder_may_have_changed()
        return index

    def _put_asset(self, index: int | None, entry) -> int:
        entries = list(self.assets)
        if index is None:
            entries.append(entry)
            index = len(entries) - 1
        else:
            # The encoder follows an asset edited in place (a re-read file, an
            # edit that changes its identity): the user chose that slot.
            if self._wanted_encoder == self.asset_key(index):
                self._wanted_encoder = asset_keys(entries[:index] + [entry])[index]
            entries[index] = entry
        return self._set_assets(entries, index)

    def open_loaded(self, loaded: identity.LoadedAsset) -> int:
        """Put an asset read from a file (off the GUI thread) in the library;
        one already open is replaced unless it has unsaved edits."""
        for index, entry in enumerate(self.assets):
            if entry.loaded.path and loaded.path and os.path.abspath(entry.loaded.path) == os.path.abspath(loaded.path):
                return index if entry.dirty else self._put_asset(index, identity.OpenAsset(loaded))
        return self._put_asset(None, identity.OpenAsset(loaded))

    def open_asset_file(self, path) -> int:
        """Open an asset file; one already open is re-read unless it has unsaved edits."""
        return self.open_loaded(identity.load(path))

    def add_loaded(self, loaded: identity.LoadedAsset, *, dirty: bool = True) -> int:
        """Add an asset whose identity is already computed (an import, a copy)."""
        return self._put_asset(None, identity.OpenAsset(loaded, dirty))

    def replace_loaded(self, index: int, loaded: identity.LoadedAsset, *, dirty: bool = True) -> int:
        return self._put_asset(index, identity.OpenAsset(loaded, dirty))

    def add_asset(self, asset: dict, *, path=None, dirty: bool = True) -> int:
        return self.add_loaded(identity.from_dict(asset, path=path), dirty=dirty)

    def model_asset(self, name: str = "") -> identity.LoadedAsset:
        """The trained char-BPE model as an asset (pure: safe in a worker)."""
        model = self.model
        if model is None:
            raise TokenizerError("train a model first: there is no trained model to add", code="workspace.no_model")
        return trained_asset("char-bpe", model, name=name)

    def add_model_asset(self, name: str = "") -> int:
        """The trained char-BPE model as a new, unsaved asset."""
        return self.add_loaded(self.model_asset(name))

    def add_broken_copy(self, index: int, first: int, second: int, *, name: str | None = None) -> int:
        """Seed 000, exercise 5: a copy with two IDs swapped (same shapes, other meaning)."""
        return self.add_loaded(broken_copy(self.assets[index].loaded, first, second, name=name))

    def save_asset(self, index: int, path=None) -> None:
        """Write atomically to ``path`` (or where it came from) and mark it clean."""
        loaded = self.assets[index].loaded
        path = path if path is not None else loaded.path
        if path is None:
            raise assets_mod.AssetError("this asset has never been saved: choose a file name", code="asset.never_saved")
        # Another open asset's file is never replaced by this one.
        others = [e.loaded.path for i, e in enumerate(self.assets) if i != index and e.loaded.path]
        assets_mod.save_asset(path, loaded.asset, inputs=others)
        self._put_asset(index, identity.OpenAsset(replace(loaded, path=str(path)), False))

    def close_asset(self, index: int) -> None:
        entries = list(self.assets)
        del entries[index]
        self._set_assets(entries, index)


# ==== asset edits as pure functions: each returns a new LoadedAsset, so a
# worker can compute the identity while the window stays responsive ====

def trained_asset(kind: str, model, source=None, *, name: str = "") -> identity.LoadedAsset:
    """A model the workspace trained (:meth:`Workspace.trained_model`) as an
    asset with its training data recorded, as ``train`` on the command line
    writes it: char BPE, WordPiece and Unigram embed their corpus and its
    identity; byte-level BPE records its records' identity (``source``)."""
    if kind == "char-bpe":
        asset = assets_mod.char_bpe_to_asset(model, name=name)
    elif kind == "byte-bpe":
        asset = assets_mod.byte_bpe_to_asset(model, records=source, name=name)
    elif kind == "wordpiece":
        asset = assets_mod.wordpiece_to_asset(model, name=name)
    elif kind == "unigram":
        asset = assets_mod.unigram_to_asset(model, name=name)
    else:
        raise TokenizerError(f"the workspace trains {', '.join(ALL_TRAINED)}, not {kind!r}")
    return identity.from_dict(asset, tokenizer=model)


def renamed(loaded: identity.LoadedAsset, name: str) -> identity.LoadedAsset:
    """The same asset under another name (metadata: the identity stays)."""
    return identity.from_dict(_named(loaded.asset, name), path=loaded.path, tokenizer=loaded.tokenizer)


def copied(loaded: identity.LoadedAsset, name: str) -> identity.LoadedAsset:
    """An unsaved copy with its own tokenizer."""
    return identity.from_dict(_named(loaded.asset, name))


def _named(asset: dict, name: str) -> dict:
    asset = copy.deepcopy(asset)
    asset["metadata"] = {**(asset.get("metadata") or {}), "name": name}
    return asset


def broken_copy(loaded: identity.LoadedAsset, first: int, second: int, *, name: str | None = None):
    return identity.from_dict(asset_diff.swap_ids(loaded, first, second, name=name))
