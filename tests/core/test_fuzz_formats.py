"""Fuzzed imports of every foreign format: each file starts valid (written
by the real library, or by our exporter where the library only reads) and
is then mutated.  An import either works, and the tokenizer it gives
encodes and decodes a probe, or fails with one clear AssetError."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr

import pytest
from hypothesis import given
from hypothesis import strategies as st

tokenizers = pytest.importorskip("tokenizers")
spm = pytest.importorskip("sentencepiece")
pytest.importorskip("subword_nmt")

from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers, trainers  # noqa: E402

from core import assets
from core.pipeline import bert_basic
from core.assets import classroom
from core.models import byte_bpe, wordpiece  # noqa: E402
from core.corpus import WordCorpus  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from tests.fuzzing import assert_clean, fuzz_settings, mutated_bytes, mutated_json  # noqa: E402

PROBE = "Beautiful is better than ugly. 分词器 🙂 low lower newest\t\n  x"
TRAIN = ["low lower newest widest", "Beautiful is better than ugly.", "分词器把文本切成片段。", "🙂 🎉 ok"] * 8
BERT_OPTIONS = ({}, {"cased": True})


def _hf_split() -> bytes:
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(r"\p{L}+|\p{N}+| ?[^\s\p{L}\p{N}]+|\s+"), "isolated"),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(TRAIN, trainers.BpeTrainer(
        vocab_size=300, special_tokens=["<|endoftext|>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False))
    return tok.to_str().encode()


def _hf_wordpiece() -> bytes:
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    from tokenizers import normalizers

    tok.normalizer = normalizers.BertNormalizer()
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    tok.train_from_iterator(TRAIN, trainers.WordPieceTrainer(vocab_size=80, special_tokens=["[UNK]"],
                                                             show_progress=False))
    return tok.to_str().encode()


def _spm(tmp, model_type) -> bytes:
    text = tmp / "train.txt"
    text.write_text("\n".join(TRAIN) + "\n", "utf-8")
    prefix = tmp / model_type
    spm.SentencePieceTrainer.train(input=str(text), model_prefix=str(prefix), model_type=model_type, vocab_size=60,
                                   normalization_rule_name="nfkc",
                                   hard_vocab_limit=False, minloglevel=2, num_threads=1)
    return prefix.with_suffix(".model").read_bytes()


def _subword_nmt() -> bytes:
    from subword_nmt.learn_bpe import learn_bpe

    out = io.StringIO()
    with redirect_stderr(io.StringIO()):
        learn_bpe(io.StringIO("\n".join(TRAIN) + "\n"), out, 40, min_frequency=2)
    return out.getvalue().encode()


def _exported(tmp) -> dict:
    """tiktoken ranks and a BERT vocab.txt, written by our exporters (the
    libraries have no writer we can call offline)."""
    records = classroom.records()
    asset = assets.byte_bpe_to_asset(byte_bpe.train(records, 12), records=records)
    export_asset(asset, assets.build_tokenizer(asset), "tiktoken", tmp / "r.tiktoken")
    words = WordCorpus.from_pairs([("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)])
    wp = assets.wordpiece_to_asset(wordpiece.train(words, vocab_size=25, basic=bert_basic.BasicTokenizer()))
    export_asset(wp, assets.build_tokenizer(wp), "bert-vocab", tmp / "vocab.txt")
    return {"tiktoken": (tmp / "r.tiktoken").read_bytes(), "bert-vocab": (tmp / "vocab.txt").read_bytes()}


# minbpe is not a package; this is the text its save() writes (karpathy/minbpe base.py).
MINBPE = ("minbpe v1\n'(?:[sdmt]|ll|ve|re)| ?\\p{L}+| ?\\p{N}+| ?[^\\s\\p{L}\\p{N}]+|\\s+(?!\\S)|\\s+\n1\n"
          "<|endoftext|> 260\n108 111\n256 119\n257 101\n110 101\n").encode()


def seeds(tmp) -> dict[str, tuple[bytes, ...]]:
    exported = _exported(tmp)
    return {
        "hf": (_hf_split(), _hf_wordpiece()),
        "spm": (_spm(tmp, "unigram"), _spm(tmp, "bpe")),
        "subword-nmt": (_subword_nmt(),),
        "minbpe": (MINBPE,),
        "tiktoken": (exported["tiktoken"],),
        "bert-vocab": (exported["bert-vocab"],),
    }


@pytest.fixture(scope="module")
def seed_files(tmp_path_factory):
    return seeds(tmp_path_factory.mktemp("seeds"))


NAMES = {"hf": "tokenizer.json", "spm": "m.model", "subword-nmt": "codes.bpe", "minbpe": "m.model",
         "tiktoken": "r.tiktoken", "bert-vocab": "vocab.txt"}
OPTIONS = {"tiktoken": {"pattern": "cl100k"}}


def import_and_use(path, fmt, **options):
    """Import, then use what came out: save it, reopen it, encode and decode a probe."""
    result = import_file(path, fmt, **{**OPTIONS.get(fmt, {}), **options})
    saved = path.with_name("imported.json")
    assets.save_asset(saved, result.asset)
    _, tokenizer = assets.load_tokenizer(saved)
    encoding = tokenizer.encode(PROBE)
    tokenizer.decode(list(encoding.ids))
    result.report.lines()
    return result


def check(tmp_path, fmt, data, **options):
    path = tmp_path / NAMES[fmt]
    path.write_bytes(data)
    return assert_clean(import_and_use, path, fmt, **options)


def test_every_seed_imports(seed_files, tmp_path):
    for fmt, files in seed_files.items():
        for data in files:
            assert check(tmp_path, fmt, data) is not None, fmt


@pytest.mark.parametrize("fmt", list(NAMES))
def test_mutated_files_import_or_fail_clearly(seed_files, tmp_path, fmt):
    @fuzz_settings()
    @given(st.data())
    def run(data):
        check(tmp_path, fmt, data.draw(mutated_bytes(seed_files[fmt])),
              **(data.draw(st.sampled_from(BERT_OPTIONS)) if fmt == "bert-vocab" else {}))

    run()


def test_mutated_tokenizer_json_structure(seed_files, tmp_path):
    texts = tuple(d.decode() for d in seed_files["hf"])

    @fuzz_settings(2)
    @given(mutated_json(texts))
    def run(data):
        check(tmp_path, "hf", data)

    run()


def test_mutated_tiktoken_sidecar(seed_files, tmp_path):
    (tmp_path / "r.tiktoken").write_bytes(seed_files["tiktoken"][0])
    sidecar = json.dumps({"special_tokens": {"<|endoftext|>": 500}, "pattern_name": "gpt2"})

    @fuzz_settings(0.5)
    @given(mutated_json((sidecar,)))
    def run(data):
        (tmp_path / "s.json").write_bytes(data)
        assert_clean(import_and_use, tmp_path / "r.tiktoken", "tiktoken", pattern=None, specials=tmp_path / "s.json")

    run()


def test_a_catastrophic_split_regex_is_a_clear_error_not_a_hang(tmp_path, monkeypatch):
    """``(a|aa)+$`` backtracks exponentially, in HF's Oniguruma as in
    ``regex``: the file imports, ordinary text encodes, and the text that
    would hang stops with an error naming the pattern."""
    from core.pipeline import guarded_regex
    from core.errors import TokenizerError

    monkeypatch.setattr(guarded_regex, "REGEX_SECONDS", 0.2)  # the budget, not a speed assertion
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Split(Regex("(a|aa)+$"), "isolated"),
                                                 pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)])
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(["banana bread", "aa a"], trainers.BpeTrainer(
        vocab_size=270, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False))
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    model = assets.build_tokenizer(import_file(path, "hf").asset)
    assert list(model.encode("banana aa").ids) == tok.encode("banana aa").ids
    with pytest.raises(TokenizerError, match=r"pre_tokenizer.*\(a\|aa\)\+\$.*took too long on a text of 41 characters"):
        model.encode("a" * 40 + "!")


WRONG = ([1], {"x": 1}, None, "x", -1, 1.5, True)


def _places(value, path=()):
    """Every place in a JSON value, a few children of each long list or object."""
    children = list(value.items()) if isinstance(value, dict) else list(enumerate(value)) \
        if isinstance(value, list) else []
    for key, child in children[:2] + children[2:][-1:]:
        yield path + (key,)
        yield from _places(child, path + (key,))


def test_every_place_of_a_tokenizer_json_given_a_wrong_type_fails_clearly(seed_files, tmp_path):
    """Not drawn at random: each place of both seed files, with each wrong
    JSON type, imports or fails in one clear line (a list where the model's
    type name stood raised TypeError once)."""
    tried = 0
    for text in seed_files["hf"]:
        spec = json.loads(text)
        for place in _places(spec):
            for wrong in WRONG:
                changed = json.loads(text)
                holder = changed
                for key in place[:-1]:
                    holder = holder[key]
                holder[place[-1]] = wrong
                check(tmp_path, "hf", json.dumps(changed).encode())
                tried += 1
    assert tried >= 150  # 24 places, 7 types each
