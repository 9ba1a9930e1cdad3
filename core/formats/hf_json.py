"""Hugging Face ``tokenizer.json``: read and write BPE, WordPiece and Unigram.

Reference: ``tokenizers`` 0.23 serialization (``tokenizer/serialization.rs``,
``models/*/serialization.rs``); BPE merges are read in both spellings, the
``"a b"`` strings of files before 0.20 and the ``["a", "b"]`` pairs after.

* BPE becomes a ``bpe`` asset with the normalizer, pre-tokenizer, decoder
  and added tokens translated one to one (:mod:`.hf_components`).
* WordPiece needs ``BertNormalizer`` + ``BertPreTokenizer`` (or no
  normalizer and ``WhitespaceSplit``) and becomes a ``wordpiece`` asset.
* Unigram needs the SentencePiece normalizer sequence this module writes,
  or ``Metaspace`` over an optional NFKC, and becomes a ``unigram`` asset.

What the target kind cannot do is reported, never approximated silently:
truncation and padding (encode-time options) are dropped and listed; the
post-processor is kept (:mod:`core.pipeline.post_process`) and runs when
the user asks to add special tokens; the remaining behaviour differences are
listed under ``changed`` with the text where they show.
"""

from __future__ import annotations

import json
from pathlib import Path

from core import assets
from core.errors import AssetError, StudioError, excerpt
from core.fileio import write_bytes_atomic
from core.formats.common import Imported, as_bpe, finish, read_bytes, trainer_for
from core.formats.hf_components import (
    from_hf,
    match_sentencepiece,
    names,
    sentencepiece_decoder,
    sentencepiece_decoder_chain,
    sentencepiece_normalizer,
    to_hf,
    unigram_pipeline,
)
from core.formats.report import Report
from core.pipeline import post_process
from core.pipeline.text_pipeline import BYTE_CHARS
from core.pipeline.added import AddedToken
from core.models import unigram, wordpiece
from core.pipeline.bert_basic import BasicTokenizer
from core.pipeline.normalize import Pipeline, piece_byte
from core.tokenizer.imported_bpe import ImportedBPE



def read(path, *, pattern=None, **_options) -> Imported:
    data = read_bytes(path)
    try:
        spec = assets.parse_json(data)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    if not isinstance(spec, dict) or not isinstance(spec.get("model"), dict):
        raise AssetError(f"{path}: not a tokenizer.json (expected an object with a \"model\")",
                         code="hf.not_tokenizer_json", where=str(path))
    report = Report("import", "hf", Path(path).name)
    try:
        asset = convert(spec, report)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    asset["trainer"] = trainer_for("hf", path, data, library="tokenizers")
    return finish(asset, report, path)


def convert(spec: dict, report: Report) -> dict:
    for key in ("truncation", "padding"):
        if spec.get(key) is not None:
            report.lose(key, "an encode-time option of the HF Tokenizer, not part of a tokenizer asset; dropped",
                        "hf.encode_option")
    post = _post_processor(spec.get("post_processor"), report)
    model = spec["model"]
    kind = model.get("type")
    builders = {"BPE": _bpe, "WordPiece": _wordpiece, "Unigram": _unigram}
    if not isinstance(kind, str) or kind not in builders:  # a list or object is no type name (and no dict key)
        raise AssetError(f"model: the model type {excerpt(kind)} is not supported (supported: BPE, WordPiece, "
                         "Unigram)", code="hf.model_type", where="model", kind=excerpt(kind))
    asset = builders[kind](spec, model, report)
    if post is not None:
        asset["post_processor"] = post
    return asset


def _post_processor(post, report: Report) -> dict | None:
    """Our spec of the file's post-processor, kept for add_special_tokens;
    one we cannot run is dropped and reported."""
    if post is None:
        return None
    try:
        kept = post_process.from_hf(post)
    except AssetError as exc:
        kind = post.get("type") if isinstance(post, dict) else post
        report.lose("post_processor", f"{excerpt(kind)} is not applied ({exc}); dropped, so IDs here equal HF's "
                    "encode(text, add_special_tokens=False)", "hf.post_processor", kind=excerpt(kind), reason=str(exc))
        return None
    template = post_process.describe(kept)
    report.keep("post_processor", f"{names(post)}: {template}, applied when encoding with add_special_tokens "
                "(HF's default); without it IDs equal HF's encode(text, add_special_tokens=False)",
                "hf.post_processor_kept", kind=names(post), template=template)
    return kept


