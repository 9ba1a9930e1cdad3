"""tokenizer.json import and export, with HF ``tokenizers`` as the oracle.

Every model is trained inside the test on the shared text; the library's own
IDs on the multilingual probe are what we must reproduce, and a file we
write must give the library the same IDs as our asset.
"""

import json

import pytest

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import AddedToken, Regex, Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers  # noqa: E402,E501

from core import assets
from core.models import byte_bpe, unigram, wordpiece
from core.assets import identity  # noqa: E402
from core.pipeline.bert_basic import BasicTokenizer  # noqa: E402
from core.corpus import WordCorpus  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from core.tokenizer import wrap  # noqa: E402
from core.pipeline.normalize import Pipeline  # noqa: E402
from test_formats_common import MULTILINGUAL, PROBES, TRAIN  # noqa: E402

EXTRA = ["<|endoftext|>hello<|endoftext|>", " leading space", "x" * 150, "Ω≈ç√ ☃ 한국어"]


def train_byte_level(vocab_size=400):
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(TRAIN, trainers.BpeTrainer(
        vocab_size=vocab_size, special_tokens=["<|endoftext|>"], initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False))
    return tok


def save(tok, tmp_path, name="tokenizer.json"):
    path = tmp_path / name
    tok.save(str(path))
    return path


def imported(path):
    result = import_file(path, "hf")
    return result, assets.build_tokenizer(result.asset)


def interface(asset):
    return identity.from_dict(asset).identity.interface_sha256


def assert_same_ids(ours, theirs, texts, decode=True):
    for text in texts:
        expected = theirs.encode(text).ids
        assert list(ours.encode(text).ids) == expected, repr(text)
        if decode:
            assert ours.decode(expected) == theirs.decode(expected, skip_special_tokens=False), repr(text)


# ==== BPE with ByteLevel ====

def test_byte_level_bpe_imports_with_identical_ids(tmp_path):
    tok = train_byte_level()
    result, ours = imported(save(tok, tmp_path))
    assert result.asset["kind"] == "bpe" and result.report.exact
    assert_same_ids(ours, tok, PROBES + EXTRA)
    enc = ours.encode(MULTILINGUAL)
    assert len(enc.ids) > 40 and not enc.unknown and not enc.dropped
    # The special is cut out of the text before the model runs, as in HF.
    assert ours.encode("a<|endoftext|>b").ids[1] == tok.token_to_id("<|endoftext|>")


def test_both_merge_spellings_give_the_same_asset(tmp_path):
    path = save(train_byte_level(), tmp_path)
    spec = json.loads(path.read_text("utf-8"))
    assert isinstance(spec["model"]["merges"][0], list)
    spec["model"]["merges"] = [" ".join(m) for m in spec["model"]["merges"]]  # tokenizers < 0.20
    legacy = tmp_path / "legacy.json"
    legacy.write_text(json.dumps(spec, ensure_ascii=False), "utf-8")
    assert Tokenizer.from_file(str(legacy)).encode(MULTILINGUAL).ids == Tokenizer.from_file(str(path)).encode(MULTILINGUAL).ids
    assert interface(import_file(legacy, "hf").asset) == interface(import_file(path, "hf").asset)


def test_exported_bpe_loads_in_hf_with_identical_ids_and_round_trips(tmp_path):
    tok = train_byte_level()
    result, ours = imported(save(tok, tmp_path))
    out = tmp_path / "ours.json"
    report = export_asset(result.asset, ours, "hf", out)
    assert report.exact
    back = Tokenizer.from_file(str(out))
    for text in PROBES + EXTRA:
        assert back.encode(text).ids == tok.encode(text).ids, repr(text)
    again = import_file(out, "hf")
    assert interface(again.asset) == interface(result.asset)
    # Provenance differs (another file), so the full identity does.
    assert identity.from_dict(again.asset).identity.full_sha256 != identity.from_dict(result.asset).identity.full_sha256


