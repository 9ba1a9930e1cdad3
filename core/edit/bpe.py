"""Editing a BPE vocabulary (kinds ``bpe`` and ``byte-bpe``), keeping IDs.

Two ways a BPE builds its tokens:

* a merge list (Hugging Face tokenizer.json, our trained byte-bpe): a
  removed token takes every merge that builds it or uses it with it; a new
  token gets merges appended after every existing one (so no text without
  it changes), from the pieces the model leaves of it;
* tiktoken ranks (rank = ID = priority; any adjacent pair whose joined
  bytes have a rank merges): the merges are implied by the ranks, so after
  the vocabulary changes they are derived again exactly as the import does
  (``canonical_split``), which is what tiktoken itself will do with the
  written file.

A token is *reachable* when merging can build it from the base symbols
(bytes, or single characters); a model that looks whole pre-tokens up
(tiktoken, ``ignore_merges``) still gives an unreachable token for a
pre-token that is exactly it, and the report says so.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from core import assets
from core.edit import further
from core.edit.plan import (EditError, Edited, EditRequest, Note, corpus_counts, old_ids, origin_format, post_remap,
                             post_tokens)
from core.errors import StudioError, excerpt
from core.formats.common import as_bpe
from core.formats.report import Report
from core.formats.tiktoken_ranks import canonical_split
from core.pipeline.text_pipeline import BYTE_CHARS, byte_level_bytes
from core.pipeline.added import AddedToken
from core.tokenizer.imported_bpe import ImportedBPE, space_runs


def _spell(data: bytes) -> str:
    return "".join(BYTE_CHARS[b] for b in data)


class _State:
    """The vocabulary being edited: ordinary tokens, added tokens, merges."""

    def __init__(self, model, tiktoken_like: bool):
        self.model = model
        self.tiktoken_like = tiktoken_like
        self.vocab: dict[str, int] = dict(model.vocab)
        self.added: list = list(model.added)
        self.merges: list[tuple[str, str]] = list(model.merges)
        self.ranks: list[int] | None = None if model.ranks is None else list(model.ranks)
        self.cut = len(model.continuing_prefix or "")
        self.post = model.post_processor
        self.silent: list[str] = []  # placeholders the decoder does not print

    # ==== naming tokens ====

    def show(self, token: str) -> str:
        """A token as a user reads it in a message: the text of a byte-level token."""
        return excerpt(self.text(token))

    def text(self, token: str) -> str:
        """The text a token stands for (a byte-level token's bytes as UTF-8, any
        partial character as U+FFFD)."""
        if self.model.byte_level:
            data = byte_level_bytes(token)
            if data is not None:
                return data.decode("utf-8", "replace")
        return token.replace("\u2581", " ") if self.sentencepiece else token

    @property
    def sentencepiece(self) -> bool:
        """A SentencePiece model: spaces are ``▁`` in its pieces."""
        return self.model.normalizer.get("type") == "sentencepiece"

    def stored(self, text: str) -> str:
        """The vocabulary's spelling of ``text`` (GPT-2's byte alphabet for a
        byte-level model, ``▁`` for a space in a SentencePiece model)."""
        if self.model.byte_level:
            return _spell(text.encode("utf-8", "surrogatepass"))
        return text.replace(" ", "\u2581") if self.sentencepiece else text

    def pre_tokens(self, current, text: str, token: str) -> list[str]:
        """The pieces the model's split makes of a text that is just ``token``."""
        if self.model.pre_tokenizer.get("type") == "none":
            return space_runs(token) if self.sentencepiece else [token]
        return current.pre_tokenize(current.normalize(text), False)

    def find(self, text: str):
        """``("added", index)``, ``("vocab", token)`` or None: what ``text`` names.
        An added token by its text; an ordinary one by its text (spelled in
        the byte alphabet) or as the vocabulary writes it (``Ġthe``)."""
        for index, a in enumerate(self.added):
            if a.content == text:
                return "added", index
        for token in (self.stored(text), text):
            if token in self.vocab:
                return "vocab", token
        return None

    def id_of_found(self, found) -> int:
        kind, key = found
        return self.added[key].id if kind == "added" else self.vocab[key]

    def is_base(self, token: str) -> bool:
        if self.model.byte_level:
            return len(token) == 1
        prefix, suffix = self.model.continuing_prefix or "", self.model.end_of_word_suffix or ""
        core = token.removeprefix(prefix) if prefix else token
        core = core.removesuffix(suffix) if suffix else core
        return len(core) == 1 or token == self.model.unk or (
            self.model.byte_fallback and len(token) == 6 and token.startswith("<0x") and token.endswith(">"))

    def result(self, left: str, right: str) -> str:
        return left + right[self.cut:]

    # ==== merges ====

    def rebuild_tiktoken_merges(self) -> None:
        """The merges tiktoken derives from the ranks (as the import does)."""
        ranks = {byte_level_bytes(t): i for t, i in self.vocab.items()}
        merges = []
        for data in sorted(ranks, key=ranks.get):
            if len(data) > 1:
                parts = canonical_split(data, ranks)
                if len(parts) == 2:
                    merges.append((_spell(parts[0]), _spell(parts[1])))
        self.merges, self.ranks = merges, None

    def drop_merges(self, gone: set[str]) -> None:
        keep = [i for i, (l, r) in enumerate(self.merges) if l not in gone and r not in gone
                and self.result(l, r) not in gone]
        self.merges = [self.merges[i] for i in keep]
        if self.ranks is not None:
            self.ranks = [self.ranks[i] for i in keep]

    def reachable(self) -> set[str]:
        """The tokens merging builds from the base symbols."""
        uses = defaultdict(list)
        for left, right in self.merges:
            uses[left].append((left, right))
            if right != left:
                uses[right].append((left, right))
        done = {t for t in self.vocab if self.is_base(t)}
        todo = list(done)
        while todo:
            token = todo.pop()
            for left, right in uses.get(token, ()):
                if left in done and right in done:
                    new = self.result(left, right)
                    if new not in done and new in self.vocab:
                        done.add(new)
                        todo.append(new)
        return done

    def normalizer(self) -> dict:
        spec = self.model.normalizer
        if "protected" not in spec and not any(a.normalized and not a.special for a in self.added):
            return spec
        # SentencePiece shields its user-defined pieces from normalization (core.formats.spm)
        user = sorted(a.content for a in self.added if a.normalized and not a.special)
        out = {k: v for k, v in spec.items() if k != "protected"}
        return {**out, "protected": user} if user else out

    def decoder(self) -> dict:
        spec = self.model.decoder
        if "controls" not in spec and not self.silent:
            return spec
        present = set(self.vocab) | {a.content for a in self.added}
        return {**spec, "controls": [*(c for c in spec.get("controls", ()) if c in present), *self.silent]}

    def special(self, text: str, token_id: int):
        """A new special token: in a SentencePiece model a user-defined piece
        (SentencePiece never matches a control piece's text; it does a user-defined one)."""
        if self.sentencepiece:
            return AddedToken(text, token_id, special=False, normalized=True)
        return AddedToken(text, token_id, special=True)

    def build(self, added=None):
        m = self.model
        try:
            return ImportedBPE.build(
                tuple(self.vocab.items()), tuple(self.merges), None if self.ranks is None else tuple(self.ranks),
                unk=m.unk, fuse_unk=m.fuse_unk, byte_fallback=m.byte_fallback,
                continuing_prefix=m.continuing_prefix, end_of_word_suffix=m.end_of_word_suffix,
                ignore_merges=m.ignore_merges, added=tuple(self.added if added is None else added),
                normalizer=self.normalizer(), pre_tokenizer=m.pre_tokenizer, decoder=self.decoder(),
                post_processor=self.post)
        except StudioError as exc:
            raise EditError(f"edit: the edited model is not valid: {exc}") from None


