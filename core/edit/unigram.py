"""Editing a Unigram vocabulary (a SentencePiece unigram ``.model``, an HF
Unigram tokenizer.json), keeping IDs.

A removed piece becomes a control piece ``<removed_N>`` in place (unless
``compact``); a new ordinary piece scores just above the best old
segmentation of its own text, so its text alone encodes to it.

Details: docs/notes/edit-and-stats.md#coreeditunigrampy.
"""

from __future__ import annotations

from dataclasses import replace

from core import assets
from core.edit.plan import (EditError, Edited, EditRequest, Note, corpus_counts, free_name, old_ids, post_remap,
                             post_tokens)
from core.errors import StudioError, excerpt
from core.models.unigram import BYTE, CONTROL, NORMAL, UNKNOWN, UNUSED, USER_DEFINED, Piece, f32

SPACE = "\u2581"
# How far a new piece's score lies above the best old segmentation of its
# text: well above float32 rounding at the usual scores (-1 to -30).
MARGIN = 0.01
# The pieces --shrink-to and --remove never take.
FIXED_TYPES = (UNKNOWN, CONTROL, USER_DEFINED, BYTE, UNUSED)


def _build(model, pieces, unk_id: int, post):
    try:
        return replace(model, pieces=tuple(pieces), unk_id=unk_id, trace=None, post_processor=post)
    except StudioError as exc:
        raise EditError(f"edit: the edited model is not valid: {exc}") from None


def new_score(model, piece: str) -> float:
    """The score of a new ordinary piece (see the module docstring)."""
    best = model.best_path(piece).score
    normal = [p.score for p in model.pieces if p.type == NORMAL]
    score = max(best + MARGIN, min(normal, default=best))
    return f32(score) if model.float32 else score


