"""HF post-processors kept on import and applied with ``add_special_tokens``,
checked ID for ID and offset for offset against ``tokenizers`` itself.

Every tokenizer is trained here with ``tokenizers`` (WordPiece with
BertProcessing and TemplateProcessing, a Whitespace BPE with a BOS
template, RoBERTa-style byte-level BPE with RobertaProcessing, a Llama-3
style Sequence of ByteLevel and a template), written as tokenizer.json,
imported, and compared on the multilingual text and on one string of
200,000 characters.
"""

import json

import pytest

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, processors, trainers  # noqa: E402

from core import assets, tokenizer  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import export_asset, import_file  # noqa: E402
from core.assets import identity  # noqa: E402
from core.pipeline import post_process  # noqa: E402
from test_formats_common import MULTILINGUAL, PROBES, TRAIN  # noqa: E402

LONG = (MULTILINGUAL + " Ünïcödé, 1,234.5 — «quotes» 'it's' ") * (200_000 // len(MULTILINGUAL) + 1)
LONG = LONG[:200_000]
LINES = list(TRAIN) + MULTILINGUAL.splitlines()


def _wordpiece():
    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=True)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    tok.decoder = decoders.WordPiece()
    tok.train_from_iterator(LINES, trainers.WordPieceTrainer(
        vocab_size=300, special_tokens=["[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]"], show_progress=False))
    return tok


def bert_processing():
    tok = _wordpiece()
    tok.post_processor = processors.BertProcessing(("[SEP]", tok.token_to_id("[SEP]")),
                                                   ("[CLS]", tok.token_to_id("[CLS]")))
    return tok


def bert_template():
    tok = _wordpiece()
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]", pair="[CLS] $A [SEP] $B:1 [SEP]:1",
        special_tokens=[("[CLS]", tok.token_to_id("[CLS]")), ("[SEP]", tok.token_to_id("[SEP]"))])
    return tok


