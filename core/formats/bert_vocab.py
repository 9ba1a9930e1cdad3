"""BERT ``vocab.txt``: one WordPiece token per line, the line number is its ID.

Reference: google-research/bert ``tokenization.py`` (``load_vocab``) and
HF ``WordPiece::read_file``, which keeps each line without its trailing
whitespace.  The file says nothing about casing or the word-length limit,
so the import assumes BERT's uncased BasicTokenizer (``--cased`` turns
lower casing and accent stripping off) with HF's rules where HF and BERT
differ (see :mod:`core.pipeline.bert_basic`), BERT's limit of 200
characters, transformers' special tokens (``[CLS]`` ... matched in text)
and HF's decoder cleanup, and the report says so.  An empty or repeated line is an error naming the
line (BERT would silently give the earlier ID to nobody).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from core import assets
from core.models import wordpiece
from core.pipeline import post_process
from core.pipeline.bert_basic import BasicTokenizer
from core.errors import AssetError, StudioError, excerpt
from core.fileio import write_bytes_atomic
from core.formats.common import Imported, decode_text, finish, read_bytes, trainer_for
from core.formats.report import Report


# transformers' BertTokenizer defaults
SPECIALS = ("[UNK]", "[SEP]", "[PAD]", "[CLS]", "[MASK]")


def read(path, *, pattern=None, cased: bool = False, unk: str = "[UNK]", post_processor: bool = False,
         **_options) -> Imported:
    """``post_processor``: add BERT's ``[CLS] $A [SEP]`` when asked for special
    tokens, as transformers' BertTokenizer does (the shelf's BERT, whose
    model is known; a bare file does not say)."""
    data = read_bytes(path)
    text = decode_text(data, path)
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    tokens, first = [], {}
    for number, line in enumerate(lines, start=1):
        token = line.rstrip()
        if not token:
            raise AssetError(f"{path}: line {number}: empty token (IDs are line numbers, so it cannot be skipped)")
        if token in first:
            raise AssetError(f"{path}: line {number}: {excerpt(token)} repeats line {first[token]}")
        first[token] = number
        tokens.append(token)
    if unk not in first:
        raise AssetError(f"{path}: the unknown token {excerpt(unk)} is not in the vocabulary")
    report = Report("import", "bert-vocab", Path(path).name)
    # HF's BertNormalizer rules, its special tokens and decoder cleanup: what
    # transformers' BertTokenizer(Fast) makes of this file.
    basic = BasicTokenizer(lowercase=not cased, hf=True)
    added = tuple(t for t in SPECIALS if t in first)
    try:
        model = wordpiece.WordPiece(tuple(tokens), unk=unk, basic=basic, added=added, cleanup=True,
                                    max_input_chars_per_word=wordpiece.HF_MAX_CHARS)
    except StudioError as exc:
        raise AssetError.at(str(path), exc) from None
    report.keep("model", f"{len(tokens)} tokens, ID = line number - 1, continuation prefix ##", "bert_vocab.tokens",
                tokens=len(tokens))
    if added:
        report.change("added_tokens", f"not recorded in vocab.txt: {', '.join(added)} assumed special, matched "
                      "in text and skipped by decode as transformers' BertTokenizer does; other bracketed tokens "
                      "([unused0] ...) are ordinary vocabulary", "bert_vocab.specials", tokens=", ".join(added))
    report.change("decoder", "not recorded in vocab.txt: HF's WordPiece decoder with cleanup per token "
                  "(' ,' -> ','); transformers' BertTokenizer cleans the joined string, which also glues "
                  "\" ' \" and \" n't\"", "bert_vocab.cleanup")
    if post_processor and "[CLS]" in first and "[SEP]" in first:
        spec = post_process.parse({"type": "bert", "cls": ["[CLS]", first["[CLS]"] - 1],
                                   "sep": ["[SEP]", first["[SEP]"] - 1]})
        model = replace(model, post_processor=spec)
        report.keep("post_processor", f"{post_process.describe(spec)}, as transformers' BertTokenizer adds them",
                    "bert_vocab.post_processor", template=post_process.describe(spec))
    else:
        report.change("post_processor", "encoding adds no [CLS]/[SEP] (add_special_tokens=False in HF)",
                      "bert_vocab.no_post_processor")
    report.change("normalizer", f"not recorded in vocab.txt: assumed BERT's {'cased' if cased else 'uncased'} "
                  "BasicTokenizer" + ("" if cased else " (lower casing, accent stripping); --cased for cased models"),
                  "bert_vocab.cased" if cased else "bert_vocab.uncased")
    upper = sum(1 for t in tokens if t != t.lower() and not (t.startswith("[") and t.endswith("]")))
    if upper and not cased:
        report.change("normalizer", f"{upper} tokens have upper-case letters, which lower-cased input never "
                      "reaches: this looks like a cased vocabulary (import with --cased)", "bert_vocab.upper",
                      count=upper)
    report.change("model", f"max_input_chars_per_word not recorded: {wordpiece.HF_MAX_CHARS}, as transformers' "
                  f"BertTokenizer(Fast) and HF tokenizers use (Google's BERT code used {wordpiece.BERT_MAX_CHARS}): "
                  f"a longer word is [UNK]", "bert_vocab.max_chars", bert=wordpiece.BERT_MAX_CHARS,
                  hf=wordpiece.HF_MAX_CHARS)
    asset = assets.wordpiece_to_asset(model)
    asset["trainer"] = trainer_for("bert-vocab", path, data)
    return finish(asset, report, path)


def write(asset: dict, tokenizer, out, **_options) -> Report:
    if asset["kind"] != "wordpiece":
        raise AssetError(f"vocab.txt holds a WordPiece vocabulary, not a {asset['kind']} asset")
    report = Report("export", "bert-vocab", asset.get("metadata", {}).get("name") or "wordpiece", str(out))
    report.kind = "wordpiece"
    bad = next((t for t in tokenizer.vocab if "\n" in t or "\r" in t or t != t.rstrip()), None)
    if bad is not None:
        raise AssetError(f"token {excerpt(bad)} ends in whitespace or holds a line break; vocab.txt cannot hold it")
    if tokenizer.prefix != "##":
        report.lose("boundary", f"the continuation prefix {excerpt(tokenizer.prefix)} (vocab.txt readers assume ##)",
                    "bert_vocab.prefix", prefix=excerpt(tokenizer.prefix))
    basic = tokenizer.basic
    if basic:
        report.lose("normalizer", f"BasicTokenizer options {basic.describe()}", "bert_vocab.basic_options",
                    options=str(basic.describe()))
    else:
        report.lose("normalizer", "BasicTokenizer options (none: whitespace only)", "bert_vocab.no_basic")
    report.lose("model", f"max_input_chars_per_word {tokenizer.max_input_chars_per_word}", "bert_vocab.lost_max_chars",
                limit=tokenizer.max_input_chars_per_word)
    missing = [t for t in SPECIALS if t not in tokenizer.ids]
    if missing:
        report.change("specials", f"{', '.join(missing)} not in the vocabulary: transformers' BertTokenizer and "
                      "HF's BertWordPieceTokenizer expect BERT's five specials and refuse or misread a file without "
                      "them (train with the default --specials)", "bert_vocab.missing_specials",
                      tokens=", ".join(missing))
    write_bytes_atomic(out, ("\n".join(tokenizer.vocab) + "\n").encode("utf-8"))
    report.keep("model", f"{len(tokenizer.vocab)} tokens, one per line in ID order", "bert_vocab.export",
                tokens=len(tokenizer.vocab))
    return report
