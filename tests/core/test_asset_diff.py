"""Structural and behavioural diffs between tokenizer assets."""

from __future__ import annotations

import copy
import json

import pytest

from core.inspect import asset_diff
from core.assets import identity
from core import assets
from core.models import byte_bpe, char_bpe
from core.assets import classroom
from core.corpus import EXAMPLE_19_1, WordCorpus

SEED_004 = WordCorpus.from_pairs([("low", 5), ("lowest", 2), ("newer", 6), ("wider", 3), ("new", 2)])


def char(corpus=EXAMPLE_19_1, merges=4, **kw):
    return identity.from_dict(json.loads(json.dumps(
        assets.char_bpe_to_asset(char_bpe.train(corpus, merges=merges, **kw)))))


def byte(merges=32, pretokenizer="none"):
    records = classroom.records()
    model = byte_bpe.train(records, merges, pretokenizer=pretokenizer)
    return identity.from_dict(json.loads(json.dumps(assets.byte_bpe_to_asset(model, records=records))))


def kinds(a, b):
    return [f.kind for f in asset_diff.compare(a.identity, b.identity).findings]


def test_equal_assets_have_no_findings():
    diff = asset_diff.compare(byte().identity, byte().identity)
    assert diff.equal and diff.interface_equal and diff.findings == ()
    assert all(c.same for c in diff.components)
    assert [c.name for c in diff.components if c.interface] == list(identity.INTERFACE)


def test_more_merges_are_added_merges_and_a_shape_change():
    diff = asset_diff.compare(byte(10).identity, byte(32).identity)
    assert [f.kind for f in diff.findings] == ["vocab_size", "vocab_changed", "merges_added"]
    size, vocab, added = diff.findings
    assert (size.detail, size.shape_checks_pass) == ({"a": 259 + 10, "b": 259 + 32}, False)
    assert vocab.detail["added_count"] == 22 and vocab.detail["removed_count"] == 0
    assert vocab.detail["renumbered_count"] == 0
    assert added.detail == {"from_rank": 11, "count": 22}
    assert kinds(byte(32), byte(10)) == ["vocab_size", "vocab_changed", "merges_removed"]


def test_tie_policy_changes_the_third_merge_of_seed_004():
    first_seen = char(SEED_004, 3, tie="first-seen")
    lexicographic = char(SEED_004, 3, tie="lexicographic")
    diff = asset_diff.compare(first_seen.identity, lexicographic.identity)
    merges = next(f for f in diff.findings if f.kind == "merges_changed")
    assert merges.detail == {"first_rank": 3, "a": ["n", "e"], "b": ["e", "w"], "common_prefix": 2,
                             "only_a": [["n", "e"]], "only_a_count": 1, "only_b": [["e", "w"]], "only_b_count": 1}
    assert "trainer_changed" in [f.kind for f in diff.findings]
    assert merges.shape_checks_pass is True  # same vocab size, other segmentation


def test_pre_tokenizer_change_is_named():
    found = kinds(byte(8), byte(8, pretokenizer="gpt2"))
    assert "pre_tokenizer_changed" in found


def test_same_merges_other_corpus_is_provenance_only():
    doubled = WordCorpus.from_pairs([(w, 2 * c) for w, c in EXAMPLE_19_1.items()])
    diff = asset_diff.compare(char().identity, char(doubled).identity)
    assert diff.interface_equal and not diff.full_equal
    assert [f.kind for f in diff.findings] == ["counts_changed", "training_data_changed"]
    assert diff.findings[0].detail == {"ranks": [1, 2, 3, 4], "changed_count": 4}
    assert diff.findings[0].breaks == ()


