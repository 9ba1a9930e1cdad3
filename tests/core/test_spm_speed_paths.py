"""The encoders of SentencePiece models and WordPiece give exactly the IDs
of the plain paths and of the real libraries (issue 22), their Encodings
are the inspected ones, and a native engine's IDs laid over a text give
the reference's Encoding field by field.

Models are trained here (``sentencepiece.SentencePieceTrainer``, HF
``tokenizers``) on a small multilingual text; hypothesis draws texts from
its words, odd characters and whitespace; long single strings (200,000+
characters, where unigram path scores pass SentencePiece's rebasing
threshold) are checked too.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

from core import assets  # noqa: E402
from core.formats import import_file  # noqa: E402
from core.models.unigram import from_pieces  # noqa: E402
from core.models.unigram.viterbi import UNKNOWN_NODE  # noqa: E402
from core.pipeline.bert_basic import BasicTokenizer  # noqa: E402
from core.pipeline.normalize import Pipeline  # noqa: E402
from core.tokenizer import wrap  # noqa: E402
from test_formats_common import TRAIN  # noqa: E402

JAPANESE = """吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。
何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。
東京都の天気は晴れ、明日は雨が降るでしょう。プログラムを書いてテストを実行します。
カタカナのコンピューターとひらがなのことば、そして漢字の文章を混ぜて書きます。
ｶﾀｶﾅの半角と全角のＡＢＣ、①②③と㍻も正規化されます。""".split("\n")
CODE = """def encode(self, text: str) -> list[int]:
    return [self.ids[t] for t in text.split()]  # 1,234 items
