"""The fast paths of SentencePiece models and WordPiece give exactly the IDs
of the plain paths and of the real libraries (issue 22).

Models are trained here (``sentencepiece.SentencePieceTrainer``, HF
``tokenizers``) on a small multilingual text; hypothesis draws texts from
its words, odd characters and whitespace; long single strings (200,000+
characters, where unigram path scores pass SentencePiece's rebasing
threshold) are checked too.
"""

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

from core import assets  # noqa: E402
from core.formats import import_file  # noqa: E402
from core.models.unigram import from_pieces  # noqa: E402
from core.models.unigram.fast import UNKNOWN, Segmenter  # noqa: E402
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

def test_loading_an_asset_builds_the_search_tables(trained):
    """The first long encode pays no trie building (sentencepiece builds its tables on load)."""
    segmenter = trained["ja"][0].model.segmenter
    assert "arrays" in segmenter.__dict__ and "id_scores" in segmenter.__dict__  # the trie, its pairs, the scores by ID


@pytest.mark.parametrize("name", ["unigram", "unigram-bytes", "ja"])
@PROPERTY
@given(text=texts())
def test_unigram_fast_ids_are_the_plain_and_sentencepiece_ids(trained, name, text):
    ours, sp = trained[name]
    model = ours.model
    assert model.pipeline.normalize_text(text) == model.pipeline.normalize_plain(text).text
    assert model.pipeline.normalize(text) == model.pipeline.normalize_plain(text)
    fast = ours.encode_ids(text)
    assert fast == plain_unigram_ids(model, text) == sp.encode(text)
    assert list(model.encode(text).ids) == fast


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
    large, float32 rounding decides, so the cache must step aside."""
    rows = [("<unk>", 0.0, "unknown"), ("▁", -1.5), ("w", -7.466517448425293), ("ww", -9.479676246643066),
            ("x", -3.25), ("xx", -6.0), ("▁x", -4.0), ("y", -11.0)]
    return from_pieces(rows, pipeline=Pipeline(normalization="identity"), float32=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["www", "wwww", "xw", "x", "xx", "ww", "y", "z", "▁"]), min_size=1, max_size=60),
       st.integers(min_value=0, max_value=40_000))
def test_segmenter_cache_steps_aside_for_ties_and_rebasing(words, prefix):
    model = tie_model()
    text = model.pipeline.normalize_text("x" * prefix + " " + " ".join(words))
    cached = Segmenter(model).path(text)
    plain = model.lattice(text).viterbi()
    assert cached == Segmenter(model, cache=False).path(text)
    # The short walk (one chunk at a time) and the long one (numpy) agree.
    assert Segmenter(model)._short_path(text) == cached == _long_path(Segmenter(model), text)
    assert cached[0] == [n.end for n in plain.nodes]
    assert cached[1] == [UNKNOWN if n.unknown else n.id for n in plain.nodes]


def near_tie_model():
    """'v'+'v' beats 'vv' by 2**-20 (scores exact in float32): from a sum
    near -50,000, where float32's step is 2**-8, both round to the same
    value and the first found ('vv') stays, so the cached path (certified
    from 0) must not be taken there.  'u'+'u' beats 'uu' by 2**-14, which
    rounding decides from a few thousand on."""
    rows = [("<unk>", 0.0, "unknown"), ("▁", -1.5), ("v", -2.5), ("vv", -5.0 - 2.0 ** -20), ("x", -3.25),
            ("xx", -6.0), ("u", -2.5), ("uu", -5.0 - 2.0 ** -14)]
    return from_pieces(rows, pipeline=Pipeline(normalization="identity"), float32=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["vv", "vvv", "v", "vvvv", "xv", "▁"]), min_size=1, max_size=60),
       st.integers(min_value=0, max_value=40_000))
def test_the_cache_steps_aside_where_rounding_decides_a_narrow_margin(words, prefix):
    model = near_tie_model()
    text = model.pipeline.normalize_text("x" * prefix + " " + " ".join(words))
    plain = model.lattice(text).viterbi()
    expected = ([n.end for n in plain.nodes], [UNKNOWN if n.unknown else n.id for n in plain.nodes])
    assert Segmenter(model).path(text) == expected == Segmenter(model, cache=False).path(text)
    assert Segmenter(model)._short_path(text) == expected == _long_path(Segmenter(model), text)


@pytest.mark.parametrize("words", [768, 1792, 3840, 5000])
def test_the_score_carries_from_window_to_window(words):
    """Thousands of chunks take several windows of the walk (256 chunks,
    then doubling); narrow 'uu' and 'vv' at the start of one are decided by
    the score carried over the chunks before (far from 0, 'uu' wins)."""
    model = near_tie_model()
    text = model.pipeline.normalize_text(" ".join(["xx"] * words + ["uu", "vv"] * 3))
    plain = model.lattice(text).viterbi()
    expected = ([n.end for n in plain.nodes], [UNKNOWN if n.unknown else n.id for n in plain.nodes])
    assert _long_path(Segmenter(model), text) == expected
    uu = next(i for i, p in enumerate(model.pieces) if p.piece == "uu")
    assert expected[1].count(uu) == 3


def wide_tie_model():
    """'v'+'v' beats 'vv' by 12/1024, one and a half float32 steps of a
    sum beyond -65,536: three roundings (two for 'v'+'v', one for 'vv')
    turn it over at some sums there.  The margin a cached path needs
    (walk.wide) is some 2.7 times that margin there: taking a third of it
    would take the cached 'v v' where the search finds 'vv'."""
    rows = [("<unk>", 0.0, "unknown"), ("▁", -1.5), ("v", -2.51171875), ("vv", -5.03515625),
            ("x", -3.25), ("xx", -6.0)]
    return from_pieces(rows, pipeline=Pipeline(normalization="identity"), float32=True)


def test_the_margin_a_cached_path_needs_covers_every_rounding():
    model = wide_tie_model()
    text = model.pipeline.normalize_text("xx " * 8700 + " ".join(["vv", "xx", "xx"] * 1600))
    plain = model.lattice(text).viterbi()
    expected = ([n.end for n in plain.nodes], [UNKNOWN if n.unknown else n.id for n in plain.nodes])
    assert Segmenter(model).path(text) == expected == _long_path(Segmenter(model), text)
    vv = next(i for i, p in enumerate(model.pieces) if p.piece == "vv")
    assert 0 < expected[1].count(vv) < 1600  # turned over by rounding at some sums ('v v' wins exactly)


@pytest.mark.parametrize("trusted, together, wrong_max, work", [
    (1, 0, 10 ** 9, 1 << 20), (32, 160, 4, 1 << 20), (10 ** 9, 0, 10 ** 9, 1 << 20), (10 ** 9, 0, 10 ** 9, 64),
    (10 ** 9, 10 ** 9, 10 ** 9, 1 << 20), (32, 0, 0, 1 << 20)])
def test_trusted_chunks_found_wrong_send_the_walk_back(monkeypatch, trusted, together, wrong_max, work):
    """Near ties turned over by rounding: trusted narrow chunks are searched
    one by one or together, early or at the end, and the walk goes back to
    each found wrong (or searches them as met)."""
    from core.models.unigram import walk

    monkeypatch.setattr(walk, "TRUSTED", trusted)
    monkeypatch.setattr(walk, "TRUSTED_MAX", max(trusted, 4096))
    monkeypatch.setattr(walk, "TOGETHER_MIN", together)
    monkeypatch.setattr(walk, "CERTIFY_WORK", work)  # 64: searched together a few chunks at a time
    monkeypatch.setattr(walk, "WRONG_MAX", wrong_max)
    model = wide_tie_model()
    text = model.pipeline.normalize_text("xx " * 8700 + " ".join(["vv", "vvv", "xx", "vvvv"] * 1200))
    plain = model.lattice(text).viterbi()
    expected = ([n.end for n in plain.nodes], [UNKNOWN if n.unknown else n.id for n in plain.nodes])
    found = []
    first_wrong = walk._Walk._first_wrong

    def counted(self):
        wrong = first_wrong(self)
        found.append(wrong is not None)
        return wrong
    monkeypatch.setattr(walk._Walk, "_first_wrong", counted)
    assert _long_path(Segmenter(model), text) == expected
    if wrong_max:
        assert any(found)  # some trusted ones were wrong


def test_a_narrow_margin_is_decided_by_rounding_far_from_zero():
    # What the test above relies on: near 0 'v v' wins, near -60,000 'vv' does.
    model = near_tie_model()
    assert [n.end for n in model.lattice("▁vv").viterbi().nodes] == [1, 2, 3]
    far = model.lattice("x" * 20_000 + "▁vv").viterbi().nodes
    assert [n.end for n in far[-2:]] == [20_001, 20_003]


def _long_path(segmenter, text):
    from core.models.unigram import walk

    cuts = segmenter._cuts(text)
    bounds = cuts.tolist()
    ends, ids = walk.walk(segmenter, text, cuts, walk.Entries(segmenter, [text[a:b] for a, b in zip(bounds, bounds[1:])]))
    return ends.tolist(), ids.tolist()


def certify_all(segmenter, chunks):
    return segmenter.certified_together(chunks)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(st.sampled_from(list("wxyz▁ww")), min_size=1, max_size=70), min_size=1, max_size=30))
def test_chunks_certified_together_as_one_by_one(chunks):
    segmenter = Segmenter(tie_model())
    assert certify_all(segmenter, chunks) == [segmenter._certified(c) for c in chunks]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(st.sampled_from(["a", "🙂", "\U0010fffd", "中", "▁"]), min_size=1, max_size=20),
                min_size=1, max_size=30))
def test_pieces_beyond_the_first_plane_certify_as_one_by_one(chunks):
    """Characters from U+10000 on miss the root's array and go through the edge table."""
    rows = [("<unk>", 0.0, "unknown"), ("▁", -1.5), ("a", -2.0), ("🙂", -3.0), ("🙂🙂", -4.5), ("a🙂", -4.0),
            ("🙂a", -4.25), ("中🙂", -5.0), ("\U0010fffd", -6.0)]
    segmenter = Segmenter(from_pieces(rows, pipeline=Pipeline(normalization="identity"), float32=True))
    assert certify_all(segmenter, chunks) == [segmenter._certified(c) for c in chunks]


