"""Normalizers, pre-tokenizers and decoders described as data, for imported tokenizers.

Reference: Hugging Face ``tokenizers`` 0.23 (``normalizers/``,
``pre_tokenizers/``, ``decoders/``, ``tokenizer/pattern.rs`` for the split
behaviours); the tests compare every stage with the library.  A spec is a
JSON object ``{"type": ..., **options}``; ``sequence`` composes stages.
The types are HF's, spelled in lower case with underscores, except:

* ``whitespace`` is HF's ``WhitespaceSplit`` (split on Unicode White_Space,
  the rule of every other asset kind here) and ``word_punct`` is HF's
  ``Whitespace`` (``\\w+|[^\\w\\s]+``);
* ``sentencepiece`` (normalizer) is :class:`core.pipeline.normalize.Pipeline`;
* ``precompiled`` is HF's ``Precompiled`` (:meth:`core.pipeline.charsmap.Charsmap.hf_segments`);
* ``sentencepiece`` (decoder) is SentencePiece's own ``Decode``, which no
  chain of HF decoders reproduces exactly.

:func:`build_normalizer` and :func:`build_pre_tokenizer` check a spec and
build one object per stage (core.pipeline.normalizers,
core.pipeline.pre_tokenizers): called, it is the plain stage the encoder
runs; its ``aligned`` method is the same stage with alignment, which the
stages view runs.  Decoders are plain functions, built by kind in
core.pipeline.decoders.

Deviations: regexes run on Python's ``regex`` module, not Oniguruma or the
Rust ``regex`` crate (core.pipeline.guarded_regex says how the two are made
to agree).  Metaspace's ``prepend_scheme: first`` treats "first" as the
first split of the text.
"""

from __future__ import annotations

from functools import partial


from core.errors import AssetError, StudioError, excerpt
from core.pipeline import decoders, hf_unicode, normalizers, pre_tokenizers
# Some names are only re-exported here, read as tp.X by older users; the byte
# spellings (BYTE_CHARS, byte_level_bytes, ...) belong to byte_chars, which
# is their users' better source.
from core.pipeline.byte_chars import (  # noqa: F401
    BYTE_CHARS, WHITE_SPACE, byte_level, byte_level_bytes, bytes_text, bytes_to_unicode, escaped_bytes, keeping_bytes)
from core.pipeline.charsmap import Charsmap
from core.pipeline.guarded_regex import (  # noqa: F401
    BYTE_LEVEL_PATTERN, FILE_SPELLINGS, GuardedRegex, known_patterns, onig_pattern, split_pattern)
from core.pipeline.normalize import Pipeline
from core.pipeline.onig import compile as onig_compile
from core.pipeline.pre_tokenizers import Split, is_punctuation  # noqa: F401
from core.pipeline.spec_options import behavior, option, steps


# ==== normalizers: str -> str ====

def _precompiled(spec, where):
    # HF's Precompiled: a SentencePiece charsmap read grapheme by grapheme.
    try:
        return normalizers.Precompiled(Charsmap.from_base64(option(spec, "precompiled_charsmap", str, where)))
    except StudioError as exc:
        raise AssetError(f"{where}: Precompiled: {exc}") from None


def _sentencepiece(spec, where):
    try:
        return normalizers.SentencePiece(Pipeline.from_description(spec))
    except StudioError as exc:
        raise AssetError(f"{where}: {exc}") from None


def _unicode_form(form):
    return lambda spec, where: normalizers.CharMap(partial(hf_unicode.normalize, form))


def _strip_accents(text: str) -> str:
    return "".join(c for c in text if c not in hf_unicode.COMBINING_MARKS)


# kind -> (spec, where) -> the normalizer
NORMALIZERS = {
    "none": lambda spec, where: normalizers.Identity(),
    **{form.lower(): _unicode_form(form) for form in ("NFC", "NFD", "NFKC", "NFKD")},
    "lowercase": lambda spec, where: normalizers.CharMap(hf_unicode.lower),
    "strip": lambda spec, where: normalizers.Strip(option(spec, "left", bool, where),
                                                   option(spec, "right", bool, where)),
    "strip_accents": lambda spec, where: normalizers.CharMap(_strip_accents),
    "replace": lambda spec, where: normalizers.Replace(split_pattern(spec, where),
                                                       option(spec, "content", str, where)),
    "prepend": lambda spec, where: normalizers.Prepend(option(spec, "prepend", str, where)),
    "precompiled": _precompiled,
    "sentencepiece": _sentencepiece,
    "sequence": lambda spec, where: normalizers.Sequence(steps(spec, where, build_normalizer)),
}


