"""The IDs-only path of imported BPE and its Encoding without the
inspector: each gives exactly what the plain path gives, and the IDs equal
the real library's.

Every tokenizer is trained or built here from small texts (nothing is
downloaded): byte-level BPE files in the shapes GPT-2 (ByteLevel with its
regex), Llama 3 (a Split regex, then ByteLevel) and o200k (Split with
``Removed`` + ``invert``) write, the same ranks as a tiktoken file, a
SentencePiece-style BPE with byte fallback (Prepend ▁ + Replace, no
pre-tokenizer), and our own byte-level BPE.
"""

import base64
import json

import pytest
from hypothesis import given, strategies as st

from core import assets, formats, tokenizer
from core.models import bpe_model
from core.pipeline import pretokenize
from core.pipeline.text_pipeline import FILE_SPELLINGS
from core.tokenizer.imported_bpe import ImportedBPE
from core.tokenizer.staged import StagedTokenizer
from tests.fuzzing import fuzz_settings

tokenizers = pytest.importorskip("tokenizers")
tiktoken = pytest.importorskip("tiktoken")
from tokenizers import Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers  # noqa: E402

# cl100k as tokenizer.json files spell it (Oniguruma reads tiktoken's
# possessive \p{N}{1,3}+ as a repetition of {1,3}, so files drop the +).
CL100K = FILE_SPELLINGS[0]
O200K = pretokenize.PRETOKENIZERS["o200k"].pattern
LINES = """The quick brown fox jumps over the lazy dog; it's what they'll say, isn't it?
Der schnelle braune Fuchs springt über den faulen Hund. Straße, Größe, Übermaß.
Быстрая коричневая лиса прыгает через ленивую собаку. Съешь же ещё этих булок.
分词器把文本切成片段。中文没有空格，所以分词更难。我们用子词模型来处理未登录词。
def encode(self, text: str) -> list[int]:\n    return [self.ids[t] for t in text.split()]
    if x == 0x1F:  # a comment\r\n\t\treturn {"key": [1, 2, 3]}
I love 🙂 and 🎉 parties 🙂🙂 with friends 👍 ok 👍🏽 family 👨‍👩‍👧 naïve café re\u0301sume\u0301
1234567 3.14159 2026-12-03 ==== ---- ____ ....   spaces   and\ttabs\n\n\n""".splitlines(keepends=True)
CORPUS = LINES * 4
SPECIALS = ["<|endoftext|>", "<|fim|>"]

# Multilingual text: letters of several scripts, digits, punctuation, spaces
# of every kind, marks and emoji, and the specials themselves.
ALPHABET = st.sampled_from(list("aAzZ éüßÑ жЖ 中文分词 ひら カナ 한국 ٣٤ 0123 .,;:'!?-_=\"'s 't ") +
                           ["\n", "\r\n", "\t", "  ", "\u00a0", "\u3000", "\u0301", "🙂", "👍🏽", "'ll", "'VE",
                            "<|endoftext|>", "<|fim|>", "e\u0301", "\U0001F9D1\u200d\U0001F4BB"])
TEXTS = st.lists(ALPHABET, max_size=60).map("".join)


def _train(pre_tokenizer, *, normalizer=None, model=None, size=600, specials=SPECIALS, alphabet=True):
    tok = Tokenizer(model or models.BPE())
    if normalizer is not None:
        tok.normalizer = normalizer
    tok.pre_tokenizer = pre_tokenizer
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(CORPUS, trainers.BpeTrainer(
        vocab_size=size, special_tokens=specials, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet() if alphabet else []))
    return tok


def _gpt2_style():
    return _train(pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True))


def _llama3_style():
    return _train(pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(CL100K), behavior="isolated"),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)]))


def _o200k_style():
    return _train(pre_tokenizers.Sequence([
        pre_tokenizers.Split(Regex(O200K), behavior="removed", invert=True),
        pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=False)]))


