"""Pipeline stages and their alignment, against HF ``tokenizers`` offsets
and SentencePiece byte offsets, plus the seeds' cases by hand."""

import functools
import tempfile
from pathlib import Path

import pytest

tokenizers = pytest.importorskip("tokenizers")

from core import assets
from core.workspace import workspace  # noqa: E402
from core.assets import classroom
from core.formats import import_file  # noqa: E402
from core.spm_proto import fields  # noqa: E402
from core.tokenizer.stage_kinds import inspect  # noqa: E402
from test_formats_common import PROBES  # noqa: E402
from test_formats_hf import (BPE_PIPELINES, EXTRA, byte_fallback_tokenizer, save, train_bpe_pipeline,  # noqa: E402
                             train_byte_level, train_unigram, train_wordpiece)

HARD = ["ﬁne ﬂow", "Ａ Ｂ１２", "e\u0301 cafe\u0301", "中文🙂 👨\u200d👩\u200d👧", "a \t\n  b", "Ⅻ ㎏ ﬀ"]


def imported(path, fmt="hf", **options):
    result = import_file(path, fmt, **options)
    return result.asset["kind"], assets.build_tokenizer(result.asset)


def model_pieces(kind, tok, text, **options):
    return inspect(tok, kind, text, **options).stage("model").pieces


def hf_span(piece, text):
    """HF aligns an inserted character (Metaspace's ▁, ByteLevel's prefix
    space) with the character after it; ours keeps an empty span."""
    a, b = piece.chars
    return (a, min(a + 1, len(text))) if piece.kind == "inserted" and piece.text != "" else (a, b)


def assert_offsets_like_hf(kind, ours, hf, texts, *, within=False):
    """Equal offsets; with ``within``, HF's span lies inside ours: HF's
    Replace aligns the replacement with the last replaced character only,
    and its NFKC aligns ``e`` + U+0301 composed to ``é`` with the ``e``
    only; ours covers every character a piece came from."""
    for text in texts:
        expected = hf.encode(text)
        pieces = model_pieces(kind, ours, text)
        assert [p.id for p in pieces] == expected.ids, repr(text)
        got = [hf_span(p, text) for p in pieces]
        if within:
            assert all(a <= c and d <= b for (a, b), (c, d) in zip(got, expected.offsets)), repr(text)
        else:
            assert got == expected.offsets, repr(text)
        data = text.encode("utf-8")
        for p in pieces:  # a byte span is inside the characters it names
            assert len(text[:p.chars[0]].encode()) <= p.bytes[0] <= p.bytes[1] <= len(text[:p.chars[1]].encode())
            assert p.bytes[1] <= len(data)


def test_byte_level_bpe_offsets_equal_hf(tmp_path):
    hf = train_byte_level()
    kind, ours = imported(save(hf, tmp_path))
    assert_offsets_like_hf(kind, ours, hf, PROBES + EXTRA + HARD)
    # A token holding one byte of 中 points at exactly that byte.
    pieces = model_pieces(kind, ours, "丐")
    assert [(p.bytes, p.kind) for p in pieces] == [((0, 1), "partial"), ((1, 2), "partial"), ((2, 3), "partial")]


@pytest.mark.parametrize("name", BPE_PIPELINES)
def test_bpe_pipeline_offsets_equal_hf(name, tmp_path):
    hf = train_bpe_pipeline(name)
    c = BPE_PIPELINES[name]
    kind, ours = imported(save(hf, tmp_path))
    assert_offsets_like_hf(kind, ours, hf, PROBES + HARD, within="norm" in c and "Replace" in repr(c["norm"]))


def test_byte_fallback_and_added_token_offsets_equal_hf(tmp_path):
    hf = byte_fallback_tokenizer()
    kind, ours = imported(save(hf, tmp_path))
    assert_offsets_like_hf(kind, ours, hf, ["ab abc 中文 🙂", "a<s>b c", "<s>", *PROBES])
    pieces = model_pieces(kind, ours, "文")
    assert [(p.text, p.bytes, p.kind) for p in pieces] == [
        ("▁", (0, 0), "inserted"), ("<0xE6>", (0, 1), "byte"), ("<0x96>", (1, 2), "byte"), ("<0x87>", (2, 3), "byte")]


def test_wordpiece_with_bert_normalizer_offsets_equal_hf(tmp_path):
    hf = train_wordpiece()
    kind, ours = imported(save(hf, tmp_path))
    assert kind == "wordpiece"
    assert_offsets_like_hf(kind, ours, hf, PROBES + ["Café naïve ﬁne", "x" * 150, "Ω≈ç√ ☃ 한국어"])


