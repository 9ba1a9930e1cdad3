"""Write a SentencePiece ``.model`` (a serialized ``ModelProto``) and ``.vocab``.

Reference: ``sentencepiece_model.proto`` (the field numbers read in
:mod:`.spm`), ``model_interface.cc`` (what loading checks: one unknown
piece, byte pieces only with ``byte_fallback``) and ``bpe_model.cc``.
The protobuf wire format is written here directly, so no ``protobuf``
package is needed; the tests load every export with ``sentencepiece``.

* A ``unigram`` asset becomes a unigram model, piece for piece.
* A ``bpe`` asset becomes a BPE model if SentencePiece can run it:
  SentencePiece has no merge list, it joins the adjacent pair whose
  concatenation is the highest-scoring piece.  So each token gets the score
  ``-rank`` of the first merge that makes it, and the merges SentencePiece
  would then imply (:func:`.spm.implied_merges`) are compared with the
  asset's; where they differ the report names the first difference.

The normalizer is written as SentencePiece's ``normalizer_spec``: a
precompiled charsmap as it is, ``identity`` as no charsmap.  Python's NFKC
(our own trainer, a ``.vocab`` import) has no charsmap to write, so
SentencePiece applies no normalization to such an export; the report says so.
"""

from __future__ import annotations

import re
import struct
from pathlib import Path

from core.errors import AssetError, StudioError
from core.fileio import write_bytes_atomic
from core.formats.report import Report
from core.formats.spm import implied_merges
from core.pipeline.normalize import Pipeline

TYPE_NUMBERS = {"normal": 1, "unknown": 2, "control": 3, "user_defined": 4, "unused": 5, "byte": 6}
MODEL_NUMBERS = {"unigram": 1, "bpe": 2}


# ==== protobuf wire format ====

def varint(value: int) -> bytes:
    if value < 0:
        value += 1 << 64  # int32/int64 fields: ten-byte two's complement
    out = bytearray()
    while True:
        low = value & 0x7F
        value >>= 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def field(number: int, value) -> bytes:
    """One field: bytes and str are length-delimited, float is fixed32, bool and int are varints."""
    if isinstance(value, float):
        return varint(number << 3 | 5) + struct.pack("<f", value)
    if isinstance(value, (bool, int)):
        return varint(number << 3) + varint(int(value))
    data = value.encode("utf-8") if isinstance(value, str) else bytes(value)
    return varint(number << 3 | 2) + varint(len(data)) + data


def model_proto(pieces, *, model_type: str, trainer: dict, normalizer: dict) -> bytes:
    """``pieces``: (piece, score, type name); ``trainer``/``normalizer``: field number -> value."""
    out = bytearray()
    for piece, score, kind in pieces:
        out += field(1, field(1, piece) + field(2, float(score)) + field(3, TYPE_NUMBERS[kind]))
    spec = field(3, MODEL_NUMBERS[model_type]) + b"".join(field(n, v) for n, v in sorted(trainer.items()))
    out += field(2, spec)
    out += field(3, b"".join(field(n, v) for n, v in sorted(normalizer.items())))
    return bytes(out)


def vocab_text(pieces) -> str:
    """The ``.vocab`` file: ``piece<TAB>score`` per line, scores as C++ prints floats."""
    return "".join(f"{piece}\t{_float32(score):g}\n" for piece, score, _ in pieces)


def _float32(x: float) -> float:
    return struct.unpack("<f", struct.pack("<f", x))[0]


# ==== writing ====

def write(asset: dict, tokenizer, out, **_options) -> Report:
    """Write ``out`` (the ``.model``) and the ``.vocab`` beside it."""
    if Path(out).suffix == ".vocab":
        raise AssetError(f"{out}: name the .model file; the .vocab is written beside it")
    report = Report("export", "spm", asset.get("metadata", {}).get("name") or asset["kind"], str(out))
    report.kind = asset["kind"]
    data, pieces = exported(asset, tokenizer, report)
    write_bytes_atomic(out, data)
    vocab = Path(out).with_suffix(".vocab")
    write_bytes_atomic(vocab, vocab_text(pieces).encode("utf-8"))
    report.keep("files", f"{Path(out).name} (ModelProto, {len(data):,} bytes) and {vocab.name} (pieces and "
                "scores, as SentencePiece's trainer writes them)",
                "spm.files", model=Path(out).name, size=f"{len(data):,}", vocab=vocab.name)
    report.summary.update(pieces=len(pieces))
    return report


