"""Corpus statistics: how each tokenizer cuts a corpus, per Unicode script and in total.

The map step (core.stats.mapper) sums per task; this module adds the sums up
(in task order, so the figures do not depend on the backend or the number of
workers) and derives the ratios: fertility (tokens per word), characters
and bytes per token, the [UNK] and byte-fallback rates, the share of the
vocabulary used, and the most split of the frequent words.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from core.count import backends
from core.engines import REFERENCE
from core.engines.served import Served
from core.count.sources import corpus_files, tasks_of
from core.errors import Cancelled, CorpusError, StudioError
from core.stats.mapper import FIELDS, StatsOptions, asset_ref, open_tokenizer, stats_task, task_sums, with_specials

FREQUENT = 200  # the most split words are drawn from this many most frequent ones
MOST_SPLIT = 20
CSV_COLUMNS = ("tokenizer", "script", *FIELDS, "fertility", "characters_per_token", "bytes_per_token",
               "unknown_rate", "byte_fallback_rate", "vocab_used", "vocab_used_share")


def names_for(paths) -> list[str]:
    """Each tokenizer's file stem; a repeated stem gets its position appended."""
    stems = [Path(p).name.removesuffix(".json") for p in paths]
    return [f"{s}#{i + 1}" if stems.count(s) > 1 else s for i, s in enumerate(stems)]


def corpus_stats(paths, tokenizers, *, fmt="text", field=None, strict=False, backend="local", workers=None,
                 scheduler="", chunk_bytes=8 << 20, progress=None, client=None, engine="auto", notes=None,
                 allowed_special=None, disallowed_special=None) -> dict:
    """The statistics of ``tokenizers`` (ASSET arguments) on the corpus
    ``paths``, their IDs from ``engine`` (core.engines.CHOICES).  This
    process opens each first (a bad asset fails before any worker starts;
    a demoted engine is told to ``notes`` here, once) and the workers open
    each with the engine it got."""
    if not tokenizers:
        raise StudioError("stats: give at least one --tokenizer ASSET")
    if field is not None and fmt != "jsonl":
        raise StudioError("--field reads JSON lines: use it with --format jsonl")
    tokenizer_paths = tuple(asset_ref(p) for p in tokenizers)
    given = (allowed_special, disallowed_special)
    toks = [with_specials(open_tokenizer(p, engine, notes), given) for p in tokenizer_paths]
    files = corpus_files(paths)
    tasks = tasks_of(files, max(chunk_bytes, 1 << 10))
    sizes = {t.index: (t.end - t.start) if t.end is not None else os.path.getsize(t.path) for t in tasks}
    total, done, found = sum(sizes.values()), 0, {}

    def on_result(result):
        nonlocal done
        if result.problem:
            raise CorpusError(result.problem)
        found[result.task] = result
        done += sizes[result.task]
        if progress:
            progress(done, total)

    options = StatsOptions(tokenizer_paths, tuple(tok.engine for tok in toks), given, fmt, field, strict)
    backends.run(stats_task, tasks, options, backend=backend, workers=workers, scheduler=scheduler,
                 on_result=on_result, client=client)
    results = [found[i] for i in sorted(found)]
    return report(results, toks, names_for(tokenizers), list(tokenizers), len(files))


def corpus_stats_here(paths, toks, names, *, progress=None, should_stop=None, chunk_bytes=8 << 20) -> dict:
    """The same map and reduce run one task after another in this thread, on
    tokenizers already in memory (the GUI's: a trained model has no file a
    worker process could open).  ``should_stop()`` is checked between tasks."""
    files = corpus_files(paths)
    tasks = tasks_of(files, max(chunk_bytes, 1 << 10))
    sizes = [(t.end - t.start) if t.end is not None else os.path.getsize(t.path) for t in tasks]
    options, results, done = StatsOptions(()), [], 0
    for task, size in zip(tasks, sizes):
        if should_stop is not None and should_stop():
            raise Cancelled()
        result = task_sums(task, toks, options)
        if result.problem:
            raise CorpusError(result.problem)
        results.append(result)
        done += size
        if progress is not None:
            progress(done, sum(sizes))
    return report(results, toks, list(names), [""] * len(toks), len(files))


def _ratios(row: dict) -> dict:
    def ratio(a, b):
        return row[a] / row[b] if row[b] else None

    return {**row, "fertility": ratio("tokens", "words"), "characters_per_token": ratio("characters", "tokens"),
            "bytes_per_token": ratio("bytes", "tokens"), "unknown_rate": ratio("unknown", "tokens"),
            "byte_fallback_rate": ratio("byte_fallback", "tokens")}


def report(results, toks, names, paths, files: int) -> dict:
    corpus = {"files": files, "records": sum(r.records for r in results),
              "characters": sum(r.characters for r in results), "bytes": sum(r.bytes for r in results),
              "invalid_utf8": sum(r.invalid for r in results)}
    words = Counter()
    for r in results:
        words.update(r.words)
    frequent = sorted(words.items(), key=lambda item: (-item[1], item[0]))[:FREQUENT]
    out = []
    for index, (tok, name, path) in enumerate(zip(toks, names, paths)):
        scripts: dict[str, list[int]] = {}
        used: set[int] = set()
        for r in results:
            for script, row in r.scripts[index].items():
                sums = scripts.setdefault(script, [0] * len(FIELDS))
                for i, value in enumerate(row):
                    sums[i] += value
            used.update(r.used[index])
        per_script = {s: _ratios(dict(zip(FIELDS, scripts[s]))) for s in sorted(scripts)}
        total = {f: sum(row[i] for row in scripts.values()) for i, f in enumerate(FIELDS)}
        total.update(characters=corpus["characters"], bytes=corpus["bytes"])
        total = _ratios(total)
        total.update(vocab_used=len(used), vocab_used_share=len(used) / tok.vocab_size if tok.vocab_size else None)
        split = [{"word": w, "count": c, "tokens": len(tok.encode_ids(w))} for w, c in frequent]
        split = sorted((s for s in split if s["tokens"] > 1), key=lambda s: (-s["tokens"], -s["count"], s["word"]))
        out.append({"name": name, "path": path, "kind": tok.kind, "family": tok.family, "engine": tok.engine if isinstance(tok, Served) else REFERENCE,
                    "vocab_size": tok.vocab_size, "total": total,
                    "scripts": per_script, "most_split": split[:MOST_SPLIT]})
    corpus["words"] = out[0]["total"]["words"] if out else 0
    return {"corpus": corpus, "tokenizers": out}


def csv_rows(result: dict):
    """One row per tokenizer and script, then its total (script ``*``)."""
    yield CSV_COLUMNS
    for tok in result["tokenizers"]:
        for script, row in [*tok["scripts"].items(), ("*", tok["total"])]:
            yield [tok["name"], script, *(_cell(row.get(c)) for c in CSV_COLUMNS[2:])]


def _cell(value):
    if value is None:
        return ""
    return repr(value) if isinstance(value, float) else value
