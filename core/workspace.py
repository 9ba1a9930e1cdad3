"""The one workspace every window observes: corpus, settings, trained result.

Mutators change state and emit an event; views never change state directly.
Events (arguments in brackets):

* ``corpus_changed`` -- the word table was replaced or edited;
* ``settings_changed`` -- merges, vocab size or tie policy changed;
* ``trained`` (model) -- a new tokenizer and its trace are available;
* ``stale_changed`` (bool) -- the trained result no longer matches the inputs;
* ``step_selected`` (step) -- the step the views show (0 = before any merge);
* ``encoder_changed`` (tokenizer) -- the byte-level tokenizer the encode/decode
  panel uses was replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import char_bpe
from .corpus import EXAMPLE_19_1, WordCorpus
from .errors import TokenizerError
from .events import Events
from .ties import check_policy


@dataclass(frozen=True)
class TrainSettings:
    merges: int | None = 4
    vocab_size: int | None = None
    tie: str = "lexicographic"


class Workspace:
    def __init__(self, corpus: WordCorpus = EXAMPLE_19_1, settings: TrainSettings = TrainSettings()):
        self.events = Events("corpus_changed", "settings_changed", "trained", "stale_changed", "step_selected",
                             "encoder_changed")
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
        self.corpus = corpus
        self.events.emit("corpus_changed")
        self._mark_stale()

    def set_settings(self, **changes) -> None:
        if "tie" in changes:
            check_policy(changes["tie"])
        self.settings = replace(self.settings, **changes)
        self.events.emit("settings_changed")
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
        self.stale = model.trace.corpus != self.corpus
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

    # ==== encoder: the tokenizer of the encode/decode panel ====

    @property
    def encoder(self):
        """The byte-level tokenizer to encode with; the classroom asset by default."""
        if self._encoder is None:
            from .classroom import ASSET_PATH, default_tokenizer

            self._encoder, self.encoder_name = default_tokenizer(), ASSET_PATH.stem
        return self._encoder

    def set_encoder(self, tokenizer, name: str = "") -> None:
        self._encoder, self.encoder_name = tokenizer, name
        self.events.emit("encoder_changed", tokenizer)
