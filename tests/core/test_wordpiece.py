"""WordPiece: seed 000 example 19.2 and exercise 3, the search trace, the
BasicTokenizer stages, the pair-score trainer and the asset round trip."""

from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from core import assets
from core.pipeline.bert_basic import BasicTokenizer, split_punctuation, strip_accents
from core.corpus import WordCorpus
from core.errors import AssetError, TokenizerError
from core.models.wordpiece import BERT_MAX_CHARS, HF_MAX_CHARS, TRAINER_LABEL, Attempt, WordPiece, train

SEED_VOCAB = ("[UNK]", "low", "##er", "new")
# The Hugging Face course's WordPiece corpus.
COURSE = WordCorpus.from_pairs([("hug", 10), ("pug", 5), ("pun", 12), ("bun", 4), ("hugs", 5)])


def tried(trace):
    return [(a.candidate, a.found) for a in trace.attempts]


# ==== seed 000, example 19.2 ====

def test_example_19_2_lower_is_low_er():
    wp = WordPiece(SEED_VOCAB)
    trace = wp.encode_word("lower")
    assert trace.tokens == ("low", "##er")
    assert trace.ids == (1, 2)
    assert not trace.unknown
    # Longest match first: the whole word, then shorter prefixes, then the rest.
    assert tried(trace) == [("lower", False), ("lowe", False), ("low", True), ("##er", True)]
    assert [(m.start, m.end) for m in trace.matches] == [(0, 3), (3, 5)]


def test_exercise_3_lowerz_is_one_unk_not_low_er_unk():
    wp = WordPiece(SEED_VOCAB)
    trace = wp.encode_word("lowerz")
    assert trace.tokens == ("[UNK]",)
    assert trace.ids == (0,)
    assert trace.unknown and not trace.too_long
    # The prefix found so far is recorded but thrown away: the whole word is unknown.
    assert [m.candidate for m in trace.matches] == ["low", "##er"]
    assert trace.failed_at == 5
    assert tried(trace)[-1] == ("##z", False)
    assert tried(trace) == [("lowerz", False), ("lowerz"[:5], False), ("lowe", False), ("low", True),
                            ("##erz", False), ("##er", True), ("##z", False)]


def test_new_and_unknown_first_character():
    wp = WordPiece(SEED_VOCAB)
    assert wp.encode_word("new").tokens == ("new",)
    trace = wp.encode_word("☃")
    assert trace.tokens == ("[UNK]",) and trace.failed_at == 0 and trace.matches == ()
    assert trace.attempts == (Attempt(0, 1, "☃", False),)


def test_text_encoding_splits_on_whitespace_without_basic_tokenizer():
    wp = WordPiece(SEED_VOCAB)
    encoding = wp.encode("lower  new\tlowerz")
    assert encoding.tokens == ("low", "##er", "new", "[UNK]")
    assert encoding.ids == (1, 2, 3, 0)
    assert [w.word for w in wp.traces("lower  new\tlowerz")] == ["lower", "new", "lowerz"]
    assert encoding.unknown == ("lowerz",)
    assert wp.stages("lower  new\tlowerz") == ()


def test_bert_docstring_example_unaffable():
    wp = WordPiece(("[UNK]", "un", "##aff", "##able", "##a"))
    assert wp.encode_word("unaffable").tokens == ("un", "##aff", "##able")


def test_max_input_chars_per_word_is_a_setting():
    assert (BERT_MAX_CHARS, HF_MAX_CHARS) == (200, 100)
    wp = WordPiece(("[UNK]", "a", "##a"))
    assert wp.max_input_chars_per_word == 200
    assert wp.encode_word("a" * 200).tokens == ("a",) + ("##a",) * 199
    long = wp.encode_word("a" * 201)
    assert long.tokens == ("[UNK]",) and long.too_long and long.attempts == ()
    hf = WordPiece(("[UNK]", "a", "##a"), max_input_chars_per_word=HF_MAX_CHARS)
    assert hf.encode_word("a" * 101).too_long
    assert not hf.encode_word("a" * 100).unknown


def test_decode_glues_continuations():
    wp = WordPiece(SEED_VOCAB)
    assert wp.decode([1, 2, 3]) == "lower new"
    assert wp.decode(["low", "##er", "[UNK]"]) == "lower [UNK]"
    with pytest.raises(TokenizerError, match="outside the vocabulary 0..3"):
        wp.decode([4])


