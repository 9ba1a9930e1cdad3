"""The main window: one tab per view, every view over the same workspace.

A view is a QWidget built as ``View(bridge)``, one entry in gui/shell/windows/views.py.
Any tab can leave for a window of its own, any view can open in a new window
(gui/shell/windows/); all observe the one workspace through ``self.bridge``, and
this window's slots serve the menus of every window."""

from __future__ import annotations

import json
from pathlib import Path

import shiboken6
from PySide6.QtCore import Qt, QThread, QTimer
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMessageBox

from core import assets
from core.workspace import lessons, questions, workspace_file
from core.workspace.lesson_file import LessonError, load as load_lesson
from core.errors import StudioError

from ..assets.interop import Interop
from ..encode import chooser as encode_chooser
from ..lessons import progress as lesson_progress
from ..lessons.exercises import ExerciseDialog, Progress as ExerciseProgress
from ..lessons.player import LessonDock, LessonPlayer
from . import about, core_text, desktop, files, language, menus, settings, theme, welcome, zoom
from .bridge import WorkspaceBridge
from .shelf_open import opener_for
from .windows import views
from .windows.manager import WindowManager
from .windows.tabs import ViewTabs
from .workers import run_task, shutdown, trainer_for

AUTOSAVE_MS = 60_000


class MainWindow(QMainWindow):
    def __init__(self, bridge: WorkspaceBridge, parent=None, *, autosave_dir=None):
        super().__init__(parent)
        # Attributes
        self.bridge = bridge
        self.workspace = bridge.workspace
        self.workspace_path: str | None = None
        self.saved_revision = self.workspace.revision
        self.autosave_dir = autosave_dir  # None: no autosave (tests, --screenshot)
        self._autosave_timer = QTimer(self, interval=AUTOSAVE_MS)

        # Widgets
        self.tabs = ViewTabs()
        self.panels = {}  # the main window's own views, by key: in their tabs or detached
        self.player = LessonPlayer(self)
        self.lesson_dock = LessonDock(self.player, self)
        self.windows = WindowManager(self)  # the other windows
        self.exercises = None  # the exercise dialog, made on first use
        self._builtin = None  # the built-in tokenizer File → Built-in tokenizers is opening ("" once done)
        self.reading = None  # the task reading a workspace file, if one is
        self._build_views()
        self.setAcceptDrops(True)

        # Layout
        self.setCentralWidget(self.tabs)
        self.addDockWidget(Qt.RightDockWidgetArea, self.lesson_dock)
        self.lesson_dock.hide()
        self.setWindowTitle(self.tr("Subword Studio"))
        self.resize(1180, 720)
        self.menus = menus.Menus(self)
        self.actions = self.menus.build()
        self._restore_layout()
        for signal in (self.player.sig_step_shown, self.player.sig_failed):
            signal.connect(self.windows.show_lesson_panel)
        self.windows.sig_changed.connect(self.show_title)
        self._slot = None
        self._kept_assets: set[str] = set()  # identities of unsaved assets held by the saved workspace file
        if autosave_dir is not None:
            # Found now, before this session's own autosave exists; a live
            # instance's autosave is locked and never offered.
            self._recovery = workspace_file.pending_recovery(autosave_dir)
            try:
                self._slot = workspace_file.AutosaveSlot(autosave_dir)
            except OSError as exc:
                self._slot_error = str(exc)
            self._autosave_timer.timeout.connect(self.autosave)
            QTimer.singleShot(0, self.offer_recovery)

    def _build_views(self):
        """One tab per view over ``self.bridge``; run again after a language change."""
        bridge = self.bridge
        self.panels = {}
        for key in views.TABS:
            self.panels[key] = views.make(key, bridge, self)
            self.tabs.addTab(self.panels[key], views.title(key))
        self.trace_panel = self.panels["trace"]
        self.interop = Interop(bridge, self)  # File → Import/Export tokenizer, dropped tokenizer files
        self.interop.sig_imported.connect(lambda _index: self.show_panel("assets"))
        # Tokenizer files dropped on the window or any view, several at a time;
        # workspace files and our own assets reach dropEvent below.
        self.interop.watch_drops(self.tabs)
        self.installEventFilter(self.interop)
        for signal in (bridge.sig_corpus_changed, bridge.sig_settings_changed, bridge.sig_model_trained):
            signal.connect(self.show_title)
        theme.fit_views(self.tabs)

    def show_panel(self, key: str, *, activate: bool = False):
        """Show view ``key``: its tab, or its window if detached; ``activate``
        also raises that window and gives it the keyboard (View menu)."""
        panel = self.panels[key]
        if self.tabs.indexOf(panel) >= 0:
            self.tabs.setCurrentWidget(panel)
        holder = panel.window()
        if holder.isMinimized():
            holder.showNormal()
        if activate:
            self.windows.activate(holder)

    def dragEnterEvent(self, event):
        # Views that take drops themselves (the corpus editor) get them first.
        # Any local file is taken: one that cannot be opened is told why.
        if any(url.isLocalFile() for url in event.mimeData().urls()):
            event.acceptProposedAction()

    def dropEvent(self, event):
        urls = event.mimeData().urls()
        dropped = desktop.dropped_file(urls)
        if dropped:
            event.acceptProposedAction()
            kind, path = dropped
            if kind == "workspace":
                self.open_workspace(path)
            else:
                self.import_tokenizer(path)
        elif any(url.isLocalFile() for url in urls):
            event.acceptProposedAction()
            message = files.not_openable(next(url.toLocalFile() for url in urls if url.isLocalFile()))
            QTimer.singleShot(0, lambda: self._fail(message))  # after the drop: the drag's source is not kept waiting

    # ==== lessons, about, language and theme ====

    def start_lesson(self, lesson, *, confirm=None) -> bool:
        """Start a shipped lesson (its ID) or a lesson read from a file."""
        return self.player.start(lesson, confirm=confirm)

    def open_lesson_file(self, path=None, *, confirm=None):
        """File → Open lesson: read a teacher's lesson file, check every answer
        key against the core (in a worker: a real tokenizer takes seconds to
        open), then start it.  A broken file, an unknown tokenizer or a wrong
        answer key is refused in one line naming the file and the field.
        Returns the reading task, or None."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("Open lesson"), "",
                                                  self.tr("Subword Studio lesson (*.toml);;All files (*)"))
            if not path:
                return None
        path = str(path)

        def read():
            lesson = load_lesson(path)
            problems = questions.check(lesson)
            if problems:
                more = f" (and {len(problems) - 1} more: python main.py lesson check lists them)" \
                    if len(problems) > 1 else ""
                raise LessonError(problems[0] + more)
            return lesson
        return files.read_in_worker(self, self.tr("Checking %1…").replace("%1", Path(path).name), read,
                                    lambda lesson: self._lesson_read(path, lesson, confirm), self._fail,
                                    name="read lesson")

    def _lesson_read(self, path, lesson, confirm):
        settings.add_recent(str(Path(path).resolve()), settings.RECENT_LESSONS)
        self.start_lesson(lesson, confirm=confirm)

    def export_progress(self, path=None) -> bool:
        """File → Export progress as CSV: every answered question, for a teacher."""
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export progress"), "progress.csv",
                                                  self.tr("CSV (*.csv)"))
            if not path:
                return False
        known = list(lessons.shipped())
        if self.player.lesson is not None and self.player.lesson not in known:
            known.append(self.player.lesson)
        exercise_rows = ExerciseProgress().csv_rows()
        rows = lesson_progress.csv_rows(self.player.progress, known, exercise_rows)
        try:
            lesson_progress.write_csv(path, rows)
        except (StudioError, OSError) as exc:
            self._fail(core_text.error(exc) if isinstance(exc, StudioError) else f"{path}: {exc.strerror or exc}")
            return False
        return True

    def show_welcome(self) -> welcome.WelcomeDialog:
        box = welcome.WelcomeDialog(self)
        box.show()
        return box

    def show_exercises(self) -> ExerciseDialog:
        if self.exercises is None:
            self.exercises = ExerciseDialog(self.player, self)
        self.exercises.show()
        self.exercises.raise_()
        return self.exercises

    def show_about(self) -> about.AboutBox:
        box = about.AboutBox(self)
        box.open()
        return box

    def set_theme(self, name: str):
        theme.apply(name)
        for window in self.windows.all():
            theme.fit_views(window)
        settings.write(settings.THEME, name)

    def set_zoom(self, level: int) -> int:
        """Projector mode: every view at ``level`` percent (gui/shell/zoom.py), remembered."""
        level = zoom.set_level(level)
        self._zoomed(level)
        return level

    def zoom_in(self) -> int:
        return self._zoomed(zoom.zoom_in())

    def zoom_out(self) -> int:
        return self._zoomed(zoom.zoom_out())

    def actual_size(self) -> int:
        return self._zoomed(zoom.actual_size())

    def _zoomed(self, level: int) -> int:
        self.statusBar().showMessage(self.tr("Zoom: %1 %").replace("%1", str(level)), 3000)
        return level

    def set_language(self, code: str):
        """Switch the UI language now and remember it (``--lang`` still wins at start-up)."""
        code = language.install(code)
        settings.write(settings.LANGUAGE, code)
        self.retranslate()

    def retranslate(self):
        """Rebuild every view over a fresh bridge, in the language now installed.

        A rebuild reaches every string a view made at construction, which a
        per-view retranslate could miss.  The workspace, the current tab, the
        lesson and whatever the user typed in the views' text fields stay.
        """
        key = self.current_panel()
        kept = {k: views.state(panel) for k, panel in self.panels.items()}
        # The views of new windows too (what they show is kept on each window).
        old_bridge, old_interop = self.bridge, self.interop
        old_views = [*self.panels.values(), *self.windows.release_views()]
        trainer = trainer_for(old_bridge)
        was_training, auto, history = trainer.is_running("main"), trainer.auto, trainer.history()
        shutdown()  # no worker may report to a view that is going
        old_bridge.detach()
        for thread in (t for view in old_views for t in view.findChildren(QThread)):
            thread.requestInterruption()
            thread.wait()
        self.tabs.clear()
        # Freed now, while no worker runs: freeing a big widget tree while a worker
        # ends its task can deadlock PySide (the GIL against a Qt lock).
        for widget in (*old_views, old_interop, old_bridge):
            shiboken6.delete(widget)
        self.bridge = WorkspaceBridge(self.workspace, self)
        trainer_for(self.bridge).set_auto(auto)
        trainer_for(self.bridge).carry(history)  # what the workspace's trained models were trained on
        self._build_views()
        for k, found in kept.items():
            views.restore(self.panels.get(k), found)
        self.setWindowTitle(self.tr("Subword Studio"))
        self.show_title()
        # The dock's new title renames its toggle action: retitle it first, then
        # let the menus name the action ("Lesson panel", not the dock's "Lesson").
        self.lesson_dock.retranslate()
        self.actions = self.menus.build()
        self.windows.rebuild()  # detached views back in their windows, new windows' views made again
        if self.exercises is not None:
            self.exercises.deleteLater()
            self.exercises = None
        if self.player.lesson is not None:
            self.player.go(self.player.index)  # the step's selections live in the views
        if key in self.panels:
            self.show_panel(key)
        if was_training:  # cancelled above: start it again for the new views
            trainer_for(self.bridge).start("main")

    # ==== recent files and window layout ====

    def open_recent(self, path: str):
        if not Path(path).is_file():
            settings.remove_recent(path, settings.RECENT_FILES)
            self._fail(self.tr("%1 no longer exists; it was removed from the recent files.").replace("%1", path))
            return None
        return self.open_workspace(path)

    def open_recent_tokenizer(self, path: str):
        if not Path(path).is_file():
            settings.remove_recent(path, settings.RECENT_TOKENIZERS)
            self._fail(self.tr("%1 no longer exists; it was removed from the recent files.").replace("%1", path))
            return None
        return self.import_tokenizer(path)

    def open_builtin(self, name: str):
        """File → Built-in tokenizers: open one (off the GUI thread) and encode with it."""
        opener = opener_for(self.workspace)
        if self._builtin is None:
            opener.sig_opened.connect(self._builtin_opened)
            opener.sig_failed.connect(self._builtin_failed)
        self._builtin = name
        self.show_panel("encode")
        opener.open(name)

    def _builtin_opened(self, name, key):
        if name == self._builtin:
            self._builtin = ""
            encode_chooser.choose(self.workspace, key)

    def _builtin_failed(self, name, message):
        if name == self._builtin:
            self._builtin = ""
            self._fail(message)

    def import_tokenizer(self, path=None):
        """File → Import tokenizer (our own asset files open directly); a successful
        import is remembered in the recent tokenizers."""
        if path is None:
            path = self.interop.dialogs.open_path()
            if path is None:
                return None
        if desktop.starts_with_format(path, assets.FORMAT):
            # Read and hashed in the asset manager's worker: seconds for a large vocabulary.
            self.show_panel("assets")
            task = self.panels["assets"].open_files([path])
            if task is not None:
                task.sig_done.connect(lambda results: self._opened_asset(path, *results[0]))
            return task
        task = self.interop.import_tokenizer(path)
        if task is not None:
            task.sig_done.connect(lambda _: settings.add_recent(str(path), settings.RECENT_TOKENIZERS))
        return task

    def current_panel(self) -> str | None:
        current = self.tabs.currentWidget()
        return next((key for key, panel in self.panels.items() if panel is current), None)

    def _restore_layout(self):
        geometry, state = settings.read(settings.GEOMETRY), settings.read(settings.STATE)
        if geometry:
            self.restoreGeometry(geometry)
        if state:
            self.restoreState(state)
        if settings.read(settings.CURRENT_VIEW) in self.panels:
            self.show_panel(settings.read(settings.CURRENT_VIEW))
        encode_chooser.restore(self.workspace)
        try:
            kept = json.loads(settings.read(settings.VIEW_STATES) or "{}")
        except ValueError:
            kept = {}  # a damaged entry: the views start as new
        for k, found in kept.items() if isinstance(kept, dict) else ():
            views.restore(self.panels.get(k), found)
        self.windows.restore()  # shown with this window (showEvent)

    def save_layout(self):
        """This window's geometry, docks and tab, and the other windows (gui/shell/windows/manager.py)."""
        settings.write(settings.GEOMETRY, self.saveGeometry())
        settings.write(settings.STATE, self.saveState())
        settings.write(settings.CURRENT_VIEW, self.current_panel() or "")
        settings.write(settings.VIEW_STATES, json.dumps({k: views.saved_state(panel)
                                                         for k, panel in self.panels.items()}))
        self.windows.save()

    def showEvent(self, event):
        super().showEvent(event)
        self.windows.show_all()  # the windows restored with this one

    # ==== workspace files, autosave and recovery ====

    def show_title(self, *_):
        name = Path(self.workspace_path).name if self.workspace_path else self.tr("untitled")
        dirty = "*" if self.workspace.revision != self.saved_revision else ""
        self.setWindowTitle(self.tr("%1%2 — Subword Studio").replace("%1", name).replace("%2", dirty))
        self.windows.retitle()

    def _opened_asset(self, path, loaded, error):
        if loaded is None:
            self._fail(error)
        else:
            settings.add_recent(str(path), settings.RECENT_TOKENIZERS)

    def _fail(self, message):
        QMessageBox.warning(self, self.tr("Subword Studio"), message)

    def open_workspace(self, path=None):
        """Read a workspace file in a worker (busy, with Cancel); once read it
        replaces the workspace.  Returns the reading task, or None."""
        if path is None:
            path, _ = QFileDialog.getOpenFileName(self, self.tr("Open workspace"), "",
                                                  self.tr("Subword Studio workspace (*.json);;All files (*)"))
            if not path:
                return None
        if self.reading is not None:
            self.reading.cancel()  # the newer choice wins
        path = str(path)
        self.reading = files.read_in_worker(
            self, self.tr("Reading %1…").replace("%1", Path(path).name), lambda: workspace_file.read(path),
            lambda snap: self._workspace_read(path, snap), self._fail, name="read workspace")
        self.reading.sig_ended.connect(self._reading_ended)
        return self.reading

    def _reading_ended(self):
        if self.reading is self.sender():
            self.reading = None

    def _workspace_read(self, path, snap):
        try:
            workspace_file.apply(snap, self.workspace)
        except StudioError as exc:
            self._fail(core_text.error(exc))
            return
        self.workspace_path, self.saved_revision = path, self.workspace.revision
        self._kept_assets = {e.loaded.identity.full_sha256 for e in self.workspace.assets if e.dirty}
        settings.add_recent(self.workspace_path, settings.RECENT_FILES)
        self.show_title()

    def save_workspace(self) -> bool:
        if self.workspace_path is None:
            return self.save_workspace_as()
        snap, path = workspace_file.snapshot(self.workspace, source=self.workspace_path), self.workspace_path
        try:
            if not files.save(self, lambda: workspace_file.save(snap, path)):
                return False
        except StudioError as exc:
            self._fail(core_text.error(exc))
            return False
        self.saved_revision = self.workspace.revision
        # Unsaved assets went into the workspace file: nothing of them is lost.
        self._kept_assets = {e.loaded.identity.full_sha256 for e in self.workspace.assets if e.dirty}
        settings.add_recent(self.workspace_path, settings.RECENT_FILES)
        self.show_title()
        return True

    def save_workspace_as(self, path=None) -> bool:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Save workspace"), "workspace.json",
                                                  self.tr("Subword Studio workspace (*.json)"))
            if not path:
                return False
        self.workspace_path = str(path)
        return self.save_workspace()

    def unsaved(self) -> list[str]:
        """What would be lost: the workspace and each asset with unsaved edits, by name."""
        found = [self.tr("the workspace")] if self.workspace.revision != self.saved_revision else []
        return found + [entry.loaded.name for entry in self.workspace.assets
                        if entry.dirty and entry.loaded.identity.full_sha256 not in self._kept_assets]

    def autosave(self):
        """Write unsaved work (workspace and unsaved assets) to this instance's autosave, off the GUI thread."""
        if self._slot is None or not self.unsaved():
            return
        snap, slot = workspace_file.snapshot(self.workspace, source=self.workspace_path), self._slot
        run_task(lambda progress, stop: slot.write(snap), name="autosave")

    def offer_recovery(self):
        """Offer the autosave a crashed (or unsaved) session left; then start autosaving."""
        found, self._recovery = getattr(self, "_recovery", None), None
        if self.autosave_dir is not None:
            self._autosave_timer.start()
        if found is None:
            return
        answer = QMessageBox.question(
            self, self.tr("Recover unsaved work"),
            self.tr("The last session ended with unsaved work (autosaved in %1). Restore it?").replace("%1", str(found)),
            QMessageBox.Yes | QMessageBox.Discard)
        if answer == QMessageBox.Yes:
            # Read like any workspace file; a cancelled read keeps the autosave for the next start.
            self.reading = files.read_in_worker(
                self, self.tr("Reading %1…").replace("%1", Path(found).name), lambda: workspace_file.read(found),
                lambda snap: self._recovered(found, snap), self._fail, name="read autosave")
            self.reading.sig_ended.connect(self._reading_ended)
        else:
            workspace_file.discard_recovery(found)

    def _recovered(self, found, snap):
        try:
            workspace_file.apply(snap, self.workspace)
        except StudioError as exc:
            self._fail(core_text.error(exc))
            return
        self.workspace_path = snap.source
        self.show_title()
        if self._slot is not None:
            # The recovered work is this instance's now: its own autosave
            # holds it before the old file goes.
            try:
                self._slot.write(workspace_file.snapshot(self.workspace, source=self.workspace_path))
            except StudioError:
                return
            workspace_file.discard_recovery(found)

    def _confirm_close(self) -> bool:
        """Ask once about unsaved work: save the workspace (unsaved assets go
        with it), quit and keep it in the autosave, or stay."""
        lost = self.unsaved()
        if self._slot is None or not lost:
            return True
        answer = QMessageBox.question(
            self, self.tr("Unsaved work"),
            self.tr("Not saved: %1. Save the workspace (unsaved tokenizers are saved in it)? If you quit "
                    "without saving, the work stays in the autosave and is offered at the next start.").replace(
                "%1", ", ".join(lost)),
            QMessageBox.Save | QMessageBox.Close | QMessageBox.Cancel, QMessageBox.Save)
        if answer == QMessageBox.Save:
            return self.save_workspace()
        return answer == QMessageBox.Close

    def closeEvent(self, event):
        if not self._confirm_close():
            event.ignore()
            return
        self.player.restore_layout()  # the user's windows are saved, not a lesson's
        self.player.restore_choices()  # and the tokenizers the user chose
        self.save_layout()
        self.windows.close_all()  # each view goes with its window; detached ones come home first
        shutdown()
        if self._slot is not None:
            # Unsaved work stays in the autosave, to be offered next time; saved work leaves none.
            if self.unsaved():
                try:
                    self._slot.write(workspace_file.snapshot(self.workspace, source=self.workspace_path))
                except StudioError:
                    pass
            else:
                self._slot.discard()
            self._slot.release()
            self._slot = None
        super().closeEvent(event)