def edit(asset: dict, model, request: EditRequest) -> Edited:
    pieces: list[Piece] = list(model.pieces)
    index = {p.piece: i for i, p in enumerate(pieces)}
    old_size = len(pieces)
    post_names = post_tokens(model.post_processor)
    removed, renamed, notes = [], [], []

    def find(option: str, text: str) -> int:
        for key in (text, text.replace(" ", SPACE)):
            if key in index:
                break
        else:
            raise EditError(f"{option} {excerpt(text)}: no such token in this vocabulary")
        piece = pieces[index[key]]
        if piece.type == UNKNOWN:
            raise EditError(f"{option} {excerpt(text)}: is the unknown piece; it cannot be removed or renamed")
        if option == "--remove" and key in post_names:
            raise EditError(f"{option} {excerpt(text)}: the post-processor adds this token; it cannot be removed")
        if option == "--remove" and (piece.type == BYTE or (piece.type == NORMAL and len(key) == 1)):
            raise EditError(f"{option} {excerpt(text)}: is a base {'byte' if piece.type == BYTE else 'character'}; "
                            "without it some texts could not be encoded")
        return index[key]

    for old, new in request.reserve:
        token_id = find("--reserve", old)
        if new in index or new.replace(" ", SPACE) in index:
            known = index.get(new, index.get(new.replace(" ", SPACE)))
            raise EditError(f"--reserve {excerpt(old)}={excerpt(new)}: {excerpt(new)} is already a token "
                            f"(ID {known})")
        was = pieces[token_id]
        # A control piece stays one (SentencePiece's <s>, </s>); any other becomes user-defined: a special
        # matched wherever its text occurs.
        pieces[token_id] = Piece(new, 0.0, CONTROL if was.type == CONTROL else USER_DEFINED)
        del index[was.piece]
        index[new] = token_id
        renamed.append({"id": token_id, "old": was.piece, "new": new})
    for text in request.remove:
        token_id = find("--remove", text)
        removed.append({"id": token_id, "token": pieces[token_id].piece, "text": text, "why": "asked"})
    if request.shrink_to is not None:
        for token_id in _shrunk_away(model, pieces, {r["id"] for r in removed}, post_names, request):
            removed.append({"id": token_id, "token": pieces[token_id].piece,
                            "text": pieces[token_id].piece.replace(SPACE, " "), "why": "shrink"})
    taken = set(index)
    placeholders = []
    for entry in removed:
        name = free_name(f"<removed_{entry['id']}>", taken, "<", ">")
        taken.add(name)
        del index[entry["token"]]
        pieces[entry["id"]] = Piece(name, 0.0, CONTROL)
        placeholders.append({"id": entry["id"], "token": name})
    # The scores of new pieces are measured against the vocabulary as edited so far.
    current = _build(model, pieces, model.unk_id, None)

    new_tokens = []
    for option, texts, special in (("--add", request.add, False), ("--add-special", request.add_special, True)):
        for text in texts:
            key = text if special else text.replace(" ", SPACE)
            if key in index or text in index:
                raise EditError(f"{option} {excerpt(text)}: is already a token (ID {index.get(key, index.get(text))})")
            token_id = len(pieces)
            entry = {"id": token_id, "token": key, "text": text, "init_from": old_ids(model, text),
                     "special": special}
            if special:
                pieces.append(Piece(key, 0.0, USER_DEFINED))
            else:
                entry["score"] = new_score(current, key)
                pieces.append(Piece(key, entry["score"], NORMAL))
            index[key] = token_id
            new_tokens.append(entry)
    if any(not t["special"] for t in new_tokens):
        notes.append(Note("edit.unigram_scores", "each new piece scores just above the best old segmentation of "
                          "its own text (never below the lowest score): its text alone encodes to it, and a text "
                          "without it keeps its IDs"))

    unk_id = model.unk_id
    if request.compact:
        gone = {r["id"] for r in removed}
        order = [i for i in range(len(pieces)) if i not in gone]
        dense = {old: new for new, old in enumerate(order)}
        mapping = {old: dense[old] for old in range(old_size) if old in dense}
        for entry in new_tokens:
            entry["id"] = dense[entry["id"]]
        pieces = [pieces[i] for i in order]
        unk_id = dense[unk_id]
        placeholders = []
    else:
        gone = {r["id"] for r in removed}
        mapping = {i: i for i in range(old_size) if i not in gone}
        if placeholders:
            notes.append(Note("edit.unigram_placeholders", "SentencePiece and HF Unigram number every piece, so "
                              "each removed ID keeps a control piece <removed_N> that the search never takes (HF "
                              "matches its exact text as a special); --compact renumbers instead"))
    final = _build(model, pieces, unk_id, None)
    if model.post_processor is not None:
        names = {r["old"]: r["new"] for r in renamed}
        final = _build(model, pieces, unk_id, post_remap(model.post_processor, names, final.ids.__getitem__))
    if final.unk_score != model.unk_score:
        old, new = f"{model.unk_score:.4g}", f"{final.unk_score:.4g}"
        notes.append(Note("edit.unknown_penalty", f"the lowest normal score changed, so the unknown penalty moved "
                          f"({old} -> {new}): a text with unknown characters may be cut differently",
                          old=old, new=new))
    for entry in new_tokens:
        if not entry["special"]:
            path = [n.id for n in final.best_path(entry["token"]).nodes]
            if path != [entry["id"]]:
                entry["reachable"] = False
                entry["why"] = "a better segmentation of its text remains"
    new_asset = assets.unigram_to_asset(final, name=asset.get("metadata", {}).get("name", ""),
                                        notes="edited (python main.py edit)")
    new_asset["trainer"] = dict(asset.get("trainer", {"name": "none", "version": "0"}))
    return Edited(new_asset, final, [mapping.get(i) for i in range(old_size)], new_tokens, removed, [], renamed,
                  notes, placeholders)


def _shrunk_away(model, pieces, asked: set, post_names: set, request: EditRequest) -> list[int]:
    """The IDs ``--shrink-to`` removes: all but the unknown, control,
    user-defined and byte pieces, the single characters, the post-processor's
    specials, and the pieces most used on the corpus (ties and unused pieces
    by ID).  A unigram piece needs no other to be reached."""
    fixed = [i for i, p in enumerate(pieces) if i not in asked and (
        p.type in FIXED_TYPES or len(p.piece) == 1 or p.piece in post_names)]
    size = request.shrink_to
    if size < len(fixed):
        raise EditError(f"--shrink-to {size}: is below the {len(fixed)} single characters, byte pieces and "
                        "special pieces, which are always kept")
    counts = corpus_counts(request, lambda text: old_ids(model, text))
    fixed_set = set(fixed)
    order = sorted((i for i in range(len(pieces)) if i not in asked and i not in fixed_set),
                   key=lambda i: (-counts[i], i))
    return sorted(order[size - len(fixed):])
