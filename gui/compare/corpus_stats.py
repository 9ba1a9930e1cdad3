"""Corpus statistics: every chosen tokenizer over whole corpus files (or the
workspace corpus), per Unicode script and in total, plotted as bars.

The figures are ``core.stats``'s; they are computed in a worker thread with
progress and cancel, by the same map and reduce as ``main.py stats``, run
one task after another on the tokenizers the workspace holds in memory.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import tempfile

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QProgressBar, QPushButton, QRadioButton, QSplitter, QVBoxLayout, QWidget)

from core import stats
from core.fileio import write_bytes_atomic
from core.workspace import records as records_mod

from ..shell import core_text, files
from ..shell.workers import run_task
from ..widgets.flow_layout import FlowLayout, labelled
from ..widgets.lazy_plot import LazyPlot, export_plot_image, pyqtgraph
from ..widgets.placeholders import grouped

# Okabe-Ito, the full colours (the chips use their light tints): one per tokenizer.
BAR_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#000000")
METRICS = ("fertility", "characters_per_token", "bytes_per_token", "unknown_rate", "byte_fallback_rate", "tokens")
TOTAL = "*"


class CorpusStatsTab(QWidget):
    sig_finished = Signal(object)  # the report, or None when cancelled or failed

    def __init__(self, parent=None):
        super().__init__(parent)
        # Attributes
        self.entries = []  # gui.compare.picker.Entry, as the other tabs get them
        self.workspace = None
        self.result: dict | None = None
        self.task = None
        self._temp: str | None = None

        # Widgets
        self.use_workspace = QRadioButton(self.tr("Workspace corpus"))
        self.use_files = QRadioButton(self.tr("Corpus files:"))
        self.use_files.setChecked(True)
        self.files = QListWidget()
        self.files.setAccessibleName(self.tr("Corpus files"))
        self.add_files_button = QPushButton(self.tr("Add files…"))
        self.add_folder_button = QPushButton(self.tr("Add folder…"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.tokenizer_list = QListWidget()
        self.run_button = QPushButton(self.tr("Compute statistics"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.metric_box = QComboBox()
        for key, label in zip(METRICS, (self.tr("Fertility (tokens per word)"), self.tr("Characters per token"),
                                        self.tr("Bytes per token"), self.tr("[UNK] rate"),
                                        self.tr("Byte-fallback rate"), self.tr("Tokens"))):
            self.metric_box.addItem(label, key)
        self.plot = LazyPlot(self._setup_plot)
        self.png_button = QPushButton(self.tr("PNG…"))
        self.svg_button = QPushButton(self.tr("SVG…"))
        self.csv_button = QPushButton(self.tr("CSV…"))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextSelectableByMouse)

        # Layout
        source = QVBoxLayout()
        source.addWidget(self.use_workspace)
        source.addWidget(self.use_files)
        source.addWidget(self.files, 1)
        buttons = FlowLayout()  # wraps at a projector's zoom
        for button in (self.add_files_button, self.add_folder_button, self.remove_button):
            buttons.addWidget(button)
        source.addLayout(buttons)
        chosen = QVBoxLayout()
        tokenizers_label = QLabel(self.tr("Tokenizers:"))
        tokenizers_label.setBuddy(self.tokenizer_list)
        chosen.addWidget(tokenizers_label)
        chosen.addWidget(self.tokenizer_list, 1)
        top = QWidget()
        top_layout = QHBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(source, 3)
        top_layout.addLayout(chosen, 2)
        run_row = QHBoxLayout()
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)
        run_row.addWidget(self.progress, 1)
        plot_row = FlowLayout()
        plot_row.addWidget(labelled(QLabel(self.tr("Show:")), self.metric_box))
        plot_row.addStretch(1)
        plot_row.addWidget(QLabel(self.tr("Export:")))
        for button in (self.png_button, self.svg_button, self.csv_button):
            plot_row.addWidget(button)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addLayout(run_row)
        bottom_layout.addWidget(self.status)
        bottom_layout.addLayout(plot_row)
        bottom_layout.addWidget(self.plot, 1)
        bottom_layout.addWidget(self.summary)
        splitter = QSplitter(Qt.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(bottom)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([150, 450])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

        # Signals
        self.add_files_button.clicked.connect(self._choose_files)
        self.add_folder_button.clicked.connect(self._choose_folder)
        self.remove_button.clicked.connect(self._remove_selected)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.metric_box.currentIndexChanged.connect(self._draw)
        self.png_button.clicked.connect(lambda: self._choose_export("png"))
        self.svg_button.clicked.connect(lambda: self._choose_export("svg"))
        self.csv_button.clicked.connect(lambda: self._choose_export("csv"))
        self._enable_exports()

    # ==== inputs ====

    def set_entries(self, entries, workspace=None) -> None:
        """The workspace's tokenizers, each offered with a tick (kept by key across reloads)."""
        ticked = {self.tokenizer_list.item(i).data(Qt.UserRole) for i in range(self.tokenizer_list.count())
                  if self.tokenizer_list.item(i).checkState() == Qt.Checked}
        first = self.tokenizer_list.count() == 0
        self.entries, self.workspace = list(entries), workspace
        self.tokenizer_list.clear()
        for entry in self.entries:
            item = QListWidgetItem(f"{entry.name} ({entry.kind})")
            item.setData(Qt.UserRole, entry.key)
            item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
            item.setCheckState(Qt.Checked if first or entry.key in ticked else Qt.Unchecked)
            self.tokenizer_list.addItem(item)

    def add_paths(self, paths) -> None:
        present = {self.files.item(i).text() for i in range(self.files.count())}
        for path in paths:
            if path not in present:
                self.files.addItem(path)
                present.add(path)
        self.use_files.setChecked(True)

    def paths(self) -> list[str]:
        return [self.files.item(i).text() for i in range(self.files.count())]

    def chosen(self):
        keys = {self.tokenizer_list.item(i).data(Qt.UserRole) for i in range(self.tokenizer_list.count())
                if self.tokenizer_list.item(i).checkState() == Qt.Checked}
        return [e for e in self.entries if e.key in keys]

    def _choose_files(self):
        paths, _ = QFileDialog.getOpenFileNames(self, self.tr("Corpus files"), "",
                                                self.tr("Text (*.txt *.jsonl *.gz *.zst);;All files (*)"))
        self.add_paths(paths)

    def _choose_folder(self):
        path = QFileDialog.getExistingDirectory(self, self.tr("Corpus folder"))
        if path:
            self.add_paths([path])

    def _remove_selected(self):
        for item in self.files.selectedItems():
            self.files.takeItem(self.files.row(item))

    def _workspace_corpus_file(self) -> str:
        """The workspace corpus as records in a temporary file (a word table: one record per occurrence)."""
        workspace = self.workspace
        lines = (workspace.records.lines if workspace.records is not None
                 else records_mod.records_from_corpus(workspace.corpus).lines)
        self._temp = tempfile.mkdtemp(prefix="subword-studio-stats-")
        path = os.path.join(self._temp, "workspace.txt")
        with open(path, "w", encoding="utf-8", newline="\n") as handle:
            handle.writelines(line + "\n" for line in lines)
        return path

    # ==== running ====

    def start(self) -> bool:
        """Compute in a worker; False (with the reason shown) when there is nothing to do."""
        toks = self.chosen()
        if not toks:
            self.status.setText(self.tr("Tick at least one tokenizer."))
            return False
        if self.use_workspace.isChecked():
            if self.workspace is None:
                self.status.setText(self.tr("There is no workspace corpus."))
                return False
            try:
                paths = [self._workspace_corpus_file()]
            except Exception as exc:  # a word table too large to spell out, a full disk
                self.status.setText(str(exc))
                return False
        else:
            paths = self.paths()
            if not paths:
                self.status.setText(self.tr("Add corpus files or a folder first."))
                return False
        self.cancel()
        tokenizers, names = [e.tokenizer for e in toks], [e.name for e in toks]
        self.task = run_task(lambda progress, should_stop: stats.corpus_stats_here(
            paths, tokenizers, names, progress=progress, should_stop=should_stop), name="corpus statistics")
        self.task.sig_progressed.connect(self._progressed)
        self.task.sig_done.connect(self._done)
        self.task.sig_failed.connect(self._failed)
        self.task.sig_cancelled.connect(self._cancelled)
        self.task.sig_ended.connect(self._ended)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setRange(0, 0)
        self.status.setText(self.tr("Reading the corpus…"))
        return True

    def cancel(self) -> None:
        if self.task is not None and self.task.is_running():
            self.task.cancel()

    def _progressed(self, done, total):
        if total:
            scale = max(1, total // 1_000_000)
            self.progress.setRange(0, total // scale)
            self.progress.setValue(done // scale)

    def _done(self, result):
        self.result = result
        c = result["corpus"]
        parts = [grouped(self.tr("%n record(s)", "", c["records"]), c["records"]),
                 grouped(self.tr("%n word(s)", "", c["words"]), c["words"]),
                 grouped(self.tr("%n character(s)", "", c["characters"]), c["characters"]),
                 grouped(self.tr("%n byte(s)", "", c["bytes"]), c["bytes"])]
        self.status.setText(", ".join(parts) + "; " + grouped(self.tr(
            "%n invalid UTF-8 sequence(s).", "", c["invalid_utf8"]), c["invalid_utf8"]))
        self.summary.setText("\n".join(self.split_lines()))
        self._draw()
        self._enable_exports()
        self.sig_finished.emit(result)

    def split_lines(self) -> list[str]:
        """Per tokenizer, its most split frequent words (a word and its token count)."""
        lines = []
        for tok in (self.result or {}).get("tokenizers", []):
            words = ", ".join(f"{s['word']} ({s['tokens']})" for s in tok["most_split"][:8]) or "-"
            lines.append(self.tr("%1 splits most: %2").replace("%1", tok["name"]).replace("%2", words))
        return lines

    def _failed(self, message):
        self.status.setText(message)
        self.sig_finished.emit(None)

    def _cancelled(self):
        self.status.setText(self.tr("Cancelled."))
        self.sig_finished.emit(None)

    def _ended(self):
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        if self._temp is not None:
            shutil.rmtree(self._temp, ignore_errors=True)
            self._temp = None

    # ==== the plot ====

    def _setup_plot(self, widget):
        item = widget.getPlotItem()
        item.showGrid(y=True, alpha=0.2)
        item.getAxis("bottom").setLabel(self.tr("Unicode script"))
        self.legend = item.addLegend(offset=(-10, 10))

    def scripts(self) -> list[str]:
        """The scripts of the report, the most frequent first, then the total."""
        if not self.result:
            return []
        words: dict[str, int] = {}
        for tok in self.result["tokenizers"]:
            for script, row in tok["scripts"].items():
                words[script] = max(words.get(script, 0), row["words"])
        return sorted(words, key=lambda s: (-words[s], s)) + [TOTAL]

    def bars(self) -> list[tuple[str, list[float]]]:
        """(tokenizer, the chosen metric per script in :meth:`scripts` order; 0 where undefined)."""
        metric = self.metric_box.currentData()
        out = []
        for tok in (self.result or {}).get("tokenizers", []):
            rows = [tok["total"] if s == TOTAL else tok["scripts"].get(s, {}) for s in self.scripts()]
            out.append((tok["name"], [float(r.get(metric) or 0) for r in rows]))
        return out

    def _draw(self, *_):
        self.plot.draw("bars", self._draw_bars)

    def _draw_bars(self, widget):
        pg = pyqtgraph()
        item = widget.getPlotItem()
        for old in [i for i in item.items if isinstance(i, pg.BarGraphItem)]:
            item.removeItem(old)
        self.legend.clear()
        scripts, bars = self.scripts(), self.bars()
        width = 0.8 / max(len(bars), 1)
        for index, (name, values) in enumerate(bars):
            colour = BAR_COLOURS[index % len(BAR_COLOURS)]
            x = [i - 0.4 + width * (index + 0.5) for i in range(len(scripts))]
            bar = pg.BarGraphItem(x=x, height=values, width=width * 0.9, brush=colour, pen=pg.mkPen(colour),
                                  name=name)
            item.addItem(bar)
        labels = [self.tr("Total") if s == TOTAL else s for s in scripts]
        item.getAxis("bottom").setTicks([list(enumerate(labels))])
        item.getAxis("left").setLabel(self.metric_box.currentText())
        item.enableAutoRange()

    # ==== export ====

    def _enable_exports(self):
        for button in (self.png_button, self.svg_button, self.csv_button):
            button.setEnabled(self.result is not None)

    def csv_text(self) -> str:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(stats.csv_rows(self.result))
        return out.getvalue()

    def export(self, path) -> None:
        """PNG or SVG of the plot, or CSV of every figure, by the file suffix."""
        if str(path).lower().endswith(".csv"):
            write_bytes_atomic(path, self.csv_text().encode("utf-8"))
        else:
            export_plot_image(self.plot, path, self.metric_box.currentText())

    def _choose_export(self, suffix):
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export corpus statistics"), f"corpus-stats.{suffix}",
                                              f"{suffix.upper()} (*.{suffix})")
        if path:
            try:
                files.save(self, lambda: self.export(path))
            except OSError as exc:  # a refused or failed write is shown, never raised into Qt
                self.status.setText(core_text.error(exc))

    def closeEvent(self, event):
        self.cancel()
        super().closeEvent(event)
