"""Placing values in a translated sentence (``%1``, ``%2``, … in one pass)
and showing any text as it is in a tooltip: shared by every view."""

from __future__ import annotations

import html
import re


def fill(template: str, *values) -> str:
    """``%1``, ``%2``, … in a translated template, replaced in one pass (a
    value that itself holds ``%2`` is never replaced again)."""
    out, i = [], 0
    while i < len(template):
        if template[i] == "%" and i + 1 < len(template) and template[i + 1].isdigit():
            j = i + 1
            while j < len(template) and template[j].isdigit():
                j += 1
            number = int(template[i + 1:j])
            if 1 <= number <= len(values):
                out.append(str(values[number - 1]))
                i = j
                continue
        out.append(template[i])
        i += 1
    return "".join(out)


def grouped(text: str, n: int) -> str:
    """``text`` as ``tr("… %n …", "", n)`` gave it (Qt writes %n as plain
    digits), with that count written as every view writes numbers: 12,345."""
    if abs(n) < 1000:
        return text
    return re.sub(rf"(?<![\d.,]){n}(?![\d.,])", f"{n:,}", text, count=1)


def tooltip(text: str) -> str:
    """``text`` shown as is in a tooltip: Qt takes text that looks like
    markup (``</w>``, ``<unk>``, ``<|endoftext|>``) for rich text and drops it."""
    return "<qt>" + html.escape(text).replace("\n", "<br>") + "</qt>"
