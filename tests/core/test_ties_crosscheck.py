"""Each tie policy against the trainer it copies, run here on the same words.

Char BPE splits a word into characters plus ``</w>`` as a symbol of its own.
None of the references does exactly that, so every comparison gives the
reference words that end in an explicit end character and maps it back:

* HF ``BpeTrainer`` (no suffix, no prefix, no specials): ``low#`` is
  ``l o w #``.  ``#`` sorts before every letter by code point, as ``</w>``
  does among our symbol strings, so its ID has the same place in HF's order
  (alphabet by code point) as ``</w>`` has in ours; HF's ``#`` is our ``</w>``.
* subword-nmt ``learn_bpe`` glues ``</w>`` onto the last character, so
  ``low#`` becomes ``l o w #</w>``: its one symbol ``#</w>`` is our ``</w>``,
  and it too sorts below every letter, so "greatest pair" agrees.
  ``min_frequency=1``, because the default 2 stops where we go on.
* SentencePiece BPE with ``treat_whitespace_as_suffix``: ``low`` becomes
  ``l o w ▁``, which is our trainer with ``end_of_word="▁"``, exactly.
  Identity normalization, full character coverage, no script or number
  splits.  Its vocabulary lists the merged pieces in order after the three
  meta pieces, so we compare those strings.
* tiktoken ``_educational.bpe_train`` on bytes, pre-split with ``\\S+`` so
  each word keeps a final ``#`` byte; our corpus holds each word's UTF-8
  bytes as Latin-1 characters, and ``</w>`` is that ``#``.

Each test also checks that another policy gives different merges on some of
the corpora, so the comparison can fail.
"""

import io
import json
import random

import pytest
from hypothesis import given, settings, strategies as st

from core.models.char_bpe import train
from core.corpus import WordCorpus

EOW = "</w>"


def random_corpora(seed, count, letters, max_len, distinct=False):
    """``count`` small word-count tables over a few letters: many ties."""
    rng = random.Random(seed)
    for _ in range(count):
        table = {}
        for _ in range(rng.randint(1, 10)):
            size = rng.randint(1, max_len)
            word = "".join(rng.sample(letters, size) if distinct else rng.choices(letters, k=size))
            table[word] = table.get(word, 0) + rng.randint(1, 3)
        yield list(table.items())


def our_pairs(table, tie, **kwargs):
    return [m.pair for m in train(WordCorpus.from_pairs(table), merges=100_000, tie=tie, **kwargs).merges]


# ==== Hugging Face tokenizers ====

def hf_merges(table):
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    # A vocabulary this large lets HF run until no pair is left, as ours does.
    trainer = trainers.BpeTrainer(vocab_size=100_000, show_progress=False, special_tokens=[])
    tokenizer.train_from_iterator([" ".join([word + "#"] * n) for word, n in table], trainer)
    merges = json.loads(tokenizer.to_str())["model"]["merges"]
    return [tuple(s.replace("#", EOW) for s in (m if isinstance(m, list) else m.split(" "))) for m in merges]


def test_hf_policy_equals_hf_bpe_trainer():
    differs = 0
    for table in random_corpora(1, 120, "abcd", 6):
        ours = our_pairs(table, "hf")
        assert ours == hf_merges(table), table
        differs += ours != our_pairs(table, "lexicographic")
    assert differs > 60


def test_hf_policy_on_seed_corpora():
    # Example 19.1: after merge 1 ("lo" gets ID 8 after [UNK] 0, </w> 1,
    # e l n o r w 2..7) two pairs tie at 3: (lo, w) = (8, 7) and
    # (w, </w>) = (7, 1).  HF takes the smaller IDs; by strings "lo" < "w".
    table = [("low", 2), ("lower", 1), ("new", 1)]
    ours = our_pairs(table, "hf")
    assert ours[:3] == [("l", "o"), ("w", EOW), ("lo", "w" + EOW)]
    assert our_pairs(table, "lexicographic")[1] == ("lo", "w")
    assert ours == hf_merges(table)
    seed_004 = [("low", 5), ("lowest", 2), ("newer", 6), ("wider", 3), ("new", 2)]
    assert our_pairs(seed_004, "hf") == hf_merges(seed_004)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.text(alphabet="xyzé中", min_size=1, max_size=6), st.integers(1, 4)),
                min_size=1, max_size=8, unique_by=lambda t: t[0]))
def test_hf_policy_equals_hf_on_generated_corpora(table):
    assert our_pairs(table, "hf") == hf_merges(table)


# ==== subword-nmt ====

def subword_nmt_codes(table):
    from subword_nmt.learn_bpe import learn_bpe

    out = io.StringIO()
    learn_bpe(io.StringIO("".join(f"{word}# {n}\n" for word, n in table)), out, 100_000,
              min_frequency=1, is_dict=True)
    header, *codes = out.getvalue().splitlines()
    assert header.startswith("#version")
    return [tuple(s.replace("#</w>", EOW) for s in line.split(" ")) for line in codes]