def test_a_three_cycle_and_a_mass_renumbering():
    loaded = byte()
    once = identity.from_dict(asset_diff.swap_ids(loaded, 268, 270))
    twice = identity.from_dict(asset_diff.swap_ids(once, 270, 275))
    (cycle,) = asset_diff.compare(loaded.identity, twice.identity).findings
    assert cycle.kind == "id_cycle" and sorted(cycle.detail["ids"]) == [268, 270, 275]
    shuffled = copy.deepcopy(loaded.asset)
    order = list(range(259, 291))
    mapping = dict(zip(order, order[1:] + order[:1]))  # rotate every learned ID by one
    for merge in shuffled["model"]["merges"]:
        merge["id"] = mapping[merge["id"]]
        merge["pair"] = [mapping.get(p, p) for p in merge["pair"]]
    rotated = identity.from_dict(shuffled)
    (one_cycle,) = asset_diff.compare(loaded.identity, rotated.identity).findings
    assert one_cycle.kind == "id_cycle" and len(one_cycle.detail["ids"]) == 32
    assert rotated.tokenizer.encode("red key .").ids == tuple(
        mapping.get(i, i) for i in loaded.tokenizer.encode("red key .").ids)


def test_many_cycles_collapse_into_one_finding(monkeypatch):
    loaded = byte()
    asset = loaded.asset
    for k in range(259, 267, 2):  # four swaps
        asset = asset_diff.swap_ids(identity.from_dict(asset), k, k + 1)
    renumbered = identity.from_dict(asset)
    assert kinds(loaded, renumbered) == ["id_swap"] * 4
    monkeypatch.setattr(asset_diff, "LIST_LIMIT", 3)
    (finding,) = asset_diff.compare(loaded.identity, renumbered.identity).findings
    assert finding.kind == "ids_renumbered" and finding.shape_checks_pass
    assert finding.detail["moved_count"] == 8 and finding.detail["cycle_count"] == 4
    assert finding.detail["examples"][0][:2] == [259, 260]


def test_char_and_byte_assets_compare_without_error():
    diff = asset_diff.compare(char().identity, byte().identity)
    assert diff.findings[0].kind == "kind_changed"
    rows = asset_diff.behaviour(char().tokenizer, byte().tokenizer, ["low lower"])
    assert rows[0].how == "resegmented"


def test_behaviour_on_the_swap():
    loaded = byte()
    broken = identity.from_dict(asset_diff.swap_ids(loaded, 268, 270))  # key <-> red, seed 000 exercise 5
    assert (loaded.tokenizer.token_bytes(268), loaded.tokenizer.token_bytes(270)) == (b"key", b"red")
    rows = asset_diff.behaviour(loaded.tokenizer, broken.tokenizer, ["red key .", "学生", "gold: 750"])
    first, chinese, gold = rows
    assert first.how == "renumbered" and first.a.pieces == first.b.pieces == ("red", "␣", "key", "␣", ".")
    assert first.changed == ((0, 270, 268), (2, 268, 270))
    assert first.a_ids_read_by_b == "key red ."  # a stored dataset now says something else
    assert chinese.how == gold.how == "same" and chinese.a_ids_read_by_b == "学生"


def test_behaviour_reports_failures_and_default_probes():
    no_unk = char(unk=None)
    rows = asset_diff.behaviour(char().tokenizer, no_unk.tokenizer, ["low", "café"])
    assert rows[0].how == "renumbered"  # without [UNK] at 0, every ID moves down by one
    assert rows[1].how == "failed"
    assert "not in the symbol table" in rows[1].b.error and rows[1].a.pieces[:1] == ("[UNK]",)
    probes = asset_diff.probe_texts()
    assert probes[:24] == tuple(classroom.records()) and probes[-1] == asset_diff.MIXED_PROBE


def test_spelled_probes_make_a_swallowed_swap_visible():
    loaded = byte()
    broken = identity.from_dict(asset_diff.swap_ids(loaded, 268, 270))
    diff = asset_diff.compare(loaded.identity, broken.identity)
    extra = asset_diff.spelled_probes(diff, loaded.identity)
    expected = tuple(loaded.tokenizer.token_bytes(i).decode() for i in (268, 270))
    assert extra == expected
    rows = asset_diff.behaviour(loaded.tokenizer, broken.tokenizer, extra)
    assert [r.how for r in rows] == ["renumbered", "renumbered"]


