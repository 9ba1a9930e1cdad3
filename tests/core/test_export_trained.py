"""What ``train`` makes exports, and the real library reads it to the same IDs;
which formats cannot hold it is known before a file is chosen."""


import pytest

from core import assets
from core.cli.main import main
from core.formats import export_asset
from core.formats.exportable import export_reasons
from core.tokenizer import wrap

RECORDS = ["low lower newest widest", "héllo 中文 wörld", "low low 🙂 naïve café", "the new lower low",
           "中文 tokenizer 中文 分词", "привет мир привет", "the lower the newer widest lowest"]
TEXTS = ["lower newest 中文", "héllo wörld 🙂", "привет the low", "naïve café"]


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    folder = tmp_path_factory.mktemp("trained")
    corpus = folder / "r.txt"
    corpus.write_text("\n".join(RECORDS) + "\n", encoding="utf-8")
    out = {}
    for algo, size in (("byte-bpe", ["--merges", "30", "--specials", ""]), ("wordpiece", ["--vocab-size", "70"]),
                       ("unigram", ["--vocab-size", "70"])):
        path = folder / f"{algo}.json"
        assert main(["train", str(corpus), "--algo", algo, *size, "-o", str(path)]) == 0
        out[algo] = assets.load_tokenizer(path)
    return out


def ids(tokenizer, text):
    return tokenizer.encode(text).ids


def test_byte_bpe_to_hf_and_tiktoken(trained, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    tiktoken = pytest.importorskip("tiktoken")
    asset, model = trained["byte-bpe"]
    ours = wrap("byte-bpe", model)
    export_asset(asset, model, "hf", tmp_path / "t.json")
    hf = tokenizers.Tokenizer.from_file(str(tmp_path / "t.json"))
    export_asset(asset, model, "tiktoken", tmp_path / "t.tiktoken")
    import base64
    ranks = {base64.b64decode(t): int(r) for t, r in (l.split() for l in (tmp_path / "t.tiktoken").read_text().splitlines())}
    enc = tiktoken.Encoding("t", pat_str=r"[\s\S]+", mergeable_ranks=ranks, special_tokens={})
    for text in TEXTS:
        assert hf.encode(text).ids == list(ours.encode(text).ids) == enc.encode(text), text


def test_wordpiece_to_hf_and_vocab_txt(trained, tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    asset, model = trained["wordpiece"]
    ours = wrap("wordpiece", model)
    export_asset(asset, model, "hf", tmp_path / "wp.json")
    hf = tokenizers.Tokenizer.from_file(str(tmp_path / "wp.json"))
    export_asset(asset, model, "bert-vocab", tmp_path / "vocab.txt")
    lines = (tmp_path / "vocab.txt").read_text(encoding="utf-8").splitlines()
    assert lines == list(model.vocab)
    for text in TEXTS:
        assert hf.encode(text).ids == list(ours.encode(text).ids), text


def test_unigram_to_sentencepiece_and_hf(trained, tmp_path):
    spm = pytest.importorskip("sentencepiece")
    tokenizers = pytest.importorskip("tokenizers")
    asset, model = trained["unigram"]
    ours = wrap("unigram", model)
    export_asset(asset, model, "spm", tmp_path / "u.model")
    sp = spm.SentencePieceProcessor(model_file=str(tmp_path / "u.model"))
    export_asset(asset, model, "hf", tmp_path / "u.json")
    hf = tokenizers.Tokenizer.from_file(str(tmp_path / "u.json"))
    assert (tmp_path / "u.vocab").exists()
    for text in TEXTS:
        assert sp.encode(text) == list(ours.encode(text).ids) == hf.encode(text).ids, text


def test_reasons_are_known_before_a_file_is_chosen(trained):
    asset, model = trained["wordpiece"]
    reasons = export_reasons(asset, model)
    assert reasons["hf"] is None and reasons["bert-vocab"] is None
    assert "not a BPE model" in reasons["tiktoken"]
    asset, model = trained["byte-bpe"]
    reasons = export_reasons(asset, model)
    assert reasons["hf"] is None and reasons["tiktoken"] is None and reasons["spm"]


def test_char_bpe_refusal_does_not_contradict_itself(tmp_path):
    table = tmp_path / "t.tsv"
    table.write_text("low\t2\nlower\t1\nnew\t1\n", encoding="utf-8")
    assert main(["train", str(table), "--merges", "4", "-o", str(tmp_path / "c.json")]) == 0
    asset, model = assets.load_tokenizer(tmp_path / "c.json")
    reasons = export_reasons(asset, model)
    for fmt in ("tiktoken", "minbpe"):
        assert "is not a BPE model" not in reasons[fmt] and "separate </w>" in reasons[fmt]
    assert reasons["subword-nmt"] is None  # version 0.1 codes hold the separate </w>
