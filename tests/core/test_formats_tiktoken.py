"""tiktoken rank files, with ``tiktoken.Encoding`` as the oracle.

The ranks are trained inside the test by tiktoken's own educational trainer;
their single-byte ranks are then laid out in GPT-2's printable byte order,
as in the real GPT-2 files (a space is rank 220), so the import cannot
assume bytes are 0..255.
"""

import base64
import io
import json
import unittest.mock as mock
from contextlib import redirect_stdout

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

tiktoken = pytest.importorskip("tiktoken")
import tiktoken.load  # noqa: E402
from tiktoken import _educational  # noqa: E402

from core import assets
from core.models import byte_bpe
from core.assets import identity
from core.pipeline import pretokenize  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from core.formats.tiktoken_ranks import canonical_split  # noqa: E402
from core.pipeline.text_pipeline import BYTE_CHARS  # noqa: E402
from test_formats_common import MULTILINGUAL, PROBES, TRAIN  # noqa: E402

SPECIALS = {"<|endoftext|>": 400, "<|fim|>": 401}
TEXTS = PROBES + ["a<|endoftext|>b<|fim|>", "   \n\n  x  ", "don't 12345 ½"]


@pytest.fixture(autouse=True)
def _tiktoken_cache(tmp_path, monkeypatch):
    # load_tiktoken_bpe copies what it reads into a cache folder: keep it in tmp.
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "cache"))


def gpt2_ordered_ranks(pattern="cl100k"):
    with redirect_stdout(io.StringIO()):  # the trainer prints every merge
        ranks = _educational.bpe_train("\n".join(TRAIN), 400, pretokenize.get(pattern).pattern)
    order = sorted(range(256), key=lambda b: ord(BYTE_CHARS[b]))
    return {t: (order.index(t[0]) if len(t) == 1 else r) for t, r in ranks.items()}


def write_ranks(path, ranks):
    path.write_text("".join(f"{base64.b64encode(t).decode()} {r}\n" for t, r in sorted(ranks.items(), key=lambda e: e[1])))


def encoding_from(path, pat_str, specials):
    return tiktoken.Encoding(name="test", pat_str=pat_str, mergeable_ranks=tiktoken.load.load_tiktoken_bpe(str(path)),
                             special_tokens=specials)


def test_imported_rank_file_gives_identical_ids(tmp_path):
    ranks = gpt2_ordered_ranks()
    assert ranks[b" "] == 220 and ranks[b"!"] == 0  # GPT-2's byte permutation
    path = tmp_path / "ranks.tiktoken"
    write_ranks(path, ranks)
    result = import_file(path, "tiktoken", pattern="cl100k", specials=SPECIALS)
    ours = assets.build_tokenizer(result.asset)
    enc = encoding_from(path, pretokenize.get("cl100k").pattern, SPECIALS)
    for text in TEXTS:
        expected = enc.encode(text, allowed_special="all")
        assert list(ours.encode(text).ids) == expected, repr(text)
        assert ours.decode(expected) == enc.decode(expected)
    assert ours.id_of("Ġ") == 220 and len(enc.encode(MULTILINGUAL)) > 40


def test_exported_rank_file_gives_identical_ids_and_round_trips(tmp_path):
    path = tmp_path / "ranks.tiktoken"
    write_ranks(path, gpt2_ordered_ranks())
    result = import_file(path, "tiktoken", pattern="cl100k", specials=SPECIALS)
    ours = assets.build_tokenizer(result.asset)
    out = tmp_path / "out.tiktoken"
    report = export_asset(result.asset, ours, "tiktoken", out)
    assert report.exact and out.read_bytes() == path.read_bytes()
    side = json.loads((tmp_path / "out.tiktoken.json").read_text())
    assert side["pattern_name"] == "cl100k" and side["special_tokens"] == SPECIALS
    enc = encoding_from(out, side["pat_str"], side["special_tokens"])
    for text in TEXTS:
        assert enc.encode(text, allowed_special="all") == list(ours.encode(text).ids), repr(text)
    again = import_file(out, "tiktoken", specials=tmp_path / "out.tiktoken.json")  # the pattern comes from the sidecar
    assert identity.from_dict(again.asset).identity.interface_sha256 == \
        identity.from_dict(result.asset).identity.interface_sha256


@pytest.mark.parametrize("pretokenizer", ["gpt2", "cl100k", "none"])
def test_our_byte_bpe_exports_to_tiktoken(tmp_path, pretokenizer):
    model = byte_bpe.train(TRAIN, 150, pretokenizer=pretokenizer)
    out = tmp_path / "ours.tiktoken"
    export_asset(assets.byte_bpe_to_asset(model), model, "tiktoken", out)
    side = json.loads((tmp_path / "ours.tiktoken.json").read_text())
    enc = encoding_from(out, side["pat_str"], side["special_tokens"])
    for text in PROBES + ["x" * 300]:
        assert enc.encode_ordinary(text) == list(model.encode(text).ids), repr(text)
    assert side["special_tokens"] == {"<BOS>": 256, "<EOS>": 257, "<PAD>": 258}


