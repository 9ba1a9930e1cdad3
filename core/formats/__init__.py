"""Import and export the ecosystem's tokenizer files, one module per format.

==============  ===========================================  ==================
format          files                                        asset kind
==============  ===========================================  ==================
``hf``          Hugging Face ``tokenizer.json``               bpe, wordpiece, unigram
``tiktoken``    ``base64-token rank`` lines (+ ``--pattern``)  bpe
``spm``         SentencePiece ``.model`` (or ``.vocab``)       unigram, bpe
``bert-vocab``  BERT ``vocab.txt``                            wordpiece
``subword-nmt`` ``#version: 0.2`` merge codes                  bpe
``minbpe``      minbpe ``.model`` (``minbpe v1``)              bpe
``gpt2``        GPT-2 ``vocab.json`` + ``merges.txt``,         bpe
                ``encoder.json`` + ``vocab.bpe`` (import)
==============  ===========================================  ==================

Every import gives an ordinary asset (validated by :mod:`core.assets`, so
the same identity rules apply) and a :class:`~core.formats.report.Report`.
Files are parsed as data only; nothing in them is executed or unpickled.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from core.fileio import check_outputs, read_head, read_limited
from core.errors import AssetError, OutputRefused
from core.formats.report import Report

FORMATS = ("hf", "tiktoken", "spm", "bert-vocab", "subword-nmt", "minbpe")  # read and written
IMPORT_FORMATS = FORMATS + ("gpt2",)  # gpt2 is read only: write a tokenizer.json instead
MODULES = {"hf": "hf_json", "tiktoken": "tiktoken_ranks", "spm": "spm", "bert-vocab": "bert_vocab",
           "subword-nmt": "subword_nmt", "minbpe": "minbpe", "gpt2": "gpt2_files"}
MAX_BYTES = 512 * 1024 * 1024
# Formats whose folder may hold tokenizer_config.json / special_tokens_map.json (core.formats.hf_config)
SIDE_FILE_FORMATS = ("hf", "bert-vocab", "gpt2")


@dataclass(frozen=True)
class Imported:
    asset: dict
    report: Report
    tokenizer: object = None  # built from ``asset`` while validating it


def _module(fmt: str):
    import importlib

    if fmt not in MODULES:
        raise AssetError(f"unknown format {fmt!r}; choose one of {', '.join(IMPORT_FORMATS)}")
    return importlib.import_module(f".{MODULES[fmt]}", __name__)


class InMemory(str):
    """A file name whose bytes are already in memory (a shelf entry, unpacked
    by :mod:`core.shelf`): every importer reads it as it reads a file."""

    def __new__(cls, name: str, data: bytes):
        self = super().__new__(cls, name)
        self.data = data
        return self


def read_bytes(path) -> bytes:
    if isinstance(path, InMemory):
        return path.data
    return read_limited(path, limit=MAX_BYTES, what="a tokenizer file", error=AssetError, limit_name="import")


def decode_text(data: bytes, path) -> str:
    """UTF-8 text; an error names the line and byte offset."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise AssetError(f"{path}: line {line}: invalid UTF-8 at byte offset {exc.start}", code="import.invalid_utf8",
                         where=str(path), line=line, offset=exc.start) from None


def trainer_for(fmt: str, path, data: bytes, **extra) -> dict:
    """The asset's trainer block for an import: where it came from, hashed."""
    return {"name": f"imported:{fmt}", "version": "1", "source": Path(path).name,
            "source_sha256": hashlib.sha256(data).hexdigest(), **extra}


def finish(asset: dict, report: Report, path, built=None) -> Imported:
    """Validate the asset as any other (core.assets), fill in the report's summary.

    ``built``: the model the asset was just made from (``*_to_asset``), which
    rebuilding from the asset would only repeat (tests check that round trip);
    its envelope is still validated.  For the large tiktoken files a second
    build is seconds."""
    from core import assets

    try:
        if built is None:
            tokenizer = assets.build_tokenizer(asset)
        else:
            assets.validate_envelope(asset)
            tokenizer = built
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    if report.format in SIDE_FILE_FORMATS and asset["kind"] in assets.POST_PROCESSED:
        from core.formats import hf_config

        changed, model = hf_config.apply(asset, tokenizer, report, path)
        if model is not tokenizer:
            asset, tokenizer = changed, assets.build_tokenizer(changed)
    report.kind = asset["kind"]
    report.summary.setdefault("vocab", getattr(tokenizer, "vocab_size", None))
    model = asset["model"]
    if isinstance(model.get("merges"), list):
        report.summary.setdefault("merges", len(model["merges"]))
    return Imported(asset, report, tokenizer)


