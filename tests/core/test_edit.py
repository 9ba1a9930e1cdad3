"""``edit``: vocabulary surgery that keeps IDs (issue 40), each result loaded
by the real library (tiktoken, tokenizers) and compared ID for ID."""

import base64
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core import assets
from core.assets import classroom
from core.cli.main import main
from core.edit import EditError, EditRequest, edit, parse_reserve
from core.formats import builtin, export_asset, import_file
from core.models import byte_bpe
from test_formats_common import MULTILINGUAL, PROBES

tiktoken = pytest.importorskip("tiktoken")
tokenizers = pytest.importorskip("tokenizers")

NEW = (" Subword", " tokenizers")
SPECIAL = "<|im_start|>"
USES_NEW = "A Subword tokenizers study<|im_start|>: Subword, tokenizers and <|im_start|> again"
NO_THE = "Beautiful is better than ugly. 分词器把文本切成片段。 naïve café 🙂 1234 words"


@pytest.fixture(scope="module")
def r50k():
    return builtin.load("r50k_base")


@pytest.fixture(scope="module")
def r50k_added(r50k):
    return edit(*r50k, EditRequest(add=NEW, add_special=(SPECIAL,)))


@pytest.fixture(scope="module")
def r50k_no_the(r50k):
    return edit(*r50k, EditRequest(remove=(" the",)))


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def tiktoken_of(path):
    """tiktoken's own Encoding over an exported rank file and its side file."""
    ranks = {}
    for line in path.read_text("ascii").splitlines():
        token, rank = line.split()
        ranks[base64.b64decode(token)] = int(rank)
    side = json.loads((path.parent / (path.name + ".json")).read_text("utf-8"))
    return tiktoken.Encoding("edited", pat_str=side["pat_str"], mergeable_ranks=ranks,
                             special_tokens=side["special_tokens"])


def export_tiktoken(result, tmp_path):
    out = tmp_path / "edited.tiktoken"
    export_asset(result.asset, result.tokenizer, "tiktoken", out)
    return tiktoken_of(out)


# ==== r50k_base (tiktoken ranks) ====

def test_r50k_add_keeps_ids_and_tiktoken_agrees(r50k, r50k_added, tmp_path):
    _, old = r50k
    new = r50k_added.tokenizer
    assert [(t["id"], t["token"], t["special"]) for t in r50k_added.new_tokens] == [
        (50257, "ĠSubword", False), (50258, "Ġtokenizers", False), (50259, SPECIAL, True)]
    assert all(t.get("reachable", True) for t in r50k_added.new_tokens)
    for text in PROBES:
        assert new.encode_ids(text) == old.encode_ids(text), repr(text)
    enc = export_tiktoken(r50k_added, tmp_path)
    ids = new.encode_ids(USES_NEW)
    assert {50257, 50258, 50259} <= set(ids)
    assert enc.encode(USES_NEW, allowed_special={SPECIAL}) == ids
    assert enc.encode(MULTILINGUAL) == old.encode_ids(MULTILINGUAL)
    assert r50k_added.id_map() == {
        "old_size": 50257, "new_size": 50260, "old_to_new": list(range(50257)),
        "new_tokens": [{"id": 50257, "token": "ĠSubword", "init_from": old.encode_ids(" Subword")},
                       {"id": 50258, "token": "Ġtokenizers", "init_from": old.encode_ids(" tokenizers")},
                       {"id": 50259, "token": SPECIAL, "init_from": old.encode_ids(SPECIAL)}]}


