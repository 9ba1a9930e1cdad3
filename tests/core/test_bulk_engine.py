"""The bulk engine (fastokens, core.engines.BULK): its IDs are the
reference's on the probes and on any text for every tiktoken shelf
tokenizer, auto hands it only work of its size and only when it was
checked exact, a wrong one is demoted and said so, its threads follow
--workers, and its rank file in the cache is never trusted unchecked."""

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from core import engines, tokenizer
from core.formats import builtin
from core.engines import bulk, probes
from core.errors import StudioError

pytest.importorskip("fastokens")

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("r50k_base", "cl100k_base", "o200k_base")
PINNED = {}
REFERENCES = {}


def opened(*args, **options):
    """A tokenizer reading specials in the text as its reference's model
    does (a tiktoken rank file's default refuses them: test_specials.py)."""
    tok = engines.open_asset(*args, **options)
    return tok.with_policy(frozenset(tok.facts["specials_matched"]), frozenset())


@pytest.fixture(scope="module", params=NAMES)
def pinned(request):
    """A shelf tokenizer with fastokens giving every ID."""
    name = request.param
    if name not in PINNED:
        PINNED[name] = opened(name, engine="fastokens")
    return PINNED[name]


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SUBWORD_STUDIO_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def reference_of(name):
    if name not in REFERENCES:
        asset, model = builtin.load(name)
        REFERENCES[name] = tokenizer.wrap(asset["kind"], model)
    return REFERENCES[name]


# ==== exact ====

def test_fastokens_ids_equal_the_reference_on_every_probe(pinned):
    assert pinned.engine == "fastokens"
    reference = reference_of(pinned.facts["name"])
    for text in probes.texts([name for name, _ in pinned.specials]):
        assert pinned.encode_ids(text) == reference.encode_ids(text), text[:60]


TEXT = st.lists(st.sampled_from(list("abc xyz ABC 123 ,.!?'\n\t  ") + ["é", "ß", "中", "文", "日本", "𝔘", "🎉",
                                                                        "👍🏽", "\u0301", "ｆ", "①", "\u00a0", "\r\n",
                                                                        "<|endoftext|>", "<|endofprompt|>", "<|fim",
                                                                        "don't", "'S", " the", "ing", "  1234"]),
                max_size=60).map("".join) | st.text(max_size=30)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_fastokens_ids_equal_the_reference_on_any_text(pinned, text):
    assert pinned.encode_ids(text) == reference_of(pinned.facts["name"]).encode_ids(text)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_fastokens_lines_equal_the_reference(pinned, text):
    lines = text.split("\n")
    reference = reference_of(pinned.facts["name"])
    assert pinned.encode_lines(lines) == [reference.encode_ids(line) for line in lines]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXT)
def test_fastokens_id_arrays_equal_the_reference(pinned, text):
    """Its flat buffer (encode_batch_flat, no Python int per token) holds the reference's IDs."""
    assert pinned.encode_ids_array(text).tolist() == reference_of(pinned.facts["name"]).encode_ids(text)


def test_specials_as_bytes_where_the_reference_reads_them_so():
    """Our byte-level BPE reads a special's text as bytes (encode_ordinary);
    fastokens refuses its ranks (they skip the specials' IDs), so it does
    not serve and auto keeps tiktoken."""
    served = opened(str(ROOT / "resources" / "classroom_byte_bpe.json"))
    state = engines.survey(str(ROOT / "resources" / "classroom_byte_bpe.json"))["engines"]["fastokens"]
    assert state["state"] == "differs" and "failed to build" in state["detail"]
    assert served.for_work(10 ** 9).engine == "tiktoken"


def test_one_spec_serves_tiktoken_and_fastokens():
    served = opened("cl100k_base")
    assert "fastokens" not in served.entry.meta["engines"]  # built once, read by both
    assert engines.spec_of(served.entry, "fastokens") == engines.spec_of(served.entry, "tiktoken")


# ==== chosen by the size of the work ====

@pytest.fixture
def small_threshold(monkeypatch):
    """The bulk engine from one character per vocabulary entry per thread."""
    monkeypatch.setattr(engines, "BULK_FROM", 1)
    return opened("r50k_base")


