"""``edit``, continued (issue 40): --continue-on for BPE, Unigram models,
--shrink-to for WordPiece, padding and post-processor IDs, and what
``diff`` names.  Each result is loaded by the real library (tiktoken,
tokenizers, sentencepiece) and compared ID for ID."""

import json
import random

import pytest

from core import assets
from core.assets import classroom
from core.cli.main import main
from core.edit import EditError, EditRequest, edit
from core.formats import builtin, export_asset, import_file
from core.formats.common import as_bpe
from core.formats.report import Report
from core.models import byte_bpe
from core.tokenizer.post import add_special_ids
from test_edit import bert_of, tiktoken_of
from test_formats_common import MULTILINGUAL, PROBES

tiktoken = pytest.importorskip("tiktoken")
tokenizers = pytest.importorskip("tokenizers")
spm = pytest.importorskip("sentencepiece")

# A new domain for --continue-on: Chinese terms and code identifiers, which
# r50k_base cuts into bytes and short pieces.
TERMS = "分词器 词表 手术 片段 文本 模型 训练 合并 编码 解码 字节 标记 语料 频率 数据 嵌入".split()
IDENTS = "tokenize_ids encode_batch vocab_size merge_rank byte_pairs embed_rows".split()
OLD_TEXTS = [*PROBES, *classroom.records(), "The theory of their themes: the theft, the theatre."]


def new_corpus(lines: int = 60) -> tuple[str, ...]:
    rng = random.Random(40)
    return tuple(" ".join(rng.choice(TERMS) + rng.choice(TERMS) for _ in range(8)) + " " + rng.choice(IDENTS)
                 for _ in range(lines))


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def unfold(result, ids):
    """New IDs written out as the old IDs each new token joins (its init_from)."""
    learned = {t["id"]: t["init_from"] for t in result.new_tokens}
    return [j for i in ids for j in learned.get(i, [i])]


# ==== --continue-on ====

@pytest.fixture(scope="module")
def r50k():
    return builtin.load("r50k_base")


@pytest.fixture(scope="module")
def r50k_grown(r50k):
    return edit(*r50k, EditRequest(continue_on=new_corpus(), merges=200))


def test_continue_on_r50k_200_merges_keeps_every_old_id(r50k, r50k_grown, tmp_path):
    _, old = r50k
    result, new = r50k_grown, r50k_grown.tokenizer
    assert [t["id"] for t in result.new_tokens] == list(range(50257, 50457))
    assert result.old_to_new == list(range(50257)) and result.removed == []
    assert dict(old.vocab).items() <= dict(new.vocab).items()
    # Old text: where the new domain does not occur, the very same IDs; everywhere, the new tokens
    # unfold into exactly the old IDs (they only join what the old model gave).
    unchanged = 0
    for text in OLD_TEXTS:
        ids = new.encode_ids(text)
        assert unfold(result, ids) == old.encode_ids(text), repr(text)
        if not any("\u4e00" <= c <= "\u9fff" for c in text):
            assert ids == old.encode_ids(text), repr(text)
            unchanged += 1
    assert unchanged >= 8
    # The new merges shorten the new corpus a lot.
    corpus = new_corpus()
    before = sum(len(old.encode_ids(t)) for t in corpus)
    after = sum(len(new.encode_ids(t)) for t in corpus)
    assert after < before / 3
    assert f"the corpus takes {after:,} tokens instead of {before:,}" in result.notes[0]
    # tiktoken on the written ranks: every old rank as it was, rank = ID for the new ones, our IDs.
    out = tmp_path / "grown.tiktoken"
    export_asset(result.asset, new, "tiktoken", out)
    lines = out.read_text("ascii").splitlines()
    assert [int(line.split()[1]) for line in lines] == list(range(50256)) + list(range(50257, 50457))
    enc = tiktoken_of(out)
    assert enc.max_token_value == 50456
    for text in [*corpus[:10], *OLD_TEXTS]:
        assert enc.encode(text, allowed_special="all") == new.encode_ids(text), repr(text)


