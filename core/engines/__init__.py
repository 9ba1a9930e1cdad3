"""Two engines behind the one interface: the *reference* (our readable
Python, the one the views and lessons explain) and the *native* compiled
libraries (tiktoken, sentencepiece, tokenizers, fastokens) for throughput.

``auto`` serves an asset with the first native engine that holds it exactly
and matched the reference on the probe set, else the reference; large work
goes to the :data:`BULK` engine from :data:`BULK_FROM` characters on.

Details: docs/notes/engines.md#coreengines__init__py.
"""

from __future__ import annotations

import hashlib
import importlib
import os
import sys
import threading
from typing import Callable

import core
from core import shelf
from core.engines import compiled, probes, verdicts
from core.engines.served import Bulk, Served
from core.engines.spec import Spec
from core.errors import AssetError, StudioError
from core.fileio import read_limited
from core.numbers import MAX_ASSET_BYTES

NATIVE = {"tiktoken": "core.engines.with_tiktoken", "sentencepiece": "core.engines.with_sentencepiece",
          "tokenizers": "core.engines.with_tokenizers",
          "fastokens": "core.engines.with_fastokens"}  # auto tries them in this order
# The spec each engine is built from (core.engines.specs.MAKERS); several may
# read one.  Kept here so that an entry with no spec for an engine never
# imports that engine's library (sentencepiece for a BERT vocabulary).
READS = {"tiktoken": "tiktoken", "sentencepiece": "sentencepiece", "tokenizers": "tokenizers",
         "fastokens": "tiktoken"}
BULK = "fastokens"  # auto's engine for large work where it is exact (its threads: hold_threads)
# Characters of work per vocabulary entry, per thread, from which the bulk
# engine's start-up pays against tiktoken's (measured: bench/bulk_engines.py).
BULK_FROM = 100
REFERENCE = "reference"
CHOICES = ("auto", REFERENCE, *NATIVE)
BUILDER = "core.engines.compile"  # imported when an entry must be built


def native_module(name: str):
    return importlib.import_module(NATIVE[name])


def hold_threads(workers: int) -> None:
    """Hold the native libraries that size their threads once per process
    (at their first encode) to ``workers``; call it before any encode.
    fastokens' own pool is held to the calling thread, its Rayon helpers
    (the variable is also HF tokenizers' own) to ``workers``.  Set here, not
    in its module, so that a command that never encodes in bulk does not
    import fastokens for it."""
    os.environ["FASTOKENS_BPE_THREADS"] = "1"
    os.environ["RAYON_NUM_THREADS"] = str(workers)


def version(name: str) -> str | None:
    """An engine's library version (ours for the reference); None when not installed."""
    return core.__version__ if name == REFERENCE else native_module(name).version()


# ==== sources and entries ====

CACHE_VERSION = 4  # in every key: raise it when an import or an export changes what it makes
_HEAD = f"subword-studio {core.__version__} cache {CACHE_VERSION}"  # every key starts so


def source_of(arg) -> tuple[str, tuple]:
    """``(key, source)`` for a command's ASSET argument: a file if one exists
    at that path (a real file wins), else a shelf entry.  The key names the
    exact bytes (an asset file's SHA-256, a shelf entry's recorded one), the
    code version and :data:`CACHE_VERSION`."""
    entry = shelf.find(str(arg)) if not os.path.exists(arg) else None
    if entry is not None:
        return _shelf_key(entry), ("shelf", entry.name, None)
    try:
        data = read_limited(arg, limit=MAX_ASSET_BYTES, what="an asset file", error=AssetError, limit_name="asset")
    except AssetError as exc:
        if exc.code == "file.missing":
            raise AssetError(f"{exc} (nor a built-in tokenizer: {', '.join(shelf.names())})", code=exc.code,
                             where=exc.where, **exc.params) from None
        raise
    return f"{_HEAD} file {hashlib.sha256(data).hexdigest()}", ("file", str(arg), data)



def _shelf_key(entry: shelf.Entry) -> str:
    return f"{_HEAD} shelf {entry.name} {entry.sha256} {sorted(entry.options.items())!r}"


def asset_of(name: str) -> tuple[dict, object]:
    """``(asset, model)`` of the shelf entry ``name`` for a window or a
    command that needs the whole asset (edit, export, stages, trace, diff):
    from its compiled entry, which keeps the asset as imported (o200k_base:
    1.3 s, against 3.2 s to read its rank file and split its 200,000 tokens
    again); on a miss the entry is built, so the next start is quick and
    :func:`serve` finds it."""
    entry = shelf.find(name)
    if entry is None:
        raise AssetError(f"no shelf tokenizer called {name}; the shelf holds {', '.join(shelf.names())}")
    key = _shelf_key(entry)
    held = compiled.path_for(key)  # once per process and cache folder, as core.formats.builtin.load
    with _lock:
        if held in _assets:
            return _assets[held]
    found = _asset_of(entry, key)
    with _lock:
        return _assets.setdefault(held, found)


