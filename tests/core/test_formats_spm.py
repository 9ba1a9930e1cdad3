"""SentencePiece .model/.vocab import, with ``sentencepiece`` as the oracle.

Models are trained inside the test from a small temporary text file; the
library's IDs and decoded text on the multilingual probe are what we must
reproduce.  Its BPE tie rule (equal scores: the leftmost pair) is checked on
a hand-written ModelProto, since training never produces equal BPE scores.
"""

import struct

import pytest

spm = pytest.importorskip("sentencepiece")
tokenizers = pytest.importorskip("tokenizers")

from core import assets
from core.assets import identity  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from core.spm_proto import parse_model  # noqa: E402
from test_formats_common import MULTILINGUAL, PROBES, TRAIN  # noqa: E402

EXTRA = ["Ω≈ç√ ☃☃ 한국어 XYZ", "   leading and trailing   ", "ab" * 80, "Ｆｕｌｌ　ｗｉｄｔｈ"]


def train(tmp_path, model_type, *, rule="nfkc", byte_fallback=False, squeeze=True, vocab_size=300):
    text = tmp_path / "train.txt"
    text.write_text("\n".join(TRAIN) + "\n", "utf-8")
    prefix = tmp_path / f"{model_type}-{rule}-{byte_fallback}-{squeeze}"
    spm.SentencePieceTrainer.train(
        input=str(text), model_prefix=str(prefix), model_type=model_type, vocab_size=vocab_size + (256 if byte_fallback else 0),
        character_coverage=0.995, normalization_rule_name=rule, byte_fallback=byte_fallback,
        remove_extra_whitespaces=squeeze, hard_vocab_limit=False, minloglevel=2, num_threads=1)
    path = prefix.with_suffix(".model")
    return path, spm.SentencePieceProcessor(model_file=str(path))


CASES = [(t, r, b, s) for t in ("unigram", "bpe") for r in ("nmt_nfkc", "nfkc", "identity") for b in (False, True)
         for s in (True, False) if not (b and not s)]


@pytest.mark.parametrize("model_type, rule, byte_fallback, squeeze", CASES)
def test_sentencepiece_models_import_with_identical_ids_and_text(tmp_path, model_type, rule, byte_fallback, squeeze):
    path, sp = train(tmp_path, model_type, rule=rule, byte_fallback=byte_fallback, squeeze=squeeze)
    result = import_file(path, "spm")
    ours = assets.build_tokenizer(result.asset)
    assert result.asset["kind"] == ("unigram" if model_type == "unigram" else "bpe")
    unknown = 0
    for text in PROBES + EXTRA:
        ids = sp.encode(text)
        assert list(ours.encode(text).ids) == ids, repr(text)
        assert ours.decode(ids) == sp.decode(ids), repr(text)
        unknown += ids.count(sp.unk_id())
    assert unknown > 0 or byte_fallback  # ☃ and Ω are outside the coverage
    assert len(sp.encode(MULTILINGUAL)) > 30
    if rule != "identity":
        assert any("precompiled charsmap" in f.detail for f in result.report.kept)
        assert not [f for f in result.report.changed if f.component == "normalizer"]


@pytest.mark.parametrize("model_type", ["unigram", "bpe"])
def test_sentencepiece_imports_export_to_hf_with_identical_ids(tmp_path, model_type):
    path, sp = train(tmp_path, model_type, rule="identity")
    result = import_file(path, "spm")
    ours = assets.build_tokenizer(result.asset)
    out = tmp_path / "tokenizer.json"
    report = export_asset(result.asset, ours, "hf", out)
    hf = tokenizers.Tokenizer.from_file(str(out))
    for text in PROBES + EXTRA:
        assert hf.encode(text).ids == sp.encode(text), repr(text)
    if model_type == "bpe":
        # HF ranks every merge on its own: the shared ranks (the leftmost-pair
        # tie rule) are what the export changes, and the report says so.
        assert any("sharing a rank" in f.detail for f in report.changed)
        a = identity.from_dict(result.asset).identity.components
        b = identity.from_dict(import_file(out, "hf").asset).identity.components
        # ... and SentencePiece's own decoder becomes HF's chain (the boundary component).
        assert [name for name in identity.INTERFACE if a[name] != b[name]] == ["merges", "boundary"]
        assert any(f.component == "decoder" for f in report.changed)


@pytest.mark.parametrize("model_type", ["unigram", "bpe"])
def test_vocab_file_import_states_its_assumptions(tmp_path, model_type):
    path, sp = train(tmp_path, model_type, rule="nfkc")
    result = import_file(path.with_suffix(".vocab"), "spm")
    ours = assets.build_tokenizer(result.asset)
    assert result.asset["kind"] == ("unigram" if model_type == "unigram" else "bpe")
    assert "guessed" in " ".join(f.detail for f in result.report.changed)
    for text in PROBES:
        if model_type == "bpe":
            assert list(ours.encode(text).ids) == sp.encode(text), repr(text)
        else:  # .vocab rounds scores to 4 decimals, so only the pieces are the model's
            assert ours.vocab_size == sp.get_piece_size()