def _added(spec: dict) -> list[dict]:
    out = []
    listed = spec.get("added_tokens") or []
    if not isinstance(listed, list):
        raise AssetError(f"added_tokens: expected a list of added tokens, found {excerpt(listed)}")
    for index, entry in enumerate(listed):
        at = f"added_tokens[{index}]"
        if not isinstance(entry, dict) or not isinstance(entry.get("content"), str) \
                or not isinstance(entry.get("id"), int) or isinstance(entry.get("id"), bool):
            raise AssetError(f"{at}: expected an object with \"id\" and \"content\"")
        if entry.get("single_word"):
            raise AssetError(f"{at}: single_word added tokens ({excerpt(entry['content'])}) are not supported")
        out.append(entry)
    return out


# ==== BPE ====

def _merges(model: dict) -> list[list[str]]:
    merges = model.get("merges")
    if not isinstance(merges, list):
        raise AssetError("model.merges: expected a list")
    out = []
    for index, merge in enumerate(merges):
        if isinstance(merge, str):
            parts = merge.split(" ")
        elif isinstance(merge, list):
            parts = merge
        else:
            parts = None
        if not parts or len(parts) != 2 or not all(isinstance(p, str) and p for p in parts):
            raise AssetError(f"model.merges[{index}]: expected \"left right\" or [\"left\", \"right\"], "
                             f"found {str(merge)[:60]}")
        out.append(parts)
    return out


def _bpe(spec, model, report) -> dict:
    if model.get("dropout") not in (None, 0, 0.0):
        raise AssetError(f"model.dropout: BPE dropout {model['dropout']} is stochastic and not supported")
    vocab = model.get("vocab")
    if not isinstance(vocab, dict):
        raise AssetError("model.vocab: expected an object token -> id")
    added = [AddedToken(e["content"], e["id"], bool(e.get("special", False)),
                                  bool(e.get("normalized", not e.get("special", False))),
                                  bool(e.get("lstrip", False)), bool(e.get("rstrip", False))) for e in _added(spec)]
    normalizer = from_hf("normalizer", spec.get("normalizer"), report)
    sp = match_sentencepiece(spec.get("normalizer"))
    if sp is not None:
        normalizer = sp
    try:
        built = ImportedBPE.build(
            tuple(vocab.items()), tuple(tuple(m) for m in _merges(model)), unk=model.get("unk_token"),
            fuse_unk=bool(model.get("fuse_unk", False)), byte_fallback=bool(model.get("byte_fallback", False)),
            continuing_prefix=model.get("continuing_subword_prefix") or None,
            end_of_word_suffix=model.get("end_of_word_suffix") or None,
            ignore_merges=bool(model.get("ignore_merges", False)), added=tuple(added), normalizer=normalizer,
            pre_tokenizer=from_hf("pre_tokenizer", spec.get("pre_tokenizer"), report),
            decoder=from_hf("decoder", spec.get("decoder"), report))
    except StudioError as exc:
        raise AssetError.at("model", exc) from None
    spelled = {t for t, _ in built.vocab}
    if built.unk is None and not (built.byte_level and all(c in spelled for c in BYTE_CHARS.values())):
        report.change("model.unk_token", "no unknown token: a character the vocabulary cannot spell is dropped, "
                      "as HF does; here each encoding lists such characters in 'dropped'", "hf.no_unk")
    report.keep("model", f"BPE: {len(built.vocab)} tokens, {len(built.merges)} merges in rank order", "hf.bpe",
                tokens=len(built.vocab), merges=len(built.merges))
    if added:
        report.keep("added_tokens", f"{len(added)} added tokens with their match options", "hf.added",
                    count=len(added))
    for stage in ("normalizer", "pre_tokenizer", "decoder"):
        component = getattr(built, stage)
        if component.get("type") == "sequence":
            steps = ", ".join(s["type"] for s in component["steps"])
            report.keep(stage, f"sequence of {steps}", "hf.stage_sequence", steps=steps)
        else:
            report.keep(stage, component["type"])  # a type name, the same in every language
    return assets.bpe_to_asset(built)


