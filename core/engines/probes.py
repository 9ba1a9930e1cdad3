"""The texts a native engine must encode exactly as the reference does
before it serves an asset: many scripts, emoji sequences, normalization
traps, every kind of whitespace, digit and punctuation runs, the asset's
own specials inside ordinary text, characters no vocabulary holds (byte
fallback, unknown pieces) and one 200,000-character string.

The set is versioned (:data:`VERSION`): a verdict reached on another set
is checked again.  Everything is built from fixed data, so every machine
asks the same questions.
"""

from __future__ import annotations

VERSION = 2  # 2: the specials' texts also read as ordinary text
LONG = 200_000  # characters of the long probe
SPECIALS_ALONE = 24  # specials with probes of their own (the long probe holds every one)

LINES = (
    "Hello world! The quick brown fox jumps over the lazy dog.",
    "Don't stop: we'll see, they're here, I'M SURE it's OK; you've 'quoted' it",
    "你好，世界。今天的天气很好，我们去公园散步吧！",
    "日本語のテキストです。東京都、カタカナ、ひらがな。",
    "한국어 텍스트입니다. 서울특별시",
    "Привет, мир! Съешь же ещё этих мягких французских булок.",
    "مرحبا بالعالم. هذا نص عربي.",
    "नमस्ते दुनिया। यह हिंदी पाठ है।",
    "สวัสดีชาวโลก ภาษาไทยไม่มีช่องว่างระหว่างคำ",
    "Γειά σου Κόσμε. Ελληνικά.",
    "שלום עולם",
    "Ünïcödé café naïve façade résumé Ångström Øre ß ẞ",
    "e\u0301 a\u0308 n\u0303 \u1e9b\u0323 combining marks",
    "ｆｕｌｌ ｗｉｄｔｈ！ ＡＢＣ１２３ ﬁ ﬂ ① ⅷ ㎏ ™ ½ ²",
    "🎉🚀 👍🏽 👨‍👩‍👧‍👦 🇯🇵🇫🇷 ❤️ 🏳️‍🌈 ✍🏿 🧑‍💻",
    "1234567890 3.14159 1,299.99 2024-06-30 0x1F600 +49 (0) 30 123456",
    "    four leading spaces",
    "trailing spaces    ",
    "tab\there\t\tdouble\ttab",
    "line\nbreak\r\nwindows\rold mac\n\n\nblank lines",
    "\u00a0no-break\u00a0space \u3000ideographic\u3000space \u2009thin\u200bzero-width\ufeffbom",
    "!!!??? ... --- ___ *** ((( ))) [[[ ]]] {{{ }}} <<< >>> ### $$$ %%% &&&",
    "def f(x):\n    return x ** 2  # a comment\n\nclass A:\n\tpass",
    "https://example.com/path?q=1&r=two#frag user@example.org",
    "\x00\x01\x07\x1b[0m control characters \x7f",
    "\ue000\uf8ff private use \U000f0000 \U0010fffd",
    "\u0378\u0380 unassigned \U000e0001 tags \U0001fbff",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝐛𝐨𝐥𝐝 𝟏𝟐𝟑 ℌℑℜ",
    "☃☃☃ ♠♣♥♦ ⌘⌥⇧ ∀∃∈∉ ≤≥≠ ∑∏∫",
    "a",
    " ",
    "",
)


def texts(specials=()) -> list[str]:
    """The probes for a tokenizer whose specials (their strings) are ``specials``."""
    out = list(LINES)
    specials = list(specials)
    step = max(1, len(specials) // SPECIALS_ALONE)
    for name in specials[::step][:SPECIALS_ALONE]:
        out += [name, f"before{name}after", f"a {name} b", f"{name}{name}", f" {name}\n"]
    out.append(long_text(specials))
    return out


def long_text(specials=()) -> str:
    """:data:`LONG` characters: the lines in a fixed shuffled order, with long
    runs of spaces, newlines, digits, one repeated character and one script
    without spaces between them, and the specials now and then."""
    parts: list[str] = []
    size, k = 0, 0
    runs = (" " * 300, "\n" * 120, "7" * 500, "a" * 1000, "你" * 400, "=" * 250, "\t \n" * 60, "🎉" * 80)
    names = tuple(specials)
    while size < LONG:
        k += 1
        part = LINES[(k * 7) % len(LINES)]
        if k % 13 == 0:
            part = runs[(k // 13) % len(runs)]
        elif names and k % 29 == 0:
            part = names[(k // 29) % len(names)]
        parts.append(part)
        parts.append(" " if k % 5 else "\n")
        size += len(part) + 1
    return "".join(parts)[:LONG]