def test_metaspace_unigram_offsets_equal_hf(tmp_path):
    hf = train_unigram()
    kind, ours = imported(save(hf, tmp_path))
    assert kind == "unigram"
    # HF's Metaspace adds no ▁ before a leading space (documented): skip those.
    texts = [t for t in PROBES + HARD if not t[:1].isspace()]
    assert_offsets_like_hf(kind, ours, hf, texts, within=True)
    assert_offsets_like_hf(kind, ours, hf, [t for t in texts if "\u0301" not in t and "\u0308" not in t])


# ==== SentencePiece: byte offsets of its proto pieces (begin, end) ====

def spm_offsets(data):
    """``(id, (begin, end))`` per piece of a SentencePieceText (read without protobuf)."""
    out = []
    for number, _, value in fields(data, "SentencePieceText"):
        if number == 2:  # SentencePiece: 2 id, 4 begin, 5 end (byte offsets)
            piece = {n: v for n, _, v in fields(value, "SentencePiece")}
            out.append((piece.get(2, 0), (piece.get(4, 0), piece.get(5, 0))))
    return out


@pytest.mark.parametrize("model_type, byte_fallback", [("unigram", False), ("unigram", True), ("bpe", True)])
def test_sentencepiece_byte_offsets_equal_spm(tmp_path, model_type, byte_fallback):
    pytest.importorskip("sentencepiece")
    from test_formats_spm import train as train_spm

    path, sp = train_spm(tmp_path, model_type, byte_fallback=byte_fallback)
    kind, ours = imported(path, "spm")
    for text in PROBES + HARD + ["Ω≈ç√ ☃ 한국어"]:
        expected = spm_offsets(sp.encode(text, return_type="serialized_proto"))
        pieces = model_pieces(kind, ours, text)
        assert [p.id for p in pieces] == [i for i, _ in expected], repr(text)
        starts = [len(text[:c].encode()) for c in range(len(text) + 1)]
        for piece, (_, (begin, end)) in zip(pieces, expected):
            # spm gives a character to the piece holding its end (the
            # others get less or nothing); we give each byte piece its own
            # byte and each piece of an expansion (ﬁ -> ▁f, i) all of ﬁ.
            # So spm's span lies within the characters our piece touches.
            assert starts[piece.chars[0]] <= begin <= end <= starts[piece.chars[1]], (repr(text), piece, begin, end)
        if not any(p.kind == "byte" for p in pieces) and text not in HARD:
            assert [p.bytes for p in pieces] == [span for _, span in expected], repr(text)


# ==== by hand: normalizer expansions, ▁, verdicts ====

def nfkc_bpe():
    from core.tokenizer.imported_bpe import ImportedBPE

    chars = sorted(set("fine Aé▁abcdflow"))
    return ImportedBPE.build(tuple((c, i) for i, c in enumerate(chars)), (), normalizer={"type": "nfkc"},
                    pre_tokenizer={"type": "whitespace"}, unk=None)


def test_normalizer_pieces_name_every_change_with_exact_spans():
    text = "ﬁne Ａ e\u0301"  # ﬁ 3 bytes, Ａ 3 bytes, e + U+0301 (2 bytes): 8 characters, 13 bytes
    stage = inspect(nfkc_bpe(), "bpe", text).stage("normalize")
    assert stage.output == "fine A é"
    assert [(p.text, p.chars, p.bytes, p.kind) for p in stage.pieces] == [
        ("fi", (0, 1), (0, 3), "changed"), ("ne ", (1, 4), (3, 6), ""), ("A", (4, 5), (6, 9), "changed"),
        (" ", (5, 6), (9, 10), ""), ("é", (6, 8), (10, 13), "changed")]
    model = inspect(nfkc_bpe(), "bpe", text).stage("model")
    assert [(p.text, p.chars) for p in model.pieces][:2] == [("f", (0, 1)), ("i", (0, 1))]


def test_dummy_prefix_and_space_runs_are_inserted_and_changed_pieces():
    from core.models import unigram

    model = unigram.from_pieces([("<unk>", 0.0, "unknown"), ("▁a", -1.0), ("▁b", -1.0), ("▁", -2.0), ("a", -3.0),
                                 ("b", -3.0)])
    found = inspect(model, "unigram", "a   b ")
    prefix = found.stage("prefix")
    assert prefix.output == "▁a▁b"
    assert [(p.text, p.chars, p.kind) for p in prefix.pieces] == [
        ("▁", (0, 0), "inserted"), ("a", (0, 1), ""), ("▁", (1, 4), "changed"), ("b", (4, 5), ""),
        ("", (5, 6), "removed")]
    assert [(p.text, p.chars) for p in found.stage("model").pieces] == [("▁a", (0, 1)), ("▁b", (1, 5))]
    assert found.verdict.kind == "normalized" and found.stage("decode").output == "a b"
    assert [(d.chars, d.original, d.decoded) for d in found.verdict.differences] == [
        ((2, 4), "  ", ""), ((5, 6), " ", "")]