def _tiktoken_like(asset: dict, model) -> bool:
    return (origin_format(asset) == "tiktoken" or asset.get("trainer", {}).get("library") == "tiktoken") \
        and model.byte_level and model.ignore_merges


def edit(asset: dict, tokenizer, request: EditRequest) -> Edited:
    model = as_bpe(asset, tokenizer, Report("export", "bpe", asset.get("metadata", {}).get("name", "")))
    state = _State(model, _tiktoken_like(asset, model))
    old_ids = {i for _, i in model.vocab} | {a.id for a in model.added}
    old_size = 1 + max(old_ids, default=-1)
    post_names = post_tokens(model.post_processor)
    before = state.reachable()
    removed, renamed, notes = [], [], []
    gone: set[str] = set()  # ordinary tokens taken out of the vocabulary

    def take(option: str, text: str):
        found = state.find(text)
        if found is None:
            raise EditError(f"{option} {excerpt(text)}: no such token in this vocabulary")
        kind, key = found
        token = state.added[key].content if kind == "added" else key
        if kind == "vocab" and state.is_base(token) and model.byte_level:
            raise EditError(f"{option} {excerpt(text)}: {state.show(token)} is a base byte; without it some texts "
                            "could not be encoded")
        if token in post_names and option == "--remove":
            raise EditError(f"{option} {excerpt(text)}: the post-processor adds this token; it cannot be removed")
        return found, token

    for old, new in request.reserve:
        found, token = take("--reserve", old)
        if state.find(new) is not None:
            raise EditError(f"--reserve {excerpt(old)}={excerpt(new)}: {excerpt(new)} is already a token "
                            f"(ID {state.id_of_found(state.find(new))})")
        token_id = state.id_of_found(found)
        if found[0] == "added":
            state.added[found[1]] = replace(state.added[found[1]], content=new)
            if state.vocab.get(token) == token_id:  # an added token also in the model's vocabulary
                del state.vocab[token]
        else:
            del state.vocab[token]
            gone.add(token)
            state.added.append(state.special(new, token_id))
        renamed.append({"id": token_id, "old": token, "new": new})
    for text in request.remove:
        found, token = take("--remove", text)
        token_id = state.id_of_found(found)
        if found[0] == "added":
            del state.added[found[1]]
            if state.vocab.get(token) == token_id:  # an added token also in the model's vocabulary
                del state.vocab[token]
        else:
            del state.vocab[token]
            gone.add(token)
        removed.append({"id": token_id, "token": token, "why": "asked"})

    if request.shrink_to is not None:
        for token in _shrunk_away(state, model, request):
            token_id = state.vocab.pop(token)
            gone.add(token)
            removed.append({"id": token_id, "token": token, "why": "shrink"})

    def refresh_merges():
        if state.tiktoken_like:
            state.rebuild_tiktoken_merges()
        else:
            state.drop_merges(gone)

    if gone:
        refresh_merges()
    after = state.reachable()
    lost = sorted((state.vocab[t], t) for t in before - after if t in state.vocab)
    unreachable = [{"id": i, "token": t} for i, t in lost]
    if lost and request.remove_unreachable:
        for token_id, token in lost:
            del state.vocab[token]
            gone.add(token)
            removed.append({"id": token_id, "token": token, "why": "unreachable"})
        refresh_merges()
        unreachable = []
    elif lost and model.ignore_merges:
        notes.append(Note("edit.lost_kept", f"{len(lost)} token(s) no merge builds any more are still given for a "
                          "pre-token that is exactly the token (whole pre-tokens are looked up first)",
                          count=len(lost)))

    new_tokens = _continue(state, request, old_size, notes) if request.continue_on else []
    new_tokens += _add(state, model, request, old_size + len(new_tokens), notes)

    if state.tiktoken_like:
        state.rebuild_tiktoken_merges()
    holes = request.holes if request.holes is not None else origin_format(asset) != "spm"
    placeholders = []
    if not holes and not request.compact:
        taken = set(state.vocab) | {a.content for a in state.added}
        for entry in removed:
            name = f"<removed_{entry['id']}>"
            while name in taken:
                name = "<" + name + ">"
            taken.add(name)
            state.vocab[name] = entry["id"]
            state.silent.append(name)
            placeholders.append({"id": entry["id"], "token": name})
        if placeholders:
            notes.append(Note("edit.spm_placeholders", "a SentencePiece model numbers every piece, so each removed "
                              "ID keeps a placeholder control piece (<removed_N>), which no text reaches; --compact "
                              "renumbers instead"))
    final = state.build()
    for entry in new_tokens:
        if entry["special"] or not entry.get("reachable", True):
            continue
        token = entry["token"]
        if final.model.merge_word(token) != (entry["id"],):
            entry["reachable"] = False
            entry["why"] = "the merges do not build it from its pieces"
    gone_ids = {r["id"] for r in removed}
    mapping = {i: i for i in old_ids if i not in gone_ids}
    if request.compact:
        order = sorted(mapping) + [t["id"] for t in new_tokens]
        dense = {old: new for new, old in enumerate(order)}
        mapping = {old: dense[old] for old in mapping}
        for entry in new_tokens:
            entry["id"] = dense[entry["id"]]
        state.vocab = {t: dense[i] for t, i in state.vocab.items()}
        state.added = [replace(a, id=dense[a.id]) for a in state.added]
        final = state.build()
    if model.post_processor is not None:
        names = {r["old"]: r["new"] for r in renamed}
        state.post = post_remap(model.post_processor, names, final.id_of)
        final = state.build()
    new_asset = assets.bpe_to_asset(final, name=asset.get("metadata", {}).get("name", ""),
                                    trainer=asset.get("trainer"))
    new_asset["metadata"]["notes"] = "edited (python main.py edit)"
    if asset.get("kind") == "byte-bpe":
        notes.append(Note("edit.byte_bpe_as_bpe",
                          "the byte-bpe asset is written as a general BPE (kind bpe), as its exports are"))
    old_to_new = [mapping.get(i) for i in range(old_size)]
    for entry in removed:
        entry["text"] = state.text(entry["token"])
    return Edited(new_asset, final, old_to_new, new_tokens, removed,
                  [{"id": mapping.get(u["id"], u["id"]), "token": u["token"], "text": state.text(u["token"])}
                   for u in unreachable], renamed, notes, placeholders)


