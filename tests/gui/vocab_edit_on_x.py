"""The screenshots of the Vocabulary view's editor (issue 40) in docs/: run on
an X server at 1280×800, once per language, e.g.

    xvfb-run -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python tests/gui/vocab_edit_on_x.py zh_CN docs/vocab-edit-zh.png

r50k_base from the shelf: `` the`` removed (picked in the table, as a user
does), two tokens and a special added, previewed.  Prints what the preview
said as one JSON object; argv: language, screenshot path, and optionally the
results tab to show (changed, unreachable, new, removed, notes; default changed)
and a zoom in percent (125, 150...)."""

import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtCore import QItemSelectionModel, QSettings, QStandardPaths  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

app = QApplication([sys.argv[0]])
QStandardPaths.setTestModeEnabled(True)
QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, tempfile.mkdtemp(prefix="vocab-edit-shot-"))

from core.workspace.workspace import Workspace  # noqa: E402
from gui import language, workers  # noqa: E402
from gui.shell.bridge import WorkspaceBridge  # noqa: E402
from gui.shell.main_window import MainWindow  # noqa: E402
from gui.shell.shelf_open import opener_for  # noqa: E402

language.install(sys.argv[1])
if len(sys.argv) > 4:  # a projector zoom, in percent
    from gui import zoom

    zoom.apply(int(sys.argv[4]))


def settle(until, limit=120.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        app.processEvents()
        if until() and not workers.running():
            return
        time.sleep(0.01)
    raise SystemExit(f"timed out waiting for {until}")


window = MainWindow(WorkspaceBridge(Workspace.example()))
window.setGeometry(0, 0, 1280, 800)
window.show()
opened = []
opener = opener_for(window.workspace)
opener.sig_opened.connect(lambda name, key: opened.append(key))
opener.open("r50k_base")
settle(lambda: opened)
window.show_panel("vocab")
view = window.panels["vocab"]
view.choose(opened[0])
view.show_editor()
settle(lambda: view.table is not None and view.editor.source is not None)
# " the" picked in the table, as a user does: filtered, its row selected, "Remove selected".
view.text_filter.setText("Ġthe")
row = next(r for r in range(view.model.rowCount()) if view.table.tokens[view.model.rows[r]] == "Ġthe")
view.view.selectionModel().select(view.model.index(row, 0), QItemSelectionModel.ClearAndSelect
                                  | QItemSelectionModel.Rows)
view.view.scrollTo(view.model.index(row, 0))
view.editor.remove_selected_button.click()
view.editor.add_box.setPlainText(" Subword\n 分词器")
view.editor.special_box.setPlainText("<|im_start|>")
view.editor.preview_button.click()
settle(lambda: view.editor.preview is not None)
tab = sys.argv[3] if len(sys.argv) > 3 else "changed"
view.editor.results.setCurrentWidget(getattr(view.editor, {"new": "new_tokens"}.get(tab, tab)))
app.processEvents()
window.grab().save(sys.argv[2])
print(json.dumps({"summary": view.editor.summary.text(), "changed": len(view.editor.preview.changed),
                  "unreachable": view.editor.unreachable.count(), "new": view.editor.new_tokens.count()},
                 ensure_ascii=False))