def exported(asset: dict, tokenizer, report: Report) -> tuple[bytes, list]:
    """``(ModelProto bytes, pieces)`` of ``asset``; AssetError when SentencePiece cannot hold it."""
    if asset["kind"] == "unigram":
        pieces, pipeline, byte_fallback = _unigram(tokenizer, report), tokenizer.pipeline, tokenizer.byte_fallback
    elif asset["kind"] == "bpe":
        pieces, pipeline, byte_fallback = _bpe(tokenizer, report), _bpe_pipeline(tokenizer), tokenizer.byte_fallback
    else:
        raise AssetError(f"a {asset['kind']} asset cannot be written as SentencePiece (unigram and bpe assets can)")
    normalizer = _normalizer(pipeline, report)
    ids = {kind: next((i for i, (p, _, t) in enumerate(pieces) if p == name and t == "control"), -1)
           for kind, name in (("bos", "<s>"), ("eos", "</s>"), ("pad", "<pad>"))}
    trainer = {4: len(pieces), 24: pipeline.treat_whitespace_as_suffix, 35: byte_fallback,
               40: next(i for i, (_, _, t) in enumerate(pieces) if t == "unknown"),
               41: ids["bos"], 42: ids["eos"], 43: ids["pad"]}
    return model_proto(pieces, model_type=asset["kind"], trainer=trainer, normalizer=normalizer), pieces


def _unigram(model, report) -> list:
    pieces = [(p.piece, p.score, p.type) for p in model.pieces]
    moved = [p for p, s, _ in pieces if _float32(s) != s]
    if moved:
        worst = max(abs(_float32(s) - s) for _, s, _ in pieces)
        report.change("model", f"{len(moved)} scores rounded to single precision (SentencePiece stores float32; "
                      f"largest change {worst:.3g}), which can break a near tie differently",
                      "spm.rounded", count=len(moved), worst=f"{worst:.3g}")
    if not model.float32:
        report.change("model", "SentencePiece adds scores in single precision; this asset adds them in double "
                      "precision, which can break a near tie differently", "spm.single_precision")
    else:
        report.keep("model", f"unigram: {len(pieces)} pieces with their types and float32 scores",
                    "spm.export_unigram", pieces=len(pieces))
    if any(t == "user_defined" for _, _, t in pieces) and model.pipeline.normalization == "nfkc":
        report.change("pieces", "SentencePiece shields user-defined pieces from normalization; this asset's "
                      "Python NFKC does not", "spm.export_unshielded")
    return pieces


def _bpe_pipeline(model):
    if model.pre_tokenizer != {"type": "none"} or model.continuing_prefix or model.end_of_word_suffix:
        raise AssetError("SentencePiece BPE has no pre-tokenizer, continuing prefix or end-of-word suffix; this "
                         "bpe asset uses one (export it as hf, tiktoken or subword-nmt instead)")
    try:
        return Pipeline.from_description(model.normalizer)
    except StudioError:
        raise AssetError(f"normalizer: SentencePiece runs its own normalizer; {model.normalizer.get('type')!r} "
                         "is not one (only a SentencePiece pipeline can be written)") from None


