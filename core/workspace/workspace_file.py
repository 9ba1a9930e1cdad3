"""Saving and opening a workspace as one JSON file, with autosave for recovery.

The file holds the corpus (word table or raw records, exactly), the training
settings, the trained model with its whole trace (every step's pair, count
and tie set, so the timeline opens without retraining), the comparison model,
and the selected step::

    {"format": "subword-studio/workspace", "schema_version": 1,
     "corpus": {"mode": "words", "words": [[word, count], ...]}
              | {"mode": "records", "lines": [...], "endings": [...], "bom": false},
     "settings": {...}, "model": {...} | null, "comparison": {...} | null, "step": 3,
     "assets": [{"path": "where it came from" | null, "asset": {...}}, ...]}

``assets`` holds the open tokenizer assets with unsaved edits (a trained
model added, an import, a broken copy), so nothing is lost with the
workspace; it is optional.

Data only (never pickle); writes are atomic (:mod:`core.fileio`), so a crash
mid-save leaves the previous file.  Autosave writes the same document into
a folder, one file per running instance, each guarded by a lock the
instance holds while it runs (:class:`AutosaveSlot`): a second instance
never offers, nor deletes, a live instance's autosave.  A clean exit with
nothing unsaved deletes its own, so one found unlocked at start-up means a
session ended without saving (or crashed).  Deviation: where the OS has no
``fcntl`` (Windows), locks are not checked.

Deviation: a loaded model is checked for consistency (merges against trace
steps, corpus against its recorded SHA-256) but not retrained; the trace's
pair tables are recomputed on demand as usual.
"""

from __future__ import annotations

import datetime
import hashlib
import os
import secrets
import weakref
from dataclasses import dataclass, fields
from pathlib import Path

from core import assets as assets_mod
from core.assets import identity
from core.models import char_bpe
from core.workspace import records as records_mod
from core.assets.schema import parse_json
from core.errors import require
from core.corpus import WordCorpus
from core.errors import AssetError, OutputRefused, StudioError, excerpt
from core.fileio import read_limited, write_json_atomic
from core.models.ties import check_policy
from core.workspace.workspace import TrainSettings

FORMAT = "subword-studio/workspace"
SCHEMA_VERSION = 1
AUTOSAVE_NAME = "autosave.subword-workspace.json"  # written by older versions, without a lock
AUTOSAVE_GLOB = "autosave-*.subword-workspace.json"
MAX_WORKSPACE_BYTES = 1024 * 1024 * 1024
MAX_SETTING = 1_000_000_000  # merges or vocab size; a spin box holds a 32-bit int


@dataclass(frozen=True)
class Snapshot:
    """The saved parts of a workspace; every field is immutable."""

    corpus: WordCorpus
    records: records_mod.Records | None
    settings: object  # core.workspace.workspace.TrainSettings
    model: char_bpe.CharBPE | None
    comparison: char_bpe.CharBPE | None
    step: int
    source: str | None = None  # where the user saved it, for recovery
    assets: tuple = ()  # core.assets.identity.LoadedAsset of the open assets with unsaved edits
    asset_paths: tuple = ()  # every open asset's file: a save never replaces one


def snapshot(workspace, *, source: str | None = None) -> Snapshot:
    """Cheap: takes references only, so a thread can serialize it."""
    corpus = workspace.corpus if workspace.records is None else WordCorpus((), ())
    unsaved = tuple(entry.loaded for entry in workspace.assets if entry.dirty)
    paths = tuple(entry.loaded.path for entry in workspace.assets if entry.loaded.path)
    return Snapshot(corpus, workspace.records, workspace.settings, workspace.model,
                    workspace.comparison, workspace.step, source, unsaved, paths)


# ==== writing ====

def _model_document(model, corpus) -> dict | None:
    if model is None:
        return None
    trace = model.trace
    return {
        "alphabet": list(model.alphabet),
        "unk": model.unk,
        "end_of_word": model.end_of_word,
        "merges": [[m.left, m.right, m.count] for m in model.merges],
        "trace": {
            "policy": trace.policy,
            "stop_reason": trace.stop_reason,
            "settings": dict(trace.settings),
            # The usual case shares the workspace's table; don't store it twice.
            "corpus": None if trace.corpus == corpus else [[w, c] for w, c in trace.corpus.items()],
            "corpus_sha256": trace.corpus.identity()["sha256"],
            "steps": [[[list(p) for p in s.ties], s.tie_count] for s in trace.steps],
        },
    }