def test_limit_uses_only_the_first_k_merges_like_a_truncated_merge_list(tmp_path):
    tok = train_byte_level()
    result, ours = imported(save(tok, tmp_path))
    spec = json.loads(tok.to_str())
    for k in (0, 1, 17, 100):
        spec["model"]["merges"] = json.loads(tok.to_str())["model"]["merges"][:k]
        short = Tokenizer.from_str(json.dumps(spec))
        for text in PROBES:
            assert list(ours.encode(text, limit=k).ids) == short.encode(text).ids, (k, text)
    assert ours.encode(MULTILINGUAL, limit=10 ** 6).ids == ours.encode(MULTILINGUAL).ids


def test_our_byte_bpe_exports_to_hf_with_identical_ids(tmp_path):
    for pretokenizer in ("none", "gpt2", "cl100k"):
        model = byte_bpe.train(TRAIN, 120, pretokenizer=pretokenizer)
        out = tmp_path / f"{pretokenizer}.json"
        report = export_asset(assets.byte_bpe_to_asset(model), model, "hf", out)
        assert [f.component for f in report.changed] == ["specials"]  # the one documented difference
        back = Tokenizer.from_file(str(out))
        for text in PROBES + ["x" * 300]:
            assert back.encode(text).ids == list(model.encode(text).ids), (pretokenizer, text)
        # ... which is that HF matches a special's text; the byte-level asset reads it as bytes.
        assert back.encode("<BOS>").ids == [256] and list(model.encode("<BOS>").ids) == list(b"<BOS>")


# ==== BPE with other pipelines ====

BPE_PIPELINES = {
    "whitespace-suffix": dict(pre=pre_tokenizers.WhitespaceSplit(), unk="<unk>", suffix="</w>", dec=decoders.BPEDecoder()),
    "bert-prefix": dict(norm=normalizers.Sequence([normalizers.NFD(), normalizers.StripAccents(), normalizers.Lowercase()]),
                        pre=pre_tokenizers.BertPreTokenizer(), unk="[UNK]", prefix="##", dec=decoders.WordPiece()),
    "metaspace-fused-unk": dict(pre=pre_tokenizers.Metaspace(), unk="<unk>", fuse=True, dec=decoders.Metaspace()),
    "split-digits-punct": dict(
        norm=normalizers.Sequence([normalizers.Strip(), normalizers.Replace(Regex(r"\s+"), " "), normalizers.NFKC()]),
        pre=pre_tokenizers.Sequence([pre_tokenizers.Split(Regex(r"\s+"), "merged_with_next"),
                                     pre_tokenizers.Digits(individual_digits=True), pre_tokenizers.Punctuation()]),
        unk="<unk>"),
    "word-punct": dict(norm=normalizers.Lowercase(), pre=pre_tokenizers.Whitespace(), unk="[UNK]"),
}


def train_bpe_pipeline(name):
    c = BPE_PIPELINES[name]
    options = {"unk_token": c["unk"], "fuse_unk": c.get("fuse", False)}
    train = {"vocab_size": 300, "show_progress": False, "special_tokens": [c["unk"]]}
    for key, hf_model, hf_trainer in (("prefix", "continuing_subword_prefix", "continuing_subword_prefix"),
                                      ("suffix", "end_of_word_suffix", "end_of_word_suffix")):
        if key in c:
            options[hf_model] = train[hf_trainer] = c[key]
    tok = Tokenizer(models.BPE(**options))
    if "norm" in c:
        tok.normalizer = c["norm"]
    tok.pre_tokenizer = c["pre"]
    if "dec" in c:
        tok.decoder = c["dec"]
    tok.train_from_iterator(TRAIN[:12], trainers.BpeTrainer(**train))  # not every character: unknowns occur
    return tok


@pytest.mark.parametrize("name", BPE_PIPELINES)
def test_bpe_pipelines_import_and_export_with_identical_ids(name, tmp_path):
    tok = train_bpe_pipeline(name)
    result, ours = imported(save(tok, tmp_path))
    texts = PROBES + EXTRA
    assert_same_ids(ours, tok, texts)
    assert sum(len(ours.encode(t).unknown) for t in texts) > 0
    out = tmp_path / "out.json"
    export_asset(result.asset, ours, "hf", out)
    assert_same_ids(ours, Tokenizer.from_file(str(out)), texts)
    assert interface(import_file(out, "hf").asset) == interface(result.asset)


