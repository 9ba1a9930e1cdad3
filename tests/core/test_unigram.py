"""Unigram LM: lattice, Viterbi, n-best and sampling against brute-force
enumeration; the EM-and-prune trainer; the round trip on the normalized
text; assets."""

import math
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings, strategies as st

from core import assets
from core.corpus import WordCorpus
from core.errors import AssetError, TokenizerError
from core.pipeline.normalize import BYTE_PIECES, Pipeline
from core.models.unigram import (
    BYTE,
    CONTROL,
    NORMAL,
    UNK_SURFACE,
    UNKNOWN,
    Piece,
    f32,
    from_pieces,
    normalized_corpus,
    sentence_corpus,
    train,
    words_of,
)
from core.models.unigram.em import (
    corpus_tokens as _corpus_tokens,
    expected_counts as _expected_counts,
    prune_losses as _prune_losses,
    word_lattices as _lattices,
)

ROWS = [("<unk>", 0.0, UNKNOWN), ("▁", -2.0), ("a", -3.0), ("b", -3.5), ("ab", -4.0), ("▁a", -3.0),
        ("▁ab", -6.5), ("c", -4.0), ("bc", -4.5), ("abc", -8.0), ("ca", -6.0)]
IDENTITY = Pipeline(normalization="identity")


def toy(**options):
    return from_pieces(ROWS, pipeline=IDENTITY, **options)


def brute_force(model, text):
    """Every split of ``text`` into vocabulary pieces (or unknown characters),
    with its score -- an oracle independent of the lattice code."""
    pieces = {p.piece: p.score for p in model.pieces if p.type == NORMAL}
    singles = {p for p in pieces if len(p) == 1}
    out = []

    def walk(start, parts, score):
        if start == len(text):
            out.append((tuple(parts), score))
            return
        for end in range(start + 1, len(text) + 1):
            sub = text[start:end]
            if sub in pieces:
                walk(end, parts + [sub], score + pieces[sub])
        if text[start] not in singles:
            walk(start + 1, parts + ["<unk>"], score + model.unk_score)

    walk(0, [], 0.0)
    return out


def node_pieces(model, path):
    return tuple(model.pieces[n.id].piece for n in path.nodes)


# ==== lattice and Viterbi ====

def test_lattice_lists_every_matching_piece():
    model = toy()
    lattice = model.lattice("▁abc")
    spans = [(n.start, n.end, model.pieces[n.id].piece) for n in lattice.nodes]
    assert spans == [(0, 1, "▁"), (0, 2, "▁a"), (0, 3, "▁ab"), (1, 2, "a"), (1, 3, "ab"), (1, 4, "abc"),
                     (2, 3, "b"), (2, 4, "bc"), (3, 4, "c")]


def test_viterbi_is_the_best_of_all_segmentations():
    model = toy()
    for text in ["▁abc", "▁ab▁a", "▁cab", "▁abcab"]:
        best = max(brute_force(model, text), key=lambda item: item[1])
        path = model.lattice(text).viterbi()
        assert node_pieces(model, path) == best[0]
        assert path.score == pytest.approx(best[1])


def test_viterbi_tie_goes_to_the_longer_last_piece():
    model = from_pieces([("<unk>", 0.0, UNKNOWN), ("▁", -1.0), ("a", -1.0), ("b", -1.0), ("ab", -2.0)],
                        pipeline=IDENTITY)
    assert model.encode("ab").tokens == ("▁", "ab")  # ▁ a b scores the same -3


def test_unknown_characters_score_below_every_piece_and_fuse():
    model = toy()
    assert model.unk_score == -18.0  # min normal score -8 minus 10
    encoding = model.encode("a xyz b")
    assert encoding.tokens == ("▁a", "▁", "<unk>", "▁", "b")
    assert encoding.flags[2] == "unknown" and encoding.unknown == ("xyz",)
    assert encoding.spans[2] == (3, 6) and encoding.char_spans[2] == (2, 5)
    assert model.decode(encoding.ids) == "a " + UNK_SURFACE + " b"


