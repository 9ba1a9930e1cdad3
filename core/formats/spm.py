"""SentencePiece ``.model`` (a ``ModelProto``) and ``.vocab`` files.

Reference: ``bpe_model.cc`` and ``unigram_model.cc``; the ModelProto is
read by :mod:`core.spm_proto`, so neither ``protobuf`` nor
``sentencepiece`` is needed to import; the tests check the result against
``sentencepiece`` itself.

* Unigram becomes a ``unigram`` asset with single-precision scores.
* BPE becomes a ``bpe`` asset.  SentencePiece's BPE encoder does not replay
  a merge list: it repeatedly joins the adjacent pair whose concatenation
  is the highest-scoring piece, the leftmost on equal scores.  So every
  split ``(a, b)`` of a piece into two pieces becomes a merge, and all
  splits of one piece share the piece's rank; :mod:`core.models.bpe_model` takes
  the leftmost pair on a shared rank, which is the same rule.  Runs of
  unknown characters become one unknown token, as there.

Normalization: the model's ``precompiled_charsmap`` is applied as
SentencePiece applies it (:mod:`core.pipeline.charsmap`), so ``nmt_nfkc`` (the
default), ``nfkc``, ``nmt_nfkc_cf``, ``nfkc_cf`` and custom rules import
exactly; ``add_dummy_prefix``, ``remove_extra_whitespaces``,
``escape_whitespaces`` and ``treat_whitespace_as_suffix`` are kept.  A
``.vocab`` file holds only pieces and scores, so its model type and
normalization are assumptions the report states.
"""

from __future__ import annotations

from pathlib import Path

from core import assets
from core.errors import AssetError, StudioError, excerpt
from core.numbers import MAX_MERGES, parse_real
from core.formats.common import Imported, decode_text, finish, read_bytes, trainer_for
from core.formats.report import Report
from core.pipeline.added import AddedToken
from core.models import unigram
from core.pipeline.charsmap import Charsmap
from core.pipeline.normalize import Pipeline
from core.tokenizer.imported_bpe import ImportedBPE
from core.spm_proto import MODEL_TYPES, parse_model

DEFAULT_UNK_SURFACE = " \u2047 "


# ==== reading and writing ====

def read(path, *, pattern=None, model_type: str | None = None, **_options) -> Imported:
    data = read_bytes(path)
    report = Report("import", "spm", Path(path).name)
    try:
        if Path(path).suffix == ".vocab" or _looks_like_text(data):
            proto = _vocab_file(decode_text(data, path), report, model_type)
        else:
            proto = parse_model(data)
        asset = convert(proto, report)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    asset["trainer"] = trainer_for("spm", path, data, library="sentencepiece",
                                   model_type=MODEL_TYPES.get(proto["trainer"].get("model_type", 1)))
    return finish(asset, report, path)


def _looks_like_text(data: bytes) -> bool:
    head = data[:256]
    return b"\t" in head and b"\x00" not in head and head[:1] != b"\n"


