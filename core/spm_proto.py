"""SentencePiece's ``ModelProto`` read straight off the protobuf wire
format (a few dozen lines), so neither ``protobuf`` nor ``sentencepiece``
is needed.  Reference: ``sentencepiece_model.proto`` (v0.2; the field
numbers below).  Apart from core.formats, whose package imports every
format: the sentencepiece engine asks a model's settings before cutting a
long text, and that must not cost 0.1 s of imports."""

from __future__ import annotations

import struct

from core.errors import AssetError, excerpt

TYPES = {1: "normal", 2: "unknown", 3: "control", 4: "user_defined", 5: "unused", 6: "byte"}
MODEL_TYPES = {1: "unigram", 2: "bpe", 3: "word", 4: "char"}


def _varint(data: bytes, i: int, where: str) -> tuple[int, int]:
    value = shift = 0
    while True:
        if i >= len(data) or shift > 63:
            raise AssetError(f"{where}: truncated or malformed varint at byte offset {i}")
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def fields(data: bytes, where: str = "ModelProto") -> list[tuple[int, int, object]]:
    """``(field number, wire type, value)`` for every field of one message."""
    out, i = [], 0
    while i < len(data):
        start = i
        key, i = _varint(data, i, where)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = _varint(data, i, where)
        elif wire == 1:
            value, i = data[i:i + 8], i + 8
        elif wire == 2:
            size, i = _varint(data, i, where)
            value, i = data[i:i + size], i + size
        elif wire == 5:
            value, i = data[i:i + 4], i + 4
        else:
            raise AssetError(f"{where}: unsupported wire type {wire} at byte offset {start}")
        if i > len(data):
            raise AssetError(f"{where}: field {number} runs past the end of the data (offset {start})")
        out.append((number, wire, value))
    return out


def message(data: bytes, schema: dict, where: str) -> dict:
    """Decode the fields named in ``schema`` (number -> (name, kind)); repeated kinds collect lists."""
    out: dict = {}
    for number, wire, value in fields(data, where):
        if number not in schema:
            continue
        name, kind = schema[number]
        expected = {"str": 2, "bytes": 2, "msg": 2, "float": 5, "int": 0, "bool": 0, "enum": 0}[kind.rstrip("*")]
        if wire != expected:
            raise AssetError(f"{where}.{name}: wire type {wire}, expected {expected}")
        if kind.rstrip("*") == "str":
            try:
                value = value.decode("utf-8")
            except UnicodeDecodeError as exc:
                raise AssetError(f"{where}.{name}: invalid UTF-8 at byte {exc.start}") from None
        elif kind == "float":
            value = struct.unpack("<f", value)[0]
        elif kind == "int":
            value = value - (1 << 64) if value >= 1 << 63 else value  # int32 fields are sign-extended
        elif kind == "bool":
            value = bool(value)
        if kind.endswith("*"):
            out.setdefault(name, []).append(value)
        else:
            out[name] = value
    return out


PIECE = {1: ("piece", "str"), 2: ("score", "float"), 3: ("type", "enum")}
TRAINER = {3: ("model_type", "enum"), 4: ("vocab_size", "int"), 24: ("treat_whitespace_as_suffix", "bool"),
           35: ("byte_fallback", "bool"), 40: ("unk_id", "int"), 44: ("unk_surface", "str")}
NORMALIZER = {1: ("name", "str"), 2: ("precompiled_charsmap", "bytes"), 3: ("add_dummy_prefix", "bool"),
              4: ("remove_extra_whitespaces", "bool"), 5: ("escape_whitespaces", "bool"),
              6: ("normalization_rule_tsv", "str")}
MODEL = {1: ("pieces", "msg*"), 2: ("trainer_spec", "msg"), 3: ("normalizer_spec", "msg"),
         5: ("denormalizer_spec", "msg")}


def settings(data: bytes) -> tuple[dict, dict]:
    """``(trainer_spec, normalizer_spec)`` of a ModelProto, the pieces
    skipped unread (a length-delimited field each: the one-field-at-a-time
    walk of :func:`fields` costs 45 ms over 32,000 pieces)."""
    found, i, size = {}, 0, len(data)
    while i < size:
        start = i
        key, i = _varint(data, i, "ModelProto")
        if key & 7 != 2:
            raise AssetError(f"ModelProto: unexpected wire type {key & 7} at byte offset {start}")
        length = data[i]
        if length < 0x80:
            i += 1
        else:
            length, i = _varint(data, i, "ModelProto")
        if key >> 3 in (2, 3):
            found[key >> 3] = data[i:i + length]
        i += length
    if i > size:
        raise AssetError("ModelProto: a field runs past the end of the data")
    return (message(found.get(2, b""), TRAINER, "trainer_spec"),
            message(found.get(3, b""), NORMALIZER, "normalizer_spec"))


def parse_model(data: bytes) -> dict:
    proto = message(data, MODEL, "ModelProto")
    pieces = []
    for index, raw in enumerate(proto.get("pieces", [])):
        piece = message(raw, PIECE, f"pieces[{index}]")
        if not piece.get("piece"):
            raise AssetError(f"pieces[{index}]: a piece needs a non-empty string")
        kind = piece.get("type", 1)
        if kind not in TYPES:
            raise AssetError(f"pieces[{index}] ({excerpt(piece['piece'])}): unknown piece type {kind}")
        pieces.append((piece["piece"], piece.get("score", 0.0), TYPES[kind]))
    if not pieces:
        raise AssetError("ModelProto: no pieces (is this a SentencePiece .model file?)", code="spm.no_pieces",
                         where="ModelProto")
    trainer = message(proto.get("trainer_spec", b""), TRAINER, "trainer_spec")
    normalizer = message(proto.get("normalizer_spec", b""), NORMALIZER, "normalizer_spec")
    denormalizer = message(proto.get("denormalizer_spec", b""), NORMALIZER, "denormalizer_spec")
    return {"pieces": pieces, "trainer": trainer, "normalizer": normalizer, "denormalizer": denormalizer}
