"""Desktop conventions: shortcuts, recent files, layout, theme, About, language."""

import re

import pytest
from PySide6.QtCore import QMimeData, QPoint, Qt, QUrl
from PySide6.QtGui import QColor, QDropEvent, QKeySequence, QPalette
from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel, QStyledItemDelegate, QStyleOptionViewItem

from core.assets import classroom
from core.assets import identity
from core.workspace.workspace import Workspace
from gui.shell import about, desktop, language, settings, theme
from gui.shell.bridge import WorkspaceBridge
from gui.shell.main_window import MainWindow

from conftest import destroy, wait_task

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def window(studio_window):
    yield studio_window
    language.install("en")
    theme.apply("system")


def test_menu_actions_use_standard_shortcuts(window):
    actions = window.actions
    for name, standard in (("open", QKeySequence.Open), ("save", QKeySequence.Save),
                           ("save_as", QKeySequence.SaveAs), ("quit", QKeySequence.Quit),
                           ("full_screen", QKeySequence.FullScreen), ("next_step", QKeySequence.Forward),
                           ("previous_step", QKeySequence.Back)):
        assert actions[name].shortcut() == QKeySequence(standard), name
    assert actions["view_timeline"].shortcut() == QKeySequence("Ctrl+3")
    actions["view_encode"].trigger()
    assert window.tabs.currentWidget() is window.panels["encode"]
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles == ["&File", "&View", "&Lessons", "&Window", "&Help"]
    assert actions["next_window"].shortcut() == QKeySequence("Ctrl+`")


def test_recent_workspaces_are_remembered_and_missing_ones_dropped(window, qtbot, tmp_path, monkeypatch):
    failures = []
    monkeypatch.setattr(window, "_fail", failures.append)
    paths = [tmp_path / f"w{i}.json" for i in range(12)]
    for path in paths:
        assert window.save_workspace_as(str(path))
    recent = settings.read(settings.RECENT_FILES)
    assert recent == [str(p) for p in reversed(paths)][:settings.MAX_RECENT]
    wait_task(qtbot, window.open_recent(str(paths[5])))
    assert settings.read(settings.RECENT_FILES)[0] == str(paths[5])
    paths[4].unlink()
    assert not window.open_recent(str(paths[4]))
    assert str(paths[4]) not in settings.read(settings.RECENT_FILES) and "no longer exists" in failures[0]
    file_menu = window.menuBar().actions()[0].menu()
    recent_menu = next(a.menu() for a in file_menu.actions() if a.menu() and "workspaces" in a.text())
    recent_menu.aboutToShow.emit()
    assert paths[5].name in recent_menu.actions()[0].text()


def test_own_asset_files_open_directly_and_are_remembered(window, qtbot):
    window.import_tokenizer(str(classroom.ASSET_PATH))  # read in the asset manager's worker
    qtbot.waitUntil(lambda: settings.read(settings.RECENT_TOKENIZERS) == [str(classroom.ASSET_PATH)])
    assert window.workspace.assets[-1].loaded.name == "classroom-byte-bpe-v1"
    assert window.tabs.currentWidget() is window.panels["assets"]


def test_a_broken_own_asset_file_says_why_and_is_not_remembered(window, qtbot, tmp_path, monkeypatch):
    failures = []
    monkeypatch.setattr(window, "_fail", failures.append)
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "subword-studio/tokenizer", "schema_version": 1', encoding="utf-8")
    window.import_tokenizer(str(broken))
    qtbot.waitUntil(lambda: bool(failures))
    assert "not valid JSON" in failures[0] and settings.read(settings.RECENT_TOKENIZERS) == []


def test_recent_tokenizer_missing_file(window, tmp_path, monkeypatch):
    failures = []
    monkeypatch.setattr(window, "_fail", failures.append)
    gone = str(tmp_path / "gone.json")
    settings.add_recent(gone, settings.RECENT_TOKENIZERS)
    assert window.open_recent_tokenizer(gone) is None
    assert settings.read(settings.RECENT_TOKENIZERS) == [] and failures


def test_dropped_workspace_and_tokenizer_files_are_told_apart(window, tmp_path):
    workspace = tmp_path / "mine.json"
    assert window.save_workspace_as(str(workspace))
    assert desktop.dropped_file([QUrl.fromLocalFile(str(workspace))]) == ("workspace", str(workspace))
    asset = str(classroom.ASSET_PATH)
    assert desktop.dropped_file([QUrl.fromLocalFile(asset)]) == ("tokenizer", asset)
    assert desktop.dropped_file([QUrl("https://example.org/x.json")]) is None
    # The tokenizer-file drop filter sees every drop first: our own files are not its imports.
    assert window.interop.droppable([QUrl.fromLocalFile(str(workspace)), QUrl.fromLocalFile(asset)]) == []


