"""The fastokens engine: Crusoe's compiled byte-level BPE, for bulk work.

Built from the tiktoken engine's spec (``core.engines.READS``), it encodes about 2.5
times as fast as tiktoken but takes 0.2-1.1 s to start, so ``auto`` takes
it only for large work.  Its own thread pool is held to the calling thread,
and its calls run one at a time (``side_by_side``): with ``--workers 2``
the second core writes out the IDs (:mod:`core.engines.bulk`).

Details: docs/notes/engines.md#coreengineswith_fastokenspy.
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
NUMPY = "numpy"  # imported when IDs are first asked for as an array (bulk work)
METADATA = "importlib.metadata"  # imported only when the version is asked: it takes 40 ms


def version() -> str | None:
    """The installed library's version, None when it is not installed."""
    return None if fastokens is None else importlib.import_module(METADATA).version("fastokens")


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
    # Two calls on two threads took longer than the same calls one after the
    # other (core.engines.bulk then gives it one thread; bench/RESULTS.md).
    side_by_side = False
    lines_side_by_side = False  # nor its batches (encode_batch is a call per line)

    def __init__(self, spec: Spec):
        meta = spec.meta
        os.environ["FASTOKENS_BPE_THREADS"] = "1"  # its pool held to the calling thread (the module's docstring)
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

    def encode_array(self, text: str):
        """``encode_ids(text)`` as a numpy uint32 array: no Python int per token."""
        ids, _ = self._tokenizer.encode_batch_flat([text], split_special_tokens=not self._specials_in_text)
        return importlib.import_module(NUMPY).frombuffer(ids, dtype="<u4")

    def encode_batch(self, texts: list[str]) -> list[list[int]]:
        # One text at a time: its own batch was 8x slower on short lines
        # (20,000 lines: 0.35 s against 0.04 s).
        return list(map(self.encode_ids, texts))

    def decode_text(self, ids) -> str:
        return self._tokenizer.decode(list(ids))


def build(spec: Spec) -> FastokensNative:
    return FastokensNative(spec)
