"""Vocabulary surgery that keeps IDs (issue 40): add, add-special, reserve,
remove and shrink the tokens of a BPE, WordPiece or Unigram tokenizer,
learn further BPE merges on a new corpus (``further``), and the ID map a
model needs.

:func:`edit` applies an :class:`EditRequest` to an asset and gives an
:class:`Edited`; nothing here writes a file or imports Qt.

Details: docs/notes/edit-and-stats.md#coreedit__init__py.
"""

from __future__ import annotations

from core.edit import bpe, unigram, wordpiece
from core.edit.plan import EditError, EditRequest, Edited, origin_format, parse_reserve, remap_padding

__all__ = ["EditError", "EditRequest", "Edited", "edit", "origin_format", "parse_reserve", "remap_padding"]


def edit(asset: dict, tokenizer, request: EditRequest) -> Edited:
    """Apply ``request`` to an asset (kinds bpe and byte-bpe, wordpiece, unigram)."""
    kind = asset.get("kind")
    if request.continue_on and kind not in ("bpe", "byte-bpe"):
        raise EditError(f"--continue-on: learns further BPE merges; a {kind} tokenizer has none")
    if kind in ("bpe", "byte-bpe"):
        return bpe.edit(asset, tokenizer, request)
    if kind == "wordpiece":
        return wordpiece.edit(asset, tokenizer, request)
    if kind == "unigram":
        return unigram.edit(asset, tokenizer, request)
    raise EditError(f"edit: a {kind} tokenizer cannot be edited (BPE, WordPiece and Unigram can)")
