"""SentencePiece's compiled normalization rules (core.pipeline.charsmap), with the
``sentencepiece`` library as the oracle: models trained here under every
built-in rule import with identical IDs on text that exercises
normalization, and on random text (hypothesis)."""

import struct

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

spm = pytest.importorskip("sentencepiece")

from core import assets  # noqa: E402
from core.pipeline.charsmap import Charsmap  # noqa: E402
from core.errors import TokenizerError  # noqa: E402
from core.formats import import_file  # noqa: E402
from core.spm_proto import parse_model  # noqa: E402
from core.pipeline.normalize import Pipeline  # noqa: E402
from test_formats_common import MULTILINGUAL, TRAIN  # noqa: E402

# Fullwidth, ligatures, compatibility characters, NBSP and odd spaces,
# zero-width and control characters, combining marks, upper case for _cf.
NORMALIZING = [
    "Ｆｕｌｌｗｉｄｔｈ ＡＢＣ ｶﾞｷﾞ ﬁne ﬂow ﬀ ㍿ ½ ① ™ ℌ Ǆ",
    "no\u00a0break\u2009thin\u3000ideo\u2002en\u200bzero\u200dwidth\ufeffbom",
    "ctrl\x01\x02\x7f\x9f mid\x0bvt\x0cff tab\there\r\nCRLF",
    "cafe\u0301 e\u0301\u0302 A\u030a \u212b \u1100\u1161\u11a8 ＡＢＣ\u0301",
    "UPPER CASE ΣΊΣΥΦΟΣ İstanbul STRASSE ß ẞ Ⅻ",
    "  leading   runs  \u00a0\u00a0 trailing\u3000 ",
    MULTILINGUAL,
]
RULES = ["nmt_nfkc", "nfkc", "nmt_nfkc_cf", "nfkc_cf", "identity"]


def train(tmp_path, model_type, rule, **options):
    text = tmp_path / "train.txt"
    text.write_text("\n".join(TRAIN + NORMALIZING * 3) + "\n", "utf-8")
    prefix = tmp_path / f"{model_type}-{rule}-{len(options)}"
    spm.SentencePieceTrainer.train(
        input=str(text), model_prefix=str(prefix), model_type=model_type,
        vocab_size=320 + (256 if options.get("byte_fallback") else 0),
        character_coverage=1.0, normalization_rule_name=rule, hard_vocab_limit=False, minloglevel=2,
        num_threads=1, **options)
    path = prefix.with_suffix(".model")
    return path, spm.SentencePieceProcessor(model_file=str(path))


@pytest.mark.parametrize("model_type", ["unigram", "bpe"])
@pytest.mark.parametrize("rule", RULES)
def test_every_rule_imports_with_identical_ids(tmp_path, model_type, rule):
    path, sp = train(tmp_path, model_type, rule)
    ours = assets.build_tokenizer(import_file(path, "spm").asset)
    for text in NORMALIZING:
        assert list(ours.encode(text).ids) == sp.encode(text), (rule, text)
    if rule != "identity":
        # The rules really do something on this text.
        assert sp.encode(NORMALIZING[0]) != sp.encode(NORMALIZING[0].lower()) or rule.endswith("_cf")


def test_custom_tsv_rules_import_with_identical_ids(tmp_path):
    # SentencePiece compiles a rule file into the charsmap (rule name "user_defined").
    rules = tmp_path / "rules.tsv"
    rules.write_text("41\t61\n42 43\t78 79 7A\nFF21\t41 41\n", "utf-8")  # A->a, BC->xyz, Ａ->AA
    path, sp = train(tmp_path, "unigram", "identity", normalization_rule_tsv=str(rules))
    result = import_file(path, "spm")
    ours = assets.build_tokenizer(result.asset)
    assert result.asset["normalizer"]["rule_name"] == "user_defined"
    for text in NORMALIZING + ["ABC BCA Ａ"]:
        assert list(ours.encode(text).ids) == sp.encode(text), text
    assert sp.encode("ABC", out_type=str)[:4] == ["▁a", "x", "y", "z"]


@pytest.mark.parametrize("rule", ["nmt_nfkc", "nfkc_cf"])
def test_charsmap_normalizes_as_sentencepiece(tmp_path, rule):
    path, _ = train(tmp_path, "unigram", rule)
    charsmap = Charsmap(parse_model(path.read_bytes())["normalizer"]["precompiled_charsmap"])
    reference = spm.SentencePieceNormalizer(rule_name=rule)
    pipeline = Pipeline(normalization="precompiled", charsmap=charsmap)
    for text in NORMALIZING:
        assert pipeline.normalize(text).text == reference.normalize(text), text


