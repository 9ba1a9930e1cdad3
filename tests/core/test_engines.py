"""The two engines behind the one interface (core.engines): every native
engine that serves a shelf tokenizer gives the reference's IDs (on the
probe set and on any text), a wrong engine is demoted and said so, pinning
one that cannot serve is one clear line, and the compiled cache is never
trusted when damaged or another asset's."""

import json
import os
import subprocess
import sys
import threading
import unicodedata
from pathlib import Path

import pytest
import regex
from hypothesis import HealthCheck, given, settings, strategies as st

from core import engines, tokenizer
from core.formats import builtin
from core.cli.main import main
from core.engines import bulk, compiled, probes, verdicts
from core.errors import StudioError

ROOT = Path(__file__).resolve().parents[2]
# What auto picks for each shelf tokenizer (tests/core/test_engines.py is the record).
AUTO = {"r50k_base": "tiktoken", "cl100k_base": "tiktoken", "o200k_base": "tiktoken",
        "spm-botchan-unigram": "sentencepiece", "spm-ja-unigram": "sentencepiece",
        "mistral-v3-bpe": "sentencepiece", "bert-base-uncased": "tokenizers"}
SERVED = {}


@pytest.fixture(scope="module", params=sorted(AUTO))
def served(request):
    name = request.param
    if name not in SERVED:
        SERVED[name] = as_reference(engines.open_asset(name))
    return SERVED[name]


def as_reference(tok):
    """``tok`` reading specials in the text as its reference does (a tiktoken
    rank file refuses them by default: tests/core/test_specials.py)."""
    return tok.with_policy(frozenset(tok.facts["specials_matched"]), frozenset())


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    """A cache folder of this test's own: cold, and free to damage."""
    monkeypatch.setenv("SUBWORD_STUDIO_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def reference_of(name):
    asset, model = builtin.load(name)
    return tokenizer.wrap(asset["kind"], model)


# ==== exact where they serve ====

def test_auto_picks_the_expected_native_engine_for_every_shelf_tokenizer(served):
    assert served.engine == AUTO[served.facts["name"]]


def test_the_probe_set_holds_the_long_string_and_the_specials():
    texts = probes.texts(["<|endoftext|>"])
    assert len(texts[-1]) == probes.LONG
    assert "a <|endoftext|> b" in texts and "<|endoftext|>" in texts[-1]
    assert texts == probes.texts(["<|endoftext|>"])  # the same questions on every machine


def test_native_ids_equal_the_reference_on_every_probe(served):
    reference = reference_of(served.facts["name"])
    for text in probes.texts([name for name, _ in served.specials]):
        assert served.encode_ids(text) == reference.encode_ids(text), text[:60]


TEXT = st.lists(st.sampled_from(list("abc xyz ABC 123 ,.!?'\n\t  ") + ["é", "ß", "中", "文", "日本", "𝔘", "🎉",
                                                                        "👍🏽", "\u0301", "ｆ", "①", "\u00a0",
                                                                        "<s>", "[CLS]", "<|endoftext|>", "don't",
                                                                        " the", "ing", "▁"]),
                max_size=60).map("".join) | st.text(max_size=30)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_native_ids_equal_the_reference_on_any_text(served, text):
    reference = reference_of(served.facts["name"])
    assert served.encode_ids(text) == reference.encode_ids(text)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_native_lines_equal_the_reference(served, text):
    lines = text.split("\n")
    reference = reference_of(served.facts["name"])
    assert served.encode_lines(lines) == [reference.encode_ids(line) for line in lines]


DEFAULTS = {}
POLICIES = {"origin's": None, "all read": ("all", "none"), "all text": ("none", "none"),
            "one read": ("<|endoftext|>", "none")}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT, policy=st.sampled_from(sorted(POLICIES)))
