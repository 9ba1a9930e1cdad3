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

import importlib
from pathlib import Path

from core.fileio import check_outputs, read_head
from core.errors import AssetError, OutputRefused
from core.formats.common import Imported
from core.formats.gpt2_files import looks_byte_level
from core.formats.report import Report
from core.pipeline import post_process
from core.sidecars import export_paths, merges_path, vocab_path

FORMATS = ("hf", "tiktoken", "spm", "bert-vocab", "subword-nmt", "minbpe")  # read and written
IMPORT_FORMATS = FORMATS + ("gpt2",)  # gpt2 is read only: write a tokenizer.json instead
MODULES = {"hf": "hf_json", "tiktoken": "tiktoken_ranks", "spm": "spm", "bert-vocab": "bert_vocab",
           "subword-nmt": "subword_nmt", "minbpe": "minbpe", "gpt2": "gpt2_files"}
WRITERS = {**MODULES, "spm": "spm_write"}  # a .model is written by a module of its own


def _module(fmt: str, table=MODULES):
    """The format's module, imported when first asked for (a command that
    reads one format loads no other)."""
    if fmt not in table:
        raise AssetError(f"unknown format {fmt!r}; choose one of {', '.join(IMPORT_FORMATS)}")
    return importlib.import_module(f".{table[fmt]}", __name__)


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
    report = _module(fmt, WRITERS).write(asset, tokenizer, out, **options)
    post = getattr(tokenizer, "post_processor", None)
    if post is not None and fmt != "hf":
        template = post_process.describe(post)
        report.lose("post_processor", f"{template}: this format has no post-processor (a tokenizer.json keeps it)",
                    "export.post_processor", template=template)
    return report


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
        sample = (read_head(path, 256 * 1024) or b"").decode("utf-8", "ignore")
        sample = sample[:sample.rfind("\n") + 1] or sample  # whole lines only
        if looks_byte_level(sample) or (vocab_path(path) is not None and "</w>" not in sample):
            return "gpt2"
        return "subword-nmt"
    if name.endswith(("vocab.json", "encoder.json")) and head.lstrip().startswith(b"{"):
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