def bos_bpe():
    tok = Tokenizer(models.BPE(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(LINES, trainers.BpeTrainer(vocab_size=300, special_tokens=["<unk>", "<s>", "</s>"],
                                                       show_progress=False))
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A </s>", pair="<s> $A </s> <s>:1 $B:1 </s>:1",
        special_tokens=[("<s>", tok.token_to_id("<s>")), ("</s>", tok.token_to_id("</s>"))])
    return tok


def _byte_level(add_prefix_space):
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=add_prefix_space)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator(LINES, trainers.BpeTrainer(
        vocab_size=400, special_tokens=["<s>", "<pad>", "</s>", "<unk>"], show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    return tok


def roberta(add_prefix_space=True, trim_offsets=True):
    tok = _byte_level(add_prefix_space)
    tok.post_processor = processors.RobertaProcessing(("</s>", tok.token_to_id("</s>")),
                                                      ("<s>", tok.token_to_id("<s>")),
                                                      trim_offsets=trim_offsets, add_prefix_space=add_prefix_space)
    return tok


def llama3_style():
    tok = _byte_level(False)
    tok.post_processor = processors.Sequence([
        processors.ByteLevel(trim_offsets=False),
        processors.TemplateProcessing(single="<s> $A", pair="<s> $A <s>:1 $B:1",
                                      special_tokens=[("<s>", tok.token_to_id("<s>"))])])
    return tok


def byte_level_trim():
    tok = _byte_level(False)
    tok.post_processor = processors.ByteLevel(trim_offsets=True)
    return tok


BUILDERS = {"bert-processing": bert_processing, "bert-template": bert_template, "bos-bpe": bos_bpe,
            "roberta": roberta, "roberta-no-prefix": lambda: roberta(False),
            "roberta-no-trim": lambda: roberta(True, False), "llama3-sequence": llama3_style,
            "byte-level-trim": byte_level_trim}
_CACHE = {}


def imported(name, tmp_path_factory):
    if name not in _CACHE:
        hf = BUILDERS[name]()
        path = tmp_path_factory.mktemp(name) / "tokenizer.json"
        hf.save(str(path))
        result = import_file(str(path), "hf")
        _CACHE[name] = hf, result, tokenizer.wrap(result.asset["kind"], result.tokenizer)
    return _CACHE[name]


def same_offsets(spans, flags, want) -> bool:
    """HF gives the inserted prefix space the next character's span; ours is
    empty (core.tokenizer.base).  Trimming gives it (0, 0) in both."""
    assert len(spans) == len(want)
    return all(s == w or (f == "inserted" and s[0] == s[1] and w == (s[0], s[0] + 1))
               for s, f, w in zip(spans, flags, want))


@pytest.mark.parametrize("name", BUILDERS)
def test_add_special_tokens_gives_hf_ids_and_offsets(name, tmp_path_factory):
    hf, result, ours = imported(name, tmp_path_factory)
    assert "post_processor" in result.asset
    assert any(f.code == "hf.post_processor_kept" for f in result.report.kept)
    for text in [*PROBES, LONG]:
        want = hf.encode(text)
        got = ours.encode(text, add_special_tokens=True)
        assert list(got.ids) == want.ids, (name, text[:40])
        assert same_offsets(got.char_spans, got.flags, want.offsets), (name, text[:40])
        # Our unknown token counts as a special where it is one of the added tokens; HF's mask has
        # only what the post-processor added.
        assert all(got.flags[i] == "special" for i, m in enumerate(want.special_tokens_mask) if m)
        assert ours.encode_ids(text, add_special_tokens=True) == want.ids
        if text is not LONG:  # (the long text again, without specials, would add seconds and nothing new)
            # Off (the default), the model's own IDs: HF without special tokens.
            assert list(ours.encode(text).ids) == hf.encode(text, add_special_tokens=False).ids
            assert ours.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids
        # A trimmed span still names the bytes of its characters.
        data = text.encode("utf-8")
        for (a, b), (c, d), flag in zip(got.char_spans, got.byte_spans, got.flags):
            if flag != "partial":
                assert data[c:d] == text[a:b].encode("utf-8")


@pytest.mark.parametrize("name", BUILDERS)
def test_pairs_get_hf_ids_type_ids_and_offsets(name, tmp_path_factory):
    hf, result, ours = imported(name, tmp_path_factory)
    spec = result.asset["post_processor"]
    for a, b in [(PROBES[1], PROBES[2]), (MULTILINGUAL, " tail  end "), ("", "x")]:
        want = hf.encode(a, b)
        seqs, flags = [], []
        for k, text in enumerate((a, b)):
            enc = ours.encode(text)
            flags.append(enc.flags)
            seqs.append([post_process.Item(i, t, s, 0, (k, n))
                         for n, (i, t, s) in enumerate(zip(enc.ids, enc.tokens, enc.char_spans))])
        got = post_process.process(spec, seqs)
        assert [t.id for t in got] == want.ids, name
        assert [t.type_id for t in got] == want.type_ids, name
        assert same_offsets([t.offsets for t in got],
                            ["" if t.special else flags[t.source[0]][t.source[1]] for t in got], want.offsets), name
        assert [int(t.special) for t in got] == want.special_tokens_mask, name
        assert [None if t.special else t.source[0] for t in got] == want.sequence_ids, name


@pytest.mark.parametrize("name", BUILDERS)
def test_export_writes_the_post_processor_back(name, tmp_path_factory, tmp_path):
    hf, result, ours = imported(name, tmp_path_factory)
    out = tmp_path / "again.json"
    report = export_asset(result.asset, result.tokenizer, "hf", out)
    assert any(f.code == "hf.export_post_processor" for f in report.kept)
    again = Tokenizer.from_file(str(out))
    for text in [*PROBES, LONG[:20_000]]:
        assert again.encode(text).ids == hf.encode(text).ids
        assert again.encode(text).offsets == hf.encode(text).offsets
    # and the file imports to the same asset identity
    reimported = import_file(str(out), "hf")
    assert identity.identify(reimported.asset).interface_sha256 == identity.identify(result.asset).interface_sha256


def test_identity_includes_the_post_processor_and_nothing_else_changes(tmp_path_factory, tmp_path):
    hf, result, ours = imported("bert-template", tmp_path_factory)
    with_post = dict(result.asset)
    without = {k: v for k, v in with_post.items() if k != "post_processor"}
    other = json.loads(json.dumps(with_post))
    other["post_processor"]["single"] = other["post_processor"]["single"][:-1]  # no [SEP]
    a, b, c = (identity.identify(x) for x in (with_post, without, other))
    assert len({a.interface_sha256, b.interface_sha256, c.interface_sha256}) == 3
    assert "post_processor" not in b.components
    assert {k: v for k, v in a.components.items() if k != "post_processor"} == b.components
    # An asset without one is hashed exactly as before the field existed.
    values = identity.components_of(without, assets.build_tokenizer(without))
    assert set(values) == set(identity.COMPONENTS)
    # save and load keep it
    assets.save_asset(tmp_path / "a.json", with_post)
    loaded = identity.load(tmp_path / "a.json")
    assert loaded.identity.interface_sha256 == a.interface_sha256
    wrapped = tokenizer.from_asset(loaded)
    assert list(wrapped.encode("is better", add_special_tokens=True).ids) == hf.encode("is better").ids


def test_kinds_without_a_post_processor_ignore_the_option():
    from core.assets import classroom

    tok = tokenizer.wrap("byte-bpe", classroom.default_tokenizer())
    assert tok.encode("hello world", add_special_tokens=True) == tok.encode("hello world")
    assert tok.encode_ids("hello world", add_special_tokens=True) == tok.encode_ids("hello world")


@pytest.mark.parametrize("bad, field", [
    ({"type": "bert", "cls": ["[CLS]", 1]}, "post_processor.sep"),
    ({"type": "bert", "cls": ["[CLS]", -1], "sep": ["[SEP]", 2]}, "post_processor.cls[1]"),
    ({"type": "template", "single": [{"special": "X", "type_id": 0}], "pair": [], "special_tokens": {}},
     "post_processor.single[0]"),
    ({"type": "template", "single": [{"sequence": "B", "type_id": 0}], "pair": [], "special_tokens": {}},
     "post_processor.single[0]"),
    ({"type": "roberta", "cls": ["<s>", 0], "sep": ["</s>", 2], "trim_offsets": "yes"}, "post_processor.trim_offsets"),
    ({"type": "sequence", "steps": [{"type": "nope"}]}, "post_processor.steps[0]"),
    ("BertProcessing", "post_processor"),
])
def test_a_bad_post_processor_is_one_error_naming_the_field(bad, field, tmp_path_factory):
    hf, result, ours = imported("bert-template", tmp_path_factory)
    asset = {**result.asset, "post_processor": bad}
    with pytest.raises(AssetError) as caught:
        assets.build_tokenizer(asset)
    assert str(caught.value).startswith(field), str(caught.value)


def test_an_unsupported_hf_post_processor_is_dropped_and_reported(tmp_path_factory, tmp_path):
    hf, result, ours = imported("bert-template", tmp_path_factory)
    spec = json.loads(hf.to_str())
    spec["post_processor"] = {"type": "Mystery"}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(spec), "utf-8")
    again = import_file(str(path), "hf")
    assert "post_processor" not in again.asset
    assert [f.code for f in again.report.not_representable] == ["hf.post_processor"]


def test_a_post_processor_on_a_kind_that_has_none_is_refused():
    from core.models import byte_bpe
    from core.assets import classroom

    model = byte_bpe.train(classroom.records(), 5)
    asset = {**assets.byte_bpe_to_asset(model), "post_processor": {"type": "byte_level"}}
    with pytest.raises(AssetError, match="post_processor: a byte-bpe asset has no post-processor"):
        assets.build_tokenizer(asset)


def test_cli_encode_adds_special_tokens_when_asked(tmp_path_factory, tmp_path, capsys):
    from core.cli.main import main
    from core.assets.classroom import ASSET_PATH

    hf, result, ours = imported("bert-processing", tmp_path_factory)
    path = tmp_path / "bert.json"
    assets.save_asset(path, result.asset)
    text = "Simple is better, 分词器!"
    assert main(["encode", str(path), "--text", text]) == 0
    assert capsys.readouterr().out.split() == [str(i) for i in hf.encode(text, add_special_tokens=False).ids]
    assert main(["encode", str(path), "--text", text, "--add-special-tokens"]) == 0
    assert capsys.readouterr().out.split() == [str(i) for i in hf.encode(text).ids]
    assert main(["encode", str(path), "--text", text, "--add-special-tokens", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ids"] == hf.encode(text).ids and out["add_special_tokens"] is True
    assert out["char_spans"][0] == out["char_spans"][-1] == [0, 0] and out["flags"][0] == "special"
    # a kind without a post-processor: the same IDs, and a note saying so
    assert main(["encode", str(ASSET_PATH), "--text", text]) == 0
    plain = capsys.readouterr().out
    assert main(["encode", str(ASSET_PATH), "--text", text, "--add-special-tokens"]) == 0
    captured = capsys.readouterr()
    assert captured.out == plain and "no post-processor" in captured.err


@pytest.mark.parametrize("name", ["bert-template", "roberta", "llama3-sequence"])
def test_the_pipeline_stages_show_the_post_processor(name, tmp_path_factory):
    from core.tokenizer.stage_kinds import inspect

    hf, result, ours = imported(name, tmp_path_factory)
    text = "Hi there,  分词 you"
    found = inspect(result.tokenizer, result.asset["kind"], text)
    stage = {s.name: s for s in found.stages}["post_process"]
    want = hf.encode(text)
    assert list(stage.ids) == want.ids
    assert stage.detail == post_process.describe(result.asset["post_processor"])
    specials = [p for p in stage.pieces if p.kind == "special"]
    assert [p.id for p in specials] == [i for i, m in zip(want.ids, want.special_tokens_mask) if m]
    tokens = [p for p in stage.pieces if p.kind != "special"]
    assert same_offsets([p.chars for p in tokens], [p.kind for p in tokens],
                        [o for o, m in zip(want.offsets, want.special_tokens_mask) if not m])
    # a template the user types wins over the tokenizer's own
    typed = inspect(result.tokenizer, result.asset["kind"], text, template="$A")
    assert list({s.name: s for s in typed.stages}["post_process"].ids) == hf.encode(text, add_special_tokens=False).ids


def test_exports_without_a_post_processor_say_they_lose_it(tmp_path_factory, tmp_path):
    hf, result, ours = imported("bert-template", tmp_path_factory)
    report = export_asset(result.asset, result.tokenizer, "bert-vocab", tmp_path / "vocab.txt")
    assert [f.params["template"] for f in report.not_representable if f.code == "export.post_processor"] == \
        ["[CLS] $A [SEP]"]


@pytest.mark.parametrize("name", ["roberta", "roberta-no-prefix", "bert-template", "byte-level-trim"])
def test_random_text_gets_hf_ids_and_offsets(name, tmp_path_factory):
    from hypothesis import HealthCheck, given, settings, strategies as st

    hf, result, ours = imported(name, tmp_path_factory)
    alphabet = st.sampled_from(list("ab iseté分词🙂\t\n\u3000\u00a0,.!") + [" better", "  ", "Explicit"])

    @settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(alphabet, max_size=20).map("".join))
    def check(text):
        want = hf.encode(text)
        got = ours.encode(text, add_special_tokens=True)
        assert list(got.ids) == want.ids
        assert same_offsets(got.char_spans, got.flags, want.offsets)

    check()
