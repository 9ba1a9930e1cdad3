import os
import sys
import tempfile
from pathlib import Path

# Set before any Qt import: tests never need a screen.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The compiled cache and the engines' verdicts (core.engines) go to a folder
# of this run's own, never the user's: every run starts cold, as CI does.
os.environ["SUBWORD_STUDIO_CACHE"] = tempfile.mkdtemp(prefix="subword-studio-test-cache-")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
