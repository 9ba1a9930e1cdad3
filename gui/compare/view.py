"""The Compare tab: one text under every tokenizer the workspace holds, side
by side as lanes of chips, and the inside of each algorithm -- the Unigram
lattice with its Viterbi path, the n-best list and sampled segmentations;
the WordPiece search trace; fastText's character n-grams (seed 003); and
corpus statistics: every tokenizer over whole corpus files, per script.

Tokenizers come from ``Workspace.held_tokenizers()`` (the encode panel's
encoder, the trained char BPE, every open asset), all behind the one
tokenizer interface; the algorithm tabs reach a kind's own model through
``tokenizer.model``.  The view keeps only its own inputs (the text, the
ticks, n-best size, alpha, seed) and what it computed from them.
"""

from __future__ import annotations

from itertools import accumulate

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QLabel, QMessageBox, QPlainTextEdit, QSplitter, QTabWidget, QTextEdit, QVBoxLayout, QWidget

from ..encode import texts as encode_texts
from ..shell import core_text
from ..shell.serving import server_for
from ..shell.shelf_open import opener_for
from .corpus_stats import CorpusStatsTab
from .fasttext import NGramTab
from .lattice import LatticeTab
from .picker import Entry, unique_keys
from .sampling import SamplingTab
from .search import SearchTab
from .side_by_side import SideBySide
from .texts import fill

SAMPLE = "lower newest 你好，世界 🙂"
# The algorithm tabs work on the GUI thread and draw every candidate: they
# look at the start of a long text (side by side takes all of it).
INSIDE_LIMIT = 500
HIGHLIGHT = QColor("#ffd54f")


