"""A progress bar on stderr for long commands, when stderr is a terminal."""

from __future__ import annotations

import sys
from contextlib import contextmanager


@contextmanager
def progress_bar(unit: str):
    """A tqdm bar on stderr when it is a terminal; yields ``progress(done, total)``."""
    if not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm  # here: 37 ms that a command not on a terminal never pays

    bar = tqdm(total=0, unit=unit, file=sys.stderr, leave=False, dynamic_ncols=True)

    def progress(done, total):
        if bar.total != total:
            bar.total = total
        bar.n = done
        bar.refresh()

    try:
        yield progress
    finally:
        bar.close()