def byte_fallback_tokenizer():
    vocab = {"<unk>": 0, **{f"<0x{b:02X}>": 1 + b for b in range(256)}}
    for token in ["▁", "a", "b", "c", "▁a", "ab", "▁ab", "中", "<0xZZ>"]:
        vocab.setdefault(token, len(vocab))
    merges = [("▁", "a"), ("a", "b"), ("▁a", "b")]
    tok = Tokenizer(models.BPE(vocab, merges, unk_token="<unk>", byte_fallback=True, fuse_unk=True))
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.decoder = decoders.Sequence([decoders.Replace("▁", " "), decoders.ByteFallback(), decoders.Fuse(),
                                     decoders.Strip(" ", 1, 0)])
    tok.add_special_tokens([AddedToken("<s>", normalized=False)])
    tok.add_tokens([AddedToken("[m]", lstrip=True, rstrip=True)])
    return tok


def test_byte_fallback_fused_unknowns_and_added_token_options(tmp_path):
    tok = byte_fallback_tokenizer()
    result, ours = imported(save(tok, tmp_path))
    texts = ["ab abc 中文 🙂", "a<s>b  [m]  c[m]d", "<s>", "  [m]", "ab\u0301", *PROBES]
    assert_same_ids(ours, tok, texts)
    enc = ours.encode("文")
    assert enc.tokens == ("▁", "<0xE6>", "<0x96>", "<0x87>") and not enc.unknown
    out = tmp_path / "out.json"
    export_asset(result.asset, ours, "hf", out)
    assert_same_ids(ours, Tokenizer.from_file(str(out)), texts)


def test_ignore_merges_looks_whole_words_up_first(tmp_path):
    vocab = {"a": 0, "b": 1, "c": 2, "ab": 3, "bc": 4, "abc": 5}
    for ignore in (False, True):
        tok = Tokenizer(models.BPE(vocab, [("b", "c"), ("a", "b")], ignore_merges=ignore))
        tok.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
        _, ours = imported(save(tok, tmp_path, f"{ignore}.json"))
        assert_same_ids(ours, tok, ["abc", "abc ab bc cab"], decode=False)
        assert list(ours.encode("abc").ids) == ([5] if ignore else [0, 4])


def test_unknown_characters_without_an_unk_token_are_dropped_and_listed(tmp_path):
    tok = Tokenizer(models.BPE({"a": 0, "b": 1, "ab": 2}, [("a", "b")]))
    result, ours = imported(save(tok, tmp_path))
    assert [f.component for f in result.report.changed] == ["model.unk_token"]
    enc = ours.encode("axb")
    # HF merges across the dropped character; so do we.
    assert list(enc.ids) == tok.encode("axb").ids == [2] and enc.dropped == ("x",)


def test_padding_is_reported_as_dropped_and_the_post_processor_kept(tmp_path):
    tok = train_byte_level()
    tok.post_processor = processors.TemplateProcessing(single="<|endoftext|> $A", special_tokens=[("<|endoftext|>", 0)])
    tok.enable_padding()
    result, ours = imported(save(tok, tmp_path))
    lost = {f.component: f.detail for f in result.report.not_representable}
    assert set(lost) == {"padding"}
    assert [f.params["template"] for f in result.report.kept if f.code == "hf.post_processor_kept"] == \
        ["<|endoftext|> $A"]
    assert not result.report.exact
    assert list(ours.encode(MULTILINGUAL).ids) == tok.encode(MULTILINGUAL, add_special_tokens=False).ids
    tok.no_padding()
    assert wrap("bpe", ours).encode_ids(MULTILINGUAL, add_special_tokens=True) == tok.encode(MULTILINGUAL).ids


# ==== WordPiece ====

def train_wordpiece(lowercase=True):
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=lowercase)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece(cleanup=False)
    tok.train_from_iterator(TRAIN, trainers.WordPieceTrainer(vocab_size=300, special_tokens=["[UNK]"],
                                                             show_progress=False))
    return tok