def test_dropping_a_workspace_file_opens_it(window, qtbot, tmp_path):
    path = tmp_path / "dropped.json"
    window.workspace.set_count(0, 9)
    assert window.save_workspace_as(str(path))
    window.workspace.set_count(0, 1)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPoint(10, 10), Qt.CopyAction, data, Qt.LeftButton, Qt.NoModifier)
    window.dropEvent(event)
    assert event.isAccepted()
    wait_task(qtbot, window.reading)  # read in a worker
    assert window.workspace.corpus.counts[0] == 9
    assert window.workspace_path == str(path)


def test_geometry_and_dock_layout_are_restored(window):
    # Inside the offscreen platform's 800×600 screen: a restored geometry
    # larger than the screen is fitted to it (QWidget.restoreGeometry).
    window.resize(760, 540)
    window.lesson_dock.show()
    window.show_panel("encode")
    size = window.size()
    window.close()
    again = MainWindow(WorkspaceBridge(Workspace.example()))
    again.show()
    try:
        assert again.size() == size
        assert again.lesson_dock.isVisible()
        assert again.tabs.currentWidget() is again.panels["encode"]
    finally:
        destroy(again)


def test_shaded_cells_keep_dark_text_in_the_dark_theme(window, qtbot):
    window.set_theme("dark")
    view = window.panels["timeline"].pair_view
    window.show_panel("timeline")
    window.workspace.select_step(1)
    qtbot.waitUntil(lambda: view.model().rowCount() == 8)  # counted in a worker
    assert isinstance(view.itemDelegate(), theme.ReadableDelegate)
    tied = next(r for r in range(view.model().rowCount()) if view.model().index(r, 0).data(Qt.BackgroundRole))
    option = QStyleOptionViewItem()
    option.initFrom(view)
    view.itemDelegate().initStyleOption(option, view.model().index(tied, 0))
    assert option.palette.color(QPalette.Text).lightness() < 60
    plain = next(r for r in range(view.model().rowCount()) if not view.model().index(r, 0).data(Qt.BackgroundRole))
    option = QStyleOptionViewItem()
    option.initFrom(view)
    view.itemDelegate().initStyleOption(option, view.model().index(plain, 0))
    assert option.palette.color(QPalette.Text).lightness() > 128


def test_themes_apply_and_are_remembered(window):
    view = window.panels["timeline"].merge_view
    window.set_theme("dark")
    assert theme.is_dark() and settings.read(settings.THEME) == "dark"
    assert type(view.itemDelegate()) is theme.ReadableDelegate
    window.set_theme("light")
    assert not theme.is_dark()
    assert type(view.itemDelegate()) is QStyledItemDelegate  # no Python call per painted cell
    assert QApplication.instance().palette().color(QPalette.Text).lightness() < 128
    with pytest.raises(ValueError):
        theme.apply("purple")


def test_plots_follow_the_theme_live(window, qtbot):
    """Built in the light theme, switched to dark and back: background, axes
    and lines take the theme's plot colours each time."""
    window.show_panel("timeline")
    timeline = window.panels["timeline"]
    timeline.tabs.setCurrentWidget(timeline.plots)
    plots = timeline.plots
    qtbot.waitUntil(lambda: len(plots.totals) == 5)
    widgets = {key: holder.plot() for key, holder in plots.plots.items()}

    def shown():
        counts = widgets["counts"]
        axis = counts.getPlotItem().getAxis("left")
        return (counts.backgroundBrush().color().name(), axis.pen().color().name(), axis.textPen().color().name(),
                plots.count_curve.opts["pen"].color().name(), plots.count_mark.pen.color().name(),
                plots.cost_mark.opts["brush"].color().name())

    for name, colours in (("light", theme.LIGHT_PLOT), ("dark", theme.DARK_PLOT), ("light", theme.LIGHT_PLOT)):
        window.set_theme(name)  # Qt posts the palette change to the widgets
        expected = (colours.background, colours.foreground, colours.foreground, colours.line, colours.mark,
                    colours.mark)
        qtbot.waitUntil(lambda: shown() == expected)
        for widget in widgets.values():
            assert widget.backgroundBrush().color().name() == colours.background
    assert theme.DARK_PLOT.background != theme.LIGHT_PLOT.background


def test_canonical_verdict_stays_readable_in_both_themes(window, qtbot):
    window.show_panel("encode")
    panel = window.panels["encode"]
    panel.decoder.ids_edit.setText("58 32")  # not canonical: the encoder writes 259
    panel.decoder.decode_now()
    verdict = panel.decoder.canon_view.verdict

    def lightness():
        return QColor(re.search(r"color: (#[0-9a-f]{6})", verdict.styleSheet()).group(1)).lightness()

    assert verdict.text().startswith("≠") and lightness() < 100
    window.set_theme("dark")
    qtbot.waitUntil(lambda: lightness() > 150)
    window.set_theme("light")
    qtbot.waitUntil(lambda: lightness() < 100)


