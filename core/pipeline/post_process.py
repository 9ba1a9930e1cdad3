"""Post-processing: the special tokens put around an encoding when the user
asks to "add special tokens", as Hugging Face ``tokenizers`` does in
``Tokenizer.encode(text, add_special_tokens=True)``.

Reference: ``tokenizers`` 0.23 ``processors/``; the specs in an asset's
``post_processor`` field say the same as HF's JSON in lower case.

Details: docs/notes/pipeline.md#corepipelinepost_processpy.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import AssetError, excerpt
from core.pipeline.text_pipeline import BYTE_CHARS, WHITE_SPACE

TYPES = ("template", "bert", "roberta", "byte_level", "sequence")
HF_TYPES = {"TemplateProcessing": "template", "BertProcessing": "bert", "RobertaProcessing": "roberta",
            "ByteLevel": "byte_level", "Sequence": "sequence"}
_SPACES = WHITE_SPACE | {BYTE_CHARS[ord(" ")]}
MAX_STEPS = 64


@dataclass(frozen=True)
class Item:
    """One token going through post-processing.  ``source`` is ``(sequence,
    index)`` for a token of the input, None for an added special."""

    id: int
    token: str
    offsets: tuple[int, int]
    type_id: int = 0
    source: tuple[int, int] | None = None

    @property
    def special(self) -> bool:
        return self.source is None


# ==== reading and writing specs ====

def _int(value, where) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise AssetError(f"{where}: expected an integer >= 0, found {excerpt(value)}")
    return value


def _bool(spec, key, default, where) -> bool:
    value = spec.get(key, default)
    if not isinstance(value, bool):
        raise AssetError(f"{where}.{key}: expected true or false, found {excerpt(value)}")
    return value


def _token_pair(value, where) -> list:
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[0], str) or not value[0]:
        raise AssetError(f"{where}: expected [token, id], found {excerpt(value)}")
    return [value[0], _int(value[1], f"{where}[1]")]


def _known(spec: dict, allowed, where) -> None:
    extra = sorted(set(spec) - set(allowed) - {"type"})
    if extra:
        raise AssetError(f"{where}: option {excerpt(extra[0])} is not supported by {spec['type']}")


def parse(spec, where: str = "post_processor", depth: int = 0) -> dict:
    """Validate one of our specs (from an asset: hostile); return it."""
    if not isinstance(spec, dict) or spec.get("type") not in TYPES:
        raise AssetError(f"{where}: expected an object with a \"type\" among {', '.join(TYPES)}, "
                         f"found {excerpt(spec)}")
    kind = spec["type"]
    if kind == "sequence":
        _known(spec, ("steps",), where)
        steps = spec.get("steps")
        if not isinstance(steps, list) or depth > 4 or len(steps) > MAX_STEPS:
            raise AssetError(f"{where}.steps: expected a list of at most {MAX_STEPS} post-processors")
        return {"type": kind, "steps": [parse(s, f"{where}.steps[{i}]", depth + 1) for i, s in enumerate(steps)]}
    if kind in ("bert", "roberta"):
        flags = ("trim_offsets", "add_prefix_space") if kind == "roberta" else ()
        _known(spec, ("cls", "sep", *flags), where)
        out = {"type": kind, "cls": _token_pair(spec.get("cls"), f"{where}.cls"),
               "sep": _token_pair(spec.get("sep"), f"{where}.sep")}
        out.update({f: _bool(spec, f, True, where) for f in flags})
        return out
    if kind == "byte_level":
        _known(spec, ("trim_offsets", "add_prefix_space"), where)
        return {"type": kind, **{f: _bool(spec, f, True, where) for f in ("trim_offsets", "add_prefix_space")}}
    _known(spec, ("single", "pair", "special_tokens"), where)
    specials = spec.get("special_tokens")
    if not isinstance(specials, dict):
        raise AssetError(f"{where}.special_tokens: expected an object name -> {{ids, tokens}}")
    table = {}
    for name, entry in specials.items():
        at = f"{where}.special_tokens[{excerpt(name)}]"
        ids, tokens = (entry.get("ids"), entry.get("tokens")) if isinstance(entry, dict) else (None, None)
        if not isinstance(ids, list) or not isinstance(tokens, list) or len(ids) != len(tokens) or not ids \
                or not all(isinstance(t, str) and t for t in tokens):
            raise AssetError(f"{at}: expected \"ids\" and \"tokens\", two lists of one length")
        table[name] = {"ids": [_int(i, f"{at}.ids") for i in ids], "tokens": list(tokens)}
    out = {"type": kind, "special_tokens": table}
    for key in ("single", "pair"):
        out[key] = _template(spec.get(key), table, f"{where}.{key}", ("A",) if key == "single" else ("A", "B"))
    return out


def _template(pieces, table, where, sequences) -> list:
    if not isinstance(pieces, list) or len(pieces) > 256:
        raise AssetError(f"{where}: expected a list of template pieces")
    out = []
    for index, piece in enumerate(pieces):
        at = f"{where}[{index}]"
        if not isinstance(piece, dict) or len(piece) != 2 or "type_id" not in piece:
            raise AssetError(f"{at}: expected {{\"special\" or \"sequence\": NAME, \"type_id\": N}}")
        type_id = _int(piece["type_id"], f"{at}.type_id")
        if "special" in piece:
            if piece["special"] not in table:
                raise AssetError(f"{at}: the special {excerpt(piece['special'])} is not in special_tokens")
            out.append({"special": piece["special"], "type_id": type_id})
        elif piece.get("sequence") in sequences:
            out.append({"sequence": piece["sequence"], "type_id": type_id})
        else:
            raise AssetError(f"{at}: expected a special or the sequence {' or '.join(sequences)}, "
                             f"found {excerpt(piece)}")
    return out


def from_hf(spec, where: str = "post_processor") -> dict:
    """Our spec for HF's post-processor JSON; an unsupported one is an AssetError naming it."""
    if not isinstance(spec, dict) or spec.get("type") not in HF_TYPES:
        kind = spec.get("type") if isinstance(spec, dict) else spec
        raise AssetError(f"{where}: the post-processor {excerpt(kind)} is not supported; supported: "
                         f"{', '.join(HF_TYPES)}")
    kind = HF_TYPES[spec["type"]]
    if kind == "sequence":
        steps = spec.get("processors")
        if not isinstance(steps, list):
            raise AssetError(f"{where}.processors: expected a list")
        return parse({"type": kind, "steps": [from_hf(s, f"{where}.processors[{i}]") for i, s in enumerate(steps)]},
                     where)
    if kind == "byte_level":  # use_regex belongs to the pre-tokenizer; here it changes nothing
        return parse({"type": kind, **{k: v for k, v in spec.items() if k not in ("type", "use_regex")}}, where)
    if kind == "template":
        def pieces(key):
            value = spec.get(key)
            if not isinstance(value, list):
                raise AssetError(f"{where}.{key}: expected a list of template pieces")
            out = []
            for index, piece in enumerate(value):
                (tag, body), = piece.items() if isinstance(piece, dict) and len(piece) == 1 else ((None, None),)
                if tag not in ("SpecialToken", "Sequence") or not isinstance(body, dict):
                    raise AssetError(f"{where}.{key}[{index}]: expected {{\"SpecialToken\"|\"Sequence\": ...}}")
                out.append({"special" if tag == "SpecialToken" else "sequence": body.get("id"),
                            "type_id": body.get("type_id")})
            return out
        specials = spec.get("special_tokens")
        if not isinstance(specials, dict):
            raise AssetError(f"{where}.special_tokens: expected an object")
        table = {name: {k: v for k, v in entry.items() if k != "id"} if isinstance(entry, dict) else entry
                 for name, entry in specials.items()}
        return parse({"type": kind, "single": pieces("single"), "pair": pieces("pair"), "special_tokens": table},
                     where)
    return parse({**spec, "type": kind}, where)


