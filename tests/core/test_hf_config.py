"""tokenizer_config.json and special_tokens_map.json beside an imported
tokenizer.json, vocab.txt or vocab.json + merges.txt (issue 21).

The side files are written here; the tokenizers are trained here with
``tokenizers``, and the reference is that library set up as transformers
sets it up from the same files (the named specials added as special
tokens; LlamaTokenizerFast's template for add_bos_token/add_eos_token;
BertTokenizer's [CLS] $A [SEP]).
"""

import json

import pytest

tokenizers = pytest.importorskip("tokenizers")
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers  # noqa: E402

from core import tokenizer  # noqa: E402
from core.cli.main import main  # noqa: E402
from core.errors import AssetError  # noqa: E402
from core.formats import import_file  # noqa: E402
from test_formats_common import MULTILINGUAL, PROBES, TRAIN  # noqa: E402
from test_post_process import LONG, _wordpiece  # noqa: E402

TEXTS = [*PROBES, "say <extra> and <s> or </s> here", LONG]


def byte_level_bpe():
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    tok.train_from_iterator([*TRAIN, MULTILINGUAL, "<extra> <extra>"], trainers.BpeTrainer(
        vocab_size=400, special_tokens=["<unk>", "<s>", "</s>"], show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet()))
    return tok


def write(folder, name, value):
    (folder / name).write_text(value if isinstance(value, str) else json.dumps(value), "utf-8")


def ours(result):
    return tokenizer.wrap(result.asset["kind"], result.tokenizer)


def codes(report):
    return {f.code for f in report.kept + report.changed + report.not_representable}


def test_add_bos_token_gives_llamas_template(tmp_path):
    hf = byte_level_bpe()
    hf.save(str(tmp_path / "tokenizer.json"))
    write(tmp_path, "tokenizer_config.json", {
        "bos_token": {"content": "<s>", "lstrip": False, "normalized": False, "rstrip": False, "single_word": False},
        "eos_token": "</s>", "add_bos_token": True, "add_eos_token": False, "chat_template": "{{ x }}"})
    result = import_file(tmp_path / "tokenizer.json", "hf")
    assert {"hf_config.read", "hf_config.bos_eos"} <= codes(result.report)
    assert result.asset["trainer"]["side_files"] == ["tokenizer_config.json"]
    bos = hf.token_to_id("<s>")
    hf.post_processor = processors.TemplateProcessing(single="<s>:0 $A:0", pair="<s>:0 $A:0 <s>:1 $B:1",
                                                      special_tokens=[("<s>", bos)])
    tok = ours(result)
    for text in TEXTS:
        assert tok.encode_ids(text, add_special_tokens=True) == hf.encode(text).ids, text[:30]
        assert tok.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids, text[:30]
    # add_eos_token too, from special_tokens_map's names (it overrides the config's)
    write(tmp_path, "tokenizer_config.json", {"bos_token": "<unk>", "eos_token": "<unk>", "add_bos_token": True,
                                              "add_eos_token": True})
    write(tmp_path, "special_tokens_map.json", {"bos_token": "<s>", "eos_token": "</s>"})
    tok = ours(import_file(tmp_path / "tokenizer.json", "hf"))
    eos = hf.token_to_id("</s>")
    assert tok.encode_ids("hello", add_special_tokens=True) == [bos, *hf.encode("hello").ids[1:], eos]


def test_named_specials_are_matched_in_the_text(tmp_path):
    hf = byte_level_bpe()
    hf.model.save(str(tmp_path))  # vocab.json + merges.txt
    # a learnt token, so an ordinary one: as a named special it is matched whole wherever it occurs
    word = max((t for t in hf.get_vocab() if t.isascii() and t.isalpha()), key=lambda t: (len(t), t))
    write(tmp_path, "special_tokens_map.json", {"additional_special_tokens": [word], "pad_token": "<pad>"})
    result = import_file(tmp_path / "vocab.json", "gpt2")
    assert {"hf_config.specials", "hf_config.missing"} <= codes(result.report)  # <pad> is not in the vocabulary
    hf.add_special_tokens([word])
    tok = ours(result)
    for text in [f"say {word} and{word}x {word[:-1]}", *PROBES, LONG[:20_000]]:
        assert tok.encode_ids(text) == hf.encode(text).ids, text[:30]
        assert tok.decode(tok.encode_ids(text)).text == hf.decode(hf.encode(text).ids)  # specials skipped
    assert hf.token_to_id(word) in tok.encode_ids(f"a{word}b")