@pytest.mark.parametrize("rule", ["nmt_nfkc", "nfkc_cf"])
def test_a_character_stops_being_quiet_once_a_key_may_join_it(tmp_path, rule):
    # Texts of quiet characters are copied whole (Charsmap.runs); a combining
    # mark is quiet until a letter it composes with has been seen.
    path, _ = train(tmp_path, "unigram", rule)
    blob = parse_model(path.read_bytes())["normalizer"]["precompiled_charsmap"]
    reference = spm.SentencePieceNormalizer(rule_name=rule)
    for order in (["\u0301", "e", "e\u0301", "x\u0301e\u0301"], ["\u0308", "\u0308", "u", "u\u0308", "\u0308u\u0308"],
                  ["ka", "\u3099", "か", "か\u3099"], ["plain text", "plain text"]):
        charsmap = Charsmap(blob)  # its caches start empty
        pipeline = Pipeline(normalization="precompiled", charsmap=charsmap)
        for text in order:
            assert pipeline.normalize_text(text) == pipeline.normalize(text).text == reference.normalize(text), text
    assert "p" in charsmap._quiet and not charsmap._quiet & charsmap._following


@pytest.mark.parametrize("rule", ["nmt_nfkc", "nfkc_cf"])
def test_many_lines_normalize_as_sentencepiece(tmp_path, rule):
    """Lines of quiet characters are copied whole (Charsmap.runs): spaces
    at either end, runs of them, a text's own ▁ at its end."""
    import random

    path, _ = train(tmp_path, "unigram", rule)
    charsmap = Charsmap(parse_model(path.read_bytes())["normalizer"]["precompiled_charsmap"])
    pipeline = Pipeline(normalization="precompiled", charsmap=charsmap)
    reference = spm.SentencePieceNormalizer(rule_name=rule)
    rng = random.Random(31)
    alphabet = ["a", "b", "Zz", " ", "  ", "\u2581", "\t", "中", "\u0301", "ﬁ", "Ａ", "\u3000", "🙂", "\x1c"]
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 9))) for _ in range(600)]
    lines += [" a ", "a\u2581", "\u2581", "\u2581 \u2581", "  ", "", "a  b  "]
    expected = [reference.normalize(line) for line in lines]
    assert [pipeline.normalize_text(line) for line in lines] == expected
    assert [pipeline.normalize_text(line) for line in lines] == expected  # again, with every character learnt
    assert charsmap._quiet & {"a", "b"}


@pytest.mark.parametrize("options", [
    {"add_dummy_prefix": False},
    {"remove_extra_whitespaces": False},
    {"treat_whitespace_as_suffix": True},
    {"split_by_whitespace": False, "remove_extra_whitespaces": False},
])
def test_whitespace_options_import_with_identical_ids(tmp_path, options):
    path, sp = train(tmp_path, "unigram", "nmt_nfkc", **options)
    ours = assets.build_tokenizer(import_file(path, "spm").asset)
    for text in NORMALIZING:
        assert list(ours.encode(text).ids) == sp.encode(text), (options, text)


class Pair(tuple):
    """Our tokenizer and the reference, with a short repr for hypothesis reports."""

    def __repr__(self):
        return "Pair(ours, reference)"


@pytest.mark.parametrize("rule", ["nmt_nfkc", "identity"])
def test_user_defined_pieces_pass_the_normalizer_untouched(tmp_path, rule):
    path, sp = train(tmp_path, "unigram", rule, user_defined_symbols=["ＡＢ", "ﬁx", "<sep>", "a b"])
    result = import_file(path, "spm")
    ours = assets.build_tokenizer(result.asset)
    texts = NORMALIZING + ["ＡＢＣ ﬁx <sep> ﬁ x AB ＡＢ", "a b a  b", " ＡＢ", "ＡＢ  ", "xＡＢ<sep>ﬁxﬁ"]
    for text in texts:
        assert list(ours.encode(text).ids) == sp.encode(text), text
    assert "ＡＢ" in sp.encode("ＡＢＣ", out_type=str)  # the rule would have made it "AB"
    assert any("pass through the normalizer" in f.detail for f in result.report.kept)
    # Shielding follows the pieces: it is not a separate part of the description.
    assert "protected" not in result.asset["normalizer"]


@pytest.mark.parametrize("model_type", ["unigram", "bpe"])
@pytest.mark.parametrize("options", [{}, {"add_dummy_prefix": False}, {"remove_extra_whitespaces": False},
                                     {"byte_fallback": True}])
