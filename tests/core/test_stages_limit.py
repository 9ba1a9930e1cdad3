""""Use only the first k merges" on imported tokenizers, each against its
own library run on a file that keeps only those k merges."""

import io
import json

import pytest

from core import assets
from core.formats import import_file
from core.tokenizer.stage_kinds import inspect
from test_formats_common import MULTILINGUAL, TRAIN

TEXTS = [MULTILINGUAL, "Explicit is better than implicit.", "a  b   c", "🙂🎉👍", ""]
LIMITS = (0, 1, 7, 40)


def limited_ids(asset, text, k):
    model = assets.build_tokenizer(asset)
    found = inspect(model, asset["kind"], text, limit=k)
    assert found.merges == len(model.merges) and found.limit == (k if k < len(model.merges) else None)
    assert found.stage("model").detail == (f"first {k} of {len(model.merges)} merges" if k < len(model.merges)
                                           else f"all {len(model.merges)} merges")
    ids = list(found.stage("model").ids)
    assert ids == list(model.encode(text, limit=k).ids)
    return ids


def test_first_k_merges_of_a_tokenizer_json_equal_hf_with_k_merges(tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    from test_formats_hf import save, train_byte_level

    path = save(train_byte_level(), tmp_path)
    asset = import_file(path, "hf").asset
    spec = json.loads(path.read_text("utf-8"))
    for k in LIMITS:
        spec["model"]["merges"] = json.loads(path.read_text("utf-8"))["model"]["merges"][:k]
        hf = tokenizers.Tokenizer.from_str(json.dumps(spec))
        for text in TEXTS:
            assert limited_ids(asset, text, k) == hf.encode(text).ids, (k, text)
    assert limited_ids(asset, "中", 0) == hf_bytes(tokenizers.Tokenizer.from_file(str(path)), "中")


def hf_bytes(hf, text):
    from core.pipeline.text_pipeline import byte_level

    return [hf.token_to_id(c) for c in byte_level(text)]


def test_first_k_merges_of_a_tiktoken_file_equal_tiktoken_with_k_ranks(tmp_path, monkeypatch):
    tiktoken = pytest.importorskip("tiktoken")
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(tmp_path / "cache"))
    from test_formats_tiktoken import gpt2_ordered_ranks, write_ranks
    from core.pipeline import pretokenize

    ranks = gpt2_ordered_ranks()
    path = tmp_path / "ranks.tiktoken"
    write_ranks(path, ranks)
    asset = import_file(path, "tiktoken", pattern="cl100k").asset
    for k in LIMITS:
        kept = {t: r for t, r in ranks.items() if len(t) == 1 or r < 256 + k}
        enc = tiktoken.Encoding(name=f"k{k}", pat_str=pretokenize.get("cl100k").pattern, mergeable_ranks=kept,
                                special_tokens={})
        for text in TEXTS:
            assert limited_ids(asset, text, k) == enc.encode(text), (k, text)


def test_first_k_merges_of_subword_nmt_codes_equal_apply_bpe_with_k_codes(tmp_path, capsys):
    pytest.importorskip("subword_nmt")
    from subword_nmt.apply_bpe import BPE
    from subword_nmt.learn_bpe import learn_bpe
    from core.formats.subword_nmt import segmentation

    out = io.StringIO()
    learn_bpe(io.StringIO("\n".join(TRAIN) + "\n"), out, 150, min_frequency=2)
    capsys.readouterr()
    path = tmp_path / "codes.bpe"
    path.write_text(out.getvalue(), "utf-8")
    asset = import_file(path, "subword-nmt").asset
    model = assets.build_tokenizer(asset)
    header, *codes = out.getvalue().splitlines(keepends=True)
    for k in LIMITS[1:]:  # apply_bpe cannot read a file without codes
        reference = BPE(io.StringIO(header + "".join(codes[:k])))
        for line in ["Explicit is better than implicit.", "Beautiful is better than ugly.", "a  b   c"]:
            limited_ids(asset, line, k)
            expected = [w for w in reference.segment(line).split(" ") if w]
            assert segmentation(model.encode(line, limit=k)) == expected, (k, line)


def test_first_k_merges_of_a_minbpe_model_equal_minbpe_with_k_merges(tmp_path):
    from test_formats_minbpe import RegexTokenizer
    from core.pipeline import pretokenize

    reference = RegexTokenizer(pretokenize.get("cl100k").pattern, {})
    reference.train("\n".join(TRAIN), 256 + 60)
    path = tmp_path / "tok.model"
    reference.save(path)
    asset = import_file(path, "minbpe").asset
    merges = dict(reference.merges)
    for k in LIMITS:
        reference.merges = {pair: i for pair, i in merges.items() if i < 256 + k}
        for text in TEXTS:
            assert limited_ids(asset, text, k) == reference.encode(text), (k, text)


def test_first_k_merges_of_our_byte_bpe_and_char_bpe():
    from core.workspace import workspace
    from core.assets import classroom

    model = classroom.default_tokenizer()
    found = inspect(model, "byte-bpe", "red key .", limit=0)
    assert found.stage("model").ids == tuple(b"red key .") and found.merges == 32 and found.limit == 0
    assert len(inspect(model, "byte-bpe", "red key .").stage("model").pieces) == 5  # seed 000 table 19.3
    ws = workspace.Workspace.example()
    lower = [p.text for p in inspect(ws.model, "char-bpe", "lower", limit=0).stage("model").pieces]
    assert lower == ["l", "o", "w", "e", "r", "</w>"]
    for k in range(5):
        assert [p.text for p in inspect(ws.model, "char-bpe", "lower", limit=k).stage("model").pieces] == \
            ws.model.segment("lower", limit=k)


def test_a_bad_limit_is_refused():
    from core.assets import classroom
    from core.errors import TokenizerError

    for bad in (-1, True, 1.5):
        with pytest.raises(TokenizerError, match="limit"):
            inspect(classroom.default_tokenizer(), "byte-bpe", "x", limit=bad)

