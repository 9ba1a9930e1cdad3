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

Deviations: regexes run on Python's ``regex`` module, not Oniguruma (HF's
Split, Replace and ByteLevel) or the Rust ``regex`` crate (HF's
Whitespace).  Oniguruma's ``\\w`` is spelled out for it (:func:`onig_pattern`),
and the characters ``regex`` knows but HF's older tables do not are read
as HF reads them (core.pipeline.onig), so the classes agree on every
character; a pattern using a feature the two engines spell differently may
still split differently.  Offsets are
not tracked, so Metaspace's ``prepend_scheme: first`` treats "first" as
the first split of the text.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import regex

from core.errors import AssetError, TokenizerError, excerpt
from core.pipeline import hf_unicode
from core.pipeline.byte_chars import (  # noqa: F401 (read here by the specs, and as tp.X by their users)
    BYTE_CHARS, CHAR_BYTES, WHITE_SPACE, byte_level, byte_level_bytes, bytes_text, bytes_to_unicode, escaped_bytes,
    keeping_bytes)
from core.pipeline.charsmap import Charsmap
from core.pipeline.normalize import Pipeline, piece_byte
from core.pipeline.onig import compile as onig_compile
from core.pipeline.regex_dialects import from_oniguruma, to_oniguruma
from core.pipeline.regex_bounds import repeat_problem

BEHAVIORS = ("removed", "isolated", "merged_with_previous", "merged_with_next", "contiguous")
# GPT-2's split pattern as HF's ByteLevel pre-tokenizer compiles it.
BYTE_LEVEL_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""


# ==== spec checking ====

