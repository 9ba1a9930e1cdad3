"""``add_special_tokens``: an :class:`Encoding` through the model's
post-processor (:mod:`core.pipeline.post_process`), for every kind.

An added special is flagged ``special``, is word -1, spells no bytes and
has the span (0, 0), as HF's offsets give it; a trimmed token's byte span
moves with its character span.
"""

from __future__ import annotations

from core.pipeline import post_process
from core.tokenizer.base import SPECIAL, Encoding


def post_processor_of(model) -> dict | None:
    return getattr(model, "post_processor", None)


def add_specials(encoding: Encoding, spec: dict | None, text: str) -> Encoding:
    if spec is None:
        return encoding
    items = [post_process.Item(i, t, s, 0, (0, k))
             for k, (i, t, s) in enumerate(zip(encoding.ids, encoding.tokens, encoding.char_spans))]
    out = post_process.process(spec, [items])
    fields = {name: [] for name in ("ids", "tokens", "texts", "pieces", "byte_spans", "char_spans", "words", "flags")}
    prefix = None  # UTF-8 length of text[:i], built only if a span moved
    for item in out:
        if item.special:
            row = (item.id, item.token, item.token, b"", (0, 0), (0, 0), -1, SPECIAL)
        else:
            k = item.source[1]
            byte_span = encoding.byte_spans[k]
            if item.offsets != encoding.char_spans[k]:
                if prefix is None:
                    prefix = _utf8_prefix(text)
                (old_start, old_end), (start, end) = encoding.char_spans[k], item.offsets
                byte_span = (byte_span[0] + prefix[start] - prefix[old_start],
                             byte_span[1] - (prefix[old_end] - prefix[end]))
            row = (encoding.ids[k], encoding.tokens[k], encoding.texts[k], encoding.pieces[k], byte_span,
                   item.offsets, encoding.words[k], encoding.flags[k])
        for values, value in zip(fields.values(), row):
            values.append(value)
    return Encoding(*(tuple(v) for v in fields.values()))


def add_special_ids(ids: list[int], spec: dict | None) -> list[int]:
    if spec is None:
        return ids
    items = [post_process.Item(i, "", (0, 0), 0, (0, k)) for k, i in enumerate(ids)]
    return [item.id for item in post_process.process(spec, [items])]


def _utf8_prefix(text: str) -> list[int]:
    out, total = [0], 0
    for ch in text:
        total += len(ch.encode("utf-8", "surrogatepass"))
        out.append(total)
    return out
