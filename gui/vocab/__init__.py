"""The Vocabulary view: every token of any tokenizer the workspace holds,
how it was built, and audits of the tokens that can never appear."""

from .view import VocabView

__all__ = ["VocabView"]
