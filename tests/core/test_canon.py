"""Canonical ID lists: decode, re-encode, line the lists up by bytes."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from core import assets
from core.inspect import canon
from core.assets import classroom
from core.models import unigram, wordpiece
from core.inspect.canon import Difference, Span, align
from core.models.char_bpe import train
from core.cli.main import main
from core.corpus import EXAMPLE_19_1, WordCorpus
from core.formats import import_file

ROOT = Path(__file__).resolve().parents[2]
CLASSROOM = ROOT / "resources" / "classroom_byte_bpe.json"


@pytest.fixture(scope="module")
def byte_model():
    return assets.load_tokenizer(CLASSROOM)[1]


# ==== seed 000 oracles ====

def test_colon_space_two_bytes_against_the_merged_token(byte_model):
    result = canon.check(byte_model, [58, 32])
    assert (result.canonical, result.ok, result.text) == (False, False, ": ")
    assert result.canonical_ids == (259,)
    assert result.differences == (Difference(given=(0, 2), canonical=(0, 1), bytes=(0, 2)),)
    assert canon.check(byte_model, [259]).ok


def test_lone_ff_is_invalid_utf8_at_offset_0(byte_model):
    result = canon.check(byte_model, [255])
    # A byte-level encoder re-encodes the bytes themselves, so [255] is its
    # own canonical form; the list is still flagged (not text).
    assert result.canonical is True and not result.ok and result.text is None
    assert [(p.kind, p.offset) for p in result.problems] == [("invalid_byte", 0)]


def test_specials_stay_in_place_and_are_flagged(byte_model):
    result = canon.check(byte_model, [256, 58, 32, 257])
    assert result.canonical_ids == (256, 259, 257)
    assert result.specials == ((0, 256, "<BOS>"), (3, 257, "<EOS>"))
    assert result.differences == (Difference((1, 3), (1, 2), (0, 2)),)
    # Bytes never merge across a special: ":" <PAD> " " is canonical.  A
    # special is flagged but does not fail the list: callers add them.
    split = canon.check(byte_model, [58, 258, 32])
    assert split.canonical and split.specials == ((1, 258, "<PAD>"),) and split.ok


def test_out_of_range_ids_are_flagged_and_skipped(byte_model):
    result = canon.check(byte_model, [58, byte_model.vocab_size, 32])
    assert result.out_of_range == ((1, byte_model.vocab_size),)
    assert result.text == ": " and result.canonical_ids == (259,) and result.canonical is False
    assert result.differences == (Difference((0, 3), (0, 1), (0, 2)),)


def test_a_later_difference_is_located_by_bytes(byte_model):
    ids = byte_model.encode("red key .").ids
    spelled = list(ids)  # spell the last multi-byte token as single bytes
    last = max(i for i, t in enumerate(ids) if len(byte_model.token_bytes(t)) > 1)
    spelled[last:last + 1] = list(byte_model.token_bytes(ids[last]))
    result = canon.check(byte_model, spelled)
    start = sum(len(byte_model.token_bytes(t)) for t in ids[:last])
    end = start + len(byte_model.token_bytes(ids[last]))
    assert result.canonical_ids == tuple(ids)
    assert result.differences == (Difference((last, last + end - start), (last, last + 1), (start, end)),)


def test_align_handles_zero_width_tokens_and_unequal_spellings():
    a = [Span(0, 1, 0, 1), Span(1, 9, 1, 1)]
    assert list(align(a, [Span(0, 1, 0, 1)])) == [Difference((1, 2), (1, 1), (1, 1))]
    # Spellings of different lengths: everything after the last shared cut.
    assert list(align([Span(0, 1, 0, 2)], [Span(0, 2, 0, 3)])) == [Difference((0, 1), (0, 1), (0, 3))]


# ==== properties ====

texts = st.text(alphabet=st.sampled_from("red key .:法国中🙂é\u0301 \n"), max_size=30)


@settings(max_examples=150, deadline=None)
@given(texts)
def test_encoder_output_is_canonical(text):
    model = classroom.default_tokenizer()
    ids = model.encode(text).ids
    result = canon.check(model, ids)
    assert result.ok and result.canonical_ids == tuple(ids) and result.text == text


@settings(max_examples=150, deadline=None)
@given(texts, st.data())
def test_any_respelling_decodes_alike_and_points_at_its_changes(text, data):
    model = classroom.default_tokenizer()
    ids = list(model.encode(text).ids)
    chosen = data.draw(st.sets(st.integers(0, max(len(ids) - 1, 0))))
    respelled, changed = [], 0
    for index, token_id in enumerate(ids):
        piece = model.token_bytes(token_id)
        if index in chosen and len(piece) > 1:
            respelled += list(piece)  # the same bytes as single-byte IDs
            changed += 1
        else:
            respelled.append(token_id)
    result = canon.check(model, respelled)
    assert result.canonical_ids == tuple(ids) and result.data == text.encode()
    assert result.canonical is (changed == 0) and len(result.differences) == changed
    for d in result.differences:
        assert result.data[slice(*d.bytes)] == b"".join(model.token_bytes(t) for t in respelled[slice(*d.given)])


# ==== other asset kinds ====

def test_char_bpe_list(tmp_path):
    model = train(EXAMPLE_19_1, merges=4)
    low, lo, w, eow = (model.ids[s] for s in ("low</w>", "lo", "w", "</w>"))
    result = canon.check(model, [lo, w, eow])
    assert result.text == "low" and result.canonical_ids == (low,) and not result.canonical
    assert result.differences == (Difference((0, 3), (0, 1), (0, 7)),)  # the spelling "low</w>"
    assert canon.check(model, [low]).ok


def test_wordpiece_and_unigram_lists():
    corpus = WordCorpus.from_pairs([("lower", 5), ("lowest", 3), ("newer", 4), ("low", 6)])
    pieces = wordpiece.train(corpus, vocab_size=30)
    spelled = [pieces.ids[t] for t in ("l", "##o", "##w", "##e", "##r")]
    result = canon.check(pieces, spelled)
    assert result.text == "lower" and result.canonical_ids == tuple(pieces.encode("lower").ids)
    assert not result.canonical and result.differences[0].given == (0, 5)
    # A unigram control piece prints nothing; it stays in place and is flagged.
    model = unigram.train(corpus, vocab_size=25, controls=("<s>",))
    ids = [1, *model.encode("lower newer").ids]
    checked = canon.check(model, ids)
    assert checked.ok and checked.specials == ((0, 1, "<s>"),) and checked.canonical_ids == tuple(ids)


def test_imported_hf_bpe_list(tmp_path):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(["hello world, hello there"] * 20 + ["中文 🙂"], trainers.BpeTrainer(
        vocab_size=300, special_tokens=["<|endoftext|>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False))
    path = tmp_path / "tokenizer.json"
    tok.save(str(path))
    model = assets.build_tokenizer(import_file(path, "hf").asset)
    hello = tok.encode("hello").ids
    assert len(hello) == 1
    spelled = [tok.token_to_id(c) for c in "hello"]
    result = canon.check(model, spelled + [0])
    assert result.text == "hello<|endoftext|>" and result.canonical_ids == (*hello, 0)
    assert result.differences == (Difference((0, 5), (0, 1), (0, 5)),)
    assert result.specials == ((5, 0, "<|endoftext|>"),)
    # Half of 中 (E4 B8 AD): not text, so there is nothing to re-encode.
    half = [tok.token_to_id(c) for c in ("ä", "¸")]
    partial = canon.check(model, half)
    assert partial.canonical is None and [(p.kind, p.offset) for p in partial.problems] == [("truncated", 0)]


# ==== command line ====

def run(args, capsys):
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_json_exit_codes(capsys, tmp_path):
    code, out, _ = run(["canon", str(CLASSROOM), "58", "32", "--json"], capsys)
    doc = json.loads(out)
    assert code == 1 and doc["canonical"] is False and doc["canonical_ids"] == [259]
    assert doc["differences"] == [{"given": [0, 2], "canonical": [0, 1], "bytes": [0, 2],
                                   "given_ids": [58, 32], "canonical_ids": [259]}]
    code, out, _ = run(["canon", str(CLASSROOM), "[259]", "--json"], capsys)
    assert code == 0 and json.loads(out)["ok"] is True
    code, out, _ = run(["canon", str(CLASSROOM), "255", "--json"], capsys)
    doc = json.loads(out)
    assert code == 1 and doc["invalid_utf8"][0]["offset"] == 0 and "0xFF at offset 0" in doc["invalid_utf8"][0]["message"]
    ids_file = tmp_path / "ids.txt"
    ids_file.write_text("256\n58\n32\n", encoding="utf-8")
    code, out, _ = run(["canon", str(CLASSROOM), "--file", str(ids_file)], capsys)
    assert code == 1 and out.startswith("canonical: no [256, 58, 32]; the encoder gives [256, 259]")
    assert "special <BOS> (ID 256) at index 0" in out


@pytest.mark.parametrize("args, message", [
    (["1", "x"], "item 2"), ([], "no IDs given"), (["--file", "missing.txt"], "no such file"),
    (["1", "--file", "ids.txt"], "not both"),
])
def test_cli_bad_input_is_one_line_and_exit_2(args, message, capsys):
    code, out, err = run(["canon", str(CLASSROOM), *args], capsys)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_cli_reads_ids_from_stdin():
    done = subprocess.run([sys.executable, "main.py", "canon", str(CLASSROOM), "-", "--json"], cwd=ROOT,
                          input=b"[58, 32]", capture_output=True, timeout=120)
    assert done.returncode == 1 and json.loads(done.stdout)["canonical_ids"] == [259]


def test_cli_on_an_imported_bpe_asset(tmp_path, capsys):
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(["low lower lowest"] * 10, trainers.BpeTrainer(
        vocab_size=280, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False))
    tok.save(str(tmp_path / "tokenizer.json"))
    asset = tmp_path / "asset.json"
    assert main(["import", str(tmp_path / "tokenizer.json"), "--format", "hf", "-o", str(asset)]) == 0
    capsys.readouterr()
    low = tok.encode("lower").ids
    spelled = [tok.token_to_id(c) for c in "lower"]
    code, out, _ = run(["canon", str(asset), *map(str, spelled), "--json"], capsys)
    doc = json.loads(out)
    assert code == 1 and doc["text"] == "lower" and doc["canonical_ids"] == low
    code, out, _ = run(["canon", str(asset), *map(str, low)], capsys)
    assert code == 0 and out.startswith("canonical: yes")


# ==== through the one interface (core.tokenizer), as the GUI asks ====

def test_the_interface_gives_the_bare_models_results(byte_model):
    from core.tokenizer import wrap

    wrapped = wrap("byte-bpe", byte_model)
    for ids in ([58, 32], [259], [255], [256, 58, 32, 114, 101, 100, 32, 257], [58, byte_model.vocab_size, 32]):
        assert canon.check(wrapped, ids) == canon.check(byte_model, ids), ids
    # String kinds: the same verdict; a token covers the text it stands for
    # ("</w>" is the space after a word), not its spelling.
    model = train(EXAMPLE_19_1, merges=4)
    low, lo, w, eow = (model.ids[s] for s in ("low</w>", "lo", "w", "</w>"))
    result = canon.check(wrap("char-bpe", model), [lo, w, eow])
    assert (result.text, result.canonical_ids, result.canonical) == ("low", (low,), False)
    assert result.data == b"low " and result.differences == (Difference((0, 3), (0, 1), (0, 4)),)


def test_the_unknown_token_stays_in_place_through_the_interface():
    from core.tokenizer import wrap

    corpus = WordCorpus.from_pairs([("lower", 5), ("lowest", 3), ("newer", 4), ("low", 6)])
    pieces = wrap("wordpiece", wordpiece.train(corpus, vocab_size=30))
    ids = pieces.encode_ids("lower 中 newer")
    unk = pieces.token_to_id("[UNK]")
    assert unk in ids
    # Decoded, [UNK] is its own name, which the encoder reads as letters: it is
    # no text to encode again, so it stays where it is, like a special.
    result = canon.check(pieces, ids)
    assert result.ok and result.canonical_ids == tuple(ids)
    assert result.specials == ((ids.index(unk), unk, "[UNK]"),)
    spelled = [pieces.token_to_id(t) for t in ("l", "##o", "##w", "##e", "##r")] + ids[ids.index(unk):]
    respelled = canon.check(pieces, spelled)
    assert not respelled.canonical and respelled.canonical_ids == tuple(ids)
    # "l ##o ##w ##e ##r" and "lower" stand for the same five bytes.
    assert respelled.differences == (Difference((0, 5), (0, 1), (0, 5)),)
    assert canon.pieces_of(pieces, [unk, 10_000]) == [("special", "[UNK]"), ("unknown", b"")]
