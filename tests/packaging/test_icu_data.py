"""The bundle's ICU data shrink (packaging/icu_data.py): the table of contents
is rewritten exactly, the kept items are the ones Qt can use, and Qt reading the
shrunk library sorts and cases text as with the full one."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
import icu_data  # noqa: E402


def _blob(names_items):
    header = struct.pack("<HBB", 32, 0xDA, 0x27) + struct.pack("<HHBBBB", 20, 0, 0, 0, 2, 0) + b"CmnD" + bytes(12)
    header += bytes(32 - len(header))
    return icu_data.pack(header, names_items)


def test_items_and_pack_round_trip():
    pairs = [(f"icudt73l/{name}", bytes([i]) * (5 + 7 * i)) for i, name in
             enumerate(["af.res", "coll/root.res", "root.res", "ucadata.icu", "zh.res"])]
    blob = _blob(pairs)
    header, back = icu_data.items(blob)
    assert len(header) == 32
    # an item runs to the next offset: the padding to 16 bytes comes with it
    assert [name for name, _ in back] == [name for name, _ in pairs]
    for (_, item), (_, got) in zip(pairs, back):
        assert got[:len(item)] == item and set(got[len(item):]) <= {0} and len(got) % 16 == 0
    toc = struct.unpack_from("<I", blob, 32)[0]
    offsets = [struct.unpack_from("<II", blob, 36 + 8 * i)[1] for i in range(toc)]
    assert all((32 + offset) % 16 == 0 for offset in offsets)
    assert icu_data.items(icu_data.pack(header, back))[1] == back


def test_not_common_data_is_refused():
    with pytest.raises(ValueError, match="CmnD"):
        icu_data.items(b"\x20\x00\xda\x27" + bytes(60))


@pytest.mark.parametrize("name, kept", [
    ("icudt73l/root.res", True), ("icudt73l/zh_Hans_CN.res", True), ("icudt73l/en_GB.res", True),
    ("icudt73l/de.res", False), ("icudt73l/coll/zh.res", True), ("icudt73l/coll/ja.res", False),
    ("icudt73l/coll/ucadata.icu", True), ("icudt73l/zoneinfo64.res", True), ("icudt73l/res_index.res", True),
    ("icudt73l/likelySubtags.res", True), ("icudt73l/gb18030.cnv", False), ("icudt73l/cnvalias.icu", True),
    ("icudt73l/brkitr/cjdict.dict", False), ("icudt73l/brkitr/word.brk", True),
    ("icudt73l/translit/root.res", False), ("icudt73l/unit/fr.res", False), ("icudt73l/zone/zh.res", True),
])
def test_what_stays(name, kept):
    assert icu_data.wanted(name) is kept


CHECK = """
import functools
from PySide6.QtCore import QCollator, QLocale, QTimeZone
words = ["上海", "北京", "广州", "重庆", "阿里", "zebra", "Apple", "éclair", "Ödön", "ähnlich"]
for name in ("zh_CN", "en_US", "de_DE"):
    print(name, sorted(words, key=functools.cmp_to_key(QCollator(QLocale(name)).compare)))
print(QLocale("tr_TR").toUpper("istanbul"), QLocale("de_DE").toUpper("straße"))
zone = QTimeZone(b"Asia/Shanghai")
print(zone.displayName(QTimeZone.StandardTime, QTimeZone.LongName, QLocale("zh_CN")))
"""


def test_qt_reads_the_shrunk_library_as_the_full_one(tmp_path):
    import PySide6

    found = sorted((Path(PySide6.__file__).parent / "Qt" / "lib").glob("libicudata.so.*"))
    if not found or not all(shutil.which(tool) for tool in ("readelf", "as", "ld")):
        pytest.skip("no ICU in this PySide6 wheel, or no binutils")
    full = tmp_path / "full" / found[0].name
    small = tmp_path / "small" / found[0].name
    for path in (full, small):
        path.parent.mkdir()
        shutil.copyfile(found[0], path)
    before, after = icu_data.shrink(small)
    assert after < before / 3

    def run(library):
        env = {**os.environ, "LD_PRELOAD": str(library), "QT_QPA_PLATFORM": "offscreen"}
        return subprocess.run([sys.executable, "-c", CHECK], env=env, capture_output=True, text=True,
                              check=True).stdout

    said = run(full)
    assert "['阿里', '北京', '重庆', '广州', '上海'" in said  # pinyin order: the zh collation is there
    assert run(small) == said