_assets: dict = {}  # compiled entry path -> the (asset, model) a window or command holds
_lock = threading.Lock()  # windows open them on worker threads


def _asset_of(entry: shelf.Entry, key: str) -> tuple[dict, object]:
    builder = importlib.import_module(BUILDER)
    found = compiled.read(key)
    data = found.section("asset") if found is not None and "facts" in found.meta else None
    if data is not None:
        try:
            return builder.parsed_asset(data, found.path)
        except AssetError:
            pass  # damaged in a way its hash did not show: built again from the source
    asset, model = builder.load_source(("shelf", entry.name, None))
    builder.compile_asset(key, asset, model)
    return asset, model


def open_asset(arg, *, engine: str = "auto", notes: Callable[[str], None] | None = None) -> Served:
    """The tokenizer an ASSET argument names, its IDs from ``engine``."""
    key, source = source_of(arg)
    entry = compiled.read(key)
    for attempt in (1, 2):
        reference = None
        if entry is None or "facts" not in entry.meta:
            builder = importlib.import_module(BUILDER)
            asset, model = builder.load_source(source)
            entry, reference = builder.compile_asset(key, asset, model)

        def load_reference(entry=entry):
            return importlib.import_module(BUILDER).reference_of(entry, source)
        try:
            return _serve(entry, engine, source[1], notes, reference, load_reference)
        except _Damaged:
            if attempt == 2:
                raise StudioError(f"{source[1]}: the compiled cache cannot hold this tokenizer") from None
            entry = None  # a section failed its check: built again from the source, once


def serve(asset: dict, model, identity: str, *, engine: str = "auto", label: str = "",
          notes: Callable[[str], None] | None = None) -> Served:
    """An asset already loaded (a window's), its IDs from ``engine``."""
    builder = importlib.import_module(BUILDER)
    key = f"{_HEAD} identity {identity}"
    label = label or asset.get("metadata", {}).get("name", "")
    # A shelf entry the window holds unchanged has the entry the command
    # line and asset_of built (read only if its identity is this one's).
    came_from = shelf.find(shelf.name_in(asset))
    for tried in ([_shelf_key(came_from)] if came_from is not None else []) + [key]:
        entry = compiled.read(tried, identity)
        if entry is not None and "facts" in entry.meta:
            try:
                return _serve(entry, engine, label, notes, builder.wrap(asset, model), None)
            except _Damaged:
                pass  # built again below
    entry, reference = builder.compile_asset(key, asset, model, identity)
    return _serve(entry, engine, label, notes, reference, None)


# ==== choosing the engine ====

class _Damaged(Exception):
    """A section of a read entry failed its check: the entry is built again."""


def spec_of(entry: compiled.Entry, name: str) -> Spec | str:
    """The engine's spec from the entry, or why there is none; :class:`_Damaged`
    when its data fails its check."""
    read = READS[name]
    found = entry.meta.get("engines", {}).get(read)
    if not isinstance(found, dict):
        return "not compiled for this engine"
    if "refused" in found:
        return str(found["refused"])
    blobs = {}
    for blob in found.get("blobs", ()):
        data = entry.section(f"{read}.{blob}")
        if data is None:
            raise _Damaged(name)
        blobs[blob] = data
    return Spec(read, found.get("meta", {}), blobs)


def _serve(entry, engine, label, notes, reference, load_reference) -> Served:
    if engine not in CHOICES:
        raise StudioError(f"--engine {engine}: choose one of {', '.join(CHOICES)}")
    facts = entry.meta["facts"]
    holder = {"reference": reference}

    def the_reference():
        if holder["reference"] is None:
            holder["reference"] = load_reference()
        return holder["reference"]
    name, native = (REFERENCE, None) if engine == REFERENCE else _choose(entry, engine, label, the_reference, notes)
    bulk = None
    if engine == "auto" and name not in (BULK, REFERENCE):
        bulk = Bulk(BULK, BULK_FROM * facts["vocab_size"], lambda: _bulk(entry, label, the_reference, notes))
    return Served(facts, name, native, reference=holder["reference"], load_reference=the_reference, entry=entry,
                  bulk=bulk)


def _bulk(entry, label, reference, notes):
    """The bulk engine for the entry; None where it does not serve."""
    state, _, native = _assess(entry, BULK, label, reference, notes)
    return native if state == "serves" else None