@pytest.mark.parametrize("first, more", [(10, 60), (40, 200)])
def test_continuing_on_the_training_corpus_is_training_longer(first, more):
    """Our trainer, N merges, then --continue-on the same corpus for M more:
    exactly the merges and IDs of training N + M at once (the same trainer,
    tie rule and counting; records without "<", which the trained model's
    specials would cut where training reads bytes)."""
    records = [r for r in classroom.records() if "<" not in r] * 3
    short = byte_bpe.train(records, first, pretokenizer="gpt2")
    long = byte_bpe.train(records, first + more, pretokenizer="gpt2")
    short_asset, long_asset = assets.byte_bpe_to_asset(short), assets.byte_bpe_to_asset(long)
    result = edit(short_asset, assets.build_tokenizer(short_asset), EditRequest(continue_on=tuple(records),
                                                                                merges=more))
    target = as_bpe(long_asset, assets.build_tokenizer(long_asset), Report("export", "bpe", ""))
    assert len(long.merges) > first + 10  # the corpus did not run out at once
    assert result.tokenizer.merges == target.merges
    assert dict(result.tokenizer.vocab) == dict(target.vocab)


def test_continue_on_a_tokenizer_json_bpe_appends_merges_and_tokenizers_agrees(tmp_path):
    model = byte_bpe.train(classroom.records() * 3, 80, pretokenizer="gpt2")
    export_asset(assets.byte_bpe_to_asset(model), model, "hf", tmp_path / "tokenizer.json")
    imported = import_file(tmp_path / "tokenizer.json", "hf")
    old = imported.tokenizer
    result = edit(imported.asset, old, EditRequest(continue_on=new_corpus(20), merges=40))
    new = result.tokenizer
    assert len(new.merges) == len(old.merges) + 40 and new.merges[:len(old.merges)] == old.merges
    assert [t["id"] for t in result.new_tokens] == list(range(result.old_size, result.old_size + 40))
    out = tmp_path / "grown.json"
    export_asset(result.asset, new, "hf", out)
    hf = tokenizers.Tokenizer.from_file(str(out))
    for text in [*new_corpus(20), *OLD_TEXTS]:
        ids = new.encode_ids(text)
        assert hf.encode(text, add_special_tokens=False).ids == ids, repr(text)
        assert unfold(result, ids) == old.encode_ids(text), repr(text)


def test_continue_on_mistral_sentencepiece_agrees(tmp_path):
    asset, old = builtin.load("mistral-v3-bpe")
    result = edit(asset, old, EditRequest(continue_on=new_corpus(20), merges=30, add_special=("<tool>",)))
    assert [t["id"] for t in result.new_tokens][-1] == 32768 + 30
    out = tmp_path / "grown.model"
    assert export_asset(result.asset, result.tokenizer, "spm", out).exact
    sp = spm.SentencePieceProcessor(model_file=str(out))
    for text in [*new_corpus(20), *OLD_TEXTS, "分词器<tool>词表"]:
        assert sp.encode(text) == result.tokenizer.encode_ids(text), repr(text)


def test_continue_on_needs_a_bpe_and_both_options():
    bert = builtin.load("bert-base-uncased")
    with pytest.raises(EditError, match="--continue-on: learns further BPE merges; a wordpiece tokenizer"):
        edit(*bert, EditRequest(continue_on=("some text",), merges=5))
    with pytest.raises(EditError, match="--merges N: is read with --continue-on"):
        EditRequest(merges=5)
    with pytest.raises(EditError, match="give --merges N too"):
        EditRequest(continue_on=("x y",))


# ==== Unigram (SentencePiece .model, HF tokenizer.json) ====

@pytest.fixture(scope="module")
def botchan():
    return builtin.load("spm-botchan-unigram")


USES_NEW = "A Subword tokenizerz study<tool>x, the Subwords <think> " + MULTILINGUAL


