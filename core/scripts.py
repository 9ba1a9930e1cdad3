"""The Unicode script of a character, by the ``regex`` module's Script
property (Python's ``unicodedata`` has none).  One alternation with a named
group per script finds a character's script in one match; answers are
cached per character, since a vocabulary reuses few thousand characters."""

from __future__ import annotations

import regex

# The scripts a tokenizer vocabulary meets in practice; any other is "Other".
# Common (digits, punctuation, spaces) and Inherited (combining marks) are
# scripts too: a token made only of them is labelled so.
NAMES = ("Latin", "Han", "Hiragana", "Katakana", "Hangul", "Cyrillic", "Greek", "Arabic", "Hebrew",
         "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu", "Kannada",
         "Malayalam", "Sinhala", "Thai", "Lao", "Tibetan", "Myanmar", "Khmer", "Georgian", "Armenian",
         "Ethiopic", "Mongolian", "Bopomofo", "Yi", "Syriac", "Thaana", "Cherokee", "Canadian_Aboriginal",
         "Braille", "Common", "Inherited")
NEUTRAL = ("Common", "Inherited")
_PATTERN = regex.compile("|".join(f"(?P<{n}>\\p{{Script={n}}})" for n in NAMES))
_cache: dict[str, str] = {}


def script_of(ch: str) -> str:
    """>>> script_of("中"), script_of("a"), script_of("1")
    ('Han', 'Latin', 'Common')"""
    found = _cache.get(ch)
    if found is None:
        m = _PATTERN.match(ch)
        found = _cache[ch] = m.lastgroup if m else "Other"
    return found


def label(text: str) -> str:
    """A token's script(s): the distinct non-neutral scripts joined by "+" in
    order of appearance; "Common"/"Inherited" only when nothing else occurs;
    "" for no characters.

    >>> label(" the"), label("中a"), label("12"), label("")
    ('Latin', 'Han+Latin', 'Common', '')
    """
    seen = dict.fromkeys(map(script_of, text))
    strong = [s for s in seen if s not in NEUTRAL]
    return "+".join(strong or seen)