def _continue(state: _State, request: EditRequest, next_id: int, notes: list) -> list[dict]:
    """Learn ``request.merges`` further merges on ``request.continue_on``
    (after every existing merge), each new token appended after the last ID;
    in a tiktoken rank file its rank is its ID."""
    current = state.build()
    before = sum(len(current.encode_ids(text)) for text in request.continue_on)
    steps = further.learn(current, request.continue_on, request.merges, sentencepiece=state.sentencepiece)
    # init_from: the old tokens a new one joins (its merge, unfolded), kept per new token as it is made
    # (a chain of merges could be deeper than recursion allows).
    joins: dict[str, list[int]] = {}

    def old_ids(token: str) -> list[int]:
        return joins[token] if token in joins else [state.vocab[token]]

    new_tokens, onto_existing = [], 0
    for left, right, count in steps:
        token = state.result(left, right)
        _append_merge(state, left, right)
        if token in state.vocab:  # a token the model already builds by another merge
            onto_existing += 1
            continue
        joins[token] = old_ids(left) + old_ids(right)
        state.vocab[token] = next_id
        new_tokens.append({"id": next_id, "token": token, "text": state.text(token), "init_from": joins[token],
                           "special": False, "merge": [left, right], "count": count})
        next_id += 1
    if state.tiktoken_like and steps:
        state.rebuild_tiktoken_merges()  # rank = ID: tiktoken derives the merges from the ranks
    after = before
    if steps:
        grown = state.build()
        after = sum(len(grown.encode_ids(text)) for text in request.continue_on)
    notes.append(Note("edit.continued", f"--continue-on: {len(steps)} new merge(s) (of {request.merges} asked), "
                      f"{len(new_tokens)} new token(s); the corpus takes {after:,} tokens instead of {before:,}",
                      merges=len(steps), asked=request.merges, tokens=len(new_tokens), after=f"{after:,}",
                      before=f"{before:,}"))
    if onto_existing:
        notes.append(Note("edit.onto_existing", f"{onto_existing} new merge(s) build a token the vocabulary already "
                          "has, by another pair", count=onto_existing))
    return new_tokens


