"""Which formats can hold an asset exactly, asked before any file is chosen.

Each exporter is the one authority on what its format can represent, so
instead of a second list of rules (which would drift) this runs every
exporter into a scratch folder and keeps its refusal as the reason.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from core.errors import AssetError, Cancelled
from core.formats import FORMATS, export_asset

SCRATCH_NAMES = {"spm": "check.model", "bert-vocab": "vocab.txt", "tiktoken": "check.tiktoken"}


def export_reasons(asset: dict, tokenizer) -> dict[str, str | None]:
    """``{format: None}`` for each format that can hold ``asset``, else the reason it cannot."""
    return {fmt: None if exc is None else str(exc) for fmt, exc in export_errors(asset, tokenizer).items()}


def export_errors(asset: dict, tokenizer, progress=None, should_stop=None) -> dict[str, AssetError | None]:
    """As :func:`export_reasons`, keeping each refusal as the error itself
    (its code and parameters let a window say it in the user's language).
    ``progress(done, total)`` is told after each format; ``should_stop()``
    true raises Cancelled (a window's Cancel)."""
    reasons: dict[str, AssetError | None] = {}
    with tempfile.TemporaryDirectory(prefix="subword-export-check-") as folder:
        for done, fmt in enumerate(FORMATS):
            if should_stop is not None and should_stop():
                raise Cancelled()
            if progress is not None:
                progress(done, len(FORMATS))
            out = Path(folder) / SCRATCH_NAMES.get(fmt, f"check.{fmt}")
            try:
                export_asset(asset, tokenizer, fmt, out)
            except AssetError as exc:
                reasons[fmt] = exc
            else:
                reasons[fmt] = None
    return reasons
