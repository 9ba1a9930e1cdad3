"""Text statistics (seed 000, Table 19.3), prefix effects and normal forms."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from core.inspect import textinfo
from core.models.byte_bpe import train

RECORDS = Path(__file__).resolve().parents[2] / "resources" / "classroom_records.json"


@cache
def classroom():
    return train(json.loads(RECORDS.read_text(encoding="utf-8"))["records"], 32)


# (text, code points, UTF-8 bytes, BPE tokens with classroom-v1)
TABLE_19_3 = [
    ("red key .", 9, 9, 5),
    ("法国首都是巴黎。", 8, 24, 24),
    ("中", 1, 3, 3),
    ("🙂", 1, 4, 4),
    ("e\u0301", 2, 3, 3),
    ("\u00e9", 1, 2, 2),
    ("\uff21 A", 3, 5, 5),
]


@pytest.mark.parametrize("text, points, size, tokens", TABLE_19_3)
def test_table_19_3_counts_and_round_trip(text, points, size, tokens):
    assert textinfo.counts(classroom(), text) == {
        "code_points": points, "utf8_bytes": size, "base_tokens": size, "bpe_tokens": tokens}
    assert classroom().decode(classroom().encode(text).ids).text == text


def test_prefix_that_stops_before_the_space_changes_the_last_token():
    report = textinfo.prefix_boundary(classroom(), "door: 750")
    assert report.full_ids == (279, 290)  # "door", ": 750"
    colon = report.rows[4]
    assert colon.prefix == "door:" and colon.ids == (279, 58) and not colon.aligned
    assert [row.prefix for row in report.rows if row.aligned] == ["door", "door: 750"]
    assert report.rows[2].ids == (264, 111)  # "do" + "o": "doo" is not a token
    assert len(report.misaligned) == 7


def test_normalization_report_shows_what_nfc_and_nfkc_lose():
    combining = {row.form: row for row in textinfo.normalization_report("e\u0301")}
    assert combining["NFC"].code_points == ("U+00E9",) and not combining["NFC"].same_as_input
    assert combining["NFD"].code_points == ("U+0065", "U+0301") and combining["NFD"].same_as_input
    precomposed = {row.form: row for row in textinfo.normalization_report("\u00e9")}
    assert precomposed["NFC"].text == combining["NFC"].text
    assert precomposed["NFC"].same_as_input and not precomposed["NFD"].same_as_input
    wide = {row.form: row for row in textinfo.normalization_report("\uff21 A")}
    assert wide["NFC"].same_as_input and wide["NFKC"].text == "A A" and wide["NFKC"].utf8_bytes == 3
