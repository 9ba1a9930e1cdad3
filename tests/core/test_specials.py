"""Special tokens written in a text (core.tokenizer.specials): tiktoken's
allowed/disallowed rule, checked against tiktoken itself; HF's reading of
its added tokens and split_special_tokens; decoding that keeps a special's
text; the same IDs and Encodings from every engine."""

import json

import pytest
from hypothesis import given, settings, strategies as st

from core import engines
from core.cli.main import main
from core.errors import StudioError, TokenizerError
from core.tokenizer import specials
from core.utf8 import Utf8DecodeError
from test_shelf import _official

TEXT = "a<|endoftext|>b"
NAMES = ["<|endoftext|>", "<|fim_prefix|>", "<|endofprompt|>"]
OPENED = {}


def served(name, engine="auto"):
    if (name, engine) not in OPENED:
        OPENED[name, engine] = engines.open_asset(name, engine=engine)
    return OPENED[name, engine]


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# ==== the command lines ====

def test_a_tiktoken_special_in_the_text_is_refused_by_default(capsys):
    code, out, err = run(capsys, "encode", "cl100k_base", "--text", TEXT)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "'<|endoftext|>' at character 1" in err and "--allowed-special" in err and "--disallowed-special" in err


def test_allowed_and_disallowed_give_tiktokens_ids(capsys):
    official, _ = _official("cl100k_base")
    code, out, _ = run(capsys, "encode", "cl100k_base", "--text", TEXT, "--allowed-special", "all")
    assert code == 0 and list(map(int, out.split())) == official.encode(TEXT, allowed_special="all")
    code, out, _ = run(capsys, "encode", "cl100k_base", "--text", TEXT, "--disallowed-special", "none")
    assert code == 0 and list(map(int, out.split())) == official.encode(TEXT, disallowed_special=())
    ids = official.encode(TEXT, allowed_special="all")
    code, out, err = run(capsys, "decode", "cl100k_base", *map(str, ids), "--keep-specials")
    assert (code, out, err) == (0, TEXT + "\n", "")
    code, out, err = run(capsys, "decode", "cl100k_base", *map(str, ids))  # tiktoken's decode keeps it too
    assert out == TEXT + "\n"
    code, out, err = run(capsys, "decode", "cl100k_base", *map(str, ids), "--skip-specials")
    assert out == "ab\n" and "specials give no text: <|endoftext|> at index 1" in err


def test_an_unknown_name_is_one_line(capsys):
    code, _, err = run(capsys, "encode", "cl100k_base", "--text", "x", "--allowed-special", "<|nope|>")
    assert code == 2 and "--allowed-special '<|nope|>': not a special token of this tokenizer" in err


def test_the_options_are_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["encode", "--help"])
    out = capsys.readouterr().out
    assert "--allowed-special" in out and "tiktoken rank file disallows them" in " ".join(out.split())


# ==== against tiktoken, any text, any subset ====

PIECES = st.lists(st.sampled_from(["a", " b", "<|endoftext|>", "<|fim_prefix|>", "<|endofprompt|>", "<|", "|>",
                                   "endoftext", " ", "中", "\n"]), max_size=20).map("".join)
SUBSETS = st.sets(st.sampled_from(NAMES))


@settings(max_examples=80, deadline=None)
@given(text=PIECES, allowed=SUBSETS, engine=st.sampled_from(["auto", "reference"]))
def test_any_policy_gives_tiktokens_ids(text, allowed, engine):
    official, _ = _official("cl100k_base")
    tok = served("cl100k_base", engine)
    want = official.encode(text, allowed_special=allowed, disallowed_special=())
    assert tok.encode_ids(text, allowed=frozenset(allowed), disallowed=frozenset()) == want
    assert list(tok.encode(text, allowed=frozenset(allowed), disallowed=frozenset()).ids) == want
    present = [n for n in NAMES if n in text and n not in allowed]
    if present:
        with pytest.raises(specials.SpecialInText):
            tok.encode_ids(text, allowed=frozenset(allowed))
        with pytest.raises(ValueError):
            official.encode(text, allowed_special=allowed)
    else:
        assert tok.encode_ids(text, allowed=frozenset(allowed)) == official.encode(text, allowed_special=allowed)


@settings(max_examples=60, deadline=None)
@given(text=PIECES, allowed=SUBSETS)
def test_the_whole_encoding_is_the_same_from_every_engine(text, allowed):
    policy = {"allowed": frozenset(allowed), "disallowed": frozenset()}
    native, reference = served("cl100k_base"), served("cl100k_base", "reference")
    assert native.encode(text, **policy) == reference.encode(text, **policy)
    enc = native.encode(text, **policy)
    data = text.encode()
    assert all(data[a:b] == p for (a, b), p, f in zip(enc.byte_spans, enc.pieces, enc.flags) if f != "special")
    assert [text[a:b] for (a, b), f in zip(enc.char_spans, enc.flags) if f == "special"] == \
        [t for t, f in zip(enc.tokens, enc.flags) if f == "special"]


