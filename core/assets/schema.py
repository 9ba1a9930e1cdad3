"""The asset envelope's shared rules: the format name and version, strict
JSON, typed fields, and the envelope fields every kind fills the same way."""

from __future__ import annotations

import datetime
import hashlib
import json

from core.errors import AssetError, excerpt
from core.numbers import MAX_COUNT

FORMAT = "subword-studio/tokenizer"
SCHEMA_VERSION = 1


def check_implied(asset: dict, implied: dict) -> None:
    """Envelope fields that restate the model must agree with it; a missing one is implied."""
    for key, expected in implied.items():
        if key in asset and asset[key] != expected:
            raise AssetError(f"{key}: {excerpt(asset[key])} disagrees with the model, "
                             f"which implies {excerpt(expected)}")


def check_rules(asset: dict, kind: str, **implied) -> None:
    """The envelope's normalizer, pre-tokenizer, boundary and specials must
    say what the model does; a missing boundary or specials is implied."""
    if asset.get("normalizer") != {"type": "none"}:
        raise AssetError(f"normalizer: {kind} applies no normalization, so {excerpt(asset.get('normalizer'))} "
                         "cannot be honoured (expected {'type': 'none'})")
    check_implied(asset, implied)


def post_processor(asset: dict) -> dict | None:
    """The asset's post-processor spec (validated), or None where it has none."""
    if "post_processor" not in asset:
        return None
    from core.pipeline import post_process  # here: it loads numpy, which train --help and char-bpe never need

    return post_process.parse(asset["post_processor"])


def with_post_processor(model) -> dict:
    """The envelope field for a model's post-processor: absent when it has
    none, so assets written before it existed keep their identity."""
    spec = getattr(model, "post_processor", None)
    return {} if spec is None else {"post_processor": spec}


def created() -> str:
    """The metadata's creation time: UTC, to the second."""
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")


def trained_fields(asset: dict, trace, name: str, version: str, extra: dict) -> None:
    """Trainer settings and, when trained here, the embedded training corpus."""
    asset["trainer"] = {"name": name, "version": version, **extra} if trace is not None else \
        {"name": "none", "version": "0", "note": "vocabulary given, not trained here"}
    if trace is not None:
        asset["trainer"].update(stop_reason=trace.stop_reason, settings=dict(trace.settings))
        asset["training_data"] = trace.corpus.identity()
        asset["training_corpus"] = [[w, c] for w, c in trace.corpus.items()]


def records_identity(records) -> dict:
    """SHA-256 over each record's UTF-8 bytes, each prefixed by its length
    as 8 big-endian bytes, so record boundaries are part of the identity."""
    digest = hashlib.sha256()
    total = 0
    for record in records:
        data = record.encode("utf-8") if isinstance(record, str) else bytes(record)
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
        total += len(data)
    return {"sha256": digest.hexdigest(), "records": len(records), "bytes": total}


def table_records_identity(pairs) -> dict:
    """:func:`records_identity` of every ``word`` repeated ``count`` times, in
    table order, without building that list: a table counted from gigabytes
    stands for billions of records."""
    digest = hashlib.sha256()
    records = total = 0
    for word, count in pairs:
        data = word.encode("utf-8")
        entry = len(data).to_bytes(8, "big") + data
        per_batch = max(1, (1 << 20) // len(entry))  # hash about 1 MB at a time
        left = count
        while left:
            times = min(left, per_batch)
            digest.update(entry * times)
            left -= times
        records += count
        total += count * len(data)
    return {"sha256": digest.hexdigest(), "records": records, "bytes": total}


def _unique_keys(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            # json would keep the last silently; two values for one field is
            # an edit gone wrong, not something to guess about.
            raise AssetError(f"duplicate key {excerpt(key)} in one JSON object")
        obj[key] = value
    return obj


def _no_constant(name):
    raise AssetError(f"{name} is not a JSON number")


def _finite(text):
    value = float(text)
    if value in (float("inf"), float("-inf")):  # "1e400": valid JSON, but no finite double
        raise AssetError(f"the number {excerpt(text)} is too large for a double")
    return value


def _bounded_int(text):
    # Beyond 2**53 a JSON number does not read back exactly elsewhere, and
    # the identity (RFC 8785) cannot spell it; thousands of digits would
    # reach int()'s own limit message.
    if len(text) > 17 or abs(int(text)) > MAX_COUNT:
        raise AssetError(f"the integer {excerpt(text, 30)} is over the limit {MAX_COUNT} of a JSON integer",
                         code="json.too_big", text=excerpt(text, 30), limit=MAX_COUNT)
    return int(text)


def _any_int(text):
    # A side file's number that is no ID or size (transformers writes int(1e30)
    # as model_max_length for "no limit"): read as it is, only its digits bounded.
    if len(text) > MAX_DIGITS:
        raise AssetError(f"the integer {excerpt(text, 30)} has more than {MAX_DIGITS} digits")
    return int(text)


MAX_DIGITS = 100


def parse_json(data: bytes, *, any_int: bool = False):
    """Strict JSON: UTF-8, no duplicate keys, no NaN/Infinity, bounded depth.
    Integers are at most 2**53 - 1 (IDs, counts, sizes), or with ``any_int``
    any of up to :data:`MAX_DIGITS` digits (a side file's settings)."""
    try:
        return json.loads(data.decode("utf-8"), object_pairs_hook=_unique_keys, parse_constant=_no_constant,
                          parse_float=_finite, parse_int=_any_int if any_int else _bounded_int)
    except UnicodeDecodeError as exc:
        raise AssetError(f"invalid UTF-8 at byte offset {exc.start}", code="json.invalid_utf8",
                         offset=exc.start) from None
    except json.JSONDecodeError as exc:
        raise AssetError(f"not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})", code="json.invalid",
                         line=exc.lineno, column=exc.colno, reason=exc.msg) from None
    except RecursionError:
        raise AssetError("JSON nested too deeply to be usable") from None
    except AssetError:
        raise
    except ValueError as exc:  # an integer with thousands of digits
        raise AssetError(f"not usable JSON ({exc})") from None