@pytest.mark.parametrize("lowercase", [True, False])
def test_wordpiece_imports_and_exports_with_identical_ids(lowercase, tmp_path):
    tok = train_wordpiece(lowercase)
    result, ours = imported(save(tok, tmp_path))
    assert result.asset["kind"] == "wordpiece"
    texts = PROBES + ["Ω≈ç√ ☃ 한국어", "x" * 150]
    assert_same_ids(ours, tok, texts)
    out = tmp_path / "out.json"
    export_asset(result.asset, ours, "hf", out)
    assert_same_ids(ours, Tokenizer.from_file(str(out)), texts)
    assert interface(import_file(out, "hf").asset) == interface(result.asset)


BERT_SPECIALS = ["[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]"]
# issue 21, failure 3: final sigma, specials typed in text, private use and
# unassigned characters, decoder cleanup, CJK Extension E (U+2B820..U+2B91F)
BERT_TEXTS = ["ΣΑΣ.", "ΟΔΟΣ σας", "[CLS] better than [SEP]", "x[MASK]y [PAD][PAD]", "[cls] [ CLS ]",
              "a\ue000b \U000F0000 c\u0378d", 'to be " , he said ! ok ?', "can't won 't", "\U0002B820\U0002B921x",
              "Beautiful, is it?"]


def bert_hf(cleanup=True):
    """A BERT tokenizer as BertTokenizerFast builds it: specials as added tokens."""
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece(cleanup=cleanup)
    tok.train_from_iterator(TRAIN + ["σας ΣΑΣ said he", "to be \" , or not"], trainers.WordPieceTrainer(
        vocab_size=320, special_tokens=BERT_SPECIALS, show_progress=False))
    tok.post_processor = processors.BertProcessing(("[SEP]", tok.token_to_id("[SEP]")),
                                                   ("[CLS]", tok.token_to_id("[CLS]")))
    return tok


def assert_bert_like(ours, tok, texts):
    for text in texts:
        expected = tok.encode(text, add_special_tokens=False).ids
        assert list(ours.encode(text).ids) == expected, repr(text)
        if tok.token_to_id("[UNK]") not in expected:
            assert ours.decode(expected) == tok.decode(expected), repr(text)  # HF skips specials


def test_bert_tokenizer_json_matches_hf_on_its_edge_cases(tmp_path):
    tok = bert_hf()
    result, ours = imported(save(tok, tmp_path))
    assert_bert_like(ours, tok, BERT_TEXTS + PROBES)
    assert tok.encode("[CLS]", add_special_tokens=False).ids == [tok.token_to_id("[CLS]")]
    assert ours.decode(tok.encode('be " ,', add_special_tokens=False).ids) == 'be ",'
    assert any(f.code == "hf.post_processor_kept" for f in result.report.kept)  # BertProcessing, when asked
    assert wrap("wordpiece", ours).encode_ids("he said", add_special_tokens=True) == tok.encode("he said").ids
    # our export keeps the added tokens and the cleanup
    out = tmp_path / "out.json"
    export_asset(result.asset, ours, "hf", out)
    back = Tokenizer.from_file(str(out))
    assert [a.content for a in back.get_added_tokens_decoder().values()] == BERT_SPECIALS
    assert_bert_like(ours, back, BERT_TEXTS)
    assert interface(import_file(out, "hf").asset) == interface(result.asset)


def test_our_trained_wordpiece_exports_to_hf(tmp_path):
    basic = BasicTokenizer()
    corpus = WordCorpus.from_pairs((w, 1) for line in TRAIN for w in basic.tokenize(line))
    model = wordpiece.train(corpus, vocab_size=250, basic=basic, max_input_chars_per_word=100)
    out = tmp_path / "wp.json"
    export_asset(assets.wordpiece_to_asset(model), model, "hf", out)
    back = Tokenizer.from_file(str(out))
    for text in PROBES:
        assert back.encode(text).ids == list(model.encode(text).ids), repr(text)
        assert back.decode(back.encode(text).ids) == model.decode(model.encode(text).ids)


# ==== Unigram ====

