"""The files a tokenizer file comes with, by name only: GPT-2's vocabulary
and merges files name each other, and an export writes its sidecar beside
the file named.  Nothing here imports a format, so the command line can ask
which files a command reads and writes before (or without) loading one.
"""

from __future__ import annotations

from pathlib import Path

# (vocabulary name ending, merges name ending), tried in this order
PAIRS = (("vocab.json", "merges.txt"), ("encoder.json", "vocab.bpe"))


def merges_path(vocab_path) -> Path:
    """The merges file beside a GPT-2 vocabulary file."""
    path = Path(vocab_path)
    name = path.name
    for vocab_end, merges_end in PAIRS:
        if name.endswith(vocab_end):
            return path.with_name(name[:-len(vocab_end)] + merges_end)
    return path.with_name(path.stem + "-merges.txt")


def vocab_path(merges_file) -> Path | None:
    """The vocabulary beside a GPT-2 merges file (``vocab.bpe`` -> ``encoder.json``
    or ``vocab.json``), or None when there is none on disk."""
    path = Path(merges_file)
    name = path.name
    for vocab_end, merges_end in PAIRS:
        if name.endswith(merges_end):
            stem = name[:-len(merges_end)]
            for candidate in (stem + vocab_end, *(stem + v for v, _ in PAIRS if v != vocab_end)):
                if path.with_name(candidate).is_file():
                    return path.with_name(candidate)
    return None


def export_paths(fmt: str, out) -> list[Path]:
    """Every file ``core.formats.export_asset(..., fmt, out)`` writes: ``out`` and its sidecar, if any."""
    out = Path(out)
    if fmt == "tiktoken":
        return [out, Path(str(out) + ".json")]  # the pattern and specials beside the ranks
    if fmt == "spm":
        return [out, out.with_suffix(".vocab")]  # SentencePiece's pieces-and-scores text
    return [out]
