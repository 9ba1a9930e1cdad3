"""Application start-up: QApplication, translators, the one workspace, windows."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import time
from pathlib import Path

from PySide6.QtCore import QEventLoop, QStandardPaths, QTimer
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from core import engines, formats, shelf
from core.engines import probes
from core.errors import StudioError
from core.formats import builtin
from core.workspace import lessons, workspace_file
from core.workspace.workspace import Workspace

from . import desktop, language, settings, theme, welcome, workers, zoom
from .bridge import WorkspaceBridge
from .main_window import MainWindow


ICONS = Path(__file__).resolve().parents[2] / "resources" / "icons"  # in the bundle too (packaging/*.spec)
ICON_SIZES = (16, 32, 48, 64, 128, 256)


def app_icon() -> QIcon:
    """The application icon, every size packaging/icons.py renders (no SVG
    plugin needed): set on the application, so every window shows it."""
    icon = QIcon()
    for size in ICON_SIZES:
        path = ICONS / f"subword-studio-{size}.png"
        if path.is_file():
            icon.addFile(str(path))
    return icon


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="main.py", description="Subword Studio workbench")
    parser.add_argument("--lang", help="UI language, e.g. zh_CN or en (default: system)")
    parser.add_argument("--screenshot", help="save a screenshot of the main window to this PNG and exit")
    parser.add_argument("--self-test", action="store_true",
                        help="open every view, save a screenshot of each, check them and exit (0 = all good)")
    parser.add_argument("--screenshot-dir", default=".", help="where --self-test saves its screenshots")
    parser.add_argument("--open", nargs="*", default=[], metavar="FILE",
                        help="open these files: a workspace, a tokenizer asset or file, a lesson (.toml); "
                             "the desktop's menu entry opens a double-clicked file this way")
    return parser.parse_args(argv)


# Set to a file name, the app opens the --open files, writes what it opened
# there and quits: how packaging/deb_check.sh sees that a file double-clicked
# through its MIME type reached the window, without leaving the app running.
QUIT_AFTER_OPEN = "SUBWORD_STUDIO_QUIT_AFTER_OPEN"


def open_files(window, paths) -> list:
    """--open: each file by what it is (a lesson by its suffix, a workspace
    by its declared format, else a tokenizer: our asset files or an import).
    Returns [(path, task or None)]."""
    opened = []
    for path in map(str, paths):
        if path.endswith(lessons.SUFFIX):
            task = window.open_lesson_file(path)
        elif desktop.starts_with_format(path, workspace_file.FORMAT):
            task = window.open_workspace(path)
        else:
            task = window.import_tokenizer(path)
        opened.append((path, task))
    return opened


def quit_after_open(app, window, paths, report_path, limit_s: float = 60.0) -> None:
    """Open ``paths`` (--open) and once every read has ended (and the views
    are idle), write one line per file to ``report_path`` (``opened PATH`` or
    ``failed PATH: why``), any warning, and the window's title, then quit:
    status 0 when all opened.  Run from the event loop (its exit ends it)."""
    outcome = {}
    messages = []
    # No modal box or question to wait on: a warning goes into the report, a question is a no.
    window._fail = window.interop.dialogs.error = messages.append
    window.interop.dialogs.choose = lambda *_: None
    opened = open_files(window, paths)
    for path, task in opened:
        if task is None:
            outcome[path] = "failed: not started"
            continue
        task.sig_done.connect(lambda *_, p=path: outcome.setdefault(p, "opened"))
        task.sig_failed.connect(lambda message, p=path: outcome.setdefault(p, f"failed: {message}"))
        task.sig_cancelled.connect(lambda p=path: outcome.setdefault(p, "failed: cancelled"))
    start = time.monotonic()

    def check():
        done = len(outcome) == len(opened) and not workers.running()
        if not done and time.monotonic() - start < limit_s:
            return
        timer.stop()
        _settle(app, quiet_s=0.2)
        lines = [f"opened {path}" if outcome.get(path) == "opened"
                 else f"failed {path}: {outcome.get(path, 'timed out').removeprefix('failed: ')}" for path, _ in opened]
        lines += [f"message: {message}" for message in messages]
        lines.append(f"title: {window.windowTitle()}")
        Path(report_path).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print("\n".join(lines))
        good = opened and all(outcome.get(path) == "opened" for path, _ in opened) and not messages
        app.exit(0 if good else 1)

    timer = QTimer(app)
    timer.timeout.connect(check)
    timer.start(100)




def _settle(app, quiet_s: float = 0.5, limit_s: float = 10.0) -> None:
    """Run the event loop until the view's debounced background work has shown its result."""
    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        app.processEvents(QEventLoop.AllEvents, 50)
        if time.monotonic() - start >= quiet_s and not workers.running():
            break
        time.sleep(0.01)
    app.processEvents()


