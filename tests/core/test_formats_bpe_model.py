"""core.models.bpe_model on its own (the merge rule against a naive reference),
core.tokenizer.imported_bpe against HF's BPE on random tables, the asset
envelope, and its errors."""

import pytest
from hypothesis import given, settings, strategies as st

from core import assets
from core.assets import identity
from core.models.bpe_model import BPEModel
from core.tokenizer.imported_bpe import ImportedBPE
from core.pipeline.added import AddedToken
from core.errors import AssetError, TokenizerError

ALPHABET = "abc"


def naive(symbols, table):
    """Merge the lowest (rank, position) adjacent pair until none is ranked."""
    symbols = list(symbols)
    while True:
        found = [(table[p][0], i) for i, p in enumerate(zip(symbols, symbols[1:])) if p in table]
        if not found:
            return symbols
        _, i = min(found)
        symbols[i:i + 2] = [symbols[i] + symbols[i + 1]]


@st.composite
def merge_tables(draw):
    vocab = list(ALPHABET)
    merges, ranks = [], []
    for _ in range(draw(st.integers(0, 12))):
        left, right = draw(st.sampled_from(vocab)), draw(st.sampled_from(vocab))
        if (left, right) in merges or len(left + right) > 8:
            continue
        merges.append((left, right))
        ranks.append(ranks[-1] + draw(st.integers(0, 1)) if ranks else 0)  # some ranks shared
        if left + right not in vocab:
            vocab.append(left + right)
    return vocab, merges, ranks


@settings(max_examples=300, deadline=None)
@given(merge_tables(), st.text(ALPHABET, max_size=150))
def test_merging_equals_the_naive_rule_on_short_and_long_words(table, word):
    vocab, merges, ranks = table
    model = BPEModel(tuple((t, i) for i, t in enumerate(vocab)), tuple(merges), tuple(ranks))
    ranked = {pair: (rank,) for pair, rank in zip(merges, ranks)}
    assert list(map(model.token, model.merge_word(word))) == naive(word, ranked)  # > 64 symbols: the heap path
    k = len(merges) // 2
    first = {pair: (rank,) for pair, rank in list(zip(merges, ranks))[:k]}
    assert list(map(model.token, model.merge_word(word, k))) == naive(word, first)


@settings(max_examples=150, deadline=None)
@given(merge_tables(), st.text(ALPHABET + "x ", max_size=60))
def test_random_tables_encode_like_hf_bpe(table, text):
    tokenizers = pytest.importorskip("tokenizers")
    vocab, merges, _ = table
    full = {t: i for i, t in enumerate(vocab + ["<unk>"])}
    for fuse in (False, True):
        hf = tokenizers.Tokenizer(tokenizers.models.BPE(full, merges, unk_token="<unk>", fuse_unk=fuse))
        hf.pre_tokenizer = tokenizers.pre_tokenizers.WhitespaceSplit()
        ours = ImportedBPE.build(tuple(full.items()), tuple(merges), unk="<unk>", fuse_unk=fuse,
                        pre_tokenizer={"type": "whitespace"})
        assert list(ours.encode(text).ids) == hf.encode(text).ids


def small():
    vocab = (("<unk>", 0), ("l", 1), ("o", 2), ("w", 3), ("lo", 4), ("low", 5), ("<s>", 9))
    return ImportedBPE.build(vocab, (("l", "o"), ("lo", "w")), unk="<unk>", fuse_unk=True, pre_tokenizer={"type": "whitespace"},
                    added=(AddedToken("<s>", 9),))


def test_encoding_reports_unknowns_and_ids_may_have_gaps():
    enc = small().encode("<s>low lxyo")
    assert enc.ids == (9, 5, 1, 0, 2) and enc.unknown == ("xy",)
    assert small().pre_tokens("<s>low lxyo") == ["low", "lxyo"]
    assert small().vocab_size == 7 and small().token_of(9) == "<s>"
    with pytest.raises(TokenizerError, match="item 1: ID 7"):
        small().decode([5, 7])


def test_asset_round_trip_keeps_identity(tmp_path):
    asset = assets.bpe_to_asset(small(), name="tiny")
    path = tmp_path / "tiny.json"
    assets.save_asset(path, asset)
    loaded = identity.load(path)
    assert loaded.tokenizer == small() and loaded.identity.interface_sha256 == identity.from_dict(asset).identity.interface_sha256
    values = loaded.identity.values
    assert values["vocab"][9] == {"special": "<s>"} and values["vocab"][6] is None
    assert values["symbols"] == [[0, "<unk>"], [1, "l"], [2, "o"], [3, "w"]]


@pytest.mark.parametrize("edit, message", [
    (lambda a: a["model"]["merges"].append(["w", "zz"]), "'zz' is not in the vocabulary"),
    (lambda a: a["model"]["vocab"].append(["l", 20]), "'l' has two IDs"),
    (lambda a: a["model"]["vocab"].append(["q", 1]), "ID 1 is used by"),
    (lambda a: a["model"].update(merge_ranks=[1, 0]), "non-decreasing"),
    (lambda a: a["model"]["merges"].append(["<unk>", "l"]), "cannot be merged"),
    (lambda a: a.update(pre_tokenizer={"type": "telepathy"}), "unknown pre-tokenizer type 'telepathy'"),
    (lambda a: a.update(specials=[]), "specials: [] disagrees with the model"),
    (lambda a: a["model"]["added_tokens"][0].update(id=3), "disagrees with the vocabulary"),
])
def test_bad_bpe_assets_give_one_clear_error(edit, message):
    asset = assets.bpe_to_asset(small())
    edit(asset)
    with pytest.raises(AssetError) as caught:
        assets.build_tokenizer(asset)
    assert message in str(caught.value)


def test_identity_of_the_documented_example_is_rebuilt_by_hand():
    # docs/identity.md, "Imported BPE": the object is written out by hand here.
    model = ImportedBPE.build((("<unk>", 0), ("l", 1), ("o", 2), ("w", 3), ("lo", 4), ("low", 5)),
                     (("l", "o"), ("lo", "w")), unk="<unk>", added=(AddedToken("<|end|>", 6),),
                     pre_tokenizer={"type": "whitespace"}, decoder={"type": "fuse"})
    by_hand = {
        "identity": "subword-studio/tokenizer-interface", "version": 1, "kind": "bpe",
        "symbols": [[0, "<unk>"], [1, "l"], [2, "o"], [3, "w"]],
        "vocab": ["<unk>", "l", "o", "w", "lo", "low", {"special": "<|end|>"}],
        "merges": [["l", "o"], ["lo", "w"]],
        "specials": [{"token": "<|end|>", "id": 6, "special": True, "normalized": False, "lstrip": False,
                      "rstrip": False}],
        "normalizer": {"type": "none"}, "pre_tokenizer": {"type": "whitespace"},
        "boundary": {"marker": "none", "decoder": {"type": "fuse"}, "ignore_merges": False,
                     "unknown": {"token": "<unk>", "fuse": False, "byte_fallback": False}},
    }
    expected = "7dc4f2714c98fb1c8ed6389503de6bd6b59fc6b289c5bbec2dc515297c2f19c7"
    assert identity.sha256_of(by_hand) == expected
    assert identity.from_dict(assets.bpe_to_asset(model)).identity.interface_sha256 == expected