def test_unigram_add_remove_reserve_and_sentencepiece_agrees(botchan, tmp_path):
    asset, old = botchan
    style = old.ids["▁style"]
    result = edit(asset, old, EditRequest(add=(" Subword", " tokenizerz"), add_special=("<tool>",),
                                          remove=(" the",), reserve=(("▁style", "<think>"),)))
    the = old.ids["▁the"]
    assert [(t["id"], t["token"], t["special"]) for t in result.new_tokens] == [
        (1000, "▁Subword", False), (1001, "▁tokenizerz", False), (1002, "<tool>", True)]
    assert result.old_to_new[the] is None and sum(i is None for i in result.old_to_new) == 1
    assert result.placeholders == [{"id": the, "token": f"<removed_{the}>"}]
    assert result.renamed == [{"id": style, "old": "▁style", "new": "<think>"}]
    new = result.tokenizer
    # a text without the edited tokens keeps its IDs
    for text in OLD_TEXTS:
        if not any(w in text.lower() for w in ("the", "style", "subword", "tokenizerz", "<tool>", "<think>")):
            assert new.encode_ids(text) == old.encode_ids(text), repr(text)
    # each new piece is reached by its own text
    for entry in result.new_tokens[:2]:
        assert new.encode_ids(entry["text"].strip()) == [entry["id"]]
    assert new.encode_ids("<tool>") == [old.ids["▁"], 1002]  # the dummy prefix, then the special
    out = tmp_path / "edited.model"
    assert export_asset(result.asset, new, "spm", out).exact
    sp = spm.SentencePieceProcessor(model_file=str(out))
    assert sp.id_to_piece(the) == f"<removed_{the}>" and sp.is_control(the)
    ids = new.encode_ids(USES_NEW)
    assert {1000, 1001, 1002, style} <= set(ids) and the not in ids
    for text in [USES_NEW, *OLD_TEXTS]:
        assert sp.encode(text) == new.encode_ids(text), repr(text)


def test_unigram_shrink_compact_and_a_tokenizer_json_agrees(botchan, tmp_path):
    export_asset(*botchan, "hf", tmp_path / "tokenizer.json")
    imported = import_file(tmp_path / "tokenizer.json", "hf")
    asset, old = imported.asset, imported.tokenizer
    corpus = tuple(classroom.records())
    result = edit(asset, old, EditRequest(shrink_to=300, corpus=corpus, compact=True, add=(" Subword",),
                                          add_special=("<tool>",)))
    new = result.tokenizer
    assert result.new_size == new.vocab_size == 302 and result.placeholders == []
    kept = [i for i in result.old_to_new if i is not None]
    assert kept == list(range(300))
    for text in corpus:  # every piece a corpus text used is kept: the same pieces, renumbered
        assert new.encode_ids(text) == [result.old_to_new[i] for i in old.encode_ids(text)]
    out = tmp_path / "edited.json"
    export_asset(result.asset, new, "hf", out)
    hf = tokenizers.Tokenizer.from_file(str(out))
    for text in [USES_NEW, *OLD_TEXTS]:
        assert hf.encode(text, add_special_tokens=False).ids == new.encode_ids(text), repr(text)
    with pytest.raises(EditError, match="--shrink-to 10: is below the"):
        edit(asset, old, EditRequest(shrink_to=10, corpus=corpus))


@pytest.mark.parametrize("request_args, message", [
    ({"remove": ("zzqq",)}, "--remove 'zzqq': no such token in this vocabulary"),
    ({"add": (" the",)}, "--add ' the': is already a token"),
    ({"remove": ("<unk>",)}, "is the unknown piece"),
    ({"remove": ("e",)}, "is a base character"),
    ({"reserve": (("<s>", " the"),)}, "' the' is already a token"),
])
def test_unigram_bad_requests(botchan, request_args, message):
    with pytest.raises(EditError, match=message):
        edit(*botchan, EditRequest(**request_args))


# ==== --shrink-to for WordPiece ====

def test_bert_shrink_to_keeps_the_base_characters_and_tokenizers_agrees(tmp_path):
    asset, old = builtin.load("bert-base-uncased")
    corpus = tuple(PROBES + list(classroom.records()))
    result = edit(asset, old, EditRequest(shrink_to=3000, corpus=corpus, compact=True))
    new = result.tokenizer
    assert result.new_size == len(new.vocab) == 3000
    for token in ("[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]", "a", "##a", "分", "##9"):
        assert token in new.ids, token
    for text in corpus:
        assert new.encode_ids(text) == [result.old_to_new[i] for i in old.encode_ids(text)], repr(text)
    out = tmp_path / "vocab.txt"
    export_asset(result.asset, new, "bert-vocab", out)
    hf = bert_of(out)
    for text in [*corpus, "Unseen words: tokenization, embeddings, 9876"]:
        assert hf.encode(text, add_special_tokens=False).ids == new.encode_ids(text), repr(text)
    with pytest.raises(EditError, match="--shrink-to 500: is below the 1999 single characters"):
        edit(asset, old, EditRequest(shrink_to=500, corpus=corpus))