def to_hf(spec: dict) -> dict:
    """HF's JSON for one of our specs."""
    kind = spec["type"]
    if kind == "sequence":
        return {"type": "Sequence", "processors": [to_hf(s) for s in spec["steps"]]}
    if kind == "byte_level":
        return {"type": "ByteLevel", "add_prefix_space": spec["add_prefix_space"],
                "trim_offsets": spec["trim_offsets"], "use_regex": True}
    if kind == "bert":
        return {"type": "BertProcessing", "sep": list(spec["sep"]), "cls": list(spec["cls"])}
    if kind == "roberta":
        return {"type": "RobertaProcessing", "sep": list(spec["sep"]), "cls": list(spec["cls"]),
                "trim_offsets": spec["trim_offsets"], "add_prefix_space": spec["add_prefix_space"]}

    def pieces(key):
        return [{"SpecialToken": {"id": p["special"], "type_id": p["type_id"]}} if "special" in p
                else {"Sequence": {"id": p["sequence"], "type_id": p["type_id"]}} for p in spec[key]]
    return {"type": "TemplateProcessing", "single": pieces("single"), "pair": pieces("pair"),
            "special_tokens": {name: {"id": name, **entry} for name, entry in spec["special_tokens"].items()}}


def describe(spec: dict, pair: bool = False) -> str:
    """What the post-processor does, as a template: ``[CLS] $A [SEP]``."""
    kind = spec["type"]
    if kind == "sequence":
        return " ; ".join(describe(s, pair) for s in spec["steps"]) or "nothing"
    if kind == "byte_level":
        return "$A" + (" $B" if pair else "") + (" (offsets trimmed)" if spec["trim_offsets"] else "")
    if kind in ("bert", "roberta"):
        cls, sep = spec["cls"][0], spec["sep"][0]
        between = f" {sep} " if kind == "bert" else f" {sep} {sep} "
        text = f"{cls} $A {sep}" + (f"{between.rstrip()} $B {sep}" if pair else "")
        return text + (" (offsets trimmed)" if spec.get("trim_offsets") else "")
    return " ".join(p["special"] if "special" in p else f"${p['sequence']}" for p in spec["pair" if pair else "single"])


