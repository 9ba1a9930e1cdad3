"""fastText character n-grams: seed 003's trigrams, fastText's order and hash."""

import numpy as np
import pytest

from core.errors import TokenizerError
from core.inspect.ngrams import DEFAULT_BUCKET, bucket_row, by_length, char_ngrams, fasttext_hash


def texts(ngrams):
    return [g.text for g in ngrams]


def test_seed_003_where_trigrams():
    assert texts(char_ngrams("where", minn=3, maxn=3)) == ["<wh", "whe", "her", "ere", "re>"]


def test_where_3_to_6_grouped_and_in_fasttext_order():
    grams = char_ngrams("where")
    assert by_length(grams) == {
        3: ["<wh", "whe", "her", "ere", "re>"],
        4: ["<whe", "wher", "here", "ere>"],
        5: ["<wher", "where", "here>"],
        6: ["<where", "where>"],
    }
    # fastText emits by start offset, then by length.
    assert texts(grams)[:6] == ["<wh", "<whe", "<wher", "<where", "whe", "wher"]
    assert [(g.start, g.n) for g in grams[:5]] == [(0, 3), (0, 4), (0, 5), (0, 6), (1, 3)]
    # The bracketed word is an n-gram only when it is at most maxn characters.
    assert "<where>" not in texts(grams)
    assert texts(char_ngrams("is")) == ["<is", "<is>", "is>"]


def test_short_words_and_lone_boundaries():
    assert texts(char_ngrams("a")) == ["<a>"]
    # With n = 1 allowed, "<" and ">" alone are still skipped, as in fastText.
    assert texts(char_ngrams("a", minn=1, maxn=3)) == ["<a", "<a>", "a", "a>"]


def test_characters_are_code_points():
    assert texts(char_ngrams("e\u0301", minn=3, maxn=3)) == ["<e\u0301", "e\u0301>"]
    assert texts(char_ngrams("中文", minn=2, maxn=2)) == ["<中", "中文", "文>"]
    assert len(char_ngrams("🙂🙂")) == len(char_ngrams("ab"))


def test_hash_is_fnv1a_for_ascii():
    # Published FNV-1a 32-bit test vectors.
    assert fasttext_hash("") == 0x811C9DC5
    assert fasttext_hash("a") == 0xE40C292C
    assert fasttext_hash("foobar") == 0xBF9CF968


def test_hash_sign_extends_bytes_like_fasttext():
    def reference(text):
        # fastText: h = h ^ uint32_t(int8_t(byte)); h = h * 16777619 (all uint32).
        h = np.uint32(2166136261)
        for byte in np.frombuffer(text.encode("utf-8"), dtype=np.int8):
            h = np.uint32(h ^ np.int64(byte).astype(np.uint32))
            h = np.uint32((int(h) * 16777619) & 0xFFFFFFFF)
        return int(h)

    for text in ["<wh", "é", "中文>", "🙂", "<naïve>"]:
        assert fasttext_hash(text) == reference(text)

    def textbook(text):
        h = 2166136261
        for byte in text.encode("utf-8"):
            h = ((h ^ byte) * 16777619) & 0xFFFFFFFF
        return h

    assert fasttext_hash("é") != textbook("é")
    assert fasttext_hash("abc") == textbook("abc")


def test_bucket_rows():
    assert DEFAULT_BUCKET == 2_000_000
    assert bucket_row("<wh") == fasttext_hash("<wh") % 2_000_000
    assert bucket_row("<wh", nwords=10, bucket=7) == 10 + fasttext_hash("<wh") % 7
    with pytest.raises(TokenizerError, match="bucket must be an integer >= 1"):
        bucket_row("x", bucket=0)


@pytest.mark.parametrize("word, kwargs, message", [
    ("", {}, "non-empty word"),
    ("ab", {"minn": 0}, "minn must be an integer >= 1"),
    ("ab", {"minn": 4, "maxn": 3}, "must not exceed maxn"),
])
def test_bad_requests_are_named(word, kwargs, message):
    with pytest.raises(TokenizerError, match=message):
        char_ngrams(word, **kwargs)