def _bpe(model, report) -> list:
    if model.unk is None:
        raise AssetError("model.unk: SentencePiece needs an unknown piece; this bpe asset has none")
    by_id = {i: t for t, i in model.vocab}
    added = {a.id: a for a in model.added}
    ids = sorted(set(by_id) | set(added))
    if ids != list(range(len(ids))):
        raise AssetError("model.vocab: SentencePiece numbers pieces 0..n-1; this asset's IDs have gaps")
    own = model.decoder.get("type") == "sentencepiece"  # a SentencePiece import's decoder
    silent = set(model.decoder.get("controls", ())) if own else set()
    if not own:
        report.change("decoder", f"this asset's decoder ({model.decoder.get('type')}) is not written: SentencePiece "
                      "decodes by its own rules", "spm.decoder_not_written",
                      decoder=str(model.decoder.get("type")))
    made: dict[str, int] = {}  # token -> rank of the first merge that makes it
    ranks = model.ranks or range(len(model.merges))
    for (left, right), rank in zip(model.merges, ranks):
        made.setdefault(left + right, rank)
    last = max(made.values(), default=-1)
    pieces, tags = [], []
    for i in range(len(set(by_id) | set(added))):
        token = added[i].content if i in added else by_id[i]
        if token == model.unk:
            pieces.append((token, 0.0, "unknown"))
        elif model.byte_fallback and re.fullmatch(r"<0x[0-9A-F]{2}>", token):
            pieces.append((token, 0.0, "byte"))
        elif i in added and not added[i].special and added[i].normalized and not (added[i].lstrip or added[i].rstrip):
            # What a SentencePiece import makes of a user-defined piece (core.formats.spm._bpe): matched in
            # the normalized text, never merged, printed as it is.
            pieces.append((token, 0.0, "user_defined"))
        elif i in added or (token in silent and token not in made):
            pieces.append((token, 0.0, "control"))
            tags.append(token)
        elif token in made:
            pieces.append((token, -float(made[token]), "normal"))
        else:
            # Below every merge, in ID order (as SentencePiece's trainer scores characters).
            last += 1
            pieces.append((token, -float(last), "normal"))
    loud = [t for t in tags if t not in silent]
    if loud:
        report.change("pieces", f"{len(loud)} added tokens ({', '.join(loud[:4])}) become control pieces: "
                      "SentencePiece neither matches their text nor prints them; this asset does both",
                      "spm.loud_control", count=len(loud), tokens=", ".join(loud[:4]))
    if len(loud) < len(tags):
        report.keep("pieces", f"control pieces: {', '.join(t for t in tags if t in silent)}",
                    "spm.control_pieces", pieces=", ".join(t for t in tags if t in silent))
    if not model.fuse_unk:
        report.change("model", "SentencePiece joins a run of unknown characters into one unknown token; this "
                      "asset gives one per character", "spm.fuse_unk")
    merges, implied_ranks, _ = implied_merges(pieces)
    ours = _rank_classes(model.merges, ranks)
    theirs = _rank_classes(merges, implied_ranks)
    if ours != theirs:
        report.change("model.merges", "SentencePiece ranks a merge by the piece it makes, so this merge list "
                      f"cannot be kept exactly: {_first_difference(ours, theirs)}")
    else:
        report.keep("model", f"BPE: {len(pieces)} pieces; each token scores -rank of its merge, and the merges "
                    f"SentencePiece implies from them are exactly this asset's {len(model.merges)}",
                    "spm.export_bpe", pieces=len(pieces), merges=len(model.merges))
    return pieces


def _rank_classes(merges, ranks) -> dict:
    """pair -> position of its rank among the distinct ranks (ties stay ties)."""
    order = {r: i for i, r in enumerate(sorted(set(ranks)))}
    return {tuple(pair): order[r] for pair, r in zip(merges, ranks)}


def _first_difference(ours: dict, theirs: dict) -> str:
    for pair in ours:
        if pair not in theirs:
            return f"{pair[0]!r} + {pair[1]!r} is not a merge there"
    for pair in theirs:
        if pair not in ours:
            return f"{pair[0]!r} + {pair[1]!r} becomes a merge there"
    pair = next(p for p in ours if ours[p] != theirs[p])
    return f"{pair[0]!r} + {pair[1]!r} moves from rank class {ours[pair]} to {theirs[pair]}"


def _normalizer(pipeline, report) -> dict:
    spec = {3: pipeline.add_dummy_prefix, 4: pipeline.remove_extra_whitespaces, 5: pipeline.escape_whitespaces}
    if pipeline.normalization == "precompiled":
        spec.update({1: pipeline.rule_name or "user_defined", 2: pipeline.charsmap.blob})
        if pipeline.charsmap_rule == "hf":
            report.change("normalizer", "the charsmap came from an HF Precompiled normalizer, which reads it "
                          "grapheme by grapheme; SentencePiece reads it by longest match (they differ e.g. on "
                          "half-width ｶﾞ, CR LF, Ｃ + U+0301)", "spm.hf_charsmap")
        else:
            report.keep("normalizer", f"the precompiled charsmap ({len(pipeline.charsmap.blob):,} bytes)",
                        "spm.export_charsmap", size=f"{len(pipeline.charsmap.blob):,}")
    elif pipeline.normalization == "nfkc":
        spec[1] = "nfkc"
        report.change("normalizer", "Python's NFKC has no precompiled charsmap to write, so SentencePiece will "
                      "apply no normalization: text NFKC changes (fullwidth Ａ, ﬁ, e + U+0301) encodes "
                      "differently there", "spm.no_nfkc_charsmap")
    else:
        spec[1] = "identity"
        report.keep("normalizer", "identity (no charsmap)", "spm.identity")
    if pipeline.trailing != "drop":
        report.change("normalizer", "SentencePiece drops every trailing space; this asset's HF-style squeezing "
                      f"({pipeline.trailing}) does not", "spm.trailing", trailing=pipeline.trailing)
    report.keep("normalizer", f"add_dummy_prefix={pipeline.add_dummy_prefix}, remove_extra_whitespaces="
                f"{pipeline.remove_extra_whitespaces}, escape_whitespaces={pipeline.escape_whitespaces}, "
                f"treat_whitespace_as_suffix={pipeline.treat_whitespace_as_suffix}")
    return spec
