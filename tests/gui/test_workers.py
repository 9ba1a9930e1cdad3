"""Tasks run off the GUI thread and report on it; the shared trainer keeps
one run per purpose, cancels what it replaces, and fills the workspace."""

import gc
import os
import sys
import threading
import time
import weakref

import pytest

from conftest import ROOT
from core.corpus import EXAMPLE_19_1, WordCorpus
from core.errors import CorpusError
from core.workspace.workspace import TrainSettings, Workspace
from gui.shell import collector, workers
from gui.shell.bridge import WorkspaceBridge


@pytest.fixture(autouse=True)
def no_threads_left():
    yield
    workers.shutdown()


def test_task_result_and_progress_arrive_on_the_gui_thread(qtbot):
    seen, threads = [], []

    def work(progress, should_stop):
        threads.append(threading.current_thread())
        for i in range(1, 6):
            progress(i, 5)
            time.sleep(0.06)
        return "done"

    task = workers.Task(work)
    task.sig_progressed.connect(lambda done, total: (seen.append((done, total)),
                                                     threads.append(threading.current_thread())))
    with qtbot.waitSignal(task.sig_done, timeout=5000) as result:
        task.start()
    assert result.args == ["done"]
    assert seen[-1] == (5, 5) and len(seen) >= 3
    assert threads[0] is not threading.main_thread()
    assert all(t is threading.main_thread() for t in threads[1:])
    qtbot.waitUntil(lambda: task not in workers._RUNNING)


def test_progress_is_rate_limited(qtbot):
    seen = []
    task = workers.Task(lambda progress, stop: [progress(i, 100_000) for i in range(1, 100_001)] and None)
    task.sig_progressed.connect(lambda done, total: seen.append(done))
    with qtbot.waitSignal(task.sig_done, timeout=10_000):
        task.start()
    assert seen[-1] == 100_000 and len(seen) < 1000


def test_cancel_stops_a_task_that_checks_should_stop(qtbot):
    def work(progress, should_stop):
        while not should_stop():
            time.sleep(0.005)
        raise workers.Cancelled

    task = workers.run_task(work)
    time.sleep(0.05)
    with qtbot.waitSignal(task.sig_cancelled, timeout=10_000):
        task.cancel()


def test_bad_input_and_bugs_become_messages_not_tracebacks(qtbot, capsys):
    def bad(progress, should_stop):
        raise CorpusError("corpus.txt:3: empty word")

    task = workers.Task(bad)
    with qtbot.waitSignal(task.sig_failed, timeout=2000) as failed:
        task.start()
    assert failed.args == ["corpus.txt:3: empty word"]
    task = workers.Task(lambda progress, stop: 1 / 0)
    with qtbot.waitSignal(task.sig_failed, timeout=2000) as failed:
        task.start()
    assert failed.args[0].startswith("internal error: ZeroDivisionError")


def bridge_for(corpus=EXAMPLE_19_1, **settings):
    return WorkspaceBridge(Workspace(corpus, TrainSettings(**settings)))


def test_trainer_fills_the_workspace(qtbot):
    bridge = bridge_for(WordCorpus.from_pairs([("low", 2), ("lower", 1), ("new", 2)]), merges=1)
    trainer = workers.trainer_for(bridge)
    assert workers.trainer_for(bridge) is trainer
    with qtbot.waitSignal(bridge.sig_model_trained, timeout=5000):
        trainer.start()
    model = bridge.workspace.model
    assert (model.merges[0].pair, model.merges[0].count) == (("w", "</w>"), 4)
    assert not bridge.workspace.stale


def test_same_inputs_reuse_the_run_and_new_inputs_replace_it(qtbot):
    bridge = bridge_for(merges=4)
    trainer = workers.trainer_for(bridge)
    first = trainer.start()
    assert trainer.start() is first
    bridge.workspace.set_settings(tie="subword-nmt")
    second = trainer.start()
    assert second is not first and first.cancelled
    finished = []
    trainer.sig_training_finished.connect(lambda purpose, model: finished.append(model.trace.policy))
    qtbot.waitUntil(lambda: finished == ["subword-nmt"], timeout=5000)
    assert bridge.workspace.model.trace.policy == "subword-nmt"


def test_compare_purpose_sets_the_comparison_only(qtbot):
    bridge = bridge_for(merges=4)
    bridge.workspace.train()
    main = bridge.workspace.model
    trainer = workers.trainer_for(bridge)
    with qtbot.waitSignal(bridge.sig_comparison_changed, timeout=5000):
        trainer.start("compare", tie="subword-nmt")
    assert bridge.workspace.model is main
    assert bridge.workspace.comparison.trace.policy == "subword-nmt"


