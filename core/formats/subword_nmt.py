"""subword-nmt merge codes (``#version: 0.2``; Sennrich et al. 2016).

Reference: subword-nmt 0.3.8 ``apply_bpe.py`` (``encode``): each word is
split into characters with ``</w>`` glued to the last one, the merge with
the lowest line number among adjacent pairs is applied to all its
occurrences left to right, until none applies; the output drops ``</w>``
and writes ``@@`` after every piece that does not end a word.  A
one-character word is left as it is, which is also what merging gives.
Words are the line split at single spaces (``line.strip('\\r\\n ').split(' ')``).

Deviations (reported): the codes have no IDs, so the import numbers
``<unk>`` 0, then every character of the codes in both spellings (``c`` and
``c</w>``) and every merge result, in order of first appearance; a character
the codes never mention becomes ``<unk>`` here (subword-nmt passes it
through); a carriage return inside a line separates words here.

Version 0.1 codes (no header; ``</w>`` is a symbol of its own, appended to
the word, and ``w </w>`` is a merge like any other) are what our char-bpe
is, so a char-bpe asset exports to them and they import as one.  apply_bpe
reads them the same way (``version == (0, 1)``: ``tuple(orig) + ('</w>',)``)
and drops a final lone ``</w>`` or the one ending the last piece.
GPT-2's byte-level merges (``vocab.bpe``), which share the ``#version``
header, are refused here (``--format gpt2`` reads them).
"""

from __future__ import annotations

from pathlib import Path

from core import assets
from core.errors import AssetError, StudioError, excerpt
from core.fileio import write_bytes_atomic
from core.formats.common import Imported, as_bpe, decode_text, finish, read_bytes, trainer_for
from core.formats.report import Report
from core.formats.gpt2_files import looks_byte_level
from core.models import char_bpe
from core.tokenizer.imported_bpe import ImportedBPE

SUFFIX = "</w>"
HEADER = "#version: 0.2"
PRE_TOKENIZER = {"type": "split", "pattern": {"regex": "[ \r\n]"}, "behavior": "removed", "invert": False}
DECODER = {"type": "bpe_suffix", "suffix": SUFFIX}
UNK = "<unk>"


def parse_codes(text: str, path) -> list[tuple[str, str]]:
    lines = text.rstrip("\n").split("\n")
    if not lines or not lines[0].startswith("#version:"):
        raise AssetError(f"{path}: line 1: no '#version: 0.2' header")
    if lines[0].split()[-1] not in ("0.2", "0.2.0"):
        raise AssetError(f"{path}: line 1: version {excerpt(lines[0].split()[-1])} is not supported (0.2 is)")
    merges, seen = [], {}
    for number, line in enumerate(lines[1:], start=2):
        parts = line.strip("\r\n ").split(" ")
        if len(parts) != 2 or not all(parts):
            raise AssetError(f"{path}: line {number}: expected two symbols separated by one space, found {line[:60]!r}")
        pair = (parts[0], parts[1])
        if pair in seen:
            raise AssetError(f"{path}: line {number}: repeats the merge on line {seen[pair]}")
        if SUFFIX in parts[0] or (SUFFIX in parts[1] and not parts[1].endswith(SUFFIX)):
            raise AssetError(f"{path}: line {number}: {SUFFIX} may only end the right symbol")
        seen[pair] = number
        merges.append(pair)
    return merges


def vocabulary(merges) -> list[str]:
    """<unk>, then each character (bare and with </w>) and each merge result,
    in order of first appearance."""
    out = {UNK: 0}
    for left, right in merges:
        for symbol in (left, right):
            for ch in symbol.removesuffix(SUFFIX):
                out.setdefault(ch, len(out))
                out.setdefault(ch + SUFFIX, len(out))
        out.setdefault(left, len(out))
        out.setdefault(right, len(out))
        out.setdefault(left + right, len(out))
    return list(out)


