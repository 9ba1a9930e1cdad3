"""Vocabulary surgery that keeps IDs (issue 40): add, add-special, reserve,
remove and shrink the tokens of a BPE, WordPiece or Unigram tokenizer,
learn further BPE merges on a new corpus (``further``), and the ID map a
model needs.

An :class:`EditRequest` says what to change; :func:`edit` applies it to an
asset and its tokenizer and gives an :class:`Edited`: the new asset and
tokenizer, where every old ID went (``old_to_new``), the tokens that are
new (with the old IDs whose embeddings a model could average for each),
what was removed and what became unreachable.  Nothing here writes a file
or imports Qt; the ``edit`` command (core/cli/edit_cmds.py) exports the
result in the origin's own format.

By default every kept token keeps its ID: a removed ID is a hole where the
format allows one (tokenizer.json, tiktoken ranks) and a placeholder where
it does not (BERT's vocab.txt: one line per ID; a SentencePiece or Unigram
model: a control piece).  ``compact`` renumbers
the kept and new tokens densely, in their old order.
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