def test_byte_fallback_spells_unknown_characters_as_utf8_bytes():
    rows = ROWS[:1] + [(b, 0.0, BYTE) for b in BYTE_PIECES] + ROWS[1:]
    model = from_pieces(rows, pipeline=IDENTITY, byte_fallback=True)
    encoding = model.encode("a中")
    assert encoding.tokens == ("▁a", "<0xE4>", "<0xB8>", "<0xAD>")
    assert encoding.char_spans[1:] == ((1, 2),) * 3 and encoding.flags[1:] == ("byte",) * 3
    assert model.decode(encoding.ids) == "a中"
    with pytest.raises(TokenizerError, match="needs all 256 byte pieces"):
        toy(byte_fallback=True)


def test_float32_scores_add_in_single_precision():
    model = toy(float32=True)
    path = model.lattice("▁abcab").viterbi()
    assert path.score == f32(path.score)
    assert model.unk_score == f32(-18.0)
    # f32(-0.1) + f32(-0.2) rounds to f32(-0.3) in single precision but is
    # larger in double: the two arithmetics pick different segmentations.
    rows = [("<unk>", 0.0, UNKNOWN), ("▁", f32(-0.1)), ("a", f32(-0.2)), ("▁a", f32(f32(-0.1) + f32(-0.2)))]
    assert from_pieces(rows, pipeline=IDENTITY).encode("a").tokens == ("▁", "a")
    assert from_pieces(rows, pipeline=IDENTITY, float32=True).encode("a").tokens == ("▁a",)


# ==== n-best and probabilities ====

def test_nbest_matches_the_sorted_enumeration():
    model = toy()
    text = "▁abcab"
    expected = sorted(brute_force(model, text), key=lambda item: -item[1])
    paths = model.lattice(text).nbest(len(expected) + 5)
    assert len(paths) == len(expected)
    assert [p.score for p in paths] == pytest.approx([s for _, s in expected])
    assert {node_pieces(model, p) for p in paths} == {parts for parts, _ in expected}
    assert node_pieces(model, paths[0]) == node_pieces(model, model.lattice(text).viterbi())


def test_nbest_first_is_viterbi_even_on_ties():
    model = from_pieces([("<unk>", 0.0, UNKNOWN), ("▁", -1.0), ("a", -1.0), ("b", -1.0), ("ab", -2.0)],
                        pipeline=IDENTITY)
    paths = model.nbest("ab", 3)
    assert [p.tokens for p in paths] == [("▁", "ab"), ("▁", "a", "b")]
    assert [p.score for p in paths] == [-3.0, -3.0]


def test_probabilities_of_all_segmentations_sum_to_one():
    model = toy()
    text = "▁abcab"
    lattice = model.lattice(text)
    z = math.log(sum(math.exp(s) for _, s in brute_force(model, text)))
    assert lattice.log_partition() == pytest.approx(z)
    every = model.nbest("abcab", 100)
    assert sum(model.probability("abcab", e) for e in every) == pytest.approx(1.0)
    assert sum(model.probability("abcab", e, alpha=0.3) for e in every) == pytest.approx(1.0)


def test_nbest_size_must_be_positive():
    with pytest.raises(TokenizerError, match="n-best size must be an integer >= 1"):
        toy().lattice("▁a").nbest(0)


# ==== sampling ====

def test_sampling_is_repeatable_with_a_seed():
    model = toy()
    draws = [model.sample("abcab abc", alpha=0.2, seed=7).tokens for _ in range(3)]
    assert draws[0] == draws[1] == draws[2]
    rng = random.Random(7)
    first = [model.sample("abcab", alpha=0.2, rng=rng).tokens for _ in range(20)]
    rng = random.Random(7)
    assert [model.sample("abcab", alpha=0.2, rng=rng).tokens for _ in range(20)] == first


@pytest.mark.parametrize("alpha", [1.0, 0.3])
def test_sample_frequencies_follow_p_to_the_alpha(alpha):
    model = toy()
    text = "▁abcab"
    exact = {parts: math.exp(alpha * s) for parts, s in brute_force(model, text)}
    total = sum(exact.values())
    rng = random.Random(2024)
    draws = Counter(node_pieces(model, model.lattice(text).sample(rng, alpha)) for _ in range(6000))
    for parts, weight in exact.items():
        assert draws[parts] / 6000 == pytest.approx(weight / total, abs=0.02)


