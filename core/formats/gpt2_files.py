"""GPT-2's two files: ``vocab.json`` (token -> ID) and ``merges.txt``.

Reference: OpenAI's ``gpt-2/src/encoder.py`` and HF ``tokenizers``
``BPE::from_file`` / ``Model.save``, which write the same pair (the merges
file starts with ``#version: 0.2``, then one ``left right`` line per merge
in rank order).  Tokens are spelled in GPT-2's byte alphabet (space is
``Ġ``).  The files carry no pipeline, so the import uses GPT-2's: the
byte-level pre-tokenizer with GPT-2's split pattern and no prefix space,
and the byte-level decoder.

``read`` takes either file of a pair: ``vocab.json`` + ``merges.txt`` (also
``gpt2-vocab.json`` + ``gpt2-merges.txt``), as HF writes them, or
``encoder.json`` + ``vocab.bpe``, as OpenAI's release names them (the
``.bpe`` file is the merges, despite its name).  The other file is the
sibling of the matching name, or ``merges=PATH``.  :func:`looks_byte_level`
tells GPT-2 merges from subword-nmt codes, which share the ``#version: 0.2``
header: only GPT-2's symbols spell a space ``Ġ`` and only subword-nmt's end
words with ``</w>``.

Deviations (reported): a vocabulary entry that is neither one byte
character nor made by a merge (``<|endoftext|>``) can never come out of the
model, so it becomes a special added token, matched wherever its text
occurs, as GPT-2's tokenizer in ``transformers`` treats it.  A vocabulary
with characters outside the byte alphabet is refused: such files come from
other pipelines (save their ``tokenizer.json`` instead).
"""

from __future__ import annotations

from pathlib import Path

from core import assets
from core.errors import AssetError, excerpt
from core.formats.common import Imported, decode_text, finish, read_bytes, trainer_for
from core.formats import hf_json
from core.formats.report import Report
from core.pipeline.text_pipeline import BYTE_CHARS
from core.sidecars import PAIRS, merges_path, vocab_path

HEADER = "#version:"
PRE_TOKENIZER = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
DECODER = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": True}
BYTE_SET = frozenset(BYTE_CHARS.values())


def looks_byte_level(text: str) -> bool:
    """Merge lines in GPT-2's byte alphabet with a ``Ġ`` (space) in some
    symbol and no subword-nmt ``</w>``."""
    body = text.split("\n", 1)[1] if text.startswith(HEADER) else text
    return "</w>" not in body and "\u0120" in body and all(ch in BYTE_SET or ch in " \r\n" for ch in body)


def parse_merges(text: str, path) -> list[list[str]]:
    merges = []
    for number, line in enumerate(text.split("\n"), start=1):
        line = line.rstrip("\r")
        if not line or (number == 1 and line.startswith(HEADER)):
            continue
        parts = line.split(" ")
        if len(parts) != 2 or not all(parts):
            raise AssetError(f"{path}: line {number}: expected two tokens separated by one space, "
                             f"found {excerpt(line)}")
        merges.append(parts)
    return merges


def read(path, *, pattern=None, merges=None, **_options) -> Imported:
    if merges is None and Path(path).name.endswith(tuple(m for _, m in PAIRS)):
        # the merges file was given (dropped): its vocabulary is the sibling
        vocab = vocab_path(path)
        if vocab is None:
            raise AssetError(f"{path}: GPT-2's merges need their vocabulary beside them "
                             f"({', '.join(v for v, _ in PAIRS)})")
        path, merges = vocab, path
    vocab_data = read_bytes(path)
    try:
        vocab = assets.parse_json(vocab_data)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    if not isinstance(vocab, dict) or not vocab:
        raise AssetError(f"{path}: not a GPT-2 vocab.json (expected an object token -> ID)")
    for token, token_id in vocab.items():
        if type(token_id) is not int or token_id < 0:
            raise AssetError(f"{path}: the ID of {excerpt(token)} must be an integer >= 0, not {excerpt(token_id)}")
    other = Path(merges) if merges is not None else merges_path(path)
    merges_data = read_bytes(other)
    merge_list = parse_merges(decode_text(merges_data, other), other)
    report = Report("import", "gpt2", f"{Path(path).name} + {other.name}")
    made = {left + right for left, right in merge_list}
    specials = [t for t in vocab if len(t) > 1 and t not in made]
    unreachable = set(specials)
    for token in vocab:
        if token not in unreachable and any(ch not in BYTE_SET for ch in token):
            raise AssetError(f"{path}: {excerpt(token)} has characters outside GPT-2's byte alphabet: these files "
                             "are not a byte-level BPE (import the tokenizer's tokenizer.json instead)")
    spec = {"model": {"type": "BPE", "vocab": vocab, "merges": merge_list},
            "added_tokens": [{"id": vocab[t], "content": t, "special": True, "normalized": False} for t in specials],
            "pre_tokenizer": PRE_TOKENIZER, "decoder": DECODER}
    try:
        asset = hf_json.convert(spec, report)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    report.keep("pre_tokenizer", "the files carry no pipeline: GPT-2's byte-level split (its regex, no prefix "
                "space) and byte-level decoder are used")
    if specials:
        report.change("added_tokens", f"{len(specials)} vocabulary entries no merge makes "
                      f"({', '.join(map(excerpt, specials[:3]))}) become special tokens, matched wherever their "
                      "text occurs, as GPT-2's tokenizer does")
    # Both files are the source: hash them as one, the vocabulary first.
    asset["trainer"] = trainer_for("gpt2", path, vocab_data + b"\n" + merges_data, merges_source=other.name)
    return finish(asset, report, path)