def to_document(snap: Snapshot) -> dict:
    if snap.records is None:
        corpus = {"mode": "words", "words": [[w, c] for w, c in snap.corpus.items()]}
        shared = snap.corpus
    else:
        corpus = {"mode": "records", "lines": list(snap.records.lines),
                  "endings": list(snap.records.endings), "bom": snap.records.bom}
        shared = records_mod.word_corpus(snap.records, snap.settings.pretokenizer)
    return {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "saved": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "source": snap.source,
        "corpus": corpus,
        "settings": {f.name: getattr(snap.settings, f.name) for f in fields(snap.settings)},
        "model": _model_document(snap.model, shared),
        "comparison": _model_document(snap.comparison, shared),
        "step": snap.step,
        "assets": [{"path": loaded.path, "asset": loaded.asset} for loaded in snap.assets],
    }


def save(snap: Snapshot, path) -> None:
    """Write atomically; a StudioError names the file if it cannot be written."""
    try:
        # The workspace holds its assets: it never replaces one of their files.
        inputs = [*snap.asset_paths, *(a.path for a in snap.assets if a.path)]
        write_json_atomic(path, to_document(snap), inputs=inputs)
    except OutputRefused:
        raise
    except OSError as exc:
        raise AssetError(f"{path}: cannot write the workspace ({exc.strerror or exc})", code="workspace.unwritable",
                         where=str(path), reason=exc.strerror or str(exc)) from None


# ==== reading ====

def _pairs(rows, where) -> WordCorpus:
    if not all(isinstance(r, list) and len(r) == 2 for r in rows):
        raise AssetError(f"{where}: every row must be [word, count]", code="workspace.bad_row", where=where)
    try:
        return WordCorpus.from_pairs((w, c) for w, c in rows)
    except StudioError as exc:
        raise AssetError.at(where, exc) from None


def _read_model(doc, corpus, where):
    if doc is None:
        return None
    alphabet = require(doc, "alphabet", list, where)
    unk = require(doc, "unk", (str, type(None)), where)
    end_of_word = require(doc, "end_of_word", str, where)
    rows = require(doc, "merges", list, where)
    trace_doc = require(doc, "trace", dict, where)
    steps_doc = require(trace_doc, "steps", list, f"{where}.trace")
    if len(steps_doc) != len(rows):
        raise AssetError(f"{where}.trace.steps: {len(steps_doc)} steps for {len(rows)} merges",
                         code="workspace.step_count", where=f"{where}.trace.steps", steps=len(steps_doc),
                         merges=len(rows))
    merges, steps = [], []
    policy = require(trace_doc, "policy", str, f"{where}.trace")
    try:
        check_policy(policy)
    except StudioError as exc:
        raise AssetError.at(f"{where}.trace.policy", exc) from None
    for rank, (row, step) in enumerate(zip(rows, steps_doc), start=1):
        at = f"{where}.merges[{rank - 1}]"
        if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], str) and isinstance(row[1], str)
                and isinstance(row[2], int) and not isinstance(row[2], bool)):
            raise AssetError(f"{at}: expected [left, right, count]", code="workspace.bad_merge", where=at)
        if not (isinstance(step, list) and len(step) == 2 and isinstance(step[0], list)
                and all(isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) for s in p)
                        for p in step[0]) and isinstance(step[1], int)):
            raise AssetError(f"{where}.trace.steps[{rank - 1}]: expected [[[left, right], ...], tie count]",
                             code="workspace.bad_step", where=f"{where}.trace.steps[{rank - 1}]")
        left, right, count = row
        ties = tuple(tuple(p) for p in step[0])
        if not ties or ties[0] != (left, right):
            raise AssetError(f"{where}.trace.steps[{rank - 1}]: the tie set must start with the winner",
                             code="workspace.tie_order", where=f"{where}.trace.steps[{rank - 1}]")
        merges.append(char_bpe.Merge(rank, left, right, left + right, count))
        steps.append(char_bpe.MergeStep(rank, (left, right), count, left + right, ties, step[1], policy))
    try:
        model = char_bpe.CharBPE(tuple(alphabet), tuple(merges), end_of_word=end_of_word, unk=unk)
    except StudioError as exc:
        raise AssetError.at(where, exc) from None
    own = trace_doc.get("corpus")
    trace_corpus = corpus if own is None else _pairs(own, f"{where}.trace.corpus")
    sha = hashlib.sha256(trace_corpus.canonical_bytes()).hexdigest()
    if sha != trace_doc.get("corpus_sha256"):
        raise AssetError(f"{where}.trace: the training corpus does not match its recorded SHA-256",
                         code="workspace.corpus_hash", where=f"{where}.trace")
    settings = require(trace_doc, "settings", dict, f"{where}.trace")
    stop = require(trace_doc, "stop_reason", str, f"{where}.trace")
    trace = char_bpe.Trace(trace_corpus, model, tuple(steps), policy, stop, dict(settings))
    object.__setattr__(model, "trace", trace)
    return model


