"""Benchmark corpora: real prose from Debian packages and a generated text.

* ``en`` -- the reStructuredText sources (``html/_sources/*.txt``) of
  ``python3.11-doc`` and ``linux-doc-6.1``, files in path order, the two
  packages interleaved file by file so every prefix mixes both.
* ``zh`` -- the Chinese fortunes of ``fortunes-zh`` (``chinese``,
  ``tang300``, ``song100``) without their ANSI colour codes and ``%`` lines.
* ``ordinary`` -- ordinary multilingual prose and code, the encode bench's
  text: the fortune cookies of ``fortunes`` (English), ``fortunes-de``,
  ``fortunes-es``, ``fortunes-ru`` and ``fortunes-zh`` (without the ``%``
  separators, colour codes and the offensive sets) and the Python sources
  of ``libpython3.11-stdlib``, in blocks of 40 lines taken from each source
  in turn, so every prefix of 1 MB mixes all six.
* :func:`build_scale` -- a corpus of a gigabyte or more in several files for
  ``count`` and ``stats``: the ``en`` documentation, the ``ordinary``
  fortunes and code, and the manual pages of twelve languages
  (``manpages``, ``manpages-de``, ``-es``, ``-fr``, ``-it``, ``-ja``,
  ``-nl``, ``-pl``, ``-pt-br``, ``-ru``, ``-uk``, ``-zh``) as plain text,
  each repeated to its share of the size with variation per copy.
* ``generated`` -- a fixed-seed text of Zipf-distributed pseudo-words with
  punctuation, numbers, some accented, Chinese and emoji characters; always
  available, identical on every machine.

Packages are fetched once with ``apt-get download`` and unpacked with
``dpkg -x`` into the cache folder (``$SUBWORD_STUDIO_BENCH_CACHE`` or
``~/.cache/subword-studio-bench``), never into the repository.  A corpus of
``size`` bytes is the longest prefix of whole lines that fits; when the
source is shorter it is repeated, and :func:`build` says so.
"""

from __future__ import annotations

import gzip
import os
import random
import re
import subprocess
from itertools import accumulate
from pathlib import Path

CACHE = Path(os.environ.get("SUBWORD_STUDIO_BENCH_CACHE", Path.home() / ".cache" / "subword-studio-bench"))
NAMES = ("en", "zh", "ordinary", "generated")
BLOCK_LINES = 40
GENERATOR_VERSION = 1
SEED = 10
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


class CorpusUnavailable(RuntimeError):
    """A real corpus whose Debian package could not be fetched."""


def _unpacked(package: str) -> Path:
    """The package's files, downloading and unpacking it on first use."""
    target = CACHE / "unpacked" / package
    if (target / ".done").exists():
        return target
    debs = CACHE / "debs"
    debs.mkdir(parents=True, exist_ok=True)
    found = sorted(debs.glob(f"{package}_*.deb"))
    if not found:
        done = subprocess.run(["apt-get", "download", package], cwd=debs, capture_output=True, text=True)
        found = sorted(debs.glob(f"{package}_*.deb"))
        if done.returncode != 0 or not found:
            raise CorpusUnavailable(f"apt-get download {package} failed in {debs}: "
                                    f"{(done.stderr or done.stdout).strip()[-300:]} "
                                    "(run 'apt-get update' first, or put the .deb there by hand)")
    target.mkdir(parents=True, exist_ok=True)
    subprocess.run(["dpkg", "-x", str(found[-1]), str(target)], check=True)
    (target / ".done").write_text(found[-1].name + "\n", encoding="utf-8")
    return target


def _rst_sources(package: str) -> list[Path]:
    # resolve(): python3.11-doc also links its html folder under a second name.
    return sorted({p.resolve() for p in _unpacked(package).glob("usr/share/doc/*/html/_sources/**/*.txt")})


def _english() -> str:
    groups = [_rst_sources("python3.11-doc"), _rst_sources("linux-doc-6.1")]
    files = [f for pair in zip(*groups) for f in pair]
    longest = max(groups, key=len)
    files += longest[min(map(len, groups)):]
    return "".join(_read(f) for f in files)


def _chinese() -> str:
    root = _unpacked("fortunes-zh") / "usr/share/games/fortunes"
    parts = []
    for name in ("chinese", "tang300", "song100"):
        text = _ANSI.sub("", _read(root / name))
        parts.append("".join(line for line in text.splitlines(keepends=True) if line.strip() != "%"))
    return "".join(parts)


def _fortune_files(package: str, folder: str) -> list[Path]:
    root = _unpacked(package) / "usr/share/games/fortunes" / folder
    return sorted(p for p in root.glob("*") if p.is_file() and not p.is_symlink() and p.suffix not in (".dat", ".u8"))


