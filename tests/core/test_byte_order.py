"""The base-byte ID order of each kind of tokenizer, on models built here."""

import pytest

from core.inspect import byte_order
from core.assets import classroom
from core.inspect.byte_order import detect
from core.pipeline.text_pipeline import BYTE_CHARS
from test_stages import imported  # noqa: F401  (also makes the HF helpers importable)


def test_our_byte_bpe_is_raw_from_zero():
    order = detect(classroom.default_tokenizer(), "byte-bpe")
    assert order.kind == "raw" and order.ids == tuple(range(256)) and order.first == 0
    assert order.spellings[ord("a")] == "a" and order.spellings[0xE4] == "\\xe4"
    assert "raw byte order" in order.description


def test_minbpe_import_is_raw(tmp_path):
    from test_formats_common import TRAIN
    from test_formats_minbpe import RegexTokenizer

    reference = RegexTokenizer("", {})
    reference.train("\n".join(TRAIN), 256 + 5)
    reference.save(tmp_path / "tok.model")
    kind, model = imported(tmp_path / "tok.model", "minbpe")
    order = detect(model, kind)
    assert order.kind == "raw" and order.ids[0x20] == 0x20 and order.spellings[0x20] == "Ġ"


def test_tiktoken_gpt2_ranks_are_printable_first(tmp_path, monkeypatch):
    pytest.importorskip("tiktoken")
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "cache"))
    from test_formats_tiktoken import gpt2_ordered_ranks, write_ranks

    write_ranks(tmp_path / "r.tiktoken", gpt2_ordered_ranks())
    kind, model = imported(tmp_path / "r.tiktoken", "tiktoken", pattern="cl100k")
    order = detect(model, kind)
    assert order.kind == "gpt2" and order.ids[ord("!")] == 0 and order.ids[0x20] == 220 and order.ids[0] == 188
    assert "space is 'Ġ' = 220" in order.description


def test_hf_byte_level_vocabulary_is_printable_first_after_its_special(tmp_path):
    from test_formats_hf import save, train_byte_level

    kind, model = imported(save(train_byte_level(), tmp_path))
    order = detect(model, kind)
    assert order.kind == "gpt2" and order.first == 1 and order.ids[ord("!")] == 1
    assert [order.spellings[b] for b in (0x21, 0x20, 0x0A)] == ["!", BYTE_CHARS[0x20], "Ċ"]


@pytest.mark.parametrize("model_type", ["unigram", "bpe"])
def test_sentencepiece_byte_pieces_follow_the_meta_pieces(tmp_path, model_type):
    pytest.importorskip("sentencepiece")
    from test_formats_spm import train

    path, sp = train(tmp_path, model_type, byte_fallback=True)
    kind, model = imported(path, "spm")
    order = detect(model, kind)
    assert order.kind == "sentencepiece" and order.meta == ("<unk>", "<s>", "</s>")
    assert order.ids == tuple(sp.piece_to_id(f"<0x{b:02X}>") for b in range(256)) and order.first == 3
    path, _ = train(tmp_path, model_type)
    assert detect(imported(path, "spm")[1], imported(path, "spm")[0]).kind == "none"


def test_character_models_have_no_byte_tokens_and_odd_orders_are_named():
    from core.workspace import workspace
    from core.tokenizer.imported_bpe import ImportedBPE

    assert detect(workspace.Workspace.example().model, "char-bpe").kind == "none"
    reversed_ids = ImportedBPE.build(tuple((BYTE_CHARS[b], 255 - b) for b in range(256)), (),
                                     pre_tokenizer={"type": "byte_level", "add_prefix_space": False, "use_regex": False})
    assert detect(reversed_ids, "bpe").kind == "permuted"
    half = ImportedBPE.build(tuple((BYTE_CHARS[b], b) for b in range(128)), (),
                             pre_tokenizer={"type": "byte_level", "add_prefix_space": False, "use_regex": False})
    order = detect(half, "bpe")
    assert order.kind == "partial" and order.ids[200] is None and "128 of the 256" in order.description
    assert byte_order.ByteOrder("none", (None,) * 256, (None,) * 256, None, ()).description.startswith("no byte")