def test_short_work_stays_with_tiktoken_and_builds_no_fastokens(small_threshold, monkeypatch):
    module = engines.native_module("fastokens")
    built = []
    build = module.build
    monkeypatch.setattr(module, "build", lambda spec: built.append(1) or build(spec))
    served = small_threshold
    per_thread = served.vocab_size
    assert served.engine == "tiktoken"
    assert served.for_work(per_thread - 1).engine == "tiktoken"
    assert served.for_work(2 * per_thread - 1, workers=2).engine == "tiktoken"
    served.encode_ids("a short text")
    assert built == []
    assert served.for_work(per_thread).engine == "fastokens"
    assert served.for_work(2 * per_thread, workers=2).engine == "fastokens"
    assert built == [1]  # built once, on the first large work


def test_large_work_gives_the_same_ids_through_fastokens(small_threshold):
    served = small_threshold
    text = probes.long_text(["<|endoftext|>"])[:3 * served.vocab_size]
    reference = reference_of("r50k_base")
    twin = served.for_work(len(text))
    assert twin.engine == "fastokens" and twin.decoder == "tiktoken" and served.engine == "tiktoken"
    assert served.encode_ids(text) == reference.encode_ids(text)
    assert bulk.encode_text(served, text, workers=2) == reference.encode_ids(text)
    lines = text.split("\n")
    assert bulk.encode_lines(served, lines, workers=2) == [reference.encode_ids(line) for line in lines]
    assert twin.decode(reference.encode_ids(text[:500])).text == text[:500]


def test_fastokens_parts_are_encoded_one_at_a_time_in_order(small_threshold, monkeypatch):
    """Its calls slow each other down side by side, so two workers give it
    one thread, and the caller works on each part as it comes."""
    monkeypatch.setattr(bulk, "MIN_PART", 1000)
    served = small_threshold
    text = probes.long_text(["<|endoftext|>"])[:3 * served.vocab_size]
    twin = served.for_work(len(text), workers=2)
    assert twin.engine == "fastokens" and not twin.calls_side_by_side
    assert opened("r50k_base").calls_side_by_side  # tiktoken's calls do
    native = type(twin._native)
    threads = set()
    encode_array = native.encode_array
    monkeypatch.setattr(native, "encode_array", lambda self, t: threads.add(threading.get_ident()) or
                        encode_array(self, t))
    parts = list(bulk.encode_parts(served, text, workers=2, arrays=True))
    assert len(parts) == 8 and len(threads) == 1 and threading.get_ident() not in threads
    assert [int(i) for part in parts for i in part] == reference_of("r50k_base").encode_ids(text)


def test_expected_work_starts_building_the_bulk_engine_beside_the_reading(small_threshold, monkeypatch):
    """A file large enough for fastokens on two workers has it built on a
    thread of its own before the text is read; one worker, or a small
    file, builds nothing ahead."""
    module = engines.native_module("fastokens")
    built = []
    build = module.build
    monkeypatch.setattr(module, "build", lambda spec: built.append(threading.current_thread().name) or build(spec))
    served = small_threshold
    per_thread = served.vocab_size
    served.expect_work(10 ** 9, workers=1)
    served.expect_work(2 * per_thread - 1, workers=2)
    assert built == []
    served.expect_work(2 * per_thread, workers=2)
    assert served.for_work(2 * per_thread, workers=2).engine == "fastokens"  # waits for that build
    assert built == ["bulk engine build"]


def test_pinning_an_engine_never_swaps_it(small_threshold):
    pinned = opened("r50k_base", engine="tiktoken")
    assert pinned.for_work(10 ** 9, workers=1).engine == "tiktoken"
    assert opened("spm-ja-unigram").for_work(10 ** 9).engine == "sentencepiece"  # fastokens cannot


def test_the_engines_command_names_the_bulk_engine_and_its_size():
    found = engines.survey("cl100k_base")
    assert found["auto"] == "tiktoken" and found["bulk"] == "fastokens"
    assert found["bulk_from"] == engines.BULK_FROM * opened("cl100k_base").vocab_size
    spm = engines.survey("spm-botchan-unigram")
    assert spm["bulk"] == "sentencepiece" and spm["bulk_from"] is None


# ==== demotion ====

class _Wrong:
    """A bulk engine that gets one character wrong."""

    def __init__(self, native):
        self.native = native

    def encode_ids(self, text):
        ids = self.native.encode_ids(text)
        return ids + [0] if "é" in text else ids

    def encode_batch(self, texts):
        return list(map(self.encode_ids, texts))


