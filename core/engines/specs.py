"""Each native engine's :class:`~core.engines.spec.Spec` for an asset, made
by the format exporter that engine reads (the exporter is the one authority
on what its format holds).  An export that loses or changes anything that
decides IDs is refused with the exporter's reason: the engine would not be
exact.  (Whether it *is* exact is then checked on the probes,
:mod:`core.engines.verdicts`.)  A spec is made once per asset and may serve
several engines: fastokens reads the tiktoken spec (``core.engines.READS``
names the spec each engine reads)."""

from __future__ import annotations

import json

from core.engines.spec import Spec, uint32s
from core.errors import AssetError
from core.formats import hf_json, spm_write, tiktoken_ranks
from core.formats.report import Report

# Findings on these components leave the IDs as they are: decoding and the
# post-processor stay with the tokenizer (core.engines.served).
HARMLESS = ("decoder", "post_processor")


def _exact(report: Report, engine: str) -> None:
    for finding in (*report.not_representable, *report.changed):
        if finding.component not in HARMLESS:
            raise AssetError(f"{engine} would encode differently: {finding.component}: {finding.detail}")


def tiktoken_spec(asset: dict, tokenizer) -> Spec:
    report = Report("export", "tiktoken", asset["metadata"].get("name", ""))
    ranks, pattern, specials = tiktoken_ranks.exported(asset, tokenizer, report)
    # Our byte-level BPE reads a special's text as bytes (it has no added
    # tokens), which the engine does by encode_ordinary; an imported BPE
    # matches its added tokens in the text, as tiktoken's allowed_special="all".
    in_text = asset["kind"] == "bpe"
    if not in_text:
        report.changed = [f for f in report.changed if f.component != "specials"]
    _exact(report, "tiktoken")
    order = sorted(ranks.items(), key=lambda item: item[1])
    ends, at = [], 0
    for token, _ in order:
        at += len(token)
        ends.append(at)
    meta = {"name": asset["metadata"].get("name") or "asset", "pattern": pattern or r"[\s\S]+",
            "specials": specials, "specials_in_text": in_text, "decodes": in_text}
    return Spec("tiktoken", meta, {"tokens": b"".join(t for t, _ in order), "ends": uint32s(ends),
                                   "ranks": uint32s(r for _, r in order)})


def tokenizers_spec(asset: dict, tokenizer) -> Spec:
    report = Report("export", "hf", asset["metadata"].get("name", ""))
    spec = hf_json.to_spec(asset, tokenizer, report)
    _exact(report, "tokenizers")
    return Spec("tokenizers", {}, {"json": json.dumps(spec, ensure_ascii=False).encode("utf-8")})


def sentencepiece_spec(asset: dict, tokenizer) -> Spec:
    report = Report("export", "spm", asset["metadata"].get("name", ""))
    data, _ = spm_write.exported(asset, tokenizer, report)
    _exact(report, "sentencepiece")
    return Spec("sentencepiece", {}, {"model": data})


MAKERS = {"tiktoken": tiktoken_spec, "tokenizers": tokenizers_spec, "sentencepiece": sentencepiece_spec}


def spec_for(name: str, asset: dict, tokenizer) -> Spec:
    """The spec ``name`` for ``asset``; AssetError says why it cannot hold it exactly."""
    return MAKERS[name](asset, tokenizer)
