"""Lesson files: read as hostile input, answers computed by the core, and the lesson command."""

import json
import re

import pytest
from hypothesis import given, settings, strategies as st

from conftest import ROOT
from core.cli.main import main
from core.workspace import lessons, questions
from core.workspace.lesson_file import (
    KINDS, MAX_BYTES, MEASURE_INPUTS, MEASURES, STEP_FIELDS, VIEWS, LessonError, load, parse,
)

SHIPPED = lessons.paths()
REAL = ("numbers", "spelling", "leading-spaces", "special-tokens", "language-cost", "glitch-tokens", "normalization",
        "byte-fallback")

MINIMAL = '''format = "subword-studio/lesson"
version = 1
id = "mini"
tokenizers = ["cl100k_base"]
title = { en = "Mini", zh_CN = "小" }

[[steps]]
view = "compare"
text = "1275"
say = { en = "Look.", zh_CN = "看。" }

[[steps.questions]]
id = "q"
kind = "number"
answer = 2
ask = { en = "How many?", zh_CN = "几个？" }
'''


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, text, name="lesson.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# ==== the shipped lessons ====

def test_the_shipped_lessons_load_in_menu_order_with_unique_ids():
    found = lessons.shipped()
    assert [x.id for x in found[:8]] == ["19.1", "19.2", "19.2-wp", "19.3", "19.4", "19.5", "003", "004"]
    assert set(REAL) <= {x.id for x in found}
    assert len({x.id for x in found}) == len(found) == len(SHIPPED)
    with pytest.raises(KeyError, match="19.1"):
        lessons.lesson("nope")


def test_every_real_tokenizer_lesson_has_two_checked_questions_in_both_languages():
    for key in REAL:
        lesson = lessons.lesson(key)
        assert len(lesson.questions()) >= 2, key
        assert any(q.predict for _, q in lesson.questions()) or key in ("special-tokens", "leading-spaces"), key
        for text in [lesson.title, lesson.source, *(s.say for s in lesson.steps),
                     *(q.ask for _, q in lesson.questions())]:
            assert text.en and re.search(r"[\u4e00-\u9fff]", text.zh_CN), (key, text)