def test_alpha_zero_samples_uniformly_and_nbest_size_follows_sentencepiece():
    model = toy()
    count = len(brute_force(model, "▁abcab"))
    rng = random.Random(1)
    draws = Counter(model.sample("abcab", alpha=0.0, rng=rng).tokens for _ in range(4000))
    assert len(draws) == count
    assert max(draws.values()) / 4000 < 1 / count + 0.03
    viterbi = model.encode("abcab").tokens
    assert model.sample("abcab", nbest_size=1, seed=3).tokens == viterbi
    top2 = {e.tokens for e in model.nbest("abcab", 2)}
    assert {model.sample("abcab", nbest_size=2, alpha=0.0, seed=s).tokens for s in range(40)} == top2


@pytest.mark.parametrize("kwargs, message", [
    ({"alpha": -1}, "alpha must be a number >= 0"),
    ({"alpha": float("nan")}, "alpha must be a number >= 0"),
    ({"nbest_size": -2}, "nbest_size must be -1, 0 or a positive integer"),
])
def test_bad_sampling_options_are_named(kwargs, message):
    with pytest.raises(TokenizerError, match=message):
        toy().sample("ab", **kwargs)


# ==== model validation and decoding ====

@pytest.mark.parametrize("rows, options, message", [
    ([("a", -1.0)], {}, "unk_id 0 must be the ID of a piece of type 'unknown'"),
    ([("<unk>", 0.0, UNKNOWN), ("a", -1.0), ("a", -2.0)], {}, "piece 2 repeats 'a'"),
    ([("<unk>", 0.0, UNKNOWN), ("a", float("inf"))], {}, "not a finite number"),
    ([("<unk>", 0.0, UNKNOWN), ("a", -1.0, "weird")], {}, "unknown type 'weird'"),
    ([("<unk>", 0.0, UNKNOWN), ("", -1.0)], {}, "non-empty string"),
])
def test_bad_models_are_named(rows, options, message):
    with pytest.raises(TokenizerError, match=message):
        from_pieces(rows, **options)


def test_decode_drops_control_pieces_and_accepts_piece_strings():
    model = from_pieces([("<unk>", 0.0, UNKNOWN), ("<s>", 0.0, CONTROL), ("▁hi", -1.0)], pipeline=IDENTITY)
    assert model.decode([1, 2]) == "hi"
    assert model.decode(["▁hi", "▁hi"]) == "hi hi"
    with pytest.raises(TokenizerError, match="outside the vocabulary 0..2"):
        model.decode([3])
    with pytest.raises(TokenizerError, match="not in the vocabulary"):
        model.decode(["zz"])


def test_words_of_splits_before_each_space_mark():
    assert words_of("▁a▁▁bc") == ["▁a", "▁", "▁bc"]
    assert words_of("ab▁c") == ["ab", "▁c"]


# ==== round trip (property) ====

CHARSET = ["a", "b", "c", " ", "  ", "中", "文", "🙂", "e\u0301", "é", "ｗ", "\t", "▁", "Ω"]
rows_with_bytes = ROWS[:1] + [(b, 0.0, BYTE) for b in BYTE_PIECES] + ROWS[1:] + [("中文", -5.0), ("🙂", -5.0)]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CHARSET), max_size=20).map("".join) | st.text(max_size=20),
       st.sampled_from(["identity", "nfkc"]), st.booleans(), st.booleans())
def test_decode_encode_is_the_normalized_text(text, normalization, dummy, squeeze):
    pipeline = Pipeline(normalization=normalization, add_dummy_prefix=dummy, remove_extra_whitespaces=squeeze)
    model = from_pieces(rows_with_bytes, pipeline=pipeline, byte_fallback=True)
    encoding = model.encode(text)
    # A literal ▁ at the start under squeezing decodes by segmentation (see Normalized.plain).
    assume(not (squeeze and pipeline.normalize(text).text.startswith("\u2581\u2581")))
    assert model.decode(encoding.ids) == pipeline.normalize(text).plain
    assert all(0 <= i < model.vocab_size for i in encoding.ids)
    sampled = model.sample(text, alpha=0.5, seed=0)
    assert model.decode(sampled.ids) == pipeline.normalize(text).plain


