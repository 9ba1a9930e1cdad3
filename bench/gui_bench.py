"""GUI timings under QT_QPA_PLATFORM=offscreen, one fresh process each.

    .venv/bin/python bench/gui_bench.py [--repeats 3] [--only first_window,stall] [--lang zh_CN]
    .venv/bin/python bench/run.py --only gui

* ``first_window``: process start (the parent's clock just before it
  spawns the child) until the main window's first paint has finished;
  the child runs the real start-up, ``gui.shell.app.run``.
* ``timeline``: a 50,000-merge model (char BPE on the English corpus's
  words, trained before the clock starts): ``MergeTimeline`` constructed,
  shown and painted.
* ``encode``: the encode panel is given a text the classroom tokenizer cuts
  into 100,000 tokens; from ``setPlainText`` until the token strip has
  painted them (and, reported too, until every chip is laid out).
* ``encode_asset``: the same with an opened asset (``--asset PATH``, e.g.
  a shelf tokenizer; bench/encode_speed.py leaves imported ones in
  bench/.cache/assets) on ``--bytes`` (1 MB) of the ordinary corpus
  (bench/corpora.py), chosen as the encoder; from the paste
  (``setPlainText``) until every chip is laid out.  ``encode_stall`` is the
  longest gap of a 10 ms heartbeat from the start of the encoding (one turn
  after the paste, as the panel's debounce starts it) to the end;
  ``paste_stall`` the gap of the paste's own turn, Qt's ``setPlainText``
  and first paint of the text.
* ``choose``: the encode panel on the example workspace; from picking a
  built-in tokenizer (``--shelf NAME``, e.g. o200k_base) in its selector
  until the token strip has painted the sample's tokens, served from the
  compiled cache (gui/shell/serving.py; a first run, not counted, warms it).
  ``opened`` is when the workspace holds the whole asset (imported in the
  background meanwhile).
* ``encode_shelf``: ``encode_asset`` with a built-in tokenizer
  (``--shelf NAME``), picked in the selector and served before the clock
  starts: 1 MB from the paste until every chip is laid out, with
  ``encode_stall``, the longest gap of the heartbeat meanwhile.
* ``compare``: the Compare tab over four tokenizers (the classroom byte
  BPE, the trained char BPE, a byte-level BPE and a Unigram model trained
  before the clock starts) is given a 50,000-character text (English,
  Chinese, emoji); from ``refresh`` until the lanes have painted every
  tokenizer's chips.  ``compare_stall`` is the longest gap of a 10 ms
  heartbeat meanwhile: the encoding runs in a worker.
* ``stall``: the main window with a 10 ms heartbeat timer while the shared
  trainer learns 16,000 merges on the English 10 MB words; the longest gap
  between beats, from the start of training until 0.5 s after its result
  is in every view.  The same window idle for 2 s first gives the
  machine's own noise (``idle_stall``); ``longest_gc`` is the longest
  garbage collection meanwhile (it holds the GIL, whichever thread runs
  it).  Figures that load barely moves: ``stall_gui_cpu``, the GUI
  thread's CPU time within the longest gap (the rest of it is waiting:
  for the GIL or for a core), and ``gui_turn_cpu``, the most CPU the GUI
  thread spent between two beats (its longest turn of work).  ``compact``
  is the full collection that ``gui.shell.collector`` defers until the app is
  idle, timed after the run.

Paint completion is the first zero-delay timer after a Paint event
reaches the measured widget (a window is painted with its children in one
pass): by then the whole paint pass of that event-loop turn is over.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYCACHE = Path(os.environ.get("SUBWORD_STUDIO_BENCH_CACHE", Path.home() / ".cache" / "subword-studio-bench")) / "pycache"
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

TARGETS = {"first_window": ("first window painted", 1.0, "s"), "timeline": ("timeline, 50,000 merges", 1.0, "s"),
           "encode": ("encode panel, 100,000 tokens", 0.5, "s"),
           "encode_asset": ("encode panel, 1 MB, --asset", 2.0, "s"),
           "choose": ("choose --shelf, tokens shown", 0.5, "s"),
           "encode_shelf": ("encode panel, 1 MB, --shelf", 1.0, "s"),
           "compare": ("compare, 50,000 chars × 4", 5.0, "s"),
           "stall": ("longest stall while training", 0.05, "s")}
COMPARE_CHARS = 50_000
TIMELINE_MERGES = 50_000
ENCODE_TOKENS = 100_000
STALL_MERGES = 16_000
HEARTBEAT_MS = 10
IDLE_S = 2.0


# ==== children ====

def _app():
    from PySide6.QtWidgets import QApplication
    return QApplication.instance() or QApplication([sys.argv[0]])


class _PaintWatch:
    """Calls ``done(perf_counter)`` once a paint of ``target`` is over.

    The filter sits on ``target`` alone (a top-level window is painted with
    all its children in one pass), or on the application until the first
    match when ``target`` is a predicate: a filter on every event would make
    the GUI thread take the GIL for each one and slow what it measures.
    """

    def __init__(self, app, target, done):
        from PySide6.QtCore import QEvent, QObject, QTimer

        watch = self

        class Filter(QObject):
            def eventFilter(self, obj, event):
                if event.type() == QEvent.Paint and not watch.seen and watch.matches(obj):
                    watch.seen = True
                    if watch.on_app:
                        app.removeEventFilter(self)
                    QTimer.singleShot(0, lambda: done(time.perf_counter()))
                return False

        self.seen = False
        self.target = target
        self.filter = Filter()
        self.on_app = callable(target)
        (app if self.on_app else target).installEventFilter(self.filter)

    def matches(self, obj) -> bool:
        from PySide6.QtWidgets import QWidget
        return self.target(obj) if self.on_app else isinstance(obj, QWidget)


def child_first_window(lang, spawned_at):
    app = _app()
    result = {}

    def done(now):
        result["first_window"] = time.time() - spawned_at - (time.perf_counter() - now)
        app.quit()

    watch = _PaintWatch(app, lambda w: type(w.window()).__name__ == "MainWindow", done)  # noqa: F841
    from gui.shell import app as gui_app
    gui_app.run(["--lang", lang])
    return result


def _en_words(size):
    import char_bench
    import corpora
    from core.corpus import WordCorpus
    words = char_bench.word_counts(corpora.records(corpora.build("en", size)[0]), "whitespace")
    return WordCorpus(tuple(words), tuple(words.values()))


def _install_language(app, lang):
    from gui.shell import language
    language.install(lang)


def child_timeline(lang, _spawned_at):
    from core.workspace.workspace import TrainSettings, Workspace
    workspace = Workspace(_en_words(10_000_000), TrainSettings(merges=TIMELINE_MERGES))
    workspace.train()
    app = _app()
    _install_language(app, lang)
    from gui.shell.bridge import WorkspaceBridge
    from gui.timeline import MergeTimeline
    bridge = WorkspaceBridge(workspace)
    result = {"merges": len(workspace.model.merges)}
    t0 = time.perf_counter()
    view = MergeTimeline(bridge)
    result["construct"] = time.perf_counter() - t0

    def done(now):
        result["timeline"] = now - t0
        app.quit()

    watch = _PaintWatch(app, view, done)  # noqa: F841
    view.resize(1180, 720)
    view.show()
    app.exec()
    return result


def child_encode(lang, _spawned_at):
    from core.workspace.workspace import Workspace
    app = _app()
    _install_language(app, lang)
    from PySide6.QtCore import QTimer
    from gui.shell.bridge import WorkspaceBridge
    from gui.encode import EncodePanel
    workspace = Workspace.example()
    panel = EncodePanel(WorkspaceBridge(workspace))
    panel.resize(1180, 720)
    panel.show()
    app.processEvents()
    line = "The red key opens 法国首都是巴黎。 and 🙂 e\u0301 é too.\n"
    per_line = len(workspace.encoder.encode_ids(line))
    text = line * -(-ENCODE_TOKENS // per_line)
    result = {}
    shown = panel._encoded

    def encoded(*args):
        shown(*args)
        result["encoded"] = time.perf_counter() - t0
        watch.seen = False  # now wait for the strip to paint the result

        def laid_out():
            if panel.strip.laid_out:
                result["laid_out"] = time.perf_counter() - t0
                app.quit()
            else:
                QTimer.singleShot(5, laid_out)
        QTimer.singleShot(0, laid_out)

    def done(now):
        result.setdefault("encode", now - t0)

    panel._encoded = encoded
    watch = _PaintWatch(app, panel.strip.viewport(), done)
    watch.seen = True  # only paints after the result count
    t0 = time.perf_counter()
    panel.input.setPlainText(text)
    panel.encode_now()
    app.exec()
    result["tokens"] = len(panel.encoding.ids)
    return result


def _shelf_panel(app):
    """The encode panel on the example workspace, shown and idle."""
    from core.workspace.workspace import Workspace
    from gui.shell.bridge import WorkspaceBridge
    from gui.encode import EncodePanel
    panel = EncodePanel(WorkspaceBridge(Workspace.example()))
    panel.resize(1180, 720)
    panel.show()
    for _ in range(5):
        app.processEvents()
    return panel


def _opened(app, panel):
    """Run the event loop until the built-in tokenizer picked is open and served."""
    while panel.chooser.wanted_shelf or panel._waiting is not None or panel._task is not None:
        app.processEvents()
        time.sleep(0.002)


def child_choose(lang, _spawned_at):
    app = _app()
    _install_language(app, lang)
    from PySide6.QtCore import QTimer
    name = os.environ["SUBWORD_STUDIO_BENCH_SHELF"]
    panel = _shelf_panel(app)
    result = {}
    shown = panel._encoded

    def encoded(generation, tokenizer, encoded_result):
        shown(generation, tokenizer, encoded_result)
        if getattr(tokenizer, "facts", {}).get("name") == name and "encoded" not in result:
            result["encoded"] = time.perf_counter() - t0
            result["engine"] = tokenizer.engine
            watch.seen = False  # now wait for the strip to paint them

    def done(now):
        result["choose"] = now - t0
        QTimer.singleShot(0, app.quit)

    panel._encoded = encoded
    watch = _PaintWatch(app, panel.strip.viewport(), done)
    watch.seen = True  # only paints after the result count
    t0 = time.perf_counter()
    panel.chooser.setCurrentIndex(panel.chooser.findData("shelf:" + name))
    app.exec()
    _opened(app, panel)
    result["opened"] = time.perf_counter() - t0
    return result


def child_encode_shelf(lang, spawned_at):
    return child_encode_asset(lang, spawned_at, shelf=os.environ["SUBWORD_STUDIO_BENCH_SHELF"])


def child_encode_asset(lang, _spawned_at, shelf=""):
    import corpora
    app = _app()
    _install_language(app, lang)
    from PySide6.QtCore import QTimer
    panel = _shelf_panel(app)
    if shelf:
        panel.chooser.setCurrentIndex(panel.chooser.findData("shelf:" + shelf))
        _opened(app, panel)
    else:
        workspace = panel.workspace
        index = workspace.open_asset_file(os.environ["SUBWORD_STUDIO_BENCH_ASSET"])
        panel.choice.choose(workspace.asset_key(index))
        _opened(app, panel)
    path, _ = corpora.build("ordinary", int(os.environ.get("SUBWORD_STUDIO_BENCH_BYTES", "1000000")))
    text = path.read_text(encoding="utf-8")
    result, beats = {}, []
    heartbeat = QTimer(interval=HEARTBEAT_MS)
    heartbeat.setTimerType(heartbeat.timerType().PreciseTimer)
    heartbeat.timeout.connect(lambda: beats.append(time.perf_counter()))
    shown = panel._encoded

    def encoded(*args):
        shown(*args)
        result["encoded"] = time.perf_counter() - t0

        def laid_out():
            if panel.strip.laid_out:
                result["encode_shelf" if shelf else "encode_asset"] = time.perf_counter() - t0
                app.quit()
            else:
                QTimer.singleShot(5, laid_out)
        QTimer.singleShot(0, laid_out)

    panel._encoded = encoded
    heartbeat.start()
    t0 = time.perf_counter()
    beats.append(t0)
    panel.input.setPlainText(text)
    started = []

    def encode_now():
        started.append(time.perf_counter())
        panel.encode_now()
    # In a turn of its own after the paste, as the panel's debounce starts it
    # (150 ms later; here two beats later).
    QTimer.singleShot(2 * HEARTBEAT_MS, encode_now)
    app.exec()
    heartbeat.stop()
    gaps = [(b - a, b) for a, b in zip(beats, beats[1:])]
    result["paste_stall"] = gaps[0][0] if gaps else None
    during = [gap for gap, end in gaps if started and end > started[0]]
    result["encode_stall"] = max(during) if during else None
    result["tokens"] = len(panel.encoding.ids)
    result["kind"] = panel.tokenizer.kind
    result["engine"] = getattr(panel.tokenizer, "engine", "reference")
    return result


def child_compare(lang, _spawned_at):
    from core import assets
    from core.models import byte_bpe, unigram
    from core.workspace.workspace import Workspace
    sample = "The red key opens 法国首都是巴黎。 and 🙂👩‍💻 naïve e\u0301 too. "
    records = [sample, "the lower newest widest words", "你好，世界 hello world"] * 4
    workspace = Workspace.example()
    workspace.add_asset(assets.byte_bpe_to_asset(byte_bpe.train(records, 40), records=records, name="byte-level"))
    uni = unigram.train(unigram.sentence_corpus(records), vocab_size=60)
    workspace.add_asset(assets.unigram_to_asset(uni, name="unigram"))
    app = _app()
    _install_language(app, lang)
    from PySide6.QtCore import QTimer
    from gui.shell.bridge import WorkspaceBridge
    from gui.compare import CompareView
    view = CompareView(WorkspaceBridge(workspace))
    view.resize(1180, 720)
    view.show()
    while view.side_by_side.is_running():
        app.processEvents()
    app.processEvents()
    beats = []
    heartbeat = QTimer(interval=HEARTBEAT_MS)
    heartbeat.setTimerType(heartbeat.timerType().PreciseTimer)
    heartbeat.timeout.connect(lambda: beats.append(time.perf_counter()))
    result = {}

    def done(now):
        result["compare"] = now - t0
        heartbeat.stop()
        app.quit()

    def compared():
        watch.seen = False  # now wait for the lanes to paint the result

    view.side_by_side.sig_compared.connect(compared)
    watch = _PaintWatch(app, view.side_by_side.lanes.viewport(), done)
    watch.seen = True  # only paints after the result count
    text = (sample * -(-COMPARE_CHARS // len(sample)))[:COMPARE_CHARS]
    view.input.setPlainText(text)
    view.debounce.stop()
    heartbeat.start()
    t0 = time.perf_counter()
    beats.append(t0)
    view.refresh()
    app.exec()
    result["compare_stall"] = max(b - a for a, b in zip(beats, beats[1:]))
    result["tokens"] = sum(len(lane.row.chips) for lane in view.side_by_side.lanes.lanes)
    return result


def child_stall(lang, _spawned_at):
    from core.workspace.workspace import TrainSettings, Workspace
    workspace = Workspace(_en_words(10_000_000), TrainSettings(merges=STALL_MERGES))
    app = _app()
    _install_language(app, lang)
    from PySide6.QtCore import QTimer
    from gui.shell.bridge import WorkspaceBridge
    from gui.shell.main_window import MainWindow
    from gui.shell.workers import trainer_for
    bridge = WorkspaceBridge(workspace)
    window = MainWindow(bridge)
    window.resize(1180, 720)
    window.show()
    window.show_panel("timeline")
    for _ in range(5):
        app.processEvents()
    beats, cpu = [], []  # wall clock and the GUI thread's CPU time at each beat
    heartbeat = QTimer(interval=HEARTBEAT_MS)
    heartbeat.setTimerType(heartbeat.timerType().PreciseTimer)
    heartbeat.timeout.connect(lambda: (beats.append(time.perf_counter()), cpu.append(time.thread_time())))
    trainer = trainer_for(bridge)
    marks = {}

    def finished(purpose, _model):
        if purpose == "main":
            marks["finished"] = time.perf_counter()
            QTimer.singleShot(500, stop)

    def stop():
        marks["end"] = time.perf_counter()  # quitting waits for background counts; not measured
        app.quit()

    trainer.sig_training_finished.connect(finished)
    trainer.sig_training_failed.connect(lambda _p, message: (marks.update(failed=message), stop()))
    collections = []  # (seconds, generation, when) of each collection: it holds the GIL throughout

    def timed_gc(phase, info):
        if phase == "start":
            marks["gc"] = time.perf_counter()
        else:
            collections.append((time.perf_counter() - marks["gc"], info["generation"], marks["gc"]))
    gc.callbacks.append(timed_gc)

    def train():
        marks["start"] = time.perf_counter()
        trainer.start("main")

    # First IDLE_S seconds with nothing running: the machine's own noise floor.
    heartbeat.start()
    beats.append(time.perf_counter())
    cpu.append(time.thread_time())
    QTimer.singleShot(int(IDLE_S * 1000), train)
    app.exec()
    heartbeat.stop()
    from gui.shell import collector, workers
    workers.shutdown()
    t0 = time.perf_counter()
    collector.compact()
    compact = time.perf_counter() - t0
    idle = [b - a for a, b in zip(beats, beats[1:]) if b <= marks["start"]]
    kept = [i for i, b in enumerate(beats) if marks["start"] <= b <= marks["end"]]
    beats, cpu = [beats[i] for i in kept], [cpu[i] for i in kept]
    gaps = [b - a for a, b in zip(beats, beats[1:])]
    turns = [b - a for a, b in zip(cpu, cpu[1:])]
    worst = max(range(len(gaps)), key=gaps.__getitem__)
    during = [c for c in collections if marks["start"] <= c[2] <= beats[-1]]  # not those of the shutdown
    longest_gc = max(during, default=(0, None, 0))
    return {"stall": gaps[worst], "stall_at": beats[worst] - marks["start"],
            "training": marks.get("finished", beats[-1]) - marks["start"],
            "over_50ms": sum(g > 0.05 for g in gaps), "p99": sorted(gaps)[int(len(gaps) * 0.99)],
            "idle_stall": max(idle), "failed": marks.get("failed"), "longest_gc": longest_gc[0],
            "longest_gc_generation": longest_gc[1], "stall_gui_cpu": turns[worst], "gui_turn_cpu": max(turns),
            "compact": compact}


CHILDREN = {"first_window": child_first_window, "timeline": child_timeline, "encode": child_encode,
            "encode_asset": child_encode_asset, "choose": child_choose, "encode_shelf": child_encode_shelf,
            "compare": child_compare, "stall": child_stall}
NEEDS = {"encode_asset": "--asset", "choose": "--shelf", "encode_shelf": "--shelf"}  # not run without them


# ==== the driver ====

PLATFORM = "offscreen"  # --platform xcb: on the X server of $DISPLAY (e.g. Xvfb), as a desktop runs it


def measure(kind: str, lang: str) -> dict:
    with tempfile.TemporaryDirectory(prefix="subword-gui-bench-") as home:
        # A fresh data folder: no autosave from another session to offer back.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        # Bytecode cached as after an install, but kept out of the repository.
        env.update(QT_QPA_PLATFORM=PLATFORM, XDG_DATA_HOME=home, XDG_CONFIG_HOME=home,
                   PYTHONPYCACHEPREFIX=str(PYCACHE))
        spawned_at = time.time()
        done = subprocess.run([sys.executable, __file__, "--child", kind, "--lang", lang, "--spawned-at",
                               repr(spawned_at)], env=env, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(done.stdout.splitlines()[-1])


def run(repeats: int = 3, kinds=tuple(CHILDREN), lang: str = "en") -> dict:
    results = {kind: [] for kind in kinds}
    if "first_window" in kinds:
        measure("first_window", lang)  # fills the bytecode cache; not counted
    if "choose" in kinds:
        measure("choose", lang)  # warms the compiled cache and the verdicts; not counted
    for _ in range(repeats):
        for kind in kinds:  # interleaved, so a busy moment hits every measurement alike
            results[kind].append(measure(kind, lang))
    print(f"\n== GUI ({PLATFORM}, {lang}, median of {repeats}) ==")
    summary = {}
    for kind, runs in results.items():
        ok = [r for r in runs if "error" not in r and kind in r]
        label, target, unit = TARGETS[kind]
        if not ok:
            print(f"   {label:<32}failed: {runs[0].get('error') or runs[0]}")
            continue
        value = statistics.median(r[kind] for r in ok)
        extra = {k: statistics.median(r[k] for r in ok) for k in ok[0]
                 if k != kind and isinstance(ok[0][k], (int, float))}
        summary[kind] = {"median": value, "all": [r[kind] for r in ok], "target": target, **extra}
        details = ", ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}" for k, v in extra.items())
        verdict = "ok" if value <= target else "MISSED"
        runs_text = " ".join(f"{r[kind]:.3f}" for r in ok)
        print(f"   {label:<32}{value:8.3f} {unit} (target ≤ {target} {unit}: {verdict}; runs {runs_text}; {details})")
    return summary


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--spawned-at", type=float, help=argparse.SUPPRESS)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", default=",".join(k for k in CHILDREN if k not in NEEDS),
                        help=", ".join(CHILDREN))
    parser.add_argument("--lang", default="en")
    parser.add_argument("--platform", default="offscreen", choices=("offscreen", "xcb"),
                        help="Qt's platform for the measured processes (xcb: needs DISPLAY)")
    parser.add_argument("--json", help="also write the results here")
    parser.add_argument("--asset", help="encode_asset: the asset file to encode with")
    parser.add_argument("--shelf", help="choose, encode_shelf: the built-in tokenizer to pick")
    parser.add_argument("--bytes", type=int, default=1_000_000, help="encode_asset, encode_shelf: bytes of ordinary "
                                                                     "text")
    args = parser.parse_args(argv)
    global PLATFORM
    PLATFORM = args.platform
    os.environ["SUBWORD_STUDIO_BENCH_BYTES"] = str(args.bytes)
    if args.asset:
        os.environ["SUBWORD_STUDIO_BENCH_ASSET"] = str(Path(args.asset).resolve())
    if args.shelf:
        os.environ["SUBWORD_STUDIO_BENCH_SHELF"] = args.shelf
    for kind, option in NEEDS.items():
        if not args.child and kind in args.only.split(",") and not getattr(args, option[2:]):
            parser.error(f"{kind} needs {option}")
    if args.child:
        print(json.dumps(CHILDREN[args.child](args.lang, args.spawned_at)), flush=True)
        os._exit(0)  # background counts may still run; tearing them down is not measured
    summary = run(args.repeats, args.only.split(","), args.lang)
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
