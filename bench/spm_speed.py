"""Encoding speed of SentencePiece models and BERT WordPiece on ordinary
multilingual text (issue 22), against ``sentencepiece`` and HF ``tokenizers``.

    .venv/bin/python bench/spm_speed.py                      # 1 MB, 5 rounds
    .venv/bin/python bench/spm_speed.py --bytes 300000 --rounds 3 --json out.json

The corpus is built from files every Debian system here has: English,
Chinese and Japanese man pages (troff sources, comment lines dropped), the
common licence texts and Python standard-library code, interleaved file by
file until it holds ``--bytes`` bytes.  The models are trained on that
corpus in a temporary folder (no network): a SentencePiece unigram and a BPE
(1,000 pieces, byte fallback for the BPE), a Japanese unigram (8,000
pieces, trained on the Japanese part) and a BERT WordPiece (HF
``tokenizers``, 8,000 entries, exported as ``vocab.txt``).  Each is imported
with ``core.formats`` and built with ``core.assets``.

Runs are interleaved (ours, library, ours, library ...) and the medians
are reported: the machine is shared.  Every round checks that the IDs are
the library's.  Times are reported, never asserted.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _man_text(path: Path) -> str:
    try:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        text = raw.decode("utf-8")
    except (OSError, UnicodeDecodeError, EOFError):
        return ""
    return "\n".join(line for line in text.splitlines() if not line.startswith(('.\\"', "'\\\"")))


def _sources():
    """Four lists of texts: English, Chinese, Japanese, code."""
    man = Path("/usr/share/man")
    english = [p.read_text(errors="replace") for p in sorted(Path("/usr/share/common-licenses").glob("*"))
               if p.is_file()]
    english += [_man_text(p) for p in sorted((man / "man1").glob("*.gz"))[:400]]
    chinese = [_man_text(p) for p in sorted((man / "zh_CN").rglob("*.gz"))]
    japanese = [_man_text(p) for p in sorted((man / "ja").rglob("*.gz"))]
    code = [p.read_text(errors="replace") for p in sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))]
    return [[t for t in group if t.strip()] for group in (english, chinese, japanese, code)]


def corpus(size: int) -> str:
    """``size`` bytes (about) of the four sources, one file of each in turn."""
    groups = _sources()
    out, total, index = [], 0, 0
    while total < size and any(groups):
        for group in groups:
            if group:
                text = group[index % len(group)]
                out.append(text)
                total += len(text.encode("utf-8"))
        index += 1
    text = "\n".join(out)
    data = text.encode("utf-8")[:size]
    return data.decode("utf-8", "ignore")


def japanese(size: int) -> str:
    texts = [t for t in _sources()[2]]
    text = "\n".join(texts)
    while len(text.encode("utf-8")) < size:
        text += "\n" + text
    return text.encode("utf-8")[:size].decode("utf-8", "ignore")


def load(path: Path, fmt: str):
    """An imported file behind the one tokenizer interface."""
    from core import assets, formats
    from core.tokenizer import wrap

    asset = formats.import_file(path, fmt).asset
    return wrap(asset["kind"], assets.build_tokenizer(asset))


def train_models(text: str, folder: Path) -> dict:
    """``name -> (a function loading our tokenizer afresh, the library's encode function)``."""
    import sentencepiece as spm
    from tokenizers import Tokenizer

    lines = [line for line in text.splitlines() if line.strip()]
    (folder / "train.txt").write_text("\n".join(lines[:20000]), encoding="utf-8")
    (folder / "ja.txt").write_text(japanese(600_000), encoding="utf-8")
    common = dict(minloglevel=2, num_threads=1, max_sentence_length=8192)
    spm.SentencePieceTrainer.train(input=str(folder / "train.txt"), model_prefix=str(folder / "uni"),
                                   vocab_size=1000, model_type="unigram", character_coverage=0.995, **common)
    spm.SentencePieceTrainer.train(input=str(folder / "train.txt"), model_prefix=str(folder / "bpe"),
                                   vocab_size=1000, model_type="bpe", byte_fallback=True, character_coverage=0.995,
                                   **common)
    spm.SentencePieceTrainer.train(input=str(folder / "ja.txt"), model_prefix=str(folder / "ja"),
                                   vocab_size=8000, model_type="unigram", character_coverage=0.9995, **common)
    from tokenizers import models, normalizers, pre_tokenizers, trainers

    bert = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    bert.normalizer = normalizers.BertNormalizer(lowercase=True)
    bert.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    bert.train_from_iterator(lines, trainers.WordPieceTrainer(
        vocab_size=8000, special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"], show_progress=False))
    vocab = sorted(bert.get_vocab().items(), key=lambda kv: kv[1])
    (folder / "vocab.txt").write_text("".join(t + "\n" for t, _ in vocab), encoding="utf-8")
    from tokenizers import BertWordPieceTokenizer

    hf_bert = BertWordPieceTokenizer(str(folder / "vocab.txt"), lowercase=True)
    out = {}
    for name in ("uni", "bpe", "ja"):
        processor = spm.SentencePieceProcessor(model_file=str(folder / f"{name}.model"))
        out[{"uni": "spm-unigram-1k", "bpe": "spm-bpe-1k", "ja": "spm-unigram-ja-8k"}[name]] = \
            (lambda path=folder / f"{name}.model": load(path, "spm"), lambda s, p=processor: p.encode(s))
    out["bert-wordpiece-8k"] = (lambda: load(folder / "vocab.txt", "bert-vocab"),
                                lambda s: hf_bert.encode(s, add_special_tokens=False).ids)
    return out


def _timed(function):
    start = time.perf_counter()
    result = function()
    return result, time.perf_counter() - start


def measure(name, make, library, text, rounds: int, what: str) -> dict:
    """Interleaved rounds on ``text``: a fresh tokenizer (``make()``) encodes
    it cold, then again warm, then the library; ``what``: ``ids``
    (encode_ids) or ``encoding`` (the full Encoding, as the encode panel)."""
    megabytes = len(text.encode("utf-8")) / 1e6
    cold, warm, lib_times, same = [], [], [], True
    for _ in range(rounds):
        ours = make()
        run = (lambda: ours.encode_ids(text)) if what == "ids" else (lambda: list(ours.encode(text).ids))
        got, t = _timed(run)
        cold.append(t)
        warm.append(_timed(run)[1])
        want, lt = _timed(lambda: library(text))
        same = same and list(got) == list(want)
        lib_times.append(lt)
    return {"name": name, "what": what, "mb": round(megabytes, 3),
            "cold_mb_s": round(megabytes / statistics.median(cold), 3),
            "warm_mb_s": round(megabytes / statistics.median(warm), 3),
            "library_mb_s": round(megabytes / statistics.median(lib_times), 3),
            "cold_ratio": round(statistics.median(lt / t for t, lt in zip(cold, lib_times)), 3),
            "warm_ratio": round(statistics.median(lt / t for t, lt in zip(warm, lib_times)), 3),
            "same_ids": same}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bytes", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="", help="comma-separated model names")
    parser.add_argument("--what", default="ids,encoding")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    text = corpus(args.bytes)
    os.environ.setdefault("RAYON_NUM_THREADS", "1")
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        models = train_models(text, Path(folder))
        samples = {name: japanese(args.bytes) if "-ja-" in name else text for name in models}
        print(f"{'model':<20}{'what':<10}{'cold MB/s':>10}{'warm MB/s':>10}{'lib MB/s':>10}{'cold/lib':>9}"
              f"{'warm/lib':>9}  same IDs", flush=True)
        for name, (make, library) in models.items():
            if args.only and name not in args.only.split(","):
                continue
            for what in args.what.split(","):
                row = measure(name, make, library, samples[name], args.rounds, what)
                rows.append(row)
                print(f"{name:<20}{what:<10}{row['cold_mb_s']:>10.3f}{row['warm_mb_s']:>10.3f}"
                      f"{row['library_mb_s']:>10.3f}{row['cold_ratio']:>9.3f}{row['warm_ratio']:>9.3f}  "
                      f"{row['same_ids']}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
