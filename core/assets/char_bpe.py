"""Assets of kind ``char-bpe`` (:mod:`core.models.char_bpe`): alphabet, ordered
merges with their counts, and the file's own numbering of the tokens.

IDs belong to the file, not to the merge order: a file may number its tokens
differently from the order training created them (the deliberately broken
copy of seed 000, exercise 5, swaps two).  Such a tokenizer segments text
exactly like the original and only its IDs differ, so the loader returns a
renumbered tokenizer rather than rejecting it.
"""

from __future__ import annotations


from core.models import char_bpe
from core.models.renumbered import RenumberedCharBPE
from core.errors import AssetError, StudioError, excerpt
from core.assets.schema import FORMAT, SCHEMA_VERSION, check_rules, created
from core.errors import require


def char_bpe_to_asset(model: char_bpe.CharBPE, *, name: str = "", notes: str = "") -> dict:
    trace = model.trace
    asset = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "kind": "char-bpe",
        "model": {
            "alphabet": list(model.alphabet),
            "unk": model.unk,
            "end_of_word": model.end_of_word,
            "merges": [
                {"rank": m.rank, "pair": [m.left, m.right], "new": m.new, "count": m.count}
                for m in model.merges
            ],
            "vocab": list(model.vocab),
        },
        "specials": _char_specials(model),
        "normalizer": {"type": "none"},
        "pre_tokenizer": {"type": "whitespace"},
        "boundary": {"marker": "end_of_word", "symbol": model.end_of_word},
        "trainer": {"name": char_bpe.TRAINER_NAME, "version": char_bpe.TRAINER_VERSION},
        "metadata": {"name": name, "notes": notes, "created": created()},
    }
    if trace is not None:
        asset["trainer"].update(
            tie_policy=trace.policy, stop_reason=trace.stop_reason, settings=dict(trace.settings)
        )
        asset["training_data"] = trace.corpus.identity()
        asset["training_corpus"] = [[w, c] for w, c in trace.corpus.items()]
    return asset


def char_bpe_from_asset(asset: dict) -> char_bpe.CharBPE:
    where = "model"
    model = require(asset, "model", dict, "asset")
    alphabet = require(model, "alphabet", list, where)
    if not all(isinstance(s, str) and s for s in alphabet):
        raise AssetError(f"{where}.alphabet: every symbol must be a non-empty string")
    unk = model.get("unk")
    if unk is not None and not isinstance(unk, str):
        raise AssetError(f"{where}.unk: expected a string or null")
    end_of_word = require(model, "end_of_word", str, where)
    merges, seen = [], {}
    for index, entry in enumerate(require(model, "merges", list, where)):
        at = f"{where}.merges[{index}]"
        rank = require(entry, "rank", int, at)
        pair = require(entry, "pair", list, at)
        if len(pair) != 2 or not all(isinstance(s, str) for s in pair):
            raise AssetError(f"{at}.pair: expected two symbol strings")
        # A trainer never learns a pair twice (once merged, it is gone), and
        # every import refuses a repeated line: a repeat is an edited file.
        if tuple(pair) in seen:
            raise AssetError(f"{at}.pair: {excerpt(pair[0])} + {excerpt(pair[1])} repeats merges[{seen[tuple(pair)]}]")
        seen[tuple(pair)] = index
        new = entry.get("new", pair[0] + pair[1])
        count = require(entry, "count", int, at) if "count" in entry else 0
        if count < 0:
            raise AssetError(f"{at}.count: {count} is below 0; a count says how often the pair occurred")
        merges.append(char_bpe.Merge(rank, pair[0], pair[1], new, count))
    try:
        built = char_bpe.CharBPE(tuple(alphabet), tuple(merges), end_of_word=end_of_word, unk=unk)
    except StudioError as exc:
        raise AssetError(f"{where}: {exc}") from None
    vocab = model.get("vocab")
    if vocab is not None:
        order = _id_order(vocab, built.vocab, f"{where}.vocab")
        if order != built.vocab:
            built = RenumberedCharBPE(built.alphabet, built.merges, end_of_word=end_of_word, unk=unk,
                                      id_order=order)
    check_rules(asset, "char-bpe", specials=_char_specials(built), pre_tokenizer={"type": "whitespace"},
                 boundary={"marker": "end_of_word", "symbol": end_of_word})
    return built


def _char_specials(model: char_bpe.CharBPE) -> list:
    return [] if model.unk is None else [{"token": model.unk, "id": model.ids[model.unk], "role": "unk"}]


def _id_order(vocab, derived: tuple, where: str) -> tuple:
    """``vocab`` (token per ID) must hold each derived token exactly once."""
    if not isinstance(vocab, list) or not all(isinstance(t, str) for t in vocab):
        raise AssetError(f"{where}: expected a list of token strings, one per ID")
    first: dict[str, int] = {}
    for token_id, token in enumerate(vocab):
        if token in first:
            raise AssetError(f"{where}: token {excerpt(token)} has two IDs, {first[token]} and {token_id}")
        first[token] = token_id
    missing = next((t for t in derived if t not in first), None)
    if missing is not None:
        raise AssetError(f"{where}: no ID for {excerpt(missing)}, which the alphabet or a merge defines")
    if len(vocab) != len(derived):
        known = set(derived)
        extra = next(i for i, t in enumerate(vocab) if t not in known)
        raise AssetError(f"{where}[{extra}]: {excerpt(vocab[extra])} is not a special, an alphabet symbol "
                         "or the result of a merge")
    return tuple(vocab)