# ==== WordPiece ====

def _wordpiece(spec, model, report) -> dict:
    vocab = model.get("vocab")
    if not isinstance(vocab, dict) or not all(type(i) is int for i in vocab.values()) \
            or sorted(vocab.values()) != list(range(len(vocab))):
        raise AssetError("model.vocab: a WordPiece vocabulary must number its tokens 0..n-1 without gaps")
    norm, pre = spec.get("normalizer"), spec.get("pre_tokenizer")
    if names(norm) == "BertNormalizer" and names(pre) == "BertPreTokenizer":
        # hf=True: HF's per-character lower casing, control class and CJK ranges
        basic = BasicTokenizer(clean_text=bool(norm.get("clean_text", True)),
                               handle_chinese_chars=bool(norm.get("handle_chinese_chars", True)),
                               lowercase=bool(norm.get("lowercase", True)), strip_accents=norm.get("strip_accents"),
                               hf=True)
        report.keep("normalizer", "BertNormalizer as the BasicTokenizer's clean_text, Chinese characters, "
                    "lower casing and accent stripping", "hf.bert_normalizer")
        report.keep("pre_tokenizer", "BertPreTokenizer: whitespace and punctuation splitting", "hf.bert_pre_tokenizer")
        report.change("normalizer", "Unicode tables are Python's (unicodedata), not Rust's: categories, case "
                      "mappings and White_Space can differ for characters one of the two versions lacks",
                      "hf.unicode_tables")
    elif norm is None and names(pre) == "WhitespaceSplit":
        basic = None
        report.keep("pre_tokenizer", "WhitespaceSplit", "hf.whitespace_split")
        report.change("pre_tokenizer", "words are split with str.split, which also splits at U+001C..U+001F",
                      "hf.str_split")
    else:
        raise AssetError(f"normalizer/pre_tokenizer: a WordPiece model is supported with BertNormalizer + "
                         f"BertPreTokenizer or with WhitespaceSplit alone, not {names(norm)} + {names(pre)}")
    tokens = sorted(vocab, key=vocab.get)
    limit = model.get("max_input_chars_per_word", wordpiece.HF_MAX_CHARS)
    prefix = model.get("continuing_subword_prefix", "##")
    decoder = spec.get("decoder")
    cleanup = isinstance(decoder, dict) and decoder.get("type") == "WordPiece" and decoder.get("cleanup") is True
    try:
        built = wordpiece.WordPiece(tuple(tokens), unk=model.get("unk_token", "[UNK]"), prefix=prefix,
                                    max_input_chars_per_word=limit, basic=basic,
                                    added=_wordpiece_added(spec, report, set(tokens)), cleanup=cleanup)
    except StudioError as exc:
        raise AssetError.at("model", exc) from None
    if cleanup:
        _decoder_check(decoder, {"type": "WordPiece", "prefix": built.prefix, "cleanup": True}, report,
                       "pieces glued at the prefix, words joined by one space, HF's cleanup per token",
                       ("hf.decoder_wordpiece_cleanup", "hf.decoder_wordpiece_cleanup_changed"))
    else:
        _decoder_check(decoder, {"type": "WordPiece", "prefix": built.prefix, "cleanup": False}, report,
                       "pieces glued at the prefix, words joined by one space, no cleanup",
                       ("hf.decoder_wordpiece", "hf.decoder_wordpiece_changed"))
    report.keep("model", f"WordPiece: {len(tokens)} tokens, max_input_chars_per_word {limit}", "hf.wordpiece",
                tokens=len(tokens), limit=limit)
    return assets.wordpiece_to_asset(built)


def _decoder_check(decoder, exact, report, ours, codes):
    """``codes``: the findings' codes when the decoder is kept and when it is not."""
    if decoder == exact:
        report.keep("decoder", ours, codes[0])
    else:
        report.change("decoder", f"{names(decoder)} is not stored; decoding here: {ours}", codes[1],
                      decoder=names(decoder))


