"""The one workspace every window observes: corpus, settings, trained result.

Mutators change state and emit an event; views never change state directly.
Events (arguments in brackets):

* ``corpus_changed`` -- the word table was replaced or edited;
* ``settings_changed`` -- merges, vocab size or tie policy changed;
* ``trained`` (model) -- a new tokenizer and its trace are available;
* ``stale_changed`` (bool) -- the trained result no longer matches the inputs;
* ``step_selected`` (step) -- the step the views show (0 = before any merge);
* ``encoder_changed`` (tokenizer) -- the byte-level tokenizer the encode/decode
  panel uses was replaced;
* ``corpus_replaced`` -- the whole table or record list was swapped (import,
  open, mode switch), followed by ``corpus_changed``;
* ``corpus_rows_changed`` / ``corpus_rows_inserted`` / ``corpus_rows_removed``
  (first, last) -- inclusive rows of the current mode's table (word rows, or
  records in records mode), each followed by ``corpus_changed``;
* ``comparison_changed`` (model or None) -- the model trained with another
  tie policy, for comparing timelines;
* ``assets_changed`` -- a tokenizer asset was opened, edited, saved or closed
  (``assets`` is a new tuple of :class:`core.inspect.identity.OpenAsset`).

In records mode the training words are derived from the records by the
``pretokenizer`` setting (see :mod:`core.workspace.records`).
"""

from __future__ import annotations

import copy
import os
from dataclasses import dataclass, replace

from core.models import char_bpe
from core.workspace import records as records_mod
from core.inspect import asset_diff, identity
from core import assets as assets_mod
from core.workspace.corpus import EXAMPLE_19_1, WordCorpus
from core import tokenizer
from core.errors import CorpusError, StudioError, TokenizerError
from core.workspace.events import Events
from core.models.ties import check_policy


@dataclass(frozen=True)
class TrainSettings:
    merges: int | None = 4
    vocab_size: int | None = None
    tie: str = "lexicographic"
    pretokenizer: str = "whitespace"  # records -> training words


@dataclass(frozen=True)
class Held:
    """A tokenizer the workspace holds: ``key`` is "encoder", "model" or
    "asset:" + its full identity; ``name`` is empty for the trained model
    (the view names it in the UI language)."""

    key: str
    name: str
    tokenizer: tokenizer.Tokenizer


def _kind_of(model) -> str:
    wrapped = getattr(model, "kind", None)
    return wrapped if isinstance(wrapped, str) else "byte-bpe"


class Workspace:
    def __init__(self, corpus: WordCorpus = EXAMPLE_19_1, settings: TrainSettings = TrainSettings()):
        self.events = Events("corpus_changed", "settings_changed", "trained", "stale_changed", "step_selected",
                             "encoder_changed", "corpus_replaced", "corpus_rows_changed",
                             "corpus_rows_inserted", "corpus_rows_removed", "comparison_changed",
                             "assets_changed")
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
        self.stale = True
        self.step = 0
        self._encoder = None
        self.encoder_name = ""

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
        self.events.emit("trained", model)
        self.stale = model.trace.corpus != self.corpus or not self._trained_with_settings(model.trace)
        self.events.emit("stale_changed", self.stale)
        self.select_step(len(model.merges))

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

    @property
    def encoder(self):
        """The byte-level tokenizer to encode with; the classroom asset by default."""
        if self._encoder is None:
            from core.workspace.classroom import ASSET_PATH, default_tokenizer

            self._encoder, self.encoder_name = default_tokenizer(), ASSET_PATH.stem
        return self._encoder

    def set_encoder(self, tokenizer, name: str = "") -> None:
        self._encoder, self.encoder_name = tokenizer, name
        self.events.emit("encoder_changed", tokenizer)

    def held_tokenizers(self) -> tuple[Held, ...]:
        """Every tokenizer the workspace holds, behind the one interface: the
        classroom (or chosen) encoder, the trained model, every open asset.
        Keys are stable across sessions for the same tokenizer."""
        held = []
        try:
            encoder = self.encoder
        except StudioError:
            encoder = None  # no classroom asset: the encode panel says why
        if encoder is not None:
            held.append(Held("encoder", self.encoder_name or "byte-bpe", tokenizer.wrap(_kind_of(encoder), encoder)))
        if self.model is not None:
            held.append(Held("model", "", tokenizer.wrap("char-bpe", self.model)))
        for entry in self.assets:
            loaded = entry.loaded
            held.append(Held("asset:" + loaded.identity.full_sha256, loaded.name,
                             tokenizer.wrap(loaded.kind, loaded.tokenizer)))
        return tuple(held)

    # ==== open assets: the asset manager's library (issue 4) ====
    # Entries are core.inspect.identity.OpenAsset (validated asset, tokenizer,
    # identity, path, dirty).  The tuple is replaced, never mutated, and
    # every change emits assets_changed.  Indexes are positions in it.

    def _set_assets(self, entries, index: int) -> int:
        self.assets = tuple(entries)
        self.events.emit("assets_changed")
        return index

    def _put_asset(self, index: int | None, entry) -> int:
        entries = list(self.assets)
        if index is None:
            entries.append(entry)
            index = len(entries) - 1
        else:
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
        return identity.from_dict(assets_mod.char_bpe_to_asset(model, name=name))

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
        assets_mod.save_asset(path, loaded.asset)
        self._put_asset(index, identity.OpenAsset(replace(loaded, path=str(path)), False))

    def close_asset(self, index: int) -> None:
        entries = list(self.assets)
        del entries[index]
        self._set_assets(entries, index)


# ==== asset edits as pure functions: each returns a new LoadedAsset, so a
# worker can compute the identity while the window stays responsive ====

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