# ==== trainer ====

TEXT = [
    "the lower newest widest low lower newer wider",
    "Beautiful is better than ugly. Explicit is better than implicit.",
    "分词器把文本切成片段。中文没有空格。",
    "I love 🙂 and 🎉 parties 🙂🙂 with friends",
    "cafe\u0301 re\u0301sume\u0301 nai\u0308ve   spaces   between words",
] * 4


def test_trainer_reaches_the_vocab_size_keeps_every_character_and_is_deterministic():
    corpus = sentence_corpus(TEXT)
    model = train(corpus, vocab_size=100)
    assert model.vocab_size == 100 and model.trace.stop_reason == "vocab_size"
    chars = {ch for word in corpus.words for ch in word}
    vocab = {p.piece for p in model.pieces}
    assert chars <= vocab
    assert model.pieces[0] == Piece("<unk>", 0.0, UNKNOWN)
    scores = [p.score for p in model.pieces[1:]]
    assert scores == sorted(scores, reverse=True)
    assert train(corpus, vocab_size=100) == model
    # Every training sentence encodes without an unknown piece and round-trips.
    for sentence in TEXT:
        encoding = model.encode(sentence)
        assert not any(encoding.flags)
        assert model.decode(encoding.ids) == model.pipeline.normalize(sentence).plain


def test_trainer_trace_records_each_prune_round():
    model = train(sentence_corpus(TEXT), vocab_size=100)
    trace = model.trace
    assert trace.rounds and trace.seed_pieces > 99
    sizes = [(r.size_before, r.size_after) for r in trace.rounds]
    assert sizes[0][0] == trace.seed_pieces
    assert all(after < before for before, after in sizes)
    # 99 pieces plus <unk>; pruning stops 10% above, the 9 lowest scores go at the end.
    assert sizes[-1][1] == 108
    assert all(after == max(108, int(before * 0.75)) for before, after in sizes)
    assert len(trace.finally_dropped) == 9
    assert not set(trace.finally_dropped) & set(model.ids)
    first = trace.rounds[0]
    assert first.removed_count == first.size_before - first.size_after
    losses = [loss for _, loss in first.removed]
    assert losses == sorted(losses)
    # Pieces no Viterbi segmentation uses go first.
    assert losses[0] == -math.inf
    assert not any(len(piece) == 1 for r in trace.rounds for piece, _ in r.removed)


def test_pruning_loss_is_the_change_in_viterbi_log_likelihood():
    words, freqs = ["▁ab", "▁a"], [3, 1]
    pieces = ["▁", "a", "b", "▁a", "▁ab", "ab"]
    logp = [-3.0, -3.0, -2.0, -1.0, -1.0, -2.5]
    lattices = _lattices(words, pieces, 3)
    losses = _prune_losses(words, freqs, lattices, pieces, logp, {"▁", "a", "b"}, 3)
    # Viterbi: ▁ab x3, ▁a x1.  Without ▁ab its 3 uses become ▁a + b;
    # without ▁a its use becomes ▁ + a.  ab is never used.
    before = 3 * math.log(3 / 4) + math.log(1 / 4)
    assert losses[4] == pytest.approx(before - (4 * math.log(4 / 7) + 3 * math.log(3 / 7)))
    assert losses[3] == pytest.approx(before - (3 * math.log(3 / 5) + 2 * math.log(1 / 5)))
    assert losses[5] == -math.inf
    assert set(losses) == {3, 4, 5}  # characters are never candidates


def test_used_pieces_are_pruned_by_their_loss_when_space_is_short():
    # 47 distinct characters leave 12 places for the ~30 pieces the corpus uses.
    model = train(sentence_corpus(TEXT), vocab_size=60)
    finite = [(piece, loss) for r in model.trace.rounds for piece, loss in r.removed if loss > -math.inf]
    assert finite and model.vocab_size == 60
    kept = {p.piece for p in model.pieces}
    assert {"▁better", "▁than"} <= kept  # frequent, and costly to spell out
    assert all(piece not in kept for piece, _ in finite)


