"""``tokenizer_config.json`` and ``special_tokens_map.json`` beside an
imported ``tokenizer.json``, ``vocab.txt`` or ``vocab.json`` + ``merges.txt``:
what ``transformers`` reads from them, applied and reported.

Reference: ``transformers`` ``PreTrainedTokenizerBase.from_pretrained`` and
``LlamaTokenizerFast.update_post_processor``.  The files are hostile input.

Details: docs/notes/formats.md#coreformatshf_configpy.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from core import assets
from core.errors import AssetError, excerpt
from core.fileio import read_limited
from core.pipeline import post_process
from core.pipeline.added import AddedToken

FILES = ("tokenizer_config.json", "special_tokens_map.json")  # the later one wins, as in transformers
ROLES = ("bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token", "mask_token")
MAX_BYTES = 16 * 1024 * 1024  # chat templates and added_tokens_decoder make these files large
MAX_ADDITIONAL = 100_000


def _token(value, where):
    """A special's text: a string, or an AddedToken object's ``content``; None is no token."""
    if value is None or isinstance(value, str):
        return value or None
    if isinstance(value, dict) and isinstance(value.get("content"), str):
        return value["content"] or None
    raise AssetError(f"{where}: expected a string or an object with \"content\", found {excerpt(value)}")


def _length(value, where) -> int | None:
    """A ``model_max_length``: None for "no limit" (transformers writes
    ``int(1e30)``, its VERY_LARGE_INTEGER, and some files 1e30 as a float)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise AssetError(f"{where}: expected a positive number, found {excerpt(value)}")
    return None if value >= NO_LIMIT else int(value)


NO_LIMIT = 10 ** 18  # at or above: transformers' "no limit" marker (int(1e30)), never a real context length


def read_sidecars(folder) -> dict:
    """``{"roles": {role: token}, "additional": [...], "add_bos_token": bool, "add_eos_token": bool,
    "files": [names read], "from": {field: file}}`` from the files in ``folder`` (empty when none)."""
    found = {"roles": {}, "additional": [], "files": [], "from": {}}
    for name in FILES:
        path = Path(folder) / name
        if not path.is_file():
            continue
        data = read_limited(path, limit=MAX_BYTES, what="a tokenizer config", error=AssetError, limit_name="config")
        try:
            config = assets.parse_json(data, any_int=True)
        except AssetError as exc:
            raise AssetError.at(str(path), exc) from None
        if not isinstance(config, dict):
            raise AssetError(f"{path}: expected a JSON object")
        found["files"].append(name)
        for role in ROLES:
            if role in config:
                found["roles"][role] = _token(config[role], f"{path}: {role}")
                found["from"][role] = name
        if "additional_special_tokens" in config:
            extra = config["additional_special_tokens"]
            if not isinstance(extra, list) or len(extra) > MAX_ADDITIONAL:
                raise AssetError(f"{path}: additional_special_tokens: expected a list")
            found["additional"] = [t for i, v in enumerate(extra)
                                   if (t := _token(v, f"{path}: additional_special_tokens[{i}]")) is not None]
            found["from"]["additional_special_tokens"] = name
        if "model_max_length" in config:
            found["model_max_length"] = _length(config["model_max_length"], f"{path}: model_max_length")
            found["from"]["model_max_length"] = name
        for flag in ("add_bos_token", "add_eos_token"):
            if flag in config:
                if not isinstance(config[flag], bool):
                    raise AssetError(f"{path}: {flag}: expected true or false, found {excerpt(config[flag])}")
                found[flag] = config[flag]
                found["from"][flag] = name
    return found


def apply(asset: dict, model, report, path):
    """The asset and model with what the side files beside ``path`` say; both
    unchanged when there are none."""
    found = read_sidecars(Path(path).parent)
    if not found["files"]:
        return asset, model
    report.keep("config", f"read {', '.join(found['files'])} beside the tokenizer", "hf_config.read",
                files=", ".join(found["files"]))
    if "model_max_length" in found:
        length = found["model_max_length"]
        shown = "no limit" if length is None else f"{length} tokens"
        report.keep("config.model_max_length", f"model_max_length: {shown} (what transformers truncates to; "
                    "an asset does not truncate)", "hf_config.max_length", length=shown)
    kind, original = asset["kind"], model
    specials = [t for role, t in found["roles"].items() if t is not None and role != "unk_token"]
    specials += found["additional"]
    unk = found["roles"].get("unk_token")
    if unk is not None and unk != _unk_of(kind, model):
        report.change("config.unk_token", f"unk_token {excerpt(unk)} differs from the model's unknown token "
                      f"{excerpt(_unk_of(kind, model))}, which stays", "hf_config.unk_differs",
                      token=excerpt(unk), model=excerpt(_unk_of(kind, model)))
    model = _mark_specials(kind, model, list(dict.fromkeys(specials)), report)
    post = _post_processor(kind, model, found, report)
    if post is not None:
        model = replace(model, post_processor=post)
        report.changed[:] = [f for f in report.changed if f.code != "bert_vocab.no_post_processor"]
    if model is original:
        return asset, model
    rebuilt = {"bpe": assets.bpe_to_asset, "wordpiece": assets.wordpiece_to_asset,
               "unigram": assets.unigram_to_asset}[kind](model)
    for key in ("trainer", "metadata", "training_data"):
        if key in asset:
            rebuilt[key] = asset[key]
    rebuilt["trainer"] = {**rebuilt["trainer"], "side_files": found["files"]}  # provenance: they changed it
    return rebuilt, model


