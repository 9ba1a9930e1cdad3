"""The cut rule of the shipped split patterns (core.engines.compile.cut_rule,
used by core.engines.bulk): a space after an ASCII lowercase letter always
ends one match and begins the next, so the scans of the parts on either
side of such a space join to the whole text's scan (plain, and as HF's
Oniguruma reads the patterns)."""

from __future__ import annotations

import re

import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from core.pipeline import onig
from core.pipeline.text_pipeline import known_patterns

PATTERNS = sorted(known_patterns())
# ASCII that the patterns treat apart (contractions, case, digits, every
# kind of space), non-ASCII letters, marks, numbers and spaces, characters
# newer than HF's tables, and astral ones.
ALPHABET = ("ab Z09 '\t\n\r\x0b\x0c\x1c\x1f.,!-/_sdmtlvreSDMT" "éÉſKǅʰ中\u0301\u0903٣²\x85\u2028\u3000\xa0"
            "\u0558\u0295İı😀\U000323b0\U00011de0")
KINDS = [(source, hf) for source in PATTERNS for hf in (False, True)]


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=60), st.sampled_from(KINDS))
def test_the_scans_join_at_every_cut(text, kind):
    source, hf = kind
    pattern = onig.compile(source) if hf else regex.compile(source)
    whole = pattern.findall(text)
    for cut in [m.start() + 1 for m in re.finditer("(?=[a-z] )", text)]:
        assert pattern.findall(text, 0, cut) + pattern.findall(text, cut) == whole, cut