def _read_assets(document) -> tuple:
    found = []
    for index, entry in enumerate(document.get("assets") or () if "assets" in document else ()):
        where = f"assets[{index}]"
        asset = require(entry, "asset", dict, where)
        path = require(entry, "path", (str, type(None)), where)
        try:
            assets_mod.validate_envelope(asset)
            found.append(identity.from_dict(asset, path=path))
        except StudioError as exc:
            raise AssetError.at(f"{where}.asset", exc) from None
    if "assets" in document and not isinstance(document["assets"], list):
        raise AssetError("assets: expected a list", code="field.wrong_type", where="workspace.assets",
                         expected="list", found=type(document["assets"]).__name__)
    return tuple(found)


def parse(document, name: str = "<workspace>") -> Snapshot:
    """Validate a loaded JSON document; errors name ``name`` and the field."""
    try:
        if not isinstance(document, dict) or document.get("format") != FORMAT:
            raise AssetError(f"not a Subword Studio workspace (format must be {FORMAT!r})", code="workspace.format",
                             format=repr(FORMAT))
        version = document.get("schema_version")
        if type(version) is not int or version != SCHEMA_VERSION:  # true and 1.0 equal 1 in Python
            raise AssetError(f"unknown schema version {excerpt(version)}; this version reads {SCHEMA_VERSION}",
                             code="file.schema_version", version=excerpt(version), supported=SCHEMA_VERSION)
        corpus_doc = require(document, "corpus", dict, "workspace")
        mode = require(corpus_doc, "mode", str, "corpus")
        settings_doc = require(document, "settings", dict, "workspace")
        known = {f.name for f in fields(TrainSettings)}
        unknown = sorted(set(settings_doc) - known)
        if unknown:
            raise AssetError(f"settings: unknown field {excerpt(unknown[0])}", code="field.unknown", where="settings",
                             key=excerpt(unknown[0]))
        settings = TrainSettings(**settings_doc)
        for key in ("merges", "vocab_size"):
            value = getattr(settings, key)
            if value is not None and (type(value) is not int or not 0 <= value <= MAX_SETTING):
                raise AssetError(f"settings.{key}: expected null or an integer from 0 to {MAX_SETTING}, "
                                 f"found {excerpt(value)}", code="workspace.bad_setting", where=f"settings.{key}",
                                 limit=MAX_SETTING, found=excerpt(value))
        try:
            check_policy(settings.tie)
            records_mod.words_of("", settings.pretokenizer)
        except StudioError as exc:
            raise AssetError.at("settings", exc) from None
        records = None
        if mode == "words":
            corpus = _pairs(require(corpus_doc, "words", list, "corpus"), "corpus.words")
            shared = corpus
        elif mode == "records":
            lines = require(corpus_doc, "lines", list, "corpus")
            endings = require(corpus_doc, "endings", list, "corpus")
            try:
                records = records_mod.Records(tuple(lines), tuple(endings), bool(corpus_doc.get("bom", False)))
                shared = records_mod.word_corpus(records, settings.pretokenizer)
            except StudioError as exc:
                raise AssetError.at("corpus", exc) from None
            corpus = WordCorpus((), ())
        else:
            raise AssetError(f"corpus.mode: {excerpt(mode)} is neither 'words' nor 'records'",
                             code="workspace.bad_mode", where="corpus.mode", mode=excerpt(mode))
        model = _read_model(document.get("model"), shared, "model")
        comparison = _read_model(document.get("comparison"), shared, "comparison")
        step = require(document, "step", int, "workspace")
        source = document.get("source") if isinstance(document.get("source"), str) else None
        return Snapshot(corpus, records, settings, model, comparison, step, source, _read_assets(document))
    except AssetError as exc:
        raise AssetError.at(name, exc) from None
    except TypeError as exc:  # e.g. a settings value of the wrong shape
        raise AssetError(f"{name}: settings: {exc}") from None