def test_id_lists_decode_as_sentencepiece_decodes_them(tmp_path, model_type, options):
    path, sp = train(tmp_path, model_type, "nmt_nfkc", **options)
    ours = assets.build_tokenizer(import_file(path, "spm").asset)
    ids = {p: i for i in range(sp.get_piece_size()) for p in [sp.id_to_piece(i)]}
    words = [i for p, i in ids.items() if p.startswith("▁") and len(p) > 1][:3]
    lists = [words, [ids["▁"], *words], [ids["▁"], ids["▁"], *words], [ids["<s>"], *words], [ids["<unk>"], *words]]
    if options.get("byte_fallback"):
        lists += [[ids["<0xE4>"], ids["<0xB8>"], ids["<0xFF>"], *words], [ids["▁"], ids["<0x20>"], *words]]
    for id_list in lists:
        assert ours.decode(id_list) == sp.decode(id_list), [sp.id_to_piece(i) for i in id_list]


RANDOM_MODELS = {
    "unigram": ("unigram", "nmt_nfkc", {}),
    "bpe": ("bpe", "nmt_nfkc", {"byte_fallback": True}),
    "suffix": ("unigram", "nfkc_cf", {"treat_whitespace_as_suffix": True, "remove_extra_whitespaces": False}),
}


@pytest.fixture(scope="module", params=sorted(RANDOM_MODELS))
def random_pair(request, tmp_path_factory):
    model_type, rule, options = RANDOM_MODELS[request.param]
    path, sp = train(tmp_path_factory.mktemp("charsmap"), model_type, rule, **options)
    return Pair((assets.build_tokenizer(import_file(path, "spm").asset), sp))


# Characters the rules touch, plus ordinary ones, so random strings meet them often.
ALPHABET = st.sampled_from(list("aAbé ﬁＦｕ\u00a0\u3000\u200b\x01\t\n\u0301\u212b½①ΣßｶﾞガＡ中🙂▁ ") + ["  "])


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ALPHABET | st.characters(blacklist_categories=("Cs",)), max_size=30).map("".join))
def test_random_text_gives_identical_ids(random_pair, text):
    ours, sp = random_pair
    assert list(ours.encode(text).ids) == sp.encode(text)


# ==== the blob itself ====

def test_broken_blobs_are_refused_by_name():
    for blob, words in [(b"", "header"), (b"\x00\x00\x00\x00abcd", "trie size"), (b"\xff\x00\x00\x00ab", "trie size")]:
        with pytest.raises(TokenizerError, match=words):
            Charsmap(blob)
    # A one-unit trie with no keys is valid and maps nothing.
    assert Charsmap(b"\x04\x00\x00\x00\x00\x00\x00\x00").segments("ab") == [(0, 1, "a"), (1, 2, "b")]
    with pytest.raises(TokenizerError, match="base64"):
        Charsmap.from_base64("not base64!")


def test_pipeline_description_round_trips_and_leaves_defaults_out(tmp_path):
    path, _ = train(tmp_path, "unigram", "nmt_nfkc")
    charsmap = Charsmap(parse_model(path.read_bytes())["normalizer"]["precompiled_charsmap"])
    pipeline = Pipeline(normalization="precompiled", charsmap=charsmap, rule_name="nmt_nfkc")
    spec = pipeline.describe()
    assert Pipeline.from_description(spec) == pipeline
    assert spec["charsmap_rule"] == "sentencepiece" and spec["rule_name"] == "nmt_nfkc"
    # Older descriptions (no new options) read as before.
    assert Pipeline().describe() == {"type": "sentencepiece", "normalization": "nfkc", "add_dummy_prefix": True,
                                     "remove_extra_whitespaces": True}
    with pytest.raises(TokenizerError, match="charsmap"):
        Pipeline(normalization="precompiled")


# Well-formed headers over garbage tries and strings, and plain garbage.
BLOBS = st.binary(max_size=64) | st.builds(
    lambda units, strings: struct.pack("<I", 4 * len(units)) + struct.pack(f"<{len(units)}I", *units) + strings,
    st.lists(st.integers(0, 2**32 - 1) | st.sampled_from([0x100, 0x161, 0x400 | 0x61, 0x80000000]),
             min_size=1, max_size=300),
    st.binary(min_size=1, max_size=16))


@settings(max_examples=300, deadline=None)
@given(BLOBS, st.text(max_size=12))
def test_any_blob_is_a_charsmap_or_a_named_error(blob, text):
    try:
        charsmap = Charsmap(blob)
        out = charsmap.segments(text)
        charsmap.hf_segments(text)
    except TokenizerError as exc:
        assert "charsmap" in str(exc)
        return
    assert [s for s, _, _ in out] == sorted(s for s, _, _ in out)
