"""Subword Studio core: tokenizer algorithms and the workspace model.

Pure Python by contract: nothing under ``core`` imports Qt or pyqtgraph, so the
headless CLI and the tests run without a display (``tests/core/test_no_qt.py``).
"""

__version__ = "0.1.0"