def _wordpiece_added(spec, report, vocab: set) -> tuple[str, ...]:
    """Special added tokens matched in the raw text (HF's default for
    ``[CLS]`` ...); a non-special or normalized one is reported, not matched."""
    added = _added(spec)
    missing = [e["content"] for e in added if e["content"] not in vocab]
    if missing:
        raise AssetError(f"added_tokens: {excerpt(missing[0])} is not in the model's vocabulary; this kind has no "
                         "tokens outside it")
    plain = [e for e in added if e.get("special") and not e.get("normalized") and not e.get("lstrip")
             and not e.get("rstrip")]
    if plain:
        report.keep("added_tokens", f"{len(plain)} special added tokens matched in the text and skipped by decode, "
                    "as HF does", "hf.added_special", count=len(plain))
    other = [e["content"] for e in added if e not in plain]
    if other:
        report.change("added_tokens", f"{len(other)} added tokens ({', '.join(other[:5])}) stay in the "
                      "vocabulary, but text spelling them is not matched as one token here (HF does)",
                      "hf.added_not_matched", count=len(other), tokens=", ".join(other[:5]))
    return tuple(dict.fromkeys(e["content"] for e in plain))


def _added_as_vocab(spec, report, vocab: set):
    added = _added(spec)
    missing = [e["content"] for e in added if e["content"] not in vocab]
    if missing:
        raise AssetError(f"added_tokens: {excerpt(missing[0])} is not in the model's vocabulary; this kind has no "
                         "tokens outside it")
    if added:
        report.change("added_tokens", f"{len(added)} added tokens ({', '.join(e['content'] for e in added[:5])}) "
                      "stay in the vocabulary, but text spelling them is not matched as one token here (HF does)",
                      "hf.added_not_matched", count=len(added), tokens=", ".join(e["content"] for e in added[:5]))


# ==== Unigram ====

def _unigram(spec, model, report) -> dict:
    rows, unk_id = model.get("vocab"), model.get("unk_id")
    if not isinstance(rows, list) or not all(isinstance(r, list) and len(r) == 2 for r in rows):
        raise AssetError("model.vocab: expected a list of [piece, score]")
    if isinstance(unk_id, bool) or not isinstance(unk_id, int) or not 0 <= unk_id < len(rows):
        raise AssetError(f"model.unk_id: {excerpt(unk_id)} is not supported; a unigram asset needs an unknown piece")
    pipeline = unigram_pipeline(spec, rows, report)
    added = {e["id"]: e for e in _added(spec)}
    pieces = []
    for i, (piece, score) in enumerate(rows):
        kind = unigram.UNKNOWN if i == unk_id else unigram.NORMAL
        if kind == unigram.NORMAL and i in added and added[i].get("special"):
            kind = unigram.CONTROL
        elif kind == unigram.NORMAL and model.get("byte_fallback") and piece_byte(piece) is not None:
            kind = unigram.BYTE
        pieces.append((piece, score, kind))
    try:
        built = unigram.from_pieces(pieces, unk_id=unk_id, byte_fallback=bool(model.get("byte_fallback", False)),
                                    pipeline=Pipeline.from_description(pipeline))
    except StudioError as exc:
        raise AssetError.at("model", exc) from None
    _decoder_check(spec.get("decoder"), sentencepiece_decoder(built.pipeline.add_dummy_prefix), report,
                   "SentencePiece's: ▁ as spaces, byte pieces joined, the dummy prefix dropped",
                   ("hf.decoder_sentencepiece", "hf.decoder_sentencepiece_changed"))
    if added:
        report.change("added_tokens", "special added tokens become control pieces: text spelling them "
                      "(e.g. " + repr(next(iter(added.values()))["content"]) + ") is not matched here (HF does)",
                      "hf.added_as_control", example=repr(next(iter(added.values()))["content"]))
    report.keep("model", f"Unigram: {len(pieces)} pieces with scores, unk_id {unk_id}, scores added in double "
                "precision as HF does", "hf.unigram", pieces=len(pieces), unk_id=unk_id)
    return assets.unigram_to_asset(built)


# ==== writing ====

