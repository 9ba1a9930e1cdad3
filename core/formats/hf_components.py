"""Hugging Face normalizer, pre-tokenizer and decoder JSON <-> our specs.

Reference: the ``"type"``-tagged wrappers of ``tokenizers`` 0.23
(``normalizers/mod.rs``, ``pre_tokenizers/mod.rs``, ``decoders/mod.rs``)
and :mod:`core.pipeline.text_pipeline`, which runs the specs.  Every option that
changes IDs is translated; options that only affect offsets are accepted
and listed in the report.  An unknown component type or option is an
:class:`AssetError` that names it: nothing is approximated silently.
"""

from __future__ import annotations

from core.errors import AssetError, excerpt
from core.pipeline.regex_dialects import to_oniguruma

_REQUIRED = object()

# HF type -> (our type, ((HF key, our key, default), ...)); _REQUIRED: no default.
NORMALIZERS = {
    "NFC": ("nfc", ()), "NFD": ("nfd", ()), "NFKC": ("nfkc", ()), "NFKD": ("nfkd", ()),
    "Lowercase": ("lowercase", ()),
    "Strip": ("strip", (("strip_left", "left", True), ("strip_right", "right", True))),
    "StripAccents": ("strip_accents", ()),
    "Replace": ("replace", (("pattern", "pattern", _REQUIRED), ("content", "content", _REQUIRED))),
    "Prepend": ("prepend", (("prepend", "prepend", _REQUIRED),)),
    "Precompiled": ("precompiled", (("precompiled_charsmap", "precompiled_charsmap", _REQUIRED),)),
}
PRE_TOKENIZERS = {
    "ByteLevel": ("byte_level", (("add_prefix_space", "add_prefix_space", True), ("use_regex", "use_regex", True))),
    "Metaspace": ("metaspace", (("replacement", "replacement", "\u2581"), ("prepend_scheme", "prepend_scheme", None),
                                ("split", "split", True))),
    "Whitespace": ("word_punct", ()),
    "WhitespaceSplit": ("whitespace", ()),
    "BertPreTokenizer": ("bert", ()),
    "Split": ("split", (("pattern", "pattern", _REQUIRED), ("behavior", "behavior", _REQUIRED),
                        ("invert", "invert", False))),
    "Punctuation": ("punctuation", (("behavior", "behavior", "Isolated"),)),
    "Digits": ("digits", (("individual_digits", "individual_digits", False),)),
}
DECODERS = {
    "ByteLevel": ("byte_level", ()),
    "Metaspace": ("metaspace", (("replacement", "replacement", "\u2581"), ("prepend_scheme", "prepend_scheme", None))),
    "WordPiece": ("wordpiece", (("prefix", "prefix", "##"), ("cleanup", "cleanup", True))),
    "BPEDecoder": ("bpe_suffix", (("suffix", "suffix", "</w>"),)),
    "ByteFallback": ("byte_fallback", ()),
    "Fuse": ("fuse", ()),
    "Strip": ("strip", (("content", "content", _REQUIRED), ("start", "start", _REQUIRED), ("stop", "stop", _REQUIRED))),
    "Replace": ("replace", (("pattern", "pattern", _REQUIRED), ("content", "content", _REQUIRED))),
}
# Options that only move offsets (or are restated): accepted, not stored.
OFFSETS_ONLY = {
    ("pre_tokenizer", "ByteLevel"): ("trim_offsets",),
    ("pre_tokenizer", "Metaspace"): ("str_rep", "add_prefix_space"),
    ("decoder", "ByteLevel"): ("add_prefix_space", "trim_offsets", "use_regex"),
    ("decoder", "Metaspace"): ("str_rep", "add_prefix_space", "split"),
}
SEQUENCE_KEY = {"normalizer": "normalizers", "pre_tokenizer": "pretokenizers", "decoder": "decoders"}
TABLES = {"normalizer": NORMALIZERS, "pre_tokenizer": PRE_TOKENIZERS, "decoder": DECODERS}
BEHAVIORS = {"Removed": "removed", "Isolated": "isolated", "MergedWithPrevious": "merged_with_previous",
             "MergedWithNext": "merged_with_next", "Contiguous": "contiguous"}
HINTS = {
    "BertNormalizer": "only with a WordPiece model (it becomes the BasicTokenizer of a wordpiece asset)",
    "Dropout": "stochastic",
}


def _convert_value(key, value, where):
    if key == "pattern":
        if isinstance(value, dict) and len(value) == 1:
            (tag, text), = value.items()
            if tag in ("String", "Regex") and isinstance(text, str):
                return {tag.lower(): text}
        raise AssetError(f'{where}.pattern: expected {{"String": ...}} or {{"Regex": ...}}, found {str(value)[:60]}')
    if key == "behavior":
        if not isinstance(value, str) or value not in BEHAVIORS:
            raise AssetError(f"{where}.behavior: {str(value)[:60]!r} is not one of {', '.join(BEHAVIORS)}")
        return BEHAVIORS[value]
    return value