def test_the_seed_lessons_keep_their_corpora_and_layouts():
    assert lessons.lesson("19.1").corpus.counts == (2, 1, 1) and lessons.lesson("19.1").merges == 4
    assert list(lessons.lesson("003").corpus.items()) == [("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)]
    assert lessons.lesson("004").corpus.counts == (5, 2, 6, 3, 2) and lessons.lesson("004").tie == "first-seen"
    assert lessons.lesson("19.2-wp").wordpiece.vocab == ("[UNK]", "low", "##er", "new")
    assert [s.swap for s in lessons.lesson("19.5").steps] == [(268, 270)]
    for key in ("19.1", "003", "004"):
        assert lessons.lesson(key).layout == ("corpus", "timeline")


def test_lesson_check_passes_on_every_shipped_lesson(capsys):
    code, out, err = run(capsys, "lesson", "check", *SHIPPED)
    assert code == 0, err
    assert err == "" and len(out.splitlines()) == len(SHIPPED)


def test_lesson_list_and_show(capsys):
    code, out, err = run(capsys, "lesson", "list", "--json")
    assert code == 0, err
    rows = {row["id"]: row for row in json.loads(out)}
    assert rows["numbers"]["tokenizers"] == ["r50k_base", "cl100k_base", "o200k_base", "mistral-v3-bpe"]
    assert rows["numbers"]["questions"] == len(lessons.lesson("numbers").questions())
    assert rows["19.3"]["steps"] == 8
    code, out, _ = run(capsys, "lesson", "show", "numbers", "--lang", "zh_CN")
    assert code == 0 and "数字" in out and "answer key: 12|75" in out
    code, _, err = run(capsys, "lesson", "show", "nope")
    assert code == 2 and err.count("\n") == 1 and "no lesson 'nope'" in err


# ==== what the core computes ====

def test_segmentation_cuts_only_between_characters():
    lesson = lessons.lesson("numbers")
    opened = questions.OPENED
    cl100k = opened.get(lesson, "cl100k_base")
    assert questions.segmentation("1275", cl100k.encode("1275")) == "127|5"
    # 狗 is three byte tokens in cl100k_base, but one character of the text.
    assert questions.segmentation("a狗b", cl100k.encode("a狗b")) in ("a|狗|b", "a狗|b", "a|狗b", "a狗b")
    assert "|" not in questions.segmentation("狗", cl100k.encode("狗"))


def test_a_wrong_answer_key_is_one_line_naming_file_question_and_value(tmp_path, capsys):
    bad = write(tmp_path, MINIMAL.replace("answer = 2", "answer = 3"))
    code, out, err = run(capsys, "lesson", "check", bad)
    assert code == 2 and out == ""
    assert err.splitlines() == [f"error: {bad}: step 1, question 'q': answer: 3, but the core computes 2 with "
                                f"cl100k_base"]
    good = write(tmp_path, MINIMAL, "good.toml")
    code, out, err = run(capsys, "lesson", "check", good, bad)
    assert code == 2 and out.startswith(f"{good}: ok") and len(err.splitlines()) == 1


@pytest.mark.parametrize("edit, message", [
    (("view = \"compare\"", "view = \"comparison\""), "step 1: view: 'comparison' is not one of"),
    (("kind = \"number\"", "kind = \"nmber\""), "step 1, question 'q': kind: 'nmber' is not one of"),
    (("tokenizers = [\"cl100k_base\"]", "tokenizers = [\"o300k\"]"), "tokenizers[1]: unknown tokenizer 'o300k'"),
    (("answer = 2", "answer = \"two\""), "step 1, question 'q': answer: expected an integer, found a string"),
    (("id = \"mini\"", "id = \"mini lesson\""), "id: 'mini lesson' is not an ID"),
    (("text = \"1275\"", "text = \"1275\"\nmerge = 3"), "step 1: merge: a compare step has no such field"),
    (("zh_CN = \"小\" }", "zh = \"小\" }"), "title.zh: unknown field"),
    (("version = 1", "version = 2"), "version: this app reads version 1, not 2"),
    (("answer = 2", "answer = 2\noptions = []"), "only a choose question has options"),
])
def test_a_malformed_lesson_is_refused_in_one_line_naming_the_field(tmp_path, capsys, edit, message):
    bad = write(tmp_path, MINIMAL.replace(*edit))
    with pytest.raises(LessonError) as caught:
        load(bad)
    assert str(caught.value).startswith(f"{bad}: ") and message in str(caught.value)
    code, _, err = run(capsys, "lesson", "check", bad)
    assert code == 2 and err == f"error: {caught.value}\n"


def test_choose_options_are_checked_against_the_core(tmp_path, capsys):
    choose = MINIMAL.replace('kind = "number"\nanswer = 2', '''kind = "choose"
measure = "fewest"
tokenizers = ["r50k_base", "mistral-v3-bpe"]
answer = "a"
options = [{ key = "a", value = "r50k_base" }, { key = "b", value = "mistral-v3-bpe", en = "M", zh_CN = "M" }]''')
    code, _, err = run(capsys, "lesson", "check", write(tmp_path, choose))
    assert code == 0, err
    wrong = write(tmp_path, choose.replace('answer = "a"', 'answer = "b"'), "wrong.toml")
    code, _, err = run(capsys, "lesson", "check", wrong)
    assert code == 2 and "answer: 'b', but the core computes r50k_base" in err and "option 'a'" in err
    missing = write(tmp_path, choose.replace('answer = "a"', 'answer = "c"'), "missing.toml")
    with pytest.raises(LessonError, match=r"answer: 'c' is not an option \(a, b\)"):
        load(missing)


def test_hostile_files_are_refused_in_one_line(tmp_path):
    cases = {
        "big.toml": b"#" * (MAX_BYTES + 1),
        "latin1.toml": MINIMAL.replace("小", "x").encode("utf-8") + b"\n# caf\xe9\n",
        "deep.toml": b"x = " + b"[" * 100_000,
        "binary.toml": bytes(range(256)),
        "date.toml": MINIMAL.replace("version = 1", "version = 1979-05-27").encode("utf-8"),
        "table.toml": b"steps = 3\n",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(LessonError) as caught:
            load(path)
        assert str(caught.value).startswith(str(path)) and "\n" not in str(caught.value), name
    with pytest.raises(LessonError, match="is a directory"):
        load(tmp_path)
    with pytest.raises(LessonError, match="no such file"):
        load(tmp_path / "missing.toml")


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400) | st.text(alphabet='[]{}="\n .,abcdefgnorstuvwx0123456789_-|#\'', max_size=400)
       .map(lambda text: (MINIMAL[:200] + text).encode("utf-8")))
def test_any_bytes_give_a_lesson_or_one_lesson_error(data):
    try:
        parse(data, "fuzz.toml")
    except LessonError as exc:
        assert str(exc).startswith("fuzz.toml") and "\n" not in str(exc)


def test_a_tokenizer_file_beside_the_lesson(tmp_path, capsys):
    from core.assets import classroom

    (tmp_path / "mine.json").write_bytes(classroom.ASSET_PATH.read_bytes())
    text = MINIMAL.replace('tokenizers = ["cl100k_base"]', 'tokenizers = ["mine.json"]').replace(
        "answer = 2", "answer = 4")
    code, _, err = run(capsys, "lesson", "check", write(tmp_path, text))
    assert code == 0, err  # the classroom tokenizer: 1275 is four byte tokens
    elsewhere = tmp_path / "other"
    elsewhere.mkdir()
    with pytest.raises(LessonError, match="unknown tokenizer 'mine.json'"):
        load(write(elsewhere, text))  # only files in the lesson's own folder
    with pytest.raises(LessonError, match=r"unknown tokenizer '\.\./mine\.json'"):
        load(write(elsewhere, text.replace("mine.json", "../mine.json")))


def test_the_example_in_the_docs_is_a_valid_lesson(tmp_path, capsys):
    docs = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    example = re.search(r"```toml\n(.*?)```", docs, re.S).group(1)
    code, out, err = run(capsys, "lesson", "check", write(tmp_path, example))
    assert code == 0 and "(1 step, 1 question checked)" in out, err


def test_the_docs_name_every_view_kind_and_measure():
    docs = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8")
    for name in [*VIEWS, *KINDS, *MEASURES, *(f for fields in STEP_FIELDS.values() for f in fields)]:
        assert f"`{name}`" in docs, name
    assert set(MEASURES) == set(MEASURE_INPUTS)


# ==== reading a student's answer ====

def _question(lesson_id, question_id):
    lesson = lessons.lesson(lesson_id)
    return lesson, next(q for _, q in lesson.questions() if q.id == question_id)


def test_student_answers_are_read_in_the_answers_shape():
    lesson, q = _question("leading-spaces", "cl100k-trailing")
    value = questions.compute(lesson, q)
    for typed in ("France ␣is ␣", "France Ġis Ġ", "France|▁is|▁", " France ␣is ␣ "):
        assert questions.matches(q, questions.parse(q, typed), value), typed
    assert not questions.matches(q, questions.parse(q, "France is"), value)
    lesson, q = _question("numbers", "r50k-1275")
    assert questions.parse(q, " 12|75 ") == "12|75" and questions.show(q, "12|75") == "12|75"
    with pytest.raises(ValueError):
        questions.parse(q, "12|76")
    lesson, q = _question("language-cost", "r50k-hi-premium")
    assert questions.matches(q, questions.parse(q, "4,7"), questions.compute(lesson, q))
    assert not questions.matches(q, questions.parse(q, "4.8"), 4.7)
    lesson, q = _question("special-tokens", "bert-sep")
    assert questions.parse(q, "[3160, 102, 3437]") == (3160, 102, 3437)
    with pytest.raises(ValueError):
        questions.parse(q, "3160 one")
    lesson, q = _question("byte-fallback", "stream-half")
    assert questions.parse(q, "replacement") == "\ufffd"
    with pytest.raises(ValueError):
        questions.parse(q, "z")


tokens = st.lists(st.text(alphabet=st.characters(blacklist_categories=("Z", "C"), blacklist_characters="|"),
                          min_size=1, max_size=5), min_size=1, max_size=6)


@given(tokens)
def test_token_lists_read_back_as_shown(items):
    _, q = _question("spelling", "cl100k-strawberry")
    assert questions.matches(q, questions.parse(q, questions.show(q, tuple(items))), tuple(items))


@given(st.lists(st.integers(0, 2**31 - 1), min_size=1, max_size=8))
def test_id_lists_read_back_as_shown(ids):
    _, q = _question("special-tokens", "bert-sep")
    assert questions.parse(q, questions.show(q, tuple(ids))) == tuple(ids)