def _fortunes(files) -> list[str]:
    lines = []
    for path in files:
        text = _ANSI.sub("", _read(path))
        lines += [line for line in text.splitlines(keepends=True) if line.strip() != "%"]
    return lines


def _ordinary() -> str:
    sources = [_fortunes(_fortune_files("fortunes", "")), _fortunes(_fortune_files("fortunes-de", "de")),
               _fortunes(_fortune_files("fortunes-es", "es")), _fortunes(_fortune_files("fortunes-ru", "ru")),
               _chinese().splitlines(keepends=True)]
    code_root = _unpacked("libpython3.11-stdlib") / "usr/lib/python3.11"
    code = sorted(path for path in code_root.glob("**/*.py") if path.is_file())  # skip dangling links
    sources.append([line for path in code for line in _read(path).splitlines(keepends=True)])
    blocks, at = [], 0
    while any(at < len(source) for source in sources):
        for source in sources:
            blocks += source[at:at + BLOCK_LINES]
        at += BLOCK_LINES
    return "".join(blocks)


def _read(path: Path) -> str:
    text = path.read_text(encoding="utf-8", errors="replace")
    return text if text.endswith("\n") else text + "\n"


_SYLLABLES = ("ka to ri na se mo lu pe an el in or ist ung ver pro str tion ment able "
              "qu ph th ch sh ex re de un ing ed er ly ous").split()
_EXTRA = list("éèüöñçø")
_CHINESE = list("的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说"
                "产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点")
_EMOJI = list("🙂🚀✨🎉📚")


def _generated(size: int) -> str:
    """About ``size`` bytes of deterministic pseudo-prose."""
    rng = random.Random(SEED)
    words = sorted({"".join(rng.choices(_SYLLABLES, k=rng.choice((1, 1, 2, 2, 2, 3, 3, 4))))
                    for _ in range(30000)})
    rng.shuffle(words)
    for i in range(0, len(words), 17):  # a few accented words
        words[i] = words[i][:-1] + rng.choice(_EXTRA)
    cumulative = list(accumulate(1 / (rank + 2.7) for rank in range(len(words))))  # Zipf-Mandelbrot
    lines, total = [], 0
    while total < size:
        count = rng.randint(4, 18)
        picked = rng.choices(words, cum_weights=cumulative, k=count)
        if rng.random() < 0.5:
            picked[0] = picked[0].capitalize()
        if rng.random() < 0.2:
            picked.insert(rng.randrange(len(picked)), str(rng.randint(0, 99999)))
        if rng.random() < 0.08:
            picked.insert(rng.randrange(len(picked)), "".join(rng.choices(_CHINESE, k=rng.randint(2, 12))))
        if rng.random() < 0.02:
            picked.append(rng.choice(_EMOJI))
        line = " ".join(picked) + rng.choice((".", ".", ".", ",", "?", "!", ":", ";")) + "\n"
        if rng.random() < 0.1:
            line = "    " + line
        lines.append(line)
        total += len(line.encode("utf-8"))
    return "".join(lines)


def source_text(name: str, size: int) -> str:
    if name == "en":
        return _english()
    if name == "zh":
        return _chinese()
    if name == "ordinary":
        return _ordinary()
    if name == "generated":
        return _generated(size)
    raise ValueError(f"unknown corpus {name!r}: choose one of {', '.join(NAMES)}")


def build(name: str, size: int) -> tuple[Path, dict]:
    """A UTF-8 file of whole lines totalling at most ``size`` bytes, cached,
    and a description (source bytes, whether it had to repeat)."""
    version = GENERATOR_VERSION if name == "generated" else 1
    path = CACHE / "corpora" / f"{name}-v{version}-{size}.txt"
    info_path = path.with_suffix(".info")
    if not path.exists():
        data = source_text(name, size).encode("utf-8")
        source_bytes, repeats = len(data), 1
        while len(data) < size:
            data += source_text(name, size).encode("utf-8")
            repeats += 1
        cut = data.rfind(b"\n", 0, size) + 1 or size
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data[:cut])
        tmp.replace(path)
        info_path.write_text(f"{source_bytes} {repeats}\n", encoding="utf-8")
    source_bytes, repeats = map(int, info_path.read_text(encoding="utf-8").split())
    return path, {"corpus": name, "bytes": path.stat().st_size, "source_bytes": source_bytes,
                  "repeated": repeats > 1}


def records(path: Path) -> list[str]:
    """The file's lines without their endings, as the workbench's records."""
    return path.read_text(encoding="utf-8").splitlines()


# ==== a corpus of a gigabyte or more ====