def _byte_fallback_style():
    # SentencePiece-style: no pre-tokenizer, spaces as ▁ with a ▁ in front,
    # bytes for what the vocabulary cannot spell.
    tok = Tokenizer(models.BPE())
    tok.normalizer = normalizers.Sequence([normalizers.Prepend("▁"), normalizers.Replace(" ", "▁")])
    # Trained on words (as SentencePiece trains), used on whole text (as Llama's files say).
    tok.pre_tokenizer = pre_tokenizers.Split("▁", behavior="merged_with_next")
    tok.train_from_iterator([line.replace("\n", "") for line in CORPUS[:20]], trainers.BpeTrainer(
        vocab_size=400, special_tokens=["<unk>", "<s>", "</s>"], show_progress=False))
    spec = json.loads(tok.to_str())
    vocab = spec["model"]["vocab"]
    for b in range(256):
        vocab[f"<0x{b:02X}>"] = len(vocab)
    spec["model"].update(byte_fallback=True, unk_token="<unk>")
    spec["pre_tokenizer"] = None
    spec["decoder"] = {"type": "Sequence", "decoders": [
        {"type": "Replace", "pattern": {"String": "▁"}, "content": " "}, {"type": "ByteFallback"},
        {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]}
    return Tokenizer.from_str(json.dumps(spec))


STYLES = {"gpt2": _gpt2_style, "llama3": _llama3_style, "o200k": _o200k_style, "byte_fallback": _byte_fallback_style}
_BUILT: dict = {}


def built(style, tmp_path_factory):
    """``(HF tokenizer, asset, our tokenizer)`` of a style, trained once."""
    if style not in _BUILT:
        hf = STYLES[style]()
        path = tmp_path_factory.mktemp(style) / "tokenizer.json"
        hf.save(str(path))
        asset = formats.import_file(path, "hf").asset
        _BUILT[style] = hf, asset, tokenizer.wrap(asset["kind"], assets.build_tokenizer(asset))
    return _BUILT[style]


@pytest.fixture(scope="module", params=list(STYLES))
def style(request, tmp_path_factory):
    return built(request.param, tmp_path_factory)


def _plain_ids(tok, text):
    return list(tok.model.encode(text).ids)


def _check_all(style, text, *, encoding=True):
    hf, _asset, tok = style
    fast = tok.encode_ids(text)
    assert fast == _plain_ids(tok, text) == hf.encode(text, add_special_tokens=False).ids
    if encoding:
        assert tok.encode(text) == StagedTokenizer.encode(tok, text)


@fuzz_settings(0.5)
@given(text=TEXTS)
def test_fast_ids_and_encoding_equal_plain_and_hf(style, text):
    _check_all(style, text)


def test_every_corpus_line_and_the_whole_corpus(style):
    for line in LINES:
        _check_all(style, line)
    _check_all(style, "".join(CORPUS))


def test_a_200000_character_single_string(style):
    # Long runs without a break (the heap path, the uncached path) and a
    # string far longer than any cached piece.
    text = ("".join(LINES) + "=" * 700 + "中" * 900 + "a" * 800 + " " * 600 + "🙂" * 120 + "".join(LINES) * 3) * 40
    text = text[:200_000]
    assert len(text) == 200_000
    # The Encoding against the inspector (seconds per style) once, on GPT-2's shape.
    _check_all(style, text, encoding=style[1]["pre_tokenizer"].get("type") == "byte_level")
    tok = style[2]
    tok.model.clear_cache()
    assert tok.encode_ids(text) == style[0].encode(text, add_special_tokens=False).ids  # cold as warm


def test_cache_is_bounded_and_exact(style, monkeypatch):
    hf, _asset, tok = style
    monkeypatch.setattr(bpe_model, "CACHE_LIMIT", 3)
    tok.model.clear_cache()
    text = "".join(LINES)
    assert tok.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids
    assert tok.model.cached_pieces <= 3 and len(tok.model.model.word_cache()) <= 3
    assert tok.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids


def test_short_merge_loop_equals_heap(style, monkeypatch):
    model = style[2].model.model
    words = [word for line in LINES * 2 for word in style[2].model.pre_tokens(line)]
    short = [model.merge(model.symbols(word)[0]) for word in words]
    monkeypatch.setattr(bpe_model, "SHORT_WORD", 0)  # every word by the heap
    assert [model.merge(model.symbols(word)[0]) for word in words] == short


def test_byte_fallback_splits_runs_of_spaces_exactly(tmp_path_factory):
    hf, _asset, tok = built("byte_fallback", tmp_path_factory)
    assert tok.model.splits_space_runs  # no token has ▁ after another character
    for text in ["a  b", "  lead", "trail  ", "▁x", "x▁▁y", "中文 🙂 ok", " ", "▁"]:
        assert tok.encode_ids(text) == _plain_ids(tok, text) == hf.encode(text, add_special_tokens=False).ids


def test_space_split_is_refused_when_a_token_crosses_a_space():
    vocab = (("a", 0), ("▁", 1), ("a▁", 2), ("▁a", 3))
    model = ImportedBPE.build(vocab, (("a", "▁"),), normalizer={"type": "none"})
    assert not model.splits_space_runs
    assert model.encode_ids("a▁a") == list(model.encode("a▁a").ids) == [2, 0]


# ==== tiktoken ranks: the same merges as a rank file, against tiktoken ====

@pytest.fixture(scope="module")
def ranks(tmp_path_factory):
    hf, asset, tok = built("llama3", tmp_path_factory)
    folder = tmp_path_factory.mktemp("ranks")
    out = folder / "ranks.tiktoken"
    formats.export_asset(asset, tok.model, "tiktoken", out)
    side = json.loads((folder / "ranks.tiktoken.json").read_text())
    mergeable = {base64.b64decode(t): int(r) for t, r in (line.split() for line in out.read_text().splitlines())}
    enc = tiktoken.Encoding(name="test", pat_str=side["pat_str"], mergeable_ranks=mergeable,
                            special_tokens=side["special_tokens"])
    imported = formats.import_file(out, "tiktoken", specials=folder / "ranks.tiktoken.json")
    ours = tokenizer.wrap(imported.asset["kind"], assets.build_tokenizer(imported.asset))
    return enc, ours


@fuzz_settings(0.5)
@given(text=TEXTS)
def test_tiktoken_ranks_fast_path_equals_tiktoken(ranks, text):
    enc, ours = ranks
    assert ours.encode_ids(text) == enc.encode(text, allowed_special="all") == _plain_ids(ours, text)
    assert ours.encode(text) == StagedTokenizer.encode(ours, text)


def test_tiktoken_ranks_key_pairs_by_new_id(ranks):
    assert ranks[1].model.model.ranks_are_ids  # a rank is the token's ID
