import os
import shutil
import sys
import tempfile
from pathlib import Path

# Set before any Qt import: tests never need a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The compiled cache and the engines' verdicts (core.engines) go to a folder
# of this run's own, never the user's: every run starts cold, as CI does.
# pytest-xdist's workers inherit the controller's folder and share it, as a
# user's processes share theirs (the cache is safe for concurrent writers):
# each shelf tokenizer is compiled once per run, not once per worker.  The
# controller removes it when the run ends (a run left 80-170 MB behind).
_WORKER = bool(os.environ.get("PYTEST_XDIST_WORKER"))
if not (_WORKER and os.environ.get("SUBWORD_STUDIO_TEST_CACHE")):
    os.environ["SUBWORD_STUDIO_TEST_CACHE"] = tempfile.mkdtemp(prefix="subword-studio-test-cache-")
os.environ["SUBWORD_STUDIO_CACHE"] = os.environ["SUBWORD_STUDIO_TEST_CACHE"]


def pytest_unconfigure(config):
    if not _WORKER:
        shutil.rmtree(os.environ["SUBWORD_STUDIO_TEST_CACHE"], ignore_errors=True)


ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