def from_hf(stage: str, spec, report, where: str | None = None) -> dict:
    """Our spec for one HF component (``stage``: normalizer, pre_tokenizer, decoder)."""
    where = where or stage
    if spec is None:
        return {"type": "none"}
    if not isinstance(spec, dict) or not isinstance(spec.get("type"), str):
        raise AssetError(f"{where}: expected an object with a \"type\", found {str(spec)[:60]}")
    kind = spec["type"]
    if kind == "Sequence":
        key = SEQUENCE_KEY[stage]
        steps = spec.get(key)
        if not isinstance(steps, list):
            raise AssetError(f"{where}: a Sequence needs a list {excerpt(key)}")
        return {"type": "sequence", "steps": [from_hf(stage, s, report, f"{where}.{key}[{i}]")
                                              for i, s in enumerate(steps)]}
    table = TABLES[stage]
    if kind not in table:
        hint = f" ({HINTS[kind]})" if kind in HINTS else ""
        raise AssetError(f"{where}: the {stage.replace('_', '-')} {excerpt(kind)} is not supported{hint}; "
                         f"supported: {', '.join(sorted(table))}, Sequence")
    ours, options = table[kind]
    out = {"type": ours}
    ignorable = OFFSETS_ONLY.get((stage, kind), ())
    known = {hf for hf, _, _ in options} | set(ignorable) | {"type"}
    extra = sorted(set(spec) - known)
    if extra:
        raise AssetError(f"{where}: {kind} option {extra[0][:60]!r} is not supported (it may change the IDs)")
    for hf_key, our_key, default in options:
        if hf_key in spec:
            out[our_key] = _convert_value(hf_key, spec[hf_key], where)
        elif default is _REQUIRED:
            raise AssetError(f"{where}: {kind} needs the option {excerpt(hf_key)}")
        else:
            out[our_key] = _convert_value(hf_key, default, where) if default is not None else None
    if kind == "Metaspace":
        if out["prepend_scheme"] is None:  # files before tokenizers 0.19 say add_prefix_space
            out["prepend_scheme"] = "always" if spec.get("add_prefix_space", True) else "never"
        if stage == "decoder":
            out.pop("split", None)
    ignored = [key for key in ignorable if key in spec]
    if ignored:
        report.keep(where, f"{kind}: {', '.join(ignored)} only affect offsets or restate another option; "
                    "not stored", "hf.ignored_options", kind=kind, options=", ".join(ignored))
    return out


_BACK = {stage: {ours: (hf, options) for hf, (ours, options) in table.items()} for stage, table in TABLES.items()}
_EXTRA_HF = {
    ("pre_tokenizer", "byte_level"): {"trim_offsets": True},
    ("decoder", "byte_level"): {"add_prefix_space": True, "trim_offsets": True, "use_regex": True},
    ("pre_tokenizer", "metaspace"): {},
}


def to_hf(stage: str, spec: dict, where: str | None = None):
    """The HF JSON for one of our specs; ``None`` for ``{"type": "none"}``."""
    where = where or stage
    kind = spec.get("type")
    if kind == "none":
        return None
    if kind == "sequence":
        return {"type": "Sequence", SEQUENCE_KEY[stage]: [to_hf(stage, s, f"{where}.steps[{i}]")
                                                          for i, s in enumerate(spec["steps"])]}
    if stage == "pre_tokenizer" and kind == "regex":
        # Oniguruma's dialect: cl100k's possessive \p{N}{1,3}+ means (?:\p{N}{1,3})+ there
        return {"type": "Split", "pattern": {"Regex": to_oniguruma(spec["pattern"])}, "behavior": "Isolated",
                "invert": False}
    if stage == "normalizer" and kind == "sentencepiece":
        return sentencepiece_normalizer(spec)
    if kind not in _BACK[stage]:
        raise AssetError(f"{where}: {excerpt(kind)} has no Hugging Face equivalent")
    hf, options = _BACK[stage][kind]
    out = {"type": hf}
    back_behavior = {v: k for k, v in BEHAVIORS.items()}
    for hf_key, our_key, _ in options:
        value = spec[our_key]
        if hf_key == "pattern":
            (tag, text), = value.items()
            value = {tag.capitalize(): text}
        elif hf_key == "behavior":
            value = back_behavior[value]
        out[hf_key] = value
    out.update(_EXTRA_HF.get((stage, kind), {}))
    return out


# ==== SentencePiece's pipeline, spelled with HF normalizers ====

