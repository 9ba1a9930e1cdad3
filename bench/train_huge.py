"""Training time on one huge word and on an ordinary corpus (issue 20).

    PYTHONPATH=$PWD python bench/train_huge.py wordpiece-huge [--chars 400000] [--vocab 8000]
    PYTHONPATH=$PWD python bench/train_huge.py wordpiece-normal [--size 1000000] [--vocab 8000]
    PYTHONPATH=$PWD python bench/train_huge.py unigram-huge [--chars 400000] [--vocab 8000]
    PYTHONPATH=$PWD python bench/train_huge.py unigram-normal [--size 1000000] [--vocab 8000]

The huge word: ``--chars`` characters drawn with a fixed seed from the
3,000 CJK ideographs after U+4E00 (``--latin``: from a-z).  The ordinary corpus: the ``generated``
corpus of bench/corpora.py (fixed seed, every machine the same).  Prints
the wall time and peak RSS of the training call, and what it trained.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from measure import peak_rss_kb, reset_peak_rss  # noqa: E402

CJK = [chr(0x4E00 + i) for i in range(3000)]


def huge_word(chars: int, latin: bool = False) -> str:
    rng = random.Random(20)
    alphabet = "abcdefghijklmnopqrstuvwxyz" if latin else CJK
    return "".join(rng.choice(alphabet) for _ in range(chars))


def ordinary_records(size: int) -> list[str]:
    import corpora

    path, _ = corpora.build("generated", size)
    return corpora.records(path)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("case", choices=["wordpiece-huge", "wordpiece-normal", "unigram-huge", "unigram-normal"])
    parser.add_argument("--chars", type=int, default=400_000)
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--vocab", type=int, default=8000)
    parser.add_argument("--latin", action="store_true", help="the huge word from a-z instead")
    args = parser.parse_args()
    algo, kind = args.case.split("-")
    if algo == "wordpiece":
        from core.cli.train_cmds import word_table
        from core.models import wordpiece

        records = [huge_word(args.chars, args.latin)] if kind == "huge" else ordinary_records(args.size)
        words = word_table(records, "whitespace")
        reset_peak_rss()
        start = time.perf_counter()
        model = wordpiece.train(words, vocab_size=args.vocab)
        took = time.perf_counter() - start
        what = f"{len(model.trace.steps)} steps, vocab {len(model.vocab)}, {model.trace.stop_reason}"
    else:
        from core.errors import TokenizerError
        from core.models import unigram
        from core.models.unigram import training

        records = [huge_word(args.chars, args.latin)] if kind == "huge" else ordinary_records(args.size)
        words = training.sentence_corpus(records)
        reset_peak_rss()
        start = time.perf_counter()
        try:
            model = unigram.train(words, vocab_size=args.vocab)
        except TokenizerError as exc:
            what = f"refused: {exc}"
        else:
            trace = model.trace
            what = (f"{len(trace.rounds)} rounds, {trace.seed_pieces} seed pieces, vocab {len(model.pieces)}, "
                    f"{trace.stop_reason}, {trace.skipped_words} words skipped")
        took = time.perf_counter() - start
    print(f"{args.case}: {took:.2f} s, peak {peak_rss_kb() / 1024:.0f} MB; {what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