def _vocab_file(text: str, report: Report, model_type) -> dict:
    pieces = []
    for number, line in enumerate(text.split("\n"), start=1):
        if not line:
            continue
        parts = line.rsplit("\t", 1)  # a piece may itself be a tab
        if len(parts) != 2 or not parts[0]:
            raise AssetError(f"line {number}: expected 'piece<TAB>score', found {line[:60]!r}")
        pieces.append((parts[0], parse_real(parts[1].rstrip("\r"), where=f"line {number}", what="score",
                                            error=AssetError)))
    names = {p for p, _ in pieces}
    byte_fallback = all(f"<0x{b:02X}>" in names for b in range(256))
    rows = []
    for piece, score in pieces:
        kind = ("unknown" if piece == "<unk>" else "control" if piece in ("<s>", "</s>", "<pad>")
                else "byte" if byte_fallback and piece.startswith("<0x") and len(piece) == 6 else "normal")
        rows.append((piece, score, kind))
    normal = [s for _, s, k in rows if k == "normal"]
    guess = "bpe" if normal and all(s == int(s) for s in normal) and normal == sorted(normal, reverse=True) else "unigram"
    chosen = model_type or guess
    if chosen not in ("unigram", "bpe"):
        raise AssetError(f"model type {excerpt(chosen)}: choose unigram or bpe")
    report.change("normalizer", "a .vocab file does not record its normalization: assumed Python's NFKC with the "
                  "dummy prefix and whitespace squeezing; SentencePiece's compiled rules (nmt_nfkc, the default, "
                  "also drops control characters and maps odd spaces) differ from it, so import the .model to be "
                  "exact", "spm.vocab_normalizer")
    code = {(True, False): "spm.vocab_given", (False, False): "spm.vocab_guessed",
            (True, True): "spm.vocab_given_bytes", (False, True): "spm.vocab_guessed_bytes"}[
        bool(model_type), byte_fallback]
    report.change("model", f"model type {chosen} ({'given' if model_type else 'guessed from the scores'}); "
                  "<unk> is the unknown piece, <s> </s> <pad> are control pieces"
                  + (", <0x00>..<0xFF> byte fallback" if byte_fallback else ""), code, type=chosen)
    return {"pieces": rows, "trainer": {"model_type": 2 if chosen == "bpe" else 1, "byte_fallback": byte_fallback},
            "normalizer": {"name": "nfkc", "python_nfkc": True}, "denormalizer": {}}


def convert(proto: dict, report: Report) -> dict:
    trainer, norm = proto["trainer"], proto["normalizer"]
    kind = MODEL_TYPES.get(trainer.get("model_type", 1), "?")
    if proto["denormalizer"].get("precompiled_charsmap") or proto["denormalizer"].get("name") not in (None, "", "identity"):
        raise AssetError("denormalizer_spec: decode-time denormalization rules are not supported")
    pipeline = _pipeline(norm, trainer, report)
    surface = trainer.get("unk_surface", DEFAULT_UNK_SURFACE)
    if surface != DEFAULT_UNK_SURFACE and kind == "unigram":
        report.change("decoder", f"an unknown piece decodes as {DEFAULT_UNK_SURFACE!r}, not the model's "
                      f"{excerpt(surface)}", "spm.unk_surface", ours=repr(DEFAULT_UNK_SURFACE), theirs=excerpt(surface))
    pieces = proto["pieces"]
    unk = [i for i, (_, _, t) in enumerate(pieces) if t == "unknown"]
    if len(unk) != 1:
        raise AssetError(f"pieces: expected exactly one piece of type UNKNOWN, found {len(unk)}")
    if kind == "unigram":
        return _unigram(pieces, unk[0], bool(trainer.get("byte_fallback")), pipeline, report)
    if kind == "bpe":
        return _bpe(pieces, unk[0], bool(trainer.get("byte_fallback")), pipeline, surface, report)
    raise AssetError(f"trainer_spec.model_type: {kind} models are not supported (unigram and bpe are)")