def write(asset: dict, tokenizer, out, *, padding: dict | None = None, **_options) -> Report:
    """``padding``: a tokenizer.json padding block to write as it is (an
    asset keeps none; ``edit`` carries the edited file's, its pad_id looked up again)."""
    report = Report("export", "hf", asset.get("metadata", {}).get("name") or asset["kind"], str(out))
    report.kind = asset["kind"]
    spec = to_spec(asset, tokenizer, report)
    if padding is not None:
        spec["padding"] = padding
        report.keep("padding", f"padding written: pad_token {excerpt(padding.get('pad_token'))}, pad_id "
                    f"{padding.get('pad_id')}")
    write_bytes_atomic(out, (json.dumps(spec, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))
    return report


def _base(added=(), normalizer=None, pre=None, decoder=None, model=None) -> dict:
    return {"version": "1.0", "truncation": None, "padding": None, "added_tokens": list(added),
            "normalizer": normalizer, "pre_tokenizer": pre, "post_processor": None, "decoder": decoder,
            "model": model}


def to_spec(asset: dict, tokenizer, report: Report) -> dict:
    spec = _to_spec(asset, tokenizer, report)
    post = getattr(tokenizer, "post_processor", None)
    if post is not None:
        spec["post_processor"] = post_process.to_hf(post)
        report.keep("post_processor", post_process.describe(post), "hf.export_post_processor",
                    template=post_process.describe(post))
    return spec


def _to_spec(asset: dict, tokenizer, report: Report) -> dict:
    kind = asset["kind"]
    normalizer = asset.get("normalizer") or {}
    if normalizer.get("charsmap_rule") == "sentencepiece":
        report.change("normalizer", "HF's Precompiled reads the charsmap grapheme by grapheme, SentencePiece by "
                      "longest match: they differ where a grapheme holds more than one mapped character, e.g. "
                      "half-width ｶﾞ stays two characters, CR LF becomes one space, Ｃ + U+0301 loses its accent",
                      "hf.precompiled_graphemes")
    if kind == "wordpiece":
        return _write_wordpiece(tokenizer, report)
    if kind == "unigram":
        return _write_unigram(tokenizer, report)
    if kind == "char-bpe":
        raise AssetError("a char-bpe asset ends words with a separate </w> symbol, which HF's BPE cannot "
                         "represent (its end_of_word_suffix is glued to the last character)")
    model = as_bpe(asset, tokenizer, report)
    if model.ranks is not None and len(set(model.ranks)) != len(model.ranks):
        report.change("model.merges", "merges sharing a rank (SentencePiece/tiktoken style) get consecutive "
                      "ranks in file order; HF breaks such ties by that order, not by position", "hf.shared_ranks")
    added = [{"id": a.id, "content": a.content, "single_word": False, "lstrip": a.lstrip, "rstrip": a.rstrip,
              "normalized": a.normalized, "special": a.special} for a in sorted(model.added, key=lambda a: a.id)]
    body = {"type": "BPE", "dropout": None, "unk_token": model.unk, "continuing_subword_prefix": model.continuing_prefix,
            "end_of_word_suffix": model.end_of_word_suffix, "fuse_unk": model.fuse_unk,
            "byte_fallback": model.byte_fallback, "ignore_merges": model.ignore_merges,
            "vocab": _with_added(model), "merges": [list(p) for p in model.merges]}
    report.keep("model", f"BPE: {len(model.vocab)} tokens, {len(model.merges)} merges",
                "hf.export_bpe", tokens=len(model.vocab), merges=len(model.merges))
    if model.decoder.get("type") == "sentencepiece":
        decoder = sentencepiece_decoder_chain(model.decoder, [t for t, _ in model.vocab])
        report.change("decoder", "SentencePiece's Decode becomes HF's decoder chain, which differs on IDs that "
                      "begin with several ▁ pieces and on byte runs that are not valid UTF-8 (one U+FFFD per byte)",
                      "hf.sentencepiece_decoder")
    else:
        decoder = to_hf("decoder", model.decoder)
    return _base(added, to_hf("normalizer", model.normalizer), to_hf("pre_tokenizer", model.pre_tokenizer),
                 decoder, body)


def _with_added(model) -> dict:
    """The model vocabulary plus every added token: HF keeps an added token's
    ID only if the model knows it, and renumbers it otherwise."""
    vocab = dict(model.vocab)
    for a in model.added:
        vocab.setdefault(a.content, a.id)
    return dict(sorted(vocab.items(), key=lambda e: e[1]))


def _write_wordpiece(tokenizer, report) -> dict:
    basic = tokenizer.basic
    if basic is None:
        norm, pre = None, {"type": "WhitespaceSplit"}
    else:
        if not basic.split_punctuation:
            raise AssetError("BasicTokenizer split_punctuation=false has no HF equivalent (BertPreTokenizer "
                             "always splits punctuation)")
        norm = {"type": "BertNormalizer", "clean_text": basic.clean_text,
                "handle_chinese_chars": basic.handle_chinese_chars, "strip_accents": basic.strip_accents,
                "lowercase": basic.lowercase}
        pre = {"type": "BertPreTokenizer"}
        if not basic.hf:
            report.change("normalizer", "HF lower-cases character by character (no final sigma), drops private-use "
                          "characters and starts CJK Extension E at U+2B920", "hf.export_bert_normalizer")
    model = {"type": "WordPiece", "unk_token": tokenizer.unk, "continuing_subword_prefix": tokenizer.prefix,
             "max_input_chars_per_word": tokenizer.max_input_chars_per_word,
             "vocab": {t: i for i, t in enumerate(tokenizer.vocab)}}
    report.keep("model", f"WordPiece: {len(tokenizer.vocab)} tokens",
                "hf.export_wordpiece", tokens=len(tokenizer.vocab))
    added = [{"id": tokenizer.ids[t], "content": t, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": True} for t in tokenizer.added]
    if added:
        report.keep("added_tokens", f"{len(added)} special added tokens", "hf.export_added", count=len(added))
    return _base(added, norm, pre, {"type": "WordPiece", "prefix": tokenizer.prefix, "cleanup": tokenizer.cleanup},
                 model)


def _write_unigram(tokenizer, report) -> dict:
    pipeline = tokenizer.pipeline
    added = [{"id": i, "content": p.piece, "single_word": False, "lstrip": False, "rstrip": False,
              "normalized": False, "special": True}
             for i, p in enumerate(tokenizer.pieces) if p.type in (unigram.CONTROL, unigram.UNKNOWN)]
    # A user-defined piece (SentencePiece matches it wherever its text occurs, as HF matches an added
    # token): a special added token, which HF takes out of the text before the model sees it.
    # Matched in the normalized text, as SentencePiece does (matched in the raw text, HF would begin the text
    # after it with a new ▁).
    user = [{"id": i, "content": p.piece, "single_word": False, "lstrip": False, "rstrip": False,
             "normalized": True, "special": True}
            for i, p in enumerate(tokenizer.pieces) if p.type == unigram.USER_DEFINED]
    if user:
        report.keep("added_tokens", f"{len(user)} user-defined pieces become special added tokens, matched in the "
                    f"text as here (e.g. {excerpt(user[0]['content'])})")
    if added:
        report.change("added_tokens", "control and unknown pieces become special added tokens: HF matches their "
                      f"text (e.g. {excerpt(added[0]['content'])}) as that token; here it is ordinary text",
                      "hf.control_as_added", example=excerpt(added[0]['content']))
    odd = [p.piece for p in tokenizer.pieces if p.type == unigram.UNUSED]
    if odd:
        raise AssetError(f"pieces of type unused ({excerpt(odd[0])}) have no HF Unigram equivalent")
    added = sorted(added + user, key=lambda entry: entry["id"])
    if tokenizer.float32:
        report.change("model", "scores were added in single precision (SentencePiece); HF adds in double "
                      "precision, which can break a near tie differently", "hf.double_precision")
    report.change("decoder", "an unknown piece decodes to its own text in HF, to ' ⁇ ' here", "hf.unknown_decodes")
    model = {"type": "Unigram", "unk_id": tokenizer.unk_id, "byte_fallback": tokenizer.byte_fallback,
             "vocab": [[p.piece, p.score] for p in tokenizer.pieces]}
    report.keep("normalizer", "SentencePiece's pipeline as an HF normalizer sequence", "hf.sentencepiece_normalizer")
    return _base(added, sentencepiece_normalizer(pipeline.describe()), None,
                 sentencepiece_decoder(pipeline.add_dummy_prefix), model)