def test_subword_nmt_policy_equals_learn_bpe(capsys):
    differs = 0
    for table in random_corpora(2, 120, "abcd", 6):
        ours = our_pairs(table, "subword-nmt")
        assert ours == subword_nmt_codes(table), table
        differs += ours != our_pairs(table, "lexicographic")
    capsys.readouterr()  # learn_bpe reports progress on stderr
    assert differs > 60


# ==== SentencePiece ====

def spm_pieces(table, count):
    import sentencepiece as spm

    chars = {ch for word, _ in table for ch in word} | {"▁"}
    lines = [" ".join([word] * n) for word, n in table]
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(lines), model_writer=model, model_type="bpe",
        vocab_size=3 + len(chars) + count, character_coverage=1.0, normalization_rule_name="identity",
        treat_whitespace_as_suffix=True, split_by_unicode_script=False, split_by_number=False,
        max_sentencepiece_length=64, num_threads=1, minloglevel=3)
    processor = spm.SentencePieceProcessor(model_proto=model.getvalue())
    return [processor.id_to_piece(i) for i in range(3, 3 + count)]


@pytest.mark.parametrize("letters, distinct", [("abcdef", True), ("abc", False)])
def test_sentencepiece_policy_equals_spm_bpe_trainer(letters, distinct):
    differs = 0
    for table in random_corpora(3, 60, letters, 6, distinct):
        model = train(WordCorpus.from_pairs(table), merges=100_000, tie="sentencepiece", end_of_word="▁")
        ours = [m.new for m in model.merges]
        # Asking SentencePiece for more pieces than there are pairs makes it
        # add pieces of frequency 0, so ask for exactly as many as we made.
        assert ours == spm_pieces(table, len(ours)), table
        lexicographic = train(WordCorpus.from_pairs(table), merges=100_000, end_of_word="▁")
        differs += ours != [m.new for m in lexicographic.merges]
    assert differs > 30


# ==== tiktoken _educational (minbpe's rule) ====

def test_minbpe_policy_equals_tiktoken_educational_on_bytes():
    from tiktoken import _educational

    rng = random.Random(4)
    differs = 0
    for _ in range(40):
        words = [rng.choice(["é中", "ab", "aé", "b中a", "ba", "中中", "abé"]) + "#" for _ in range(rng.randint(1, 12))]
        text = " ".join(words)
        corpus = WordCorpus.from_pairs(_first_appearance(w[:-1].encode().decode("latin-1") for w in words))
        model = train(corpus, merges=100_000, tie="minbpe")
        # tiktoken keeps one rank per byte string, so a string made twice
        # takes the later rank without growing the table.
        ranks = {bytes([b]): b for b in range(256)}
        for m in model.merges:
            ranks[m.new.replace(EOW, "#").encode("latin-1")] = len(ranks)
        size = len(ranks)
        reference = _educational.bpe_train(text, size, r"\S+", visualise=None)
        assert reference == ranks, words
        lexicographic = train(corpus, merges=100_000, tie="lexicographic")
        differs += [m.pair for m in model.merges] != [m.pair for m in lexicographic.merges]
    assert differs > 10


def _first_appearance(words):
    counts = {}
    for word in words:
        counts[word] = counts.get(word, 0) + 1
    return list(counts.items())


# ==== every policy by name, from the command line ====

@pytest.mark.parametrize("tie, second", [("hf", "w + </w>"), ("lexicographic", "lo + w"),
                                         ("sentencepiece", "w + </w>"), ("minbpe", "lo + w"),
                                         ("subword-nmt", "l + o")])
def test_cli_trains_and_traces_under_each_policy(tie, second, tmp_path, capsys):
    from core.cli.main import main

    corpus = tmp_path / "words.tsv"
    corpus.write_text("low\t2\nlower\t1\nnew\t1\n", encoding="utf-8")
    asset = tmp_path / "asset.json"
    assert main(["train", str(corpus), "--merges", "4", "--tie", tie, "-o", str(asset)]) == 0
    assert main(["trace", str(asset), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out.split("\n", 1)[1])
    assert doc["policy"] == tie
    assert " + ".join(doc["steps"][1]["pair"]) == second


@pytest.mark.parametrize("tie", ["hf", "sentencepiece", "minbpe"])
def test_new_policies_survive_a_workspace_round_trip(tie, tmp_path):
    from core.workspace import workspace_file
    from core.workspace.workspace import Workspace

    workspace = Workspace.example()
    workspace.set_settings(tie=tie)
    workspace.train()
    path = tmp_path / "w.json"
    workspace_file.save(workspace_file.snapshot(workspace), path)
    other = Workspace()
    workspace_file.apply(workspace_file.read(path), other)
    trace = other.model.trace
    assert trace.policy == tie and trace.steps == workspace.model.trace.steps
    # The reloaded trace orders each recomputed tie set as training did.
    for step in trace.steps:
        table = trace.pair_counts(step.step)
        tied = [pair for pair, count in table.items() if count == step.count]
        assert tuple(trace.tie_order(tied)) == step.ties