def _choose(entry, requested: str, label: str, reference, notes):
    """``(engine name, native tokenizer)``: the requested engine, or under
    ``auto`` the first native one that is exact for this entry; the
    reference (``None``) when none is."""
    explicit = requested != "auto"
    for name in ([requested] if explicit else NATIVE):
        state, detail, native = _assess(entry, name, label, reference, notes)
        if state == "serves":
            return name, native
        if explicit:
            raise StudioError(f"--engine {name} cannot serve {label}: {detail}"
                              + ("; --engine auto or reference encode it" if state == "differs" else ""))
    return REFERENCE, None


def _assess(entry, name: str, label: str, reference, notes):
    """``(state, detail, native)``: whether engine ``name`` serves the
    entry's asset: ``serves`` (checked exact), ``differs`` (demoted, the
    detail names the first difference), ``cannot`` (the exporter's reason)
    or ``missing`` (the library is not installed).  The first check of an
    (identity, engine, version) runs the probes and keeps the verdict; a
    demotion is told to ``notes`` then, once."""
    spec = spec_of(entry, name)
    if isinstance(spec, str):
        return "cannot", spec, None
    held = version(name)
    if held is None:
        return "missing", f"the {name} library is not installed", None
    verdict = verdicts.read(entry.identity, name, held)
    try:
        native = native_module(name).build(spec)
    except Exception as exc:  # the library refused what was built for it: it cannot serve
        native, verdict = None, verdict or verdicts.Verdict(False, problem=f"{type(exc).__name__}: {exc}")
    if verdict is None:
        verdict = check(reference(), native, entry.meta["facts"]["specials"])
        verdicts.write(entry.identity, name, held, verdict)
        if not verdict.same and notes is not None:
            notes(Demotion(name, held, label, verdict))
    if verdict.same and native is not None:
        return "serves", verdict.describe(), native
    return "differs", verdict.describe(), None


class Demotion(str):
    """The note that an engine was demoted: the sentence the command line
    prints, and what it says as data (``engine``, ``version``, ``label``,
    ``verdict``) for a window to put in its own words."""

    def __new__(cls, engine: str, version: str, label: str, verdict: verdicts.Verdict):
        note = super().__new__(cls, f"note: the {engine} engine ({version}) gives other IDs than the reference for "
                                    f"{label}, so the reference serves it: {verdict.describe()}")
        note.engine, note.version, note.label, note.verdict = engine, version, label, verdict
        return note


def states(entry: compiled.Entry) -> dict:
    """Each native engine's state for an entry as far as it is known, building
    and checking nothing (a window lists them while it encodes): ``missing``,
    ``cannot`` (the exporter's reason), ``serves`` or ``differs`` (the verdict
    kept for this identity and library version, as ``verdict`` too), or
    ``unchecked`` (the probes run when it is first asked to serve)."""
    out = {}
    for name in NATIVE:
        held, found, verdict = version(name), entry.meta.get("engines", {}).get(name), None
        if held is None:
            state, detail = "missing", f"the {name} library is not installed"
        elif not isinstance(found, dict):
            state, detail = "cannot", "not compiled for this engine"
        elif "refused" in found:
            state, detail = "cannot", str(found["refused"])
        else:
            verdict = verdicts.read(entry.identity, name, held)
            if verdict is None:
                state, detail = "unchecked", "not checked yet: the probes run when it is first asked to serve"
            else:
                state, detail = ("serves" if verdict.same else "differs"), verdict.describe()
        out[name] = {"state": state, "detail": detail, "version": held, "verdict": verdict}
    return out


def survey(arg) -> dict:
    """For an ASSET argument: its kind, the engine ``auto`` uses, the one it
    uses for large work (``bulk``) from ``bulk_from`` characters per thread,
    and each native engine's state (:func:`_assess`), checking what was
    never checked."""
    served = open_asset(arg, engine=REFERENCE)
    entry, label = served.entry, str(arg)
    states = {}
    for name in NATIVE:
        state, detail, _ = _assess(entry, name, label, lambda: served.reference, None)
        states[name] = {"state": state, "detail": detail, "version": version(name)}
    auto = next((name for name in NATIVE if states[name]["state"] == "serves"), REFERENCE)
    bulk = BULK if auto != BULK and states[BULK]["state"] == "serves" else auto
    return {"kind": served.kind, "family": served.family, "auto": auto, "bulk": bulk,
            "bulk_from": BULK_FROM * served.vocab_size if bulk != auto else None, "engines": states}


def check(reference, native, specials) -> verdicts.Verdict:
    """The native engine against the reference on the probe set, reading
    the specials' text as its own rule says and as ordinary text."""
    texts = probes.texts([name for name, _ in specials])
    found = verdicts.compare(lambda t: reference.encode_ids(t), native.encode_ids, texts)
    if not found.same or not specials:
        return found
    ordinary = reference.ordinary()
    return verdicts.compare(lambda t: ordinary.encode_ids(t), native.encode_ordinary, texts, first=found.probes)


def stderr_notes(message: str) -> None:
    print(message, file=sys.stderr)
