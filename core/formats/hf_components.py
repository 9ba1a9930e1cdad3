"""Hugging Face normalizer, pre-tokenizer and decoder JSON <-> our specs.

Reference: the ``"type"``-tagged wrappers of ``tokenizers`` 0.23
(``normalizers/mod.rs``, ``pre_tokenizers/mod.rs``, ``decoders/mod.rs``)
and :mod:`core.text_pipeline`, which runs the specs.  Every option that
changes IDs is translated; options that only affect offsets are accepted
and listed in the report.  An unknown component type or option is an
:class:`AssetError` that names it: nothing is approximated silently.
"""

from __future__ import annotations

from ..errors import AssetError, excerpt

_REQUIRED = object()

# HF type -> (our type, ((HF key, our key, default), ...)); _REQUIRED: no default.
NORMALIZERS = {
    "NFC": ("nfc", ()), "NFD": ("nfd", ()), "NFKC": ("nfkc", ()), "NFKD": ("nfkd", ()),
    "Lowercase": ("lowercase", ()),
    "Strip": ("strip", (("strip_left", "left", True), ("strip_right", "right", True))),
    "StripAccents": ("strip_accents", ()),
    "Replace": ("replace", (("pattern", "pattern", _REQUIRED), ("content", "content", _REQUIRED))),
    "Prepend": ("prepend", (("prepend", "prepend", _REQUIRED),)),
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
    "Precompiled": "a SentencePiece charsmap; import the original .model with --format spm",
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
                    "not stored")
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
        return {"type": "Split", "pattern": {"Regex": spec["pattern"]}, "behavior": "Isolated", "invert": False}
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
    """HF normalizers doing what :class:`core.normalize.Pipeline` does: NFKC,
    squeeze U+0020 runs and trim them (only U+0020, as SentencePiece), the
    dummy prefix, then every space as ``▁``."""
    steps = []
    if spec.get("normalization", "nfkc") == "nfkc":
        steps.append({"type": "NFKC"})
    if spec.get("remove_extra_whitespaces", True):
        steps.append({"type": "Replace", "pattern": {"Regex": " {2,}"}, "content": " "})
        steps.append({"type": "Replace", "pattern": {"Regex": r"\A | \z"}, "content": ""})
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


def match_sentencepiece(normalizer) -> dict | None:
    """The Pipeline description if ``normalizer`` is exactly what
    :func:`sentencepiece_normalizer` writes, else None."""
    for rule in ("nfkc", "identity"):
        for squeeze in (True, False):
            for dummy in (True, False):
                spec = {"type": "sentencepiece", "normalization": rule, "add_dummy_prefix": dummy,
                        "remove_extra_whitespaces": squeeze}
                if sentencepiece_normalizer(spec) == normalizer:
                    return spec
    return None