def test_vocab_txt_with_a_special_tokens_map_gets_berts_cls_and_sep(tmp_path):
    hf = _wordpiece()
    hf.model.save(str(tmp_path))  # vocab.txt
    write(tmp_path, "special_tokens_map.json", {"cls_token": "[CLS]", "sep_token": "[SEP]", "unk_token": "[UNK]",
                                                "mask_token": "[MASK]", "pad_token": "[PAD]"})
    result = import_file(tmp_path / "vocab.txt", "bert-vocab")
    assert "hf_config.bert" in codes(result.report)
    assert "bert_vocab.no_post_processor" not in codes(result.report)
    hf.post_processor = processors.BertProcessing(("[SEP]", hf.token_to_id("[SEP]")),
                                                  ("[CLS]", hf.token_to_id("[CLS]")))
    tok = ours(result)
    for text in [*PROBES, LONG]:
        got = tok.encode(text, add_special_tokens=True)
        want = hf.encode(text)
        assert list(got.ids) == want.ids and list(got.char_spans) == want.offsets, text[:30]
    # without the side file: no post-processor, as before
    (tmp_path / "special_tokens_map.json").unlink()
    plain = import_file(tmp_path / "vocab.txt", "bert-vocab")
    assert "post_processor" not in plain.asset and "bert_vocab.no_post_processor" in codes(plain.report)


