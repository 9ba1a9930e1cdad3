"""Shrink the ICU data library the Qt wheel carries (libicudata, 31 MB) to what the app can use.

Qt's ICU use is collation (QCollator: sorting in the file dialog), case mapping,
time-zone names and legacy text codecs; the app decodes text in Python and shows
two UI languages.  So the data keeps every item that is not a locale's (time-zone
rules, likely subtags, the UCA collation table, properties...), the root, English
and Chinese locales of every tree (collation by pinyin stays), and drops the other
locales, the legacy codec tables (*.cnv), the word-break dictionaries and the
transliterators.  The rest is written back as a library with the same name and
symbol, assembled with binutils (as, ld), which the build has for strip anyway.

ICU's common data: a header, then a table of contents (count, then name and data
offsets from the table's start, names sorted for a binary search), the names,
and the items, each 16-byte aligned; an item's length runs to the next offset.
"""

from __future__ import annotations

import re
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

KEPT_LANGUAGES = ("en", "zh")
KEPT_NAMES = {"root", "pool", "res_index"}
LOCALE = re.compile(r"[a-z]{2,3}(_[A-Za-z0-9]+)*")
DROPPED_TREES = ("translit/",)


def wanted(name: str) -> bool:
    """Whether the item ``icudt73l/coll/zh.res`` (say) stays."""
    path = name.split("/", 1)[1]
    if path.endswith(".cnv") or path.startswith(DROPPED_TREES) or (path.startswith("brkitr/") and path.endswith(".dict")):
        return False
    stem = path.rsplit("/", 1)[-1]
    if not stem.endswith(".res"):
        return True
    stem = stem[:-4]
    if stem in KEPT_NAMES or not LOCALE.fullmatch(stem):
        return True
    return stem.split("_", 1)[0] in KEPT_LANGUAGES


def items(data: bytes) -> tuple[bytes, list[tuple[str, bytes]]]:
    """The header and the (name, item) pairs of a little-endian common data blob."""
    header_size = struct.unpack_from("<H", data, 0)[0]
    if data[2:4] != b"\xda\x27" or data[12:16] != b"CmnD":
        raise ValueError("not ICU common data (no CmnD header)")
    toc = header_size
    count = struct.unpack_from("<I", data, toc)[0]
    entries = [struct.unpack_from("<II", data, toc + 4 + 8 * i) for i in range(count)]
    out = []
    for i, (name_at, data_at) in enumerate(entries):
        end = entries[i + 1][1] if i + 1 < count else len(data) - toc
        name = data[toc + name_at:data.index(b"\0", toc + name_at)].decode("ascii")
        out.append((name, data[toc + data_at:toc + end]))
    return data[:header_size], out


def pack(header: bytes, kept: list[tuple[str, bytes]]) -> bytes:
    """A common data blob of ``kept`` (already in name order)."""
    names = b"".join(name.encode("ascii") + b"\0" for name, _ in kept)
    first = 4 + 8 * len(kept) + len(names)
    first += -(len(header) + first) % 16
    toc, body, name_at, data_at = [struct.pack("<I", len(kept))], [], 4 + 8 * len(kept), first
    for name, item in kept:
        toc.append(struct.pack("<II", name_at, data_at))
        name_at += len(name) + 1
        pad = -len(item) % 16
        body.append(item + b"\0" * pad)
        data_at += len(item) + pad
    table = b"".join(toc) + names
    return header + table + b"\0" * (first - len(table)) + b"".join(body)


def _symbol(library: Path) -> tuple[str, int, int]:
    """The data symbol's name, file offset and size (readelf: the library keeps it in .rodata)."""
    symbols = subprocess.run(["readelf", "-sW", str(library)], capture_output=True, text=True, check=True).stdout
    found = re.search(r"\s([0-9a-f]+)\s+(0x[0-9a-f]+|\d+)\s+OBJECT\s+GLOBAL\s+\w+\s+\d+\s+(icudt\d+_dat)\b", symbols)
    if not found:
        raise ValueError(f"{library}: no icudtNN_dat symbol")
    address, size = int(found.group(1), 16), int(found.group(2), 0)
    sections = subprocess.run(["readelf", "-SW", str(library)], capture_output=True, text=True, check=True).stdout
    for line in sections.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 5 and parts[1] == ".rodata":
            section_address, section_offset = int(parts[3], 16), int(parts[4], 16)
            return found.group(3), address - section_address + section_offset, size
    raise ValueError(f"{library}: no .rodata section")


def shrink(library: Path) -> tuple[int, int]:
    """Rewrite ``library`` in place with the kept items; gives its size before and after."""
    before = library.stat().st_size
    symbol, offset, size = _symbol(library)
    header, pairs = items(library.read_bytes()[offset:offset + size])
    blob = pack(header, [(name, item) for name, item in pairs if wanted(name)])
    soname = library.name
    with tempfile.TemporaryDirectory(dir=library.parent) as work:
        work = Path(work)
        (work / "data.bin").write_bytes(blob)
        (work / "data.s").write_text(
            f'.section .rodata\n.globl {symbol}\n.type {symbol}, @object\n.balign 16\n{symbol}:\n'
            f'.incbin "{work / "data.bin"}"\n.size {symbol}, {len(blob)}\n'
            '.section .note.GNU-stack,"",@progbits\n')
        subprocess.run(["as", "-o", str(work / "data.o"), str(work / "data.s")], check=True)
        subprocess.run(["ld", "-shared", "-soname", soname, "-o", str(work / soname), str(work / "data.o")], check=True)
        (work / soname).replace(library)
    return before, library.stat().st_size


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        old, new = shrink(Path(arg))
        print(f"{arg}: ICU data {old / 2**20:.1f} MB -> {new / 2**20:.1f} MB")