def import_file(path, fmt: str, *, pattern: str | None = None, name: str = "", **options) -> Imported:
    """Read ``path`` as ``fmt``; ``pattern`` names a core.pipeline.pretokenize pattern (tiktoken)."""
    module = _module(fmt)
    imported = module.read(path, pattern=pattern, **options)
    if name:
        imported.asset["metadata"]["name"] = name
    elif not imported.asset["metadata"].get("name"):
        imported.asset["metadata"]["name"] = Path(path).stem
    return imported


def export_asset(asset: dict, tokenizer, fmt: str, out, *, inputs=(), **options) -> Report:
    """Write ``asset`` as ``fmt`` to ``out``; AssetError if it cannot be represented.
    Every file it would write is checked first (:func:`core.fileio.check_outputs`):
    none may be one of ``inputs`` (the asset's own file), a link or a special file."""
    if fmt not in FORMATS:
        raise AssetError(f"cannot write {fmt!r}; choose one of {', '.join(FORMATS)}")
    # Once each: a model and its sidecar on one name is the writer's own message.
    check_outputs(dict.fromkeys(export_paths(fmt, out)), inputs, OutputRefused)
    report = _module(fmt).write(asset, tokenizer, out, **options)
    post = getattr(tokenizer, "post_processor", None)
    if post is not None and fmt != "hf":
        from core.pipeline import post_process

        template = post_process.describe(post)
        report.lose("post_processor", f"{template}: this format has no post-processor (a tokenizer.json keeps it)",
                    "export.post_processor", template=template)
    return report


def export_paths(fmt: str, out) -> list[Path]:
    """Every file ``export_asset(..., fmt, out)`` writes: ``out`` and its sidecar, if any."""
    out = Path(out)
    if fmt == "tiktoken":
        return [out, Path(str(out) + ".json")]  # the pattern and specials beside the ranks
    if fmt == "spm":
        return [out, out.with_suffix(".vocab")]  # SentencePiece's pieces-and-scores text
    return [out]


def detect_format(path) -> str | None:
    """A best guess from the name and first bytes (for drag and drop)."""
    path = Path(path)
    name = path.name.lower()
    head = read_head(path, 64)  # asked while a file is dragged: a FIFO must not block
    if head is None:
        return None
    if head.startswith(b"minbpe v1"):
        return "minbpe"
    if head.startswith(b"#version:"):
        # GPT-2's vocab.bpe / merges.txt share subword-nmt's header: the symbols
        # and the vocabulary beside them tell them apart.
        from core.formats.gpt2_files import looks_byte_level, vocab_path

        sample = (read_head(path, 256 * 1024) or b"").decode("utf-8", "ignore")
        sample = sample[:sample.rfind("\n") + 1] or sample  # whole lines only
        if looks_byte_level(sample) or (vocab_path(path) is not None and "</w>" not in sample):
            return "gpt2"
        return "subword-nmt"
    if name.endswith(("vocab.json", "encoder.json")) and head.lstrip().startswith(b"{"):
        from core.formats.gpt2_files import merges_path

        if merges_path(path).is_file():
            return "gpt2"
    if name.endswith(".json") and head.lstrip().startswith(b"{"):
        # Our own files (assets, workspaces) are opened, not imported.
        return None if b'"subword-studio/' in head else "hf"
    if name.endswith((".model", ".vocab")) and not head.startswith(b"{"):
        return "spm"
    if name.endswith(".tiktoken"):
        return "tiktoken"
    if name == "vocab.txt" or name.endswith("-vocab.txt"):
        return "bert-vocab"
    return None


# A model folder as downloaded: the tokenizer file each format reads, in the
# order a folder holding several is read (HF's own file first, as transformers
# does); side files (tokenizer_config.json, ...) are read beside it.
FOLDER_FILES = (("tokenizer.json", "hf"), ("vocab.json", "gpt2"), ("encoder.json", "gpt2"), ("*.model", "spm"),
                ("*.tiktoken", "tiktoken"), ("vocab.txt", "bert-vocab"))