def test_verdicts_input_normalized_lossy():
    model = classroom.default_tokenizer()
    for text in HARD + PROBES:
        assert inspect(model, "byte-bpe", text).verdict.kind == "input"
    lossy = inspect(nfkc_bpe(), "bpe", "ﬁne  Ａ")
    # No decoder: tokens joined by spaces, as HF does.
    assert lossy.verdict.kind == "lossy" and lossy.stage("decode").output == "f i n e A"
    ws = workspace.Workspace.example()
    found = inspect(ws.model, "char-bpe", "low  lower")
    assert found.verdict.kind == "normalized"
    assert [(d.chars, d.original, d.decoded) for d in found.verdict.differences] == [((4, 5), " ", "")]


def test_post_processing_template_adds_specials_with_empty_spans():
    model = classroom.default_tokenizer()
    found = inspect(model, "byte-bpe", "red", template="<BOS> $A <EOS>")
    post = found.stage("post_process")
    assert [(p.text, p.id, p.bytes, p.kind) for p in post.pieces] == [
        ("<BOS>", 256, (0, 0), "special"), ("red", 270, (0, 3), ""), ("<EOS>", 257, (3, 3), "special")]
    assert found.stage("decode").output == "red"
    from core.errors import TokenizerError

    for bad, word in (("<BOS>", "$A"), ("$A <NOPE>", "<NOPE>"), ("$A $A", "$A")):
        with pytest.raises(TokenizerError, match=__import__("re").escape(word)):
            inspect(model, "byte-bpe", "red", template=bad)


def test_wordpiece_stages_follow_bert():
    from core.models import wordpiece
    from core.pipeline.bert_basic import BasicTokenizer

    model = wordpiece.WordPiece(("[UNK]", "hello", ",", "wor", "##ld", "中"), basic=BasicTokenizer())
    found = inspect(model, "wordpiece", "Héllo,\tWORLD中!")
    names = [s.name for s in found.stages]
    assert names == ["input", "clean_text", "chinese_chars", "whitespace_split", "lowercase", "strip_accents",
                     "punctuation_split", "model", "post_process", "decode"]
    assert [(p.text, p.chars, p.kind) for p in found.stage("model").pieces] == [
        ("hello", (0, 5), ""), (",", (5, 6), ""), ("wor", (7, 10), ""), ("##ld", (10, 12), ""), ("中", (12, 13), ""),
        ("[UNK]", (13, 14), "unknown")]
    assert found.verdict.kind == "lossy" and found.stage("decode").output == "hello , world 中 [UNK]"


# ==== properties ====

from hypothesis import given, settings, strategies as st  # noqa: E402

ALPHABET = st.sampled_from(list("ab ﬁＡ中🙂\u0301\t\n") + ["e\u0301", "  "])


@settings(max_examples=60, deadline=None)
@given(st.lists(ALPHABET, max_size=12).map("".join))
def test_text_pieces_tile_the_original_and_tokens_cover_their_bytes(text):
    found = inspect(nfkc_bpe(), "bpe", text)
    size = len(text.encode())
    for stage in found.stages[:2]:
        covered = [p.bytes for p in stage.pieces if p.kind != "inserted"]
        assert [a for a, _ in covered] == [0, *[b for _, b in covered]][:len(covered)]
        assert (covered[-1][1] if covered else 0) == size
    model = classroom.default_tokenizer()
    pieces = inspect(model, "byte-bpe", text).stage("model").pieces
    data = text.encode()
    assert b"".join(model.token_bytes(p.id) for p in pieces) == data
    assert all(model.token_bytes(p.id) == data[p.bytes[0]:p.bytes[1]] for p in pieces)
    # An imported byte-level BPE: each token spells exactly the bytes it points at.
    kind, hf_model = hf_byte_level()
    for p in inspect(hf_model, kind, text).stage("model").pieces:
        assert hf_model.token_bytes(p.id) == data[p.bytes[0]:p.bytes[1]], (text, p)
    # Pieces stay in input order in every stage (SpanIndex bisects on it).
    small_unigram = __import__("core.models.unigram", fromlist=["x"]).from_pieces(
        [("<unk>", 0.0, "unknown"), ("▁", -2.0), ("a", -1.0), ("b", -1.0)])
    for kind, model in (hf_byte_level(), ("bpe", nfkc_bpe()), ("byte-bpe", classroom.default_tokenizer()),
                        ("unigram", small_unigram)):
        for stage in inspect(model, kind, text).stages:
            starts, ends = [p.bytes[0] for p in stage.pieces], [p.bytes[1] for p in stage.pieces]
            assert starts == sorted(starts) and ends == sorted(ends), (kind, stage.name, text)


