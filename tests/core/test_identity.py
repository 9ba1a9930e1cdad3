"""Canonical identity (docs/identity.md), asset validation and the identity CLI."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import rfc8785
from hypothesis import given, settings, strategies as st

from core.inspect import asset_diff
from core.assets import identity
from core import assets
from core.models import byte_bpe, char_bpe
from core.assets import classroom
from core.cli.main import main
from core.corpus import EXAMPLE_19_1, WordCorpus
from core.errors import AssetError, StudioError

ROOT = Path(__file__).resolve().parents[2]
# Frozen oracle: docs/identity.md quotes it; it changes only with the rule.
EXAMPLE_19_1_INTERFACE = "84498dd75d67bc3f20d0b285bad63b6dc08662dd610395462bdc441ec5448f18"


def char_asset(corpus=EXAMPLE_19_1, merges=4, **kw):
    return assets.char_bpe_to_asset(char_bpe.train(corpus, merges=merges, **kw), name="example")


def byte_asset(merges=32):
    records = classroom.records()
    return assets.byte_bpe_to_asset(byte_bpe.train(records, merges), records=records, name="classroom")


def ident(asset) -> identity.Identity:
    return identity.identify(json.loads(json.dumps(asset)))


def reorder(value):
    """The same JSON with every object's keys in reverse order."""
    if isinstance(value, dict):
        return {k: reorder(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [reorder(v) for v in value]
    return value


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


# ==== the documented rule, recomputed by hand ====

def test_example_19_1_identity_follows_the_documented_rule():
    ours = ident(char_asset())
    by_hand = {
        "identity": "subword-studio/tokenizer-interface", "version": 1, "kind": "char-bpe",
        "symbols": [[1, "</w>"], [2, "e"], [3, "l"], [4, "n"], [5, "o"], [6, "r"], [7, "w"]],
        "vocab": [{"special": "[UNK]"}, "</w>", "e", "l", "n", "o", "r", "w", "lo", "low", "low</w>", "er"],
        "merges": [["l", "o"], ["lo", "w"], ["low", "</w>"], ["e", "r"]],
        "specials": [{"token": "[UNK]", "id": 0, "role": "unk"}],
        "normalizer": {"type": "none"},
        "pre_tokenizer": {"type": "whitespace"},
        "boundary": {"marker": "end_of_word", "symbol": "</w>"},
    }
    assert ours.interface_sha256 == hashlib.sha256(rfc8785.dumps(by_hand)).hexdigest() == EXAMPLE_19_1_INTERFACE
    assert ours.values["counts"] == [3, 3, 2, 1]
    assert ours.components["merges"] == hashlib.sha256(rfc8785.dumps(by_hand["merges"])).hexdigest()
    full = {**by_hand, "identity": "subword-studio/tokenizer-full", "counts": [3, 3, 2, 1],
            "trainer": ours.values["trainer"], "training_data": EXAMPLE_19_1.identity()}
    assert ours.full_sha256 == hashlib.sha256(rfc8785.dumps(full)).hexdigest()
    assert ours.values["trainer"]["tie_policy"] == "lexicographic"


def test_byte_components_name_tokens_by_bytes():
    values = ident(byte_asset()).values
    assert len(values["vocab"]) == 291 and values["vocab"][97] == "61"
    assert values["vocab"][256:259] == [{"special": "<BOS>"}, {"special": "<EOS>"}, {"special": "<PAD>"}]
    assert values["vocab"][259] == "3a20" and values["merges"][0] == ["3a", "20"]
    assert values["training_data"] == assets.records_identity(classroom.records())
    assert values["training_data"]["records"] == 24


# ==== metadata and formatting never change identity ====

@pytest.mark.parametrize("make", [char_asset, byte_asset], ids=["char-bpe", "byte-bpe"])
def test_key_order_indentation_and_metadata_do_not_change_identity(tmp_path, make):
    asset = make()
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    first.write_text(json.dumps(asset, indent=2, ensure_ascii=False), encoding="utf-8")
    other = reorder(copy.deepcopy(asset))
    other["metadata"] = {"notes": "saved again", "name": "renamed", "created": "1999-01-01T00:00:00+00:00",
                         "anything": [1, 2, {"x": None}]}
    second.write_text(json.dumps(other, indent=None, ensure_ascii=True, separators=(",", ":")), encoding="utf-8")
    assert hashlib.sha256(first.read_bytes()).digest() != hashlib.sha256(second.read_bytes()).digest()
    a, b = identity.load(first).identity, identity.load(second).identity
    assert a == b and a.interface_sha256 != a.full_sha256
    del other["metadata"], other["specials"], other["boundary"]  # implied by the model
    assert ident(other) == a


def test_identity_is_stable_across_processes_and_hash_seeds(tmp_path):
    corpus = tmp_path / "ties.tsv"
    # Many equal counts: any dependence on set or dict order would show.
    corpus.write_text("".join(f"{w}\t2\n" for w in ("abc", "bca", "cab", "acb", "bac", "cba", "aabb", "bbaa")),
                      encoding="utf-8")
    script = ("import sys, json; from core import assets; from core.models import byte_bpe;"
              " from core.assets import classroom, identity; from core.cli.main import main;"
              "assert main(['train', sys.argv[1], '--merges', '6', '--tie', sys.argv[3], '-o', sys.argv[2]]) == 0;"
              "r = classroom.records(); a = assets.byte_bpe_to_asset(byte_bpe.train(r, 32), records=r);"
              "print(json.dumps([identity.identity_json(identity.load(sys.argv[2]).identity),"
              " identity.identity_json(identity.identify(a))]))")
    for tie in ("first-seen", "subword-nmt"):
        outputs = []
        for seed in ("0", "1", "12345"):
            out = tmp_path / f"{tie}-{seed}.json"
            done = subprocess.run([sys.executable, "-c", script, str(corpus), str(out), tie], cwd=ROOT,
                                  env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True)
            assert done.returncode == 0, done.stderr
            outputs.append(json.loads(done.stdout.splitlines()[-1]))  # after train's summary line
            assert identity.load(out).identity.full_sha256 == outputs[-1][0]["full_sha256"]
        assert outputs[0] == outputs[1] == outputs[2]
    assert outputs[0][1]["interface_sha256"] == ident(byte_asset()).interface_sha256


# ==== what does change identity, and the diff names it ====

def test_swapping_ids_268_and_270_changes_the_interface_and_is_named():
    loaded = identity.from_dict(byte_asset())
    broken = identity.from_dict(asset_diff.swap_ids(loaded, 268, 270))
    assert broken.identity.vocab_size == 291
    diff = asset_diff.compare(loaded.identity, broken.identity)
    assert not diff.interface_equal and not diff.full_equal
    assert [c.name for c in diff.components if not c.same] == ["vocab"]
    (swap,) = diff.findings
    assert swap.kind == "id_swap" and swap.detail["ids"] == [268, 270] and swap.shape_checks_pass
    assert set(swap.breaks) == {"embedding_rows", "output_columns", "output_biases", "encoded_datasets", "prompts"}
    # The copy's runtime really uses the file's IDs.
    a, b = loaded.tokenizer, broken.tokenizer
    left, right = a.token_bytes(268), a.token_bytes(270)
    assert b.token_bytes(270) == left and b.token_bytes(268) == right
    text = (left + b" " + right).decode("utf-8")
    assert [{268: 270, 270: 268}.get(i, i) for i in a.encode(text).ids] == list(b.encode(text).ids)
    assert b.decode(b.encode(text).ids).text == text
    assert b.decode(a.encode(text).ids).text == (right + b" " + left).decode("utf-8")


def test_swapping_two_ids_in_char_bpe():
    loaded = identity.from_dict(char_asset())
    broken = identity.from_dict(asset_diff.swap_ids(loaded, 9, 11))  # low <-> er
    diff = asset_diff.compare(loaded.identity, broken.identity)
    assert [f.kind for f in diff.findings] == ["id_swap"]
    assert diff.findings[0].detail == {"ids": [9, 11], "tokens": ["low", "er"]}
    assert loaded.tokenizer.encode_word("lower").ids == (9, 11, 1)
    assert broken.tokenizer.encode_word("lower").ids == (11, 9, 1)
    assert broken.tokenizer.decode([11, 9, 1]) == "lower"
    # Swapping the unknown token moves the special too.
    moved = identity.from_dict(asset_diff.swap_ids(loaded, 0, 2))
    assert moved.asset["specials"] == [{"token": "[UNK]", "id": 2, "role": "unk"}]
    kinds = [f.kind for f in asset_diff.compare(loaded.identity, moved.identity).findings]
    assert kinds == ["id_swap", "specials_changed"]


def test_changing_one_merges_order_is_named():
    asset = char_asset()
    merges = asset["model"]["merges"]
    merges[2], merges[3] = merges[3], merges[2]
    merges[2]["rank"], merges[3]["rank"] = 3, 4
    changed = ident(asset)
    diff = asset_diff.compare(ident(char_asset()), changed)
    assert not diff.interface_equal
    assert [f.kind for f in diff.findings] == ["merge_order"]
    assert diff.findings[0].detail["ranks"] == [3, 4]

    byte = byte_asset()
    merges = byte["model"]["merges"]  # ranks 3 and 4 ("ke", "lu", both ×7) do not depend on each other
    merges[2], merges[3] = merges[3], merges[2]
    merges[2]["rank"], merges[3]["rank"] = 3, 4
    diff = asset_diff.compare(ident(byte_asset()), ident(byte))
    assert [(f.kind, f.detail["ranks"]) for f in diff.findings] == [("merge_order", [3, 4])]
    assert [c.name for c in diff.components if not c.same] == ["merges"]


def test_provenance_changes_only_the_full_identity():
    base = ident(char_asset())
    other = ident(char_asset(WordCorpus.from_pairs([("low", 5), ("lower", 2), ("new", 2)])))
    assert other.values["merges"][:2] == base.values["merges"][:2]
    retitled = char_asset()
    retitled["trainer"]["version"] = "2"
    diff = asset_diff.compare(base, ident(retitled))
    assert diff.interface_equal and not diff.full_equal
    assert [f.kind for f in diff.findings] == ["trainer_changed"]


# ==== validation: one clear AssetError per problem ====

def write(tmp_path, asset, name="asset.json"):
    path = tmp_path / name
    path.write_text(json.dumps(asset), encoding="utf-8")
    return path


def changed(make, change):
    asset = make()
    change(asset)
    return asset


@pytest.mark.parametrize("make, change, message", [
    (char_asset, lambda a: a.update(schema_version=2), "unknown schema version 2"),
    (char_asset, lambda a: a.update(kind=["char-bpe"]), "unknown tokenizer kind"),
    (char_asset, lambda a: a["model"].update(vocab=7), "expected a list of token strings"),
    (char_asset, lambda a: a["model"]["vocab"].__setitem__(9, "lo"), "token 'lo' has two IDs, 8 and 9"),
    (char_asset, lambda a: a["model"]["vocab"].append("zz"), "'zz' is not a special"),
    (char_asset, lambda a: a["model"]["merges"][1].update(pair=["lo", "x"], new="lox"), "unknown symbol 'x'"),
    (char_asset, lambda a: a["model"]["merges"][0].update(rank="1"), "rank: expected int, found str"),
    (char_asset, lambda a: a.update(specials=[{"token": "[UNK]", "id": 3, "role": "unk"}]), "disagrees"),
    (char_asset, lambda a: a.update(normalizer={"type": "nfc"}), "applies no normalization"),
    (char_asset, lambda a: a.update(boundary={"marker": "end_of_word", "symbol": "@@"}), "boundary"),
    (char_asset, lambda a: a["training_corpus"].append(["new", 9]), "does not match training_data"),
    (char_asset, lambda a: a.update(trainer={"version": "1"}), "trainer: missing field 'name'"),
    (byte_asset, lambda a: a["model"]["merges"][9].update(id=270), "duplicate ID 270"),
    (byte_asset, lambda a: a["model"]["merges"][-1].update(id=300), "gap: 290 is unused but 300"),
    (byte_asset, lambda a: a["model"]["merges"][0].update(pair=[58, 262]), "unknown symbol ID 262"),
    (byte_asset, lambda a: a["model"]["merges"][0].update(pair=[256, 32]), "special '<BOS>'"),
    (byte_asset, lambda a: a["model"]["merges"][0].update(id=65), "65 is a byte value"),
    (byte_asset, lambda a: a["model"]["specials"][0].update(id=True), "expected int, found bool"),
    (byte_asset, lambda a: a.update(training_data={"sha256": "x", "records": 1}), "64 lowercase hex"),
])
def test_bad_assets_give_one_clear_error(tmp_path, make, change, message):
    path = write(tmp_path, changed(make, change))
    with pytest.raises(AssetError, match=message) as caught:
        identity.load(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("data, message", [
    (b'{"format": "subword-studio/tokenizer", "schema_version": 1, "kind"', r"not valid JSON \(line 1, column 67"),
    (b'{"a": 1, "a": 2}', "duplicate key 'a'"),
    (b'{"a": NaN}', "NaN is not a JSON number"),
    (b'{"a": -1e400}', "too large for a double"),
    (b"[" * 100_000, "nested too deeply"),
    (b"9" * 5000, "over the limit 9007199254740991 of a JSON integer"),
    (b"9007199254740992", "the integer .9007199254740992. is over the limit"),
    (b'{"x": "\xff"}', "invalid UTF-8 at byte offset 7"),
    (b"[]", "must be a JSON object"),
])
def test_unreadable_files(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_bytes(data)
    with pytest.raises(AssetError, match=message):
        assets.read_asset(path)


def test_size_limit_and_missing_files(tmp_path, monkeypatch):
    path = write(tmp_path, char_asset())
    with pytest.raises(AssetError, match="no such file"):
        identity.load(tmp_path / "nope.json")
    with pytest.raises(AssetError, match="is a directory"):
        identity.load(tmp_path)
    monkeypatch.setattr(assets, "MAX_ASSET_BYTES", 100)
    with pytest.raises(AssetError, match="over the 100-byte asset limit"):
        identity.load(path)


def test_huge_integers_cannot_be_canonicalized(tmp_path):
    path = write(tmp_path, changed(char_asset, lambda a: a["model"]["merges"][0].update(count=2 ** 60)))
    with pytest.raises(AssetError, match="the integer '1152921504606846976' is over the limit 9007199254740991"):
        identity.load(path)  # refused as it is read, the limit every JSON reader applies
    asset = changed(char_asset, lambda a: a["model"]["merges"][0].update(count=2 ** 60))
    with pytest.raises(AssetError, match="cannot canonicalize"):
        identity.sha256_of(asset)


# ==== checkpoint binding ====

def test_manifest_binding(tmp_path):
    original = identity.from_dict(byte_asset())
    broken = identity.from_dict(asset_diff.swap_ids(original, 268, 270))
    manifest = identity.manifest_for(original.identity)
    assert identity.check_manifest(manifest, original.identity) == identity.Binding(
        True, original.identity.interface_sha256, original.identity.interface_sha256, ())
    binding = identity.check_manifest(manifest, broken.identity)
    assert not binding.match
    assert [r["kind"] for r in binding.reasons] == ["interface_mismatch", "same_shape"]
    smaller = identity.from_dict(byte_asset(merges=10)).identity
    assert [r["kind"] for r in identity.check_manifest(manifest, smaller).reasons] == [
        "interface_mismatch", "vocab_size_mismatch"]
    wrong = {identity.MANIFEST_KEY: original.identity.full_sha256}
    assert [r["kind"] for r in identity.check_manifest(wrong, original.identity).reasons] == [
        "interface_mismatch", "full_hash_given"]
    retrained = copy.deepcopy(original.asset)
    retrained["trainer"]["version"] = 99
    binding = identity.check_manifest(manifest, identity.identify(retrained))
    assert binding.match and [r["kind"] for r in binding.reasons] == ["provenance_differs"]


@pytest.mark.parametrize("content, message", [
    ('{"tokenizer_interface_sha256": "abc"}', "64 lowercase hex"),
    ('{"tokenizer_interface_sha256": "' + "a" * 64 + '", "vocab_size": "291"}', "vocab_size must be an integer"),
    ("[1]", "a manifest is a JSON object"),
    ("{", "not valid JSON"),
])
def test_bad_manifests(tmp_path, content, message):
    path = tmp_path / "m.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(AssetError, match=message):
        identity.read_manifest(path)


# ==== CLI ====

def test_cli_identity_json(tmp_path, capsys):
    path = write(tmp_path, char_asset())
    code, out, _ = run(capsys, "identity", path, "--json")
    result = json.loads(out)
    assert code == 0 and set(result) == {"interface_sha256", "full_sha256", "components"}
    assert result["interface_sha256"] == EXAMPLE_19_1_INTERFACE
    assert set(result["components"]) == set(identity.COMPONENTS)


def test_cli_diff_names_the_swap_and_exits_by_result(tmp_path, capsys):
    records = classroom.records()
    original = assets.byte_bpe_to_asset(byte_bpe.train(records, 32), records=records)
    a = write(tmp_path, original, "a.json")
    b = write(tmp_path, asset_diff.swap_ids(identity.from_dict(original), 268, 270), "b.json")
    code, out, _ = run(capsys, "diff", a, b, "--json")
    result = json.loads(out)
    assert code == 1 and result["equal"] is False
    (swap,) = result["findings"]
    assert swap["kind"] == "id_swap" and swap["ids"] == [268, 270] and swap["shape_checks_pass"] is True
    moved = [r for r in result["behaviour"] if r["how"] != "same"]
    assert moved and all(r["how"] == "renumbered" for r in moved)
    same = tmp_path / "same.json"
    same.write_text(json.dumps(reorder(original), indent=7), encoding="utf-8")
    assert run(capsys, "diff", a, same)[0] == 0
    code, out, _ = run(capsys, "diff", a, b)
    assert "IDs 268 and 270 are swapped" in out and "shape checks still pass" in out
    code, _, err = run(capsys, "diff", a, tmp_path / "missing.json")
    assert code == 2 and "missing.json: no such file" in err and len(err.strip().splitlines()) == 1


def test_cli_manifest_check(tmp_path, capsys):
    original = identity.from_dict(byte_asset())
    a = write(tmp_path, original.asset, "a.json")
    b = write(tmp_path, asset_diff.swap_ids(original, 268, 270), "b.json")
    manifest = tmp_path / "checkpoint.json"
    assert run(capsys, "identity", a, "--write-manifest", manifest)[0] == 0
    assert json.loads(manifest.read_text())["vocab_size"] == 291
    code, out, _ = run(capsys, "identity", a, "--manifest", manifest, "--json")
    assert code == 0 and json.loads(out)["manifest"]["match"] is True
    code, out, _ = run(capsys, "identity", b, "--manifest", manifest, "--json")
    assert code == 1 and json.loads(out)["manifest"]["reasons"][1] == {"kind": "same_shape", "vocab_size": 291}
    code, out, _ = run(capsys, "identity", b, "--manifest", manifest)
    assert code == 1 and "MISMATCH" in out
    manifest.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "identity", a, "--manifest", manifest)
    assert code == 2 and "tokenizer_interface_sha256" in err


def test_renumbered_char_asset_encodes_with_its_own_ids(tmp_path, capsys):
    loaded = identity.from_dict(char_asset())
    path = write(tmp_path, asset_diff.swap_ids(loaded, 9, 11))
    code, out, _ = run(capsys, "encode", path, "lower", "--json")
    assert code == 0 and json.loads(out)[0]["ids"] == [11, 9, 1]
    code, out, _ = run(capsys, "decode", path, 11, 9, 1)
    assert code == 0 and out.strip() == "lower"


def test_swap_ids_rejects_bad_requests():
    loaded = identity.from_dict(byte_asset())
    for ids, message in (((268, 268), "two different IDs"), ((268, 291), "outside the vocabulary"),
                         ((97, 270), "bytes themselves")):
        with pytest.raises(StudioError, match=message):
            asset_diff.swap_ids(loaded, *ids)


def test_merge_count_is_none_for_kinds_without_merges():
    from core.models import unigram, wordpiece

    assert ident(byte_asset()).merges == 32
    wp = assets.wordpiece_to_asset(wordpiece.WordPiece(("[UNK]", "low", "##er", "new")))
    assert identity.from_dict(wp).identity.merges is None
    uni = assets.unigram_to_asset(unigram.train(unigram.normalized_corpus({"low": 5, "lower": 2}), vocab_size=20))
    assert identity.from_dict(uni).identity.merges is None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**53 + 1, 2**53 - 1) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
    max_leaves=12)


@given(st.dictionaries(st.text(max_size=6), json_values, max_size=6))
@settings(max_examples=300, deadline=None)
def test_spliced_documents_equal_serializing_the_whole(document):
    """identify() serializes each component once and splices the bytes; the
    result must be the RFC 8785 bytes of the whole object, member order
    included (UTF-16 code units: U+FF61 sorts after U+1F600)."""
    document = {**document, "\uff61": 1, "\U0001f600": 2}
    parts = {name: identity.canonical_json(value) for name, value in document.items()}
    assert identity._splice(parts) == identity.canonical_json(document)