def test_new_chunks_are_certified_in_bounded_groups(trained, monkeypatch):
    from core.models.unigram import certify as solving, walk

    ours, sp = trained["ja"]
    certify, solve, groups, solved = walk.certify, solving._solve, [], []

    def counted(trie, chunks, *args):
        groups.append(sum(map(len, chunks)))
        return certify(trie, chunks, *args)

    def solved_counted(trie, points, *args):
        solved.append(points.size)
        return solve(trie, points, *args)
    monkeypatch.setattr(walk, "certify", counted)
    monkeypatch.setattr(solving, "_solve", solved_counted)
    segmenter = Segmenter(ours.model)
    monkeypatch.setattr(walk, "CERTIFY_CHARS", 100)
    monkeypatch.setattr(walk, "CERTIFY_WORK", 40 * segmenter.longest)  # segments solved 64 characters (CACHE_CHARS) at a time
    text = ours.model.pipeline.normalize_text(long_text(seed=5)[:30_000])
    assert segmenter.path(text) == Segmenter(ours.model, cache=False).path(text)
    assert len(segmenter.cache) > 100
    assert len(groups) > 5 and max(groups) <= 100  # over the limit only where one chunk alone is
    assert max(solved) <= 64 and sum(solved) < sum(groups)  # equal segments solved once


