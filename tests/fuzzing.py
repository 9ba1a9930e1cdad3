"""Shared pieces of the robustness suite: example counts, structured
mutations of valid files, and the one assertion every loader must meet.

The default run is small and derandomized, so CI is quick and never flaky;
``FUZZ_EXAMPLES=5000`` (say) runs a bigger, still reproducible, search.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from core.errors import StudioError

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "60"))


def fuzz_settings(share: float = 1.0, *, at_least: int = 5):
    """``share`` of the example budget; function-scoped fixtures (tmp_path,
    qtbot) are reused across examples on purpose: each example cleans up."""
    return settings(max_examples=max(at_least, int(EXAMPLES * share)), deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                           HealthCheck.data_too_large])


def assert_clean(call, *args, **kwargs):
    """Run a loader: it succeeds, or raises a StudioError with one line of
    text; any other exception (a traceback for the user) fails the test."""
    try:
        return call(*args, **kwargs)
    except StudioError as exc:
        message = str(exc)
        assert message and "\n" not in message and "Traceback" not in message, message
        assert len(message) < 2000, f"an error message of {len(message)} characters floods the user"
        return None


# ==== byte mutations ====

# Text a person or a broken tool puts into files: a BOM, a NUL, CRLF, stray
# and truncated UTF-8, a lone surrogate spelled in UTF-8, huge and negative
# numbers, deep nesting and an enormous line.
CHUNKS = [b"\xef\xbb\xbf", b"\x00", b"\r\n", b"\r", b"\n\n", b"\t", b" ", b"\xff", b"\xc3", b"\xe4\xb8",
          b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"9" * 400, b"-1", b"-0", b"1e400", b"0.5", b"\xc2\xb2",
          b"NaN", b"null", b'"', b"[" * 3000, b"{" * 50, b"a" * 100_000, b"\xe2\x80\xa8", b"#", b"=="]


@st.composite
def mutated_bytes(draw, seeds: tuple[bytes, ...], *, max_ops: int = 4):
    """One valid file, then a few edits: truncate, flip a byte, delete or
    duplicate a span, insert a nasty chunk, or switch every LF to CRLF."""
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, max_ops))):
        op = draw(st.sampled_from(["truncate", "flip", "delete", "duplicate", "insert", "insert", "crlf"]))
        at = draw(st.integers(0, max(0, len(data)))) if data else 0
        if op == "truncate":
            del data[at:]
        elif op == "flip" and data:
            at = min(at, len(data) - 1)
            data[at] ^= draw(st.integers(1, 255))
        elif op == "delete":
            del data[at:at + draw(st.integers(1, 64))]
        elif op == "duplicate":
            data[at:at] = data[at:at + draw(st.integers(1, 256))]
        elif op == "insert":
            data[at:at] = draw(st.sampled_from(CHUNKS))
        elif op == "crlf":
            data = bytearray(bytes(data).replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))
    return bytes(data)


# ==== JSON mutations ====

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2 ** 70), max_value=2 ** 70),
                      st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=8),
                      st.sampled_from(["char-bpe", "byte-bpe", "wordpiece", "unigram", "bpe", "</w>", "[UNK]",
                                      "<BOS>", "bytes", "none", "sentencepiece", "bert-basic", "BPE", "Split",
                                      "Sequence", "WordPiece", "Unigram", "ByteLevel", "Regex", "records",
                                      "words", 10 ** 30, -1, 0, ""]))
json_value = st.recursive(json_leaf, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=8), inner, max_size=5)), max_leaves=25)
ACTIONS = ["delete", "replace", "wrap", "stringify", "duplicate"]


def paths_of(value, prefix=()):
    """Every path into a JSON value, the root first."""
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths_of(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths_of(item, prefix + (index,))


def mutate(document, path, action, replacement):
    """Apply ``action`` at ``path``: delete it, replace it, wrap it in a
    list, turn it into a string (right value, wrong type) or duplicate it
    (a list item twice; a dict gets a spelled-out duplicate key when
    dumped by :func:`dump_with_duplicate`)."""
    if not path:
        return replacement
    parent = document
    for step in path[:-1]:
        parent = parent[step]
    last = path[-1]
    if action == "delete":
        del parent[last]
    elif action == "replace":
        parent[last] = replacement
    elif action == "wrap":
        parent[last] = [parent[last]]
    elif action == "duplicate":
        if isinstance(parent, list):
            parent.insert(last, parent[last])
        else:
            parent[last] = DuplicateKey(parent[last])
    else:
        parent[last] = json.dumps(parent[last])
    return document


class DuplicateKey:
    """A value written twice under its key, which json.dumps cannot do."""

    def __init__(self, value):
        self.value = value


def dump(document) -> bytes:
    """JSON text; a :class:`DuplicateKey` value appears under its key twice."""
    if isinstance(document, DuplicateKey):
        return dump(document.value)
    if isinstance(document, dict):
        parts = []
        for key, value in document.items():
            item = json.dumps(key) + ": " + dump(value).decode()
            parts += [item, item] if isinstance(value, DuplicateKey) else [item]
        return ("{" + ", ".join(parts) + "}").encode()
    if isinstance(document, list):
        return ("[" + ", ".join(dump(v).decode() for v in document) + "]").encode()
    return json.dumps(document, ensure_ascii=False).encode()


@st.composite
def mutated_json(draw, seeds: tuple[str, ...], *, max_ops: int = 2):
    """A valid JSON file with a few structural edits at random paths."""
    document = json.loads(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, max_ops))):
        paths = [p for p in paths_of(document)]
        path = draw(st.sampled_from(paths))
        try:
            document = mutate(document, path, draw(st.sampled_from(ACTIONS)), draw(json_value))
        except (TypeError, KeyError, IndexError):  # a path under a DuplicateKey: leave it
            pass
    return dump(document)


def snapshot(folder) -> dict:
    """Every entry of the folder: a regular file's hash and mode, a link's target, other kinds' type
    (compared before and after a command that must leave its inputs alone)."""
    out = {}
    for name in os.listdir(folder):
        path = os.path.join(folder, name)
        mode = os.lstat(path).st_mode
        if stat.S_ISLNK(mode):
            out[name] = ("link", os.readlink(path))
        elif stat.S_ISREG(mode):
            with open(path, "rb") as handle:
                out[name] = ("file", hashlib.sha256(handle.read()).hexdigest(), stat.S_IMODE(mode))
        else:
            out[name] = ("other", stat.S_IFMT(mode))
    return out


def write_awkward_files(folder, lines) -> None:
    """Two corpus files a reader must take as they are: ``a.txt`` with a BOM
    and CRLF, ``b.txt`` with invalid bytes (FF FE, a cut C3) and no final
    newline; ``lines(n)`` gives n lines of text."""
    (folder / "a.txt").write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines(400)).encode() + b"\r\n")
    (folder / "b.txt").write_bytes("\n".join(lines(300)).encode() + b"\nbad \xff\xfe byte\n\xc3 cut" +
                                   "\n".join(lines(200)).encode())
