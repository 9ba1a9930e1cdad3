"""The encode/decode panel: ``panel`` (the widget), ``chooser`` (the
tokenizer selector), ``decode_box`` (IDs back to text), ``canon_view`` (the
canonical-list check), ``table`` (one row per token) and ``texts`` (its
sentences in the UI language)."""

from .panel import EncodePanel

__all__ = ["EncodePanel"]
