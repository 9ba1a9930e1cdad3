"""The ``train`` subcommand: all four trainers from one corpus file.

char-bpe reads a word table (or words of plain text) as it always did; the
other three read records, one per line, byte for byte (a carriage return
stays in its record; only the ``\\n`` ends it, and the last line may lack
it), or a ``word<TAB>count`` table, or JSON lines (one JSON string per line,
so a record may hold a line break).  Nothing is written until training has
finished: Ctrl+C leaves no file behind (exit 130, from core.cli.main).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from core import assets
from core.cli.progress import progress_bar
from core.errors import CorpusError, StudioError
from core.fileio import read_limited, write_json_atomic
from core.inspect import training_trace
from core.models import byte_bpe, char_bpe
from core.models.ties import POLICIES
from core.numbers import MAX_ID, option, real_option
from core.numbers import UNIGRAM_MAX_PIECE_LENGTH as MAX_PIECE_LENGTH
from core.numbers import UNIGRAM_MAX_WORD_BYTES as MAX_WORD_BYTES
from core import corpus as corpus_mod
from core.workspace.records import words_of

ALGORITHMS = ("char-bpe", "byte-bpe", "wordpiece", "unigram")
# Which pre-tokenizers each trainer really supports; anything else is refused
# by name rather than silently replaced.
PRETOKENIZERS = {"char-bpe": ("whitespace",), "byte-bpe": ("none", "gpt2", "cl100k"),
                 "wordpiece": ("whitespace",), "unigram": ("none",)}
DEFAULT_PRETOKENIZER = {"char-bpe": "whitespace", "byte-bpe": "none", "wordpiece": "whitespace", "unigram": "none"}
NORMALIZATIONS = ("identity", "nfkc")

EPILOG = """algorithms and their options:
  char-bpe   character BPE with a separate </w> (seed 000, example 19.1).
             CORPUS: word<TAB>count table (default) or --format text.
             --merges N | --vocab-size N, --tie POLICY, --unk/--no-unk.
  byte-bpe   byte-level BPE: IDs 0-255 bytes, then --specials (default
             <BOS>,<EOS>,<PAD> = 256-258), then merges; ties go to the
             smallest (left ID, right ID) pair.  --merges N | --vocab-size N,
             --pretokenizer none|gpt2|cl100k (whitespace: not offered, the
             byte-level model has no such split).
  wordpiece  pair score count(ab)/(count(a)*count(b)), the Hugging Face
             course's approximation (BERT shipped no trainer; Chapter 19).
             --vocab-size N (required), --specials (default BERT's
             [PAD],[UNK],[CLS],[SEP],[MASK] = IDs 0-4; --specials '' for
             [UNK] alone), --min-frequency N (pairs seen fewer times are
             never merged), --pretokenizer whitespace only.
  unigram    Kudo (2018) EM + pruning, SentencePiece-style ▁ words.
             --vocab-size N (required), --seed-size, --shrink,
             --em-iterations, --max-piece-length, --specials (control
             symbols after <unk>), --normalization identity|nfkc
             (nmt_nfkc: not offered, SentencePiece's compiled table is not
             part of the core trainer), --pretokenizer none only.
             ▁-words over --max-word-bytes (4192, SentencePiece's
             max_sentence_length) are left out and counted.
