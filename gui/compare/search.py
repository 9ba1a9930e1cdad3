"""The WordPiece search tab: BERT's greedy longest match, every candidate it
tried at every offset, and the point where a word fails whole to ``[UNK]``.
It works on the :class:`core.models.wordpiece.WordPiece` behind a held
tokenizer (``tokenizer.model``), whose ``traces`` and ``stages`` explain it."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLabel, QVBoxLayout

from .tables import FAIL_BRUSH, LazyTab, SearchModel, fill_models, row, table
from .texts import fill, translate, visible


class SearchTab(LazyTab):
    def __init__(self, parent=None):
        super().__init__(parent)
        # Attributes
        self.search_model = SearchModel(self, FAIL_BRUSH)

        # Widgets
        self.model_box = QComboBox()
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.search_view = table(self.search_model, 3)

        # Layout
        layout = QVBoxLayout(self)
        layout.addLayout(row(translate("CompareView", "WordPiece model:"), self.model_box))
        layout.addWidget(self.label)
        layout.addWidget(self.search_view, 1)

        # Signals
        self.model_box.currentIndexChanged.connect(self.refresh)

    def set_models(self, choices) -> None:
        """``choices``: (name, WordPiece) pairs; the one chosen before stays chosen."""
        fill_models(self.model_box, choices)

    def refresh(self):
        model = self.model_box.currentData()
        if model is None:
            self.search_model.set_rows([])
            self.label.setText(translate(
                "CompareView", "No WordPiece model is loaded: open a wordpiece asset in the Assets tab."))
            return
        rows, failed = [], set()
        for trace in model.traces(self.text):
            if trace.too_long:
                rows.append((trace.word, "–", "–", fill(translate(
                    "CompareView", "longer than %1 characters → [UNK]"), model.max_input_chars_per_word)))
                failed.add(len(rows) - 1)
            for attempt in trace.attempts:
                result = translate("CompareView", "match") if attempt.found else translate("CompareView", "not in vocab")
                if not attempt.found and trace.failed_at == attempt.start and attempt.end == attempt.start + 1:
                    result = translate("CompareView", "nothing matches here → whole word [UNK]")
                    failed.add(len(rows))
                rows.append((trace.word, attempt.start, attempt.candidate, result))
        self.search_model.set_rows(rows, shaded=failed)
        # Show only the BasicTokenizer stages that changed something.
        changes, previous = [], self.text
        stages = model.stages(self.text)
        for stage in stages:
            now = stage.text if stage.words is None else " ".join(stage.words)
            if stage.enabled and now != previous:
                shown = visible(now) if stage.words is None else " · ".join(stage.words)
                changes.append(f"{stage.name} → {shown}")
            previous = now
        text = fill(translate("CompareView", "Tokens: %1"), "  ".join(model.encode(self.text).tokens))
        if stages:
            text += "\n" + fill(translate("CompareView", "BasicTokenizer: %1"), "; ".join(changes) if changes
                                else translate("CompareView", "no stage changed the text"))
        self.label.setText(text)