def test_hf_byte_level_bpe_exports_to_tiktoken(tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    from test_formats_hf import save, train_byte_level

    tok = train_byte_level()
    result = import_file(save(tok, tmp_path), "hf")
    ours = assets.build_tokenizer(result.asset)
    out = tmp_path / "hf.tiktoken"
    export_asset(result.asset, ours, "tiktoken", out)
    side = json.loads((tmp_path / "hf.tiktoken.json").read_text())
    assert side["pattern_name"] == "gpt2"
    enc = encoding_from(out, side["pat_str"], side["special_tokens"])
    for text in TEXTS:
        assert enc.encode(text, allowed_special="all") == tok.encode(text).ids, repr(text)
    assert tokenizers  # the oracle on both sides


def test_canonical_split_uses_only_lower_ranks():
    ranks = {b"a": 0, b"b": 1, b"c": 2, b"ab": 3, b"bc": 4, b"abc": 5, b"cab": 6}
    assert canonical_split(b"abc", ranks) == [b"ab", b"c"]
    assert canonical_split(b"cab", ranks) == [b"c", b"ab"]
    assert canonical_split(b"ab", ranks) == [b"a", b"b"]


RANDOM_TOKENS = st.lists(st.binary(min_size=2, max_size=7).map(lambda b: bytes(98 + x % 3 for x in b)),
                         unique=True, min_size=1, max_size=40)


@settings(max_examples=200, deadline=None)
@given(RANDOM_TOKENS)
def test_canonical_split_is_tiktoken_educational_bpe_on_the_tokens_bytes(tokens):
    # Ranks in list order after the three bytes, so a token's pieces may rank
    # above it (not how a trainer makes them, but a file may say so).
    ranks = {b"b": 0, b"c": 1, b"d": 2, **{t: 3 + i for i, t in enumerate(tokens)}}
    by_rank = {r: t for t, r in ranks.items()}
    for token in tokens:
        others = {t: r for t, r in ranks.items() if t != token}
        expected = [by_rank[r] for r in _educational.bpe_encode(others, token, visualise=None)]
        assert canonical_split(token, ranks) == expected, token


@settings(max_examples=60, deadline=None)
@given(RANDOM_TOKENS, st.lists(st.text("bcd", min_size=1, max_size=12), min_size=1, max_size=6))
def test_any_rank_order_imports_to_tiktokens_ids(tmp_path_factory, tokens, words):
    # Untrained rank orders too: "bc" above "bcd" still makes "bcdb" into "bcd" "b".
    ranks = {bytes([b]): b for b in range(256)}
    ranks.update({t: 256 + i for i, t in enumerate(tokens)})
    path = tmp_path_factory.mktemp("ranks") / "r.tiktoken"
    write_ranks(path, ranks)
    ours = assets.build_tokenizer(import_file(path, "tiktoken", pattern="gpt2").asset)
    enc = encoding_from(path, pretokenize.get("gpt2").pattern, {})
    text = " ".join(words)
    assert list(ours.encode(text).ids) == enc.encode(text)


def test_a_token_ranked_below_its_pieces_still_forms_as_in_tiktoken(tmp_path):
    ranks = {bytes([b]): b for b in range(256)}
    ranks.update({b"abc": 256, b"bc": 257})
    path = tmp_path / "r.tiktoken"
    write_ranks(path, ranks)
    ours = assets.build_tokenizer(import_file(path, "tiktoken", pattern="gpt2").asset)
    enc = encoding_from(path, pretokenize.get("gpt2").pattern, {})
    assert list(ours.encode("abcd").ids) == enc.encode("abcd") == [256, ord("d")]


def test_unreachable_tokens_are_kept_for_whole_word_lookup(tmp_path):
    ranks = {bytes([b]): b for b in range(256)}
    ranks.update({b"ab": 256, b"xyz": 257})  # xyz never forms from two tokens
    path = tmp_path / "r.tiktoken"
    write_ranks(path, ranks)
    result = import_file(path, "tiktoken", pattern="gpt2")
    ours = assets.build_tokenizer(result.asset)
    enc = encoding_from(path, pretokenize.get("gpt2").pattern, {})
    for text in ["xyz", "xyz ab xyzab", "abxyz"]:
        assert list(ours.encode(text).ids) == enc.encode(text), text
    assert any("never form" in f.detail for f in result.report.kept)


@pytest.mark.parametrize("content, options, words", [
    ("YQ== 0\n", {}, ["--pattern"]),
    ("YQ== 0\nnot-base64! 1\n", {"pattern": "gpt2"}, ["line 2", "base64"]),
    ("YQ== 0\nYQ== 1\n", {"pattern": "gpt2"}, ["line 2", "repeats"]),
    ("YQ== 0\n", {"pattern": "gpt2"}, ["byte 0x00", "every single byte"]),
    ("YQ== 0\n", {"pattern": "gpt5"}, ["--pattern", "gpt5"]),
])
def test_bad_rank_files_give_one_clear_error(tmp_path, content, options, words):
    path = tmp_path / "bad.tiktoken"
    path.write_text(content)
    with pytest.raises(AssetError) as caught:
        import_file(path, "tiktoken", **options)
    for word in words:
        assert word in str(caught.value)


def test_export_refuses_merges_tiktoken_would_order_differently(tmp_path):
    from dataclasses import replace

    path = tmp_path / "ranks.tiktoken"
    write_ranks(path, gpt2_ordered_ranks())
    result = import_file(path, "tiktoken", pattern="cl100k")
    ours = assets.build_tokenizer(result.asset)
    swapped = replace(ours, model=replace(ours.model, merges=(ours.merges[1], ours.merges[0], *ours.merges[2:])))
    with pytest.raises(AssetError, match="not above the previous merge"):
        export_asset(assets.bpe_to_asset(swapped), swapped, "tiktoken", tmp_path / "x.tiktoken")


# ---- every tiktoken encoding's pattern (issue 21, failure 1) ----

openai_public = pytest.importorskip("tiktoken_ext.openai_public")
CONTRACTIONS = ("it's I'm you're we'll they've he'd IT'S Don't HelloWorld JSONParser camelCaseName "
                "x/y/z ½ 12345678 ǅungla ʰhello Ǆ café\u0301's\r\n\r\n  end  ")
def pat_str_of(encoding: str) -> str:
    """tiktoken's pat_str for ``encoding`` without loading (downloading) its ranks."""
    fake = {"load_tiktoken_bpe": lambda *a, **k: {}, "data_gym_to_mergeable_bpe_ranks": lambda *a, **k: {}}
    with mock.patch.multiple(openai_public, **fake):
        return openai_public.ENCODING_CONSTRUCTORS[encoding]()["pat_str"]


def ranks_for(pat_str):
    with redirect_stdout(io.StringIO()):
        ranks = _educational.bpe_train("\n".join(TRAIN + [CONTRACTIONS] * 30), 400, pat_str)
    order = sorted(range(256), key=lambda b: ord(BYTE_CHARS[b]))
    return {t: (order.index(t[0]) if len(t) == 1 else r) for t, r in ranks.items()}


@pytest.mark.parametrize("encoding", sorted(openai_public.ENCODING_CONSTRUCTORS))
def test_every_tiktoken_encoding_name_imports_with_its_exact_pattern(tmp_path, encoding):
    pat_str = pat_str_of(encoding)
    path = tmp_path / "ranks.tiktoken"
    write_ranks(path, ranks_for(pat_str))
    result = import_file(path, "tiktoken", pattern=encoding, specials=SPECIALS)
    ours = assets.build_tokenizer(result.asset)
    enc = encoding_from(path, pat_str, SPECIALS)
    for text in TEXTS + [CONTRACTIONS, CONTRACTIONS.upper(), "x" * 50 + "'S" * 20]:
        expected = enc.encode(text, allowed_special="all")
        assert list(ours.encode(text).ids) == expected, (encoding, text)
        assert ours.decode(expected) == enc.decode(expected)


def test_o200k_keeps_contractions_whole_where_cl100k_splits_them(tmp_path):
    pat_str = pat_str_of("o200k_base")
    assert pretokenize.get("o200k").pattern == pat_str and pretokenize.get("r50k").pattern == pat_str_of("r50k_base")
    ranks = ranks_for(pat_str)
    assert b" it's" in ranks or b"it's" in ranks  # the trained merges cross the apostrophe
    path = tmp_path / "o200k.tiktoken"
    write_ranks(path, ranks)
    o200k = assets.build_tokenizer(import_file(path, "tiktoken", pattern="o200k").asset)
    cl100k = assets.build_tokenizer(import_file(path, "tiktoken", pattern="cl100k").asset)
    enc = encoding_from(path, pat_str, {})
    for text in ["it's", "I'm", "we'll go"]:
        assert list(o200k.encode(text).ids) == enc.encode(text)
    # the silent difference of issue 21: one token for tiktoken, two with cl100k's split
    assert len(enc.encode("it's")) == 1 and len(cl100k.encode("it's").ids) == 2


def test_pat_str_from_the_option_or_the_sidecar(tmp_path):
    pat_str = pat_str_of("o200k_base").replace(r"\p{N}{1,3}", r"\p{N}{1,2}")  # a pattern with no name
    path = tmp_path / "custom.tiktoken"
    write_ranks(path, ranks_for(pat_str))
    enc = encoding_from(path, pat_str, SPECIALS)
    side = tmp_path / "custom.json"
    side.write_text(json.dumps({"pat_str": pat_str, "special_tokens": SPECIALS}))
    for result in (import_file(path, "tiktoken", pat_str=pat_str, specials=SPECIALS),
                   import_file(path, "tiktoken", specials=side)):
        ours = assets.build_tokenizer(result.asset)
        for text in TEXTS + [CONTRACTIONS]:
            assert list(ours.encode(text).ids) == enc.encode(text, allowed_special="all"), text
        assert any("pat_str" in f.detail for f in result.report.kept)
    with pytest.raises(AssetError, match="--pat-str: "):
        import_file(path, "tiktoken", pat_str="(unclosed")
    with pytest.raises(AssetError, match="o200k_base"):
        import_file(path, "tiktoken", pattern="o300k")