def _unk_of(kind, model):
    if kind == "unigram":
        return model.pieces[model.unk_id].piece
    return model.unk


def _id_of(kind, model, token):
    if kind == "bpe":
        added = {a.content: a.id for a in model.added}
        return added.get(token, model.vocab_id(token))
    return model.ids.get(token)


def _mark_specials(kind, model, tokens, report):
    """Each named special in the vocabulary becomes special (matched in the text, skipped by decode)."""
    missing = [t for t in tokens if _id_of(kind, model, t) is None]
    if missing:
        report.change("config.special_tokens", f"{len(missing)} named special tokens are not in the vocabulary "
                      f"({', '.join(map(excerpt, missing[:4]))}); transformers would add them with new IDs, here "
                      "they are not added", "hf_config.missing", count=len(missing),
                      tokens=", ".join(map(excerpt, missing[:4])))
    present = [t for t in tokens if t not in missing]
    if kind == "bpe":
        added = {a.content: a for a in model.added}
        changed = [t for t in present if t not in added or not added[t].special]
        new = [replace(a, special=True, normalized=False) if a.content in changed else a for a in model.added]
        new += [AddedToken(t, model.vocab_id(t), special=True, normalized=False)
                for t in changed if t not in added]
        if changed:
            model = replace(model, added=tuple(new))
    elif kind == "wordpiece":
        changed = [t for t in present if t not in model.added and t != model.unk]
        if changed:
            model = replace(model, added=tuple(model.added) + tuple(changed))
    else:
        changed = []
        if present:
            report.change("config.special_tokens", "a unigram asset matches no special token in the text: the "
                          f"named specials ({', '.join(map(excerpt, present[:4]))}) stay as they are",
                          "hf_config.unigram_specials", tokens=", ".join(map(excerpt, present[:4])))
    if changed:
        report.keep("config.special_tokens", f"{len(changed)} named special tokens "
                    f"({', '.join(map(excerpt, changed[:4]))}) are now special: matched in the text as one token "
                    "and skipped by decode, as transformers does", "hf_config.specials", count=len(changed),
                    tokens=", ".join(map(excerpt, changed[:4])))
    return model


def _post_processor(kind, model, found, report):
    roles = found["roles"]
    if "add_bos_token" in found or "add_eos_token" in found:
        bos, eos = found.get("add_bos_token", False), found.get("add_eos_token", False)
        table = {}
        for wanted, role in ((bos, "bos_token"), (eos, "eos_token")):
            token = roles.get(role)
            if wanted and (token is None or _id_of(kind, model, token) is None):
                raise AssetError(f"{found['from']['add_' + role]}: add_{role} is true but {role} "
                                 f"{excerpt(token)} is not in the vocabulary")
            if wanted:
                table[token] = {"ids": [_id_of(kind, model, token)], "tokens": [token]}
        single = ([{"special": roles["bos_token"], "type_id": 0}] if bos else []) + \
            [{"sequence": "A", "type_id": 0}] + ([{"special": roles["eos_token"], "type_id": 0}] if eos else [])
        pair = single + ([{"special": roles["bos_token"], "type_id": 1}] if bos else []) + \
            [{"sequence": "B", "type_id": 1}] + ([{"special": roles["eos_token"], "type_id": 1}] if eos else [])
        spec = post_process.parse({"type": "template", "single": single, "pair": pair, "special_tokens": table})
        template = post_process.describe(spec)
        report.keep("config.add_bos_token", f"add_bos_token={str(bos).lower()}, add_eos_token={str(eos).lower()}: "
                    f"the post-processor is {template}, as transformers' LlamaTokenizerFast builds it",
                    "hf_config.bos_eos", bos=str(bos).lower(), eos=str(eos).lower(), template=template)
        return spec
    if kind == "wordpiece" and report.format == "bert-vocab" and roles.get("cls_token") and roles.get("sep_token"):
        cls, sep = roles["cls_token"], roles["sep_token"]
        if _id_of(kind, model, cls) is None or _id_of(kind, model, sep) is None:
            return None  # reported as missing above
        spec = post_process.parse({"type": "bert", "cls": [cls, _id_of(kind, model, cls)],
                                   "sep": [sep, _id_of(kind, model, sep)]})
        report.keep("config.cls_token", f"cls_token and sep_token: the post-processor is "
                    f"{post_process.describe(spec)}, as transformers' BertTokenizer adds them",
                    "hf_config.bert", template=post_process.describe(spec))
        return spec
    return None
