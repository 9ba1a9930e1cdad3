"""minbpe ``.model`` files.  minbpe is not a package, so its RegexTokenizer
(train, encode, save: karpathy/minbpe ``base.py`` and ``regex.py``) is
restated below line for line as the oracle."""

import regex

from core import assets
from core.assets import identity
from core.pipeline import pretokenize
from core.errors import AssetError
from core.formats import export_asset, import_file
from test_formats_common import MULTILINGUAL, PROBES, TRAIN

import pytest


def get_stats(ids, counts=None):
    counts = {} if counts is None else counts
    for pair in zip(ids, ids[1:]):
        counts[pair] = counts.get(pair, 0) + 1
    return counts


def merge(ids, pair, idx):
    out, i = [], 0
    while i < len(ids):
        if ids[i] == pair[0] and i < len(ids) - 1 and ids[i + 1] == pair[1]:
            out.append(idx)
            i += 2
        else:
            out.append(ids[i])
            i += 1
    return out


class RegexTokenizer:
    def __init__(self, pattern, special_tokens):
        self.pattern, self.special_tokens = pattern, special_tokens
        self.compiled = regex.compile(pattern) if pattern else None
        self.merges = {}

    def chunks(self, text):
        return regex.findall(self.compiled, text) if self.compiled else [text]

    def train(self, text, vocab_size):
        ids = [list(ch.encode("utf-8")) for ch in self.chunks(text)]
        for i in range(vocab_size - 256):
            stats = {}
            for chunk in ids:
                get_stats(chunk, stats)
            if not stats:
                break
            pair = max(stats, key=stats.get)
            ids = [merge(chunk, pair, 256 + i) for chunk in ids]
            self.merges[pair] = 256 + i

    def encode_chunk(self, data):
        ids = list(data)
        while len(ids) >= 2:
            stats = get_stats(ids)
            pair = min(stats, key=lambda p: self.merges.get(p, float("inf")))
            if pair not in self.merges:
                break
            ids = merge(ids, pair, self.merges[pair])
        return ids

    def encode(self, text):  # allowed_special="all"
        if not self.special_tokens:
            return [i for c in self.chunks(text) for i in self.encode_chunk(c.encode("utf-8"))]
        parts = regex.split("(" + "|".join(regex.escape(k) for k in self.special_tokens) + ")", text)
        out = []
        for part in parts:
            if part in self.special_tokens:
                out.append(self.special_tokens[part])
            else:
                out += [i for c in self.chunks(part) for i in self.encode_chunk(c.encode("utf-8"))]
        return out

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write("minbpe v1\n")
            f.write(f"{self.pattern}\n")
            f.write(f"{len(self.special_tokens)}\n")
            for special, idx in self.special_tokens.items():
                f.write(f"{special} {idx}\n")
            for idx1, idx2 in self.merges:
                f.write(f"{idx1} {idx2}\n")


@pytest.mark.parametrize("pattern", ["cl100k", "gpt2", "none"])
def test_minbpe_model_imports_with_identical_ids_and_round_trips(tmp_path, pattern):
    split = pretokenize.get(pattern).pattern or ""
    reference = RegexTokenizer(split, {"<|endoftext|>": 100257})
    reference.train("\n".join(TRAIN), 256 + 60)
    path = tmp_path / "tok.model"
    reference.save(path)
    result = import_file(path, "minbpe")
    ours = assets.build_tokenizer(result.asset)
    for text in PROBES + ["x<|endoftext|>y", MULTILINGUAL * 2]:
        assert list(ours.encode(text).ids) == reference.encode(text), repr(text)
        assert ours.decode(reference.encode(text)) == text
    out = tmp_path / "again.model"
    export_asset(result.asset, ours, "minbpe", out)
    assert out.read_text("utf-8") == path.read_text("utf-8")
    assert identity.from_dict(import_file(out, "minbpe").asset).identity.interface_sha256 == \
        identity.from_dict(result.asset).identity.interface_sha256