# ==== applying ====

def process(spec: dict, sequences: list[list[Item]]) -> list[Item]:
    """The tokens of one sequence (or a pair) with the specials added, as
    HF's ``post_process(encoding, pair, add_special_tokens=True)``."""
    if not 1 <= len(sequences) <= 2:
        raise ValueError("post-processing takes one sequence or a pair")
    # HF encodes the pair's second sequence with type id 1; a processor may renumber.
    return _process(spec, [_typed(s, k) for k, s in enumerate(sequences)])


def _process(spec: dict, sequences: list[list[Item]]) -> list[Item]:
    kind = spec["type"]
    if kind == "sequence":
        # HF's Sequence hands every processor the encodings the previous one returned;
        # only the last may join them (the others add nothing or are the last).
        for step in spec["steps"]:
            result = _process(step, sequences)
            sequences = [result] if step["type"] not in ("byte_level",) else _split(result, len(sequences))
        return sequences[0] if len(sequences) == 1 else [t for s in sequences for t in s]
    if kind == "byte_level":
        trimmed = [_trim(s, spec["add_prefix_space"]) if spec["trim_offsets"] else s for s in sequences]
        return [t for s in trimmed for t in s]
    if kind == "roberta":
        if spec["trim_offsets"]:
            sequences = [_trim(s, spec["add_prefix_space"]) for s in sequences]
        cls, sep = _special(spec["cls"]), _special(spec["sep"])
        out = [cls, *_typed(sequences[0], 0), sep]
        if len(sequences) == 2:
            out += [sep, *_typed(sequences[1], 0), sep]
        return out
    if kind == "bert":
        cls, sep = _special(spec["cls"]), _special(spec["sep"])
        out = [cls, *_typed(sequences[0], 0), sep]
        if len(sequences) == 2:
            out += [*_typed(sequences[1], 1), _special(spec["sep"], 1)]
        return out
    out = []
    for piece in spec["single" if len(sequences) == 1 else "pair"]:
        if "special" in piece:
            entry = spec["special_tokens"][piece["special"]]
            out += [Item(i, t, (0, 0), piece["type_id"]) for i, t in zip(entry["ids"], entry["tokens"])]
        else:
            out += _typed(sequences[0 if piece["sequence"] == "A" else 1], piece["type_id"])
    return out


def _split(items: list[Item], count: int) -> list[list[Item]]:
    if count == 1:
        return [items]
    return [[t for t in items if t.source is not None and t.source[0] == k] for k in range(count)]


def _special(pair, type_id: int = 0) -> Item:
    return Item(pair[1], pair[0], (0, 0), type_id)


def _typed(items: list[Item], type_id: int) -> list[Item]:
    return [Item(t.id, t.token, t.offsets, type_id, t.source) for t in items]


def _trim(items: list[Item], add_prefix_space: bool) -> list[Item]:
    """HF's ``process_offsets``: offsets move past a token's leading and
    trailing spaces, except the one space the pre-tokenizer added in front
    of the first token."""
    out = []
    for index, t in enumerate(items):
        start, end = t.offsets
        lead = len(t.token) - len(t.token.lstrip("".join(_SPACES)))
        trail = len(t.token) - len(t.token.rstrip("".join(_SPACES)))
        if lead and add_prefix_space and lead == 1 and (index == 0 or start == 0):
            lead = 0
        if lead:
            start = min(start + lead, end)
        if trail and end >= trail:
            end = max(end - trail, start)
        out.append(Item(t.id, t.token, (start, end), t.type_id, t.source))
    return out