MANPAGES = ("manpages", "manpages-de", "manpages-es", "manpages-fr", "manpages-it", "manpages-ja", "manpages-nl",
            "manpages-pl", "manpages-pt-br", "manpages-ru", "manpages-uk", "manpages-zh")
SCALE_VERSION = 1
_ROFF_TEXT_MACROS = {"B", "I", "BR", "IR", "RB", "RI", "BI", "IB", "SH", "SS", "SM", "SB", "TP", "IP", "Nm", "Nd"}
_ROFF_FONT = re.compile(r"\\f(\[[^\]]*\]|\(..|.)")
_ROFF_CHAR = re.compile(r"\\(\(..|\[[^\]]*\]|[&|^:%,/]|s[-+]?\d)")


def roff_text(source: str) -> str:
    """The running text of a manual page: requests and comments dropped, the
    words of font macros (``.B``, ``.SH``...) kept, escapes resolved."""
    lines = []
    for line in source.splitlines():
        line = line.split('\\"', 1)[0]
        if line.startswith((".", "'")):
            macro, _, rest = line[1:].strip().partition(" ")
            if macro not in _ROFF_TEXT_MACROS or not rest.strip():
                continue
            line = rest.replace('"', "")
        line = _ROFF_CHAR.sub("", _ROFF_FONT.sub("", line)).replace("\\-", "-").replace("\\ ", " ").replace("\\e", "\\")
        if line.strip():
            lines.append(line.rstrip() + "\n")
    return "".join(lines)


def _manpages(package: str) -> str:
    pages = sorted(p for p in (_unpacked(package) / "usr/share/man").glob("**/*.gz") if p.is_file())
    parts = []
    for path in pages:
        raw = gzip.decompress(path.read_bytes()).decode("utf-8", errors="replace")
        parts.append(roff_text(raw))
    return "".join(parts)


def scale_sources() -> dict[str, str]:
    """Each source's text, by the name of the file it becomes."""
    sources = {"docs-en": _english(), "fortunes-and-code": _ordinary()}
    for package in MANPAGES:
        sources[package.replace("manpages", "man") if package != "manpages" else "man-en"] = _manpages(package)
    return sources


def _variant(lines: list[str], copy: int) -> str:
    """Copy ``copy`` of a source: its 40-line blocks in a shuffled order, and
    every digit shifted by ``copy`` (so numbers, versions and dates differ),
    for realistic new words in each copy rather than the same counts again."""
    if copy == 0:
        return "".join(lines)
    blocks = [lines[i:i + BLOCK_LINES] for i in range(0, len(lines), BLOCK_LINES)]
    random.Random(copy).shuffle(blocks)
    shift = str.maketrans("0123456789", "".join(str((d + copy) % 10) for d in range(10)))
    return "".join(line.translate(shift) for block in blocks for line in block)


def build_scale(size: int, folder: Path | None = None) -> tuple[list[Path], list[dict]]:
    """Files totalling about ``size`` bytes (whole lines), cached in ``folder``:
    the English documentation gets 30 %, the fortunes and code 10 %, the
    manual pages of each of the twelve languages an equal part of the rest.
    Returns the files and, per file, its source bytes and copies."""
    folder = folder or CACHE / f"scale-v{SCALE_VERSION}-{size}"
    done = folder / "files.txt"
    if not done.exists():
        sources = scale_sources()
        shares = {"docs-en": 0.30, "fortunes-and-code": 0.10}
        rest = (1 - sum(shares.values())) / (len(sources) - len(shares))
        folder.mkdir(parents=True, exist_ok=True)
        info = []
        for name, text in sources.items():
            target = int(size * shares.get(name, rest))
            lines = text.splitlines(keepends=True)
            written, copy = 0, 0
            with open(folder / f"{name}.txt", "wb") as handle:
                while written < target:
                    data = _variant(lines, copy).encode("utf-8")
                    if written + len(data) > target:
                        data = data[:data.rfind(b"\n", 0, target - written) + 1]
                    if not data:
                        break
                    handle.write(data)
                    written += len(data)
                    copy += 1
            info.append({"file": f"{name}.txt", "bytes": written, "source_bytes": len(text.encode("utf-8")),
                         "copies": copy})
        done.write_text("".join(f"{i['file']}\t{i['bytes']}\t{i['source_bytes']}\t{i['copies']}\n" for i in info),
                        encoding="utf-8")
    rows = [line.split("\t") for line in done.read_text(encoding="utf-8").splitlines()]
    info = [{"file": f, "bytes": int(b), "source_bytes": int(s), "copies": int(c)} for f, b, s, c in rows]
    return [folder / i["file"] for i in info], info
