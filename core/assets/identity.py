"""Tokenizer identity: SHA-256 of an RFC 8785 canonical description.

Follows tiktoken's habit of pinning a vocabulary to a SHA-256 (``load.py``,
``check_hash``) and seed 000 §19.5-19.6: a checkpoint must match the exact
tokenizer, and "the canonical serialization differs from hashing the
formatted JSON file".  So we hash a canonical *description* built from the
validated tokenizer, never the file bytes: key order, indentation, the
metadata block (name, notes, dates) and redundant fields cannot change it.
docs/identity.md gives the exact rule so the hashes can be recomputed
with any RFC 8785 implementation.

Two identities, and a hash per component so a diff can say what moved:

* interface -- what a model sees: initial symbols and their IDs, the token
  of every ID, the merge order, specials, normalizer, pre-tokenizer and
  boundary rule;
* full -- the interface plus provenance: merge counts, the trainer (name,
  version, tie policy, settings) and the training data identity.

A checkpoint manifest (``{"tokenizer_interface_sha256": ...}``) is checked
against the interface identity.

Deviation: the book's frozen tokenizer hash (9bb146ce...) follows the book's
own data description, which we do not have; our hashes are not comparable
with it, only with each other.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

import rfc8785

from core import assets, tokenizer as tokenizers
from core.assets.bpe import identity_components as bpe_identity_components
from core.models import char_bpe, unigram
from core.models.renumbered import RenumberedByteBPE
from core.pipeline import pretokenize
from core.errors import AssetError
from core.fileio import read_limited

IDENTITY_VERSION = 1
INTERFACE = ("symbols", "vocab", "merges", "specials", "normalizer", "pre_tokenizer", "boundary")
PROVENANCE = ("counts", "trainer", "training_data")
COMPONENTS = INTERFACE + PROVENANCE
# Interface components only some tokenizers have: present only then, so the
# identities of tokenizers without them are what they always were.
OPTIONAL = ("post_processor",)
MANIFEST_KEY = "tokenizer_interface_sha256"
MAX_MANIFEST_BYTES = 1024 * 1024


def canonical_json(value) -> bytes:
    """RFC 8785 (JCS) bytes of a JSON value; anything JCS refuses is an AssetError."""
    try:
        return rfc8785.dumps(value)
    except rfc8785.CanonicalizationError as exc:
        # Integers beyond 2**53, lone surrogates: JCS has no spelling for them.
        raise AssetError(f"cannot canonicalize the asset: {exc}") from None


def sha256_of(value) -> str:
    return hashlib.sha256(canonical_json(value)).hexdigest()


def short(sha: str, length: int = 12) -> str:
    return sha[:length]


# ==== canonical components per kind ====

def _char_components(asset: dict, tokenizer: char_bpe.CharBPE) -> dict:
    unk = tokenizer.unk
    return {
        "symbols": sorted([tokenizer.ids[s], s] for s in tokenizer.alphabet),
        # Index = ID; a special is an object so no symbol can pass for it.
        "vocab": [{"special": t} if t == unk else t for t in tokenizer.vocab],
        "merges": [[m.left, m.right] for m in tokenizer.merges],
        "specials": [] if unk is None else [{"token": unk, "id": tokenizer.ids[unk], "role": "unk"}],
        "normalizer": {"type": "none"},
        "pre_tokenizer": {"type": "whitespace"},
        "boundary": {"marker": "end_of_word", "symbol": tokenizer.end_of_word},
        "counts": [m.count for m in tokenizer.merges],
    }


def _byte_components(asset: dict, tokenizer) -> dict:
    renumbered = isinstance(tokenizer, RenumberedByteBPE)
    inner = tokenizer.canonical if renumbered else tokenizer
    to_asset = tokenizer.to_asset_id if renumbered else range(inner.vocab_size)
    vocab: list = [None] * inner.vocab_size
    for byte in range(256):
        vocab[to_asset[byte]] = f"{byte:02x}"
    for name, canonical_id in inner.specials:
        vocab[to_asset[canonical_id]] = {"special": name}
    # Merges are named by their bytes, not IDs, so renumbering shows up in
    # the vocabulary alone and the merge component says "same segmentation".
    for m in inner.merges:
        vocab[to_asset[m.new_id]] = m.token_bytes.hex()
    return {
        "symbols": [[byte, f"{byte:02x}"] for byte in range(256)],
        "vocab": vocab,
        "merges": [[inner.token_bytes(m.left).hex(), inner.token_bytes(m.right).hex()] for m in inner.merges],
        "specials": [{"token": name, "id": i} for name, i in sorted(tokenizer.specials, key=lambda s: s[1])],
        "normalizer": {"type": "none"},
        "pre_tokenizer": pretokenize.describe(inner.pretokenizer),
        "boundary": {"marker": "none"},
        "counts": [m.count for m in inner.merges],
    }


def _wordpiece_components(asset: dict, tokenizer) -> dict:
    # No merges: greedy longest match over the vocabulary, so the
    # segmentation rule is the algorithm and its word-length limit.
    basic = tokenizer.basic
    unk = tokenizer.unk
    return {
        "symbols": [],
        "vocab": [{"special": t} if t == unk else t for t in tokenizer.vocab],
        "merges": {"algorithm": "wordpiece-greedy-longest-match",
                   "max_input_chars_per_word": tokenizer.max_input_chars_per_word},
        "specials": [{"token": unk, "id": tokenizer.ids[unk], "role": "unk"}]
        + [{"token": t, "id": tokenizer.ids[t], "role": "special"} for t in tokenizer.added if t != unk],
        **({"decoder": {"cleanup": True}} if tokenizer.cleanup else {}),
        "normalizer": basic.describe() if basic is not None else {"type": "none"},
        "pre_tokenizer": {"type": "bert-basic"} if basic is not None else {"type": "whitespace"},
        "boundary": {"marker": "continuing_prefix", "symbol": tokenizer.prefix},
        "counts": [],
    }


def _unigram_components(asset: dict, tokenizer) -> dict:
    roles = {unigram.UNKNOWN: "unk", unigram.CONTROL: "control"}
    vocab = [p.piece if p.type == unigram.NORMAL else {"special": p.piece} if p.type in roles
             else {"piece": p.piece, "type": p.type} for p in tokenizer.pieces]
    return {
        "symbols": [],
        "vocab": vocab,
        # Scores decide the Viterbi segmentation; keyed by piece, not ID,
        # so that a renumbering shows up in the vocabulary alone.
        "merges": {"algorithm": "unigram-viterbi", "byte_fallback": tokenizer.byte_fallback,
                   "float32": tokenizer.float32, "scores": sorted([p.piece, p.score] for p in tokenizer.pieces)},
        "specials": [{"token": p.piece, "id": i, "role": roles[p.type]}
                     for i, p in enumerate(tokenizer.pieces) if p.type in roles],
        "normalizer": tokenizer.pipeline.describe(),
        "pre_tokenizer": {"type": "none"},
        "boundary": {"marker": "space_prefix", "symbol": "\u2581"},
        "counts": [],
    }


def _bpe_components(asset: dict, tokenizer) -> dict:
    return bpe_identity_components(tokenizer)


DESCRIBERS = {"char-bpe": _char_components, "byte-bpe": _byte_components,
              "wordpiece": _wordpiece_components, "unigram": _unigram_components, "bpe": _bpe_components}


def components_of(asset: dict, tokenizer) -> dict:
    """Every component's canonical JSON value (see docs/identity.md)."""
    kind = asset["kind"]
    if kind not in DESCRIBERS:
        raise AssetError(f"no canonical description for tokenizer kind {kind!r} yet")
    values = DESCRIBERS[kind](asset, tokenizer)
    values["trainer"] = asset["trainer"]
    values["training_data"] = asset.get("training_data")
    post = getattr(tokenizer, "post_processor", None)
    extra = {"post_processor": post} if post is not None else {}
    return {**{name: values[name] for name in COMPONENTS}, **extra}