def test_lines_under_any_policy_are_each_line_alone(served, text, policy):
    """encode_lines looks at each line alone only where the lines joined
    spell a special: its IDs, and the error for a refused special, are
    those of encode_ids line by line."""
    from core.tokenizer import specials

    name = served.facts["name"]
    if name not in DEFAULTS:
        DEFAULTS[name] = engines.open_asset(name)
    tok = DEFAULTS[name]
    names = [n for n, _ in tok.specials]

    def chosen(value):  # a named special this tokenizer lacks: none
        return frozenset({value} & set(names)) if value.startswith("<|") else specials.parse(value, names, "x")
    asked = POLICIES[policy]
    allowed, disallowed = (None, None) if asked is None else map(chosen, asked)
    lines = text.split("\n")

    def outcome(encode):
        try:
            return encode()
        except StudioError as error:
            return str(error)
    assert outcome(lambda: tok.encode_lines(lines, allowed=allowed, disallowed=disallowed)) == \
        outcome(lambda: [tok.encode_ids(line, allowed=allowed, disallowed=disallowed) for line in lines])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_native_id_arrays_equal_the_ids(served, text):
    """Bulk work's IDs as an array (tiktoken's encode_to_numpy) are the
    list's, and a special the policy refuses is refused the same way."""
    def outcome(encode):
        try:
            return [int(i) for i in encode(text)]
        except StudioError as error:
            return str(error)
    assert outcome(served.encode_ids_array) == outcome(served.encode_ids)


# The reference's Unicode is the libraries': a pre-tokenizer's \p{L}, \p{N}
# and \s come from the regex module's tables, the libraries carry their own.
# With regex 2026.11.19 (Unicode 17) the letters Unicode 17 added (U+0558, CJK
# extension J, ...) were letters to the reference and not to tiktoken, so
# '\u0558"A' split differently; regex is pinned to a Unicode 16.0 release.
# These are the characters Python's own tables (Unicode 14.0) do not know yet.
NEWER = [chr(c) for c in range(0x80, 0x110000) if not 0xD800 <= c < 0xE000
         and unicodedata.category(chr(c)) == "Cn" and regex.match(r"[\p{L}\p{N}\p{M}\s]", chr(c))]


def test_characters_newer_than_python_split_as_the_library_splits_them(served):
    assert len(NEWER) > 9_000  # the letters, digits and marks Unicode 15 and 16 added
    reference = reference_of(served.facts["name"])
    lines = [form.format(ch) for ch in NEWER[::15] for form in ('{}"A', "A{}A", " {}1")]
    assert served.encode_lines(lines) == [reference.encode_ids(line) for line in lines]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_decoding_gives_the_reference_text(served, text):
    """The reference decodes, or the engine where it gives each token's
    bytes (tiktoken): field by field the reference's result, every policy."""
    reference = reference_of(served.facts["name"])
    ids = reference.encode_ids(text)
    for errors in ("replace", "raw"):
        assert served.decode(ids, errors=errors, keep_specials=False) == reference.decode(ids, errors=errors)


@pytest.mark.parametrize("name", ["r50k_base", "cl100k_base"])
def test_tiktoken_decodes_byte_for_byte_as_the_reference(name):
    served, reference = engines.open_asset(name), reference_of(name)
    assert served.decoder == "tiktoken"
    cases = [[15496, 995], [19526, 254], [19526], [254, 19526, 50256, 11], [11, 10 ** 9, 12], [50256]]
    for ids in cases:
        for errors in ("strict", "raw", "replace"):
            try:
                want = reference.decode(ids, errors=errors)
            except StudioError as exc:
                with pytest.raises(type(exc)) as got:
                    served.decode(ids, errors=errors, keep_specials=False)
                assert str(got.value) == str(exc) and getattr(got.value, "token", None) == getattr(exc, "token", None)
            else:
                assert served.decode(ids, errors=errors, keep_specials=False) == want


