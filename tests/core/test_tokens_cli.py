"""``main.py encode`` and ``decode`` for every tokenizer kind, through the
one interface: the same JSON fields everywhere, and decoding that names
every byte that is not text (exit 1 under ``--errors strict``)."""

import json

import pytest

pytest.importorskip("tokenizers")
pytest.importorskip("sentencepiece")

from core import assets, tokenizer  # noqa: E402
from core.cli.main import main  # noqa: E402
from core.formats import import_file  # noqa: E402
from core.assets import identity  # noqa: E402
from core.pipeline.text_pipeline import BYTE_CHARS  # noqa: E402
from core.assets.classroom import ASSET_PATH  # noqa: E402
import test_tokenizer_interface as kinds  # noqa: E402

TEXT = kinds.TEXT + " <|endoftext|> " + kinds.UNSEEN
FIELDS = {"text", "kind", "ids", "tokens", "texts", "bytes", "byte_spans", "char_spans", "words", "flags", "counts", "engine"}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def run_bytes(capfdbinary, *argv):
    code = main([str(a) for a in argv])
    out, err = capfdbinary.readouterr()
    return code, out, err.decode("utf-8")


def asset_files(tmp_path) -> dict:
    """One asset file per kind, from the conformance test's trained tokenizers."""
    out = {"classroom-byte-bpe": ASSET_PATH}
    sources = {"hf-byte-level": (kinds.hf_byte_level()[1], "hf", {}),
               "spm-unigram": (kinds.spm_model("unigram")[1], "spm", {}),
               "spm-bpe": (kinds.spm_model("bpe")[1], "spm", {})}
    for name, (path, fmt, options) in sources.items():
        out[name] = tmp_path / f"{name}.json"
        assets.save_asset(out[name], import_file(path, fmt, **options).asset)
    for name, to_asset in (("char-bpe", assets.char_bpe_to_asset), ("our-wordpiece", assets.wordpiece_to_asset),
                           ("our-unigram", assets.unigram_to_asset), ("subword-nmt", assets.bpe_to_asset),
                           ("hf-wordpiece", assets.wordpiece_to_asset), ("hf-unigram", assets.unigram_to_asset)):
        out[name] = tmp_path / f"{name}.json"
        assets.save_asset(out[name], to_asset(kinds.case(name).tok.model))
    return out


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    return asset_files(tmp_path_factory.mktemp("assets"))


NAMES = ["classroom-byte-bpe", "hf-byte-level", "spm-unigram", "spm-bpe", "char-bpe", "our-wordpiece",
         "our-unigram", "subword-nmt", "hf-wordpiece", "hf-unigram"]


@pytest.mark.parametrize("name", NAMES)
def test_encode_json_has_the_same_fields_for_every_kind(name, files, capsys):
    code, out, err = run(capsys, "encode", files[name], "--text", TEXT, "--json")
    assert code == 0, err
    result = json.loads(out)
    assert set(result) == FIELDS
    tok = tokenizer.from_asset(identity.load(files[name]))
    enc = tok.encode(TEXT)
    n = len(result["ids"])
    assert result["ids"] == list(enc.ids) and result["kind"] == tok.kind and result["text"] == TEXT
    assert all(len(result[key]) == n for key in FIELDS - {"text", "kind", "counts", "engine"})
    assert result["bytes"] == [p.hex(" ").upper() for p in enc.pieces]
    assert result["byte_spans"] == [list(s) for s in enc.byte_spans]
    assert result["char_spans"] == [list(s) for s in enc.char_spans]
    assert result["counts"] == {"code_points": len(TEXT), "utf8_bytes": len(TEXT.encode()), "tokens": n}
    # The IDs line is the same IDs.
    code, out, _ = run(capsys, "encode", files[name], "--text", TEXT)
    assert code == 0 and out.split() == [str(i) for i in enc.ids]
    # Decoding them from the command line is the interface's decoding.
    code, out, err = run(capsys, "decode", files[name], *enc.ids, "--errors", "replace")
    assert code == 0 and out == tok.decode(list(enc.ids), errors="replace").text + "\n", err


def test_encode_json_of_a_byte_level_import_shows_each_token_as_bytes(files, capsys):
    # 丐 is in no training text: three byte tokens, each part of one character.
    result = json.loads(run(capsys, "encode", files["hf-byte-level"], "--text", "h丐", "--json")[1])
    assert result["tokens"] == ["h", "ä", "¸", "Ĳ"] and result["texts"] == ["h", "‹E4›", "‹B8›", "‹90›"]
    assert result["bytes"] == ["68", "E4", "B8", "90"] and result["byte_spans"] == [[0, 1], [1, 2], [2, 3], [3, 4]]
    assert result["flags"] == ["", "partial", "partial", "partial"] and result["char_spans"][1:] == [[1, 2]] * 3


def byte_ids(path, *values):
    tok = tokenizer.from_asset(identity.load(path))
    return [kinds.byte_id(tok, v) for v in values]