def test_user_cancel_keeps_the_previous_model(qtbot):
    words = WordCorpus(tuple(f"w{i}x{i * 7 % 1000}" for i in range(3000)), (1,) * 3000)
    bridge = bridge_for(words, merges=100_000)
    bridge.workspace.train(should_stop=lambda: True)  # a quick, cancelled model to keep
    kept = bridge.workspace.model
    trainer = workers.trainer_for(bridge)
    bridge.workspace.set_settings(merges=100_001)
    with qtbot.waitSignal(trainer.sig_training_progressed, timeout=10_000):
        trainer.start()
    with qtbot.waitSignal(trainer.sig_training_cancelled, timeout=2000):
        trainer.cancel()
    assert bridge.workspace.model is kept


def test_empty_corpus_fails_with_a_message(qtbot):
    bridge = bridge_for(WordCorpus((), ()))
    trainer = workers.trainer_for(bridge)
    with qtbot.waitSignal(trainer.sig_training_failed, timeout=1000) as failed:
        assert trainer.start() is None
    assert "empty" in failed.args[1]


def test_the_collector_stays_off_until_the_last_overlapping_task_ends():
    # Core's own pause re-enabled it when the first of two overlapping runs ended.
    assert gc.isenabled()
    first, second = collector.paused(), collector.paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_tasks_run_with_the_collector_off_and_a_cycle_they_leave_is_freed_once_idle(qtbot, monkeypatch):
    monkeypatch.setattr(collector, "COMPACT_IDLE_MS", 50)
    monkeypatch.setattr(collector, "GROWTH", 1.0)  # this test's few objects are growth enough

    class Node:
        pass

    seen = {}

    def work(progress, should_stop):
        seen["enabled"] = gc.isenabled()
        node = Node()
        node.self = node  # a cycle, as a model and its trace make
        seen["ref"] = weakref.ref(node)
        return None

    with qtbot.waitSignal(workers.run_task(work).sig_ended, timeout=5000):
        pass
    assert seen["enabled"] is False and gc.isenabled()
    gc.collect()
    assert seen["ref"]() is not None  # frozen when the task ended: no collection walks it
    qtbot.waitUntil(lambda: seen["ref"]() is None, timeout=5000)  # until the idle compaction


def test_a_task_is_no_longer_working_once_its_outcome_arrived_though_its_thread_may_run_on(qtbot):
    # The thread ends a moment after the outcome's signal; a job started from
    # that slot (the interop's second export, say) must not see a competitor.
    release, seen = threading.Event(), []

    def work(progress, should_stop):
        release.wait(10)
        return 1

    task = workers.run_task(work)
    assert task.is_working()
    task.sig_done.connect(lambda _: seen.append(task.is_working()))
    with qtbot.waitSignal(task.sig_done, timeout=10_000):
        release.set()
    assert seen == [False] and task.wait(10_000) and not task.is_working()



@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the nice value is per thread on Linux")
def test_a_task_and_the_threads_it_starts_yield_the_cores_to_the_gui_thread(qtbot):
    def nice():
        return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    gui_nice = nice()

    def work(progress, should_stop):
        started = []
        thread = threading.Thread(target=lambda: started.append(nice()))
        thread.start()
        thread.join()
        return nice(), started[0]

    task = workers.Task(work)
    with qtbot.waitSignal(task.sig_done, timeout=5000) as result:
        task.start()
    own, started = result.args[0]
    assert own >= max(gui_nice, workers.BACKGROUND_NICE) and started == own
    assert nice() == gui_nice  # the GUI thread keeps its own
    qtbot.waitUntil(lambda: task not in workers._RUNNING)


def test_work_started_as_the_application_quits_ends_before_python_frees_it(tmp_path):
    """A job started after the last window's shutdown (a queued result
    starting the next one) is waited for when the event loop returns: a
    QThread freed while it runs would abort the process."""
    import subprocess

    script = tmp_path / "quit.py"
    script.write_text(
        "import sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from PySide6.QtCore import QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from gui.shell import workers\n"
        "app = QApplication([])\n"
        "ended = []\n"
        "def start():\n"
        "    task = workers.run_task(lambda progress, stop: time.sleep(0.5) or ended.append(1), name='late')\n"
        "    app.quit()\n"
        "QTimer.singleShot(0, start)\n"
        "code = workers.exec_and_shutdown(app)\n"
        "print(code, ended, workers.running())\n", encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["0", "[1]", "False"]
    assert "Destroyed while thread" not in run.stderr