def test_about_box_shows_version_and_default_identity(window):
    text = about.AboutBox(window).html()
    ident = identity.load(classroom.ASSET_PATH).identity
    assert "Subword Studio 0.1.0" in text and ident.interface_sha256 in text and ident.full_sha256 in text
    assert "291 entries, 32 merges" in text and "9bb146ce375b" in text
    box = window.show_about()
    assert box.isVisible()
    box.close()


def visible_texts(widget):
    texts = [w.text() for w in widget.findChildren(QAbstractButton) if w.isVisible() and w.text()]
    texts += [w.text() for w in widget.findChildren(QLabel) if w.isVisible() and w.text()]
    return texts


def test_language_switches_at_run_time_and_is_remembered(window):
    window.panels["encode"].input.setPlainText("typed by hand")
    window.show_panel("timeline")
    window.set_language("zh_CN")
    assert settings.read(settings.LANGUAGE) == "zh_CN" and language.current() == "zh_CN"
    assert window.tabs.currentWidget() is window.panels["timeline"]
    assert all(CJK.search(window.tabs.tabText(i)) for i in range(window.tabs.count()))
    assert all(CJK.search(a.text()) for a in window.menuBar().actions())
    for key, panel in window.panels.items():
        window.show_panel(key)
        assert any(CJK.search(t) for t in visible_texts(panel)), key
    header = window.panels["timeline"].merge_model.headerData(0, Qt.Horizontal)
    assert CJK.search(header)
    assert window.panels["encode"].input.toPlainText() == "typed by hand"
    window.set_language("en")
    assert window.tabs.tabText(0) == "Merge trace" and window.menuBar().actions()[0].text() == "&File"
    assert settings.read(settings.LANGUAGE) == "en"
    assert window.actions["lesson_panel"].text() == "&Lesson panel"
    tie = window.panels["timeline"].tie_box
    window.set_language("zh_CN")
    tie = window.panels["timeline"].tie_box
    assert tie.findData("lexicographic") >= 0 and CJK.search(tie.itemText(tie.findData("lexicographic")))
    window.set_language("en")


def test_startup_language_order():
    assert language.startup_language("zh_CN", "en") == "zh_CN"
    assert language.startup_language(None, "zh_CN") == "zh_CN"
    assert language.startup_language("en", "zh_CN") == "en"
    assert language.supported("zh-Hans-CN") == "zh_CN" and language.supported("fr_FR") == "en"


def test_language_switch_keeps_the_lesson_and_its_step(window, qtbot):
    window.start_lesson("19.5", confirm=True)
    window.set_language("zh_CN")  # while the swapped copy is still being made in a worker
    assert window.player.lesson.key == "19.5"
    qtbot.waitUntil(lambda: window.panels["assets"].diff is not None)
    assert len(window.workspace.assets) == 2  # the original and one copy, nothing lost or doubled
    assert CJK.search(window.lesson_dock.panel.explanation.text()) and CJK.search(window.lesson_dock.panel.title.text())


class _Dialogs:
    """Interop's questions answered without a modal dialog."""

    def __init__(self, path):
        self.path, self.errors = path, []

    def open_path(self):
        return self.path

    def error(self, message):
        self.errors.append(message)


def test_imported_tokenizer_files_join_the_recent_list(window, qtbot, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    tok = tokenizers.Tokenizer(tokenizers.models.WordPiece({"[UNK]": 0, "low": 1, "##er": 2}, unk_token="[UNK]"))
    tok.pre_tokenizer = tokenizers.pre_tokenizers.Whitespace()  # a pipeline the importer refuses
    refused = str(tmp_path / "refused.json")
    tok.save(refused)
    window.interop.dialogs = dialogs = _Dialogs(refused)
    with qtbot.waitSignal(window.interop.sig_failed, timeout=20_000):
        window.actions["import"].trigger()
    assert dialogs.errors and settings.read(settings.RECENT_TOKENIZERS) == []
    qtbot.waitUntil(lambda: not window.interop.task.is_running())  # one import at a time
    tok.pre_tokenizer = tokenizers.pre_tokenizers.WhitespaceSplit()
    path = str(tmp_path / "tokenizer.json")
    tok.save(path)
    window.interop.dialogs = dialogs = _Dialogs(path)
    with qtbot.waitSignal(window.interop.sig_imported, timeout=20_000):
        window.actions["import"].trigger()
    qtbot.waitUntil(lambda: settings.read(settings.RECENT_TOKENIZERS) == [path])
    assert not dialogs.errors and window.workspace.assets[-1].loaded.kind == "wordpiece"
    window.interop.report_window.close()
