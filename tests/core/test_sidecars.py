"""core.sidecars: the files a tokenizer file comes with, named without
importing any format (the command line checks them before loading one)."""

from pathlib import Path

from core import formats, sidecars
from core.formats import gpt2_files


def test_gpt2_names_pair_up(tmp_path):
    assert sidecars.merges_path(tmp_path / "vocab.json") == tmp_path / "merges.txt"
    assert sidecars.merges_path(tmp_path / "x-encoder.json") == tmp_path / "x-vocab.bpe"
    assert sidecars.vocab_path(tmp_path / "vocab.bpe") is None  # none on disk
    (tmp_path / "vocab.json").write_text("{}")
    assert sidecars.vocab_path(tmp_path / "vocab.bpe") == tmp_path / "vocab.json"
    assert sidecars.vocab_path(tmp_path / "merges.txt") == tmp_path / "vocab.json"


def test_the_gpt2_reader_names_files_through_sidecars():
    assert gpt2_files.merges_path is sidecars.merges_path and gpt2_files.vocab_path is sidecars.vocab_path


def test_export_paths_name_each_sidecar():
    assert formats.export_paths is sidecars.export_paths
    assert sidecars.export_paths("tiktoken", "a.tiktoken") == [Path("a.tiktoken"), Path("a.tiktoken.json")]
    assert sidecars.export_paths("spm", "a.model") == [Path("a.model"), Path("a.vocab")]
    assert sidecars.export_paths("hf", "t.json") == [Path("t.json")]