CORPUS for byte-bpe, wordpiece and unigram: records, one per line, byte for
byte (--format text, the default), --format table (word<TAB>count) or
--format jsonl (one JSON string per line).
"""


def add_commands(sub, print_json) -> None:
    p = sub.add_parser("train", help="learn a tokenizer from a corpus file (char-bpe, byte-bpe, wordpiece, unigram)",
                       description="Learn a tokenizer; see the algorithms below.", epilog=EPILOG,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("corpus", nargs="?", help="the corpus file (or give --from-counts)")
    p.add_argument("--from-counts", metavar="TABLE",
                   help="train from a word<TAB>count table written by 'count' (the same as CORPUS --format table)")
    p.add_argument("--algo", default="char-bpe", choices=ALGORITHMS, help="the trainer (default char-bpe)")
    p.add_argument("--merges", type=option(high=MAX_ID), help="char-bpe, byte-bpe: number of merges")
    p.add_argument("--vocab-size", type=option(low=1, high=MAX_ID), help="target vocabulary size (every algorithm)")
    p.add_argument("--format", choices=["table", "text", "jsonl"],
                   help="table: word<TAB>count; text: char-bpe words / others one record per line; jsonl")
    p.add_argument("--pretokenizer", choices=["none", "whitespace", "gpt2", "cl100k"],
                   help="words before training (see below for which each algorithm takes)")
    p.add_argument("--specials", help="comma-separated special tokens (byte-bpe, wordpiece, unigram)")
    p.add_argument("--tie", choices=list(POLICIES), help="char-bpe tie policy (default lexicographic)")
    p.add_argument("--unk", help="char-bpe: the unknown token (default [UNK])")
    p.add_argument("--no-unk", action="store_true", help="char-bpe: unknown characters are an error")
    p.add_argument("--min-frequency", type=option(low=1), help="wordpiece: least count of a merged pair (default 1)")
    p.add_argument("--seed-size", type=option(low=1, high=MAX_ID), help="unigram: seed substrings kept (default 1000000)")
    p.add_argument("--shrink", type=real_option, help="unigram: share of pieces kept per round (default 0.75)")
    p.add_argument("--em-iterations", type=option(low=1, high=1000), help="unigram: EM steps per round (default 2)")
    p.add_argument("--max-piece-length", type=option(low=1, high=MAX_PIECE_LENGTH),
                   help=f"unigram: longest piece, in characters (default 16, at most {MAX_PIECE_LENGTH})")
    p.add_argument("--max-word-bytes", type=option(low=1, high=MAX_ID),
                   help=f"unigram: longer ▁-words are left out of training and counted (default {MAX_WORD_BYTES}, "
                        "SentencePiece's max_sentence_length)")
    p.add_argument("--normalization", choices=list(NORMALIZATIONS),
                   help="unigram: identity (default) or nfkc (nmt_nfkc is not offered)")
    p.add_argument("--name", help="the asset's name, shown in the windows (default: the file's name)")
    p.add_argument("-o", "--output", required=True, help="the file to write (written whole or not at all; never over an input)")
    p.add_argument("--trace", help="also write every step (BPE, WordPiece) or pruning round (unigram) as JSON")
    p.add_argument("--json", action="store_true", help="print the result as JSON on stdout")
    p.set_defaults(func=lambda args: cmd_train(args, print_json))


# ==== reading the corpus ====

def read_records(path, fmt: str):
    """Records (a list of str) or, for ``table``, a Counter word -> count."""
    name = str(path)
    data = read_limited(path, limit=corpus_mod.MAX_CORPUS_BYTES, what="a corpus file", error=CorpusError)
    text = corpus_mod.decode_utf8(data, name)
    if fmt == "table":
        return Counter(dict(corpus_mod.parse_table(text, name).items()))
    if fmt == "jsonl":
        records = []
        lines = text.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        for number, line in enumerate(lines, start=1):
            try:
                value = json.loads(line)
            except ValueError as exc:
                raise CorpusError(f"{name}:{number}: not JSON ({exc.msg} at column {exc.colno})") from None
            if not isinstance(value, str):
                raise CorpusError(f"{name}:{number}: expected one JSON string, found {type(value).__name__}")
            records.append(value)
    else:
        records = text.split("\n")
        if records and records[-1] == "":
            records.pop()  # the newline that ends the last record
    if not any(records):
        raise CorpusError(f"{name}: the corpus is empty", code="corpus.empty", where=name)
    return records


def word_table(records, pretokenizer: str):
    """The WordCorpus of ``records`` (or of a table's Counter)."""
    if isinstance(records, Counter):
        return corpus_mod.WordCorpus(tuple(records), tuple(records.values()))
    counts: dict[str, int] = {}
    for text in records:
        for word in words_of(text, pretokenizer):
            counts[word] = counts.get(word, 0) + 1
    if not counts:
        raise CorpusError("the corpus has no words")
    return corpus_mod.WordCorpus(tuple(counts), tuple(counts.values()))


def _specials(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    names = tuple(s.strip() for s in text.split(",") if s.strip())
    if len(set(names)) != len(names):
        raise StudioError(f"--specials: a name is repeated in {text!r}")
    return names


# ==== training ====

def _check_source(args) -> None:
    if (args.corpus is None) == (args.from_counts is None):
        raise StudioError("train: give a CORPUS file or --from-counts TABLE (one of them)")
    if args.from_counts is not None:
        if args.format not in (None, "table"):
            raise StudioError(f"--from-counts reads a word<TAB>count table; --format {args.format} does not apply")
        args.corpus, args.format = args.from_counts, "table"


# Options of one algorithm: name -> (the algorithm, its default).  Given to
# another algorithm they are refused, not silently ignored.
ONE_ALGORITHM = {"tie": ("char-bpe", "lexicographic"), "unk": ("char-bpe", "[UNK]"), "no_unk": ("char-bpe", False),
                 "min_frequency": ("wordpiece", 1), "seed_size": ("unigram", 1_000_000), "shrink": ("unigram", 0.75),
                 "em_iterations": ("unigram", 2), "max_piece_length": ("unigram", 16),
                 "max_word_bytes": ("unigram", MAX_WORD_BYTES), "normalization": ("unigram", "identity")}


def _check_options(args) -> None:
    _check_source(args)
    algo = args.algo
    pre = args.pretokenizer or DEFAULT_PRETOKENIZER[algo]
    if pre not in PRETOKENIZERS[algo]:
        raise StudioError(f"--pretokenizer {pre} is not offered for {algo}; use {' or '.join(PRETOKENIZERS[algo])}")
    args.pretokenizer = pre
    for name, (owner, default) in ONE_ALGORITHM.items():
        given = getattr(args, name)
        if given is None or given is False:
            setattr(args, name, default)
        elif algo != owner:
            raise StudioError(f"--{name.replace('_', '-')} is for {owner}; {algo} does not take it")
    if algo == "char-bpe" and not args.no_unk and not args.unk:
        raise StudioError("--unk: the unknown token must not be empty (or give --no-unk)")
    if algo in ("wordpiece", "unigram"):
        if args.merges is not None:
            raise StudioError(f"--merges is for BPE; {algo} takes --vocab-size")
        if args.vocab_size is None:
            raise StudioError(f"{algo} needs --vocab-size")
    elif args.merges is None and args.vocab_size is None:
        raise StudioError(f"{algo} needs --merges or --vocab-size")
    args.format_given = args.format is not None
    fmt = args.format or ("table" if algo == "char-bpe" else "text")
    if algo == "char-bpe" and fmt == "jsonl":
        raise StudioError("char-bpe reads --format table or text")
    args.format = fmt


def train_asset(args):
    """(asset, summary) for the parsed ``args``; raises StudioError on bad input."""
    _check_options(args)
    algo, name = args.algo, args.name or ""
    if algo == "char-bpe":
        try:
            words = corpus_mod.read_corpus(args.corpus, args.format)
        except CorpusError as exc:
            if exc.code == "corpus.no_tab" and not args.format_given:
                raise CorpusError(f"{exc} (char-bpe reads a word<TAB>count table by default; for plain text, "
                                  "give --format text)") from None
            raise
        if not args.no_unk and any(args.unk in w for w in words.words) and len(args.unk) == 1:
            raise StudioError(f"--unk {args.unk!r}: is a character of {args.corpus}; choose another unknown token "
                              "(or give --no-unk)")
        with progress_bar("merge") as progress:
            model = char_bpe.train(words, merges=args.merges, vocab_size=args.vocab_size, tie=args.tie,
                                   unk=None if args.no_unk else args.unk, progress=progress)
        return model, assets.char_bpe_to_asset(model, name=name), {
            "merges": len(model.merges), "vocab_size": model.vocab_size,
            "stop_reason": model.trace.stop_reason, "tie_policy": args.tie}
    records = read_records(args.corpus, args.format)
    specials = _specials(args.specials)
    if algo == "byte-bpe":
        table = None if specials is None else {s: 256 + i for i, s in enumerate(specials)}
        count = len(byte_bpe.SPECIALS if table is None else table)
        merges = args.merges if args.merges is not None else args.vocab_size - 256 - count
        if merges < 0:
            raise StudioError(f"--vocab-size {args.vocab_size} is below the {256 + count} bytes and specials")
        with progress_bar("merge") as progress:
            model = byte_bpe.train(records, merges, pretokenizer=args.pretokenizer, specials=table,
                                   progress=progress)
        asset = assets.byte_bpe_to_asset(model, records=records, name=name)
        return model, asset, {"merges": len(model.merges), "vocab_size": 256 + count + len(model.merges),
                              "stop_reason": "no_pairs" if len(model.merges) < merges else "merges"}
    if algo == "wordpiece":
        from core.models import wordpiece  # here: it loads numpy, which train --help and char-bpe never need

        words = word_table(records, args.pretokenizer)
        with progress_bar("token") as progress:
            model = wordpiece.train(words, vocab_size=args.vocab_size,
                                    specials=wordpiece.BERT_SPECIALS if specials is None else specials,
                                    min_frequency=args.min_frequency, progress=progress)
        return model, assets.wordpiece_to_asset(model, name=name), {
            "vocab_size": len(model.vocab), "merges": len(model.trace.steps), "stop_reason": model.trace.stop_reason,
            "score": wordpiece.TRAINER_LABEL}
    # here, not at the top: the unigram trainer and its normalizer load numpy, which train --help never needs
    from core.models import unigram
    from core.models.unigram import training
    from core.pipeline.normalize import Pipeline

    pipeline = Pipeline(normalization=args.normalization)
    words = training.normalized_corpus(word_table(records, "none"), pipeline) if isinstance(records, Counter) \
        else training.sentence_corpus(records, pipeline)
    # the trainer's own refusal, named after the file
    if all(len(w.encode("utf-8", "surrogatepass")) > args.max_word_bytes for w in words.words):
        raise CorpusError(f"{args.corpus}: every word is longer than {args.max_word_bytes} bytes, the most "
                          "--max-word-bytes lets the unigram trainer take (SentencePiece's max_sentence_length); "
                          "split the text or raise the limit")
    with progress_bar("round") as progress:
        model = unigram.train(words, vocab_size=args.vocab_size, pipeline=pipeline, controls=specials or (),
                              max_piece_length=args.max_piece_length, seed_size=args.seed_size,
                              em_iterations=args.em_iterations, shrink=args.shrink,
                              max_word_bytes=args.max_word_bytes, progress=progress)
    return model, assets.unigram_to_asset(model, name=name), {
        "vocab_size": len(model.pieces), "rounds": len(model.trace.rounds), "stop_reason": model.trace.stop_reason,
        "log_likelihood": model.trace.log_likelihood, "skipped_words": model.trace.skipped_words,
        "max_word_bytes": args.max_word_bytes}


def cmd_train(args, print_json) -> int:
    model, asset, summary = train_asset(args)
    assets.save_asset(args.output, asset)
    if args.trace:
        write_json_atomic(args.trace, training_trace.for_model(args.algo, model))
    summary = {"asset": args.output, "algo": args.algo, **summary}
    if args.json:
        print_json(summary)
    else:
        what = f"{summary['merges']} merges" if "merges" in summary else f"{summary['rounds']} pruning rounds"
        print(f"{args.algo}: learned {what} (vocab {summary['vocab_size']}, "
              f"stopped: {summary['stop_reason']}) -> {args.output}")
        if summary.get("skipped_words"):
            print(f"{args.algo}: left out {summary['skipped_words']} word(s) over {summary['max_word_bytes']} bytes "
                  "(--max-word-bytes)")
    return 0


def trace_json(trace) -> dict:
    """A char-BPE training trace as JSON (the ``trace`` command reads it too)."""
    return training_trace.char_bpe(trace)
