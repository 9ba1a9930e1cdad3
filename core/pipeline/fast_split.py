"""Pre-tokenization for the IDs-only fast path of imported BPE: the
pre-tokens of one normalized stretch in as few C calls as the spec allows,
*before* the byte-level respelling, which is left to a cache miss.

:func:`plan` reads a pre-tokenizer spec (the data :func:`core.pipeline.text_pipeline.build_pre_tokenizer`
builds from) and returns ``(split, respell)``: ``split(text, first)`` gives
raw pieces, and ``respell(piece)`` (or the piece itself when ``respell`` is
None) is exactly the pre-token the plain path would give for it, in the
same order.  A respelled piece is a cache key's value, so one ``regex``
call per text and one dict lookup per piece is the whole hot path.

Recognised shapes (what GPT-2, tiktoken, Llama 3, o200k and most byte-level
files spell): a byte_level step that splits with GPT-2's regex, or a single
regex split (``isolated``, or ``removed`` with ``invert``) followed by a
byte_level step that does not split.  Anything else runs the built
pre-tokenizer as the plain path does and respells nothing.
"""

from __future__ import annotations

from core.pipeline.byte_chars import byte_level
from core.pipeline.guarded_regex import BYTE_LEVEL_PATTERN, GuardedRegex, split_pattern
from core.pipeline.pre_tokenizers import Split, regex_pieces


def _steps(spec) -> list:
    if isinstance(spec, dict) and spec.get("type") == "sequence":
        return [s for step in spec.get("steps", ()) for s in _steps(step)]
    return [spec]


def _is_level(step, *, use_regex: bool) -> bool:
    return (isinstance(step, dict) and step.get("type") == "byte_level" and step.get("use_regex") is use_regex
            and step.get("add_prefix_space") is False)


def _regex_step(step, where):
    """A split that keeps every match and only matches (``findall`` when
    the matches tile the text), or None."""
    if not isinstance(step, dict):
        return None
    kind = step.get("type")
    if kind == "regex":
        return GuardedRegex(step["pattern"], where)
    if kind == "split" and isinstance(step.get("pattern"), dict) and "regex" in step["pattern"]:
        if (step.get("behavior"), step.get("invert")) in (("isolated", False), ("removed", True)):
            return split_pattern(step, where)
    return None


def plan(spec, built, where: str = "pre_tokenizer"):
    """``(split, respell)`` for ``spec``; ``built`` is its built pre-tokenizer."""
    steps = _steps(spec)
    respell = None
    if len(steps) == 1 and _is_level(steps[0], use_regex=True):
        return RegexSplit(GuardedRegex(BYTE_LEVEL_PATTERN, where, onig=True), True), byte_level
    if len(steps) == 2 and _is_level(steps[1], use_regex=False):
        pattern = _regex_step(steps[0], where)
        if pattern is not None:
            return RegexSplit(pattern, steps[0].get("invert") is not True), byte_level

    def split(text, first):
        return [s.text for s in built([Split(text, first)])]
    return split, respell


class RegexSplit:
    """``split(text, first)`` by one regex (``first`` does not matter)."""

    def __init__(self, pattern, isolated: bool):
        self.pattern, self.isolated = pattern, isolated

    def __call__(self, text: str, first: bool) -> list[str]:
        return regex_pieces(self.pattern, text, self.isolated)
