"""The menu bar every window carries: File, View, Lessons, Window, Help.

Built by :meth:`Menus.build` and rebuilt the same way when the language changes.
A view in a window of its own gets the same menus as the main window: their
actions call the main window (the shell), which serves the one workspace,
so a shortcut works in whichever window has the keyboard.  Every action
that has a platform-standard key sequence uses it (Open, Save, Save As,
Quit, Full screen, Back/Forward for lesson steps, Close for a view window).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence

from core.errors import StudioError
from core.workspace import lessons

from . import language, settings, theme, zoom
from .shelf_open import opener_for
from .windows import views
from .windows.menu import WindowMenu


def _action(menu, text, slot, shortcut=None, *, checkable=False):
    action = QAction(text, menu)
    if shortcut is not None:
        action.setShortcut(QKeySequence(shortcut))
    action.setCheckable(checkable)
    action.triggered.connect(lambda _=False: slot())
    menu.addAction(action)
    return action


def _unique(sequences):
    """Key sequences without repeats or empties (a platform may give none for a standard key)."""
    found = []
    for sequence in sequences:
        if not sequence.isEmpty() and sequence not in found:
            found.append(sequence)
    return found


class Menus(QObject):
    """Builds the menu bar of one window (a QObject, so its texts have a context)."""

    def __init__(self, host, shell=None):
        """``host``: the window whose menu bar this is; ``shell``: the main
        window, whose slots the actions call (``host`` itself by default)."""
        super().__init__(host)
        self.host = host
        self.window = shell if shell is not None else host
        self.window_menu = WindowMenu(host, self.window)

    def recent_menu(self, menu, setting, open_slot):
        """Fill ``menu`` with the remembered files each time it opens; a file that
        has gone is shown disabled, and Clear forgets them all."""
        def fill():
            menu.clear()
            paths = settings.read(setting)
            for number, path in enumerate(paths, 1):
                label = f"&{number % 10} {Path(path).name}"
                action = _action(menu, label, lambda p=path: open_slot(p))
                action.setToolTip(path)
                action.setStatusTip(path)
                if not Path(path).is_file():
                    action.setEnabled(False)
                    action.setText(self.tr("%1 (missing)").replace("%1", label))
            if not paths:
                menu.addAction(self.tr("No recent files")).setEnabled(False)
            menu.addSeparator()
            _action(menu, self.tr("&Clear the list"), lambda: settings.write(setting, []))
        menu.aboutToShow.connect(fill)
        fill()
        return menu

    def builtin_menu(self, menu, window):
        """The shelf's tokenizers (core.shelf): picking one opens it and encodes with it."""
        entries = opener_for(window.workspace).entries()  # the manifest only: nothing is loaded here
        for entry in entries:
            action = _action(menu, entry.display, lambda name=entry.name: window.open_builtin(name))
            action.setStatusTip(self.tr("%1 from %2 %3, %4").replace("%1", entry.name).replace(
                "%2", entry.package).replace("%3", entry.version).replace("%4", entry.licence))
            action.setToolTip(action.statusTip())
        if not entries:
            menu.addAction(self.tr("No built-in tokenizers")).setEnabled(False)
        return menu

    def _show_zoom(self, actions):
        """Each zoom action says the level now (the menu is about to show)."""
        for name in ("zoom_in", "zoom_out", "actual_size"):
            actions[name].setStatusTip(self.tr("Every view is at %1 %; this changes text, token chips, tables "
                                               "and plots together.").replace("%1", str(zoom.level())))

    def build(self) -> dict:
        """Make the menus of ``host``; returns the actions tests and shortcuts need, by name."""
        window, host = self.window, self.host
        bar = host.menuBar()
        for action in bar.actions():  # a rebuild (new language) replaces the old menus
            if action.menu() is not None:
                action.menu().deleteLater()
        bar.clear()
        actions = {}

        file_menu = bar.addMenu(self.tr("&File"))
        actions["open"] = _action(file_menu, self.tr("&Open workspace…"), window.open_workspace, QKeySequence.Open)
        actions["save"] = _action(file_menu, self.tr("&Save workspace"), window.save_workspace, QKeySequence.Save)
        actions["save_as"] = _action(file_menu, self.tr("Save workspace &as…"), window.save_workspace_as,
                                     QKeySequence.SaveAs)
        self.recent_menu(file_menu.addMenu(self.tr("Recent &workspaces")), settings.RECENT_FILES,
                         window.open_recent)
        file_menu.addSeparator()
        actions["import"] = _action(file_menu, self.tr("&Import tokenizer…"), window.import_tokenizer, "Ctrl+I")
        actions["export"] = _action(file_menu, self.tr("&Export tokenizer…"), window.interop.export_tokenizer,
                                    "Ctrl+E")
        self.recent_menu(file_menu.addMenu(self.tr("Recent &tokenizers")), settings.RECENT_TOKENIZERS,
                         window.open_recent_tokenizer)
        actions["builtin"] = self.builtin_menu(file_menu.addMenu(self.tr("&Built-in tokenizers")), window)
        file_menu.addSeparator()
        actions["open_lesson"] = _action(file_menu, self.tr("Open &lesson…"), window.open_lesson_file, "Ctrl+L")
        actions["export_progress"] = _action(file_menu, self.tr("Export &progress as CSV…"), window.export_progress)
        file_menu.addSeparator()
        actions["quit"] = _action(file_menu, self.tr("&Quit"), window.close, QKeySequence.Quit)

        view_menu = bar.addMenu(self.tr("&View"))
        for number, key in enumerate(window.panels, 1):
            shortcut = f"Ctrl+{number}" if number < 10 else None
            actions["view_" + key] = _action(view_menu, views.title(key),
                                             lambda k=key: window.show_panel(k, activate=True), shortcut)
        view_menu.addSeparator()
        # Shows and raises the lesson text; hides it only when it is on top already
        # (a panel covered by another window counts as visible, yet cannot be read).
        actions["lesson_panel"] = _action(view_menu, self.tr("&Lesson panel"), window.windows.toggle_lesson_panel,
                                          QKeySequence.HelpContents)
        actions["full_screen"] = _action(view_menu, self.tr("&Full screen"),
                                         lambda: host.setWindowState(host.windowState() ^ Qt.WindowFullScreen),
                                         QKeySequence.FullScreen, checkable=True)
        actions["full_screen"].setChecked(host.isFullScreen())
        view_menu.addSeparator()
        # Projector mode (gui/shell/zoom.py): Ctrl++ where the platform says so, and Ctrl+= (no Shift) everywhere.
        actions["zoom_in"] = _action(view_menu, self.tr("Zoom &in"), window.zoom_in)
        actions["zoom_in"].setShortcuts(_unique([QKeySequence(QKeySequence.ZoomIn), QKeySequence("Ctrl+="),
                                                 QKeySequence("Ctrl++")]))
        actions["zoom_out"] = _action(view_menu, self.tr("Zoom &out"), window.zoom_out)
        actions["zoom_out"].setShortcuts(_unique([QKeySequence(QKeySequence.ZoomOut), QKeySequence("Ctrl+-")]))
        actions["actual_size"] = _action(view_menu, self.tr("&Actual size"), window.actual_size, "Ctrl+0")
        view_menu.aboutToShow.connect(lambda: self._show_zoom(actions))
        self._show_zoom(actions)
        view_menu.addSeparator()
        language_menu = view_menu.addMenu(self.tr("&Language"))
        group = QActionGroup(language_menu)
        for code, name in language.LANGUAGES:
            action = _action(language_menu, name, lambda c=code: window.set_language(c), checkable=True)
            action.setChecked(code == language.current())
            group.addAction(action)
            actions["language_" + code] = action
        theme_menu = view_menu.addMenu(self.tr("&Theme"))
        group = QActionGroup(theme_menu)
        names = {"system": self.tr("&System"), "light": self.tr("&Light"), "dark": self.tr("&Dark")}
        current = settings.read(settings.THEME)
        for name in theme.THEMES:
            action = _action(theme_menu, names[name], lambda n=name: window.set_theme(n), checkable=True)
            action.setChecked(name == current)
            group.addAction(action)
            actions["theme_" + name] = action

        lessons_menu = bar.addMenu(self.tr("&Lessons"))
        try:
            shipped = lessons.shipped()
        except StudioError as exc:  # a damaged install: the menu says why, the app runs on
            shipped = ()
            lessons_menu.addAction(self.tr("Lessons cannot be read: %1").replace("%1", str(exc))).setEnabled(False)
        for lesson in shipped:
            actions["lesson_" + lesson.id] = _action(lessons_menu, lesson.title.get(language.current()),
                                                     lambda k=lesson.id: window.start_lesson(k))
        self.recent_menu(lessons_menu.addMenu(self.tr("&Recent lessons")), settings.RECENT_LESSONS,
                         window.open_lesson_file)
        lessons_menu.addSeparator()
        actions["previous_step"] = _action(lessons_menu, self.tr("&Previous step"), window.player.previous,
                                           QKeySequence.Back)
        actions["next_step"] = _action(lessons_menu, self.tr("&Next step"), window.player.next, QKeySequence.Forward)
        lessons_menu.addSeparator()
        actions["end_lesson"] = _action(lessons_menu, self.tr("E&nd lesson"), window.player.end)
        lessons_menu.aboutToShow.connect(lambda: actions["end_lesson"].setEnabled(window.player.lesson is not None))
        actions["end_lesson"].setEnabled(window.player.lesson is not None)
        lessons_menu.addSeparator()
        actions["exercises"] = _action(lessons_menu, self.tr("&Exercises (§19.8)…"), window.show_exercises,
                                       "Ctrl+Shift+E")

        self.window_menu.build(bar, actions)

        help_menu = bar.addMenu(self.tr("&Help"))
        actions["welcome"] = _action(help_menu, self.tr("&Welcome page"), window.show_welcome)
        actions["about"] = _action(help_menu, self.tr("&About Subword Studio"), window.show_about)
        return actions
