"""The decoders, one small builder per kind: ``(spec, where)`` gives a
function ``list[str] -> list[str]``, HF's ``decode_chain`` step of that
name (``decoders/`` of Hugging Face ``tokenizers`` 0.23);
:func:`core.pipeline.text_pipeline.build_decoder` checks the type, composes
``sequence`` and looks the rest up in :data:`DECODERS`.  ``sentencepiece``
is SentencePiece's own ``Decode``, which no chain of HF decoders reproduces
exactly.
"""

from __future__ import annotations

import regex

from core.pipeline.byte_chars import byte_level_bytes, bytes_text
from core.pipeline.guarded_regex import split_pattern
from core.pipeline.normalize import Pipeline, piece_byte
from core.pipeline.spec_options import option

_CLEANUP = ((" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"),
            (" 'm", "'m"), (" do not", " don't"), (" 's", "'s"), (" 've", "'ve"), (" 're", "'re"))
_BYTE_TOKEN = regex.compile(r"<0x([0-9A-F]{2})>")


def cleanup(text: str) -> str:
    """HF's ``decoders::wordpiece::cleanup``: glue punctuation and contractions."""
    for old, new in _CLEANUP:
        text = text.replace(old, new)
    return text


def _hf_fallback_text(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return "\ufffd" * len(data)  # one U+FFFD per byte, as HF


def _byte_fallback(tokens):
    out, pending = [], bytearray()

    def flush():
        if pending:
            out.append(bytes_text(pending, _hf_fallback_text))
            pending.clear()
    for token in tokens:
        match = _BYTE_TOKEN.fullmatch(token)
        if match:
            pending.append(int(match.group(1), 16))
        else:
            flush()
            out.append(token)
    flush()
    return out


def _none(spec, where):
    return lambda tokens: [" ".join(tokens)]


def _byte_level(spec, where):
    def run(tokens):
        # A token with a character outside the byte alphabet (an added
        # token) contributes its own UTF-8, as HF does.
        data = b"".join(byte_level_bytes(t) or t.encode("utf-8", "surrogatepass") for t in tokens)
        return [bytes_text(data, lambda d: d.decode("utf-8", "replace"))]
    return run


def _metaspace(spec, where):
    replacement = option(spec, "replacement", str, where)
    scheme = option(spec, "prepend_scheme", str, where)

    def meta(tokens):
        out = []
        for i, token in enumerate(tokens):
            token = token.replace(replacement, " ")
            if i == 0 and scheme != "never" and token.startswith(" "):
                token = token[1:]
            out.append(token)
        return out
    return meta


def _wordpiece(spec, where):
    prefix, clean = option(spec, "prefix", str, where), option(spec, "cleanup", bool, where)

    def wordpiece(tokens):
        out = []
        for i, token in enumerate(tokens):
            if i and token.startswith(prefix):
                token = token[len(prefix):]
            elif i:
                token = " " + token
            out.append(cleanup(token) if clean else token)
        return out
    return wordpiece


def _bpe_suffix(spec, where):
    suffix = option(spec, "suffix", str, where)
    return lambda tokens: [t.replace(suffix, "" if i == len(tokens) - 1 else " ") for i, t in enumerate(tokens)]


def _strip(spec, where):
    content = option(spec, "content", str, where)
    start, stop = option(spec, "start", int, where), option(spec, "stop", int, where)

    def strip(tokens):
        out = []
        for token in tokens:
            a, b = 0, len(token)
            while a < min(start, len(token)) and token[a] == content:
                a += 1
            while len(token) - b < stop and b > a and token[b - 1] == content:
                b -= 1
            out.append(token[a:b])
        return out
    return strip


def _replace(spec, where):
    pattern, content = split_pattern(spec, where), option(spec, "content", str, where)
    return lambda tokens: [pattern.sub(lambda _m: content, t) for t in tokens]


def _sentencepiece_decoder(spec, where):
    """SentencePiece's own ``Decode`` over token strings: control pieces print
    nothing, the unknown piece its surface, byte pieces their UTF-8, and the
    leading ``▁`` goes as :meth:`core.pipeline.normalize.Pipeline.decode` says."""

    flags = {k: option(spec, k, bool, where) for k in ("add_dummy_prefix", "remove_extra_whitespaces")}
    unk, surface = option(spec, "unk", str, where), option(spec, "unk_surface", str, where)
    controls = set(option(spec, "controls", list, where))
    byte_fallback = option(spec, "byte_fallback", bool, where)
    pipeline = Pipeline(normalization="identity", **flags)

    def run(tokens):
        parts = []
        for token in tokens:
            if token in controls:
                continue
            value = piece_byte(token) if byte_fallback else None
            parts.append(surface if token == unk else token if value is None else value)
        return [pipeline.decode(parts)]
    return run


# kind -> (spec, where) -> the decoder; "sequence" is composed by the builder
DECODERS = {
    "none": _none,
    "byte_level": _byte_level,
    "metaspace": _metaspace,
    "wordpiece": _wordpiece,
    "bpe_suffix": _bpe_suffix,
    "byte_fallback": lambda spec, where: _byte_fallback,
    "sentencepiece": _sentencepiece_decoder,
    "fuse": lambda spec, where: lambda tokens: ["".join(tokens)],
    "strip": _strip,
    "replace": _replace,
}
