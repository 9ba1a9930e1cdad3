"""Fuzzed asset files: always a clear AssetError (a StudioError), never
another exception, a traceback from the CLI, or a hang."""

from __future__ import annotations

import json
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

from core.inspect import asset_diff
from core.assets import identity
from core import assets
from core.models import byte_bpe, char_bpe
from core.assets import classroom
from core.cli.main import main
from core.corpus import EXAMPLE_19_1, WordCorpus
from core.errors import AssetError
from tests.fuzzing import assert_clean, fuzz_settings, json_value, mutate, mutated_bytes, paths_of

FUZZ = fuzz_settings(2.5)


KINDS = [0, 1, 2, 3]  # char-bpe, byte-bpe, wordpiece, unigram


@cache
def valid_texts() -> tuple[str, ...]:
    from core.pipeline import bert_basic
    from core.models import unigram, wordpiece

    records = classroom.records()
    char = assets.char_bpe_to_asset(char_bpe.train(EXAMPLE_19_1, merges=4))
    byte = assets.byte_bpe_to_asset(byte_bpe.train(records, 12), records=records)
    words = WordCorpus.from_pairs([("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)])
    wp = assets.wordpiece_to_asset(wordpiece.train(words, vocab_size=25, basic=bert_basic.BasicTokenizer()))
    uni = assets.unigram_to_asset(unigram.train(unigram.normalized_corpus(words), vocab_size=30))
    return tuple(json.dumps(a) for a in (char, byte, wp, uni))


def load_everything(data: bytes, tmp_path):
    """Every entry point a file reaches; returns the identity or raises."""
    path = tmp_path / "fuzz.json"
    path.write_bytes(data)
    loaded = identity.load(path)
    # Whatever loaded must also work: encode a probe, compare with itself.
    asset_diff.behaviour(loaded.tokenizer, loaded.tokenizer, ["find: red key . 学生 lower newest"])
    asset_diff.compare(loaded.identity, loaded.identity)
    return loaded.identity


def must_be_clean(data: bytes, tmp_path):
    assert_clean(load_everything, data, tmp_path)


@FUZZ
@given(json_value)
def test_random_json_is_a_clear_error(tmp_path_factory, value):
    must_be_clean(json.dumps(value).encode(), tmp_path_factory.mktemp("f"))


@FUZZ
@given(st.sampled_from(KINDS), st.randoms(use_true_random=False),
       st.sampled_from(["delete", "replace", "wrap", "stringify"]), json_value)
def test_mutated_assets_load_or_fail_clearly(tmp_path_factory, which, rnd, action, replacement):
    asset = json.loads(valid_texts()[which])
    paths = list(paths_of(asset))
    path = rnd.choice(paths)
    asset = mutate(asset, path, action, replacement)
    must_be_clean(json.dumps(asset).encode(), tmp_path_factory.mktemp("f"))


@FUZZ
@given(st.sampled_from(KINDS), st.floats(min_value=0, max_value=1, exclude_max=True))
def test_truncated_files_are_a_clear_error(tmp_path_factory, which, fraction):
    data = valid_texts()[which].encode()
    cut = data[: int(len(data) * fraction)]
    try:
        load_everything(cut, tmp_path_factory.mktemp("f"))
    except AssetError as exc:
        assert "not valid JSON" in str(exc) or "not a Subword Studio asset" in str(exc) or cut.strip() == b""
    else:
        raise AssertionError("a truncated asset loaded")


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_are_a_clear_error(tmp_path_factory, data):
    must_be_clean(data, tmp_path_factory.mktemp("f"))


@FUZZ
@given(st.deferred(lambda: mutated_bytes(tuple(t.encode() for t in valid_texts()))))
def test_mutated_asset_bytes_load_or_fail_clearly(tmp_path_factory, data):
    must_be_clean(data, tmp_path_factory.mktemp("f"))


# capsys is read after every call, so sharing it across examples is safe.
@fuzz_settings(0.5)
@given(st.sampled_from(KINDS), st.randoms(use_true_random=False), json_value)
def test_cli_never_shows_a_traceback(tmp_path_factory, capsys, which, rnd, replacement):
    asset = json.loads(valid_texts()[which])
    asset = mutate(asset, rnd.choice(list(paths_of(asset))), "replace", replacement)
    path = tmp_path_factory.mktemp("f") / "a.json"
    path.write_text(json.dumps(asset), encoding="utf-8")
    for argv in (["identity", path, "--json"], ["diff", path, path, "--no-behaviour"]):
        code = main([str(a) for a in argv])
        out, err = capsys.readouterr()
        assert code in (0, 2)
        assert code == 0 or (len(err.strip().splitlines()) == 1 and err.startswith("error: "))


def test_a_deep_and_a_wide_file_do_not_hang(tmp_path):
    for data in (b"[" * 200_000 + b"]" * 200_000, b'{"a": [' + b"0," * 300_000 + b"0]}"):
        must_be_clean(data, tmp_path)
    asset = json.loads(valid_texts()[1])
    asset["model"]["merges"] *= 2000  # 24 000 merges, every one after the first dozen invalid
    must_be_clean(json.dumps(asset).encode(), tmp_path)


def test_every_single_deletion_is_clean(tmp_path):
    for text in valid_texts():
        asset = json.loads(text)
        for path in list(paths_of(asset))[1:]:
            must_be_clean(json.dumps(mutate(json.loads(text), path, "delete", None)).encode(), tmp_path)