def test_r50k_remove_the(r50k, r50k_no_the, tmp_path):
    _, old = r50k
    result = r50k_no_the
    the = old.id_of("Ġthe")
    assert result.old_to_new[the] is None
    assert sum(i is None for i in result.old_to_new) == 1
    assert [(r["id"], r["why"]) for r in result.removed] == [(the, "asked")]
    new = result.tokenizer
    for text in [NO_THE, *PROBES]:
        if " the" not in text:
            assert new.encode_ids(text) == old.encode_ids(text), repr(text)
    # tokens built through " the" that nothing else builds: listed, and each holds " the"
    lost = {u["token"] for u in result.unreachable}
    assert "Ġtheir" in lost and "Ġtheory" in lost
    assert all(t.startswith("Ġthe") for t in lost)
    assert all(u["id"] == old.id_of(u["token"]) for u in result.unreachable)
    # tiktoken on the written ranks gives our IDs on text that uses " the" and its neighbours
    text = "the theory of their themes: the theft, the theatre, them, these. " + MULTILINGUAL
    ids = new.encode_ids(text)
    assert the not in ids
    assert export_tiktoken(result, tmp_path).encode(text) == ids
    assert new.decode(ids) == text


def test_r50k_remove_unreachable_and_compact(r50k, r50k_no_the, tmp_path):
    _, old = r50k
    result = edit(*r50k, EditRequest(remove=(" the",), remove_unreachable=True, compact=True))
    gone = {r["token"] for r in result.removed}
    assert gone == {"Ġthe"} | {u["token"] for u in r50k_no_the.unreachable}
    assert result.unreachable == []
    kept = [i for i in result.old_to_new if i is not None]
    assert kept == list(range(len(kept))) and result.new_size == len(kept)
    text = "the theory of their themes, these " + NO_THE
    enc = export_tiktoken(result, tmp_path)
    ids = result.tokenizer.encode_ids(text)
    assert enc.encode(text) == ids
    remap = result.keep_array()
    for text in (NO_THE, "Explicit is better than implicit."):
        assert result.tokenizer.encode_ids(text) == remap[old.encode_ids(text)].tolist()


def test_r50k_reserve_renames_a_special_in_place(r50k, tmp_path):
    result = edit(*r50k, EditRequest(reserve=(("<|endoftext|>", "<|eot|>"),)))
    assert result.renamed == [{"id": 50256, "old": "<|endoftext|>", "new": "<|eot|>"}]
    assert result.old_to_new == list(range(50257)) and result.new_tokens == []
    enc = export_tiktoken(result, tmp_path)
    assert enc.encode("a<|eot|>b", allowed_special="all") == result.tokenizer.encode_ids("a<|eot|>b")
    assert 50256 in result.tokenizer.encode_ids("a<|eot|>b")


def test_a_token_split_by_the_pattern_is_added_but_said_unreachable(r50k):
    result = edit(*r50k, EditRequest(add=("hello world",)))
    (entry,) = result.new_tokens
    assert entry["reachable"] is False and "pre-token" in entry["why"]


# ==== a merge-list BPE (tokenizer.json) ====

