"""Which formats can hold an asset exactly, asked before any file is chosen.

Each exporter is the one authority on what its format can represent, so
instead of a second list of rules (which would drift) this runs every
exporter into a scratch folder and keeps its refusal as the reason.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from core.errors import AssetError
from core.formats import FORMATS, export_asset

SCRATCH_NAMES = {"spm": "check.model", "bert-vocab": "vocab.txt", "tiktoken": "check.tiktoken"}


def export_reasons(asset: dict, tokenizer) -> dict[str, str | None]:
    """``{format: None}`` for each format that can hold ``asset``, else the reason it cannot."""
    reasons: dict[str, str | None] = {}
    with tempfile.TemporaryDirectory(prefix="subword-export-check-") as folder:
        for fmt in FORMATS:
            out = Path(folder) / SCRATCH_NAMES.get(fmt, f"check.{fmt}")
            try:
                export_asset(asset, tokenizer, fmt, out)
            except AssetError as exc:
                reasons[fmt] = str(exc)
            else:
                reasons[fmt] = None
    return reasons