def import_source(path, fmt: str | None = None) -> tuple[Path, str, str]:
    """``(file, format, how)`` for an import of ``path``: a file, or a model
    folder as downloaded; ``fmt`` (``--format``) overrides the detection.
    ``how`` says what was found, for the report.  AssetError when nothing
    in it is a tokenizer file, or when two files could be."""
    path = Path(path)
    if path.is_dir():
        for pattern, found_fmt in FOLDER_FILES:
            if fmt is not None and found_fmt != fmt:
                continue
            matches = sorted(p for p in path.glob(pattern) if p.is_file())
            if found_fmt == "gpt2":
                from core.formats.gpt2_files import merges_path

                matches = [m for m in matches if merges_path(m).is_file()]
            if len(matches) > 1:
                raise AssetError(f"{path}: {len(matches)} files could be the tokenizer "
                                 f"({', '.join(m.name for m in matches[:4])}); name the one to import")
            if matches:
                return matches[0], found_fmt, f"{matches[0].name} in the folder {path.name or path}"
        wanted = ", ".join(name for name, f in FOLDER_FILES if fmt in (None, f))
        raise AssetError(f"{path}: a folder with no tokenizer file in it (looked for {wanted})",
                         code="import.no_tokenizer_file", where=str(path), wanted=wanted)
    if fmt is not None:
        return path, fmt, "--format"
    found = detect_format(path)
    if found is None:
        if not path.exists():
            raise AssetError(f"{path}: no such file", code="file.missing", where=str(path))
        raise AssetError(f"{path}: cannot tell which format this file is; give --format "
                         f"({', '.join(IMPORT_FORMATS)})", code="import.unknown_format", where=str(path),
                         formats=", ".join(IMPORT_FORMATS))
    return path, found, f"{path.name}: its name and first bytes"


# ==== our own kinds as a general BPE, for export ====

def as_bpe(asset: dict, tokenizer, report: Report):
    """The :class:`core.models.bpe_model.BPEModel` an asset of kind bpe or byte-bpe is."""
    from core.models import bpe_model
    from core.pipeline import pretokenize
    from core.pipeline.text_pipeline import BYTE_CHARS, BYTE_LEVEL_PATTERN

    if asset["kind"] == "bpe":
        return tokenizer
    if asset["kind"] != "byte-bpe":
        if asset["kind"] == "char-bpe":
            # Say what the difference is, not that a BPE model is not one.
            raise AssetError("a char-bpe asset ends words with a separate </w> symbol; this format's BPE has no "
                             "such symbol")
        raise AssetError(f"a {asset['kind']} asset is not a BPE model; this format holds BPE merges only",
                         code="export.not_bpe", kind=asset["kind"])

    def spell(data: bytes) -> str:
        return "".join(BYTE_CHARS[b] for b in data)

    vocab = [(BYTE_CHARS[b], b) for b in range(256)]
    vocab += [(spell(m.token_bytes), m.new_id) for m in tokenizer.merges]
    merges = tuple((spell(tokenizer.token_bytes(m.left)), spell(tokenizer.token_bytes(m.right)))
                   for m in tokenizer.merges)
    added = tuple(bpe_model.AddedToken(name, i) for name, i in tokenizer.specials)
    if added:
        report.change("specials", "the specials become added tokens, which are matched wherever their text "
                      f"occurs (e.g. {added[0].content!r}); the byte-bpe asset reads such text as bytes unless "
                      "asked to allow specials", "export.specials", example=repr(added[0].content))
    name = tokenizer.pretokenizer
    level = {"type": "byte_level", "add_prefix_space": False, "use_regex": False}
    if name == "none":
        pre = level
    elif pretokenize.get(name).pattern == BYTE_LEVEL_PATTERN:
        pre = {**level, "use_regex": True}
    else:
        pre = {"type": "sequence", "steps": [{"type": "regex", **pretokenize.describe(name)}, level]}
    if name != "none":
        report.keep("pre_tokenizer", f"the {name!r} regex splits text before the byte mapping", "export.regex",
                    name=repr(name))
    return bpe_model.BPEModel(tuple(vocab), merges, added=added, pre_tokenizer=pre,
                              decoder={"type": "byte_level"})