@pytest.mark.parametrize("kwargs, message", [
    ({"vocab": ("low",)}, "unknown token '\\[UNK\\]' is not in the vocabulary"),
    ({"vocab": ("[UNK]", "a", "a")}, "entry 2 repeats 'a'"),
    ({"vocab": ("[UNK]", "")}, "entry 1 must be a non-empty string"),
    ({"vocab": ("[UNK]",), "max_input_chars_per_word": 0}, "max_input_chars_per_word must be an integer >= 1"),
    ({"vocab": ("[UNK]",), "prefix": ""}, "continuation prefix must be a non-empty string"),
])
def test_bad_vocabularies_are_named(kwargs, message):
    with pytest.raises(TokenizerError, match=message):
        WordPiece(**kwargs)


def test_non_text_input_is_an_error_not_a_traceback():
    with pytest.raises(TokenizerError, match="expected text"):
        WordPiece(SEED_VOCAB).encode(b"lower")


# ==== properties ====

VOCAB = ("[UNK]", "a", "b", "ab", "abc", "##a", "##b", "##c", "##bc", "c", "ca")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="abcdz ", max_size=30))
def test_wordpiece_never_returns_a_piece_outside_the_vocab(text):
    wp = WordPiece(VOCAB)
    encoding = wp.encode(text)
    assert all(t in wp.ids for t in encoding.tokens)
    assert [wp.vocab[i] for i in encoding.ids] == list(encoding.tokens)
    for trace in wp.traces(text):
        if trace.unknown:
            assert trace.tokens == ("[UNK]",)
        else:
            assert wp.decode(trace.tokens) == trace.word


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="abc", min_size=1, max_size=12))
def test_every_match_is_the_longest_available(word):
    wp = WordPiece(VOCAB)
    trace = wp.encode_word(word)
    for match in trace.matches:
        for end in range(match.end + 1, len(word) + 1):
            longer = word[match.start:end] if match.start == 0 else "##" + word[match.start:end]
            assert longer not in wp.ids


# ==== BasicTokenizer stages ====

def test_basic_tokenizer_runs_each_named_stage():
    basic = BasicTokenizer()
    stages = basic.stages("Héllo,\x00 中文\tWORLD!\u200b")
    assert [s.name for s in stages] == ["clean_text", "chinese_chars", "whitespace_split", "lowercase",
                                       "strip_accents", "punctuation_split"]
    assert stages[0].text == "Héllo, 中文 WORLD!"  # NUL and U+200B (Cf) gone, tab -> space
    assert stages[1].text == "Héllo,  中  文  WORLD!"
    assert stages[2].words == ("Héllo,", "中", "文", "WORLD!")
    assert stages[3].words == ("héllo,", "中", "文", "world!")
    assert stages[4].words == ("hello,", "中", "文", "world!")
    assert stages[5].words == ("hello", ",", "中", "文", "world", "!")


def test_accent_stripping_follows_lower_casing_unless_overridden():
    assert BasicTokenizer(lowercase=False).tokenize("Café") == ["Café"]
    assert BasicTokenizer(lowercase=False, strip_accents=True).tokenize("Café") == ["Cafe"]
    assert BasicTokenizer(strip_accents=False).tokenize("Café") == ["café"]
    stages = BasicTokenizer(lowercase=False).stages("x")
    assert [s.enabled for s in stages] == [True, True, True, False, False, True]


def test_punctuation_includes_ascii_symbols_and_a_word_of_marks_vanishes():
    assert split_punctuation("a$b^c`") == ["a", "$", "b", "^", "c", "`"]
    assert strip_accents("e\u0301") == "e"
    # A word made only of combining marks is emptied and dropped (BERT re-splits).
    assert BasicTokenizer().tokenize("a \u0301\u0301 b") == ["a", "b"]


def test_wordpiece_with_basic_tokenizer_keeps_its_stages():
    wp = WordPiece(SEED_VOCAB, basic=BasicTokenizer())
    encoding = wp.encode("LOWER, New!")
    assert encoding.tokens == ("low", "##er", "[UNK]", "new", "[UNK]")
    assert wp.stages("LOWER, New!")[-1].words == ("lower", ",", "new", "!")


def test_bad_basic_option_is_named():
    with pytest.raises(TokenizerError, match="lowercase must be true or false"):
        BasicTokenizer(lowercase="yes")


# ==== trainer ====

def test_trainer_first_step_is_the_course_pair_score():
    model = train(COURSE, vocab_size=14)
    first = model.trace.steps[0]
    assert first.pair == ("##g", "##s")
    assert (first.pair_count, first.left_count, first.right_count) == (5, 20, 5)
    assert first.score == Fraction(1, 20)
    assert first.new_symbol == "##gs"
    assert model.trace.alphabet == ("##g", "##n", "##s", "##u", "b", "h", "p")


