"""The fastText tab: each word's character n-grams, in fastText's order,
with the ``<``/``>`` word boundaries (seed 003).  No tokenizer needed."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from core.errors import StudioError
from core.inspect import ngrams

from ..shell import core_text
from .tables import LazyTab, NGramModel, row, spin, table
from .texts import translate

MAX_WORDS = 20  # the table is for looking at, not for a corpus


class NGramTab(LazyTab):
    def __init__(self, parent=None):
        super().__init__(parent)
        # Attributes
        self.ngram_model = NGramModel(self)

        # Widgets
        self.minn_box, self.maxn_box = spin(1, 20, 3), spin(1, 20, 6)
        self.ngram_view = table(self.ngram_model, 3)

        # Layout
        layout = QVBoxLayout(self)
        layout.addLayout(row(translate("CompareView", "n from"), self.minn_box, translate("CompareView", "to"),
                             self.maxn_box))
        layout.addWidget(self.ngram_view, 1)

        # Signals
        for box in (self.minn_box, self.maxn_box):
            box.valueChanged.connect(self.refresh)

    def refresh(self):
        minn, maxn = self.minn_box.value(), self.maxn_box.value()
        rows = []
        for word in self.text.split()[:MAX_WORDS]:
            try:
                groups = ngrams.by_length(ngrams.char_ngrams(word, minn=minn, maxn=maxn))
            except StudioError as exc:
                rows = [("–", "–", "–", core_text.error(exc))]
                break
            rows += [(word, n, len(grams), "  ".join(grams)) for n, grams in groups.items()]
        self.ngram_model.set_rows(rows)
