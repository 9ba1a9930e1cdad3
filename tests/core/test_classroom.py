"""The shipped classroom tokenizer is exactly what its records train to, and
reproduces seed 000's Table 19.3 columns and the prefix effect of §19.4."""

import json

import pytest

from core import assets
from core.assets import classroom
from core.inspect import textinfo
from core.cli.main import main

TABLE_19_3 = [  # text, code points, UTF-8 bytes (= base byte tokens), BPE tokens
    ("red key .", 9, 9, 5),
    ("法国首都是巴黎。", 8, 24, 24),
    ("中", 1, 3, 3),
    ("🙂", 1, 4, 4),
    ("e\u0301", 2, 3, 3),
    ("\u00e9", 1, 2, 2),
    ("Ａ A", 3, 5, 5),
]


def test_retraining_the_records_gives_the_shipped_asset():
    shipped = classroom.default_tokenizer()
    again = classroom.train_default()
    assert again.merges == shipped.merges
    assert shipped.vocab_size == 291 and len(shipped.merges) == 32
    assert shipped.merges[0].new_id == 259 and (shipped.merges[0].left, shipped.merges[0].right) == (58, 32)
    asset = assets.read_asset(classroom.ASSET_PATH)
    assert asset["training_data"] == assets.records_identity(classroom.records())
    assert len(classroom.records()) == 24


@pytest.mark.parametrize("text, code_points, size, tokens", TABLE_19_3)
def test_table_19_3_rows(text, code_points, size, tokens):
    model = classroom.default_tokenizer()
    assert textinfo.counts(model, text) == {
        "code_points": code_points, "utf8_bytes": size, "base_tokens": size, "bpe_tokens": tokens}
    result = model.decode(model.encode(text).ids)
    assert result.text == text and not result.problems


def test_red_key_is_five_tokens_with_spaces_kept():
    model = classroom.default_tokenizer()
    ids = model.encode("red key .").ids
    assert [model.token_bytes(i) for i in ids] == [b"red", b" ", b"key", b" ", b"."]


def test_base_bytes_and_ff():
    model = classroom.default_tokenizer()
    assert list(model.encode("中").ids) == [228, 184, 173]
    assert list(model.encode("🙂").ids) == [240, 159, 153, 130]


def test_prefix_is_not_a_token_prefix():
    model = classroom.default_tokenizer()
    assert list(model.encode(":").ids) == [58]
    assert list(model.encode(": ").ids) == [259]
    report = textinfo.prefix_boundary(model, "key: red")
    assert any(row.prefix == "key:" for row in report.misaligned)


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_encode_text_json(capsys):
    code, out, _ = run(capsys, "encode", classroom.ASSET_PATH, "--text", "red key 中", "--json")
    result = json.loads(out)
    assert code == 0
    assert result["bytes"][:3] == ["72 65 64", "20", "6B 65 79"]
    assert result["ids"][-3:] == [228, 184, 173]
    assert result["char_spans"][-3:] == [[8, 9], [8, 9], [8, 9]] and result["flags"][-1] == "partial"
    assert result["counts"] == {"code_points": 9, "utf8_bytes": 11, "tokens": 7}


def test_cli_decode_ff_strict_raw_replace(capsys):
    code, out, err = run(capsys, "decode", classroom.ASSET_PATH, "255", "--errors", "strict", "--json")
    result = json.loads(out)
    assert code == 1 and result["ok"] is False and result["text"] is None
    assert result["problems"] == [{"kind": "invalid_byte", "offset": 0, "length": 1, "bytes": "FF",
                                   "message": "lone byte 0xFF at offset 0", "token": {"index": 0, "id": 255}}]
    assert "0xFF at offset 0" in err
    code, out, _ = run(capsys, "decode", classroom.ASSET_PATH, "255", "--errors", "raw", "--json")
    assert code == 0 and json.loads(out)["bytes"] == "FF" and json.loads(out)["text"] is None
    code, out, _ = run(capsys, "decode", classroom.ASSET_PATH, "255", "--errors", "replace", "--json")
    result = json.loads(out)
    assert code == 0 and result["text"] == "\ufffd" and result["replaced"] is True


def test_cli_decode_flags_specials_and_unknown_ids(capsys):
    code, out, _ = run(capsys, "decode", classroom.ASSET_PATH, "256", "262", "999", "--errors", "raw", "--json")
    result = json.loads(out)
    assert code == 0
    assert result["specials"] == [{"index": 0, "id": 256, "name": "<BOS>"}]
    assert result["unknown_ids"] == [{"index": 2, "id": 999}]
    code, _, err = run(capsys, "decode", classroom.ASSET_PATH, "262", "999")
    assert code == 1 and "999" in err