def read(path, *, pattern=None, **_options) -> Imported:
    data = read_bytes(path)
    text = decode_text(data, path)
    if not text.startswith("#version:"):
        return read_v01(path, data, text)
    merges = parse_codes(text, path)
    if looks_byte_level(text):
        # GPT-2's vocab.bpe has the same header; read as codes it silently
        # splits "Hello world" into "Hell o</w> w or l d</w>".
        raise AssetError(f"{path}: these are GPT-2's byte-level merges (symbols spell a space 'Ġ', no '</w>'), "
                         "not subword-nmt codes: import them with --format gpt2, encoder.json or vocab.json beside")
    vocab = vocabulary(merges)
    try:
        model = ImportedBPE.build(tuple((t, i) for i, t in enumerate(vocab)), tuple(merges), unk=UNK,
                                   end_of_word_suffix=SUFFIX, pre_tokenizer=PRE_TOKENIZER, decoder=DECODER)
    except StudioError as exc:
        raise AssetError.at(str(path), exc) from None
    report = Report("import", "subword-nmt", Path(path).name)
    report.keep("model", f"{len(merges)} merges in line order, {SUFFIX} glued to the last character",
                "subword_nmt.merges", merges=len(merges), suffix=SUFFIX)
    report.change("vocab", f"the codes have no IDs: numbered here <unk> 0, then {len(vocab) - 1} symbols in order "
                  "of first appearance", "subword_nmt.ids", symbols=len(vocab) - 1)
    report.change("model", "a character the codes never mention becomes <unk> here; subword-nmt passes it through",
                  "subword_nmt.unknown")
    report.change("pre_tokenizer", "words split at spaces and line breaks; a carriage return inside a line also "
                  "splits here (subword-nmt keeps it in the word)", "subword_nmt.split")
    asset = assets.bpe_to_asset(model)
    asset["trainer"] = trainer_for("subword-nmt", path, data, library="subword-nmt")
    return finish(asset, report, path)


def segmentation(encoding, separator: str = "@@") -> list[str]:
    """An encoding as apply_bpe writes it: ``</w>`` dropped, ``@@`` after
    every piece that does not end a word, an unknown token as its text."""
    unknown = iter(encoding.unknown)
    out = []
    for token in encoding.tokens:
        if token == UNK:
            token = next(unknown)
        out.append(token[:-len(SUFFIX)] if token.endswith(SUFFIX) else token + separator)
    return out


def write(asset: dict, tokenizer, out, **_options) -> Report:
    report = Report("export", "subword-nmt", asset.get("metadata", {}).get("name") or asset["kind"], str(out))
    report.kind = asset["kind"]
    if asset["kind"] == "char-bpe":
        return write_v01(tokenizer, out, report)
    model = as_bpe(asset, tokenizer, report)
    if model.end_of_word_suffix != SUFFIX or model.continuing_prefix or model.byte_level:
        raise AssetError(f"subword-nmt codes need characters with {SUFFIX} glued to the last one, "
                         "no continuing prefix and no byte mapping")
    if model.ranks is not None and len(set(model.ranks)) != len(model.ranks):
        raise AssetError("merges share ranks; subword-nmt ranks each line on its own")
    bad = next((p for p in model.merges if any(" " in s or "\n" in s for s in p)), None)
    if bad is not None:
        raise AssetError(f"merge {excerpt(bad)} holds a space or line break, which a codes line cannot")
    if model.pre_tokenizer != PRE_TOKENIZER or model.normalizer != {"type": "none"}:
        report.lose("pre_tokenizer", "subword-nmt splits words at spaces itself; this asset's normalizer and "
                    "pre-tokenizer are not kept", "subword_nmt.own_split")
    report.lose("vocab", "token IDs (codes files have none)", "subword_nmt.no_ids")
    if model.added:
        report.lose("added_tokens", ", ".join(a.content for a in model.added))
    lines = [HEADER] + [f"{a} {b}" for a, b in model.merges]
    write_bytes_atomic(out, ("\n".join(lines) + "\n").encode("utf-8"))
    report.keep("model", f"{len(model.merges)} merges", "subword_nmt.export", merges=len(model.merges))
    return report


# ==== version 0.1: </w> a symbol of its own, as our char-bpe ====

def parse_v01(text: str, path) -> list[tuple[str, str]]:
    merges, seen = [], {}
    for number, line in enumerate(text.rstrip("\n").split("\n"), start=1):
        parts = line.strip("\r\n ").split(" ")
        if len(parts) != 2 or not all(parts):
            raise AssetError(f"{path}: line {number}: expected two symbols separated by one space (version 0.1 "
                             f"codes, no header), found {line[:60]!r}")
        pair = (parts[0], parts[1])
        if pair in seen:
            raise AssetError(f"{path}: line {number}: repeats the merge on line {seen[pair]}")
        seen[pair] = number
        merges.append(pair)
    return merges