@settings(max_examples=60, deadline=None)
@given(text=PIECES)
def test_decoding_keeps_what_encoding_read_as_a_special(text):
    for name in ("cl100k_base", "r50k_base", "o200k_base"):
        tok = served(name)
        ids = tok.encode_ids(text, allowed=frozenset(n for n, _ in tok.specials))
        assert tok.decode(ids, keep_specials=True).text == text


# ==== Hugging Face: read as specials, or split ====

def test_bert_reads_its_specials_and_splits_them_when_asked():
    tokenizers = pytest.importorskip("tokenizers")
    tok = served("bert-base-uncased")
    assert tok.origin == "hf"
    hf = tokenizers.BertWordPieceTokenizer(_vocab_file(), lowercase=True)
    text = "a [CLS] b [SEP] [MASK]x"
    assert tok.encode_ids(text) == hf.encode(text, add_special_tokens=False).ids
    hf = tokenizers.Tokenizer.from_str(hf.to_str())
    hf.encode_special_tokens = True  # HF's split_special_tokens
    assert tok.encode_ids(text, allowed=frozenset()) == hf.encode(text, add_special_tokens=False).ids
    assert served("bert-base-uncased", "reference").encode_ids(text, allowed=frozenset()) == \
        hf.encode(text, add_special_tokens=False).ids


def _vocab_file(cache={}):
    import tempfile

    from core import shelf

    if "path" not in cache:
        folder = tempfile.mkdtemp()
        cache["path"] = f"{folder}/vocab.txt"
        with open(cache["path"], "wb") as handle:
            handle.write(shelf.original(shelf.find("bert-base-uncased")))
    return cache["path"]


def test_sentencepiece_reads_its_controls_as_text_unless_allowed():
    tok = served("spm-botchan-unigram")
    assert tok.origin == "text"
    import sentencepiece as spm
    from core import shelf

    sp = spm.SentencePieceProcessor(model_proto=shelf.original(shelf.find("spm-botchan-unigram")))
    text = "hello <s> world </s>"
    assert tok.encode_ids(text) == sp.encode(text)
    allowed = tok.encode_ids(text, allowed=frozenset(["<s>", "</s>"]))
    assert allowed.count(sp.bos_id()) == 1 and allowed.count(sp.eos_id()) == 1


# ==== decoding that keeps specials ====

def test_keeping_names_invalid_utf8_and_unknown_ids_as_decoding_does():
    tok = served("cl100k_base")
    special = 100257
    # the first token of a character cl100k spells in two or more, before a special: named, by its token
    half = next(ids for ids in map(tok.encode_ids, "𝔘🧑㊙️ꙮ𓀀") if len(ids) > 1)
    ids = [*half[:1], special, 9906]
    result = tok.decode(ids, errors="replace", keep_specials=True)
    assert result.specials == ((1, special),) and result.problems
    assert result.problem_tokens[0] == (0, ids[0])
    with pytest.raises(Utf8DecodeError):
        tok.decode(ids, errors="strict", keep_specials=True)
    with pytest.raises(TokenizerError, match="id 999999999 at index 2 is not in the vocabulary"):
        tok.decode([9906, special, 999999999], errors="strict", keep_specials=True)
    raw = tok.decode([9906, special, 999999999], errors="raw", keep_specials=True)
    assert raw.data == b"Hello<|endoftext|>" and raw.unknown_ids == ((2, 999999999),)


def test_the_json_report_says_whether_specials_were_kept(capsys):
    code, out, _ = run(capsys, "decode", "cl100k_base", "9906", "100257", "--json")
    report = json.loads(out)
    assert report["keep_specials"] is True and report["text"] == "Hello<|endoftext|>"


def test_a_policy_on_a_tokenizer_without_specials_changes_nothing():
    assert specials.policy([], "tiktoken").allowed == frozenset()
    with pytest.raises(StudioError):
        specials.parse("x", [], "--allowed-special")


# ==== finding the specials spelled in a text ====

def _naive_present(text, names):
    return [name for name in names if name and name in text]


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet="ab[]<>c_0123", max_size=60),
       names=st.lists(st.text(alphabet="ab[]<>c_0123", min_size=1, max_size=7), max_size=12)
       | st.lists(st.integers(0, 30).map("[control_{}]".format), max_size=12))
def test_specials_sharing_their_first_characters_are_found_as_one_by_one(text, names):
    """Names grouped by their head are found exactly where a search for each finds them."""
    assert specials._present(text, names) == _naive_present(text, names)
    got = specials.occurrences(text, names)
    present = _naive_present(text, names)
    expected = [] if not present else [(m.start(), m.end(), m.group()) for m in specials._matcher(present).finditer(text)]
    assert got == expected