def test_a_wrong_fastokens_is_demoted_and_said_so_once(own_cache, monkeypatch):
    monkeypatch.setattr(engines, "BULK_FROM", 1)
    module = engines.native_module("fastokens")
    build = module.build
    monkeypatch.setattr(module, "build", lambda spec: _Wrong(build(spec)))
    notes = []
    served = opened("r50k_base", notes=notes.append)
    text = "café " * served.vocab_size
    assert served.for_work(len(text)).engine == "tiktoken"
    assert served.encode_ids(text) == reference_of("r50k_base").encode_ids(text)
    assert len(notes) == 1 and "fastokens" in notes[0] and "differs at token" in notes[0]
    again = []
    assert opened("r50k_base", notes=again.append).for_work(len(text)).engine == "tiktoken"
    assert again == []
    with pytest.raises(StudioError, match="--engine fastokens cannot serve r50k_base: probe .* differs at token"):
        opened("r50k_base", engine="fastokens")
    found = engines.survey("r50k_base")
    assert found["engines"]["fastokens"]["state"] == "differs" and found["bulk"] == "tiktoken"


# ==== threads and the rank file ====

@pytest.mark.parametrize("workers", [1, 2])
def test_workers_start_no_fastokens_pool(tmp_path, workers):
    """fastokens is held to the calling thread: its pool (threads named
    fastokens-N) never starts, and Rayon gets --workers threads.  The IDs
    written (by core.cli.id_text from its arrays, in parts with two
    workers) are the reference's."""
    if not Path("/proc/self/task").is_dir():
        pytest.skip("needs /proc to list threads")
    text = tmp_path / "text.txt"
    text.write_text("the quick brown fox, 中文 🙂 don't\n" * 12_000, encoding="utf-8")
    code = ("import os, sys; from core import engines; engines.BULK_FROM = 1\n"
            "from core.cli import tokens_cmds; tokens_cmds.ARRAYS_FROM = 1\n"
            "from core.cli.main import main\n"
            f"assert main(['encode', 'r50k_base', '--file', {str(text)!r}, '--ids-only', '--workers', '{workers}']) == 0\n"
            "names = [open(f'/proc/self/task/{t}/comm').read().strip() for t in os.listdir('/proc/self/task')]\n"
            "print(os.environ['FASTOKENS_BPE_THREADS'], os.environ['RAYON_NUM_THREADS'], "
            "any(n.startswith('fastokens') for n in names), file=sys.stderr)")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("FASTOKENS_", "RAYON_"))}
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    assert run.stderr.split() == ["1", str(workers), "False"]
    ids = reference_of("r50k_base").encode_ids(text.read_text(encoding="utf-8"))
    assert run.stdout == " ".join(map(str, ids)) + "\n"


def test_a_damaged_rank_file_is_written_again(own_cache):
    served = opened("cl100k_base", engine="fastokens")
    (path,) = (own_cache / "fastokens").iterdir()
    good = path.read_bytes()
    path.write_bytes(good.replace(b" 100\n", b" 101\n", 1))  # one rank wrong, the name unchanged
    module = engines.native_module("fastokens")
    native = module.build(engines.spec_of(served.entry, "fastokens"))
    text = probes.long_text([n for n, _ in served.specials])
    assert native.encode_ids(text) == served.encode_ids(text)
    assert path.read_bytes() == good


def test_an_unwritable_cache_still_builds_fastokens(tmp_path, monkeypatch):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("SUBWORD_STUDIO_CACHE", str(blocked))
    served = opened("r50k_base", engine="fastokens")
    assert served.encode_ids("Hello world") == reference_of("r50k_base").encode_ids("Hello world")


def test_a_build_started_ahead_that_fails_fails_again_where_the_engine_is_asked_for():
    """Bulk.start's thread keeps no error of its own: the caller's native()
    builds again, and the error is raised there, where it can be told."""
    from core.engines.served import Bulk

    calls = []

    def get():
        calls.append(threading.current_thread().name)
        raise StudioError("no engine today")
    bulk_engine = Bulk("fastokens", 10, get)
    bulk_engine.start()
    with pytest.raises(StudioError, match="no engine today"):
        bulk_engine.native()
    assert calls == ["bulk engine build", threading.current_thread().name]
    built = Bulk("fastokens", 10, lambda: calls.append("built") or "native")
    built.start()
    built.start()  # once
    assert built.native() == "native" and built.native() == "native" and calls.count("built") == 1
