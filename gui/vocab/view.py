"""The Vocabulary view: pick a held tokenizer, see every token in a
filterable table, a selected token's derivation, and run the audits.

The table and the audits are built off the GUI thread (gui.shell.workers.run_task)
with progress and cancel; filtering runs over precomputed columns
(core.inspect.vocab.table), fast enough to follow every keystroke; the
tables of the last few tokenizers shown are kept, so going back is instant.
Beside the derivation and the audit, the Edit tab (gui/vocab/edit_panel.py)
removes the tokens selected in the table (several at once), adds and
reserves tokens, previews and applies the edit as a new asset.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (QComboBox, QFileDialog, QHeaderView, QLabel, QLineEdit,
                               QPlainTextEdit, QProgressBar, QPushButton, QSplitter, QTabWidget, QTableView,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from core.errors import StudioError
from core.inspect.vocab import audit as run_audit, build_table, derivation, export
from core.inspect.vocab.table import FLAGS

from ..shell import core_text, files, zoom
from ..encode import texts as encode_texts
from ..shell.shelf_open import opener_for
from ..shell.workers import run_task
from ..widgets.flow_layout import FlowLayout, VerticalScroll, labelled
from . import texts
from .edit_panel import EditPanel
from .table_model import VocabTableModel

# Tables kept for the tokenizers shown last, with their audits: going back to
# one (a lesson's Back, o200k_base after r50k_base) shows it at once, not
# after seconds of building.  Three: the most a lesson shows (r50k_base,
# o200k_base and cl100k_base in "Under-trained and unreachable tokens"),
# about 105 MB of tables beside the tokenizers themselves.
KEPT_TABLES = 3


class VocabView(QWidget):
    def __init__(self, bridge, parent=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.tok = None
        self._kept: OrderedDict = OrderedDict()  # id(tok) -> (tok, table, audit or None), the last KEPT_TABLES
        self.table = None
        self.found = None
        self.task = None
        self.wanted = None  # the held key chosen here, kept while nothing holds it (a built-in one reopening)
        self._wanted_filters = {}  # script and flag filters a restored state asks for, set once the table is built
        self._audit_next = False  # audit once the table on its way is built (a lesson's step)

        # Widgets
        self.chooser = QComboBox()
        self.chooser.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.chooser.setMinimumContentsLength(24)
        self.text_filter = QLineEdit(placeholderText=self.tr("Text"))
        self.regex_filter = QLineEdit(placeholderText=self.tr("Regex"))
        self.id_filter = QLineEdit(placeholderText=self.tr("IDs, e.g. 100-200"))
        self.bytes_filter = QLineEdit(placeholderText=self.tr("Bytes, e.g. e4 b8"))
        self.script_filter = QComboBox()
        self.script_filter.setAccessibleName(self.tr("Script"))
        self.flag_filter = QComboBox()
        self.flag_filter.setAccessibleName(self.tr("Flag"))
        self.flag_filter.addItem(self.tr("Any flag"), "")
        for flag in FLAGS:
            self.flag_filter.addItem(texts.flag_name(flag), flag)
        self.audit_button = QPushButton(self.tr("Audit"))
        self.cancel_button = QPushButton(self.tr("Cancel"))
        self.cancel_button.setEnabled(False)
        self.export_button = QPushButton(self.tr("Export CSV…"))
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(160)
        self.progress.hide()
        self.status = QLabel()
        self.model = VocabTableModel(self)
        self.view = QTableView()
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QTableView.SelectRows)
        self.view.setSelectionMode(QTableView.ExtendedSelection)  # several tokens to remove at once
        self.view.verticalHeader().hide()
        zoom.table_follows_font(self.view)
        self.view.verticalHeader().setSectionResizeMode(QHeaderView.Fixed)  # uniform rows: smooth scrolling
        self.view.horizontalHeader().setStretchLastSection(True)
        zoom.follow_font(self.view, lambda: [self.view.setColumnWidth(column, zoom.scaled(width)) for column, width
                                             in enumerate((60, 110, 110, 130, 55, 55, 70, 50))], "widths")
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels([self.tr("Derivation")])
        self.audit_text = QPlainTextEdit(readOnly=True)
        self.audit_text.setPlaceholderText(self.tr("Run the audit to find tokens that can never appear."))
        self.editor = EditPanel(bridge, self.selected_tokens)
        self.side_tabs = QTabWidget()

        # Layout
        # Rows that wrap at a projector's zoom (gui/widgets/flow_layout.py).
        top = FlowLayout()
        top.addWidget(labelled(QLabel(self.tr("Tokenizer")), self.chooser, 1), 1)
        for w in (self.audit_button, self.cancel_button, self.progress, self.export_button):
            top.addWidget(w)
        filters = FlowLayout()
        for w in (self.text_filter, self.regex_filter, self.id_filter, self.bytes_filter):
            filters.addWidget(w, 1)
        filters.addWidget(self.script_filter)
        filters.addWidget(self.flag_filter)
        side = QSplitter(Qt.Vertical)
        side.addWidget(self.tree)
        side.addWidget(self.audit_text)
        self.side_tabs.addTab(side, self.tr("Derivation and audit"))
        self.editor_page = VerticalScroll(self.editor)  # scrolls rather than squeezes at a projector's zoom
        self.side_tabs.addTab(self.editor_page, self.tr("Edit"))
        body = QSplitter(Qt.Horizontal)
        body.addWidget(self.view)
        body.addWidget(self.side_tabs)
        body.setStretchFactor(0, 3)
        body.setStretchFactor(1, 2)
        body.setSizes([3000, 2000])  # 3:2 from the start, whatever the Edit pane's own size hint
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(filters)
        layout.addWidget(body, 1)
        layout.addWidget(self.status)

        # Signals
        self.chooser.currentIndexChanged.connect(self._chosen)
        for edit in (self.text_filter, self.regex_filter, self.id_filter, self.bytes_filter):
            edit.textChanged.connect(self.apply_filter)
        self.script_filter.currentIndexChanged.connect(self.apply_filter)
        self.flag_filter.currentIndexChanged.connect(self.apply_filter)
        self.view.selectionModel().currentRowChanged.connect(self._selected)
        self.audit_button.clicked.connect(self.start_audit)
        self.cancel_button.clicked.connect(self.cancel)
        self.export_button.clicked.connect(self._ask_export)
        bridge.sig_assets_changed.connect(self.refresh)
        bridge.sig_model_trained.connect(self.refresh)
        bridge.sig_held_changed.connect(self.refresh)
        self.refresh()

    # ==== the tokenizer ====

    def refresh(self, *_):
        """List the held tokenizers again, keeping the one shown if still held."""
        try:
            held = self.workspace.held_tokenizers()
        except StudioError:
            held = []
        current = self.chooser.currentData()
        self.chooser.blockSignals(True)
        self.chooser.clear()
        for h in held:
            self.chooser.addItem(encode_texts.held_label(h), h.key)
        index = self.chooser.findData(self.wanted) if self.wanted is not None else -1
        if index < 0:
            index = self.chooser.findData(current)
        self.chooser.setCurrentIndex(index if index >= 0 else (0 if held else -1))
        self.chooser.blockSignals(False)
        self._held = {h.key: h for h in held}
        chosen = self._held.get(self.chooser.currentData())
        if chosen is not None and chosen.tokenizer is not self.tok:
            self.show_tokenizer(chosen.tokenizer)

    def _chosen(self, _index):
        chosen = self._held.get(self.chooser.currentData())
        if chosen is not None:
            self.wanted = chosen.key
            self.show_tokenizer(chosen.tokenizer)

    def choose(self, key: str) -> None:
        self.chooser.setCurrentIndex(self.chooser.findData(key))

    # ==== what this view shows beyond the workspace (gui/shell/windows/views.py) ====

    def view_state(self) -> dict:
        """The chosen tokenizer (with the built-in entry it came from, to open
        it again), the script and flag filters and whether the Edit pane is
        on show; the typed filters and the editor's boxes are kept as typed text."""
        key = self.wanted or self.chooser.currentData()
        return {"tokenizer": key, "shelf": opener_for(self.workspace).shelf_of(key) if key else "",
                "script": self._wanted_filters.get("script", self.script_filter.currentData() or ""),
                "flag": self.flag_filter.currentData() or "",
                "side": "edit" if self.side_tabs.currentWidget() is self.editor_page else ""}

    def restore_view_state(self, state: dict) -> None:
        key = state.get("tokenizer")
        if isinstance(key, str) and key:
            self.wanted = key
            self.refresh()
            opener_for(self.workspace).reopen(key, state.get("shelf"))  # shown once it is open
        if state.get("side") == "edit":
            self.show_editor()
        index = self.flag_filter.findData(state.get("flag"))
        if index >= 0:
            self.flag_filter.setCurrentIndex(index)
        if isinstance(state.get("script"), str):
            self._wanted_filters["script"] = state["script"]
            if self.table is not None and self.chooser.currentData() == self.wanted:
                self._set_script()

    def _set_script(self):
        index = self.script_filter.findData(self._wanted_filters.pop("script", None))
        if index >= 0:
            self.script_filter.setCurrentIndex(index)

    def show_tokenizer(self, tok):
        """Build ``tok``'s table off the GUI thread, then show it."""
        self.cancel()
        self._audit_next = False
        self.tok, self.table, self.found = tok, None, None
        self.model.set_table(None)
        self.tree.clear()
        self.audit_text.clear()
        self.editor.set_source(self.chooser.currentData())
        kept = self._kept.get(id(tok))
        if kept is not None and kept[0] is tok:
            self._built(kept[1])
            self._keep(kept[2])  # now the newest kept
            if kept[2] is not None:
                self._show_audit(kept[2])
            return
        self._run(lambda progress, stop: build_table(tok, progress=progress, should_stop=stop), self._built)

    def _keep(self, found=None) -> None:
        self._kept.pop(id(self.tok), None)
        self._kept[id(self.tok)] = (self.tok, self.table, found)
        while len(self._kept) > KEPT_TABLES:
            self._kept.popitem(last=False)

    def _built(self, table):
        if len(table) != len(self.tok.ids()):
            return  # cancelled part way: a newer tokenizer is coming
        self.table = table
        if self._kept.get(id(self.tok), (None,))[0] is not self.tok:
            self._keep()
        self.script_filter.blockSignals(True)
        self.script_filter.clear()
        self.script_filter.addItem(self.tr("Any script"), "")
        for name in table.script_names():
            self.script_filter.addItem(name, name)
        self.script_filter.blockSignals(False)
        self.model.set_table(table)
        if "script" in self._wanted_filters and self.chooser.currentData() == (self.wanted or
                                                                             self.chooser.currentData()):
            self._set_script()  # the tokenizer it was chosen for: applies the filter
        self.apply_filter()

    # ==== long work ====

    def _run(self, fn, done):
        # Bound methods, not lambdas: Qt drops them when this view is deleted
        # (a language change rebuilds every view) while the task runs on.
        task = self.task = run_task(fn, name="vocab")
        self._done = done
        self.progress.setValue(0)
        self.progress.show()
        self.cancel_button.setEnabled(True)
        self.audit_button.setEnabled(False)
        task.sig_progressed.connect(self._progressed)
        task.sig_done.connect(self._task_done)
        task.sig_failed.connect(self.status.setText)
        task.sig_ended.connect(self._ended)

    def _task_done(self, result):
        if self.sender() is self.task:
            self._done(result)

    def _progressed(self, done, total):
        self.progress.setMaximum(max(total, 1))
        self.progress.setValue(done)

    def _ended(self):
        if self.sender() is self.task:
            self.task = None
            self.progress.hide()
            self.cancel_button.setEnabled(False)
            self.audit_button.setEnabled(self.table is not None)
            if self._audit_next and self.table is not None:
                self._audit_next = False
                self.start_audit()

    def cancel(self):
        if self.task is not None:
            self.task.cancel()

    def start_audit(self):
        if self.table is None or self.task is not None:
            return
        tok, table = self.tok, self.table
        self._run(lambda progress, stop: run_audit(tok, table, progress=progress, should_stop=stop), self._audited)

    def audit_when_built(self) -> None:
        """Audit the tokenizer on show once its table is built (at once if it is; never twice)."""
        if self.found is not None:
            return
        if self.table is not None and self.task is None:
            self.start_audit()
        else:
            self._audit_next = True

    def _audited(self, found):
        if found.cancelled:
            return
        self.table.add_flags(found.flags())
        self._keep(found)
        self._show_audit(found)

    def _show_audit(self, found):
        self.found = found
        self.audit_text.setPlainText(texts.audit_summary(found, self.table))
        self.apply_filter()

    # ==== filtering and selection ====

    def apply_filter(self, *_):
        if self.table is None:
            self.status.setText("")
            return
        try:
            rows = self.table.filter(text=self.text_filter.text(), pattern=self.regex_filter.text(),
                                     ids=_id_range(self.id_filter.text()), hex_bytes=self.bytes_filter.text(),
                                     script=self.script_filter.currentData() or "",
                                     flag=self.flag_filter.currentData() or "")
        except StudioError as exc:
            self.status.setText(core_text.error(exc))
            return
        self.model.set_rows(rows)
        self.status.setText(self.tr("%1 of %n token(s) shown", "", len(self.table)).replace("%1", str(len(rows))))

    def _selected(self, current, _previous):
        token_id = self.model.row_id(current.row())
        self.tree.clear()
        if token_id is None:
            return
        info = derivation.derive(self.tok, token_id, self.table.parents)
        if info.tree is not None:
            self.tree.addTopLevelItem(_tree_item(info.tree))
            self.tree.expandAll()
        else:
            for line in texts.derivation_lines(info, self.tok):
                self.tree.addTopLevelItem(QTreeWidgetItem([line]))

    def show_editor(self) -> None:
        """Put the Edit pane on show (it then asks the core whether the tokenizer can be edited)."""
        self.side_tabs.setCurrentWidget(self.editor_page)

    def selected_tokens(self) -> list[str]:
        """The tokens selected in the table, as the vocabulary stores them, by ID."""
        if self.table is None:
            return []
        rows = sorted({self.model.rows[index.row()] for index in self.view.selectionModel().selectedRows()},
                      key=lambda r: self.table.ids[r])
        return [self.table.tokens[r] for r in rows]

    # ==== export ====

    def _ask_export(self):
        if self.table is None:
            return
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export vocabulary"), "vocab.csv", "CSV (*.csv)")
        if path:
            self.export(path)

    def export(self, path: str) -> None:
        """The table as CSV at ``path``; with an audit run, its findings beside it (``-audit.csv``)."""
        # An open asset's file is never replaced by a table.
        inputs = [e.loaded.path for e in self.workspace.assets if e.loaded.path]
        def write():
            export.write_csv(path, export.table_csv(self.table, self.found), inputs=inputs)
            if self.found is not None:
                stem = path[:-4] if path.lower().endswith(".csv") else path
                export.write_csv(stem + "-audit.csv", export.audit_csv(self.table, self.found), inputs=inputs)
        try:
            files.save(self, write)
        except OSError as exc:
            self.status.setText(core_text.error(exc))


def _id_range(text: str):
    """"100-200", "100-", "-200", "42" -> an inclusive range; "" -> None."""
    text = text.strip()
    if not text:
        return None
    low, dash, high = text.partition("-")
    try:
        low_id = int(low) if low.strip() else None
        high_id = (int(high) if high.strip() else None) if dash else low_id
    except ValueError:
        raise StudioError(f"{text!r} is not an ID range; write 100-200, 100- or 42") from None
    return low_id, high_id


def _tree_item(node) -> QTreeWidgetItem:
    if node.left is None:
        return QTreeWidgetItem([f"{node.token}  [{node.id}]"])
    label = QCoreApplication.translate("VocabTexts", "%1 ← %2 + %3  [ID %4, merge %5]").replace("%1", node.token).replace("%2", node.left.token) \
        .replace("%3", node.right.token).replace("%4", str(node.id)).replace("%5", str(node.merge))
    item = QTreeWidgetItem([label])
    item.addChild(_tree_item(node.left))
    item.addChild(_tree_item(node.right))
    return item