def _pipeline(norm: dict, trainer: dict, report: Report):
    """The normalizer as SentencePiece runs it: the model's compiled charsmap
    whatever its rule name (nmt_nfkc, nfkc, the _cf variants, custom TSV
    rules), or nothing when the model has none."""
    name = norm.get("name", "")
    blob = norm.get("precompiled_charsmap")
    options = {"add_dummy_prefix": norm.get("add_dummy_prefix", True),
               "remove_extra_whitespaces": norm.get("remove_extra_whitespaces", True),
               "escape_whitespaces": norm.get("escape_whitespaces", True),
               "treat_whitespace_as_suffix": bool(trainer.get("treat_whitespace_as_suffix", False))}
    if not blob and norm.get("normalization_rule_tsv"):
        raise AssetError("normalizer_spec.normalization_rule_tsv: custom rules without their compiled "
                         "precompiled_charsmap cannot be applied (SentencePiece compiles them when training)")
    try:
        if norm.get("python_nfkc"):  # a .vocab file: no charsmap to read (the report says so)
            return Pipeline(normalization="nfkc", **options)
        if blob:
            pipeline = Pipeline(normalization="precompiled", charsmap=Charsmap(blob), rule_name=name, **options)
        else:
            pipeline = Pipeline(normalization="identity", **options)
    except StudioError as exc:
        raise AssetError.at("normalizer_spec", exc) from None
    if blob:
        report.keep("normalizer", f"the rule {name or '(unnamed)'} as its precompiled charsmap ({len(blob):,} "
                    "bytes), applied as SentencePiece does: longest match first", "spm.charsmap",
                    name=name or "(unnamed)", size=f"{len(blob):,}")
    elif name not in ("", "identity"):
        report.keep("normalizer", f"the rule is named {excerpt(name)} but the model has no charsmap, so SentencePiece "
                    "applies no normalization; neither does this asset", "spm.no_charsmap", name=excerpt(name))
    flags = ", ".join(f"{k}={v}" for k, v in options.items())
    report.keep("normalizer", flags)
    if not options["escape_whitespaces"]:
        report.keep("normalizer", "spaces stay U+0020 in pieces (escape_whitespaces=false)", "spm.spaces")
    return pipeline


def _unigram(pieces, unk_id, byte_fallback, pipeline, report) -> dict:
    try:
        built = unigram.from_pieces(pieces, unk_id=unk_id, byte_fallback=byte_fallback, pipeline=pipeline,
                                    float32=True)
    except StudioError as exc:
        raise AssetError.at("pieces", exc) from None
    shielded = [p for p, _, t in pieces if t == "user_defined"]
    if shielded and pipeline.normalization == "nfkc":
        report.change("pieces", "user-defined pieces are not shielded from Python's NFKC the way SentencePiece's "
                      "normalizer shields them", "spm.unshielded")
    elif shielded:
        report.keep("pieces", f"{len(shielded)} user-defined pieces ({', '.join(shielded[:4])}) pass through the "
                    "normalizer untouched and always win, as in SentencePiece", "spm.shielded", count=len(shielded),
                    pieces=", ".join(shielded[:4]))
    report.keep("model", f"unigram: {len(pieces)} pieces with their float32 scores and types; Viterbi adds "
                "scores in single precision as SentencePiece does", "spm.unigram", pieces=len(pieces))
    return assets.unigram_to_asset(built)


