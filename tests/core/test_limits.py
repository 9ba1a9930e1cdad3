"""Numbers and sizes from hostile input (docs/guide/robustness.md, stated limits).

Numbers are ASCII decimal digits within stated bounds (IDs < 2**31, counts
< 2**53), read by one parser (core.numbers) everywhere; imported models
and regexes beyond stated limits are refused with one line naming the file
and field.  The CLI cases run as a user runs them (test_cli_files.assert_refused:
exit 2, one line, no traceback, no file changed).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.errors import StudioError
from core.cli.stages_cmds import MAX_TEXT_BYTES as STAGES_BYTES
from core.formats.spm import MAX_SPLIT_WORK
from core.inspect.canon import MAX_IDS as CANON_IDS
from core.tokenizer.stages import MAX_CHARS as STAGES_CHARS
from core.numbers import MAX_COUNT, MAX_ID, MAX_MERGES, MAX_VOCAB, check_finite, check_int, parse_decimal
from test_cli_files import assert_refused, run
from test_cli_fuzz import _limits as fuzz_limits


@given(st.integers(0, MAX_COUNT))
def test_every_decimal_in_range_reads_back(value):
    assert parse_decimal(str(value), where="x") == value


@pytest.mark.parametrize("text", ["٣", "５", "1_000", "+5", "-1", " 5", "5 ", "", "0x10", "1e3", "²", "5.0"])
def test_anything_but_ascii_digits_is_refused(text):
    with pytest.raises(StudioError, match="^x: number .* is not a decimal integer"):
        parse_decimal(text, where="x")


def test_bounds_are_named():
    with pytest.raises(StudioError, match=f"over the limit {MAX_ID}"):
        parse_decimal(str(2**31), where="x", high=MAX_ID)
    with pytest.raises(StudioError, match="over the limit"):
        parse_decimal("9" * 5000, where="x")  # never reaches int()'s 4300-digit limit
    with pytest.raises(StudioError, match="must be at least 1"):
        parse_decimal("0", where="x", low=1)


@pytest.mark.parametrize("value, message", [(True, "found true/false"), (1.0, "found a fraction"),
                                            ("1", "found text"), (-1, "at least 0"), (2**31, "over the limit")])
def test_json_integers_are_integers_in_range(value, message):
    with pytest.raises(StudioError, match=message):
        check_int(value, where="f", high=MAX_ID)


@pytest.mark.parametrize("value", [1e308, float("inf"), float("nan"), -1e31, True])
def test_scores_are_finite_and_bounded(value):
    with pytest.raises(StudioError, match="^s: score"):
        check_finite(value, where="s")


# ==== the command line ====

UNIGRAM = {
    "added_tokens": [{"id": 0, "content": "<unk>", "single_word": False, "lstrip": False, "rstrip": False,
                      "normalized": False, "special": True}],
    "normalizer": None, "post_processor": None,
    "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
    "decoder": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always", "split": True},
    "model": {"type": "Unigram", "unk_id": 0, "byte_fallback": False,
              "vocab": [["<unk>", 0.0], ["▁low", -1.0], ["▁", -2.0], ["l", -3.0], ["o", -3.0], ["w", -3.0]]},
}


def hostile_models(folder):
    """Assets and imports beyond the stated limits, made from b.json (byte BPE) and its HF export."""
    for argv in (["export", "b.json", "--format", "hf", "-o", "t.json"],
                 ["import", "t.json", "--format", "hf", "-o", "i.json"],
                 ["export", "b.json", "--format", "tiktoken", "-o", "tk"]):
        done = run(folder, *argv, stdout=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
    imported = json.loads((folder / "i.json").read_text(encoding="utf-8"))
    assert imported["kind"] == "bpe"

    def variant(name, change, base=imported):
        changed = json.loads(json.dumps(base))
        change(changed)
        (folder / name).write_text(json.dumps(changed), encoding="utf-8")

    variant("id9.json", lambda a: a["model"]["vocab"][-1].__setitem__(1, 1_000_000_000))
    variant("id64.json", lambda a: a["model"]["vocab"][-1].__setitem__(1, 2**64))
    variant("sv_true.json", lambda a: a.__setitem__("schema_version", True))
    variant("sv_float.json", lambda a: a.__setitem__("schema_version", 1.0))
    for name, score in (("u308.json", "1e308"), ("uinf.json", "1e400"), ("unan.json", "NaN")):
        text = json.dumps(UNIGRAM).replace("-3.0]]}", f"{score}]]}}")
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "neg.json").write_text(json.dumps({"special_tokens": {"<BOS>": -1}}), encoding="utf-8")
    (folder / "sp.vocab").write_text("<unk>\t0\n▁l\t-1\n", encoding="utf-8")
    (folder / "spnum.vocab").write_text("<unk>\t0\n▁l\t-١\n", encoding="utf-8")
    # Pieces "a" * k: each splits k - 1 ways into two others, ~k**2 characters of work.
    lines = ["<unk>\t0"] + [f"{'a' * k}\t{-k}" for k in range(1, 1200)]
    (folder / "long.vocab").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    folder = tmp_path_factory.mktemp("limits")
    (folder / "c.tsv").write_text("low\t2\nlower\t1\nnew\t1\n", encoding="utf-8")
    (folder / "r.txt").write_text("low lower new\n", encoding="utf-8")
    for argv in (["train", "c.tsv", "--merges", "4", "-o", "a.json"],
                 ["train", "r.txt", "--algo", "byte-bpe", "--merges", "4", "-o", "b.json"]):
        done = run(folder, *argv, stdout=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
    hostile_models(folder)
    (folder / "many_ids.txt").write_text("1 " * (CANON_IDS + 1), encoding="utf-8")
    (folder / "long.txt").write_text("é" * (STAGES_CHARS + 1), encoding="utf-8")
    (folder / "huge.txt").write_bytes(b"a" * (STAGES_BYTES + 1))
    (folder / "ro.json").write_text("{}", encoding="utf-8")
    os.chmod(folder / "ro.json", 0o444)
    (folder / "ids.txt").write_text("1 ٣ 2\n", encoding="utf-8")
    (folder / "ids2.txt").write_text("1 １\n", encoding="utf-8")
    (folder / "ids3.txt").write_text(f"1 {2**31}\n", encoding="utf-8")
    (folder / "big.tsv").write_text("low\t100000000000000000000000\n", encoding="utf-8")
    (folder / "sum.tsv").write_text("ab\t4000000000000000\ncd\t4000000000000000\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("argv, names", [
    (["train", "c.tsv", "--merges", "٣", "-o", "x.json"], ["--merges", "'٣'"]),
    (["train", "c.tsv", "--merges", "+5", "-o", "x.json"], ["--merges", "'+5'"]),
    (["train", "c.tsv", "--merges", "1_000", "-o", "x.json"], ["--merges", "'1_000'"]),
    (["train", "c.tsv", "--merges", "9" * 5000, "-o", "x.json"], ["--merges", "over the limit"]),
    (["train", "c.tsv", "--vocab-size", "0", "-o", "x.json"], ["--vocab-size", "at least 1"]),
    (["train", "r.txt", "--algo", "unigram", "--vocab-size", "50", "--em-iterations", "٢", "-o", "x.json"],
     ["--em-iterations"]),
    (["train", "c.tsv", "--merges", "2", "--unk", "", "-o", "x.json"], ["--unk", "empty"]),
    (["train", "c.tsv", "--merges", "2", "--unk", "l", "-o", "x.json"], ["--unk 'l'", "c.tsv"]),
    (["train", "big.tsv", "--merges", "2", "-o", "x.json"], ["big.tsv:1", "count", f"limit {MAX_COUNT}"]),
    (["train", "sum.tsv", "--merges", "2", "-o", "x.json"], ["sum.tsv", str(MAX_COUNT)]),
    (["train", "sum.tsv", "--algo", "byte-bpe", "--format", "table", "--merges", "2", "-o", "x.json"],
     ["sum.tsv", str(MAX_COUNT)]),
    (["decode", "b.json", "٣"], ["'٣'"]),
    (["decode", "b.json", "１"], ["'１'"]),
    (["decode", "b.json", str(2**31)], [str(2**31), f"limit {MAX_ID}"]),
    (["decode", "b.json", str(2**64)], [str(2**64), f"limit {MAX_ID}"]),
    (["canon", "b.json", "--file", "ids.txt"], ["ids.txt", "'٣'"]),
    (["canon", "b.json", "--file", "ids2.txt"], ["ids2.txt", "'１'"]),
    (["canon", "b.json", "--file", "ids3.txt"], ["ids3.txt", str(2**31)]),
    (["stages", "a.json", "--text", "low", "--limit", "٣"], ["--limit"]),
    (["canon", "b.json", "--file", "many_ids.txt"], ["many_ids.txt", f"more than {CANON_IDS} IDs"]),
    (["stages", "b.json", "--file", "long.txt"], ["long.txt", f"{STAGES_CHARS + 1} characters", str(STAGES_CHARS)]),
    (["stages", "b.json", "--file", "huge.txt"], ["huge.txt", f"{STAGES_BYTES}-byte text limit"]),
    (["stages", "b.json", "--text", "x" * (STAGES_CHARS + 1)], ["--text", str(STAGES_CHARS)]),
    (["train", "c.tsv", "--merges", "2", "-o", "ro.json"], ["ro.json: is read-only"]),
    (["train", "", "--merges", "2", "-o", "x.json"], ["corpus: the file name is empty"]),
    (["train", "c.tsv", "--merges", "2", "-o", ""], ["--output: the file name is empty"]),
    (["train", "c.tsv", "--merges", "2", "-o", "x.json", "--trace", ""], ["--trace: the file name is empty"]),
    (["export", "a.json", "--format", "hf", "-o", ""], ["--output: the file name is empty"]),
    (["train", "c\n.tsv", "--merges", "2", "-o", "x.json"], ["c\\n.tsv: no such file"]),
    (["encode", "a.json", "--json", "--bogus"], ["unrecognized arguments: --bogus"]),
    (["identity", "id9.json"], ["id9.json", "vocab[", "1000000000", f"limit {MAX_VOCAB - 1}"]),
    (["diff", "id9.json", "i.json"], ["id9.json", "1000000000"]),
    (["identity", "id64.json"], ["id64.json", str(2**64), f"limit {MAX_COUNT}"]),
    (["encode", "id64.json", "--text", "low"], ["id64.json", str(2**64)]),
    (["identity", "sv_true.json"], ["sv_true.json", "schema version True"]),
    (["identity", "sv_float.json"], ["sv_float.json", "schema version 1.0"]),
    (["import", "u308.json", "--format", "hf", "-o", "x.json"], ["u308.json", "score 1e+308", "limit"]),
    (["import", "uinf.json", "--format", "hf", "-o", "x.json"], ["uinf.json", "too large for a double"]),
    (["import", "unan.json", "--format", "hf", "-o", "x.json"], ["unan.json", "NaN"]),
    (["import", "tk", "--format", "tiktoken", "--pattern", "gpt2", "--specials", "neg.json", "-o", "x.json"],
     ["neg.json", "special_tokens.'<BOS>'", "ID -1"]),
    (["import", "spnum.vocab", "--format", "spm", "-o", "x.json"], ["spnum.vocab", "line 2", "'-١'"]),
    (["import", "long.vocab", "--format", "spm", "--model-type", "bpe", "-o", "x.json"],
     ["long.vocab", str(MAX_SPLIT_WORK)]),
], ids=lambda v: " ".join(v)[:80] if isinstance(v, list) else None)
def test_bad_numbers_are_one_line(folder, argv, names):
    assert_refused(folder, *argv, names=names)


def test_merge_and_vocabulary_limits_are_checked_where_models_are_built(monkeypatch):
    from core.formats import spm
    from core.formats.spm import implied_merges
    from core.models.bpe_model import BPEModel

    with pytest.raises(StudioError, match=f"over the limit {MAX_VOCAB - 1}"):
        BPEModel((("a", MAX_VOCAB),), ())
    pieces = [("a" * k, -k, "normal") for k in range(1, 3000)]
    with pytest.raises(StudioError, match="characters of splits"):
        implied_merges(pieces)
    # Short pieces with every split valid: the merge count is the limit that bites.
    assert spm.MAX_MERGES == MAX_MERGES
    monkeypatch.setattr(spm, "MAX_MERGES", 1000)  # the same check, at a size a test can build
    letters = [chr(c) for c in range(0x4E00, 0x4E00 + 40)]
    many = [(x + y, -1.0, "normal") for x in letters for y in letters]
    singles = [(x, 0.0, "normal") for x in letters]
    assert len(implied_merges(singles + many[:1000])[0]) == 1000
    with pytest.raises(StudioError, match="more than 1000 merges"):
        implied_merges(singles + many)


def test_canon_and_stages_refuse_beyond_their_stated_sizes():
    from core.inspect import canon
    from core.tokenizer import stage_kinds
    from core.models import byte_bpe
    from core.tokenizer import wrap

    model = byte_bpe.train(["low lower"], 2)
    with pytest.raises(StudioError, match=f"more than {CANON_IDS} IDs"):
        canon.check(wrap("byte-bpe", model), [108] * (CANON_IDS + 1))
    with pytest.raises(StudioError, match=f"over the limit {STAGES_CHARS}"):
        stage_kinds.inspect(model, "byte-bpe", "x" * (STAGES_CHARS + 1))


def test_trailing_words_and_ids_may_follow_options(folder):
    done = run(folder, "encode", "a.json", "--json", "lower", stdout=subprocess.PIPE)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[0]["word"] == "lower"
    done = run(folder, "decode", "b.json", "--errors", "replace", "108", "111", stdout=subprocess.PIPE)
    assert done.returncode == 0 and done.stdout.decode().strip() == "lo", done.stderr


# ==== training one huge word ====

def _one_word(chars: int) -> str:
    rng = random.Random(20)
    alphabet = [chr(0x4E00 + i) for i in range(3000)]
    return "".join(rng.choice(alphabet) for _ in range(chars))


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_AS")
def test_one_huge_word_trains_within_the_fuzz_limits(tmp_path):
    """400,000 characters of 3,000 distinct CJK ones on one line, under the
    CLI fuzz suite's RLIMIT_AS and timeout (a rescoring of every pair at
    each step took minutes).  WordPiece trains on it; unigram refuses it
    with the limit named, and with ordinary lines beside it leaves it out
    and says so."""
    word = _one_word(400_000)
    (tmp_path / "huge.txt").write_text(word + "\n", encoding="utf-8")
    (tmp_path / "mixed.txt").write_text(word + "\nlow lower newest widest\nthe lowest new\n", encoding="utf-8")
    done = run(tmp_path, "train", "huge.txt", "--algo", "wordpiece", "--vocab-size", "3101", "-o", "w.json",
               stdout=subprocess.PIPE, preexec_fn=fuzz_limits)
    assert done.returncode == 0, done.stderr
    assert len(json.loads((tmp_path / "w.json").read_text(encoding="utf-8"))["model"]["vocab"]) == 3101
    assert_refused(tmp_path, "train", "huge.txt", "--algo", "unigram", "--vocab-size", "40", "-o", "u.json",
                   names=["huge.txt", "longer than 4192 bytes", "--max-word-bytes"], preexec_fn=fuzz_limits)
    done = run(tmp_path, "train", "mixed.txt", "--algo", "unigram", "--vocab-size", "40", "-o", "u.json",
               "--trace", "t.json", stdout=subprocess.PIPE, preexec_fn=fuzz_limits)
    assert done.returncode == 0, done.stderr
    assert "left out 1 word(s) over 4192 bytes (--max-word-bytes)" in done.stdout.decode()
    assert json.loads((tmp_path / "t.json").read_text(encoding="utf-8"))["skipped_words"] == 1