def test_text_a_native_library_cannot_take_goes_to_the_reference():
    served = engines.open_asset("cl100k_base")
    text = "a\ud800b"  # a lone surrogate: not UTF-8
    assert served.encode_ids(text) == reference_of("cl100k_base").encode_ids(text)


# ==== threads: the parts' IDs join to the whole ====

CUT_TEXT = st.lists(st.sampled_from(["the", "cat", "sat", "on", " ", "  ", "\n", "中文", "é", "<|endoftext|>",
                                     "[SEP]", "ab", "1234", "!", "'s", "🎉"]), min_size=1, max_size=80).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=CUT_TEXT, count=st.integers(2, 6))
def test_cut_parts_join_to_the_whole_text(served, text, count):
    rule = served.facts["cut"]
    if rule is None:
        return
    spans = bulk.parts(text, count, rule, [name for name, _ in served.specials])
    joined = [i for a, b in spans for i in served.encode_ids(text[a:b])]
    assert joined == served.encode_ids(text)
    assert spans[0][0] == 0 and spans[-1][1] == len(text)


def test_cut_rules_of_the_shelf(served):
    expected = {"spm-botchan-unigram": None, "spm-ja-unigram": None, "mistral-v3-bpe": "drop-space"}
    assert served.facts["cut"] == expected.get(served.facts["name"], "keep-space")


def test_a_long_text_on_two_threads_equals_one_call(served, monkeypatch):
    monkeypatch.setattr(bulk, "MIN_PART", 1000)
    text = probes.long_text([name for name, _ in served.specials])[:60_000]
    seen = []
    assert bulk.encode_text(served, text, workers=3, progress=lambda d, t: seen.append((d, t))) == \
        served.encode_ids(text)
    assert seen[-1][0] == seen[-1][1]


def test_no_cut_inside_a_special():
    text = "ab <|endoftext|>" * 10
    for count in range(2, 8):
        for a, b in bulk.parts(text.replace("<|", "x <|"), count, "keep-space", ["<|endoftext|>", "x <|endoftext|>"]):
            assert not text.replace("<|", "x <|")[a:b].startswith("<|")


# ==== demotion ====

class _Wrong:
    """A native engine that gets one character wrong."""

    def __init__(self, native):
        self.native = native

    def encode_ids(self, text):
        ids = self.native.encode_ids(text)
        return ids + [0] if "é" in text else ids

    def encode_batch(self, texts):
        return list(map(self.encode_ids, texts))


def test_a_wrong_engine_is_demoted_and_said_so_once(own_cache, monkeypatch, capsys):
    module = engines.native_module("tiktoken")
    build = module.build
    monkeypatch.setattr(module, "build", lambda spec: _Wrong(build(spec)))
    notes = []
    served = engines.open_asset("r50k_base", notes=notes.append)
    assert served.engine == "tokenizers"  # the next engine that is exact
    assert len(notes) == 1 and "tiktoken" in notes[0] and "differs at token" in notes[0] and "probe" in notes[0]
    note = notes[0]  # the same, as data for a window
    assert (note.engine, note.label, note.verdict.same) == ("tiktoken", "r50k_base", False)
    assert note.verdict.position is not None and note.verdict.reference != note.verdict.engine
    assert engines.states(served.entry)["tiktoken"]["state"] == "differs"
    again = []
    assert engines.open_asset("r50k_base", notes=again.append).engine == "tokenizers" and again == []
    with pytest.raises(StudioError, match="--engine tiktoken cannot serve r50k_base: probe .* differs at token"):
        engines.open_asset("r50k_base", engine="tiktoken")
    assert engines.survey("r50k_base")["engines"]["tiktoken"]["state"] == "differs"


