"""The merge timeline: train each algorithm on the workspace corpus and watch it learn.

:mod:`.widget` is the view; :mod:`.models` the char-BPE tables, the shared
table base and the series; :mod:`.byte`, :mod:`.wordpiece` and
:mod:`.unigram` each algorithm's step table; :mod:`.texts` the shared texts.
"""

__all__ = ["MergeTimeline"]


def __getattr__(name):
    # Imported on first use: gui.plots reads .models, and the widget reads gui.plots.
    if name == "MergeTimeline":
        from .widget import MergeTimeline

        return MergeTimeline
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