def read_v01(path, data: bytes, text: str) -> Imported:
    merges = parse_v01(text, path)
    chars = sorted({ch for pair in merges for symbol in pair for ch in _chars(symbol)})
    try:
        model = char_bpe.CharBPE(tuple(chars) + (SUFFIX,), tuple(
            char_bpe.Merge(rank, a, b, a + b, 0) for rank, (a, b) in enumerate(merges, start=1)), end_of_word=SUFFIX)
    except StudioError as exc:  # a symbol no earlier line makes: name the line (= the merge's rank)
        raise AssetError(f"{path}: {exc}; in version 0.1 codes (no header) each symbol is a character, {SUFFIX} "
                         "or the result of an earlier line") from None
    report = Report("import", "subword-nmt", Path(path).name)
    report.keep("model", f"{len(merges)} merges in line order, {SUFFIX} a symbol of its own (version 0.1)",
                "subword_nmt.merges_v01", merges=len(merges), suffix=SUFFIX)
    report.change("vocab", f"the codes have no IDs: numbered here as a char-bpe asset ([UNK], the {len(chars) + 1} "
                  "symbols sorted, then each merge result)", "subword_nmt.ids_v01", symbols=len(chars) + 1)
    report.change("model", "a character the codes never mention becomes [UNK] here; subword-nmt passes it through",
                  "subword_nmt.unknown_v01")
    report.change("pre_tokenizer", "words split at any whitespace here; subword-nmt splits a line at single "
                  "spaces", "subword_nmt.split_v01")
    asset = assets.char_bpe_to_asset(model, name=Path(path).stem)
    asset["trainer"] = trainer_for("subword-nmt", path, data, library="subword-nmt", version="0.1")
    return finish(asset, report, path)


def _chars(symbol: str) -> str:
    # w</w> is the character w and the end-of-word symbol merged
    return symbol.removesuffix(SUFFIX) if symbol != SUFFIX else ""


def write_v01(model, out, report: Report) -> Report:
    """A char-bpe model as version 0.1 codes: one ``left right`` line per
    merge, ``</w>`` written as the symbol it is, no header (a header would
    make apply_bpe glue ``</w>`` to the last character)."""
    if model.end_of_word != SUFFIX:
        raise AssetError(f"the end-of-word symbol is {excerpt(model.end_of_word)}; subword-nmt's is {SUFFIX}")
    seen = {}
    for m in model.merges:
        if any(ch.isspace() for ch in m.left + m.right):
            raise AssetError(f"merge {m.rank} {excerpt(m.pair)} holds whitespace, which a codes line cannot")
        if m.pair in seen:
            raise AssetError(f"merge {m.rank} repeats merge {seen[m.pair]}'s pair; subword-nmt keeps only the first")
        seen[m.pair] = m.rank
    if model.merges and model.merges[0].left.startswith("#version:"):
        raise AssetError("merge 1 starts with '#version:', which apply_bpe would read as a header")
    report.lose("vocab", "token IDs (codes files have none)", "subword_nmt.no_ids")
    report.change("model", "a character the alphabet lacks is [UNK] here; subword-nmt passes it through",
                  "subword_nmt.unknown_v01")
    report.change("pre_tokenizer", "words split at any whitespace here; subword-nmt splits a line at single "
                  "spaces", "subword_nmt.split_v01")
    lines = [f"{m.left} {m.right}" for m in model.merges]
    write_bytes_atomic(out, "".join(line + "\n" for line in lines).encode("utf-8"))
    report.keep("model", f"{len(lines)} merges in rank order, {SUFFIX} a symbol of its own (version 0.1 codes)",
                "subword_nmt.export_v01", merges=len(lines), suffix=SUFFIX)
    return report


def char_segmentation(tokens, separator: str = "@@") -> list[str]:
    """char-bpe tokens as apply_bpe writes them for version 0.1 codes: a
    lone final ``</w>`` dropped, a final piece's ``</w>`` removed, ``@@``
    after every other piece."""
    out = []
    for token in tokens:
        if token == SUFFIX:
            if out:
                out[-1] = out[-1][:-len(separator)]
        elif token.endswith(SUFFIX):
            out.append(token[:-len(SUFFIX)])
        else:
            out.append(token + separator)
    return out