def test_trainer_ties_go_to_the_smallest_pair():
    model = train(COURSE, vocab_size=10)
    second = model.trace.steps[1]
    # Six pairs score exactly 1/36 after the first merge.
    assert second.score == Fraction(1, 36)
    assert second.ties == (("##u", "##g"), ("##u", "##gs"), ("##u", "##n"), ("b", "##u"), ("h", "##u"), ("p", "##u"))
    assert second.pair == ("##u", "##g") and second.new_symbol == "##ug"
    assert model.vocab == ("[UNK]", "##g", "##n", "##s", "##u", "b", "h", "p", "##gs", "##ug")


def test_trainer_reaches_the_vocab_size_and_encodes_its_corpus():
    model = train(COURSE, vocab_size=17, specials=("[CLS]",))
    assert model.vocab_size == 17 and model.trace.stop_reason == "vocab_size"
    assert model.vocab[:2] == ("[UNK]", "[CLS]")
    for word in COURSE.words:
        assert not model.encode_word(word).unknown
    assert train(COURSE, vocab_size=17, specials=("[CLS]",)) == model


def test_trainer_stops_when_no_pair_is_left():
    model = train(WordCorpus.from_pairs([("ab", 1)]), vocab_size=50)
    assert model.trace.stop_reason == "no_pairs"
    assert model.vocab == ("[UNK]", "##b", "a", "ab")


def test_trainer_label_does_not_claim_to_be_the_original():
    assert "not the original WordPiece trainer" in TRAINER_LABEL


def test_trainer_can_be_cancelled_and_reports_progress():
    seen = []
    model = train(COURSE, vocab_size=17, progress=lambda done, total: seen.append((done, total)),
                  should_stop=lambda: len(seen) >= 2)
    assert model.trace.stop_reason == "cancelled" and len(model.trace.steps) == 2
    assert seen == [(9, 17), (10, 17)]


@pytest.mark.parametrize("size", [0, -1, True, 2.5])
def test_trainer_rejects_bad_vocab_sizes(size):
    with pytest.raises(TokenizerError, match="vocab size must be an integer"):
        train(COURSE, vocab_size=size)


# ==== assets ====

def test_asset_round_trip_keeps_vocab_options_and_corpus(tmp_path):
    model = train(COURSE, vocab_size=15, basic=BasicTokenizer(lowercase=False),
                  max_input_chars_per_word=HF_MAX_CHARS)
    path = tmp_path / "wp.json"
    assets.save_asset(path, assets.wordpiece_to_asset(model, name="course"))
    asset, loaded = assets.load_tokenizer(path)
    assert loaded == model
    assert loaded.basic == BasicTokenizer(lowercase=False)
    assert asset["trainer"]["label"] == TRAINER_LABEL
    assert assets.training_corpus(asset) == COURSE
    assert loaded.encode("hugs pug").tokens == model.encode("hugs pug").tokens


def test_given_vocabulary_asset_without_basic_tokenizer(tmp_path):
    path = tmp_path / "seed.json"
    assets.save_asset(path, assets.wordpiece_to_asset(WordPiece(SEED_VOCAB)))
    asset, loaded = assets.load_tokenizer(path)
    assert loaded == WordPiece(SEED_VOCAB) and loaded.basic is None
    assert asset["trainer"]["name"] == "none" and "training_corpus" not in asset


@pytest.mark.parametrize("edit, message", [
    (lambda a: a["model"].update(vocab=["low"]), "model: the unknown token"),
    (lambda a: a["model"].update(max_input_chars_per_word="100"), "max_input_chars_per_word: expected int"),
    (lambda a: a.update(normalizer={"type": "bert-basic", "lowercase": 1}), "normalizer: BasicTokenizer option"),
    (lambda a: a.update(pre_tokenizer={"type": "whitespace"}), "pre_tokenizer: .* implies"),
    (lambda a: a.update(specials=[{"token": "[UNK]", "id": 3, "role": "unk"}]), "specials: .* disagrees"),
])
def test_bad_wordpiece_assets_name_the_field(edit, message):
    asset = assets.wordpiece_to_asset(WordPiece(SEED_VOCAB, basic=BasicTokenizer()))
    edit(asset)
    with pytest.raises(AssetError, match=message):
        assets.build_tokenizer(asset)