@functools.cache
def hf_byte_level():
    return imported(save(train_byte_level(), Path(tempfile.mkdtemp())))


def test_span_index_finds_the_pieces_of_every_stage_behind_a_selection():
    from core.tokenizer.stages import SpanIndex

    found = inspect(nfkc_bpe(), "bpe", "ﬁne Ａ e\u0301")
    index = SpanIndex(found)
    names = [s.name for s in found.stages]
    model = names.index("model")
    # The token "i" came from ﬁ (bytes 0-3): in the input that is ﬁ, in the
    # normalizer "fi", in the model both "f" and "i".
    i_piece = found.stages[model].pieces[1]
    assert (i_piece.text, i_piece.bytes) == ("i", (0, 3))
    hits = {name: [found.stages[k].pieces[j].text for j in index.overlapping(k, *i_piece.bytes)]
            for k, name in enumerate(names)}
    assert hits["input"] == ["ﬁne Ａ e\u0301"] and hits["normalize"] == ["fi"] and hits["model"] == ["f", "i"]
    assert hits["pre_tokenize"] == ["fine"]
    # An empty span: the pieces at that point.
    uni = inspect(__import__("core.models.unigram", fromlist=["x"]).from_pieces(
        [("<unk>", 0.0, "unknown"), ("▁a", -1.0), ("▁", -2.0), ("a", -3.0)]), "unigram", "a a")
    prefix = [s.name for s in uni.stages].index("prefix")
    assert [uni.stages[prefix].pieces[j].text for j in SpanIndex(uni).overlapping(prefix, 0, 0)] == ["▁", "a"]


ODD = ["", " ", "\t\n", "\u0301", "\U0010FFFF", "a\x00b", "ﬃ" * 3, "\ufeffx", "Ω≈ç√ ☃", "x" * 300]


def own_ids(kind, model, text):
    if kind == "char-bpe":
        return tuple(i for w in text.split() for i in model.encode_word(w).ids)
    return tuple(model.encode(text).ids)


def test_every_kind_shows_the_ids_its_own_encode_gives_on_odd_inputs():
    from core.models import unigram, wordpiece
    from core.pipeline.bert_basic import BasicTokenizer

    models = [("byte-bpe", classroom.default_tokenizer()), ("char-bpe", workspace.Workspace.example().model),
              hf_byte_level(), ("bpe", nfkc_bpe()),
              ("wordpiece", wordpiece.WordPiece(("[UNK]", "a", "b", "##b", "x", "##x"), basic=BasicTokenizer())),
              ("unigram", unigram.from_pieces([("<unk>", 0.0, "unknown"), ("▁", -2.0), ("a", -1.0), ("x", -1.0)]))]
    for kind, model in models:
        for text in ODD + HARD:
            found = inspect(model, kind, text)
            assert found.stage("model").ids == own_ids(kind, model, text), (kind, text)
            size = len(text.encode("utf-8"))
            assert all(0 <= p.bytes[0] <= p.bytes[1] <= size for s in found.stages for p in s.pieces), (kind, text)


def test_metaspace_and_byte_level_show_their_marks_before_the_split(tmp_path):
    kind, meta = imported(save(train_bpe_pipeline("metaspace-fused-unk"), tmp_path))
    found = inspect(meta, kind, "a  b")
    assert [s.name for s in found.stages][:4] == ["input", "normalize", "prefix", "pre_tokenize"]
    prefix = found.stage("prefix")
    assert prefix.output == "▁a▁▁b"
    assert [(p.text, p.chars, p.kind) for p in prefix.pieces] == [
        ("▁", (0, 0), "inserted"), ("a", (0, 1), ""), ("▁", (1, 2), "changed"), ("▁", (2, 3), "changed"),
        ("b", (3, 4), "")]
    assert [p.text for p in found.stage("pre_tokenize").pieces] == ["▁a", "▁", "▁b"]
    kind, level = hf_byte_level()
    found = inspect(level, kind, "a 中")
    stage = found.stage("byte_level")
    assert stage.output == "aĠä¸Ń"
    assert [(p.text, p.bytes, p.kind) for p in stage.pieces] == [
        ("a", (0, 1), ""), ("Ġ", (1, 2), "changed"), ("ä", (2, 3), "changed"), ("¸", (3, 4), "changed"),
        ("Ń", (4, 5), "changed")]
