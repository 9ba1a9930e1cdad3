"""BERT vocab.txt: the vocabulary of an HF-trained WordPiece, written one
token per line, imported with the BERT BasicTokenizer it assumes."""

import pytest

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers  # noqa: E402

from core import assets
from core.assets import identity  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from test_formats_common import PROBES  # noqa: E402
from test_formats_hf import train_wordpiece  # noqa: E402


def vocab_file(tok, path):
    vocab = tok.get_vocab()
    path.write_text("\n".join(sorted(vocab, key=vocab.get)) + "\n", "utf-8")
    return path


def bert(path, lowercase, max_chars=100):
    tok = Tokenizer(models.WordPiece.from_file(str(path), unk_token="[UNK]", max_input_chars_per_word=max_chars))
    tok.normalizer = normalizers.BertNormalizer(lowercase=lowercase)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return tok


@pytest.mark.parametrize("cased", [False, True])
def test_vocab_txt_imports_with_identical_ids(tmp_path, cased):
    path = vocab_file(train_wordpiece(lowercase=not cased), tmp_path / "vocab.txt")
    result = import_file(path, "bert-vocab", cased=cased)
    ours = assets.build_tokenizer(result.asset)
    oracle = bert(path, lowercase=not cased)
    for text in PROBES + ["x" * 150]:
        assert list(ours.encode(text).ids) == oracle.encode(text).ids, repr(text)
    assert any("assumed" in f.detail for f in result.report.changed)


def test_vocab_txt_round_trips(tmp_path):
    path = vocab_file(train_wordpiece(), tmp_path / "vocab.txt")
    result = import_file(path, "bert-vocab")
    out = tmp_path / "again.txt"
    report = export_asset(result.asset, assets.build_tokenizer(result.asset), "bert-vocab", out)
    assert out.read_bytes() == path.read_bytes()
    assert {f.component for f in report.not_representable} == {"normalizer", "model"}
    assert identity.from_dict(import_file(out, "bert-vocab").asset).identity.interface_sha256 == \
        identity.from_dict(result.asset).identity.interface_sha256


def test_a_cased_looking_vocabulary_is_pointed_out(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("[PAD]\n[UNK]\nHello\nworld\n##s\n", "utf-8")
    result = import_file(path, "bert-vocab")
    assert any("--cased" in f.detail and "upper-case" in f.detail for f in result.report.changed)


@pytest.mark.parametrize("text, words", [
    ("[UNK]\na\n\nb\n", ["line 3", "empty"]),
    ("[UNK]\na\nb\na\n", ["line 4", "repeats line 2"]),
    ("a\nb\n", ["[UNK]", "not in the vocabulary"]),
])
def test_bad_vocab_files_give_one_clear_error(tmp_path, text, words):
    path = tmp_path / "vocab.txt"
    path.write_text(text, "utf-8")
    with pytest.raises(AssetError) as caught:
        import_file(path, "bert-vocab")
    for word in words:
        assert word in str(caught.value)


def test_invalid_utf8_names_line_and_offset(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_bytes(b"[UNK]\nab\n\xff\n")
    with pytest.raises(AssetError, match="line 3: invalid UTF-8 at byte offset 9"):
        import_file(path, "bert-vocab")


def test_vocab_txt_matches_hf_bert_on_its_edge_cases(tmp_path):
    """Issue 21, failure 3: what BertTokenizerFast makes of a vocab.txt."""
    from tokenizers import decoders

    from test_formats_hf import BERT_TEXTS, assert_bert_like, bert_hf

    path = vocab_file(bert_hf(), tmp_path / "vocab.txt")
    result = import_file(path, "bert-vocab")
    ours = assets.build_tokenizer(result.asset)
    oracle = bert(path, lowercase=True)
    oracle.decoder = decoders.WordPiece(cleanup=True)
    oracle.add_special_tokens(["[UNK]", "[SEP]", "[PAD]", "[CLS]", "[MASK]"])
    assert_bert_like(ours, oracle, BERT_TEXTS + PROBES)
    changed = " ".join(f.detail for f in result.report.changed)
    assert "[CLS]" in changed and "cleanup" in changed and "assumed" in changed  # what vocab.txt does not say