def _get(spec, key, kinds, where, default=...):
    if not isinstance(spec, dict):
        raise AssetError(f"{where}: expected an object, found {type(spec).__name__}")
    if key not in spec:
        if default is ...:
            raise AssetError(f"{where}: missing option {excerpt(key)}")
        return default
    value = spec[key]
    kinds = kinds if isinstance(kinds, tuple) else (kinds,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise AssetError(f"{where}.{key}: expected {'/'.join(k.__name__ for k in kinds)}, found {type(value).__name__}")
    return value


_ONIG_WORD = r"\p{Alphabetic}\p{M}\p{Nd}\p{Pc}"
_LATIN1_DIGITS = r"\xb2\xb3\xb9\xbc-\xbe"


def onig_pattern(pattern: str) -> str:
    """Spell Oniguruma's ``\\w`` for Python's ``regex``: the same classes,
    but without U+200C/U+200D, and outside a character class with the
    Latin-1 digits ``²³¹¼½¾`` too (checked against ``tokenizers`` over every
    Unicode 14 character).
    ``\\W`` inside a character class is left alone."""
    def spell(escape, inside):
        if escape == "\\w":
            return _ONIG_WORD if inside else f"[{_ONIG_WORD}{_LATIN1_DIGITS}]"
        if escape == "\\W" and not inside:
            return f"[^{_ONIG_WORD}{_LATIN1_DIGITS}]"
        return None
    return respell_escapes(pattern, spell)


_ESCAPE = regex.compile(r"\\(?:p\{\w+\}|.)", regex.DOTALL)


def respell_escapes(pattern: str, spell) -> str:
    """``pattern`` with each escape (``\\w``, ``\\p{L}``, ``\\[``, ...) that
    ``spell(escape, inside a character class)`` spells otherwise replaced by
    that spelling; ``spell`` returns None to keep an escape."""
    out, at, depth = [], 0, 0
    while at < len(pattern):
        ch = pattern[at]
        if ch == "\\" and at + 1 < len(pattern):
            escape = _ESCAPE.match(pattern, at).group()
            spelled = spell(escape, depth > 0)
            out.append(escape if spelled is None else spelled)
            at += len(escape)
            continue
        depth += ch == "["
        depth -= ch == "]" and depth > 0
        out.append(ch)
        at += 1
    return "".join(out)


# A regex from a file can backtrack catastrophically: ``(a|aa)+$`` takes
# minutes on forty a's, in Oniguruma as here.  Each search gets a time
# budget that grows with the text, far above what an honest pattern needs,
# and running out is a clear error naming the pattern instead of a hang.
# The budget makes ``regex`` about 3x slower, so the split patterns shipped
# in core.pipeline.pretokenize (which a GPT-2, cl100k or Llama 3 file spells out) run
# without it.
REGEX_SECONDS = 2.0
REGEX_SECONDS_PER_CHAR = 2e-6


@cache
def known_patterns() -> frozenset:
    """The split patterns shipped here: they run without the budget, and
    a long text may be cut for threads between their matches
    (core.engines.compile.cut_rule)."""
    from core.pipeline.pretokenize import PRETOKENIZERS

    shipped = {p.pattern for p in PRETOKENIZERS.values() if p.pattern}
    # ... and as our tokenizer.json exports spell them (core.pipeline.regex_dialects)
    return frozenset(shipped | set(map(to_oniguruma, shipped))) | {BYTE_LEVEL_PATTERN, *FILE_SPELLINGS}


# The cl100k split as tokenizer.json files (Llama 3, GPT-4 conversions) and
# tiktoken's own JSON tables spell it, without possessive quantifiers: no
# nested repetition, so it runs without the budget like the shipped ones.
FILE_SPELLINGS = (r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
                  r"""|\s*[\r\n]+|\s+(?!\S)|\s+""",)


class GuardedRegex:
    """A compiled user-supplied pattern whose ``findall``, ``finditer`` and
    ``sub`` stop with a :class:`TokenizerError` when over budget."""

    def __init__(self, source: str, where: str, translated: str | None = None, *, onig: bool = False):
        """``onig``: a pattern from a Hugging Face file, matched with
        Oniguruma's Unicode tables (core.pipeline.onig)."""
        self.source, self.where = source, where
        self.trusted = source in known_patterns()
        problem = None if self.trusted else repeat_problem(source)
        if problem is not None:  # regex.compile expands counted repeats: checked before it runs
            raise AssetError(f"{where}.pattern: the regex {source[:80]!r} is refused: {problem}")
        try:
            self.compiled = (onig_compile if onig else regex.compile)(source if translated is None else translated)
        except (regex.error, OverflowError, RecursionError) as exc:
            raise AssetError(f"{where}.pattern: the regex {source[:80]!r} does not compile ({exc})") from None

    def _run(self, text, work):
        try:
            return work(None if self.trusted else REGEX_SECONDS + REGEX_SECONDS_PER_CHAR * len(text))
        except TimeoutError:
            raise TokenizerError(
                f"{self.where}.pattern: the regex {self.source[:80]!r} took too long on a text of {len(text)} "
                "characters (it backtracks catastrophically, e.g. nested repetition like (a|aa)+); "
                "fix the pattern in the tokenizer file") from None

    # concurrent: the GIL is let go while a long text is matched, so a window
    # whose worker thread splits a megabyte keeps painting.
    def findall(self, text):
        return self._run(text, lambda budget: self.compiled.findall(text, timeout=budget, concurrent=True))

    def finditer(self, text):
        # list(): the iterator matches, and runs out of time, while consumed
        return self._run(text, lambda budget: list(self.compiled.finditer(text, timeout=budget, concurrent=True)))

    def sub(self, repl, text):
        return self._run(text, lambda budget: self.compiled.sub(repl, text, timeout=budget))


def split_pattern(spec, where):
    """``{"string": s}`` (a literal) or ``{"regex": r}`` in Oniguruma's
    dialect, as HF's SplitPattern."""
    pattern = _get(spec, "pattern", dict, where)
    if set(pattern) == {"string"} and isinstance(pattern["string"], str):
        return regex.compile(regex.escape(pattern["string"]))
    if set(pattern) == {"regex"} and isinstance(pattern["regex"], str):
        translated = from_oniguruma(onig_pattern(pattern["regex"]))  # HF's meaning, in regex's dialect
        return GuardedRegex(pattern["regex"], where, translated, onig=True)
    raise AssetError(f'{where}.pattern: expected {{"string": ...}} or {{"regex": ...}}')


def _steps(spec, where, build):
    steps = _get(spec, "steps", list, where)
    return [build(s, f"{where}.steps[{i}]") for i, s in enumerate(steps)]


# ==== normalizers: str -> str ====

def _strip(left, right):
    def run(text):
        start, end = 0, len(text)
        while left and start < end and text[start] in WHITE_SPACE:
            start += 1
        while right and end > start and text[end - 1] in WHITE_SPACE:
            end -= 1
        return text[start:end]
    return run


def build_normalizer(spec, where: str = "normalizer"):
    """A function ``str -> str`` for a normalizer spec; AssetError names what is wrong."""
    kind = _get(spec, "type", str, where)
    if kind == "none":
        return lambda text: text
    if kind in ("nfc", "nfd", "nfkc", "nfkd"):
        return lambda text, form=kind.upper(): hf_unicode.normalize(form, text)
    if kind == "lowercase":
        return hf_unicode.lower
    if kind == "strip":
        return _strip(_get(spec, "left", bool, where), _get(spec, "right", bool, where))
    if kind == "strip_accents":
        return lambda text: "".join(c for c in text if c not in hf_unicode.COMBINING_MARKS)
    if kind == "replace":
        pattern, content = split_pattern(spec, where), _get(spec, "content", str, where)
        return lambda text: pattern.sub(lambda _m: content, text)
    if kind == "prepend":
        prefix = _get(spec, "prepend", str, where)
        return lambda text: prefix + text if text else text
    if kind == "precompiled":
        # HF's Precompiled: a SentencePiece charsmap read grapheme by grapheme.
        from core.errors import StudioError

        try:
            charsmap = Charsmap.from_base64(_get(spec, "precompiled_charsmap", str, where))
        except StudioError as exc:
            raise AssetError(f"{where}: Precompiled: {exc}") from None
        return lambda text: "".join(out for _, _, out in charsmap.hf_segments(text))
    if kind == "sentencepiece":
        from core.errors import StudioError

        try:
            pipeline = Pipeline.from_description(spec)
        except StudioError as exc:
            raise AssetError(f"{where}: {exc}") from None
        return _plain_spaces(pipeline) or pipeline.normalize_text
    if kind == "sequence":
        steps = _steps(spec, where, build_normalizer)

        def run(text):
            for step in steps:
                text = step(text)
            return text
        return run
    raise AssetError(f"{where}: unknown normalizer type {excerpt(kind)}")


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


# ==== pre-tokenizers: list of splits -> list of splits ====

class Split(NamedTuple):
    text: str
    first: bool  # starts the text (Metaspace's prepend_scheme "first")


def _marks(text, found):
    """``(start, end, is_match)`` covering ``text``, as HF's find_matches."""
    out, prev = [], 0
    for start, end in found:
        if start > prev:
            out.append((prev, start, False))
        out.append((start, end, True))
        prev = end
    if prev < len(text):
        out.append((prev, len(text), False))
    return out


def split_by(text: str, found, behavior: str, invert: bool = False) -> list[str]:
    """HF's ``NormalizedString::split`` for matches ``found`` ((start, end) pairs)."""
    return [text[s:e] for s, e in split_spans(text, found, behavior, invert)]


def split_spans(text: str, found, behavior: str, invert: bool = False) -> list[tuple[int, int]]:
    """The ``(start, end)`` of every piece :func:`split_by` returns."""
    marks = [(s, e, m != invert) for s, e, m in _marks(text, found)]
    spans: list[list] = []
    previous = False
    if behavior == "removed":
        spans = [[s, e] for s, e, m in marks if not m]
    elif behavior == "isolated":
        spans = [[s, e] for s, e, _ in marks]
    elif behavior == "merged_with_previous":
        for s, e, m in marks:
            if m and not previous and spans:
                spans[-1][1] = e
            else:
                spans.append([s, e])
            previous = m
    elif behavior == "merged_with_next":
        for s, e, m in reversed(marks):
            if m and not previous and spans:
                spans[-1][0] = s
            else:
                spans.append([s, e])
            previous = m
        spans.reverse()
    elif behavior == "contiguous":
        for s, e, m in marks:
            if m == previous and spans:
                spans[-1][1] = e
            else:
                spans.append([s, e])
            previous = m
    return [(s, e) for s, e in spans if e > s]


def _isolated(pattern, text):
    """``split_by(..., "isolated")`` for a regex; ``findall`` when the
    matches tile the text (the GPT-2 and cl100k patterns always do)."""
    found = pattern.findall(text)
    if sum(map(len, found)) == len(text) and all(found):
        return found
    return split_by(text, [m.span() for m in pattern.finditer(text)], "isolated")


def char_spans(text, test):
    """``(i, i + 1)`` for every character of ``text`` that passes ``test``."""
    return [(i, i + 1) for i, c in enumerate(text) if test(c)]


def is_punctuation(ch: str) -> bool:
    """HF's ``is_bert_punc``: ASCII punctuation or a P* character of its Unicode tables."""
    return ch in hf_unicode.PUNCTUATION


def _per_split(function):
    """Lift ``str -> list[str]`` to splits; only the first piece keeps ``first``."""
    def run(splits):
        out = []
        for split in splits:
            if not split.text:
                continue  # HF never hands an empty split to a pre-tokenizer
            pieces = function(split)
            out.extend(Split(p, split.first and i == 0) for i, p in enumerate(pieces))
        return out
    return run


def build_pre_tokenizer(spec, where: str = "pre_tokenizer"):
    """A function ``list[Split] -> list[Split]`` for a pre-tokenizer spec."""
    kind = _get(spec, "type", str, where)
    if kind == "none":
        return lambda splits: splits
    if kind == "whitespace":
        return _per_split(lambda s: split_by(s.text, char_spans(s.text, WHITE_SPACE.__contains__), "removed"))
    if kind == "word_punct":
        word = onig_compile(r"\w+|[^\w\s]+")  # HF's Whitespace (Rust's regex crate, not Oniguruma)
        return _per_split(lambda s: split_by(s.text, [m.span() for m in word.finditer(s.text)], "removed", True))
    if kind == "bert":
        def bert(s):
            words = split_by(s.text, char_spans(s.text, WHITE_SPACE.__contains__), "removed")
            return [p for w in words for p in split_by(w, char_spans(w, is_punctuation), "isolated")]
        return _per_split(bert)
    if kind == "punctuation":
        behavior = _behavior(spec, where, "isolated")
        return _per_split(lambda s: split_by(s.text, char_spans(s.text, is_punctuation), behavior))
    if kind == "digits":
        behavior = "isolated" if _get(spec, "individual_digits", bool, where) else "contiguous"
        return _per_split(lambda s: split_by(s.text, char_spans(s.text, hf_unicode.is_numeric), behavior))
    if kind == "split":
        pattern, behavior = split_pattern(spec, where), _behavior(spec, where, None)
        invert = _get(spec, "invert", bool, where)
        return _per_split(lambda s: split_by(s.text, [m.span() for m in pattern.finditer(s.text)], behavior, invert))
    if kind == "regex":
        # A named pattern of core.pipeline.pretokenize, as byte-bpe assets store it:
        # every match is a pre-token (HF Split, behavior "isolated").
        compiled = GuardedRegex(_get(spec, "pattern", str, where), where)
        return _per_split(lambda s: _isolated(compiled, s.text))
    if kind == "byte_level":
        prefix, use_regex = _get(spec, "add_prefix_space", bool, where), _get(spec, "use_regex", bool, where)
        gpt2 = onig_compile(BYTE_LEVEL_PATTERN)

        def run(s):
            text = " " + s.text if prefix and not s.text.startswith(" ") else s.text
            pieces = _isolated(gpt2, text) if use_regex else [text]
            return [byte_level(p) for p in pieces]
        return _per_split(run)
    if kind == "metaspace":
        replacement = _get(spec, "replacement", str, where)
        scheme = _get(spec, "prepend_scheme", str, where)
        if len(replacement) != 1 or scheme not in ("always", "first", "never"):
            raise AssetError(f"{where}: replacement must be one character and prepend_scheme always, first or never")
        split = _get(spec, "split", bool, where)

        def meta(splits):
            out = []
            for s in splits:
                if not s.text:
                    continue
                text = s.text.replace(" ", replacement)
                if (scheme == "always" or (scheme == "first" and s.first)) and not text.startswith(replacement):
                    text = replacement + text
                pieces = split_by(text, char_spans(text, replacement.__eq__), "merged_with_next") if split else [text]
                out.extend(Split(p, s.first and i == 0) for i, p in enumerate(pieces))
            return out
        return meta
    if kind == "sequence":
        steps = _steps(spec, where, build_pre_tokenizer)

        def run(splits):
            for step in steps:
                splits = step(splits)
            return splits
        return run
    raise AssetError(f"{where}: unknown pre-tokenizer type {excerpt(kind)}")


def _behavior(spec, where, default):
    behavior = _get(spec, "behavior", str, where, default) if default else _get(spec, "behavior", str, where)
    if behavior not in BEHAVIORS:
        raise AssetError(f"{where}.behavior: {excerpt(behavior)} is not one of {', '.join(BEHAVIORS)}")
    return behavior


# ==== decoders: list of token strings -> list of strings ====

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


def build_decoder(spec, where: str = "decoder"):
    """A function ``list[str] -> list[str]`` (HF's ``decode_chain``)."""
    kind = _get(spec, "type", str, where)
    if kind == "none":
        return lambda tokens: [" ".join(tokens)]
    if kind == "byte_level":
        def run(tokens):
            # A token with a character outside the byte alphabet (an added
            # token) contributes its own UTF-8, as HF does.
            data = b"".join(byte_level_bytes(t) or t.encode("utf-8", "surrogatepass") for t in tokens)
            return [bytes_text(data, lambda d: d.decode("utf-8", "replace"))]
        return run
    if kind == "metaspace":
        replacement = _get(spec, "replacement", str, where)
        scheme = _get(spec, "prepend_scheme", str, where)

        def meta(tokens):
            out = []
            for i, token in enumerate(tokens):
                token = token.replace(replacement, " ")
                if i == 0 and scheme != "never" and token.startswith(" "):
                    token = token[1:]
                out.append(token)
            return out
        return meta
    if kind == "wordpiece":
        prefix, clean = _get(spec, "prefix", str, where), _get(spec, "cleanup", bool, where)

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
    if kind == "bpe_suffix":
        suffix = _get(spec, "suffix", str, where)
        return lambda tokens: [t.replace(suffix, "" if i == len(tokens) - 1 else " ") for i, t in enumerate(tokens)]
    if kind == "byte_fallback":
        return _byte_fallback
    if kind == "sentencepiece":
        return _sentencepiece_decoder(spec, where)
    if kind == "fuse":
        return lambda tokens: ["".join(tokens)]
    if kind == "strip":
        content = _get(spec, "content", str, where)
        start, stop = _get(spec, "start", int, where), _get(spec, "stop", int, where)

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
    if kind == "replace":
        pattern, content = split_pattern(spec, where), _get(spec, "content", str, where)
        return lambda tokens: [pattern.sub(lambda _m: content, t) for t in tokens]
    if kind == "sequence":
        steps = _steps(spec, where, build_decoder)

        def run(tokens):
            for step in steps:
                tokens = step(tokens)
            return tokens
        return run
    raise AssetError(f"{where}: unknown decoder type {excerpt(kind)}")


def _sentencepiece_decoder(spec, where):
    """SentencePiece's own ``Decode`` over token strings: control pieces print
    nothing, the unknown piece its surface, byte pieces their UTF-8, and the
    leading ``▁`` goes as :meth:`core.pipeline.normalize.Pipeline.decode` says."""

    flags = {k: _get(spec, k, bool, where) for k in ("add_dummy_prefix", "remove_extra_whitespaces")}
    unk, surface = _get(spec, "unk", str, where), _get(spec, "unk_surface", str, where)
    controls = set(_get(spec, "controls", list, where))
    byte_fallback = _get(spec, "byte_fallback", bool, where)
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


def decode(decoder, tokens) -> str:
    """Join what the decoder chain returns (``none`` joins with spaces, as HF)."""
    return "".join(decoder(list(tokens)))
