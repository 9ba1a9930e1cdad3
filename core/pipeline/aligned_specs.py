"""The stages of :mod:`core.pipeline.text_pipeline` and :mod:`core.pipeline.bert_basic`, with alignment.

Each function mirrors one builder there, for a spec the model has already
validated, and returns :class:`core.pipeline.aligned.Aligned` texts instead of plain
strings.  Matching rules (which characters split, which regex) are taken
from those modules, so only the bookkeeping of spans lives here.
"""

from __future__ import annotations

import re

import regex

from core.pipeline import bert_basic, hf_unicode, onig, text_pipeline as tp
from core.pipeline.aligned import Aligned, insert, map_local, replace_matches, split_at, to_bytes
from core.pipeline.normalize import Pipeline

WORDS = re.compile(r"\S+")  # str.split(): runs of non-str.isspace characters


# ==== normalizers ====

def normalize(spec: dict, src: Aligned) -> Aligned:
    kind = spec["type"]
    if kind == "none" or not src.text:
        return src
    if kind in ("nfc", "nfd", "nfkc", "nfkd", "lowercase", "strip_accents"):  # the pipeline's own, by HF's tables
        return map_local(src, tp.build_normalizer(spec))
    if kind == "strip":
        start, end = 0, len(src.text)
        while spec["left"] and start < end and src.text[start] in tp.WHITE_SPACE:
            start += 1
        while spec["right"] and end > start and src.text[end - 1] in tp.WHITE_SPACE:
            end -= 1
        return src.slice(start, end)
    if kind == "replace":
        pattern = tp.split_pattern(spec, "normalizer")
        return replace_matches(src, [m.span() for m in pattern.finditer(src.text)], spec["content"])
    if kind == "prepend":
        return insert(src, 0, spec["prepend"])
    if kind == "sentencepiece":
        return sentencepiece(Pipeline.from_description(spec), src)
    if kind == "sequence":
        for step in spec["steps"]:
            src = normalize(step, src)
        return src
    return src.coarse(tp.build_normalizer(spec)(src.text))


def sentencepiece(pipeline: Pipeline, src: Aligned) -> Aligned:
    normalized = pipeline.normalize(src.text)
    return src.remap(normalized.text, normalized.spans)


# ==== pre-tokenizers: lists of (Aligned, starts the text) ====

def _per_split(splits, spans_of):
    out = []
    for piece, first in splits:
        if piece.text:
            parts = split_at(piece, spans_of(piece.text))
            out.extend((p, first and i == 0) for i, p in enumerate(parts))
    return out


def _matching(test, behavior):
    return lambda text: tp.split_spans(text, tp.char_spans(text, test), behavior)


def pre_tokenize(spec: dict, splits: list) -> list:
    kind = spec["type"]
    if kind == "none":
        return splits
    if kind == "whitespace":
        return _per_split(splits, _matching(tp.WHITE_SPACE.__contains__, "removed"))
    if kind == "word_punct":
        word = onig.compile(r"\w+|[^\w\s]+")  # HF's Whitespace (Rust's regex crate, not Oniguruma)
        return _per_split(splits, lambda t: tp.split_spans(t, [m.span() for m in word.finditer(t)], "removed", True))
    if kind == "bert":
        words = _per_split(splits, _matching(tp.WHITE_SPACE.__contains__, "removed"))
        return _per_split(words, _matching(tp.is_punctuation, "isolated"))
    if kind == "punctuation":
        return _per_split(splits, _matching(tp.is_punctuation, spec.get("behavior", "isolated")))
    if kind == "digits":
        behavior = "isolated" if spec["individual_digits"] else "contiguous"
        return _per_split(splits, _matching(hf_unicode.is_numeric, behavior))
    if kind in ("split", "regex"):
        if kind == "split":
            pattern, behavior, invert = tp.split_pattern(spec, "pre_tokenizer"), spec["behavior"], spec["invert"]
        else:
            pattern, behavior, invert = regex.compile(spec["pattern"]), "isolated", False
        return _per_split(splits, lambda t: tp.split_spans(t, [m.span() for m in pattern.finditer(t)], behavior,
                                                           invert))
    if kind == "byte_level":
        return _byte_level(spec, splits)
    if kind == "metaspace":
        return _metaspace(spec, splits)
    if kind == "sequence":
        for step in spec["steps"]:
            splits = pre_tokenize(step, splits)
        return splits
    raise ValueError(f"no aligned pre-tokenizer for {kind!r}")


def _byte_level(spec, splits):
    gpt2 = onig.compile(tp.BYTE_LEVEL_PATTERN)
    out = []
    for piece, first in splits:
        if not piece.text:
            continue
        if spec["add_prefix_space"] and not piece.text.startswith(" "):
            piece = insert(piece, 0, " ")
        spans = tp.split_spans(piece.text, [m.span() for m in gpt2.finditer(piece.text)], "isolated") \
            if spec["use_regex"] else [(0, len(piece.text))]
        parts = [to_bytes(p, tp.byte_level) for p in split_at(piece, spans)]
        out.extend((p, first and i == 0) for i, p in enumerate(parts))
    return out


def _metaspace(spec, splits):
    mark, scheme = spec["replacement"], spec["prepend_scheme"]
    out = []
    for piece, first in splits:
        if not piece.text:
            continue
        piece = Aligned(piece.text.replace(" ", mark), piece.starts, piece.ends, piece.at)
        if (scheme == "always" or (scheme == "first" and first)) and not piece.text.startswith(mark):
            piece = insert(piece, 0, mark)
        spans = [(0, len(piece.text))]
        if spec["split"]:
            spans = tp.split_spans(piece.text, tp.char_spans(piece.text, mark.__eq__), "merged_with_next")
        out.extend((p, first and i == 0) for i, p in enumerate(split_at(piece, spans)))
    return out


# ==== BERT's BasicTokenizer (core.pipeline.bert_basic), stage by stage ====

def bert_text_stages(basic: bert_basic.BasicTokenizer, src: Aligned) -> list[tuple[str, Aligned]]:
    """The two text stages (clean_text, chinese_chars) that are enabled."""
    out = []
    if basic.clean_text:
        src = map_local(src, basic.clean)
        out.append(("clean_text", src))
    if basic.handle_chinese_chars:
        src = map_local(src, basic.space_cjk)
        out.append(("chinese_chars", src))
    return out


def bert_words(basic: bert_basic.BasicTokenizer, src: Aligned) -> list[tuple[str, list[Aligned]]]:
    """The word stages: split on whitespace, lower-case, strip accents, split punctuation."""
    words = split_at(src, [m.span() for m in WORDS.finditer(src.text)])
    out = [("whitespace_split", words)]
    if basic.lowercase:
        words = [map_local(w, basic.lower) for w in words]
        out.append(("lowercase", words))
    if basic.strips_accents:
        words = [map_local(w, basic.strip) for w in words]
        out.append(("strip_accents", words))
    if basic.split_punctuation:
        words = [p for w in words for p in split_at(w, tp.split_spans(
            w.text, tp.char_spans(w.text, basic.is_punctuation), "isolated"))]
    # BERT re-splits on whitespace at the end, which drops emptied words.
    words = [p for w in words for p in split_at(w, [m.span() for m in WORDS.finditer(w.text)])]
    out.append(("punctuation_split", words))
    return out