# ==== padding and post-processor IDs ====

@pytest.fixture
def bert_json(tmp_path):
    """bert-base-uncased as a tokenizer.json with a BertProcessing post-processor and padding by [MASK]."""
    export_asset(*builtin.load("bert-base-uncased"), "hf", tmp_path / "tokenizer.json")
    spec = json.loads((tmp_path / "tokenizer.json").read_text("utf-8"))
    assert spec["post_processor"]["cls"] == ["[CLS]", 101]
    spec["padding"] = {"strategy": "BatchLongest", "direction": "Right", "pad_to_multiple_of": None, "pad_id": 103,
                       "pad_type_id": 0, "pad_token": "[MASK]"}
    (tmp_path / "tokenizer.json").write_text(json.dumps(spec), "utf-8")
    return tmp_path / "tokenizer.json"


def test_compact_rewrites_the_post_processor_and_padding_ids(capsys, bert_json, tmp_path):
    out = tmp_path / "out" / "tokenizer.json"
    out.parent.mkdir()
    code, stdout, err = run(capsys, "edit", bert_json, "-o", out, "--remove", "[unused5]", "--compact",
                            "--add-special", "<tool>")
    assert code == 0, err
    spec = json.loads(out.read_text("utf-8"))
    assert spec["padding"]["pad_id"] == 102 and spec["padding"]["pad_token"] == "[MASK]"
    assert spec["post_processor"]["cls"] == ["[CLS]", 100] and spec["post_processor"]["sep"] == ["[SEP]", 101]
    hf = tokenizers.Tokenizer.from_file(str(out))
    imported = import_file(out, "hf")
    texts = ["Explicit is better than implicit.", "short<tool>"]
    for text in texts:
        ours = add_special_ids(imported.tokenizer.encode_ids(text), imported.tokenizer.post_processor)
        assert hf.encode(text).ids == ours and ours[0] == 100 and ours[-1] == 101
    padded = hf.encode_batch(texts)
    assert padded[1].ids[-1] == 102 and len(padded[0].ids) == len(padded[1].ids)


def test_reserve_renames_the_pad_token_and_removing_it_is_refused(capsys, bert_json, tmp_path):
    spec = json.loads(bert_json.read_text("utf-8"))
    spec["padding"].update(pad_token="[PAD]", pad_id=0)
    bert_json.write_text(json.dumps(spec), "utf-8")
    out = tmp_path / "renamed.json"
    code, _, err = run(capsys, "edit", bert_json, "-o", out, "--reserve", "[PAD]=<pad>", "--reserve",
                       "[CLS]=<cls>")
    assert code == 0, err
    written = json.loads(out.read_text("utf-8"))
    assert written["padding"]["pad_token"] == "<pad>" and written["padding"]["pad_id"] == 0
    assert written["post_processor"]["cls"] == ["<cls>", 101]
    assert tokenizers.Tokenizer.from_file(str(out)).encode("a b").ids[0] == 101
    before = sorted(p.name for p in tmp_path.iterdir())
    code, stdout, err = run(capsys, "edit", bert_json, "-o", tmp_path / "gone.json", "--remove", "[PAD]")
    assert code == 2 and stdout == "" and err.count("\n") == 1
    assert "'[PAD]' is the padding token of this tokenizer.json" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


# ==== the command line ====