for (int i = 0; i < n; ++i) { total += x[i] * 2; }
if __name__ == "__main__":
    main(sys.argv[1:])""".split("\n")
CORPUS = (TRAIN + JAPANESE * 4 + CODE * 4) * 3
ODD = list("\u3000\u00a0\t\n\r\x0c\x00\x7f\u200b\u2581▁ｱｶﾞ①㍻ＡＢＣ\u0301\u0308é ΣΑΣ İ ß ﬁ 🙂👍🏽\ufffd") + \
    ["  ", "   ", "\n\n", "cafe\u0301", "Zu\u0308rich", "ab" * 30, "ｗｗｗ", "www", "lower", "...", "!?", "«»",
     "    ", " \t  ", "\u3000\u3000", "Ǆ", "ﬃ", "½", "Ⅻ", "ｶﾞ", "\u1100\u1161", "각",
     "👨\u200d👩\u200d👧", "🇩🇪",
     "Straße,", "Ärger!", "Привет,", "naïve", "e\u0301\u0301", "中文字符", "𠀀", "\U0010fffd", "\u0378"]
FRAGMENTS = sorted({w for line in CORPUS for w in line.split()}) + ODD


def texts():
    return st.lists(st.sampled_from(FRAGMENTS) | st.text(max_size=4), max_size=30).map(
        lambda parts: "".join(p + (" " if i % 3 else "") for i, p in enumerate(parts)))


PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                         HealthCheck.too_slow])


def long_text(size=200_000, seed=22):
    rng = random.Random(seed)
    parts, total = [], 0
    while total < size:
        line = rng.choice(CORPUS + ["".join(rng.choice(FRAGMENTS) for _ in range(8))])
        parts.append(line)
        total += len(line) + 1
    return "\n".join(parts)


SIZES = {"unigram": 800, "unigram-bytes": 1100, "ja": 600, "bpe": 1100, "bpe-spaces": 1100}


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    folder = tmp_path_factory.mktemp("speed")
    (folder / "train.txt").write_text("\n".join(CORPUS) + "\n", "utf-8")
    (folder / "ja.txt").write_text("\n".join(JAPANESE * 20) + "\n", "utf-8")
    common = dict(minloglevel=2, num_threads=1, hard_vocab_limit=False, character_coverage=0.995)
    out = {}
    # As Mistral's: pieces of nothing but ▁ (so merges join ▁ on the right), spaces kept as they are.
    (folder / "spaces.txt").write_text("".join(line.replace(" ", "    ", 1) + "\n" for line in CORPUS), "utf-8")
    spaces = {"byte_fallback": True, "allow_whitespace_only_pieces": True, "remove_extra_whitespaces": False,
              "normalization_rule_name": "identity"}
    for name, source, kind, extra in (("unigram", "train.txt", "unigram", {}),
                                      ("unigram-bytes", "train.txt", "unigram", {"byte_fallback": True}),
                                      ("ja", "ja.txt", "unigram", {}),
                                      ("bpe", "train.txt", "bpe", {"byte_fallback": True}),
                                      ("bpe-spaces", "spaces.txt", "bpe", spaces)):
        spm.SentencePieceTrainer.train(input=str(folder / source), model_prefix=str(folder / name), model_type=kind,
                                       vocab_size=SIZES[name], **common, **extra)
        path = folder / f"{name}.model"
        asset = import_file(path, "spm").asset
        out[name] = (wrap(asset["kind"], assets.build_tokenizer(asset)),
                     spm.SentencePieceProcessor(model_file=str(path)))
    bert = tokenizers.Tokenizer(tokenizers.models.WordPiece(unk_token="[UNK]"))
    bert.normalizer = tokenizers.normalizers.BertNormalizer(lowercase=True)
    bert.pre_tokenizer = tokenizers.pre_tokenizers.BertPreTokenizer()
    bert.train_from_iterator(CORPUS, tokenizers.trainers.WordPieceTrainer(
        vocab_size=600, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]"], show_progress=False))
    vocab = sorted(bert.get_vocab().items(), key=lambda kv: kv[1])
    (folder / "vocab.txt").write_text("".join(t + "\n" for t, _ in vocab), "utf-8")
    asset = import_file(folder / "vocab.txt", "bert-vocab").asset
    hf = tokenizers.BertWordPieceTokenizer(str(folder / "vocab.txt"), lowercase=True)
    out["bert"] = (wrap(asset["kind"], assets.build_tokenizer(asset)), hf)
    return out


def plain_unigram_ids(model, text):
    """The plain path: character-by-character normalization, the whole lattice, its Viterbi."""
    normalized = model.pipeline.normalize_plain(text)
    return list(model._encoding(normalized, model.lattice(normalized.text).viterbi()).ids)


# ==== unigram ====

@pytest.mark.parametrize("name", ["unigram", "unigram-bytes", "ja"])
@PROPERTY
@given(text=texts())
def test_unigram_ids_are_the_plain_and_sentencepiece_ids(trained, name, text):
    ours, sp = trained[name]
    model = ours.model
    assert model.pipeline.normalize_text(text) == model.pipeline.normalize_plain(text).text
    assert model.pipeline.normalize(text) == model.pipeline.normalize_plain(text)
    ids = ours.encode_ids(text)
    assert ids == plain_unigram_ids(model, text) == sp.encode(text)
    assert list(model.encode(text).ids) == ids


@pytest.mark.parametrize("name", ["unigram", "ja", "unigram-bytes"])
def test_unigram_one_long_string_matches_sentencepiece(trained, name):
    ours, sp = trained[name]
    text = long_text(seed=len(name))
    assert len(text) >= 200_000
    expected = sp.encode(text)
    got = ours.encode_ids(text)
    first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), None)
    assert got == expected, f"first difference at token {first} of {len(expected)}"
    assert abs(ours.model.encode(text).score) > 100_000  # past SentencePiece's rebasing threshold
    if name == "unigram":
        assert plain_unigram_ids(ours.model, text) == expected


def tie_model():
    """'w'+'ww' and 'ww'+'w' score exactly the same: where the sums are
    large, float32 rounding decides."""
    rows = [("<unk>", 0.0, "unknown"), ("▁", -1.5), ("w", -7.466517448425293), ("ww", -9.479676246643066),
            ("x", -3.25), ("xx", -6.0), ("▁x", -4.0), ("y", -11.0)]
    return from_pieces(rows, pipeline=Pipeline(normalization="identity"), float32=True)


def lattice_path(model, text):
    nodes = model.lattice(text).viterbi().nodes
    return [n.end for n in nodes], [UNKNOWN_NODE if n.unknown else n.id for n in nodes]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["www", "wwww", "xw", "x", "xx", "ww", "y", "z", "▁"]), min_size=1, max_size=60),
       st.integers(min_value=0, max_value=40_000))
def test_the_search_is_the_lattice_viterbi_through_ties_and_rebasing(words, prefix):
    model = tie_model()
    text = model.pipeline.normalize_text("x" * prefix + " " + " ".join(words))
    assert model.search(text) == lattice_path(model, text)


def near_tie_model():
    """'v'+'v' beats 'vv' by 2**-20 (scores exact in float32): from a sum
    near -50,000, where float32's step is 2**-8, both round to the same
    value and the first found ('vv') stays.  'u'+'u' beats 'uu' by 2**-14,
    which rounding decides from a few thousand on."""
    rows = [("<unk>", 0.0, "unknown"), ("▁", -1.5), ("v", -2.5), ("vv", -5.0 - 2.0 ** -20), ("x", -3.25),
            ("xx", -6.0), ("u", -2.5), ("uu", -5.0 - 2.0 ** -14)]
    return from_pieces(rows, pipeline=Pipeline(normalization="identity"), float32=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["vv", "vvv", "v", "vvvv", "xv", "▁"]), min_size=1, max_size=60),
       st.integers(min_value=0, max_value=40_000))
def test_the_search_follows_rounding_where_it_decides_a_narrow_margin(words, prefix):
    model = near_tie_model()
    text = model.pipeline.normalize_text("x" * prefix + " " + " ".join(words))
    assert model.search(text) == lattice_path(model, text)


def test_rounding_turns_a_margin_over_at_some_sums_only():
    """'v'+'v' beats 'vv' by 12/1024, one and a half float32 steps of a
    sum beyond -65,536: three roundings (two for 'v'+'v', one for 'vv')
    turn it over at some sums there."""
    rows = [("<unk>", 0.0, "unknown"), ("▁", -1.5), ("v", -2.51171875), ("vv", -5.03515625),
            ("x", -3.25), ("xx", -6.0)]
    model = from_pieces(rows, pipeline=Pipeline(normalization="identity"), float32=True)
    text = model.pipeline.normalize_text("xx " * 8700 + " ".join(["vv", "xx", "xx"] * 1600))
    expected = lattice_path(model, text)
    assert model.search(text) == expected
    vv = next(i for i, p in enumerate(model.pieces) if p.piece == "vv")
    assert 0 < expected[1].count(vv) < 1600  # turned over by rounding at some sums ('v v' wins exactly)


def test_a_narrow_margin_is_decided_by_rounding_far_from_zero():
    # What the tests above rely on: near 0 'v v' wins, near -60,000 'vv' does.
    model = near_tie_model()
    assert [n.end for n in model.lattice("▁vv").viterbi().nodes] == [1, 2, 3]
    far = model.lattice("x" * 20_000 + "▁vv").viterbi().nodes
    assert [n.end for n in far[-2:]] == [20_001, 20_003]


@pytest.mark.parametrize("name", ["unigram", "unigram-bytes"])
@PROPERTY
@given(text=texts())
def test_unigram_encoding_is_the_inspected_one(trained, name, text):
    """The fast columns (spans, bytes, texts, flags, words) equal those read
    off the aligned stages (core.tokenizer.stage_kinds)."""
    ours, _ = trained[name]
    assert ours.encode(text) == plain_encoding(ours, text)


def plain_encoding(tokenizer, text):
    from core.tokenizer import stage_kinds

    fast = tokenizer._table
    tokenizer._table = lambda t: stage_kinds.model_table(tokenizer.model, tokenizer.kind, t, memo={})
    try:
        return tokenizer.encode(text)
    finally:
        tokenizer._table = fast


# ==== SentencePiece BPE ====

@PROPERTY
@given(text=texts())
def test_spm_bpe_chunks_give_the_model_and_sentencepiece_ids(trained, text):
    ours, sp = trained["bpe"]
    assert ours._chunked is not None
    assert ours.encode_ids(text) == ours.model.encode_ids(text) == sp.encode(text)


@PROPERTY
@given(text=texts())
def test_spm_bpe_encoding_is_the_inspected_one(trained, text):
    ours, _ = trained["bpe"]
    assert ours.encode(text) == plain_encoding(ours, text)


@PROPERTY
@given(text=texts())
def test_spm_bpe_with_space_merges_encoding_is_the_inspected_one(trained, text):
    """A model whose ▁ pieces merge (▁▁): encoded per space run, as its IDs are."""
    ours, sp = trained["bpe-spaces"]
    assert ours._chunked is None and ours.model.splits_space_runs
    assert ours.encode_ids(text) == sp.encode(text)
    assert ours.encode(text) == plain_encoding(ours, text)


@PROPERTY
@given(text=texts(), raw=st.booleans())
def test_spm_bpe_encoding_with_added_tokens_is_the_inspected_one(trained, text, raw):
    """Added tokens cut out of the raw text (specials) or of the normalized
    text (user pieces) between the space runs."""
    from dataclasses import replace

    from core.pipeline.added import AddedToken

    for name in ("bpe", "bpe-spaces"):
        model = trained[name][0].model
        top = max(i for _, i in model.vocab) + 1
        added = (AddedToken("<sep>", top, special=True, normalized=False),
                 AddedToken("<user>", top + 1, special=False, normalized=True))
        grown = replace(model.model, vocab=(*model.vocab, ("<sep>", top), ("<user>", top + 1)))
        ours = wrap("bpe", replace(model, model=grown, added=added))
        probe = f"<sep>{text} <sep><user>  x<sep>" if raw else f"{text}<user>{text} <user>"
        assert ours.encode(probe) == plain_encoding(ours, probe)


@pytest.mark.parametrize("name", ["bpe", "bpe-spaces", "unigram", "unigram-bytes", "ja", "bert"])
def test_one_long_string_encoding_is_the_inspected_one(trained, name):
    """200,000 characters in one string: every field of the fast Encoding
    is the inspected one (the pieces are cut into stretches there)."""
    ours, _ = trained[name]
    text = long_text(seed=len(name) + 11)
    assert len(text) >= 200_000
    fast, plain = ours.encode(text), plain_encoding(ours, text)
    assert list(fast.ids) == ours.encode_ids(text)
    for field in fast._fields:
        got, expected = getattr(fast, field), getattr(plain, field)
        first = next((i for i, (a, b) in enumerate(zip(got, expected)) if a != b), None)
        assert got == expected, f"{field}: first difference at token {first} of {len(expected)}"


def test_spm_bpe_one_long_string_matches_sentencepiece(trained):
    ours, sp = trained["bpe"]
    text = long_text(seed=5)
    assert ours.encode_ids(text) == sp.encode(text)
    middle = text[:20_000]
    assert ours.model.encode_ids(middle) == ours.encode_ids(middle)


def test_spm_bpe_chunks_step_aside_for_merges_across_a_space(trained):
    from core.tokenizer import spm_bpe
    from core.tokenizer.imported_bpe import ImportedBPE

    normalizer = {"type": "sentencepiece", "normalization": "identity", "add_dummy_prefix": True,
                  "remove_extra_whitespaces": True}
    model = ImportedBPE.build((("▁", 0), ("a", 1), ("▁a", 2)), (("▁", "a"),), normalizer=normalizer)
    assert spm_bpe.chunked(model)("a a  aa") == model.encode_ids("a a  aa") == [2, 2, 2, 1]
    for merges in ((("▁", "a"), ("a", "▁a")), (("a", "▁"),)):  # a symbol that starts with ▁ joins one on its left
        vocab = {t for pair in merges for t in (*pair, pair[0] + pair[1])} | {"▁", "a"}
        crossing = ImportedBPE.build(tuple((t, i) for i, t in enumerate(sorted(vocab))), merges,
                                       normalizer=normalizer)
        assert spm_bpe.chunked(crossing) is None
    missing = ImportedBPE.build((("a", 0), ("<unk>", 1)), (), unk="<unk>", fuse_unk=True, normalizer=normalizer)
    assert spm_bpe.chunked(missing) is None  # an unknown ▁ would fuse with unknown characters before it


# ==== native IDs laid over the text ====

SENTENCEPIECE = ["unigram", "unigram-bytes", "ja", "bpe", "bpe-spaces"]


@pytest.mark.parametrize("name", SENTENCEPIECE)
@PROPERTY
@given(text=texts(), specials=st.booleans())
def test_sentencepiece_ids_laid_over_a_text_give_the_reference_encoding(trained, name, text, specials):
    """Never another Encoding: the reference's, or None (the IDs alone do
    not say where an unknown run ends, and the caller encodes)."""
    ours, sp = trained[name]
    assert ours.lays_ids
    laid = ours.encode_from_ids(text, sp.encode(text), add_special_tokens=specials)
    assert laid is None or laid == ours.encode(text, add_special_tokens=specials)


@pytest.mark.parametrize("name", SENTENCEPIECE)
def test_sentencepiece_ids_laid_over_a_long_string_and_odd_texts(trained, name):
    ours, sp = trained[name]
    for text in [long_text(seed=len(name) + 3), *ODD, " ".join(ODD), "".join(ODD), ""]:
        laid = ours.encode_from_ids(text, sp.encode(text))
        assert laid is not None and laid == ours.encode(text), text[:40]


def test_ids_that_do_not_lay_over_the_text_say_none(trained):
    ours, sp = trained["unigram"]
    ids = sp.encode("hello world")
    assert ours.encode_from_ids("hello world", ids) is not None
    assert ours.encode_from_ids("hello there", ids) is None
    assert ours.encode_from_ids("hello world", ids[:-1]) is None
    assert ours.encode_from_ids("hello world", [*ids, ids[0]]) is None
    assert ours.encode_from_ids("hello world", [10 ** 6]) is None


def unknown_runs_model():
    """Pieces that start with characters no one-character piece spells
    ('Xa', 'YX'): where an unknown run ends, only the next piece can say."""
    rows = [("<unk>", 0.0, "unknown"), ("▁", -1.0), ("a", -2.0), ("b", -2.0), ("Xa", -1.5), ("YX", -9.0),
            ("▁b", -1.5), ("ab", -2.5)]
    return from_pieces(rows, pipeline=Pipeline(normalization="identity"), float32=True)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(list("abXYZ ")), max_size=24))
def test_unknown_runs_are_laid_where_only_one_length_fits(text):
    ours = wrap("unigram", unknown_runs_model())
    laid = ours.encode_from_ids(text, ours.encode_ids(text))
    assert laid is None or laid == ours.encode(text)
    if "X" not in text and "Y" not in text:
        assert laid == ours.encode(text)  # every unknown run ends before a piece's own character


def test_an_unknown_run_no_length_of_which_is_certain_is_not_laid():
    ours = wrap("unigram", unknown_runs_model())
    assert ours.encode_ids("ZXa") == [1, 0, 4]  # ▁, <unk> for Z, then Xa
    assert ours.encode_from_ids("ZXa", [1, 0, 4]) == ours.encode("ZXa")  # only Z can be the run: Xa follows
    assert ours.encode_from_ids("ZXaXa", [1, 0, 4]) is None  # no run length lets Xa end the text
    assert ours.encode_from_ids("ZYXYX", [1, 0, 5]) is None  # YX could follow Z or ZYX


# ==== WordPiece ====

@PROPERTY
@given(text=texts())
def test_wordpiece_fast_ids_are_the_plain_and_hf_ids(trained, text):
    ours, hf = trained["bert"]
    assert ours.encode_ids(text) == list(ours.model.encode(text).ids) == hf.encode(text, add_special_tokens=False).ids


@PROPERTY
@given(text=texts(), added=st.booleans())
def test_wordpiece_encoding_is_the_inspected_one(trained, text, added):
    ours, _ = trained["bert"]
    text = f"[CLS] {text}[SEP]x" if added else text
    assert ours.encode(text) == plain_encoding(ours, text)


@settings(max_examples=80, deadline=None)
@given(text=texts(), basic=st.sampled_from([None, BasicTokenizer(), BasicTokenizer(lowercase=False, hf=True),
                                            BasicTokenizer(handle_chinese_chars=False, strip_accents=True)]))
def test_wordpiece_encoding_without_or_with_other_basic_stages(text, basic):
    from core.models.wordpiece import WordPiece

    vocab = ("[UNK]", "[CLS]", "a", "b", "ab", "##b", "##a", "the", "##re", "e", "##e", "中", "σ", "ς", ",", "##s")
    ours = wrap("wordpiece", WordPiece(vocab, basic=basic, added=("[CLS]",), max_input_chars_per_word=12))
    for probe in (text, f"[CLS]{text} ΟΔΟΣ the,re"):
        assert ours.encode(probe) == plain_encoding(ours, probe)
        assert ours.encode_ids(probe) == list(ours.model.encode(probe).ids)


def test_wordpiece_one_long_string_matches_hf(trained):
    ours, hf = trained["bert"]
    text = long_text(seed=7)
    assert ours.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids


@settings(max_examples=150, deadline=None)
@given(text=texts(), hf=st.booleans(), lowercase=st.booleans(), accents=st.sampled_from([None, True, False]),
       chinese=st.booleans(), punctuation=st.booleans(), clean=st.booleans())
def test_basic_words_are_the_last_stage(text, hf, lowercase, accents, chinese, punctuation, clean):
    basic = BasicTokenizer(clean_text=clean, handle_chinese_chars=chinese, lowercase=lowercase,
                           strip_accents=accents, split_punctuation=punctuation, hf=hf)
    assert basic.words(text) == list(basic.stages(text)[-1].words)
    assert basic.words(text) == list(basic.stages(text)[-1].words)  # the kept tables give the same again


# ==== normalization ====

@pytest.mark.parametrize("rule", ["nmt_nfkc", "nfkc_cf", "nmt_nfkc_cf"])
@PROPERTY
@given(text=texts(), squeeze=st.booleans(), prefix=st.booleans(), escape=st.booleans(), suffix=st.booleans())
def test_normalize_over_stretches_is_normalize_one_segment_at_a_time(charsmaps, rule, text, squeeze, prefix, escape, suffix):
    pipeline = Pipeline(normalization="precompiled", charsmap=charsmaps[rule], add_dummy_prefix=prefix,
                        remove_extra_whitespaces=squeeze, escape_whitespaces=escape, treat_whitespace_as_suffix=suffix,
                        protected=("ab", "▁x", "ｗｗ") if squeeze else ())
    assert pipeline.normalize_text(text) == pipeline.normalize_plain(text).text
    assert pipeline.normalize(text) == pipeline.normalize_plain(text)


@pytest.fixture(scope="module")
def charsmaps(tmp_path_factory):
    from core.spm_proto import parse_model
    from core.pipeline.charsmap import Charsmap

    folder = tmp_path_factory.mktemp("rules")
    (folder / "train.txt").write_text("\n".join(CORPUS) + "\n", "utf-8")
    out = {}
    for rule in ("nmt_nfkc", "nfkc_cf", "nmt_nfkc_cf"):
        spm.SentencePieceTrainer.train(input=str(folder / "train.txt"), model_prefix=str(folder / rule), vocab_size=800,
                                       normalization_rule_name=rule, hard_vocab_limit=False, minloglevel=2,
                                       num_threads=1)
        proto = parse_model((folder / f"{rule}.model").read_bytes())
        out[rule] = Charsmap(proto["normalizer"]["precompiled_charsmap"])
    return out


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["<a>", "<ab>", "<a", "ab>", "a", "b", "<", ">", "▁", " "]), max_size=30),
       st.lists(st.sampled_from(["<a>", "<ab>", "<a", "ab>", "b>"]), min_size=1, max_size=4))
def test_protected_pieces_found_by_one_pattern_are_the_longest_at_each_place(parts, protected):
    from core.pipeline.charsmap import longest_protected
    from core.pipeline.normalize import _protected_runs

    text = "".join(parts)
    pipeline = Pipeline(normalization="identity", protected=tuple(protected))
    expected, at = [], 0
    while at < len(text):
        hit = longest_protected(pipeline._matcher, text, at)
        if hit:
            expected.append((at, at + len(hit), hit))
        at += len(hit) if hit else 1
    assert list(_protected_runs(text, pipeline._protected)) == expected