def test_decode_of_an_imported_byte_level_bpe_names_invalid_utf8_and_exits_1(files, capsys):
    path = files["hf-byte-level"]
    lead, z = byte_ids(path, 0xE4, 0x7A)  # E4 opens a 3-byte character; z is not a continuation byte
    code, out, err = run(capsys, "decode", path, lead, z, "--errors", "strict")
    assert code == 1 and out == "" and err.count("\n") == 1 and err.startswith("error: invalid UTF-8")
    assert "E4 at offset 0" in err and f"in token 0, id {lead}" in err
    code, out, err = run(capsys, "decode", path, lead, z, "--errors", "strict", "--json")
    result = json.loads(out)
    assert code == 1 and result["ok"] is False and result["text"] is None and result["bytes"] == "E4 7A"
    assert result["problems"] == [{"kind": "incomplete", "offset": 0, "length": 1, "bytes": "E4",
                                   "message": "incomplete sequence E4 at offset 0: byte at offset 1 is not a "
                                              "continuation byte (0x80-0xBF)", "token": {"index": 0, "id": lead}}]
    code, out, err = run(capsys, "decode", path, lead, z, "--errors", "replace")
    assert (code, out) == (0, "\ufffdz\n") and err.startswith("warning: invalid UTF-8 shown as U+FFFD") and "E4" in err


def test_decode_raw_writes_the_exact_bytes(files, capfdbinary):
    path = files["hf-byte-level"]
    lead, z = byte_ids(path, 0xE4, 0x7A)
    code, out, err = run_bytes(capfdbinary, "decode", path, lead, z, "--errors", "raw")
    assert (code, out) == (0, b"\xe4z") and "incomplete sequence E4 at offset 0" in err


@pytest.mark.parametrize("name", ["classroom-byte-bpe", "spm-unigram", "spm-bpe"])
def test_decode_names_a_lone_ff_byte_for_every_byte_based_kind(name, files, capsys):
    a, ff = byte_ids(files[name], 0x61, 0xFF)
    code, out, err = run(capsys, "decode", files[name], a, ff, "--errors", "strict")
    assert code == 1 and out == "" and err.count("\n") == 1
    assert "lone byte 0xFF at offset 1" in err and f"in token 1, id {ff}" in err


def test_decode_of_an_unknown_id_exits_1_under_strict_and_is_skipped_otherwise(files, capsys):
    path = files["hf-byte-level"]
    h = byte_ids(path, 0x68)[0]
    code, out, err = run(capsys, "decode", path, h, 999999)
    assert code == 1 and out == "" and err.count("\n") == 1 and "id 999999 at index 1 is not in the vocabulary" in err
    code, out, err = run(capsys, "decode", path, h, 999999, "--errors", "replace", "--json")
    result = json.loads(out)
    assert code == 0 and result["text"] == "h" and result["unknown_ids"] == [{"index": 1, "id": 999999}]


def test_decode_accepts_tokens_and_lists_specials(files, capsys):
    code, out, err = run(capsys, "decode", files["hf-byte-level"], "<|endoftext|>", "h", "<|endoftext|>")
    assert (code, out) == (0, "h\n") and "<|endoftext|> at index 0" in err
    code, out, _ = run(capsys, "decode", files["spm-unigram"], "<s>", *kinds.case("spm-unigram").encode("Hello"),
                       "</s>", "--json")
    result = json.loads(out)
    assert result["text"] == "Hello" and [s["name"] for s in result["specials"]] == ["<s>", "</s>"]
    tokens = kinds.case("char-bpe").tok.encode("Hello  world").tokens  # e.g. Hello</w> world,</w>
    code, out, err = run(capsys, "decode", files["char-bpe"], *tokens)
    assert code == 0 and out == "Hello world\n", err


def test_byte_level_tokens_in_the_vocabulary_spell_gpt2_bytes(files):
    # The helper the tests use finds byte tokens as GPT-2 spells them.
    assert byte_ids(files["hf-byte-level"], 0x20) == [kinds.case("hf-byte-level").tok.token_to_id(BYTE_CHARS[0x20])]


def test_gpt2_vocab_and_merges_import_from_the_command_line(tmp_path, capsys):
    hf, _ = kinds.hf_byte_level()
    vocab, merges = hf.model.save(str(tmp_path))
    asset = tmp_path / "gpt2.json"
    code, out, err = run(capsys, "import", vocab, "--format", "gpt2", "-o", asset)
    assert code == 0 and "merges.txt" in out and "<|endoftext|>" in out, err
    reference = kinds.case("gpt2-files")
    result = json.loads(run(capsys, "encode", asset, "--text", TEXT, "--json")[1])
    assert result["ids"] == reference.encode(TEXT)
    (tmp_path / "merges.txt").rename(tmp_path / "other.txt")
    code, _, err = run(capsys, "import", vocab, "--format", "gpt2", "-o", asset)
    assert code == 2 and "merges.txt" in err and err.count("\n") == 1
    code, _, err = run(capsys, "import", vocab, "--format", "gpt2", "--merges-file", tmp_path / "other.txt",
                       "-o", asset)
    assert code == 0, err
