"""A regex from a file is checked against stated bounds before it is compiled.

``regex.compile`` writes counted repetitions out: ``a{4294967294}`` or
``(?:a{3000}){3000}`` exhaust memory inside it, where no timeout reaches.
The scan's idea of a pattern's written-out size is checked here against
the size of the tree the pattern is printed from.
"""

from __future__ import annotations

import json
import subprocess

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from core.errors import AssetError
from core.pipeline import guarded_regex, pretokenize
from core.pipeline.regex_bounds import MAX_EXPANSION, MAX_PATTERN_CHARS, MAX_REPEAT, repeat_problem
from test_cli_files import assert_refused, run


def test_every_shipped_pattern_is_within_bounds():
    for name, spec in pretokenize.PRETOKENIZERS.items():
        assert repeat_problem(spec.pattern or "") is None, name


# A tree: ("atom", text) | ("seq", [trees]) | ("alt", [trees]) | ("rep", tree, count, form)
atoms = st.sampled_from(["a", "b", r"\d", r"\p{L}", r"\N{DIGIT ONE}", "[a{]", r"[^]{]", r"\{", ".", r"\s"])
forms = st.sampled_from(["{%d}", "{%d,}", "{,%d}", "{0,%d}", "{%d}?", "{%d}+"])


def trees():
    return st.recursive(
        atoms.map(lambda a: ("atom", a)),
        lambda inner: st.one_of(
            st.lists(inner, min_size=1, max_size=3).map(lambda xs: ("seq", xs)),
            st.lists(inner, min_size=2, max_size=3).map(lambda xs: ("alt", xs)),
            st.tuples(inner, st.integers(0, 1200), forms).map(lambda t: ("rep", *t)),
        ),
        max_leaves=8,
    )


def render(tree) -> str:
    kind = tree[0]
    if kind == "atom":
        return tree[1]
    if kind == "seq":
        return "".join(render(t) for t in tree[1])
    if kind == "alt":
        return "(?:" + "|".join(render(t) for t in tree[1]) + ")"
    inner, count, form = tree[1:]
    body = render(inner)
    if inner[0] != "atom":
        body = f"(?:{body})"
    return body + form % count


def size(tree) -> int:
    """Items once every count is written out (an atom is one item, a group its inside)."""
    kind = tree[0]
    if kind == "atom":
        return 1
    if kind == "seq":
        return sum(size(t) for t in tree[1])
    if kind == "alt":
        return sum(size(t) for t in tree[1])
    return size(tree[1]) * max(tree[2], 1)


def counts(tree):
    if tree[0] == "rep":
        yield tree[2]
        yield from counts(tree[1])
    elif tree[0] in ("seq", "alt"):
        for t in tree[1]:
            yield from counts(t)


@settings(max_examples=300, deadline=None)
@given(trees())
def test_refused_exactly_when_a_count_or_the_written_out_size_is_over(tree):
    pattern = render(tree)
    regex_ok = max(counts(tree), default=0) <= MAX_REPEAT and size(tree) <= MAX_EXPANSION
    problem = repeat_problem(pattern)
    assert (problem is None) == regex_ok, (pattern, size(tree), problem)
    if regex_ok:
        regex.compile(pattern)  # what passes compiles, within the bounds


@pytest.mark.parametrize("pattern, message", [
    ("a{4294967294}", "the repetition count 4294967294 is over the limit 1000"),
    ("(?:a{3000}){3000}", "the repetition count 3000 is over the limit 1000"),
    ("a{1,99999999999999999999}", "the repetition count of 13\\+ digits"),
    ("(?:(?:a{100}){100}){100}", "make 1000000 items, over the limit 100000"),
    ("a{1000}{1000}", "make 1000000 items"),
    ("x" * (MAX_PATTERN_CHARS + 1), f"{MAX_PATTERN_CHARS + 1} characters are over the limit"),
])
def test_refused_before_compiling(monkeypatch, pattern, message):
    def never(*_args, **_kw):
        raise AssertionError("compiled a refused pattern")

    monkeypatch.setattr(guarded_regex.regex, "compile", never)
    with pytest.raises(AssetError, match=f"^pre_tokenizer.pattern: the regex .* is refused: .*{message}"):
        guarded_regex.GuardedRegex(pattern, "pre_tokenizer")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("regex")
    (folder / "r.txt").write_text("low lower new\n", encoding="utf-8")
    for argv in (["train", "r.txt", "--algo", "byte-bpe", "--merges", "4", "-o", "b.json"],
                 ["export", "b.json", "--format", "hf", "-o", "t.json"],
                 ["export", "b.json", "--format", "tiktoken", "-o", "tk"]):
        done = run(folder, *argv, stdout=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
    hf = json.loads((folder / "t.json").read_text(encoding="utf-8"))
    for name, pattern in (("huge.json", "a{4294967294}"), ("nested.json", "(?:a{3000}){3000}"),
                          ("deep.json", "(?:(?:a{100}){100}){100}")):
        hf["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
            {"type": "Split", "pattern": {"Regex": pattern}, "behavior": "Isolated", "invert": False},
            {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True, "use_regex": False}]}
        (folder / name).write_text(json.dumps(hf), encoding="utf-8")
    (folder / "side.json").write_text(json.dumps({"special_tokens": {}, "pat_str": "(?:a{3000}){3000}"}),
                                      encoding="utf-8")
    return folder


@pytest.mark.parametrize("argv, names", [
    (["import", "huge.json", "--format", "hf", "-o", "x.json"], ["huge.json", "pattern", "4294967294"]),
    (["import", "nested.json", "--format", "hf", "-o", "x.json"], ["nested.json", "pattern", "3000"]),
    (["import", "deep.json", "--format", "hf", "-o", "x.json"], ["deep.json", "pattern", "1000000 items"]),
    (["import", "tk", "--format", "tiktoken", "--pat-str", "a{4294967294}", "-o", "x.json"], ["--pat-str"]),
    (["import", "tk", "--format", "tiktoken", "--specials", "side.json", "-o", "x.json"],
     ["side.json: pat_str", "3000"]),
], ids=lambda v: " ".join(v)[:60] if isinstance(v, list) else None)
def test_hostile_split_regexes_are_one_line(folder, argv, names):
    assert_refused(folder, *argv, names=names)