def test_em_step_does_not_lower_the_likelihood():
    words = list(sentence_corpus(TEXT).words)
    freqs = list(sentence_corpus(TEXT).counts)
    pieces = sorted({w[s:e] for w in words for s in range(len(w)) for e in range(s + 1, min(len(w), s + 4) + 1)})
    logp = [math.log(1 / len(pieces))] * len(pieces)
    lattices = _lattices(words, pieces, 4)
    previous = -math.inf
    for _ in range(4):
        counts, likelihood = _expected_counts(words, freqs, lattices, logp)
        assert likelihood >= previous - 1e-9
        previous = likelihood
        total = sum(counts)
        logp = [math.log(c / total) if c > 0 else -math.inf for c in counts]


def test_trainer_with_byte_fallback_and_controls():
    model = train(sentence_corpus(TEXT), vocab_size=400, controls=("<s>", "</s>"), byte_fallback=True)
    assert [p.piece for p in model.pieces[:4]] == ["<unk>", "<s>", "</s>", "<0x00>"]
    assert model.vocab_size == 400
    assert model.decode(model.encode("new ☃ char").ids) == "new ☃ char"


def test_small_corpus_reports_too_few_pieces():
    model = train(normalized_corpus(WordCorpus.from_pairs([("low", 2), ("lower", 1), ("new", 1)])),
                  vocab_size=500)
    assert model.trace.stop_reason == "pieces_exhausted"
    assert model.vocab_size < 500
    # Seeds need two occurrences: "▁low" has three, "er" only one.
    assert model.encode("lower").tokens == ("▁low", "e", "r")
    assert "er" not in model.ids


def test_vocab_size_below_the_character_count_is_an_actionable_error():
    with pytest.raises(TokenizerError, match="distinct characters; use a vocab size of at least"):
        train(sentence_corpus(TEXT), vocab_size=20)


def test_trainer_can_be_cancelled():
    calls = []
    model = train(sentence_corpus(TEXT), vocab_size=100, progress=lambda done, total: calls.append(done),
                  should_stop=lambda: len(calls) >= 1)
    assert model.trace.stop_reason == "cancelled" and len(model.trace.rounds) == 1 and calls == [1]


@pytest.mark.parametrize("kwargs, message", [
    ({"vocab_size": 0}, "vocab size must be an integer >= 1"),
    ({"vocab_size": 50, "shrink": 1.0}, "shrink factor must be between 0 and 1"),
    ({"vocab_size": 50, "controls": ("<unk>",)}, "must be distinct"),
    ({"vocab_size": 50, "max_piece_length": 513}, "max piece length 513 is over the limit 512"),
    ({"vocab_size": 50, "max_word_bytes": 0}, "max word bytes must be an integer >= 1"),
    ({"vocab_size": 50, "max_word_bytes": 3}, "every word of the corpus is longer than 3 bytes"),
])
def test_bad_trainer_options_are_named(kwargs, message):
    with pytest.raises(TokenizerError, match=message):
        train(sentence_corpus(TEXT), **kwargs)


def _table(pieces):
    return [(p.piece, p.score, p.type) for p in pieces]


def test_a_huge_word_is_left_out_and_counted_as_sentencepiece_skips_a_long_sentence():
    huge = "▁" + "".join(random.Random(20).choice("abcdefghij") for _ in range(400_000))
    ordinary = sentence_corpus(TEXT)
    corpus = WordCorpus((*ordinary.words, huge), (*ordinary.counts, 3))
    model = train(corpus, vocab_size=100)
    assert model.trace.skipped_words == 1 and model.trace.corpus == corpus
    assert _table(model.pieces) == _table(train(ordinary, vocab_size=100).pieces)
    assert "max_word_bytes" not in model.trace.settings  # the default: earlier assets keep their identity
    with pytest.raises(TokenizerError, match="longer than 4192 bytes"):
        train(WordCorpus((huge,), (1,)), vocab_size=100)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(alphabet="abé一", min_size=1, max_size=14), min_size=2, max_size=8, unique=True),
       st.integers(4, 30))
