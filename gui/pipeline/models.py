"""Table models of the pipeline inspector: stages, one stage's pieces, byte IDs.

Counts and cells only: a million pieces are a million rows the view asks
for as it scrolls, never a widget each.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt
from PySide6.QtGui import QBrush, QColor

from core.render import visible

from ..widgets.row_table import RowTable

TRIMMED = " (offsets trimmed)"  # as core.pipeline.post_process.describe ends a trimming one

HIT_BRUSH = QBrush(QColor("#ffe08a"))
KIND_BRUSHES = {"changed": QBrush(QColor("#dbe9ff")), "inserted": QBrush(QColor("#d9f2d9")),
                "removed": QBrush(QColor("#f6d6d6")), "unknown": QBrush(QColor("#f6d6d6")),
                "special": QBrush(QColor("#eadcf5"))}
PREVIEW = 160  # characters of a long text shown in a cell (a 1 MB cell would stall every repaint)
TOOLTIP = 2000

CONTEXT = "pipeline_models"


def tr(text):
    return QCoreApplication.translate(CONTEXT, text)


# Stage names and piece kinds as core spells them -> what a person reads.
STAGE_NAMES = {
    "input": QT_TRANSLATE_NOOP("pipeline_models", "Input"),
    "normalize": QT_TRANSLATE_NOOP("pipeline_models", "Normalizer"),
    "prefix": QT_TRANSLATE_NOOP("pipeline_models", "Spaces → ▁, prefix"),
    "byte_level": QT_TRANSLATE_NOOP("pipeline_models", "Prefix space, bytes as characters"),
    "pre_tokenize": QT_TRANSLATE_NOOP("pipeline_models", "Pre-tokenizer"),
    "clean_text": QT_TRANSLATE_NOOP("pipeline_models", "Clean text"),
    "chinese_chars": QT_TRANSLATE_NOOP("pipeline_models", "Space CJK ideographs"),
    "whitespace_split": QT_TRANSLATE_NOOP("pipeline_models", "Split on whitespace"),
    "lowercase": QT_TRANSLATE_NOOP("pipeline_models", "Lower-case"),
    "strip_accents": QT_TRANSLATE_NOOP("pipeline_models", "Strip accents"),
    "punctuation_split": QT_TRANSLATE_NOOP("pipeline_models", "Split punctuation"),
    "model": QT_TRANSLATE_NOOP("pipeline_models", "Model"),
    "post_process": QT_TRANSLATE_NOOP("pipeline_models", "Post-processing"),
    "decode": QT_TRANSLATE_NOOP("pipeline_models", "Decoding"),
}
KIND_NAMES = {
    "changed": QT_TRANSLATE_NOOP("pipeline_models", "changed"),
    "inserted": QT_TRANSLATE_NOOP("pipeline_models", "inserted"),
    "removed": QT_TRANSLATE_NOOP("pipeline_models", "removed"),
    "special": QT_TRANSLATE_NOOP("pipeline_models", "special"),
    "unknown": QT_TRANSLATE_NOOP("pipeline_models", "unknown"),
    "byte": QT_TRANSLATE_NOOP("pipeline_models", "byte fallback"),
    "partial": QT_TRANSLATE_NOOP("pipeline_models", "part of a character"),
    "approximate": QT_TRANSLATE_NOOP("pipeline_models", "alignment approximate"),
}


def _preview(text: str, limit: int = PREVIEW) -> str:
    return visible(text[:limit]) + ("…" if len(text) > limit else "")


def span_text(span) -> str:
    return f"{span[0]}–{span[1]}"


class StagesModel(RowTable):
    numbered = True
    """One row per stage; the last column shows its pieces behind the selection."""

    headers = (QT_TRANSLATE_NOOP("models", "Stage"), QT_TRANSLATE_NOOP("models", "What ran"),
               QT_TRANSLATE_NOOP("models", "Pieces"),
               QT_TRANSLATE_NOOP("models", "Aligned with the selection"),
               QT_TRANSLATE_NOOP("models", "Output"))

    def __init__(self, parent=None):
        super().__init__(parent)
        self.inspection = None
        self.hits: list[list[int]] = []
        self.chars: tuple[int, int] | None = None

    @property
    def stages(self) -> list:
        return self.rows

    def set_inspection(self, inspection) -> None:
        self.inspection, self.hits = inspection, [[] for _ in inspection.stages]
        self.set_rows(inspection.stages)

    def _detail(self, stage) -> str:
        # Core names what ran in its own terms; the sentences are ours to translate.
        found = self.inspection
        if stage.name == "model" and found.merges is not None:
            if found.limit is None:
                return self.tr("all %n merge(s)", "", found.merges)
            return self.tr("first %1 of %n merge(s)", "", found.merges).replace("%1", str(found.limit))
        if stage.name == "post_process" and stage.detail == "none":
            return QCoreApplication.translate("pipeline_models", "none: this tokenizer has no post-processor")
        if stage.name == "post_process" and stage.detail.endswith(TRIMMED):
            # core.pipeline.post_process.describe: the template is the file's, the note is ours
            return stage.detail[:-len(TRIMMED)] + " " + QCoreApplication.translate("pipeline_models",
                                                                                   "(offsets trimmed)")
        if stage.detail == "none":
            return QCoreApplication.translate("pipeline_models", "none")
        return stage.detail

    def set_hits(self, hits, chars=None) -> None:
        """``hits[k]``: pieces of stage k behind the selection, original characters ``chars``."""
        self.hits, self.chars = list(hits), chars
        if self.stages:
            self.dataChanged.emit(self.index(0, 3), self.index(len(self.stages) - 1, 3))

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        stage, column = self.stages[index.row()], index.column()
        if role == Qt.DisplayRole:
            if column == 0:
                return tr(STAGE_NAMES.get(stage.name, stage.name))
            if column == 1:
                return self._detail(stage)
            if column == 2:
                return len(stage.pieces)
            if column == 3:
                hits = self.hits[index.row()]
                shown = " ".join(f"[{visible(self._part(stage.pieces[i])) or '∅'}]" for i in hits[:12])
                return shown + (" …" if len(hits) > 12 else "")
            return _preview(stage.output)
        if role == Qt.BackgroundRole and column == 3 and self.hits[index.row()]:
            return HIT_BRUSH
        if role == Qt.ToolTipRole and column == 4:
            return _preview(stage.output, TOOLTIP)
        return None


    def _part(self, piece) -> str:
        """The selected part of an unchanged stretch (its characters map one
        to one); any other piece is shown whole."""
        a, b = piece.chars
        if piece.kind or piece.id is not None or len(piece.text) != b - a or self.chars is None:
            return piece.text
        return piece.text[max(self.chars[0], a) - a:min(self.chars[1], b) - a]


class PiecesModel(RowTable):
    numbered = True
    """The pieces of one stage; those behind the selection are shaded."""

    headers = (QT_TRANSLATE_NOOP("models", "Piece"), QT_TRANSLATE_NOOP("models", "ID"),
               QT_TRANSLATE_NOOP("models", "Characters"), QT_TRANSLATE_NOOP("models", "Bytes"),
               QT_TRANSLATE_NOOP("models", "Note"))

    def __init__(self, parent=None):
        super().__init__(parent)
        self.hits: set[int] = set()
        self.original = ""

    @property
    def pieces(self) -> list:
        return self.rows

    def set_pieces(self, pieces, hits=(), original: str = "") -> None:
        """``original``: the input text, to name the code points a changed piece came from."""
        self.hits, self.original = set(hits), original
        self.set_rows(pieces)

    def set_hits(self, hits) -> None:
        changed = self.hits ^ set(hits)
        self.hits = set(hits)
        if changed:
            self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), len(self.headers) - 1))

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid():
            return None
        piece, column = self.pieces[index.row()], index.column()
        if role == Qt.DisplayRole:
            if column == 0:
                return _preview(piece.text) if piece.text else "∅"
            if column == 1:
                return "" if piece.id is None else piece.id
            if column == 2:
                return span_text(piece.chars)
            if column == 3:
                return span_text(piece.bytes)
            return self._note(piece)
        if role == Qt.BackgroundRole:
            if index.row() in self.hits:
                return HIT_BRUSH
            return KIND_BRUSHES.get(piece.kind)
        if role == Qt.ToolTipRole and column == 0 and len(piece.text) > PREVIEW:
            return _preview(piece.text, TOOLTIP)
        return None


    def _note(self, piece) -> str:
        note = tr(KIND_NAMES[piece.kind]) if piece.kind in KIND_NAMES else ""
        if piece.id is None and piece.kind in ("changed", "inserted", "removed"):
            # Before and after, as code points: ﬁ → fi is U+FB01 → U+0066 U+0069.
            before = self.original[piece.chars[0]:piece.chars[1]] if piece.kind != "inserted" else ""
            note += f": {code_points(before)} → {code_points(piece.text)}"
        return note


def code_points(text: str, limit: int = 8) -> str:
    shown = " ".join(f"U+{ord(c):04X}" for c in text[:limit])
    return (shown + (" …" if len(text) > limit else "")) or "∅"


class ByteOrderModel(RowTable):
    numbered = True
    """256 rows: byte value, how the vocabulary spells it, its ID."""

    headers = (QT_TRANSLATE_NOOP("models", "Byte"), QT_TRANSLATE_NOOP("models", "Printable form"),
               QT_TRANSLATE_NOOP("models", "ID"))

    def __init__(self, parent=None):
        super().__init__(parent)
        self.order = None

    def set_order(self, order) -> None:
        self.order = order
        self.set_rows(range(256))

    def data(self, index, role=Qt.DisplayRole):
        if not index.isValid() or role != Qt.DisplayRole:
            return None
        b, column = index.row(), index.column()
        if column == 0:
            return f"0x{b:02X}"
        if column == 1:
            spelled = self.order.spellings[b]
            return "—" if spelled is None else spelled
        found = self.order.ids[b]
        return "—" if found is None else found
