"""Building a compiled cache entry (:mod:`core.engines.compiled`) from a
loaded asset, and the reference back from an entry.

An entry holds the asset's interface identity, the facts the one interface
states without a model (kind, name, size, specials), the validated asset
as JSON (the reference is built from it, without importing its original
file again) and each native engine's spec, or the exporter's reason why
that engine cannot hold the asset exactly.  A warm start never imports
this module: it reads the formats, the models and the identity.
"""

from __future__ import annotations

import json

from core import assets, tokenizer
from core.assets import identity
from core.formats import builtin
from core.engines import compiled, specs
from core.errors import AssetError, TokenizerError
from core.formats import tiktoken_ranks
from core.pipeline.charsmap import Charsmap
from core.pipeline.text_pipeline import known_patterns

def facts_of(asset: dict, tok) -> dict:
    return {"kind": asset["kind"], "family": tok.family, "name": asset.get("metadata", {}).get("name") or "",
            "vocab_size": tok.vocab_size, "specials": [list(s) for s in tok.specials], "byte_based": tok.byte_based,
            "byte_level": tok.byte_level,  # a window's counts line says so
            "post_processor": getattr(tok.model, "post_processor", None), "cut": cut_rule(asset, tok.model),
            "pre_tokenizer": tok.model.pre_tokenizer if asset["kind"] == "bpe" else None,
            **special_reading(asset, tok)}


def special_reading(asset: dict, tok) -> dict:
    """Which specials the reference reads as control tokens when their text
    is in the text (``specials_matched``), and whose rule is the default
    (``specials_origin``, core.tokenizer.specials.DEFAULTS): tiktoken's for
    a rank file (refuse), HF's where the reference matches them (read),
    else ``text`` (SentencePiece's controls, our byte-level BPE: text)."""
    matched = [name for name, token_id in tok.specials if tok.encode_ids(name) == [token_id]]
    if asset.get("trainer", {}).get("name") == "imported:tiktoken":
        origin = "tiktoken"
    else:
        origin = "hf" if matched else "text"
    return {"specials_matched": matched, "specials_origin": origin}


def cut_rule(asset: dict, model) -> str | None:
    """How a long text may be cut for threads (:mod:`core.engines.bulk`):
    at a space between two lowercase ASCII letters, the space kept at the
    head of the next part (``"keep-space"``) or dropped (``"drop-space"``),
    so the parts' IDs join to the whole text's; None: never cut.

    ``keep-space`` holds where every split ends a piece before such a space
    and nothing reads across it: a shipped byte-level pattern without a
    normalizer (the letter can only be inside a letter match, which the
    space ends, and no pattern looks behind: tests/core/test_cut_rule.py); BERT's
    and the whitespace pre-tokenizers, whose normalizers read one character
    at a time.  ``drop-space`` holds for SentencePiece's BPE with a dummy
    prefix: the next part's dummy ▁ is the whole text's ▁ for that space,
    when no piece holds a ▁ after its first character (unless it is all ▁)
    and no charsmap rule or user-defined piece reads a letter and a space
    together.  A Unigram model never cuts: its best path carries a float32
    score from one part into the next."""
    kind = asset["kind"]
    if kind == "wordpiece":
        return "keep-space" if asset["pre_tokenizer"].get("type") in ("bert-basic", "whitespace") else None
    if kind == "byte-bpe":
        return "keep-space" if model.pretokenizer in ("gpt2", "cl100k", "o200k", "whitespace") else None
    if kind != "bpe":
        return None
    if model.byte_level:
        try:
            pattern = tiktoken_ranks.pattern_of(model)
        except AssetError:
            return None
        plain = model.normalizer == {"type": "none"}
        return "keep-space" if plain and pattern in known_patterns() else None
    return "drop-space" if _sentencepiece_cuts(model) else None


def _sentencepiece_cuts(model) -> bool:
    spec = model.normalizer
    if spec.get("type") != "sentencepiece" or not spec.get("add_dummy_prefix") \
            or spec.get("treat_whitespace_as_suffix") or model.pre_tokenizer != {"type": "none"}:
        return False
    if any("▁" in token[1:] and token.strip("▁") for token, _ in model.vocab):
        return False
    if any(" " in a.content or "▁" in a.content for a in model.added):
        return False
    if spec.get("normalization") == "identity":
        return True
    charsmap = spec.get("charsmap")
    if spec.get("normalization") != "precompiled" or not charsmap:
        return False  # Python's NFKC: it reads whole strings
    table = Charsmap.from_base64(charsmap)
    letters = "abcdefghijklmnopqrstuvwxyz"
    return not any(length > 1 for a in letters for b in letters
                   for data in ((a + " " + b).encode(), (" " + b).encode()) for length, _ in table.prefixes(data))


def wrap(asset: dict, model):
    """The reference: the one interface over the asset's model."""
    return tokenizer.wrap(asset["kind"], model)


def compile_asset(key: str, asset: dict, model, known_identity: str | None = None):
    """``(entry, reference tokenizer)`` for a loaded asset; the entry is
    stored under ``key`` when the cache folder takes it."""
    tok = tokenizer.wrap(asset["kind"], model)
    ident = known_identity or identity.identify(asset, model).interface_sha256
    sections = {}
    try:
        sections["asset"] = json.dumps(asset, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate in some field: the reference is built from the source again
        pass
    engines = {}
    for name in specs.MAKERS:
        try:
            spec = specs.spec_for(name, asset, model)
        except (AssetError, TokenizerError) as exc:
            engines[name] = {"refused": str(exc)}
            continue
        engines[name] = {"meta": spec.meta, "blobs": list(spec.blobs)}
        sections.update({f"{name}.{blob}": data for blob, data in spec.blobs.items()})
    meta = {"facts": facts_of(asset, tok), "engines": engines}
    if "asset" in sections:
        compiled.write(key, ident, meta, sections)
    return compiled.Entry.in_memory(key, ident, meta, sections), tok


def load_source(source) -> tuple[dict, object]:
    """``(asset, model)`` of a source (:func:`core.engines.source_of`): a
    shelf entry's name, or an asset file's path and bytes."""
    kind, name, data = source
    if kind == "shelf":
        return builtin.load(name)
    asset = assets.parse_asset(data, name)
    try:
        return asset, assets.build_tokenizer(asset)
    except AssetError as exc:
        raise AssetError.at(str(name), exc) from None


def parsed_asset(data: bytes, where) -> tuple[dict, object]:
    """``(asset, model)`` from an entry's asset section; AssetError if it is not one."""
    asset = assets.parse_asset(data, where)
    return asset, assets.build_tokenizer(asset)


def reference_of(entry: compiled.Entry, source):
    """The reference tokenizer of an entry: built from its asset section,
    or from the source when that section is missing or damaged."""
    data = entry.section("asset")
    if data is not None:
        try:
            asset, model = parsed_asset(data, entry.path)
            return tokenizer.wrap(asset["kind"], model)
        except AssetError:
            pass  # damaged in a way its hash did not show: the source is the truth
    asset, model = load_source(source)
    return tokenizer.wrap(asset["kind"], model)
