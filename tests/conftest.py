import os
import sys
import tempfile
from pathlib import Path

# Set before any Qt import: tests never need a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The compiled cache and the engines' verdicts (core.engines) go to a folder
# of this run's own, never the user's: every run starts cold, as CI does.
# pytest-xdist's workers of one run share it, as a user's processes share
# theirs (the cache is safe for concurrent writers): each shelf tokenizer is
# compiled once per run, not once per worker.
_RUN = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
if _RUN.isalnum():
    _CACHE = Path(tempfile.gettempdir()) / f"subword-studio-test-cache-{_RUN}"
    _CACHE.mkdir(mode=0o700, exist_ok=True)
    os.environ["SUBWORD_STUDIO_CACHE"] = str(_CACHE)
else:
    os.environ["SUBWORD_STUDIO_CACHE"] = tempfile.mkdtemp(prefix="subword-studio-test-cache-")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