@dataclass(frozen=True)
class Identity:
    kind: str
    interface_sha256: str
    full_sha256: str
    components: dict  # component -> SHA-256 of its canonical JSON
    values: dict = field(compare=False, repr=False)  # component -> canonical JSON value

    @cached_property
    def vocab_size(self) -> int:
        """The tokens, specials counted once: the size every view states."""
        return sum(1 for token in self.values["vocab"] if token is not None)

    @property
    def id_end(self) -> int:
        """One past the highest ID: the rows of an embedding matrix, larger
        than :attr:`vocab_size` where IDs have holes (cl100k_base: 100,261
        tokens, IDs up to 100,276), as tiktoken's ``n_vocab``."""
        return len(self.values["vocab"])

    @property
    def merges(self) -> int | None:
        """The number of merges, or None for a kind that segments without them
        (WordPiece and Unigram describe their rule as a dict)."""
        rule = self.values["merges"]
        return len(rule) if isinstance(rule, list) else None


def identify(asset: dict, tokenizer=None) -> Identity:
    """Both identities and the component hashes of a validated asset."""
    if tokenizer is None:
        tokenizer = assets.build_tokenizer(asset)
    values = components_of(asset, tokenizer)
    kind = asset["kind"]
    # Each component is serialized once and spliced into both documents
    # (a 68,597-token vocabulary took 1.7 s when serialized three times).
    parts = {name: canonical_json(value) for name, value in values.items()}
    head = {"version": canonical_json(IDENTITY_VERSION), "kind": canonical_json(kind)}
    interface = _splice({"identity": canonical_json("subword-studio/tokenizer-interface"), **head,
                         **{name: parts[name] for name in INTERFACE + OPTIONAL if name in parts}})
    full = _splice({"identity": canonical_json("subword-studio/tokenizer-full"), **head, **parts})
    return Identity(kind, hashlib.sha256(interface).hexdigest(), hashlib.sha256(full).hexdigest(),
                    {name: hashlib.sha256(part).hexdigest() for name, part in parts.items()}, values)