def _bpe(pieces, unk_id, byte_fallback, pipeline, surface, report) -> dict:
    odd = [p for p, _, t in pieces if t == "unused"]
    if odd:
        raise AssetError(f"pieces: {excerpt(odd[0])}: unused pieces in a BPE model are not supported")
    merges, ranks, unreachable = implied_merges(pieces)
    controls = [p for p, _, t in pieces if t == "control"]
    # SentencePiece's bpe_model.cc: a user-defined piece found in the normalized
    # text (longest first) is one frozen symbol that never merges, which is
    # what an added token matched after the normalizer is.
    user = tuple(AddedToken(p, i, special=False, normalized=True)
                 for i, (p, _, t) in enumerate(pieces) if t == "user_defined")
    vocab = tuple((p, i) for i, (p, _, _) in enumerate(pieces))
    decoder = {"type": "sentencepiece", "add_dummy_prefix": pipeline.add_dummy_prefix,
               "remove_extra_whitespaces": pipeline.remove_extra_whitespaces, "unk": pieces[unk_id][0],
               "unk_surface": surface, "controls": controls, "byte_fallback": byte_fallback}
    try:
        built = ImportedBPE.build(
            vocab, tuple(merges), tuple(ranks), unk=pieces[unk_id][0], fuse_unk=True, byte_fallback=byte_fallback,
            added=user, normalizer=_shielding(pipeline, user), pre_tokenizer={"type": "none"}, decoder=decoder)
    except StudioError as exc:
        raise AssetError.at("pieces", exc) from None
    if user:
        names = ", ".join(a.content for a in user[:4])
        report.keep("pieces", f"{len(user)} user-defined pieces ({names}) are matched in the normalized text and "
                    "never merge, as in SentencePiece", "spm.bpe_user_defined", count=len(user), pieces=names)
        # SentencePiece's normalizer copies them untouched; so does ours, but
        # Python's NFKC (a model without a charsmap) cannot skip them.
        rewritten = [a.content for a in user if pipeline.normalize(a.content).text.lstrip("▁") != a.content]
        if rewritten and pipeline.normalization == "nfkc":
            shown = ", ".join(rewritten[:4])
            report.change("pieces", f"{len(rewritten)} user-defined pieces ({shown}) change under the normalizer, "
                          "which SentencePiece does not apply to them: text spelling them is not matched as one "
                          "piece here", "spm.bpe_user_rewritten", count=len(rewritten), pieces=shown)
    report.keep("model", f"BPE: {len(pieces)} pieces; {len(merges)} merges, one per split of a piece into two "
                "pieces, ranked by the piece's score (equal scores share a rank; the leftmost pair wins)", "spm.bpe",
                pieces=len(pieces), merges=len(merges))
    if unreachable:
        report.keep("model", f"{unreachable} pieces cannot be made from two pieces and are never produced "
                    "(as in SentencePiece)", "spm.unreachable", count=unreachable)
    report.keep("decoder", f"SentencePiece's own: control pieces ({', '.join(controls) or 'none'}) print nothing, "
                f"the unknown piece prints {surface!r}, byte pieces their UTF-8, the leading ▁ goes")
    return assets.bpe_to_asset(built)


def _shielding(pipeline, user) -> dict:
    """The normalizer description, naming the user-defined pieces that pass
    through it untouched (the asset's added tokens do not say which they are)."""
    spec = pipeline.describe()
    return {**spec, "protected": sorted(a.content for a in user)} if user else spec
# Characters sliced and hashed while deriving a SentencePiece BPE model's
# merges: 256K pieces of 16 characters take a quarter of it.
MAX_SPLIT_WORK = 2**28


def implied_merges(pieces):
    """SentencePiece's BPE as a merge list: every split of a normal piece
    into two normal pieces, ranked by the piece's score (highest first;
    equal scores share a rank).  Also counts the multi-character pieces no
    split reaches, which SentencePiece never produces."""
    mergeable = {p for p, _, t in pieces if t == "normal"}
    lengths = set(map(len, mergeable))
    order = sorted((i for i, (p, _, t) in enumerate(pieces) if t == "normal" and len(p) > 1),
                   key=lambda i: (-pieces[i][1], i))
    merges, ranks, rank, last, unreachable, work = [], [], -1, None, 0, 0
    for i in order:
        piece, score, _ = pieces[i]
        if score != last:
            rank, last = rank + 1, score
        # Only cuts whose two lengths some piece has are tried; each try
        # slices and hashes the whole piece, so long pieces cost the square
        # of their length: that work is bounded (a 2 MB file of long
        # pieces would otherwise imply millions of merges and gigabytes).
        size = len(piece)
        cuts = [cut for cut in range(1, size) if cut in lengths and size - cut in lengths]
        work += len(cuts) * size
        if work > MAX_SPLIT_WORK:
            raise AssetError(f"pieces[{i}]: deriving merges from these pieces means trying over {MAX_SPLIT_WORK} "
                             "characters of splits, the limit (the pieces are too many or too long for BPE)")
        splits = [(piece[:cut], piece[cut:]) for cut in cuts if piece[:cut] in mergeable and piece[cut:] in mergeable]
        merges += splits
        ranks += [rank] * len(splits)
        if len(merges) > MAX_MERGES:
            raise AssetError(f"pieces[{i}]: the pieces imply more than {MAX_MERGES} merges, the limit of a merge list")
        unreachable += not splits
    return merges, ranks, unreachable
