"""One description per tokenizer: its family (what a reader calls it) and
its size (tokens, specials counted once) are the same whichever engine
serves it and whether it is seen as a tokenizer or as an asset identity;
the ID span (embedding rows) is a separate figure, larger where IDs have
holes, as tiktoken's ``n_vocab``."""

from __future__ import annotations

import pytest

from core import engines, tokenizer
from core.assets import identity
from core.formats import builtin
from core.tokenizer.base import FAMILIES
from core.assets import classroom
from core.workspace.workspace import Workspace

# family, tokens, one past the highest ID (tiktoken's n_vocab for the rank files)
SHELF = {
    "r50k_base": ("byte-level-bpe", 50257, 50257),
    "cl100k_base": ("byte-level-bpe", 100261, 100277),
    "o200k_base": ("byte-level-bpe", 200000, 200019),
    "spm-botchan-unigram": ("unigram", 1000, 1000),
    "spm-ja-unigram": ("unigram", 8000, 8000),
    "mistral-v3-bpe": ("bpe-byte-fallback", 32768, 32768),
    "bert-base-uncased": ("wordpiece", 30522, 30522),
}


def test_the_table_covers_the_shelf():
    assert set(SHELF) == set(builtin.names())


@pytest.mark.parametrize("name", sorted(SHELF))
def test_every_view_of_a_shelf_tokenizer_says_the_same(name):
    family, tokens, id_end = SHELF[name]
    asset, model = builtin.load(name)
    loaded = identity.from_dict(asset, tokenizer=model)
    served = engines.open_asset(name)
    reference = tokenizer.wrap(asset["kind"], model)
    assert {served.family, reference.family, loaded.family} == {family}
    assert served.vocab_size == reference.vocab_size == loaded.identity.vocab_size == tokens
    assert len(reference.ids()) == tokens
    assert loaded.identity.id_end == id_end == max(reference.ids()) + 1
    assert identity.manifest_for(loaded.identity)["vocab_size"] == id_end  # a checkpoint's embedding rows


def test_a_cl100k_manifest_checks_its_embedding_rows():
    asset, model = builtin.load("cl100k_base")
    ident = identity.from_dict(asset, tokenizer=model).identity
    manifest = identity.manifest_for(ident)
    assert identity.check_manifest(manifest, ident).match
    wrong = identity.check_manifest({**manifest, "vocab_size": 100261}, ident)
    assert {"kind": "vocab_size_mismatch", "expected": 100261, "actual": 100277} in wrong.reasons


def test_the_workspace_kinds_have_their_families():
    held = {h.key: h.tokenizer for h in Workspace.example().held_tokenizers()}
    assert held["encoder"].family == "byte-level-bpe"
    assert held["model"].family == "char-bpe"
    assert tokenizer.wrap("byte-bpe", classroom.default_tokenizer()).family == "byte-level-bpe"
    assert all(tok.family in FAMILIES for tok in held.values())