def _add(state: _State, old_model, request: EditRequest, next_id: int, notes: list) -> list[dict]:
    """Append the new ordinary tokens (with merges that build them) and specials."""
    new_tokens = []
    current, added_texts = None, []
    for text in request.add:
        if state.find(text) is not None:
            found = state.find(text)
            raise EditError(f"--add {excerpt(text)}: is already a token (ID {state.id_of_found(found)})")
        token = state.stored(text)
        if current is None or any(t in token for t in added_texts):
            current = state.build(added=())
        entry = {"id": None, "token": token, "text": text, "init_from": old_ids(old_model, text), "special": False}
        pieces = state.pre_tokens(current, text, token)
        chain: list[str] = []
        if pieces != [token]:
            entry["reachable"] = False
            entry["why"] = (f"the pre-tokenizer splits it into {len(pieces)} pieces "
                            f"({', '.join(state.show(p) for p in pieces[:4])}); no merge crosses a pre-token "
                            "boundary")
        else:
            chain = [current.token_of(i) for i in current.model.merge_word(token)]
            if "".join(chain[:1] + [p[state.cut:] for p in chain[1:]]) != token:
                entry["reachable"] = False
                entry["why"] = "some of its characters have no token"
                chain = []
        if chain:
            built = chain[0]
            for piece in chain[1:-1]:
                helper = state.result(built, piece)
                _append_merge(state, built, piece)
                if helper not in state.vocab:
                    state.vocab[helper] = next_id
                    new_tokens.append({"id": next_id, "token": helper, "text": state.text(helper),
                                       "init_from": old_ids(old_model, state.text(helper)),
                                       "special": False, "helper_for": token})
                    next_id += 1
                built = helper
            _append_merge(state, built, chain[-1])
        state.vocab[token] = next_id
        entry["id"] = next_id
        next_id += 1
        new_tokens.append(entry)
        added_texts.append(token)
        if any(t.get("helper_for") == token for t in new_tokens):
            helpers = [t for t in new_tokens if t.get("helper_for") == token]
            shown = ", ".join(state.show(t["token"]) for t in helpers)
            notes.append(Note("edit.helpers", f"{state.show(token)} is built through {len(helpers)} new "
                              f"intermediate token(s) ({shown}); a text holding one of them changes its IDs too",
                              token=state.show(token), count=len(helpers), helpers=shown))
    for text in request.add_special:
        found = state.find(text)
        if found is not None:
            raise EditError(f"--add-special {excerpt(text)}: is already a token (ID {state.id_of_found(found)})")
        state.added.append(state.special(text, next_id))
        new_tokens.append({"id": next_id, "token": text, "text": text, "init_from": old_ids(old_model, text),
                           "special": True})
        next_id += 1
    return new_tokens