@pytest.mark.parametrize("options, message", [
    (["--merges", "5"], "--merges N: is read with --continue-on CORPUS"),
    (["--continue-on", "CORPUS"], "--continue-on: give --merges N too"),
    (["--continue-on", "CORPUS", "--merges", "0"], "--merges: "),
])
def test_bad_continue_on_options_exit_2_nothing_written(capsys, tmp_path, options, message):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("分词器 词表\n", "utf-8")
    options = [str(corpus) if o == "CORPUS" else o for o in options]
    code, stdout, err = run(capsys, "edit", "r50k_base", "-o", tmp_path / "o.tiktoken", *options)
    assert code == 2 and stdout == "" and err.count("\n") == 1 and message in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus.txt"]


@pytest.mark.parametrize("asset, out, options, message", [
    ("spm-botchan-unigram", "o.model", ["--remove", "zzqq"], "--remove 'zzqq': no such token in this vocabulary"),
    ("spm-botchan-unigram", "o.model", ["--add", " the"], "--add ' the': is already a token (ID 7)"),
    ("spm-botchan-unigram", "o.model", ["--continue-on", "CORPUS", "--merges", "3"],
     "a unigram tokenizer has none"),
    ("bert-base-uncased", "vocab.txt", ["--shrink-to", "100", "--corpus", "CORPUS"],
     "--shrink-to 100: is below the 1999 single characters"),
    ("bert-base-uncased", "vocab.txt", ["--remove", "[CLS]"], "the post-processor adds this token"),
])
def test_bad_input_for_other_kinds_is_one_line_exit_2_nothing_written(capsys, tmp_path, asset, out, options,
                                                                     message):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("some words\n", "utf-8")
    options = [str(corpus) if o == "CORPUS" else o for o in options]
    code, stdout, err = run(capsys, "edit", asset, "-o", tmp_path / out, "--id-map", tmp_path / "m.json", *options)
    assert code == 2 and stdout == "" and err.count("\n") == 1 and message in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus.txt"]


def test_continue_on_a_wordpiece_is_refused(capsys, tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("some words\n", "utf-8")
    code, stdout, err = run(capsys, "edit", "bert-base-uncased", "-o", tmp_path / "vocab.txt", "--continue-on",
                            corpus, "--merges", "5")
    assert code == 2 and "a wordpiece tokenizer has none" in err and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus.txt"]


def test_cli_continue_on_writes_tiktoken_ranks(capsys, tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("\n".join(new_corpus(20)) + "\n", "utf-8")
    out, id_map = tmp_path / "grown.tiktoken", tmp_path / "map.json"
    code, stdout, err = run(capsys, "edit", "r50k_base", "-o", out, "--continue-on", corpus, "--merges", "20",
                            "--id-map", id_map)
    assert code == 0, err
    assert "new 20 tokens by --continue-on, IDs 50257-50276" in stdout
    written = json.loads(id_map.read_text("utf-8"))
    assert written["new_size"] == 50277 and [t["id"] for t in written["new_tokens"]] == list(range(50257, 50277))
    assert tiktoken_of(out).max_token_value == 50276


def test_diff_names_every_change_an_edit_makes(capsys, tmp_path):
    edited = tmp_path / "edited.json"
    code, _, err = run(capsys, "edit", "bert-base-uncased", "-o", edited, "--format", "asset", "--add", "subwordy",
                       "--reserve", "[unused7]=<think>", "--remove", "##ing")
    assert code == 0, err
    code, stdout, err = run(capsys, "diff", "bert-base-uncased", edited, "--no-behaviour")
    assert code == 1, err  # they differ
    line = next(l for l in stdout.splitlines() if l.startswith("- vocabulary differs"))
    assert "only in B: '<think>', '[removed2075]', 'subwordy'" in line
    assert "only in A: '[unused7]', '##ing'" in line
    assert "renamed in place: 8 '[unused7]' -> '<think>', 2075 '##ing' -> '[removed2075]'" in line
    compact = tmp_path / "compact.json"
    run(capsys, "edit", "r50k_base", "-o", compact, "--format", "asset", "--remove", " the", "--compact")
    code, stdout, err = run(capsys, "diff", "r50k_base", compact, "--no-behaviour")
    assert "only in A: 'Ġthe'; renumbered: 'er' 263 -> 262" in stdout
    assert "merges differ from rank 7: ['Ġt', 'he'] vs ['e', 'r']; only in A: 'Ġt' + 'he'" in stdout
