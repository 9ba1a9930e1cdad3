"""GPT-2's ``vocab.json`` + ``merges.txt``: written by HF ``tokenizers``
(``Model.save``), read here and by ``BPE.from_file`` (the oracle, with
GPT-2's byte-level pipeline, which the files do not record)."""

import json

import pytest

pytest.importorskip("tokenizers")
from tokenizers import Tokenizer, decoders, models, pre_tokenizers  # noqa: E402

from core.errors import AssetError  # noqa: E402
from core.formats import detect_format, import_file  # noqa: E402
from core.formats.gpt2_files import merges_path  # noqa: E402
from test_formats_common import MULTILINGUAL, PROBES  # noqa: E402
from test_formats_hf import EXTRA, train_byte_level  # noqa: E402


def saved(tmp_path):
    return [tmp_path / name for name in ("vocab.json", "merges.txt")], train_byte_level().model.save(str(tmp_path))


def test_gpt2_files_import_with_the_ids_of_hf_reading_them(tmp_path):
    (vocab, merges), _ = saved(tmp_path)
    assert detect_format(vocab) == "gpt2" and merges_path(vocab) == merges
    result = import_file(vocab, "gpt2")
    ours = result.tokenizer
    reference = Tokenizer(models.BPE.from_file(str(vocab), str(merges)))
    reference.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    reference.decoder = decoders.ByteLevel()
    reference.add_special_tokens(["<|endoftext|>"])
    for text in PROBES + EXTRA:
        assert list(ours.encode(text).ids) == reference.encode(text).ids, repr(text)
    assert [a.content for a in ours.added if a.special] == ["<|endoftext|>"]
    assert [f.component for f in result.report.changed] == ["added_tokens"]  # the one convention it adds
    assert len(ours.encode(MULTILINGUAL).ids) > 40


@pytest.mark.parametrize("edit, message", [
    (lambda v, m: v.write_text("[1, 2]", "utf-8"), "not a GPT-2 vocab.json"),
    (lambda v, m: v.write_text(json.dumps({"a": "1"}), "utf-8"), "must be an integer"),
    (lambda v, m: m.write_text("#version: 0.2\na b c\n", "utf-8"), "line 2: expected two tokens"),
    (lambda v, m: m.unlink(), "merges.txt"),
    (lambda v, m: (v.write_text(json.dumps({"▁": 0, "a": 1}), "utf-8"), m.write_text("#version: 0.2\n", "utf-8")),
     "outside GPT-2's byte alphabet"),
    (lambda v, m: m.write_bytes(b"#version: 0.2\n\xff x\n"), "invalid UTF-8"),
])
def test_bad_files_are_one_clear_error(tmp_path, edit, message):
    (vocab, merges), _ = saved(tmp_path)
    edit(vocab, merges)
    with pytest.raises(AssetError, match=message):
        import_file(vocab, "gpt2")


# ---- OpenAI's names, and telling vocab.bpe from subword-nmt codes (issue 21, failure 5) ----

def openai_named(tmp_path):
    """The pair under OpenAI's names: encoder.json (token -> ID) and vocab.bpe (the merges)."""
    (vocab, merges), _ = saved(tmp_path)
    encoder, bpe = vocab.rename(tmp_path / "encoder.json"), merges.rename(tmp_path / "vocab.bpe")
    return encoder, bpe


def reference_for(vocab, merges):
    reference = Tokenizer(models.BPE.from_file(str(vocab), str(merges)))
    reference.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    reference.decoder = decoders.ByteLevel()
    reference.add_special_tokens(["<|endoftext|>"])
    return reference


@pytest.mark.parametrize("dropped", ["encoder.json", "vocab.bpe"])
def test_openai_names_are_detected_and_import_as_gpt2(tmp_path, dropped):
    encoder, bpe = openai_named(tmp_path)
    path = tmp_path / dropped
    assert detect_format(path) == "gpt2"
    ours = import_file(path, "gpt2").tokenizer
    reference = reference_for(encoder, bpe)
    for text in PROBES + EXTRA + ["Hello world"]:
        assert list(ours.encode(text).ids) == reference.encode(text).ids, repr(text)
    assert ours.pre_tokens("Hello world") == ["Hello", "Ġworld"]  # GPT-2's split, no </w>


def test_gpt2_merges_beside_vocab_json_are_gpt2_too(tmp_path):
    (vocab, merges), _ = saved(tmp_path)
    bpe = merges.rename(tmp_path / "vocab.bpe")  # vocab.json + vocab.bpe
    assert detect_format(bpe) == "gpt2"
    assert list(import_file(bpe, "gpt2").tokenizer.encode("Hello world").ids) == \
        reference_for(vocab, bpe).encode("Hello world").ids


def test_byte_level_merges_alone_are_not_subword_nmt_codes(tmp_path):
    _, bpe = openai_named(tmp_path)
    (tmp_path / "encoder.json").unlink()
    assert detect_format(bpe) == "gpt2"  # by content: Ġ and no </w>
    with pytest.raises(AssetError, match="--format gpt2"):
        import_file(bpe, "subword-nmt")
    with pytest.raises(AssetError, match="encoder.json"):
        import_file(bpe, "gpt2")


def test_subword_nmt_codes_stay_subword_nmt(tmp_path):
    codes = tmp_path / "codes.bpe"
    codes.write_text("#version: 0.2\nl o\nlo w</w>\ne r</w>\n", "utf-8")
    assert detect_format(codes) == "subword-nmt"
    (tmp_path / "vocab.bpe").write_text(codes.read_text("utf-8"), "utf-8")
    (tmp_path / "vocab.json").write_text("{}", "utf-8")
    assert detect_format(tmp_path / "vocab.bpe") == "subword-nmt"  # </w>: codes, whatever sits beside
