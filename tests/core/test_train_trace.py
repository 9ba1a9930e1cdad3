"""``train --trace`` for byte-bpe, wordpiece and unigram: strict JSON, each
step as the trainer recorded it, WordPiece's score recounted naively."""

import json
import math
from collections import Counter
from fractions import Fraction

import pytest

from core.cli.main import main
from core.inspect import training_trace
from core.models import byte_bpe
from core.models.unigram import training

RECORDS = ["low lower newest widest", "héllo 中文 wörld", "low low 🙂 naïve café", "the new lower low",
           "中文 tokenizer 中文 分词", "newest widest lowest", "the lower the newer"]


def strict(text):
    """JSON without NaN or Infinity, which the standard forbids."""
    def refuse(name):
        raise AssertionError(f"non-standard JSON constant {name}")
    return json.loads(text, parse_constant=refuse)


def run_trace(tmp_path, capsys, algo, *size):
    corpus = tmp_path / "multi.txt"
    corpus.write_bytes("\n".join(RECORDS).encode("utf-8"))
    trace = tmp_path / "trace.json"
    code = main(["train", str(corpus), "--algo", algo, *size, "-o", str(tmp_path / "a.json"),
                 "--trace", str(trace)])
    _, err = capsys.readouterr()
    assert code == 0, err
    return strict(trace.read_text(encoding="utf-8"))


def test_byte_bpe_trace_is_every_merge_of_the_trainer(tmp_path, capsys):
    data = run_trace(tmp_path, capsys, "byte-bpe", "--merges", "12")
    model = byte_bpe.train(RECORDS, 12)
    assert data["algo"] == "byte-bpe" and len(data["steps"]) == 12
    for step, merge in zip(data["steps"], model.merges):
        assert step["pair"] == [merge.left, merge.right] and step["new_id"] == merge.new_id
        assert step["count"] == merge.count and step["tie_count"] == merge.tie_count
        left, right = model.token_bytes(merge.left), model.token_bytes(merge.right)
        assert bytes.fromhex(step["hex"][0]) + bytes.fromhex(step["hex"][1]) == left + right == merge.token_bytes
    assert data["steps"][0]["new_id"] == 259


def naive_units_and_pairs(segmented):
    units, pairs = Counter(), Counter()
    for symbols, count in segmented.items():
        for s in symbols:
            units[s] += count
        for pair in zip(symbols, symbols[1:]):
            pairs[pair] += count
    return units, pairs


def test_wordpiece_trace_scores_recount_naively(tmp_path, capsys):
    data = run_trace(tmp_path, capsys, "wordpiece", "--vocab-size", "60")
    assert data["algo"] == "wordpiece" and data["steps"]
    # Replay every step on the words split at whitespace, counting from scratch.
    words = Counter(w for r in RECORDS for w in r.split())
    segmented = {tuple([w[0]] + ["##" + c for c in w[1:]]): n for w, n in words.items()}
    for step in data["steps"]:
        units, pairs = naive_units_and_pairs(segmented)
        left, right = step["pair"]
        assert (step["pair_count"], step["left_count"], step["right_count"]) == (
            pairs[(left, right)], units[left], units[right])
        score = Fraction(pairs[(left, right)], units[left] * units[right])
        assert step["score"] == f"{score.numerator}/{score.denominator}"
        best = max(Fraction(c, units[a] * units[b]) for (a, b), c in pairs.items())
        assert score == best
        up = step["runner_up"]
        if up is not None:
            a, b = up["pair"]
            assert (a, b) != (left, right)
            assert Fraction(pairs[(a, b)], units[a] * units[b]) == Fraction(up["score"])
            assert Fraction(up["score"]) == max(Fraction(c, units[x] * units[y]) for (x, y), c in pairs.items()
                                                if (x, y) != (left, right))
        new = left + right[2:] if right.startswith("##") else left + right
        assert step["new_symbol"] == new
        merged = {}
        for symbols, n in segmented.items():
            out, i = [], 0
            while i < len(symbols):
                if i + 1 < len(symbols) and (symbols[i], symbols[i + 1]) == (left, right):
                    out.append(new)
                    i += 2
                else:
                    out.append(symbols[i])
                    i += 1
            merged[tuple(out)] = merged.get(tuple(out), 0) + n
        segmented = merged
    # BERT's five specials first, as BertWordPieceTokenizer trains them.
    assert data["vocab"][:5] == ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] and len(data["vocab"]) == 60


def test_unigram_trace_rounds_match_the_trainer_and_unused_losses_are_null(tmp_path, capsys):
    data = run_trace(tmp_path, capsys, "unigram", "--vocab-size", "50")
    model = training.train(training.sentence_corpus(RECORDS), vocab_size=50)
    rounds = model.trace.rounds
    assert data["algo"] == "unigram" and len(data["rounds"]) == len(rounds) >= 1
    for written, kept in zip(data["rounds"], rounds):
        assert (written["size_before"], written["size_after"], written["removed_count"]) == (
            kept.size_before, kept.size_after, kept.removed_count)
        assert written["log_likelihood"] == pytest.approx(kept.log_likelihood, abs=0)
        assert [p for p, _ in written["removed"]] == [p for p, _ in kept.removed]
        for (_, loss), (_, true_loss) in zip(written["removed"], kept.removed):
            assert loss is None if math.isinf(true_loss) else loss == true_loss
    assert any(loss is None for r in data["rounds"] for _, loss in r["removed"])
    assert [p for p, _ in data["pieces"]] == [p.piece for p in model.pieces]
    assert len(data["pieces"]) == 50


def test_trace_of_a_loaded_model_is_refused_in_one_line():
    from core.errors import TokenizerError
    from core.models.wordpiece import WordPiece

    with pytest.raises(TokenizerError, match="no training trace"):
        training_trace.for_model("wordpiece", WordPiece(("[UNK]", "a")))


def test_keep_rounds_gives_each_rounds_model():
    model = training.train(training.sentence_corpus(RECORDS), vocab_size=50, keep_rounds=True)
    for index, kept in enumerate(model.trace.rounds):
        at = training.round_model(model, index)
        assert len(at.pieces) == kept.size_after + 1  # <unk> then the survivors
        # renormalized: the probabilities of a round's pieces sum to 1
        assert math.fsum(math.exp(lp) for _, lp in kept.pieces) == pytest.approx(1.0)
    # without keep_rounds nothing extra is held, and asking says how to get it
    plain = training.train(training.sentence_corpus(RECORDS), vocab_size=50)
    assert plain.trace.rounds == model.trace.rounds
    with pytest.raises(Exception, match="keep_rounds"):
        training.round_model(plain, 0)
