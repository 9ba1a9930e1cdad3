"""Added tokens: strings matched in the text before the model runs (HF ``AddedToken``).

Hugging Face ``tokenizers`` (``tokenizer/added_vocabulary.rs``) cuts added
tokens out of the raw text first, and those marked ``normalized`` out of the
normalized text; the model never sees them.  At one position the longest
added token wins (HF's leftmost-longest Aho-Corasick); ``lstrip``/``rstrip``
take the white space on that side with the token.  Imported BPE and
WordPiece cut by this one rule, so it sits below both, in the pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass

import regex

from core.errors import TokenizerError, excerpt
from core.numbers import MAX_VOCAB
from core.pipeline.byte_chars import WHITE_SPACE


@dataclass(frozen=True)
class AddedToken:
    """A token matched in the text before the model runs (HF ``AddedToken``)."""

    content: str
    id: int
    special: bool = True
    normalized: bool = False
    lstrip: bool = False
    rstrip: bool = False

    def describe(self) -> dict:
        return {"token": self.content, "id": self.id, "special": self.special, "normalized": self.normalized,
                "lstrip": self.lstrip, "rstrip": self.rstrip}


class AddedTokens:
    """Checked added tokens by content, with one matcher for the raw text and
    one for the normalized text."""

    def __init__(self, tokens: tuple[AddedToken, ...]):
        raw, normalized, seen = [], [], {}
        for a in tokens:
            if not isinstance(a, AddedToken) or not isinstance(a.content, str) or not a.content:
                raise TokenizerError(f"added token {excerpt(a)}: expected an AddedToken with non-empty content")
            if a.content in seen:
                raise TokenizerError(f"added token {excerpt(a.content)} appears twice")
            if isinstance(a.id, bool) or not isinstance(a.id, int) or not 0 <= a.id < MAX_VOCAB:
                raise TokenizerError(f"added token {excerpt(a.content)}: the ID {excerpt(a.id)} is not an integer "
                                     f"from 0 to {MAX_VOCAB - 1}")
            seen[a.content] = a
            (normalized if a.normalized else raw).append(a)
        self._by_content = seen
        self._matchers = (_matcher(raw), _matcher(normalized))

    def __contains__(self, content: str) -> bool:
        return content in self._by_content

    def __iter__(self):
        return iter(self._by_content.values())

    def get(self, content: str) -> AddedToken | None:
        return self._by_content.get(content)

    def cut(self, text: str, *, normalized: bool = False):
        """``(offset, piece, added_or_None)`` tiling ``text`` around the added
        tokens matched in the raw text, or with ``normalized=True`` those
        matched in the normalized text."""
        matcher = self._matchers[normalized]
        if matcher is None or not text:
            if text:
                yield 0, text, None
            return
        pattern, ordered = matcher
        pos = 0
        for match in pattern.finditer(text):
            token = ordered[match.lastindex - 1]
            if match.start() > pos:
                yield pos, text[pos:match.start()], None
            yield match.start(), match.group(), token
            pos = match.end()
        if pos < len(text):
            yield pos, text[pos:], None


def _matcher(tokens):
    if not tokens:
        return None
    # Longest first: at one position the longest added token wins.
    ordered = sorted(tokens, key=lambda a: (-len(a.content), a.content))
    space = "[" + regex.escape("".join(sorted(WHITE_SPACE))) + "]*"
    parts = [(space if a.lstrip else "") + regex.escape(a.content) + (space if a.rstrip else "") for a in ordered]
    return regex.compile("|".join(f"({p})" for p in parts)), ordered
