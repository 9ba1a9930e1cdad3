"""The exercises of seed 000 (§19.8) compute their answers with the core."""

from hypothesis import given, strategies as st

from core.inspect import asset_diff
from core.assets import identity
from core.assets import classroom
from core.workspace import exercises
from core.corpus import EXAMPLE_19_1


def exercise(number):
    return exercises.EXERCISES[number - 1]


def test_exercise_1_first_merge_is_computed():
    ex = exercise(1)
    assert ex.expected() == ("w", "</w>")
    for right in ("w + </w>", "w </w>", "(w, </w>)", "  w+</w> ", "('w', '</w>')"):
        assert ex.check(right).ok, right
    for wrong in ("l + o", "o + w", "</w> + w", "w", "w + </w> + x", ""):
        assert not ex.check(wrong).ok, wrong
    assert ex.check("l + o").shown == "w + </w>"
    # The answer comes from training: with new ×1 (example 19.1 itself) it is l + o.
    assert ex.expected(corpus=EXAMPLE_19_1) == ("l", "o")
    assert ex.check("l + o", corpus=EXAMPLE_19_1).ok
    assert ex.expected(corpus=EXAMPLE_19_1, tie="subword-nmt") == ("w", "</w>")


def test_exercise_2_segmentation_of_lower():
    ex = exercise(2)
    assert ex.expected() == ("low", "er", "</w>")
    for right in ("low er </w>", "[low, er, </w>]", "low|er|</w>", "'low', 'er', '</w>'"):
        assert ex.check(right).ok, right
    for wrong in ("low er", "lower</w>", "l o w e r </w>", "low e r </w>"):
        assert not ex.check(wrong).ok
    assert ex.expected(merges=3) == ("low", "e", "r", "</w>")
    assert ex.expected(word="low") == ("low</w>",)


def test_exercise_3_wordpiece_whole_word_unk():
    ex = exercise(3)
    assert ex.expected() == ("[UNK]",)
    assert ex.check("[UNK]").ok and ex.check(" [UNK] ").ok
    assert not ex.check("low ##er [UNK]").ok and not ex.check("low ##er").ok
    assert ex.expected(word="lower") == ("low", "##er")
    assert ex.expected(vocab=exercises.WORDPIECE_19_2 + ("##z",)) == ("low", "##er", "##z")


def test_exercise_4_counts_byte_tokens_with_the_classroom_tokenizer():
    ex = exercise(4)
    assert ex.expected() == 24
    assert ex.check("24").ok and not ex.check("8").ok and not ex.check("twenty").ok
    assert ex.expected(text="red key .") == 5
    assert ex.expected(text="中") == 3


def test_exercise_5_breaks_come_from_the_diff():
    ex = exercise(5)
    original = identity.load(classroom.ASSET_PATH)
    swapped = identity.from_dict(asset_diff.swap_ids(original, 268, 270))
    (finding,) = asset_diff.compare(original.identity, swapped.identity).findings
    assert finding.kind == "id_swap" and finding.shape_checks_pass
    assert ex.expected() == set(finding.breaks) == {
        "embedding_rows", "output_columns", "output_biases", "encoded_datasets", "prompts"}
    assert ex.check(list(finding.breaks)).ok
    assert not ex.check([*finding.breaks, "shape_checks"]).ok
    assert not ex.check(["embedding_rows"]).ok and not ex.check([]).ok
    assert set(ex.options) >= ex.expected() | {"shape_checks"}


def test_exercise_6_byte_of_id_255():
    ex = exercise(6)
    assert ex.expected() == 0xFF and ex.check("0x00").shown == "FF"
    for right in ("FF", "ff", "0xFF", "\\xff", "FFh"):
        assert ex.check(right).ok, right
    for wrong in ("255", "FE", "", "F F", "0x1FF"):
        assert not ex.check(wrong).ok, wrong
    assert ex.expected(token_id=46) == 0x2E


symbol = st.text(alphabet=st.characters(blacklist_categories=("Z", "C"), blacklist_characters="+,()'\"[]|"),
                 min_size=1, max_size=6)


@given(symbol, symbol)
def test_pairs_read_back_as_shown(left, right):
    assert exercises.parse_pair(exercises.show("pair", (left, right))) == (left, right)


@given(st.lists(symbol, min_size=1, max_size=8))
def test_segmentations_read_back_as_shown(tokens):
    tokens = tuple("[UNK]" if t == "UNK" else t for t in tokens)
    assert exercises.parse_tokens(exercises.show("tokens", tokens)) == tokens


@given(st.integers(0, 255))
def test_bytes_read_back_as_shown(value):
    assert exercises.parse_hex(exercises.show("hex", value)) == value