@pytest.mark.parametrize("name", ["unigram", "ja", "unigram-bytes"])
def test_real_chunks_certified_together_as_one_by_one(trained, name):
    ours, _ = trained[name]
    segmenter = ours.model.segmenter
    text = ours.model.pipeline.normalize_text(long_text(seed=3)[:60_000])
    cuts = segmenter._cuts(text).tolist()
    chunks = [c for c in dict.fromkeys(text[a:b] for a, b in zip(cuts, cuts[1:])) if len(c) <= 64]
    assert len(chunks) > 100
    assert certify_all(segmenter, chunks) == [segmenter._certified(c) for c in chunks]


@pytest.mark.parametrize("name", ["unigram", "unigram-bytes"])
@PROPERTY
@given(text=texts())
def test_unigram_encoding_is_the_inspected_one(trained, name, text):
    """The fast columns (spans, bytes, texts, flags, words) equal those read
    off the aligned stages (core.inspect.stage_kinds)."""
    ours, _ = trained[name]
    assert ours.encode(text) == plain_encoding(ours, text)


def plain_encoding(tokenizer, text):
    from core.inspect import stages

    fast = tokenizer._table
    tokenizer._table = lambda t: stages.model_table(tokenizer.model, tokenizer.kind, t, memo={})
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
    from core.models import bpe_model

    ours, sp = trained["bpe-spaces"]
    assert ours._chunked is None and ours.model._split is bpe_model._space_split
    assert ours.encode_ids(text) == sp.encode(text)
    assert ours.encode(text) == plain_encoding(ours, text)