@pytest.mark.parametrize("name, content, message", [
    ("tokenizer_config.json", "{\"bos_token\": ", "tokenizer_config.json: not valid JSON (line 1"),
    ("tokenizer_config.json", {"add_bos_token": "yes"}, "tokenizer_config.json: add_bos_token: expected true or false"),
    ("special_tokens_map.json", {"eos_token": 5}, "special_tokens_map.json: eos_token: expected a string"),
    ("special_tokens_map.json", {"additional_special_tokens": "x"},
     "special_tokens_map.json: additional_special_tokens: expected a list"),
    ("special_tokens_map.json", {"additional_special_tokens": [{"text": "x"}]},
     "special_tokens_map.json: additional_special_tokens[0]: expected a string"),
    ("tokenizer_config.json", {"add_bos_token": True, "bos_token": "<nope>"},
     "tokenizer_config.json: add_bos_token is true but bos_token '<nope>' is not in the vocabulary"),
    ("special_tokens_map.json", "[1, 2]", "special_tokens_map.json: expected a JSON object"),
])
def test_bad_side_files_are_one_line_naming_file_and_field(tmp_path, capsys, name, content, message):
    byte_level_bpe().save(str(tmp_path / "tokenizer.json"))
    write(tmp_path, name, content)
    with pytest.raises(AssetError) as caught:
        import_file(tmp_path / "tokenizer.json", "hf")
    assert message in str(caught.value) and "\n" not in str(caught.value)
    code = main(["import", str(tmp_path / "tokenizer.json"), "--format", "hf", "-o", str(tmp_path / "a.json")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


# ==== a model folder as downloaded (issue 36) ====

def llama_folder(tmp_path):
    """A folder as the Hub gives it: tokenizer.json, a tokenizer_config.json
    whose model_max_length is transformers' int(1e30) and special_tokens_map.json."""
    folder = tmp_path / "model"
    folder.mkdir()
    byte_level_bpe().save(str(folder / "tokenizer.json"))
    (folder / "tokenizer_config.json").write_text(
        '{"add_bos_token": true, "add_eos_token": false, "bos_token": "<s>", "eos_token": "</s>", '
        '"unk_token": "<unk>", "model_max_length": 1000000000000000019884624838656, '
        '"clean_up_tokenization_spaces": false}', "utf-8")
    write(folder, "special_tokens_map.json", {"bos_token": {"content": "<s>", "lstrip": False},
                                              "eos_token": "</s>", "unk_token": "<unk>"})
    return folder


def test_a_model_folder_imports_without_format_and_encodes_as_hf(tmp_path, capsys):
    folder = llama_folder(tmp_path)
    out = tmp_path / "a.json"
    assert main(["import", str(folder), "-o", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)["report"]
    details = [f["detail"] for f in report["kept"]]
    assert details[0] == "hf, from tokenizer.json in the folder model"
    assert any("model_max_length: no limit" in d for d in details)
    assert any("tokenizer_config.json, special_tokens_map.json" in d for d in details)
    reference = byte_level_bpe()
    reference.post_processor = processors.TemplateProcessing(single="<s> $A", special_tokens=[
        ("<s>", reference.token_to_id("<s>"))])
    reference.add_special_tokens(["<s>", "</s>"])
    for text in TEXTS:
        for flag in ([], ["--add-special-tokens"]):
            assert main(["encode", str(out), "--text", text, *flag]) == 0
            got = [int(i) for i in capsys.readouterr().out.split()]
            assert got == reference.encode(text, add_special_tokens=bool(flag)).ids, (text, flag)


def test_a_huge_number_is_read_only_where_it_is_no_id(tmp_path):
    folder = llama_folder(tmp_path)
    (folder / "tokenizer_config.json").write_text('{"model_max_length": 512, "bos_token": "<s>"}', "utf-8")
    assert any("512 tokens" in f.detail for f in import_file(folder / "tokenizer.json", "hf").report.kept)
    (folder / "tokenizer_config.json").write_text('{"model_max_length": 1e30}', "utf-8")
    assert any("no limit" in f.detail for f in import_file(folder / "tokenizer.json", "hf").report.kept)
    (folder / "tokenizer_config.json").write_text('{"model_max_length": "long"}', "utf-8")
    with pytest.raises(AssetError, match="tokenizer_config.json: model_max_length: expected a positive number"):
        import_file(folder / "tokenizer.json", "hf")
    (folder / "tokenizer_config.json").write_text('{"model_max_length": ' + "9" * 200 + "}", "utf-8")
    with pytest.raises(AssetError, match="tokenizer_config.json: .*more than 100 digits"):
        import_file(folder / "tokenizer.json", "hf")
    spec = json.loads((folder / "tokenizer.json").read_text("utf-8"))
    spec["model"]["vocab"]["x"] = 2 ** 60  # an ID stays bounded
    (folder / "tokenizer.json").write_text(json.dumps(spec), "utf-8")
    (folder / "tokenizer_config.json").unlink()
    with pytest.raises(AssetError, match="over the limit 9007199254740991"):
        import_file(folder / "tokenizer.json", "hf")


@pytest.mark.parametrize("files, fmt", [({"vocab.txt": "[PAD]\n[UNK]\na\n"}, "bert-vocab"),
                                        ({"x.tiktoken": None}, "tiktoken"),
                                        ({"vocab.json": '{"a": 0}', "merges.txt": "#version: 0.2\n"}, "gpt2")])
def test_each_format_is_told_from_a_folder(tmp_path, capsys, files, fmt):
    from core.formats import import_source

    for name, text in files.items():
        (tmp_path / name).write_text(text if text is not None else "YQ== 0\n", "utf-8")
    path, found, how = import_source(tmp_path)
    assert found == fmt and path.name in files and "in the folder" in how


def test_a_folder_without_a_tokenizer_or_with_two_is_one_line(tmp_path, capsys):
    assert main(["import", str(tmp_path), "-o", str(tmp_path / "o.json")]) == 2
    assert "a folder with no tokenizer file in it (looked for tokenizer.json" in capsys.readouterr().err
    (tmp_path / "a.model").write_bytes(b"x")
    (tmp_path / "b.model").write_bytes(b"x")
    assert main(["import", str(tmp_path), "-o", str(tmp_path / "o.json")]) == 2
    assert "2 files could be the tokenizer (a.model, b.model); name the one to import" in capsys.readouterr().err
    odd = tmp_path / "notes.bin"
    odd.write_bytes(b"\x00\x01")
    assert main(["import", str(odd), "-o", str(tmp_path / "o.json")]) == 2
    assert "cannot tell which format this file is; give --format" in capsys.readouterr().err


def test_a_tiktoken_file_named_after_its_encoding_takes_that_pattern(tmp_path, capsys):
    from core import shelf

    path = tmp_path / "r50k_base.tiktoken"
    path.write_bytes(shelf.original(shelf.find("r50k_base")))
    assert main(["import", str(path), "-o", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert "the split pattern 'r50k_base' from the file's name" in out
    assert main(["encode", str(tmp_path / "r.json"), "--text", "Hello world"]) == 0
    assert capsys.readouterr().out.split() == ["15496", "995"]
