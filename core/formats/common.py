"""What every format module shares: the import result, reading a file
(or a shelf entry held in memory) within the limit, the trainer block of
an imported asset, the last step of every import (validate, apply the
folder's side files, summarize), and our own BPE kinds as a general BPE
for the formats that export one."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from core import assets
from core.errors import AssetError
from core.fileio import read_limited
from core.formats import hf_config
from core.formats.report import Report
from core.pipeline import pretokenize
from core.pipeline.text_pipeline import BYTE_CHARS, BYTE_LEVEL_PATTERN
from core.pipeline.added import AddedToken
from core.tokenizer.imported_bpe import ImportedBPE

MAX_BYTES = 512 * 1024 * 1024
# Formats whose folder may hold tokenizer_config.json / special_tokens_map.json (core.formats.hf_config)
SIDE_FILE_FORMATS = ("hf", "bert-vocab", "gpt2")


@dataclass(frozen=True)
class Imported:
    asset: dict
    report: Report
    tokenizer: object = None  # built from ``asset`` while validating it


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
    try:
        if built is None:
            tokenizer = assets.build_tokenizer(asset)
        else:
            assets.validate_envelope(asset)
            tokenizer = built
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    if report.format in SIDE_FILE_FORMATS and asset["kind"] in assets.POST_PROCESSED:
        changed, model = hf_config.apply(asset, tokenizer, report, path)
        if model is not tokenizer:
            asset, tokenizer = changed, assets.build_tokenizer(changed)
    report.kind = asset["kind"]
    report.summary.setdefault("vocab", getattr(tokenizer, "vocab_size", None))
    model = asset["model"]
    if isinstance(model.get("merges"), list):
        report.summary.setdefault("merges", len(model["merges"]))
    return Imported(asset, report, tokenizer)


# ==== our own kinds as a general BPE, for export ====

def as_bpe(asset: dict, tokenizer, report: Report):
    """The :class:`core.tokenizer.imported_bpe.ImportedBPE` an asset of kind bpe or byte-bpe is."""
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
    added = tuple(AddedToken(name, i) for name, i in tokenizer.specials)
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
    return ImportedBPE.build(tuple(vocab), merges, added=added, pre_tokenizer=pre,
                              decoder={"type": "byte_level"})