def test_diff_json_and_explain_are_complete():
    loaded = byte()
    broken = identity.from_dict(asset_diff.swap_ids(loaded, 268, 270))
    diff = asset_diff.compare(loaded.identity, broken.identity)
    text = loaded.tokenizer.token_bytes(270).decode()
    data = asset_diff.diff_json(diff, asset_diff.behaviour(loaded.tokenizer, broken.tokenizer, [text]))
    json.dumps(data)  # JSON-ready
    assert data["components"]["vocab"]["same"] is False and data["components"]["merges"]["same"] is True
    assert data["behaviour"][0]["a"]["ids"] == [270] and data["behaviour"][0]["changed"] == [[0, 270, 268]]
    for a, b in ((byte(10), byte(32)), (char(SEED_004, 3, tie="first-seen"), char(SEED_004, 3)), (char(), byte())):
        for finding in asset_diff.compare(a.identity, b.identity).findings:
            assert asset_diff.explain(finding)


@pytest.mark.parametrize("first, second", [(0, 1), (256, 258), (259, 290)])
def test_swapping_back_restores_identity(first, second):
    loaded = byte() if first >= 256 else char()
    there = identity.from_dict(asset_diff.swap_ids(loaded, first, second))
    back = identity.from_dict(asset_diff.swap_ids(there, first, second))
    assert back.identity == loaded.identity != there.identity
    assert there.asset["metadata"]["derived_from"]["swapped_ids"] == [first, second]


def test_wordpiece_and_unigram_assets_have_identities_and_swaps():
    from core.models import unigram, wordpiece

    corpus = WordCorpus.from_pairs([("low", 5), ("lower", 2), ("newest", 6), ("widest", 3)])
    wp = identity.from_dict(json.loads(json.dumps(assets.wordpiece_to_asset(wordpiece.train(corpus, vocab_size=25)))))
    assert wp.identity.values["merges"]["algorithm"] == "wordpiece-greedy-longest-match"
    token = wp.tokenizer.vocab[20]
    swapped = identity.from_dict(asset_diff.swap_ids(wp, 3, 20))
    (swap,) = asset_diff.compare(wp.identity, swapped.identity).findings
    assert swap.kind == "id_swap" and swap.detail["tokens"][1] == token
    assert swapped.tokenizer.ids[token] == 3
    def unigram_asset(**options):
        model = unigram.train(unigram.normalized_corpus(corpus), **options)
        return identity.from_dict(json.loads(json.dumps(assets.unigram_to_asset(model))))

    with_bytes = unigram_asset(vocab_size=300, byte_fallback=True)
    assert with_bytes.identity.values["vocab"][1] == {"piece": "<0x00>", "type": "byte"}
    uni = unigram_asset(vocab_size=30)
    moved = identity.from_dict(asset_diff.swap_ids(uni, 0, 20))  # moves <unk> too
    assert moved.tokenizer.unk_id == 20
    kinds = [f.kind for f in asset_diff.compare(uni.identity, moved.identity).findings]
    assert kinds == ["id_swap", "specials_changed"]  # scores are keyed by piece: segmentation unchanged
    rows = asset_diff.behaviour(uni.tokenizer, moved.tokenizer, ["lowest", "☃"])
    assert rows[0].how == "same" and rows[1].how == "renumbered"  # only <unk> moved
    cross = [f.kind for f in asset_diff.compare(uni.identity, wp.identity).findings]
    assert "segmentation_changed" in cross and "kind_changed" in cross


def test_behaviour_decodes_imported_bpe_assets():
    """An ImportedBPE (an imported tokenizer.json) decodes without a UTF-8 policy;
    `main.py diff` on two such assets used to end in a TypeError."""
    from core.tokenizer.imported_bpe import ImportedBPE

    vocab = (("<unk>", 0), ("l", 1), ("o", 2), ("w", 3), ("lo", 4), ("low", 5))
    one = ImportedBPE.build(vocab, (("l", "o"), ("lo", "w")), unk="<unk>", pre_tokenizer={"type": "whitespace"})
    two = ImportedBPE.build(vocab, (("l", "o"),), unk="<unk>", pre_tokenizer={"type": "whitespace"})
    a, b = (identity.from_dict(assets.bpe_to_asset(m)) for m in (one, two))
    (row,) = asset_diff.behaviour(a.tokenizer, b.tokenizer, ["low"])
    assert row.how == "resegmented" and row.a_ids_read_by_b == "low"
