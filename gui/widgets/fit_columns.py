"""Column widths from content, without measuring every row.

Qt's ResizeToContents measures every row (a second for 50,000 merges) or,
with a small precision, only the rows on screen, so a wider value further
down is cut ("49…" for step 4,900).  Here a column is as wide as the widest
of its header, a bounded sample of rows (the first and the last ones, where
step numbers are widest), capped so one long symbol cannot push the rest
off screen.  The cap is in pixels at 100 % (gui/shell/zoom.py); the columns are
fitted again, in the new font, whenever the view's font changes (a zoom).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics

from ..shell import zoom

SAMPLE = 400  # rows measured from each end
PADDING = 18  # cell margins and the sort/resize grip
CAP = 320


def fit_columns(view, columns, *, cap: int = CAP) -> None:
    columns = tuple(columns)
    # Each set of columns remembered under its own name: a view fitted in two calls refits both.
    zoom.follow_font(view, lambda: _fit(view, columns, cap), "fit " + " ".join(map(str, columns)))


def _fit(view, columns, cap) -> None:
    model, header = view.model(), view.horizontalHeader()
    cap = zoom.scaled(cap)
    rows = model.rowCount()
    sample = list(range(min(rows, SAMPLE))) + list(range(max(SAMPLE, rows - SAMPLE), rows))
    plain, bold = view.fontMetrics(), header.fontMetrics()
    for column in columns:
        title = model.headerData(column, Qt.Horizontal, Qt.DisplayRole) or ""
        widest = bold.horizontalAdvance(str(title))
        # A column in its own font (hex bytes in monospace) is measured in it.
        font = model.data(model.index(sample[0], column), Qt.FontRole) if sample else None
        metrics = QFontMetrics(font.resolve(view.font())) if font is not None else plain
        for row in sample:
            text = model.data(model.index(row, column), Qt.DisplayRole)
            if text:
                widest = max(widest, metrics.horizontalAdvance(str(text)))
        header.resizeSection(column, min(cap, widest + PADDING))