def test_states_tell_what_is_known_and_check_nothing(own_cache, monkeypatch):
    served = engines.open_asset("spm-botchan-unigram", engine="reference")
    with monkeypatch.context() as patched:
        patched.setattr(engines, "check", lambda *a: pytest.fail("states must not run the probes"))
        states = engines.states(served.entry)
    assert states["sentencepiece"]["state"] == "unchecked" and states["tiktoken"]["state"] == "cannot"
    engines.open_asset("spm-botchan-unigram")
    states = engines.states(served.entry)
    assert states["sentencepiece"]["state"] == "serves" and states["sentencepiece"]["verdict"].same


def test_a_new_library_version_is_checked_again(own_cache, monkeypatch):
    engines.open_asset("o200k_base")
    module = engines.native_module("tiktoken")
    calls = []
    real = engines.check
    monkeypatch.setattr(engines, "check", lambda *a: calls.append(1) or real(*a))
    engines.open_asset("o200k_base")
    assert calls == []
    monkeypatch.setattr(module, "version", lambda: "99.0")
    assert engines.open_asset("o200k_base").engine == "tiktoken" and calls == [1]


def test_pinning_an_engine_that_cannot_hold_the_tokenizer_is_one_line(capsys):
    code = main(["encode", "cl100k_base", "--text", "hi", "--engine", "sentencepiece"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "--engine sentencepiece cannot serve cl100k_base: model.unk: SentencePiece needs an unknown piece" in err


def test_reference_engine_and_auto_print_the_same_ids(capsys):
    for engine in ("auto", "reference", "tiktoken"):
        assert main(["encode", "cl100k_base", "--text", "hi there 你好", "--engine", engine]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == out[1] == out[2] == "6151 1070 220 57668 53901"


def test_decode_engine_names_who_decodes(capsys):
    assert main(["decode", "cl100k_base", "6151", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "tiktoken"
    assert main(["decode", "spm-botchan-unigram", "151", "88", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["engine"] == "reference"
    assert main(["decode", "spm-botchan-unigram", "151", "--engine", "sentencepiece"]) == 2
    assert "gives decoded text, not each token's bytes" in capsys.readouterr().err


def test_engines_command_lists_versions_and_what_each_serves(capsys):
    assert main(["engines", "r50k_base", "bert-base-uncased", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [e["name"] for e in result["engines"]] == ["reference", *engines.NATIVE]
    rows = {row["asset"]: row for row in result["assets"]}
    assert rows["r50k_base"]["auto"] == "tiktoken" and rows["bert-base-uncased"]["auto"] == "tokenizers"
    assert rows["bert-base-uncased"]["engines"]["tiktoken"]["state"] == "cannot"


# ==== the compiled cache ====

def _entry_path(name):
    key, _ = engines.source_of(name)
    return compiled.path_for(key)


def test_a_warm_start_reads_the_cache_and_builds_no_model(own_cache):
    engines.open_asset("spm-botchan-unigram")
    code = ("import sys; from core import engines; s = engines.open_asset('spm-botchan-unigram'); "
            "print(s.engine, s.encode_ids('Hello world')); "
            "print(sorted(m for m in sys.modules if m.startswith(('core.models', 'core.formats', 'core.assets'))))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "SUBWORD_STUDIO_CACHE": str(own_cache)})
    assert run.returncode == 0, run.stderr
    engine, loaded = run.stdout.splitlines()
    assert engine.startswith("sentencepiece [") and loaded == "[]"


@pytest.mark.parametrize("damage", ["flip a byte of the asset", "truncate", "garbage", "empty"])
def test_a_damaged_entry_is_rebuilt(own_cache, damage):
    reference = engines.open_asset("spm-ja-unigram", engine="reference").encode_ids("日本語のテキスト")
    path = _entry_path("spm-ja-unigram")
    data = bytearray(path.read_bytes())
    if damage == "flip a byte of the asset":
        data[-100] ^= 0xFF  # inside the last section
    elif damage == "truncate":
        data = data[: len(data) // 2]
    elif damage == "garbage":
        data = bytearray(os.urandom(len(data)))
    else:
        data = bytearray()
    path.write_bytes(bytes(data))
    served = engines.open_asset("spm-ja-unigram")
    assert served.encode_ids("日本語のテキスト") == reference
    assert served.reference.encode_ids("日本語のテキスト") == reference
    assert compiled.read(engines.source_of("spm-ja-unigram")[0]) is not None  # written again, whole


def test_a_shelf_asset_a_window_holds_comes_from_the_entry_the_command_line_uses(own_cache, monkeypatch):
    from core.assets import identity

    asset, model = engines.asset_of("spm-botchan-unigram")  # a miss: imported, and its entry built
    held = identity.from_dict(asset, tokenizer=model)
    original, original_model = builtin.load("spm-botchan-unigram")
    imported = identity.from_dict(original, tokenizer=original_model)
    assert held.identity == imported.identity
    entries = sorted((own_cache / "compiled").iterdir())
    assert len(entries) == 1 and entries[0] == _entry_path("spm-botchan-unigram")
    # Warm: read from that entry, the original file not imported again.
    monkeypatch.setattr(builtin, "load", lambda name: pytest.fail("imported again"))
    assert engines.asset_of("spm-botchan-unigram")[0] is asset  # held once per process
    monkeypatch.setattr(engines, "_assets", {})  # as a new process
    again, model = engines.asset_of("spm-botchan-unigram")
    assert identity.from_dict(again, tokenizer=model).identity == held.identity
    served = engines.serve(again, model, held.identity.interface_sha256)
    assert served.encode_ids("Hello world") == engines.open_asset("spm-botchan-unigram").encode_ids("Hello world")
    assert sorted((own_cache / "compiled").iterdir()) == entries  # served from the same entry
    # The same name on another asset (an edit keeps the metadata) is never served from it.
    other = {**again, "metadata": {**again["metadata"], "name": "edited"}}
    other_identity = "0" * 64
    engines.serve(other, model, other_identity)
    assert len(list((own_cache / "compiled").iterdir())) == 2
    # A shelf note that is not one (an asset file is anyone's) is no shelf entry, not a crash.
    for shelf_note in ("spm-botchan-unigram", ["spm-botchan-unigram"], {"name": 7}):
        odd = {**again, "metadata": {**again["metadata"], "shelf": shelf_note}}
        assert engines.serve(odd, model, other_identity).encode_ids("Hello") == served.encode_ids("Hello")


def test_a_damaged_entry_gives_a_window_the_shelf_asset_all_the_same(own_cache, monkeypatch):
    from core.assets import identity

    asset, model = engines.asset_of("spm-ja-unigram")
    want = identity.from_dict(asset, tokenizer=model).identity
    path = _entry_path("spm-ja-unigram")
    data = bytearray(path.read_bytes())
    data[data.index(b'"schema_version":1,"kind"') + 2] ^= 0x20  # inside the asset section
    path.write_bytes(bytes(data))
    assert compiled.read(engines.source_of("spm-ja-unigram")[0]).section("asset") is None
    monkeypatch.setattr(engines, "_assets", {})  # a new process
    asset, model = engines.asset_of("spm-ja-unigram")
    assert identity.from_dict(asset, tokenizer=model).identity == want
    assert compiled.read(engines.source_of("spm-ja-unigram")[0]).section("asset") is not None  # written again


def test_an_entry_is_never_read_for_another_key_or_identity(own_cache):
    engines.open_asset("spm-ja-unigram")
    ja, botchan = _entry_path("spm-ja-unigram"), _entry_path("spm-botchan-unigram")
    botchan.parent.mkdir(parents=True, exist_ok=True)
    botchan.write_bytes(ja.read_bytes())  # the other asset's entry under this key's name
    assert compiled.read(engines.source_of("spm-botchan-unigram")[0]) is None
    key = engines.source_of("spm-ja-unigram")[0]
    entry = compiled.read(key)
    assert compiled.read(key, identity=entry.identity) is not None
    assert compiled.read(key, identity="0" * 64) is None
    served = engines.open_asset("spm-botchan-unigram")
    assert served.encode_ids("Hello") == reference_of("spm-botchan-unigram").encode_ids("Hello")


def test_concurrent_writers_leave_a_whole_entry(own_cache):
    sections = {f"s{k}": os.urandom(200_000) for k in range(4)}
    seen, stop = [], threading.Event()

    def reader():
        while not stop.is_set():
            entry = compiled.read("key")
            if entry is not None:
                seen.append(all(entry.section(name) == data for name, data in sections.items()))

    def writer():
        for _ in range(10):
            compiled.write("key", "i" * 64, {"facts": {}}, sections)
    threads = [threading.Thread(target=reader)] + [threading.Thread(target=writer) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads[1:]:
        t.join()
    stop.set()
    threads[0].join()
    assert all(seen)
    assert compiled.read("key").section("s3") == sections["s3"]
    assert not [p for p in compiled.path_for("key").parent.iterdir() if p.suffix != ".bin"]  # no temporary left


def test_an_unwritable_cache_costs_only_time(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("SUBWORD_STUDIO_CACHE", str(blocked))
    served = engines.open_asset("spm-botchan-unigram")
    assert served.engine == "sentencepiece"
    assert served.encode_ids("Hello") == reference_of("spm-botchan-unigram").encode_ids("Hello")


def test_a_verdict_file_that_names_another_question_is_not_read(own_cache):
    verdicts.write("a" * 64, "tiktoken", "1", verdicts.Verdict(True, 3))
    assert verdicts.read("a" * 64, "tiktoken", "1").same
    path = next((own_cache / "verdicts").iterdir())
    data = json.loads(path.read_text())
    data["question"]["identity"] = "b" * 64
    path.write_text(json.dumps(data))
    assert verdicts.read("a" * 64, "tiktoken", "1") is None
    path.write_text("{not json")
    assert verdicts.read("a" * 64, "tiktoken", "1") is None


# ==== whole Encodings from a native engine's IDs ====

@pytest.mark.parametrize("name", ["r50k_base", "cl100k_base", "o200k_base"])
@settings(max_examples=50, deadline=None)
@given(text=TEXT)
def test_a_byte_level_encoding_from_native_ids_is_the_reference_field_by_field(name, text):
    served = SERVED.setdefault(name, as_reference(engines.open_asset(name)))
    assert served.encode(text) == reference_of(name).encode(text)


@pytest.mark.parametrize("name", ["r50k_base", "o200k_base"])
def test_a_byte_level_encoding_of_the_long_probe(name):
    served = SERVED.setdefault(name, as_reference(engines.open_asset(name)))
    text = probes.long_text([n for n, _ in served.specials])
    assert served.encode(text) == reference_of(name).encode(text)


def test_later_runs_a_long_texts_call_on_a_thread_and_raises_what_it_raised():
    from core.engines.served import AHEAD_CHARS, later
    threads = []

    def call():
        threads.append(threading.current_thread())
        return [1, 2]
    assert later(call, AHEAD_CHARS - 1)() == [1, 2] and threads[-1] is threading.current_thread()
    assert later(call, AHEAD_CHARS)() == [1, 2] and threads[-1] is not threading.current_thread()

    def fails():
        raise StudioError("the engine failed")
    wait = later(fails, AHEAD_CHARS)
    with pytest.raises(StudioError, match="the engine failed"):
        wait()


@pytest.mark.parametrize("name", ["r50k_base", "spm-ja-unigram", "mistral-v3-bpe"])
def test_a_long_text_split_while_the_engine_encodes_is_the_reference_encoding(name):
    served = engines.open_asset(name)
    assert served.engine != "reference"
    reference = reference_of(name)
    text = "Tokyo 東京 naïve 🎉 don't  stop\n" * 3_000  # over AHEAD_CHARS: the engine on a thread
    assert served.encode(text) == reference.encode(text)