def _splice(members: dict[str, bytes]) -> bytes:
    """JCS bytes of an object whose member values are JCS bytes already:
    members sorted by the UTF-16 code units of their names (RFC 8785 3.2.3)."""
    names = sorted(members, key=lambda name: name.encode("utf-16-be"))
    return b"{" + b",".join(canonical_json(name) + b":" + members[name] for name in names) + b"}"


def identity_json(ident: Identity) -> dict:
    return {"interface_sha256": ident.interface_sha256, "full_sha256": ident.full_sha256,
            "components": dict(ident.components)}


# ==== a validated asset, its tokenizer and identity ====

@dataclass(frozen=True)
class LoadedAsset:
    asset: dict
    tokenizer: object
    identity: Identity
    path: str | None = None

    @property
    def kind(self) -> str:
        return self.asset["kind"]

    @property
    def metadata(self) -> dict:
        return self.asset.get("metadata") or {}

    @cached_property
    def family(self) -> str:
        """What a reader calls it (core.tokenizer.base.FAMILIES), as every view names it."""
        return tokenizers.wrap(self.kind, self.tokenizer).family

    @property
    def name(self) -> str:
        name = self.metadata.get("name")
        if isinstance(name, str) and name:
            return name
        return Path(self.path).stem if self.path else f"({self.kind})"

    @property
    def created(self) -> str:
        created = self.metadata.get("created")
        return created if isinstance(created, str) else ""


@dataclass(frozen=True)
class OpenAsset:
    """An asset open in the workspace; ``dirty`` while it has unsaved edits."""

    loaded: LoadedAsset
    dirty: bool = False


def from_dict(asset: dict, *, path=None, tokenizer=None) -> LoadedAsset:
    if tokenizer is None:
        tokenizer = assets.build_tokenizer(asset)
    return LoadedAsset(asset, tokenizer, identify(asset, tokenizer), None if path is None else str(path))


def load(path) -> LoadedAsset:
    """Read, validate and identify an asset file; errors name the file."""
    asset, tokenizer = assets.load_tokenizer(path)
    try:
        return from_dict(asset, path=path, tokenizer=tokenizer)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None


# ==== checkpoint binding ====

def _is_sha(value) -> bool:
    return isinstance(value, str) and len(value) == 64 and all(c in "0123456789abcdef" for c in value)


def manifest_for(ident: Identity) -> dict:
    """The manifest a checkpoint trained with this tokenizer should carry."""
    return {MANIFEST_KEY: ident.interface_sha256, "tokenizer_full_sha256": ident.full_sha256,
            "vocab_size": ident.id_end}  # a checkpoint's embedding rows


def read_manifest(path) -> dict:
    path = Path(path)
    # Regular files only, the limit counted in bytes read (core.fileio).
    data = read_limited(path, limit=MAX_MANIFEST_BYTES, what="a manifest", error=AssetError, limit_name="manifest")
    try:
        manifest = assets.parse_json(data)
    except AssetError as exc:
        raise AssetError.at(str(path), exc) from None
    if not isinstance(manifest, dict) or not _is_sha(manifest.get(MANIFEST_KEY)):
        raise AssetError(f'{path}: a manifest is a JSON object with "{MANIFEST_KEY}": 64 lowercase hex digits')
    if "tokenizer_full_sha256" in manifest and not _is_sha(manifest["tokenizer_full_sha256"]):
        raise AssetError(f"{path}: tokenizer_full_sha256 must be 64 lowercase hex digits")
    size = manifest.get("vocab_size")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int)):
        raise AssetError(f"{path}: vocab_size must be an integer")
    return manifest


@dataclass(frozen=True)
class Binding:
    """Does a checkpoint manifest match this tokenizer?  ``reasons`` says why."""

    match: bool
    expected: str
    actual: str
    reasons: tuple[dict, ...]


def check_manifest(manifest: dict, ident: Identity) -> Binding:
    expected = manifest[MANIFEST_KEY]
    match = expected == ident.interface_sha256
    reasons = []
    if not match:
        reasons.append({"kind": "interface_mismatch", "expected": expected, "actual": ident.interface_sha256})
        if expected == ident.full_sha256:
            reasons.append({"kind": "full_hash_given"})
    size = manifest.get("vocab_size")
    if size is not None and size != ident.id_end:
        reasons.append({"kind": "vocab_size_mismatch", "expected": size, "actual": ident.id_end})
    elif size is not None and not match:
        # The trap of exercise 5: every tensor shape agrees, the meaning does not.
        reasons.append({"kind": "same_shape", "vocab_size": size})
    full = manifest.get("tokenizer_full_sha256")
    if match and full is not None and full != ident.full_sha256:
        reasons.append({"kind": "provenance_differs", "expected": full, "actual": ident.full_sha256})
    return Binding(match, expected, ident.interface_sha256, tuple(reasons))


def binding_json(binding: Binding) -> dict:
    return {"match": binding.match, "expected": binding.expected, "actual": binding.actual,
            "reasons": list(binding.reasons)}
