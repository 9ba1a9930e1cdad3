"""How a token was built, per kind.

* BPE kinds (ours and imported): the merge tree down to base symbols or
  bytes, each inner node with the 1-based position of its merge in the
  merge list (``▁the`` <- ``▁t`` + ``he`` <- ...).  A token made by several
  merges (SentencePiece and tiktoken rank results, so ``a+bc`` and ``ab+c``
  may both make ``abc``) shows the first.
* WordPiece: a word start or a ``##`` continuation.
* Unigram: the piece's score and its rank by score among normal pieces
  (1 = the most probable), and its type.
"""

from __future__ import annotations

from dataclasses import dataclass

from core.pipeline.normalize import piece_byte


@dataclass(frozen=True)
class MergeNode:
    id: int
    token: str  # as stored
    merge: int | None  # 1-based merge position that made it; None for a base symbol
    left: "MergeNode | None" = None
    right: "MergeNode | None" = None

    def leaves(self) -> list[int]:
        """The base symbols' IDs, left to right."""
        if self.left is None:
            return [self.id]
        return self.left.leaves() + self.right.leaves()

    def lines(self, depth: int = 0) -> list[str]:
        """The tree as indented text, e.g. ``▁the ← ▁t + he  (merge 7)``."""
        if self.left is None:
            return ["  " * depth + f"{self.token}  [{self.id}]"]
        head = "  " * depth + f"{self.token} ← {self.left.token} + {self.right.token}  [{self.id}, merge {self.merge}]"
        return [head, *self.left.lines(depth + 1), *self.right.lines(depth + 1)]

    def to_json(self) -> dict:
        out = {"id": self.id, "token": self.token, "merge": self.merge}
        if self.left is not None:
            out["left"], out["right"] = self.left.to_json(), self.right.to_json()
        return out


@dataclass(frozen=True)
class Derivation:
    kind: str
    tree: MergeNode | None = None  # BPE kinds
    word_start: bool | None = None  # WordPiece: False for a ## continuation
    score: float | None = None  # Unigram
    score_rank: int | None = None  # Unigram: 1 = highest score among normal pieces
    piece_type: str = ""  # Unigram: normal, byte, control, ...


def is_byte_piece(tok, token: str) -> bool:
    """A byte-fallback piece (``<0xE4>``) of a SentencePiece-style vocabulary."""
    return tok.kind in ("bpe", "unigram") and not tok.byte_level and piece_byte(token) is not None \
        and tok.token_bytes(tok.token_to_id(token)) is not None


def continuation_prefix(tok) -> str | None:
    if tok.kind == "wordpiece":
        return tok.model.prefix
    if tok.kind == "bpe":
        return tok.model.continuing_prefix
    return None


def merge_parents(tok) -> dict[int, tuple[int, int, int]]:
    """new ID -> (left ID, right ID, 1-based merge position) of the first merge making it."""
    model, out = tok.model, {}
    if tok.kind == "byte-bpe":
        for m in model.merges:
            out.setdefault(m.new_id, (m.left, m.right, m.rank))
    elif tok.kind == "bpe":
        cut = len(model.continuing_prefix or "")
        for position, (left, right) in enumerate(model.merges, start=1):
            new = model.vocab_id(left + right[cut:])
            out.setdefault(new, (model.vocab_id(left), model.vocab_id(right), position))
    elif tok.kind == "char-bpe":
        ids = model.ids
        for m in model.merges:
            out.setdefault(ids[m.new], (ids[m.left], ids[m.right], m.rank))
    return out


def merge_tree(tok, token_id: int, parents: dict | None = None) -> MergeNode:
    """The merge tree of one token (a base symbol is a lone leaf)."""
    parents = merge_parents(tok) if parents is None else parents
    made = parents.get(token_id)
    if made is None:
        return MergeNode(token_id, tok.id_to_token(token_id), None)
    left, right, position = made
    return MergeNode(token_id, tok.id_to_token(token_id), position,
                     merge_tree(tok, left, parents), merge_tree(tok, right, parents))


_RANKS: dict[int, tuple[object, dict[int, int]]] = {}  # id(model) -> (model, piece ID -> rank by score)


def score_ranks(model) -> dict[int, int]:
    """Unigram: piece ID -> 1-based rank by descending score among normal pieces."""
    kept = _RANKS.get(id(model))
    if kept is None or kept[0] is not model:
        # here: only a unigram vocabulary needs it (its model is loaded by then); the package is ~12 ms at start-up
        from core.models.unigram.model import NORMAL
        normal = [i for i, p in enumerate(model.pieces) if p.type == NORMAL]
        normal.sort(key=lambda i: (-model.pieces[i].score, i))
        if len(_RANKS) > 4:
            _RANKS.clear()
        kept = _RANKS[id(model)] = (model, {i: r for r, i in enumerate(normal, start=1)})
    return kept[1]


def derive(tok, token_id: int, parents: dict | None = None) -> Derivation:
    """How ``token_id`` of ``tok`` was built (see the module docstring)."""
    if tok.kind in ("byte-bpe", "bpe", "char-bpe"):
        return Derivation(tok.kind, tree=merge_tree(tok, token_id, parents))
    if tok.kind == "wordpiece":
        token, prefix = tok.id_to_token(token_id), tok.model.prefix
        return Derivation(tok.kind, word_start=not (token.startswith(prefix) and token != prefix))
    if tok.kind == "unigram":
        piece = tok.model.pieces[token_id]
        return Derivation(tok.kind, score=piece.score, score_rank=score_ranks(tok.model).get(token_id),
                          piece_type=piece.type)
    return Derivation(tok.kind)