def _append_merge(state: _State, left: str, right: str) -> None:
    if state.tiktoken_like:
        return  # derived from the ranks afterwards
    state.merges.append((left, right))
    if state.ranks is not None:
        state.ranks.append((state.ranks[-1] + 1) if state.ranks else 0)


def _builders(state: _State) -> dict[str, tuple[str, str]]:
    """token -> the two pieces its first merge joins."""
    out = {}
    for left, right in state.merges:
        out.setdefault(state.result(left, right), (left, right))
    return out


def _shrunk_away(state: _State, model, request: EditRequest) -> list[str]:
    """The ordinary tokens ``--shrink-to`` removes: all but the base symbols,
    the specials and the most used tokens on the corpus (ties and unused
    tokens by ID), each kept with every token that builds it."""
    size = request.shrink_to
    base = [t for t in state.vocab if state.is_base(t)]
    fixed = len(base) + len({a.id for a in state.added} - set(state.vocab.values()))
    fixed += sum(1 for a in state.added if state.vocab.get(a.content) == a.id)
    if size < fixed:
        raise EditError(f"--shrink-to {size}: is below the {len(base)} base symbols and "
                        f"{len(state.added)} specials, which are always kept (at least {fixed})")
    counts = corpus_counts(request, model.encode_ids)
    by_id = {i: t for t, i in state.vocab.items()}
    builders = _builders(state)
    special_ids = {a.id for a in state.added}
    kept = set(base) | {t for t, i in state.vocab.items() if i in special_ids}
    size -= len(special_ids - set(state.vocab.values()))  # the specials outside the model's vocabulary
    order = sorted((i for i in by_id if i not in special_ids), key=lambda i: (-counts[i], i))
    for token_id in order:
        if len(kept) >= size:
            break
        todo, closure = [by_id[token_id]], []
        while todo:
            token = todo.pop()
            if token in kept or token in closure:
                continue
            closure.append(token)
            todo.extend(builders.get(token, ()))
        if len(kept) + len(closure) <= size:
            kept.update(closure)
    return [t for t in state.vocab if t not in kept]