def read(path) -> Snapshot:
    path = Path(path)
    data = read_limited(path, limit=MAX_WORKSPACE_BYTES, what="a workspace file", error=AssetError)
    try:
        document = parse_json(data)  # strict: no duplicate keys, NaN or runaway nesting
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    return parse(document, str(path))


def apply(snap: Snapshot, workspace) -> None:
    """Put a snapshot into the one workspace through its mutators (views follow)."""
    workspace.set_settings(**{f.name: getattr(snap.settings, f.name) for f in fields(snap.settings)})
    if snap.records is None:
        workspace.set_corpus(snap.corpus)
    else:
        workspace.set_records(snap.records)
    # Without a saved model the old one stays, marked stale by the new corpus.
    if snap.model is not None:
        workspace.adopt(snap.model)
    workspace.set_comparison(snap.comparison)
    workspace.select_step(snap.step)
    for loaded in snap.assets:
        workspace.add_loaded(loaded)  # unsaved, as they were


# ==== autosave ====

try:
    import fcntl
except ImportError:  # Windows: no advisory locks here
    fcntl = None


class AutosaveSlot:
    """This instance's autosave file and the lock it holds while it runs."""

    def __init__(self, directory):
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        token = f"{os.getpid()}-{secrets.token_hex(4)}"
        self.path = self.directory / f"autosave-{token}.subword-workspace.json"
        self._lock_path = _lock_path(self.path)
        self._lock = open(self._lock_path, "a+")  # noqa: SIM115 -- held open for the whole run
        # A window torn down without closing still frees its lock.
        self._finalizer = weakref.finalize(self, self._lock.close)
        if fcntl is not None:
            fcntl.flock(self._lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)

    def write(self, snap: Snapshot) -> Path:
        save(snap, self.path)
        return self.path

    def discard(self) -> None:
        """Delete this instance's autosave (nothing is unsaved)."""
        _unlink(self.path)

    def release(self) -> None:
        """At exit: free the lock; the autosave, if any, stays for the next start."""
        if self._lock is None:
            return
        if not self.path.exists():
            _unlink(self._lock_path)
        self._finalizer()
        self._lock = None


def _lock_path(path: Path) -> Path:
    return path.with_name(path.name.replace(".subword-workspace.json", ".lock"))


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def _is_live(path: Path) -> bool:
    """Does a running instance hold this autosave's lock?"""
    lock = _lock_path(path)
    if fcntl is None or path.name == AUTOSAVE_NAME or not lock.is_file():
        return False
    with open(lock, "a+") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    return False


def pending_recovery(directory) -> Path | None:
    """The newest autosave no running instance holds: left by a session that
    did not end cleanly."""
    directory = Path(directory)
    if not directory.is_dir():
        return None
    found = [p for p in [directory / AUTOSAVE_NAME, *directory.glob(AUTOSAVE_GLOB)]
             if p.is_file() and not _is_live(p)]
    return max(found, key=lambda p: p.stat().st_mtime, default=None)


def discard_recovery(path) -> None:
    """Delete an autosave that was offered and declined, unless it is live."""
    path = Path(path)
    if not _is_live(path):
        _unlink(path)
        _unlink(_lock_path(path))
