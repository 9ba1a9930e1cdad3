"""The merge timeline: train each algorithm on the workspace corpus and watch it learn.

:mod:`.widget` is the view, and names no algorithm: it asks the strategy
on show (:mod:`.strategy`; :mod:`.algorithms` lists them in the selector's
order).  :mod:`.char`, :mod:`.byte`, :mod:`.wordpiece` and :mod:`.unigram`
are the four, each with its step table; :mod:`.models` holds the char-BPE
tables, the shared table base and the series; :mod:`.plots` the three plots;
:mod:`.texts` the shared texts.
"""

from .widget import MergeTimeline

__all__ = ["MergeTimeline"]