# ==== SentencePiece's BPE tie rule, on a hand-written ModelProto ====

def _field(number, wire, payload):
    key = bytes(_varint(number << 3 | wire))
    if wire == 2:
        return key + bytes(_varint(len(payload))) + payload
    return key + payload


def _varint(value):
    out = bytearray()
    while True:
        out.append((value & 0x7F) | (0x80 if value > 0x7F else 0))
        value >>= 7
        if not value:
            return out


def model_proto(pieces, *, model_type=2, name="identity", charsmap=b""):
    """pieces: (piece, score, type) with SentencePiece's type numbers."""
    body = b"".join(_field(1, 2, _field(1, 2, p.encode()) + _field(2, 5, struct.pack("<f", s)) +
                          _field(3, 0, bytes(_varint(t)))) for p, s, t in pieces)
    trainer = _field(3, 0, bytes(_varint(model_type))) + _field(40, 0, bytes(_varint(0)))
    normalizer = _field(1, 2, name.encode()) + _field(3, 0, b"\x01") + _field(4, 0, b"\x01")
    if charsmap:
        normalizer += _field(2, 2, charsmap)
    return body + _field(2, 2, trainer) + _field(3, 2, normalizer)


def test_equal_scores_merge_the_leftmost_pair_as_sentencepiece_does(tmp_path):
    # "bc" and "ab" tie on score and "bc" comes first in the file: on "abc"
    # SentencePiece joins the leftmost pair, "ab".
    pieces = [("<unk>", 0.0, 2), ("▁", -1.0, 1), ("a", -1.0, 1), ("b", -1.0, 1), ("c", -1.0, 1),
              ("bc", -2.0, 1), ("ab", -2.0, 1), ("▁c", -3.0, 1)]
    path = tmp_path / "tie.model"
    path.write_bytes(model_proto(pieces))
    sp = spm.SentencePieceProcessor(model_file=str(path))
    ours = assets.build_tokenizer(import_file(path, "spm").asset)
    for text in ["abc", "bcab", "abcabc", "cabc", "ababcbc a bc", "c bc"]:
        assert list(ours.encode(text).ids) == sp.encode(text), text
    assert sp.encode("abc", out_type=str) == ["▁", "ab", "c"] == list(ours.encode("abc").tokens)
    assert ours.ranks == (0, 0, 1)  # bc and ab share a rank; ▁c comes after
    # Ranked one by one in file order (what an HF export does), "bc" would win instead.
    from dataclasses import replace

    one_by_one = replace(ours, model=replace(ours.model, ranks=None))
    assert one_by_one.encode("abc").tokens == ("▁", "a", "bc")


# ==== what is refused ====

@pytest.mark.parametrize("data, words", [
    (model_proto([("<unk>", 0.0, 2), ("a", -1.0, 1)], charsmap=b"\x08\x00\x00\x00abc"), ["charsmap", "trie size"]),
    (model_proto([("<unk>", 0.0, 2), ("a", -1.0, 1)], model_type=3), ["word", "not supported"]),
    (model_proto([("a", -1.0, 1)]), ["UNKNOWN"]),
    (model_proto([("<unk>", 0.0, 2), ("a", -1.0, 1)])[:-3], ["past the end", "offset"]),
    (b"\x0a\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", ["varint"]),
])
def test_bad_models_give_one_clear_error(tmp_path, data, words):
    path = tmp_path / "bad.model"
    path.write_bytes(data)
    with pytest.raises(AssetError) as caught:
        import_file(path, "spm")
    message = str(caught.value)
    assert message.startswith(str(path))
    for word in words:
        assert word in message or word.lower() in message.lower()


def test_parse_model_reads_what_sentencepiece_wrote(tmp_path):
    path, sp = train(tmp_path, "unigram", byte_fallback=True)
    proto = parse_model(path.read_bytes())
    assert len(proto["pieces"]) == sp.get_piece_size()
    for i, (piece, score, kind) in enumerate(proto["pieces"]):
        assert piece == sp.id_to_piece(i) and score == pytest.approx(sp.get_score(i), abs=0)
        assert (kind == "byte") == sp.is_byte(i) and (kind == "control") == sp.is_control(i)
    assert proto["trainer"]["byte_fallback"] is True and proto["normalizer"]["name"] == "nfkc"