def build_normalizer(spec, where: str = "normalizer") -> normalizers.Normalizer:
    """The normalizer of a spec (``str -> str`` when called); AssetError names what is wrong."""
    kind = option(spec, "type", str, where)
    if kind not in NORMALIZERS:
        raise AssetError(f"{where}: unknown normalizer type {excerpt(kind)}")
    return NORMALIZERS[kind](spec, where)


# ==== pre-tokenizers: list of splits -> list of splits ====

def _white_space(spec, where):
    return pre_tokenizers.CharSplit(WHITE_SPACE.__contains__, "removed")


def _word_punct(spec, where):
    # HF's Whitespace (Rust's regex crate, not Oniguruma)
    return pre_tokenizers.PatternSplit(onig_compile(r"\w+|[^\w\s]+"), "removed", invert=True)


def _digits(spec, where):
    individual = option(spec, "individual_digits", bool, where)
    return pre_tokenizers.CharSplit(hf_unicode.is_numeric, "isolated" if individual else "contiguous")


def _byte_level(spec, where):
    prefix, use_regex = option(spec, "add_prefix_space", bool, where), option(spec, "use_regex", bool, where)
    return pre_tokenizers.ByteLevel(prefix, onig_compile(BYTE_LEVEL_PATTERN) if use_regex else None)


def _metaspace(spec, where):
    replacement, scheme = option(spec, "replacement", str, where), option(spec, "prepend_scheme", str, where)
    if len(replacement) != 1 or scheme not in ("always", "first", "never"):
        raise AssetError(f"{where}: replacement must be one character and prepend_scheme always, first or never")
    return pre_tokenizers.Metaspace(replacement, scheme, option(spec, "split", bool, where))


# kind -> (spec, where) -> the pre-tokenizer
PRE_TOKENIZERS = {
    "none": lambda spec, where: pre_tokenizers.Identity(),
    "whitespace": _white_space,
    "word_punct": _word_punct,
    "bert": lambda spec, where: pre_tokenizers.Nested(_white_space(spec, where),
                                                      pre_tokenizers.CharSplit(is_punctuation, "isolated")),
    "punctuation": lambda spec, where: pre_tokenizers.CharSplit(is_punctuation, behavior(spec, where, "isolated")),
    "digits": _digits,
    "split": lambda spec, where: pre_tokenizers.PatternSplit(split_pattern(spec, where), behavior(spec, where),
                                                             option(spec, "invert", bool, where)),
    # A named pattern of core.pipeline.pretokenize, as byte-bpe assets store
    # it: every match is a pre-token (HF Split, behavior "isolated").
    "regex": lambda spec, where: pre_tokenizers.PatternPieces(GuardedRegex(option(spec, "pattern", str, where),
                                                                           where)),
    "byte_level": _byte_level,
    "metaspace": _metaspace,
    "sequence": lambda spec, where: pre_tokenizers.Sequence(steps(spec, where, build_pre_tokenizer)),
}


def build_pre_tokenizer(spec, where: str = "pre_tokenizer") -> pre_tokenizers.PreTokenizer:
    """The pre-tokenizer of a spec (``list[Split] -> list[Split]`` when called)."""
    kind = option(spec, "type", str, where)
    if kind not in PRE_TOKENIZERS:
        raise AssetError(f"{where}: unknown pre-tokenizer type {excerpt(kind)}")
    return PRE_TOKENIZERS[kind](spec, where)


# ==== decoders: list of token strings -> list of strings ====

def build_decoder(spec, where: str = "decoder"):
    """A function ``list[str] -> list[str]`` (HF's ``decode_chain``)."""
    kind = option(spec, "type", str, where)
    if kind == "sequence":
        chain = steps(spec, where, build_decoder)

        def run(tokens):
            for step in chain:
                tokens = step(tokens)
            return tokens
        return run
    if kind not in decoders.DECODERS:
        raise AssetError(f"{where}: unknown decoder type {excerpt(kind)}")
    return decoders.DECODERS[kind](spec, where)


def decode(decoder, tokens) -> str:
    """Join what the decoder chain returns (``none`` joins with spaces, as HF)."""
    return "".join(decoder(list(tokens)))
