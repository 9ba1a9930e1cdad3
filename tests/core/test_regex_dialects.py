"""A counted repeat followed by ``+`` (cl100k's ``\\p{N}{1,3}+``) is
possessive in ``regex`` and tiktoken, but ``(?:X{1,3})+`` in Oniguruma,
which Hugging Face ``tokenizers`` runs (core.pipeline.regex_dialects):
a tokenizer.json we write means what the pattern meant, and one we read
means what HF reads, with ``tokenizers`` and ``tiktoken`` as the oracles."""

from __future__ import annotations

import json

import pytest
import regex
from hypothesis import given, settings, strategies as st

tokenizers = pytest.importorskip("tokenizers")
tiktoken = pytest.importorskip("tiktoken")

from core import assets  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from core.pipeline import pretokenize  # noqa: E402
from core.pipeline.regex_dialects import from_oniguruma, to_oniguruma  # noqa: E402
from test_formats_tiktoken import SPECIALS, encoding_from, gpt2_ordered_ranks, write_ranks  # noqa: E402

CL100K = pretokenize.get("cl100k").pattern
DIGITS = st.text(st.sampled_from("0123456789 a.,-\n"), max_size=40)


@pytest.mark.parametrize("pattern, onig, meant", [
    (r"\p{N}{1,3}+", r"(?>\p{N}{1,3})", r"(?:\p{N}{1,3})+"),
    (r"a{2}b{1,3}+", r"a{2}(?>b{1,3})", r"a{2}(?:b{1,3})+"),
    (r"(ab|c){1,3}+x", r"(?>(ab|c){1,3})x", r"(?:(ab|c){1,3})+x"),
    (r"[^\]{]{2,}+", r"(?>[^\]{]{2,})", r"(?:[^\]{]{2,})+"),
    (r"[[:alpha:]]{1}+", r"(?>[[:alpha:]]{1})", r"(?:[[:alpha:]]{1})+"),
    (r"\x{41}{2,5}+", r"(?>\x{41}{2,5})", r"(?:\x{41}{2,5})+"),
    (r"\{1,3}+|a++|b*+|c?+", r"\{1,3}+|a++|b*+|c?+", r"\{1,3}+|a++|b*+|c?+"),  # a literal {, and no counted repeat
    (r"\p{L}+|\s+(?!\S)", r"\p{L}+|\s+(?!\S)", r"\p{L}+|\s+(?!\S)"),
])
def test_the_rewrites(pattern, onig, meant):
    assert to_oniguruma(pattern) == onig
    assert from_oniguruma(pattern) == meant


def hf_pieces(pattern: str, text: str) -> list[str]:
    split = tokenizers.pre_tokenizers.Split(tokenizers.Regex(pattern), "isolated")
    return [piece for piece, _ in split.pre_tokenize_str(text)]


def regex_pieces(pattern: str, text: str) -> list[str]:
    """The matches and the stretches between them, as HF's isolated Split cuts."""
    out, at = [], 0
    for found in regex.finditer(pattern, text):
        if found.start() > at:
            out.append(text[at:found.start()])
        if found.end() > found.start():
            out.append(found.group())
        at = found.end()
    return out + ([text[at:]] if at < len(text) else [])


@settings(max_examples=200, deadline=None)
@given(text=DIGITS)
def test_hf_reads_cl100k_as_regex_reads_from_oniguruma(text):
    assert hf_pieces(CL100K, text) == regex_pieces(from_oniguruma(CL100K), text)


@settings(max_examples=200, deadline=None)
@given(text=DIGITS)
def test_hf_reads_to_oniguruma_as_regex_reads_the_pattern(text):
    assert hf_pieces(to_oniguruma(CL100K), text) == regex_pieces(CL100K, text)


def test_hf_really_differs_on_the_possessive_spelling():
    assert hf_pieces(CL100K, "1234567") == ["1234567"]
    assert regex_pieces(CL100K, "1234567") == ["123", "456", "7"]


def test_a_cl100k_pattern_exported_to_tokenizer_json_gives_tiktoken_ids(tmp_path, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "cache"))
    ranks = tmp_path / "ranks.tiktoken"
    write_ranks(ranks, gpt2_ordered_ranks())
    imported = import_file(ranks, "tiktoken", pattern="cl100k", specials=SPECIALS)
    out = tmp_path / "tokenizer.json"
    export_asset(imported.asset, assets.build_tokenizer(imported.asset), "hf", out)
    hf = tokenizers.Tokenizer.from_file(str(out))
    enc = encoding_from(ranks, CL100K, SPECIALS)
    again = assets.build_tokenizer(import_file(out, "hf").asset)
    for text in ["1234567", "2024-06-30 3.14159 1,299.99", "year 19999 and 12 apples", "x" + "9" * 50]:
        expected = enc.encode_ordinary(text)
        assert hf.encode(text, add_special_tokens=False).ids == expected, text
        assert list(again.encode(text).ids) == expected, text  # and read back as HF reads it
    assert "(?>\\p{N}{1,3})" in json.loads(out.read_text())["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"]


def test_a_tokenizer_json_with_the_possessive_spelling_reads_as_hf_reads_it(tmp_path, monkeypatch):
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "cache"))
    ranks = tmp_path / "ranks.tiktoken"
    write_ranks(ranks, gpt2_ordered_ranks())
    imported = import_file(ranks, "tiktoken", pattern="cl100k", specials=SPECIALS)
    out = tmp_path / "tokenizer.json"
    export_asset(imported.asset, assets.build_tokenizer(imported.asset), "hf", out)
    data = json.loads(out.read_text())
    data["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"] = CL100K  # as a naive converter writes it
    out.write_text(json.dumps(data))
    hf = tokenizers.Tokenizer.from_file(str(out))
    ours = assets.build_tokenizer(import_file(out, "hf").asset)
    for text in ["1234567", "2024-06-30 3.14159", "x" + "9" * 50]:
        assert list(ours.encode(text).ids) == hf.encode(text, add_special_tokens=False).ids, text