def self_test(app, window, folder) -> int:
    """Show each view in turn, grab it and check the picture is not blank;
    then the same for a view opened in a window of its own."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    failures = []

    def check(key, holder):
        _settle(app)
        image = holder.grab().toImage()
        path = folder / f"self-test-{key}.png"
        if image.isNull() or not image.save(str(path)):
            failures.append(f"{key}: could not grab or save {path}")
            return
        colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 23)}
        if len(colours) < 3:
            failures.append(f"{key}: the screenshot is blank")
        print(f"self-test: {key} ok -> {path}")

    for key, panel in window.panels.items():
        window.show_panel(key)
        check(key, panel.window())  # the main window, or the window it was detached into
    check("window-timeline", window.windows.new_window("timeline"))
    failures += icon_check(app)
    failures += lessons_check()
    failures += shelf_check()
    failures += engines_check()
    for failure in failures:
        print(f"self-test: FAILED {failure}", file=sys.stderr)
    return 1 if failures else 0


def icon_check(app) -> list[str]:
    """The application icon came along, every size, and every window has it."""
    sizes = sorted(size.width() for size in app.windowIcon().availableSizes())
    if sizes != sorted(ICON_SIZES):
        return [f"icon: sizes {sizes} in {ICONS}, expected {list(ICON_SIZES)}"]
    print(f"self-test: icon ok ({', '.join(map(str, sizes))} px)")
    return []


def lessons_check() -> list[str]:
    """The shipped lessons came along and read (each one checked against the core on its own: the tests do it)."""
    try:
        found = lessons.shipped()
    except (StudioError, OSError) as exc:
        return [f"lessons: {exc}"]
    if not found:
        return [f"lessons: none in {lessons.FOLDER}"]
    print(f"self-test: lessons ok ({len(found)}: {', '.join(lesson.id for lesson in found)})")
    return []


def shelf_check() -> list[str]:
    """The built-in tokenizers came along: every file unpacks to its recorded
    hash, every format's importer is there, and the smallest one loads."""
    try:
        entries = shelf.entries()
        for entry in entries:
            shelf.original(entry)
            importlib.import_module(f"core.formats.{formats.MODULES[entry.format]}")
        if entries:
            builtin.load(min(entries, key=lambda e: e.size).name)
    except (StudioError, ImportError) as exc:
        return [f"shelf: {exc}"]
    print(f"self-test: shelf ok ({len(entries)} built-in tokenizers)")
    return []


def engines_check() -> list[str]:
    """The native engines came along and work: each one builds for every
    built-in tokenizer it can hold exactly and encodes a probe to the
    reference's IDs; each serves at least one."""
    text = " ".join(probes.LINES[:15])  # prose in many scripts, contractions, marks, emoji
    failures, served = [], dict.fromkeys(engines.NATIVE, 0)
    missing = [name for name in engines.NATIVE if engines.version(name) is None]
    failures += [f"engines: {name} is not in the bundle" for name in missing]
    for entry in shelf.names():
        reference = engines.open_asset(entry, engine=engines.REFERENCE)
        want = reference.encode_ids(text)
        for name in served:
            spec = None if name in missing else engines.spec_of(reference.entry, name)
            if spec is None or isinstance(spec, str):
                continue  # not installed, or its format cannot hold this tokenizer
            try:
                got = engines.native_module(name).build(spec).encode_ids(text)
            except Exception as exc:  # whatever the library raises, the bundle is broken
                failures.append(f"engines: {name} on {entry}: {type(exc).__name__}: {exc}")
                continue
            if got != want:
                failures.append(f"engines: {name} on {entry}: other IDs than the reference")
            served[name] += 1
    failures += [f"engines: {name} encoded no built-in tokenizer" for name, count in served.items()
                 if not count and name not in missing]
    if not failures:
        print("self-test: engines ok (" + ", ".join(f"{name} on {count}" for name, count in served.items()) + ")")
    return failures


def no_display() -> bool:
    """Would Qt abort for want of a screen?  On Linux the desktop platforms
    need DISPLAY (X11) or WAYLAND_DISPLAY; offscreen and the others do not."""
    if not sys.platform.startswith("linux"):
        return False
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform and not platform.startswith(("xcb", "wayland")):
        return False
    return not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def run(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if QApplication.instance() is None and no_display():
        print("subword-studio: no display: set DISPLAY (or WAYLAND_DISPLAY), or run headless with a subcommand "
              "(python main.py --help)", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication([sys.argv[0]])
    app.setOrganizationName("SubwordStudio")
    app.setApplicationName("Subword Studio")
    app.setDesktopFileName("subword-studio")  # the installed menu entry (packaging/deb.sh)
    app.setWindowIcon(app_icon())
    language.install(language.startup_language(args.lang, settings.read(settings.LANGUAGE)))
    saved_theme = settings.read(settings.THEME)
    theme.apply(saved_theme if saved_theme in theme.THEMES else "system")
    zoom.restore()
    bridge = WorkspaceBridge(Workspace.example())
    # Autosave and crash recovery only for interactive runs: a self-test or a
    # screenshot must never stop at a "restore unsaved work?" question.
    interactive = not (args.self_test or args.screenshot or os.environ.get(QUIT_AFTER_OPEN))
    autosave_dir = QStandardPaths.writableLocation(QStandardPaths.AppDataLocation) if interactive else None
    window = MainWindow(bridge, autosave_dir=autosave_dir)
    window.show()
    if interactive and welcome.first_start():
        QTimer.singleShot(0, window.show_welcome)  # after the window is on screen (and any recovery question)
    if args.self_test:
        return self_test(app, window, args.screenshot_dir)
    report = os.environ.get(QUIT_AFTER_OPEN)
    if report:
        QTimer.singleShot(0, lambda: quit_after_open(app, window, args.open, report))
    elif args.open:
        QTimer.singleShot(0, lambda: open_files(window, args.open))  # once the window is on screen
    if args.screenshot:
        def shoot():
            window.grab().save(args.screenshot)
            app.quit()

        QTimer.singleShot(300, shoot)
    return workers.exec_and_shutdown(app)
