"""encoding_chips shares one chip among equal tokens and keys the partial
and byte pieces by numpy; every chip must still be the one its token alone
defines (the flag's rule below, one token at a time), on the shelf's
byte-level BPE (partial tokens), Mistral's BPE (byte-fallback pieces) and
the Unigram and WordPiece models (unknown tokens)."""

import pytest
from hypothesis import given, settings, strategies as st

from core import engines
from core.pipeline.aligned import utf8_offsets
from core.tokenizer.base import BYTE, PARTIAL, SPECIAL, UNKNOWN
from gui.encode.panel import reads_specials_by_choice
from gui.widgets.chips import _partial_chip, byte_role, encoding_chips
from gui.widgets.token_strip import Chip

NAMES = ["r50k_base", "mistral-v3-bpe", "spm-ja-unigram", "bert-base-uncased"]
TOKENIZERS = {}
TEXT = st.lists(st.sampled_from(list("ab xy AB 12 ,.'\n\t  ") + [
    "é", "ï", "中", "文", "法国", "日本", "カタカナ", "𝔘", "🎉", "👍🏽", "\u0301", "ｆ", "\u3000", "Привет",
    "<|endoftext|>", "[CLS]", "<s>", "naïve", "ŉ", "\U0001f9d1\u200d\U0001f4bb"]), max_size=50).map("".join)


def tokenizer_of(name):
    if name not in TOKENIZERS:
        TOKENIZERS[name] = engines.open_asset(name)
    return TOKENIZERS[name]


def chip_of(encoding, text, i):
    """Token ``i``'s chip by its flag's rule, with nothing shared."""
    flag, token_id, piece = encoding.flags[i], encoding.ids[i], encoding.pieces[i]
    c0, c1 = encoding.char_spans[i]
    if flag == SPECIAL:
        return Chip(encoding.tokens[i], token_id, b"", (), flag="∅")
    if flag == UNKNOWN:
        return Chip(encoding.texts[i], token_id, piece, tuple(map(byte_role, piece)), covers=text[c0:c1])
    if flag in (PARTIAL, BYTE):
        return _partial_chip(encoding.tokens[i] if flag == BYTE else None, token_id, piece, text,
                             utf8_offsets(text), encoding.byte_spans[i], encoding.char_spans[i])
    return Chip(encoding.texts[i], token_id, piece, tuple(map(byte_role, piece)))


def check(name, text, add_special_tokens=False):
    tokenizer = tokenizer_of(name)
    if reads_specials_by_choice(tokenizer):  # the specials' texts read as control tokens
        names = frozenset(name for name, _ in tokenizer.specials)
        encoding = tokenizer.encode(text, add_special_tokens=add_special_tokens, disallowed=frozenset(),
                                    allowed=names)
    else:
        encoding = tokenizer.encode(text, add_special_tokens=add_special_tokens)
    chips = encoding_chips(encoding, text)
    assert chips == [chip_of(encoding, text, i) for i in range(len(encoding.ids))]
    return encoding, chips


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=40, deadline=None)
@given(text=TEXT, specials=st.booleans())
def test_every_chip_is_its_tokens_own(name, text, specials):
    check(name, text, specials)


def test_partial_pieces_of_one_and_of_several_characters():
    text = "法国 naïve 法国 🎉🎉 naïve"
    encoding, chips = check("r50k_base", text)
    flags = set(encoding.flags)
    assert PARTIAL in flags
    several = [i for i, f in enumerate(encoding.flags) if f == PARTIAL
               and encoding.char_spans[i][1] - encoding.char_spans[i][0] > 1]
    assert several, "the text should give a partial token touching several characters"
    firsts = {chips[i].label: chips[i] for i, f in enumerate(encoding.flags) if f == PARTIAL}
    # Equal tokens share one chip object (the strip lays out one per distinct chip).
    for i, f in enumerate(encoding.flags):
        if f == PARTIAL:
            assert chips[i] is firsts[chips[i].label]


def test_byte_pieces_name_what_they_hold():
    encoding, chips = check("mistral-v3-bpe", "𝔘 and 𝔘")
    held = [c for c, f in zip(chips, encoding.flags) if f == BYTE]
    assert held and all(c.part.startswith("𝔘 ") and c.label.startswith("<0x") for c in held)
