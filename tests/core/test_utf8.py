"""Strict UTF-8 scanning, checked against Python's own decoder."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import utf8
from core.errors import StudioError
from core.utf8 import Utf8DecodeError, Utf8Problem


def python_bad_offsets(data: bytes) -> set[int]:
    bad = set()

    def record(exc):
        bad.update(range(exc.start, exc.end))
        return "\ufffd", exc.end

    codecs.register_error("test_utf8_record", record)
    data.decode("utf-8", "test_utf8_record")
    return bad


@pytest.mark.parametrize("data, kind, length, message", [
    (b"\xff", "invalid_byte", 1, "lone byte 0xFF at offset 0"),
    (b"\xc0", "invalid_byte", 1, "lone byte 0xC0 at offset 0"),
    (b"\x80", "unexpected_continuation", 1, "continuation byte 0x80 at offset 0 has no lead byte"),
    (b"\xe4\xb8", "truncated", 2, "truncated sequence E4 B8 at offset 0: a 3-byte character"),
    (b"\xe4\xb8A", "incomplete", 2, "byte at offset 2 is not a continuation byte"),
    (b"\xe0\x80\x80", "overlong", 3, "overlong encoding E0 80 80 at offset 0: U+0000"),
    (b"\xf0\x80\x80", "overlong", 3, "sequence also cut short"),
    (b"\xed\xa0\x80", "surrogate", 3, "surrogate U+D800 encoded as ED A0 80"),
    (b"\xf4\x90\x80\x80", "out_of_range", 4, "encodes U+110000, beyond U+10FFFF"),
])
def test_each_problem_kind(data, kind, length, message):
    (problem,) = utf8.scan(data)
    assert (problem.kind, problem.offset, problem.length) == (kind, 0, length)
    assert problem.data == data[:length]
    assert message in problem.describe()


def test_every_problem_is_listed_with_its_offset():
    problems = utf8.scan(b"ok\xff\xfe\xe4\xb8")
    assert [(p.kind, p.offset) for p in problems] == [("invalid_byte", 2), ("invalid_byte", 3), ("truncated", 4)]
    assert utf8.scan("中🙂".encode()) == ()


def test_decode_policies():
    assert utf8.decode("中".encode()) == ("中", ())
    with pytest.raises(Utf8DecodeError) as info:
        utf8.decode(b"a\xffb\xfe")
    err = info.value
    assert str(err) == "invalid UTF-8: lone byte 0xFF at offset 1 (and 1 more problems)"
    assert isinstance(err, UnicodeDecodeError) and isinstance(err, StudioError)
    assert (err.start, err.end) == (1, 2) and len(err.problems) == 2
    text, problems = utf8.decode(b"a\xff", errors="replace")
    assert text == "a\ufffd" and problems == (Utf8Problem("invalid_byte", 1, 1, b"\xff"),)
    assert utf8.decode(b"a\xff", errors="raw") == (None, problems)
    with pytest.raises(StudioError, match="strict, raw, replace"):
        utf8.decode(b"", errors="ignore")


def test_byte_roles_and_boundaries():
    assert utf8.byte_roles("a中".encode()) == [
        (0, 0x61, "ascii"), (1, 0xE4, "lead"), (2, 0xB8, "continuation"), (3, 0xAD, "continuation")]
    assert [role for _, _, role in utf8.byte_roles(b"\xe4\xb8A")] == ["invalid", "invalid", "ascii"]
    assert utf8.char_boundaries("a中🙂".encode()) == (0, 1, 4, 8)
    assert utf8.char_boundaries(b"\xe4\xb8A") == (0, 2, 3)


# Bytes near the interesting ranges, so that hypothesis builds every kind.
TRICKY = st.sampled_from([0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2,
                          0xDF, 0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF])
any_bytes = st.binary() | st.lists(TRICKY, max_size=12).map(bytes)


@settings(max_examples=1000)
@given(any_bytes)
def test_scan_agrees_with_python(data):
    problems = utf8.scan(data)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        assert problems and problems[0].offset == exc.start
    else:
        assert problems == ()
    covered = {o for p in problems for o in range(p.offset, p.offset + p.length)}
    assert covered == python_bad_offsets(data)
    assert all(p.data == data[p.offset:p.offset + p.length] and p.describe() for p in problems)
    roles = utf8.byte_roles(data)
    assert [o for o, _, role in roles if role == "invalid"] == sorted(covered)
    assert [b for _, b, _ in roles] == list(data)
