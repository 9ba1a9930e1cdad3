"""Character BPE in the merge timeline: the workspace's own model.

Its step is the workspace's (every window and the lessons share it), so the
view's pair pane, segmentation and Compare follow it; this strategy holds
the rest: its merge table, its words and the sample cut after k merges.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP

from ..widgets.placeholders import grouped
from .models import MergeTableModel
from .strategy import TimelineAlgorithm
from .texts import stop_reason


class CharTimeline(TimelineAlgorithm):
    key, purpose, kind = "char", "main", "char-bpe"
    name = QT_TRANSLATE_NOOP("timeline", "Char BPE")
    table_class = MergeTableModel
    stretch, widths = 5, (48, 110, 56, 90, 40, 0, 96)
    fitted = (0, 1, 2, 3, 4)
    workspace_step = True

    def model(self):
        return self.workspace.model

    def steps(self) -> int:
        return len(self.workspace.model.merges)

    def trained_text(self, model) -> str:
        merges = len(model.merges)
        return grouped(self.tr("Trained %n merge(s): %1.", "", merges), merges).replace(
            "%1", stop_reason(model.trace))

    def sample_tokens(self, model, text, k):
        return [t for w in text.split() for t in model.segment(w, limit=k)]