@pytest.fixture(scope="module")
def hf_bpe(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hf")
    model = byte_bpe.train(classroom.records() * 3, 80, pretokenizer="gpt2")
    export_asset(assets.byte_bpe_to_asset(model), model, "hf", folder / "tokenizer.json")
    imported = import_file(folder / "tokenizer.json", "hf")
    return imported.asset, imported.tokenizer


def hf_of(result, tmp_path):
    out = tmp_path / "edited.json"
    export_asset(result.asset, result.tokenizer, "hf", out)
    return tokenizers.Tokenizer.from_file(str(out))


def test_hf_bpe_add_remove_and_tokenizers_agree(hf_bpe, tmp_path):
    asset, old = hf_bpe
    specials = {a.content for a in old.added}
    merged = sorted((t for t, i in old.vocab if len(t) > 2 and t not in specials), key=old.id_of)
    victim = merged[0]
    request = EditRequest(add=(" lowestness", "zzq"), add_special=("<sep>",), remove=(victim,))
    result = edit(asset, old, request)
    hf = hf_of(result, tmp_path)
    texts = PROBES + ["the lowest lowestness zzq<sep> newer" + MULTILINGUAL, " ".join(classroom.records())]
    for text in texts:
        assert hf.encode(text, add_special_tokens=False).ids == result.tokenizer.encode_ids(text), repr(text)
    for entry in result.new_tokens:
        if not entry["special"]:
            assert result.tokenizer.encode_ids(entry["text"]) == [entry["id"]]
    helpers = [t for t in result.new_tokens if t.get("helper_for")]
    assert all(t["id"] < result.new_tokens[-1]["id"] for t in helpers)
    assert result.old_to_new[old.id_of(victim)] is None
    # a text that holds neither the removed token nor a new one (helpers included) keeps its IDs
    unchanged = 0
    for text in PROBES + list(classroom.records()):
        if not any(victim in p for p in old.pre_tokens(text)) and \
                not any(t["text"] in text for t in result.new_tokens):
            assert result.tokenizer.encode_ids(text) == old.encode_ids(text), repr(text)
            unchanged += 1
    assert unchanged > 5


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_removing_any_tokens_keeps_the_ids_of_texts_that_never_use_them(hf_bpe, data):
    """Whatever is removed, a text none of whose pre-tokens holds a removed
    token's spelling encodes to the same IDs, and every old ID maps to itself
    or to null."""
    asset, old = hf_bpe
    specials = {a.content for a in old.added}
    merged = sorted(t for t, _ in old.vocab if len(t) > 1 and t not in specials)
    victims = data.draw(st.lists(st.sampled_from(merged), min_size=1, max_size=4, unique=True))
    result = edit(asset, old, EditRequest(remove=tuple(victims)))
    assert all(m in (None, i) for i, m in enumerate(result.old_to_new))
    gone = set(victims) | {u["token"] for u in result.unreachable}
    for text in PROBES + list(classroom.records()):
        if not any(v in p for v in victims for p in old.pre_tokens(text)):
            assert result.tokenizer.encode_ids(text) == old.encode_ids(text)
        assert not set(result.tokenizer.encode_ids(text)) & {old.id_of(v) for v in victims}
    assert gone.isdisjoint({t for t, _ in old.vocab if len(t) == 1})


# ==== WordPiece (bert-base-uncased vocab.txt) ====

def bert_of(path):
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    tok = Tokenizer(models.WordPiece.from_file(str(path), unk_token="[UNK]", max_input_chars_per_word=100))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    return tok


def test_bert_add_reserve_remove_and_tokenizers_agree(tmp_path):
    asset, old = builtin.load("bert-base-uncased")
    result = edit(asset, old, EditRequest(add=("subwordy", "##izerz"), add_special=("<tool>",),
                                          reserve=(("[unused7]", "<think>"),), remove=("##ing",)))
    assert [(t["id"], t["token"]) for t in result.new_tokens] == [(30522, "subwordy"), (30523, "##izerz"),
                                                                   (30524, "<tool>")]
    assert result.renamed == [{"id": 8, "old": "[unused7]", "new": "<think>"}]
    ing = old.ids["##ing"]
    assert result.old_to_new[ing] is None and result.placeholders == [{"id": ing, "token": f"[removed{ing}]"}]
    new = result.tokenizer
    for text in PROBES:
        assert new.encode_ids(text) == old.encode_ids(text), repr(text)
    out = tmp_path / "vocab.txt"
    export_asset(result.asset, new, "bert-vocab", out)
    hf = bert_of(out)
    hf.add_special_tokens(["<tool>", "<think>", "[CLS]", "[SEP]", "[MASK]", "[PAD]"])
    text = "Subwordy tokenizerz running<tool>walking <think> " + MULTILINGUAL
    ids = new.encode_ids(text)
    assert {30522, 30524, 8} <= set(ids) and ing not in ids
    assert hf.encode(text, add_special_tokens=False).ids == ids
    compact = edit(asset, old, EditRequest(remove=("##ing",), compact=True))
    assert compact.new_size == 30521 and compact.old_to_new[ing + 1] == ing


# ==== the command line ====

def test_cli_writes_the_export_and_both_maps(capsys, tmp_path):
    out, id_map, npy = tmp_path / "out.tiktoken", tmp_path / "map.json", tmp_path / "map.npy"
    code, stdout, err = run(capsys, "edit", "r50k_base", "-o", out, "--add", " Subword", "--add-special", SPECIAL,
                            "--id-map", id_map, "--id-map-npy", npy, "--json")
    assert code == 0, err
    report = json.loads(stdout)
    assert report["format"] == "tiktoken" and report["new_size"] == 50259
    written = json.loads(id_map.read_text("utf-8"))
    assert list(written) == ["old_size", "new_size", "old_to_new", "new_tokens"]
    assert written["old_to_new"] == list(range(50257))
    assert [list(t) for t in written["new_tokens"]] == [["id", "token", "init_from"]] * 2
    array = np.load(npy, allow_pickle=False)
    assert array.dtype == np.int64 and array.tolist() == list(range(50257))
    enc = tiktoken_of(out)
    assert enc.encode("x Subword" + SPECIAL, allowed_special="all") == [87, 50257, 50258]


def test_cli_remove_prints_the_unreachable(capsys, tmp_path):
    npy = tmp_path / "map.npy"
    code, stdout, err = run(capsys, "edit", "r50k_base", "-o", tmp_path / "o.tiktoken", "--remove", " the",
                            "--id-map-npy", npy)
    assert code == 0, err
    assert "removed 262 ' the' (asked)" in stdout
    assert "unreachable 511 ' their'" in stdout
    assert np.load(npy)[262] == -1


def test_parse_reserve():
    assert parse_reserve("a=b") == ("a", "b")
    assert parse_reserve("==x") == ("=", "x")
    for bad in ("ab", "=b", "a=", "="):
        with pytest.raises(EditError):
            parse_reserve(bad)


@pytest.mark.parametrize("options, message", [
    (["--remove", " thezzzq"], "--remove ' thezzzq': no such token in this vocabulary"),
    (["--add", " the"], "--add ' the': is already a token (ID 262)"),
    (["--add-special", "<|endoftext|>"], "--add-special '<|endoftext|>': is already a token (ID 50256)"),
    (["--reserve", "<|endoftext|>"], "--reserve '<|endoftext|>': expected OLD=NEW"),
    (["--reserve", "nosuchtokenzzq=<x>"], "--reserve 'nosuchtokenzzq': no such token in this vocabulary"),
    (["--reserve", "<|endoftext|>= the"], "' the' is already a token (ID 262)"),
    (["--remove", "a"], "'a' is a base byte"),
    ([], "edit: nothing to do"),
])
def test_bad_input_is_one_line_exit_2_nothing_written(capsys, tmp_path, options, message):
    out = tmp_path / "o.tiktoken"
    code, stdout, err = run(capsys, "edit", "r50k_base", "-o", out, "--id-map", tmp_path / "m.json", *options)
    assert code == 2 and stdout == ""
    assert err.count("\n") == 1 and message in err, err
    assert list(tmp_path.iterdir()) == []


def test_an_output_or_id_map_that_is_an_input_is_refused(capsys, tmp_path):
    asset, model = builtin.load("bert-base-uncased")
    path = tmp_path / "bert.json"
    assets.save_asset(path, asset)
    tokens = tmp_path / "add.txt"
    tokens.write_text("subwordy\n", "utf-8")
    before = {p: p.read_bytes() for p in tmp_path.iterdir()}
    for options in (["-o", path], ["-o", tmp_path / "v.txt", "--id-map", path],
                    ["-o", tmp_path / "v.txt", "--id-map-npy", tokens, "--add-file", tokens],
                    ["-o", tmp_path / "v.txt", "--id-map", tmp_path / "v.txt"]):
        code, stdout, err = run(capsys, "edit", path, "--add", "zzq", "--format", "bert-vocab", *options)
        assert code == 2 and err.count("\n") == 1, err
        assert "is also an input" in err or "named as two outputs" in err, err
        assert {p: p.read_bytes() for p in tmp_path.iterdir()} == before


# ==== SentencePiece BPE (Mistral's .model) ====

spm = pytest.importorskip("sentencepiece")


@pytest.fixture(scope="module")
def mistral():
    return builtin.load("mistral-v3-bpe")


def spm_of(result, tmp_path):
    out = tmp_path / "edited.model"
    report = export_asset(result.asset, result.tokenizer, "spm", out)
    assert report.exact, report.lines()
    return spm.SentencePieceProcessor(model_file=str(out))


def test_mistral_add_keeps_ids_and_sentencepiece_agrees(mistral, tmp_path):
    asset, old = mistral
    result = edit(asset, old, EditRequest(add=(" Subword", " tokenizerz"), add_special=("<tool>",)))
    assert [(t["token"], t["special"], bool(t.get("helper_for"))) for t in result.new_tokens] == [
        ("▁Subword", False, False), ("▁tokenizer", False, True), ("▁tokenizerz", False, False),
        ("<tool>", True, False)]
    assert [t["id"] for t in result.new_tokens] == [32768, 32769, 32770, 32771]
    assert result.old_to_new == list(range(32768))
    sp = spm_of(result, tmp_path)
    for text in PROBES:
        assert result.tokenizer.encode_ids(text) == old.encode_ids(text) == sp.encode(text), repr(text)
    text = "A Subword tokenizerz study<tool>x, Subwords<tool>" + MULTILINGUAL
    ids = result.tokenizer.encode_ids(text)
    assert {32768, 32770, 32771} <= set(ids)
    assert sp.encode(text) == ids


def test_mistral_remove_keeps_a_placeholder_and_reserve_renames(mistral, tmp_path):
    asset, old = mistral
    the = old.id_of("▁the")
    result = edit(asset, old, EditRequest(remove=(" the",), reserve=(("[control_12]", "<tool>"),), holes=False))
    assert result.old_to_new[the] is None and result.placeholders == [{"id": the, "token": f"<removed_{the}>"}]
    assert result.new_size == 32768
    assert {"▁their", "▁theory"} <= {u["token"] for u in result.unreachable}
    assert result.renamed == [{"id": old.id_of("[control_12]"), "old": "[control_12]", "new": "<tool>"}]
    sp = spm_of(result, tmp_path)
    assert sp.id_to_piece(the) == f"<removed_{the}>" and sp.is_control(the)
    for text in PROBES + ["the theory of their themes <tool> x " + MULTILINGUAL]:
        ids = result.tokenizer.encode_ids(text)
        assert sp.encode(text) == ids and the not in ids, repr(text)
        if " the" not in text and "<tool>" not in text:
            assert ids == old.encode_ids(text)


# ==== --shrink-to ====

def test_r50k_shrink_to_2000_round_trips_and_follows_the_map(r50k, tmp_path):
    asset, old = r50k
    corpus = tuple(PROBES + list(classroom.records()))
    result = edit(asset, old, EditRequest(shrink_to=2000, corpus=corpus, compact=True))
    new = result.tokenizer
    assert result.new_size == new.vocab_size == 2000 and result.unreachable == []
    old_ids = dict(old.vocab)
    assert all(result.old_to_new[old_ids[t]] == i for t, i in new.vocab)  # every kept token where the map says
    assert all(result.old_to_new[b] == b for b in range(256))  # r50k ranks the 256 bytes first
    enc = export_tiktoken(result, tmp_path)
    for text in [*corpus, MULTILINGUAL + "\x00\x7f ￿ 𝔘𝔫𝔦"]:
        ids = new.encode_ids(text)
        assert new.decode(ids) == text and enc.encode(text) == ids and max(ids, default=0) < 2000
    used = {i for text in corpus for i in old.encode_ids(text)}
    assert len(used) < 2000 and all(result.old_to_new[i] is not None for i in used)
    for text in corpus:  # a corpus text uses only kept tokens: the same tokens, renumbered by the map
        assert new.encode_ids(text) == [result.old_to_new[i] for i in old.encode_ids(text)]


def test_shrink_below_the_bytes_is_refused(capsys, tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("some text\n", "utf-8")
    code, stdout, err = run(capsys, "edit", "r50k_base", "-o", tmp_path / "o.tiktoken", "--shrink-to", "200",
                            "--corpus", corpus)
    assert code == 2 and "--shrink-to 200: is below the 256 base symbols" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.txt"]
