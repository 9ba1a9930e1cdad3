"""CLI results for byte-level tokenizers: encodings with byte and character
spans, and decode reports that name every UTF-8 problem."""

from __future__ import annotations

from core.inspect import textinfo
from core.render import render_piece


def encode_json(model, text: str) -> dict:
    enc = model.encode(text)
    return {
        "text": text,
        "ids": list(enc.ids),
        "pieces": [piece.hex(" ").upper() for piece in enc.pieces],
        "tokens": [render_piece(piece) for piece in enc.pieces],
        "byte_spans": [list(s) for s in enc.byte_spans],
        "char_spans": [list(s) for s in enc.char_spans],
        "partial": list(enc.partial),
        "counts": textinfo.counts(model, text),
    }


def decode_json(model, ids, policy: str) -> dict:
    """Decode with ``policy``; under ``strict`` a problem gives ``ok: false``
    (the bytes are reported all the same, so nothing is hidden)."""
    report = model.decode(ids, errors="raw")
    strict_failure = policy == "strict" and bool(report.problems or report.unknown_ids)
    if strict_failure or policy == "raw":
        text = None
    elif policy == "replace":
        text = report.data.decode("utf-8", "replace")
    else:
        text = report.data.decode("utf-8")
    return {
        "ok": not strict_failure,
        "policy": policy,
        "text": text,
        "replaced": policy == "replace" and bool(report.problems),
        "bytes": report.data.hex(" ").upper(),
        "problems": [
            {"kind": p.kind, "offset": p.offset, "length": p.length, "bytes": p.data.hex(" ").upper(),
             "message": p.describe()}
            for p in report.problems
        ],
        "specials": [{"index": i, "id": t, "name": model.special_name(t)} for i, t in report.specials],
        "unknown_ids": [{"index": i, "id": t} for i, t in report.unknown_ids],
    }


def decode_summary(result: dict) -> str:
    """One line for people: the text, or what stopped it."""
    notes = [p["message"] for p in result["problems"]]
    notes += [f"id {u['id']} at index {u['index']} is outside the vocabulary" for u in result["unknown_ids"]]
    if not result["ok"]:
        return "invalid: " + "; ".join(notes)
    if result["text"] is None:
        return result["bytes"] + ("  (" + "; ".join(notes) + ")" if notes else "")
    suffix = "  [display fallback: " + "; ".join(notes) + "]" if result["replaced"] else ""
    if result["specials"]:
        suffix += "  [specials, no bytes: " + ", ".join(
            f"{s['name']} at index {s['index']}" for s in result["specials"]) + "]"
    return result["text"] + suffix
