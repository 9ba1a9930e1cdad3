"""The normalizers, one object per kind: the plain application the encoder
runs and the aligned one the stages view runs, over one shared rule.

Calling a normalizer (``str -> str``) is the plain path, as fast as a bare
function; :meth:`Normalizer.aligned` applies the same rule (the same
function, regex or table) to an :class:`core.pipeline.aligned.Aligned`
text and keeps each character's original bytes, as HF's
``NormalizedString`` does.  Its text is always the plain output
(tests/core/test_aligned_stages.py checks every kind).  The objects are
built from specs by :func:`core.pipeline.text_pipeline.build_normalizer`.
"""

from __future__ import annotations

from itertools import chain, repeat

from core.pipeline.aligned import Aligned, insert, map_local, replace_matches
from core.pipeline.byte_chars import WHITE_SPACE
from core.pipeline.charsmap import Charsmap
from core.pipeline.normalize import Pipeline


class Normalizer:
    """``normalizer(text)`` and ``normalizer.aligned(src)``: the same text."""

    def __call__(self, text: str) -> str:
        raise NotImplementedError

    def aligned(self, src: Aligned) -> Aligned:
        raise NotImplementedError


class Identity(Normalizer):
    """Spec ``none``: the text as it is."""

    def __call__(self, text):
        return text

    def aligned(self, src):
        return src


class CharMap(Normalizer):
    """A ``str -> str`` function that works character by character but
    where characters combine (NFC/NFD/NFKC/NFKD, Lowercase, StripAccents)."""

    def __init__(self, function):
        self.function = function

    def __call__(self, text):
        return self.function(text)

    def aligned(self, src):
        return map_local(src, self.function)


class Strip(Normalizer):
    """Drop White_Space at the left and/or right end."""

    def __init__(self, left: bool, right: bool):
        self.left, self.right = left, right

    def bounds(self, text: str) -> tuple[int, int]:
        """The ``(start, end)`` that is kept."""
        start, end = 0, len(text)
        while self.left and start < end and text[start] in WHITE_SPACE:
            start += 1
        while self.right and end > start and text[end - 1] in WHITE_SPACE:
            end -= 1
        return start, end

    def __call__(self, text):
        start, end = self.bounds(text)
        return text[start:end]

    def aligned(self, src):
        return src.slice(*self.bounds(src.text)) if src.text else src


class Replace(Normalizer):
    """Every match of ``pattern`` becomes ``content``, which maps to the whole match."""

    def __init__(self, pattern, content: str):
        self.pattern, self.content = pattern, content

    def __call__(self, text):
        return self.pattern.sub(lambda _m: self.content, text)

    def aligned(self, src):
        return replace_matches(src, [m.span() for m in self.pattern.finditer(src.text)], self.content)


class Prepend(Normalizer):
    """``prefix`` before a text that is not empty."""

    def __init__(self, prefix: str):
        self.prefix = prefix

    def __call__(self, text):
        return self.prefix + text if text else text

    def aligned(self, src):
        return insert(src, 0, self.prefix) if src.text else src


class Precompiled(Normalizer):
    """HF's Precompiled: a SentencePiece charsmap read grapheme by grapheme;
    each grapheme's output maps to that grapheme."""

    def __init__(self, charsmap: Charsmap):
        self.charsmap = charsmap

    def __call__(self, text):
        return "".join(out for _, _, out in self.charsmap.hf_segments(text))

    def aligned(self, src):
        segments = self.charsmap.hf_segments(src.text)
        ranges = chain.from_iterable(repeat((start, end), len(out)) for start, end, out in segments)
        return src.remap("".join(out for _, _, out in segments), ranges)


class SentencePiece(Normalizer):
    """SentencePiece's own normalizer (:class:`core.pipeline.normalize.Pipeline`)."""

    def __init__(self, pipeline: Pipeline):
        self.pipeline = pipeline
        self.run = _plain_spaces(pipeline) or pipeline.normalize_text

    def __call__(self, text):
        return self.run(text)

    def aligned(self, src):
        normalized = self.pipeline.normalize(src.text)
        return src.remap(normalized.text, normalized.spans)


def _plain_spaces(pipeline):
    """The text alone of ``pipeline.normalize`` where it only writes spaces
    as ▁ and adds the dummy ▁ (identity normalization, no squeezing, no
    protected pieces; what Llama and Mistral tokenizer.json files spell as
    Prepend + Replace): two C calls instead of a span per character.  None
    for any other pipeline."""
    if (pipeline.normalization != "identity" or pipeline.remove_extra_whitespaces or pipeline._matcher
            or pipeline.treat_whitespace_as_suffix):
        return None
    space = "\u2581" if pipeline.escape_whitespaces else " "
    prefix = space if pipeline.add_dummy_prefix else ""
    return lambda text: prefix + text.replace(" ", space) if text else ""


class Sequence(Normalizer):
    """Each step on the output of the one before."""

    def __init__(self, steps: list):
        self.steps = steps

    def __call__(self, text):
        for step in self.steps:
            text = step(text)
        return text

    def aligned(self, src):
        for step in self.steps:
            src = step.aligned(src)
        return src