def test_corpus_tokens_count_what_the_model_encodes_even_for_left_out_characters(words, limit):
    # A word over the byte limit is left out of training, so its characters
    # may have no piece: each run of them is one unknown token, as encoded.
    words = ["▁" + w for w in words]
    counts = [1 + i % 3 for i in range(len(words))]
    assume(any(len(w.encode("utf-8")) <= limit for w in words))
    try:
        model = train(WordCorpus(tuple(words), tuple(counts)), vocab_size=40, max_word_bytes=limit)
    except TokenizerError:
        assume(False)  # too many characters for the vocabulary
    normal = [p for p in model.pieces if p.type == NORMAL]
    got = _corpus_tokens(words, counts, [p.piece for p in normal], [p.score for p in normal],
                         model.trace.settings.get("max_piece_length", 16))
    plain = from_pieces([("<unk>", 0.0, UNKNOWN)] + [(p.piece, p.score) for p in normal],
                        pipeline=Pipeline(normalization="identity", add_dummy_prefix=False))
    assert got == sum(c * len(plain.encode(w).ids) for w, c in zip(words, counts))


@settings(max_examples=25, deadline=None)
@given(st.lists(st.text(alphabet="abé一", min_size=1, max_size=14), min_size=2, max_size=8, unique=True),
       st.integers(4, 30))
def test_words_over_the_byte_limit_train_as_if_absent(words, limit):
    words = ["▁" + w for w in words]
    nbytes = [len(w.encode("utf-8")) for w in words]
    assume(any(n <= limit for n in nbytes))
    counts = [1 + i % 3 for i in range(len(words))]
    kept = [(w, c) for w, c, n in zip(words, counts, nbytes) if n <= limit]
    options = {"vocab_size": 40, "max_word_bytes": limit}
    chars = {ch for w, _ in kept for ch in w}
    assume(1 + len(chars) <= 40)
    model = train(WordCorpus(tuple(words), tuple(counts)), **options)
    reference = train(WordCorpus(tuple(w for w, _ in kept), tuple(c for _, c in kept)), **options)
    assert _table(model.pieces) == _table(reference.pieces)
    assert model.trace.skipped_words == len(words) - len(kept)
    assert model.trace.settings["max_word_bytes"] == limit


def test_empty_sentences_are_an_error():
    with pytest.raises(TokenizerError, match="no text left after normalization"):
        sentence_corpus(["", "   "])


# ==== assets ====

def test_asset_round_trip(tmp_path):
    model = train(sentence_corpus(TEXT, IDENTITY), vocab_size=90, pipeline=IDENTITY)
    path = tmp_path / "uni.json"
    assets.save_asset(path, assets.unigram_to_asset(model, name="toy"))
    asset, loaded = assets.load_tokenizer(path)
    assert loaded == model  # scores survive JSON exactly
    assert loaded.pipeline == IDENTITY
    assert asset["specials"] == [{"token": "<unk>", "id": 0, "role": "unk"}]
    assert assets.training_corpus(asset) == model.trace.corpus
    assert loaded.encode("cafe\u0301 lower").ids == model.encode("cafe\u0301 lower").ids


@pytest.mark.parametrize("edit, message", [
    (lambda a: a["model"]["pieces"].__setitem__(1, ["x", "high", "normal"]), r"pieces\[1\]: the score of 'x'"),
    (lambda a: a["model"]["pieces"].__setitem__(1, ["x", 1.0, "odd"]), r"pieces\[1\]: unknown piece type 'odd'"),
    (lambda a: a["model"]["pieces"].__setitem__(1, ["x", 1.0]), r"pieces\[1\]: expected \[piece, score, type\]"),
    (lambda a: a["model"].update(unk_id=1), "model: unk_id 1 must be the ID"),
    (lambda a: a["model"].update(byte_fallback=True), "model: byte fallback needs all 256 byte pieces"),
    (lambda a: a.update(normalizer={"type": "sentencepiece", "normalization": "nfd"}), "normalizer: unknown normalization"),
    (lambda a: a.update(specials=[]), "specials: .* disagrees"),
])
def test_bad_unigram_assets_name_the_field(edit, message):
    asset = assets.unigram_to_asset(toy())
    edit(asset)
    with pytest.raises(AssetError, match=message):
        assets.build_tokenizer(asset)