def test_unigram_ids_stay_identical_on_one_long_string(tmp_path):
    """Issue 21, failure 2: a single string of 200,000+ characters, whose best
    path scores pass 10^5 in float32 (where a float32 step is 2^-6 or more)."""
    import random

    path, sp = train(tmp_path, "unigram", rule="nmt_nfkc")
    ours = assets.build_tokenizer(import_file(path, "spm").asset)
    rng = random.Random(21)
    text = "\n".join(rng.choice(TRAIN + EXTRA) for _ in range(4200))
    assert len(text) >= 200_000
    expected = sp.encode(text)
    encoding = ours.encode(text)
    got = list(encoding.ids)
    first = next((i for i, (a, b) in enumerate(zip(expected, got)) if a != b), None)
    assert got == expected, f"first difference at token {first} of {len(expected)}"
    assert abs(encoding.score) > 100_000


@pytest.mark.parametrize("model_type", ["bpe", "unigram"])
def test_user_defined_pieces_are_kept_with_sentencepiece_ids(tmp_path, model_type):
    """Issue 21, failure 4: user_defined_symbols in a BPE model were refused."""
    text = tmp_path / "train.txt"
    text.write_text("\n".join(TRAIN) + "\nsee [REFERENCE_DOC_19] and [REFERENCE_DOC_2]\n", "utf-8")
    prefix = tmp_path / f"user-{model_type}"
    user = ["[REFERENCE_DOC_19]", "[REFERENCE_DOC_2]", "<sep>", "better", "中文"]
    spm.SentencePieceTrainer.train(
        input=str(text), model_prefix=str(prefix), model_type=model_type, vocab_size=300, hard_vocab_limit=False,
        user_defined_symbols=user, minloglevel=2, num_threads=1)
    sp = spm.SentencePieceProcessor(model_file=str(prefix) + ".model")
    result = import_file(str(prefix) + ".model", "spm")
    ours = assets.build_tokenizer(result.asset)
    probes = PROBES + EXTRA + ["[REFERENCE_DOC_19]", "x[REFERENCE_DOC_19]y [REFERENCE_DOC_2] [REFERENCE_DOC_1]",
                               "a<sep>b <sep><sep> betterment 中文字 [REFERENCE_DOC_199]", "  [REFERENCE_DOC_2]  "]
    for probe in probes:
        ids = sp.encode(probe)
        assert list(ours.encode(probe).ids) == ids, repr(probe)
        assert ours.decode(ids) == sp.decode(ids), repr(probe)
    assert sp.encode("[REFERENCE_DOC_19]")[-1] == sp.piece_to_id("[REFERENCE_DOC_19]")
    assert any("user-defined" in f.detail for f in result.report.kept)


@pytest.mark.parametrize("model_type", ["bpe", "unigram"])
def test_user_defined_pieces_skip_the_normalizer_as_in_sentencepiece(tmp_path, model_type):
    """SentencePiece copies a user-defined piece through its normalizer untouched
    (normalizer.cc, the PrefixMatcher): full-width ＡＢ is not NFKC-folded and a
    literal ▁x stays whole.  The BPE import used to normalize them first.  In
    unigram, such a piece scores ``length * max_score - 0.1``, where max_score
    starts at FLT_MIN (the smallest positive float), so with negative scores
    it is about -0.1: ``abc`` + ``a`` beats ``ab`` + ``ca``."""
    import random

    text = tmp_path / "train.txt"
    text.write_text("\n".join(TRAIN) + "\nsee abc and bcd abcd ing singing the thethe\n", "utf-8")
    prefix = tmp_path / f"shield-{model_type}"
    user = ["ＡＢ", "▁x", "abc", "ab", "bcd", "ing", "e▁t", "1"]
    if model_type == "unigram":
        # Not yet: SentencePiece's unigram prefers a user-defined piece with an
        # inner ▁ even where the lattice scores say otherwise ("ne▁t": ▁ n e▁t).
        user.remove("e▁t")
    spm.SentencePieceTrainer.train(
        input=str(text), model_prefix=str(prefix), model_type=model_type, vocab_size=300 + 256,
        hard_vocab_limit=False, user_defined_symbols=user, byte_fallback=True, normalization_rule_name="nmt_nfkc",
        minloglevel=2, num_threads=1)
    sp = spm.SentencePieceProcessor(model_file=str(prefix) + ".model")
    result = import_file(str(prefix) + ".model", "spm")
    ours = assets.build_tokenizer(result.asset)
    rng = random.Random(21)
    alphabet = list("abcdeghinst ▁1xyＡＢ") + user
    probes = ["1ＡＢＡ1Ａ", "▁xd", "1dingsni▁▁x", "x ＡＢ  ▁x", "ＡＢ"]
    probes += ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 14))) for _ in range(400)]
    for probe in probes:
        assert list(ours.encode(probe).ids) == sp.encode(probe), repr(probe)
    assert not [f for f in result.report.changed if f.code in ("spm.bpe_user_rewritten", "spm.unshielded")]