def sentencepiece_normalizer(spec: dict) -> dict:
    """HF normalizers doing what :class:`core.pipeline.normalize.Pipeline` does: the
    normalization (NFKC or the charsmap as ``Precompiled``), squeeze U+0020
    runs and trim them (only U+0020, as SentencePiece; the end is kept
    with ``trailing: keep_one``), the dummy prefix, then every space as ``▁``."""
    for key, default in (("escape_whitespaces", True), ("treat_whitespace_as_suffix", False)):
        if spec.get(key, default) != default:
            raise AssetError(f"normalizer: SentencePiece's {key}={spec[key]} has no Hugging Face equivalent "
                             "(Metaspace always writes ▁ and prepends it)")
    steps = []
    rule = spec.get("normalization", "nfkc")
    if rule == "nfkc":
        steps.append({"type": "NFKC"})
    elif rule == "precompiled":
        steps.append({"type": "Precompiled", "precompiled_charsmap": spec["charsmap"]})
    if spec.get("remove_extra_whitespaces", True):
        steps.append({"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "})
        trailing = spec.get("trailing", "drop")
        if trailing == "strip_white_space":
            steps.insert(-1, {"type": "Strip", "strip_left": False, "strip_right": True})
        trim = r"\A " if trailing == "keep_one" else r"\A | \z"
        steps.append({"type": "Replace", "pattern": {"Regex": trim}, "content": ""})
    if spec.get("add_dummy_prefix", True):
        steps.append({"type": "Prepend", "prepend": "\u2581"})
    steps.append({"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"})
    return {"type": "Sequence", "normalizers": steps}


def sentencepiece_decoder(add_dummy_prefix: bool) -> dict:
    steps = [{"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "},
             {"type": "ByteFallback"}, {"type": "Fuse"}]
    if add_dummy_prefix:
        steps.append({"type": "Strip", "content": " ", "start": 1, "stop": 0})
    return {"type": "Sequence", "decoders": steps}


def sentencepiece_decoder_chain(spec: dict, tokens) -> dict:
    """HF decoders close to SentencePiece's ``Decode`` (our ``sentencepiece``
    decoder), for an export: the unknown piece as its surface and control
    pieces as nothing (each unless another token contains its text), ``▁``
    as spaces, byte pieces joined, the leading space stripped."""
    chain = sentencepiece_decoder(spec["add_dummy_prefix"] or spec["remove_extra_whitespaces"])
    inside = lambda piece: any(piece in t and t != piece for t in tokens)  # noqa: E731
    steps = [{"type": "Replace", "pattern": {"String": spec["unk"]}, "content": spec["unk_surface"]}]
    steps = [s for s in steps if not inside(spec["unk"])]
    steps += [{"type": "Replace", "pattern": {"String": c}, "content": ""} for c in spec["controls"] if not inside(c)]
    return {**chain, "decoders": [*steps, *chain["decoders"]]}


def match_sentencepiece(normalizer) -> dict | None:
    """The Pipeline description if ``normalizer`` is exactly what
    :func:`sentencepiece_normalizer` writes, else None.  A charsmap read
    from HF JSON is applied HF's way (``charsmap_rule: hf``)."""
    rules, extra = ("nfkc", "identity"), {}
    steps = normalizer.get("normalizers") if isinstance(normalizer, dict) else None
    if isinstance(steps, list) and steps and isinstance(steps[0], dict) and steps[0].get("type") == "Precompiled":
        rules, extra = ("precompiled",), {"charsmap": steps[0].get("precompiled_charsmap"), "charsmap_rule": "hf"}
    for rule in rules:
        for squeeze in (True, False):
            for dummy in (True, False):
                for trailing in ("drop", "keep_one", "strip_white_space"):
                    spec = {"type": "sentencepiece", "normalization": rule, "add_dummy_prefix": dummy,
                            "remove_extra_whitespaces": squeeze, **({"trailing": trailing} if trailing != "drop" else {}),
                            **extra}
                    if sentencepiece_normalizer(spec) == normalizer:
                        return spec
    return None


# ==== an HF Unigram file's pipeline ====

# What SentencePiece converters put after the normalization, and what it
# means here: (remove_extra_whitespaces, trailing, what differs).
_SQUEEZES = {
    (): (False, "drop", "spaces are kept as they are (no squeezing)"),
    # tokenizers' SentencePieceUnigramTokenizer.from_spm, transformers before 4.36
    (("Replace", " {2,}", " "),): (True, "keep_one", "runs of spaces squeezed to one, a trailing one kept"),
    # transformers' SpmConverter since 4.36
    (("Strip", False, True), ("Replace", " {2,}", "\u2581")): (
        True, "strip_white_space", "runs of spaces squeezed to one, trailing White_Space stripped"),
}
# The report finding's code for each squeezing, by its trailing rule.
_SQUEEZE_CODES = {"drop": "hf.spaces_kept", "keep_one": "hf.spaces_keep_one", "strip_white_space": "hf.spaces_strip"}