def train_unigram():
    tok = Tokenizer(models.Unigram())
    tok.normalizer = normalizers.NFKC()
    tok.pre_tokenizer = pre_tokenizers.Metaspace()
    tok.decoder = decoders.Metaspace()
    tok.train_from_iterator(TRAIN, trainers.UnigramTrainer(vocab_size=250, special_tokens=["<unk>"], unk_token="<unk>",
                                                           show_progress=False))
    return tok


def test_unigram_imports_with_identical_ids(tmp_path):
    tok = train_unigram()
    result, ours = imported(save(tok, tmp_path))
    assert result.asset["kind"] == "unigram"
    for text in PROBES + ["Ω≈ç√ ☃ 한국어"]:
        assert list(ours.encode(text).ids) == tok.encode(text).ids, repr(text)
    # The documented difference: a text that starts with a space.
    details = [f.detail for f in result.report.changed if f.component == "pre_tokenizer"]
    assert details and "starts with a space" in details[0]
    assert tok.encode(" a").tokens[:1] == ["▁"] and len(ours.encode(" a").ids) == len(tok.encode(" a").ids) + 1


def test_unigram_round_trip_and_our_unigram_in_hf(tmp_path):
    tok = train_unigram()
    result, ours = imported(save(tok, tmp_path))
    out = tmp_path / "out.json"
    export_asset(result.asset, ours, "hf", out)
    back = Tokenizer.from_file(str(out))
    for text in PROBES + [" leading", "  runs   of   spaces  "]:
        assert back.encode(text).ids == list(ours.encode(text).ids), repr(text)
    assert interface(import_file(out, "hf").asset) == interface(result.asset)
    pipeline = Pipeline()  # SentencePiece's: NFKC, dummy prefix, squeezed spaces
    trained = unigram.train(unigram.sentence_corpus(TRAIN, pipeline), vocab_size=200, pipeline=pipeline)
    export_asset(unigram_to_asset := assets.unigram_to_asset(trained), trained, "hf", out)
    back = Tokenizer.from_file(str(out))
    for text in PROBES + [" leading", "  runs   of   spaces  ", "☃☃ x"]:
        assert back.encode(text).ids == list(trained.encode(text).ids), repr(text)
    assert interface(import_file(out, "hf").asset) == interface(unigram_to_asset)


# ==== bad files ====

@pytest.mark.parametrize("edit, words", [
    (lambda s: s["model"].update(dropout=0.1), ["model.dropout"]),
    (lambda s: s["model"].update(type="WordLevel"), ["WordLevel", "not supported"]),
    (lambda s: s.update(normalizer={"type": "Precompiled", "precompiled_charsmap": ""}), ["normalizer", "Precompiled"]),
    (lambda s: s["model"]["merges"].append(["zz", "qq"]), ["merge", "'zz'", "not in the vocabulary"]),
    (lambda s: s["model"]["merges"].append("a b c"), ["model.merges[", "left right"]),
    (lambda s: s["added_tokens"][0].update(single_word=True), ["added_tokens[0]", "single_word"]),
])
def test_bad_files_give_one_clear_error(edit, words, tmp_path):
    spec = json.loads(train_byte_level(300).to_str())
    edit(spec)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(spec), "utf-8")
    with pytest.raises(AssetError) as caught:
        import_file(path, "hf")
    assert str(caught.value).startswith(str(path))
    for word in words:
        assert word in str(caught.value)


def test_not_json_and_duplicate_keys_are_refused(tmp_path):
    path = tmp_path / "x.json"
    path.write_text('{"model": {"type": "BPE"}, "model": {}}', "utf-8")
    with pytest.raises(AssetError, match="duplicate key"):
        import_file(path, "hf")
    path.write_text("{not json", "utf-8")
    with pytest.raises(AssetError, match="line 1"):
        import_file(path, "hf")


def test_char_bpe_cannot_be_exported_to_hf(tmp_path):
    from core.models import char_bpe

    model = char_bpe.train(WordCorpus.from_pairs([("low", 2), ("lower", 1)]), merges=2)
    with pytest.raises(AssetError, match="separate </w>"):
        export_asset(assets.char_bpe_to_asset(model), model, "hf", tmp_path / "x.json")
    assert not (tmp_path / "x.json").exists()