class CompareView(QWidget):
    def __init__(self, bridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.entries: list[Entry] = []
        self.opener = opener_for(self.workspace)
        self.debounce = QTimer(self, singleShot=True, interval=150)
        self._stale = False
        self._utf16: tuple[str, list[int]] = ("", [0])  # a text and the UTF-16 offset of each code point

        # Widgets
        self.input = QPlainTextEdit()
        self.input.setPlaceholderText(self.tr("Type or paste any text: a word, a sentence or whole pages"))
        self.input.setTabChangesFocus(True)
        self.input.setAccessibleName(self.tr("Text to compare"))
        self.cut_label = QLabel()
        self.cut_label.setWordWrap(True)
        self.cut_label.hide()
        self.side_by_side = SideBySide(server_for(self.workspace))
        self.lattice = LatticeTab()
        self.sampling = SamplingTab(self.lattice.chosen)
        self.search = SearchTab()
        self.fasttext = NGramTab()
        self.corpus_stats = CorpusStatsTab()
        self.tabs = QTabWidget()

        # Layout
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(QLabel(self.tr("Text:")))
        top_layout.addWidget(self.input, 1)
        top_layout.addWidget(self.cut_label)
        self.tabs.addTab(self.side_by_side, self.tr("Side by side"))
        self.tabs.addTab(self.lattice, self.tr("Unigram lattice"))
        self.tabs.addTab(self.sampling, self.tr("Sampling"))
        self.tabs.addTab(self.search, self.tr("WordPiece search"))
        self.tabs.addTab(self.fasttext, self.tr("fastText n-grams"))
        self.tabs.addTab(self.corpus_stats, self.tr("Corpus statistics"))
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([90, 610])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter, 1)

        # Signals
        self.input.textChanged.connect(self.debounce.start)
        self.debounce.timeout.connect(self.refresh)
        self.lattice.model_box.currentIndexChanged.connect(self._unigram_chosen)
        self.side_by_side.sig_span_hovered.connect(self._highlight)
        # Bound methods, not lambdas: Qt drops them with this view, while a
        # training result can still arrive after the window is gone.
        bridge.sig_model_trained.connect(self._workspace_changed)
        bridge.sig_encoder_changed.connect(self._workspace_changed)
        bridge.sig_assets_changed.connect(self._workspace_changed)
        bridge.sig_held_changed.connect(self._workspace_changed)
        self.side_by_side.model.sig_shelf_requested.connect(self.opener.open)
        self.opener.sig_loading.connect(self._workspace_changed)
        self.opener.sig_failed.connect(self._shelf_failed)
        QWidget.setTabOrder(self.input, self.tabs.tabBar())  # the text first, as it reads

        self.input.setPlainText(SAMPLE)
        self.debounce.stop()
        self.reload()

    # ==== the workspace's tokenizers ====

    def _workspace_changed(self, *_):
        # Behind another tab, reload when shown: re-encoding every tokenizer
        # and redrawing the lattice took GUI time right as a training ended.
        if self.isVisible():
            self.reload()
        else:
            self._stale = True

    def showEvent(self, event):
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self.reload()

    def reload(self, *_changed):
        """Collect the workspace's tokenizers, offer them everywhere, and compare again."""
        held = self.workspace.held_tokenizers()
        keys = unique_keys(h.key for h in held)
        server = self.side_by_side.server
        self.entries = [Entry(key, h.name or (self.tr("trained char BPE") if h.key == "model"
                                              else encode_texts.held_name(h) or h.tokenizer.kind),
                              core_text.family(h.tokenizer), h.tokenizer, source=server.source(h.key))
                        for key, h in zip(keys, held)]
        self.lattice.set_models(self._explained_in("lattice"))
        self.search.set_models(self._explained_in("longest-match"))
        self.side_by_side.text = self.text()
        self.side_by_side.set_entries(self.entries + self._shelf_entries())
        self.corpus_stats.set_entries(self.entries, self.workspace)
        self._refresh_insides()

    def _explained_in(self, view: str) -> list[tuple]:
        """(name, model) of the held tokenizers whose model that inner view explains."""
        return [(e.name, e.tokenizer.model) for e in self.entries
                if getattr(e.tokenizer.model, "explained_in", None) == view]

    def _shelf_entries(self) -> list[Entry]:
        """The built-in tokenizers not open yet: listed unticked, opened when ticked."""
        out = []
        for e in self.opener.not_open():
            kind = self.tr("loading…") if self.opener.loading(e.name) else self.tr("built-in")
            out.append(Entry("shelf:" + e.name, fill(self.tr("%1 (built-in)"), e.display), kind, None, e.name))
        return out

    def _shelf_failed(self, _name, message):
        self._workspace_changed()
        if self.isVisible():
            QMessageBox.warning(self, self.tr("Built-in tokenizer"), message)

    # ==== the text ====

    def text(self) -> str:
        return self.input.toPlainText()

    def refresh(self):
        """Compare the text as it is now (typing waits for a pause first)."""
        self.debounce.stop()
        self.side_by_side.set_text(self.text())
        self._refresh_insides()

    def _refresh_insides(self):
        text = self.text()
        inside = text[:INSIDE_LIMIT]
        self.cut_label.setVisible(len(text) > INSIDE_LIMIT)
        if len(text) > INSIDE_LIMIT:
            self.cut_label.setText(fill(self.tr(
                "Side by side shows all %1 characters; the lattice, sampling, WordPiece search and n-gram tabs "
                "look at the first %2."), f"{len(text):,}", INSIDE_LIMIT))
        self.lattice.show_text(inside)
        self.sampling.show_text(inside)
        self.search.show_text(inside)
        self.fasttext.show_text(inside)

    def _unigram_chosen(self, _index):
        self.lattice.refresh()
        self.sampling.show_text(self.sampling.text)  # draws of the other model no longer apply

    def _highlight(self, start, end):
        """Mark the hovered chip's characters in the text box, if the lanes show this very text."""
        selections = []
        comparison = self.side_by_side.comparison
        text = self.text()
        if start >= 0 and comparison is not None and comparison.text == text:
            if self._utf16[0] != text:
                self._utf16 = (text, [0, *accumulate(2 if ord(c) > 0xFFFF else 1 for c in text)])
            offsets = self._utf16[1]
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.input.document())
            cursor.setPosition(offsets[start])
            cursor.setPosition(offsets[end], QTextCursor.KeepAnchor)
            selection.cursor = cursor
            marked = QTextCharFormat()
            marked.setBackground(HIGHLIGHT)
            marked.setForeground(QColor("#000000"))  # the light tint stays readable in the dark theme
            selection.format = marked
            selections.append(selection)
        self.input.setExtraSelections(selections)

    def closeEvent(self, event):
        self.corpus_stats.cancel()
        self.sampling.cancel()
        self.side_by_side.cancel(quiet=True)
        super().closeEvent(event)