def _step_key(step) -> tuple:
    if not isinstance(step, dict):
        return ("?",)
    if step.get("type") == "Replace":
        return ("Replace", (step.get("pattern") or {}).get("Regex"), step.get("content"))
    if step.get("type") == "Strip":
        return ("Strip", step.get("strip_left"), step.get("strip_right"))
    return (step.get("type"),)


def unigram_pipeline(spec, rows, report) -> dict:
    """The SentencePiece pipeline of an HF Unigram file: the normalizer
    sequence this program writes, or Metaspace over no normalizer, NFKC or
    Precompiled with a SentencePiece converter's space squeezing."""
    norm, pre = spec.get("normalizer"), spec.get("pre_tokenizer")
    exact = match_sentencepiece(norm) if pre is None else None
    if exact is not None:
        report.keep("normalizer", "SentencePiece's pipeline (the normalizer sequence this program writes)"
                    + ("; the charsmap is applied as HF's Precompiled does" if "charsmap" in exact else ""),
                    "hf.own_sequence_charsmap" if "charsmap" in exact else "hf.own_sequence")
        return exact
    steps = norm.get("normalizers") if isinstance(norm, dict) and norm.get("type") == "Sequence" else \
        [] if norm is None else [norm]
    rule, extra = "identity", {}
    if steps and isinstance(steps[0], dict) and steps[0].get("type") in ("NFKC", "Precompiled"):
        first, steps = from_hf("normalizer", steps[0], report), steps[1:]
        rule = "nfkc" if first["type"] == "nfkc" else "precompiled"
        if rule == "precompiled":
            extra = {"charsmap": first["precompiled_charsmap"], "charsmap_rule": "hf"}
    squeeze = _SQUEEZES.get(tuple(_step_key(s) for s in steps or ()))
    if squeeze is None or not isinstance(pre, dict) or pre.get("type") != "Metaspace":
        raise AssetError(f"normalizer/pre_tokenizer: a Unigram model is supported with Metaspace over no "
                         f"normalizer, NFKC or Precompiled (optionally followed by a SentencePiece converter's "
                         f"space squeezing), not {_sequencenames(norm)} + {names(pre)}")
    remove_extra, trailing, spaces = squeeze
    meta = from_hf("pre_tokenizer", pre, report)
    if meta["replacement"] != "\u2581":
        raise AssetError(f"pre_tokenizer: Metaspace replacement {meta['replacement']!r} is not supported (only ▁)")
    dummy = meta["prepend_scheme"] != "never"
    if dummy:
        report.change("pre_tokenizer", ("a text that starts with a space or a ▁" if not remove_extra else
                                        "a text that starts with a literal ▁") + " gets one more ▁ here: HF's "
                      "Metaspace prepends ▁ only when the text does not already start with one",
                      "hf.extra_meta_literal" if remove_extra else "hf.extra_meta")
    if remove_extra:
        report.change("normalizer", "a text that normalizes to nothing but spaces encodes to nothing here; HF "
                      "gives one ▁", "hf.only_spaces")
    if rule == "precompiled":
        report.keep("normalizer", "Precompiled: the SentencePiece charsmap, applied as HF does (grapheme by "
                    "grapheme; a short grapheme takes its shortest match whole)", "hf.precompiled")
    if trailing == "keep_one":
        report.keep("normalizer", "only U+0020 is squeezed, as HF's Replace does", "hf.squeeze_space")
    if meta["split"]:
        inner = [p for p, _ in rows if "\u2581" in p[1:]]
        if inner or "\u2581" not in {p for p, _ in rows}:
            report.change("pre_tokenizer", f"HF splits before each ▁ and this model has {len(inner)} pieces with "
                          "an inner ▁ (or no ▁ piece): here the whole text is one lattice, so they can differ",
                          "hf.inner_meta", count=len(inner))
        else:
            report.keep("pre_tokenizer", "Metaspace split: no piece has an inner ▁, so one lattice over the "
                        "whole text gives the same segmentation", "hf.meta_split")
    report.keep("normalizer", f"{rule}, {spaces}", _SQUEEZE_CODES[trailing], rule=rule)
    return {"type": "sentencepiece", "normalization": rule, "add_dummy_prefix": dummy,
            "remove_extra_whitespaces": remove_extra, **({"trailing": trailing} if trailing != "drop" else {}),
            **extra}


def _sequencenames(spec) -> str:
    if isinstance(spec, dict) and spec.get("type") == "Sequence" and isinstance(spec.get("normalizers"), list):
        return "Sequence[" + ", ".join(names(s) for s in spec["normalizers"]) + "]"
    return names(spec)


def names(spec) -> str:
    """A component's type for a message, cut short (it comes from the file)."""
    return str(spec.get("type", "?"))[:40] if isinstance(spec, dict) else "none"