@PROPERTY
@given(text=texts(), raw=st.booleans())
def test_spm_bpe_encoding_with_added_tokens_is_the_inspected_one(trained, text, raw):
    """Added tokens cut out of the raw text (specials) or of the normalized
    text (user pieces) between the space runs."""
    from dataclasses import replace

    from core.models.bpe_model import AddedToken

    for name in ("bpe", "bpe-spaces"):
        model = trained[name][0].model
        top = max(i for _, i in model.vocab) + 1
        added = (AddedToken("<sep>", top, special=True, normalized=False),
                 AddedToken("<user>", top + 1, special=False, normalized=True))
        ours = wrap("bpe", replace(model, vocab=(*model.vocab, ("<sep>", top), ("<user>", top + 1)), added=added))
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
    for field in fast.__dataclass_fields__:
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
    from core.models import bpe_model, spm_bpe

    normalizer = {"type": "sentencepiece", "normalization": "identity", "add_dummy_prefix": True,
                  "remove_extra_whitespaces": True}
    model = bpe_model.BPEModel((("▁", 0), ("a", 1), ("▁a", 2)), (("▁", "a"),), normalizer=normalizer)
    assert spm_bpe.chunked(model)("a a  aa") == model.encode_ids("a a  aa") == [2, 2, 2, 1]
    for merges in ((("▁", "a"), ("a", "▁a")), (("a", "▁"),)):  # a symbol that starts with ▁ joins one on its left
        vocab = {t for pair in merges for t in (*pair, pair[0] + pair[1])} | {"▁", "a"}
        crossing = bpe_model.BPEModel(tuple((t, i) for i, t in enumerate(sorted(vocab))), merges,
                                      normalizer=normalizer)
        assert spm_bpe.chunked(crossing) is None
    missing = bpe_model.BPEModel((("a", 0), ("<unk>", 1)), (), unk="<unk>", fuse_unk=True, normalizer=normalizer)
    assert spm_bpe.chunked(missing) is None  # an unknown ▁ would fuse with unknown characters before it


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
    from core.formats.spm import parse_model
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
    from core.pipeline.normalize import _protected_runs, longest_protected

    text = "".join(parts)
    pipeline = Pipeline(normalization="identity", protected=tuple(protected))
    expected, at = [], 0
    while at < len(text):
        hit = longest_protected(pipeline._matcher, text, at)
        if hit:
            expected.append((at, at + len(hit), hit))
        at += len(hit) if hit else 1
    assert list(_protected_runs(text, pipeline._protected)) == expected


def test_two_threads_filling_one_cache_get_the_ids_of_one(trained, monkeypatch):
    import threading
    import time

    from core.models.unigram import walk

    certify = walk.certify

    def slow(*args):
        found = certify(*args)
        time.sleep(0.002)  # another thread runs here: only the lock keeps the store's places in step
        return found
    monkeypatch.setattr(walk, "certify", slow)
    ours, sp = trained["ja"]
    monkeypatch.setattr(walk, "CERTIFY_WORK", 2000 * ours.model.segmenter.longest)
    texts = [long_text(seed=seed)[:40_000] for seed in (11, 12, 13, 14)]
    expected = [sp.encode(text) for text in texts]
    model = ours.model
    object.__setattr__(model, "_segmenter", Segmenter(model))  # an empty cache both threads fill
    got = {}

    def run(k):
        got[k] = model.encode_ids(texts[k])
    workers = [threading.Thread(target=run, args=(k,)) for k in range(len(texts))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert [got[k] for k in range(len(texts))] == expected


@pytest.mark.parametrize("name", ["unigram", "unigram-bytes", "ja"])
def test_lines_certified_together_are_each_lines_ids(trained, name, monkeypatch):
    from core.tokenizer import parallel

    ours, sp = trained[name]
    rng = random.Random(len(name))
    lines = CORPUS + ["".join(rng.choice(FRAGMENTS) + rng.choice(["", " ", "  "]) for _ in range(12))
                      for _ in range(300)] + ["", " ", "x" * 1500]
    searched, walked = [], []
    monkeypatch.setitem(ours.model.__dict__, "_segmenter", Segmenter(ours.model))  # a cache of its own
    certified, path = Segmenter._certified, Segmenter.path
    monkeypatch.setattr(Segmenter, "_certified", lambda self, chunk: searched.append(chunk) or certified(self, chunk))
    monkeypatch.setattr(Segmenter, "path", lambda self, text: walked.append(text) or path(self, text))
    got = ours.encode_ids_many(lines)
    assert searched == []  # every new chunk of a short line was certified in the batch
    assert len(ours.model.segmenter.cache) > 100
    assert len(walked) < len(lines) / 4  # most lines are read from the store
    assert got == [sp.encode(line) for line in lines] == [ours.encode_ids(line) for line in lines]
    assert parallel.encode_lines(ours, lines, workers=1) == got  # the command line's --lines


def test_lines_read_from_the_store_step_aside_where_rounding_decides():
    # 'vv' or 'uu' after up to 320 words 'xx': float32 keeps them where exact sums say 'v v', 'u u'.
    model = near_tie_model()
    rng = random.Random(3)
    lines = [" ".join(["xx"] * rng.randint(0, 320)) + " " + " ".join(rng.choice(["vv", "v", "vvv", "xv", "x", "uu", "uuu"]) for _ in range(3))
             for _ in range(150)] + ["x xx x", "xx x", "v x"] * 40
    expected = [plain_unigram_ids(model, line) for line in lines]
    assert model.encode_ids_many(lines) == expected == [model.encode_ids(line) for line in lines]
    exact = replace(model, float32=False)  # sums in double: 'v v' wins everywhere
    assert any(plain_unigram_ids(exact, line) != ids for line, ids in zip(lines, expected))
