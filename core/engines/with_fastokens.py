"""The fastokens engine: Crusoe's compiled byte-level BPE, for bulk work.

It is built from the tiktoken engine's spec (``core.engines.READS``: the same
ranks, pattern and specials, :func:`core.engines.specs.tiktoken_spec`), so
it may serve what tiktoken holds (it refuses ranks with gaps, such as the
classroom tokenizer's), and matches specials in the text exactly where
tiktoken does (``specials_in_text``: ``encode`` against
``encode_ordinary``).  In a fresh process it encodes unseen text about 2.5
times as fast as tiktoken, but starts slower: it regenerates the merge
list from the ranks (about 0.2 s for r50k, 0.5 s for cl100k, 1.1 s for
o200k), so ``auto`` takes it only for work large enough to pay for that
(:data:`core.engines.BULK_FROM`).

fastokens reads ranks only from a tiktoken rank file: it is written once
into the cache folder, named by its own SHA-256 and checked against it
whenever it is read (a temporary file when the cache cannot be written).

Threads: fastokens sizes its own pool from ``FASTOKENS_BPE_THREADS`` and
its Rayon helpers from ``RAYON_NUM_THREADS``, each read once per process,
at its first encode.  Our threads (``--workers``, :mod:`core.engines.bulk`)
already cut the work, their calls running side by side without Python's
lock, while its pool made one long text no faster than one thread in our
runs (a shared two-core machine): the pool is always held to the calling
thread, and :func:`hold_threads` (``encode --workers``) also sets the
helpers, so ``--workers 1`` uses one core.
"""

from __future__ import annotations

import base64
import hashlib
import importlib
import os
import tempfile

from core.engines.spec import Spec, read_uint32s
from core.errors import StudioError
from core.fileio import cache_folder, read_limited, write_bytes_atomic

try:
    import fastokens
except ImportError:  # optional: the other engines serve without it
    fastokens = None

NAME = "fastokens"
RANK_FILE_FORMAT = 1  # in every rank file's name: raise it when the file's text changes
METADATA = "importlib.metadata"  # imported only when the version is asked: it takes 40 ms


def version() -> str | None:
    """The installed library's version, None when it is not installed."""
    return None if fastokens is None else importlib.import_module(METADATA).version("fastokens")


def hold_threads(workers: int) -> None:
    """fastokens' threads for this process: its own pool held to the
    calling thread, its Rayon helpers to ``workers`` (the variable is
    also HF tokenizers' own).  Only a call before the first encode counts:
    both are read then, once."""
    os.environ["FASTOKENS_BPE_THREADS"] = "1"
    os.environ["RAYON_NUM_THREADS"] = str(workers)


def rank_text(spec: Spec) -> bytes:
    """The spec's ranks as a tiktoken rank file: ``base64(token) rank`` lines, in rank order."""
    tokens, ends, ranks = spec.blobs["tokens"], read_uint32s(spec.blobs["ends"]), read_uint32s(spec.blobs["ranks"])
    starts = [0, *ends[:-1]]
    return b"".join(base64.b64encode(tokens[a:b]) + b" %d\n" % rank for a, b, rank in zip(starts, ends, ranks))


def _cached_rank_file(spec: Spec):
    """The rank file in the cache folder, written when missing or not what its name says."""
    key = hashlib.sha256(b"".join(spec.blobs[name] for name in ("tokens", "ends", "ranks"))).hexdigest()
    folder = cache_folder() / "fastokens"
    for path in folder.glob(f"{key}-*.tiktoken"):
        try:
            data = read_limited(path, limit=1 << 30, what="a rank file", error=StudioError)
        except (StudioError, OSError):
            continue
        if path.name == f"{key}-{hashlib.sha256(data).hexdigest()}-{RANK_FILE_FORMAT}.tiktoken":
            return path
    data = rank_text(spec)
    path = folder / f"{key}-{hashlib.sha256(data).hexdigest()}-{RANK_FILE_FORMAT}.tiktoken"
    folder.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(path, data)
    return path


class FastokensNative:
    def __init__(self, spec: Spec):
        meta = spec.meta
        os.environ["FASTOKENS_BPE_THREADS"] = "1"  # our threads cut the work (see the module's docstring)
        settings = {"pattern": meta["pattern"], "special_tokens": dict(meta["specials"])}
        try:
            self._tokenizer = fastokens.Tokenizer.from_tiktoken(str(_cached_rank_file(spec)), **settings)
        except (OSError, StudioError):  # an unwritable cache folder: a file of this process's own
            with tempfile.TemporaryDirectory(prefix="subword-studio-") as folder:
                path = os.path.join(folder, "ranks.tiktoken")
                with open(path, "wb") as handle:
                    handle.write(rank_text(spec))
                self._tokenizer = fastokens.Tokenizer.from_tiktoken(path, **settings)
        self._specials_in_text = meta["specials_in_text"] and bool(meta["specials"])

    def encode_ids(self, text: str) -> list[int]:
        if self._specials_in_text:
            return self._tokenizer.encode(text).ids
        return self._tokenizer.encode_ordinary(text).ids

    def encode_ordinary(self, text: str) -> list[int]:
        """Every special's text read as text."""
        return self._tokenizer.encode_ordinary(text).ids

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        # split_special_tokens: every added token here is a special, so that is encode_ordinary
        found = self._tokenizer.encode_batch(texts, split_special_tokens=not self._specials_in_text)
        return [e.ids for e in found]

    def decode_text(self, ids) -> str:
        return self._tokenizer.decode(list(ids))


def build(spec: Spec) -> FastokensNative:
    return FastokensNative(spec)
