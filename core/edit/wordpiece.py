"""Editing a WordPiece vocabulary (BERT's vocab.txt, a WordPiece tokenizer.json).

A WordPiece token's ID is its line: there are no merges, so removing a
token makes nothing else unreachable (the greedy longest match simply
takes shorter pieces), and a new token is reached wherever it is the
longest entry that matches.  A removed ID cannot be a hole in vocab.txt;
unless ``compact`` renumbers, its line becomes a placeholder ``[removedN]``
(as BERT's ``[unusedN]``: never matched, since the BasicTokenizer splits
off its brackets) and the report lists each one.
"""

from __future__ import annotations

from dataclasses import replace

from core import assets
from core.edit.plan import (EditError, Edited, EditRequest, Note, corpus_counts, free_name, old_ids, post_remap,
                             post_tokens)
from core.errors import StudioError, excerpt


def _words(model, text: str) -> list[str]:
    return model.basic.words(text) if model.basic is not None else text.split()


def edit(asset: dict, model, request: EditRequest) -> Edited:
    vocab: list[str | None] = list(model.vocab)
    added = list(model.added)
    ids = dict(model.ids)
    old_size = len(vocab)
    post_names = post_tokens(model.post_processor)
    removed, renamed, notes = [], [], []

    def find(option: str, text: str) -> int:
        if text not in ids:
            raise EditError(f"{option} {excerpt(text)}: no such token in this vocabulary")
        if text == model.unk:
            raise EditError(f"{option} {excerpt(text)}: is the unknown token; it cannot be removed or renamed")
        if option == "--remove" and text in post_names:
            raise EditError(f"{option} {excerpt(text)}: the post-processor adds this token; it cannot be removed")
        return ids[text]

    for old, new in request.reserve:
        token_id = find("--reserve", old)
        if new in ids:
            raise EditError(f"--reserve {excerpt(old)}={excerpt(new)}: {excerpt(new)} is already a token "
                            f"(ID {ids[new]})")
        vocab[token_id] = new
        del ids[old]
        ids[new] = token_id
        added = [new if a == old else a for a in added]
        if new not in added:
            added.append(new)
        renamed.append({"id": token_id, "old": old, "new": new})
    for text in request.remove:
        token_id = find("--remove", text)
        vocab[token_id] = None
        del ids[text]
        added = [a for a in added if a != text]
        removed.append({"id": token_id, "token": text, "text": text, "why": "asked"})

    if request.shrink_to is not None:
        for token_id in _shrunk_away(model, vocab, added, request):
            text = vocab[token_id]
            vocab[token_id] = None
            del ids[text]
            removed.append({"id": token_id, "token": text, "text": text, "why": "shrink"})
        if not request.compact:
            notes.append(Note("edit.shrink_keeps_ids", "--shrink-to without --compact keeps every ID (a removed one "
                              "as a placeholder line), so the file does not get shorter; --compact renumbers the "
                              "kept tokens densely"))

    new_tokens = []
    for option, texts, special in (("--add", request.add, False), ("--add-special", request.add_special, True)):
        for text in texts:
            if text in ids:
                raise EditError(f"{option} {excerpt(text)}: is already a token (ID {ids[text]})")
            entry = {"id": len(vocab), "token": text, "text": text, "init_from": old_ids(model, text),
                     "special": special}
            if not special:
                word = text[len(model.prefix):] if text.startswith(model.prefix) and text != model.prefix else text
                pieces = _words(model, word)
                if pieces != [word]:
                    entry["reachable"] = False
                    entry["why"] = (f"the BasicTokenizer makes {excerpt(pieces[:4])} of it"
                                    if pieces else "the BasicTokenizer leaves nothing of it")
            ids[text] = len(vocab)
            vocab.append(text)
            if special:
                added.append(text)
            new_tokens.append(entry)
    if any(t["special"] for t in new_tokens) or renamed:
        notes.append(Note("edit.vocab_txt_specials", "vocab.txt does not record which tokens are special: pass the "
                          "new ones to transformers as additional_special_tokens (a tokenizer.json records them)"))

    placeholders = []
    if request.compact:
        kept = [t for t in vocab if t is not None]
        dense = {t: i for i, t in enumerate(kept)}
        mapping = {i: dense[t] for i, t in enumerate(vocab[:old_size]) if t is not None}
        for entry in new_tokens:
            entry["id"] = dense[entry["token"]]
        vocab = kept
    else:
        taken = set(ids)
        for entry in removed:
            name = free_name(f"[removed{entry['id']}]", taken, "[", "]")
            taken.add(name)
            vocab[entry["id"]] = name
            placeholders.append({"id": entry["id"], "token": name})
        gone_ids = {r["id"] for r in removed}
        mapping = {i: i for i in range(old_size) if i not in gone_ids}
        if placeholders:
            notes.append(Note("edit.wordpiece_placeholders", "vocab.txt has one line per ID, so each removed ID keeps "
                              "a placeholder line ([removedN]), which no text reaches; --compact renumbers instead"))
    try:
        final = replace(model, vocab=tuple(vocab), added=tuple(added), trace=None, post_processor=None)
        if model.post_processor is not None:
            names = {r["old"]: r["new"] for r in renamed}
            final = replace(final, post_processor=post_remap(model.post_processor, names, final.ids.__getitem__))
    except StudioError as exc:
        raise EditError(f"edit: the edited vocabulary is not valid: {exc}") from None
    new_asset = assets.wordpiece_to_asset(final, name=asset.get("metadata", {}).get("name", ""),
                                          notes="edited (python main.py edit)")
    new_asset["trainer"] = dict(asset.get("trainer", {"name": "none", "version": "0"}))
    return Edited(new_asset, final, [mapping.get(i) for i in range(old_size)], new_tokens, removed, [], renamed,
                  notes, placeholders)


def _is_base(model, token: str) -> bool:
    """A single character, or its continuation (``##a``): with these every
    word of the base alphabet still splits into pieces instead of [UNK]."""
    return len(token.removeprefix(model.prefix) if token != model.prefix else token) == 1


def _shrunk_away(model, vocab: list, added: list, request: EditRequest) -> list[int]:
    """The IDs ``--shrink-to`` removes: all but [UNK], the specials, the
    single characters and their ``##`` continuations, and the tokens most
    used on the corpus (ties and unused tokens by ID).  A WordPiece token
    needs no other to be reached (greedy longest match), so none is kept
    for another's sake."""
    keep = {model.unk, *added, *post_tokens(model.post_processor)}
    fixed = [i for i, t in enumerate(vocab) if t is not None and (t in keep or _is_base(model, t))]
    size = request.shrink_to
    if size < len(fixed):
        raise EditError(f"--shrink-to {size}: is below the {len(fixed)} single characters (with their "
                        f"{model.prefix} continuations), [UNK] and specials, which are always kept")
    counts = corpus_counts(request, lambda text: old_ids(model, text))
    fixed_set = set(fixed)
    order = sorted((i for i, t in enumerate(vocab) if t is not None and i not in fixed_set),
                   key=lambda i: (-counts[i], i))
    return sorted(order[size - len(fixed):])