def test_minbpe_import_exports_to_hf(tmp_path):
    tokenizers = pytest.importorskip("tokenizers")
    reference = RegexTokenizer(pretokenize.get("cl100k").pattern, {})
    reference.train("\n".join(TRAIN), 256 + 40)
    path = tmp_path / "tok.model"
    reference.save(path)
    result = import_file(path, "minbpe")
    out = tmp_path / "tokenizer.json"
    export_asset(result.asset, assets.build_tokenizer(result.asset), "hf", out)
    hf = tokenizers.Tokenizer.from_file(str(out))
    for text in PROBES:
        assert hf.encode(text).ids == reference.encode(text), repr(text)


def load_reference(path):
    """minbpe's ``load``: the file read back into the oracle."""
    lines = path.read_text("utf-8").split("\n")
    count = int(lines[2])
    specials = {name: int(i) for name, i in (line.split() for line in lines[3:3 + count])}
    reference = RegexTokenizer(lines[1], specials)
    for index, line in enumerate(l for l in lines[3 + count:] if l):
        reference.merges[tuple(map(int, line.split()))] = 256 + index
    return reference


@pytest.mark.parametrize("pretokenizer", ["none", "gpt2"])
def test_our_byte_bpe_is_renumbered_to_minbpe_ids_and_says_so(tmp_path, pretokenizer):
    from core.models import byte_bpe

    model = byte_bpe.train(TRAIN, 40, pretokenizer=pretokenizer)  # <BOS> <EOS> <PAD> 256-258, merges from 259
    assert model.merges[0].new_id == 259
    out = tmp_path / "x.model"
    report = export_asset(assets.byte_bpe_to_asset(model), model, "minbpe", out)
    reference = load_reference(out)
    # Bytes keep their IDs, merge i becomes 256 + i, the specials follow the last merge.
    renumber = {b: b for b in range(256)} | {m.new_id: 256 + i for i, m in enumerate(model.merges)}
    renumber |= {i: 256 + len(model.merges) + k for k, (_, i) in enumerate(sorted(model.specials, key=lambda s: s[1]))}
    assert reference.special_tokens == {name: renumber[i] for name, i in model.specials}
    for text in PROBES + [MULTILINGUAL]:
        assert reference.encode(text) == [renumber[i] for i in model.encode_ids(text)], repr(text)
    assert not report.exact and {f.code for f in report.changed} >= {"minbpe.renumbered", "minbpe.specials_moved"}
    imported = assets.build_tokenizer(import_file(out, "minbpe").asset)
    assert all(list(imported.encode(t).ids) == reference.encode(t) for t in PROBES)


def test_byte_bpe_without_specials_exports_to_minbpe_unchanged(tmp_path):
    from core.models import byte_bpe

    model = byte_bpe.train(TRAIN, 30, specials={})
    out = tmp_path / "x.model"
    report = export_asset(assets.byte_bpe_to_asset(model), model, "minbpe", out)
    assert model.merges[0].new_id == 256 and not [f for f in report.changed if f.code.startswith("minbpe.")]
    reference = load_reference(out)
    assert all(reference.encode(t) == model.encode_ids(t) for t in PROBES + [MULTILINGUAL])


@pytest.mark.parametrize("text, words", [
    ("minbpe v2\n\n0\n", ["line 1", "minbpe v1"]),
    ("minbpe v1\n\nx\n", ["line 3", "integer"]),
    ("minbpe v1\n\n1\n<s>\n", ["line 4", "special id"]),
    ("minbpe v1\n\n0\n97 98\n300 1\n", ["line 5", "below 257"]),
])
def test_bad_minbpe_files_give_one_clear_error(tmp_path, text, words):
    path = tmp_path / "bad.model"
    path.write_text(text, "utf-8")
    with pytest.raises(AssetError) as caught:
        import_file(path, "minbpe")
    for word in words:
        assert word in str(caught.value)
