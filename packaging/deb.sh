#!/usr/bin/env bash
# Build build/subword-studio_<version>_<arch>.deb from the one-folder bundle
# (packaging/build.sh calls it after the bundle's self-test): the bundle under
# /opt/subword-studio, `subword-studio` on the PATH, a menu entry, the icon,
# and MIME types so a double-clicked workspace, tokenizer asset or lesson
# opens in the app.  Needs only dpkg-deb.  Prints the package's size and its
# unpacked size.
set -euo pipefail
cd "$(dirname "$0")/.."

bundle=build/dist/subword-studio
[ -x "$bundle/subword-studio" ] || { echo "deb: no bundle in $bundle (run packaging/build.sh)" >&2; exit 1; }
version=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
arch=$(dpkg --print-architecture)
root=build/deb/root
deb=build/subword-studio_${version}_${arch}.deb
rm -rf build/deb build/subword-studio_*.deb
mkdir -p "$root/DEBIAN" "$root/opt" "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/mime/packages"

cp -a "$bundle" "$root/opt/subword-studio"
ln -s /opt/subword-studio/subword-studio "$root/usr/bin/subword-studio"

for size in 16 32 48 64 128 256; do
    mkdir -p "$root/usr/share/icons/hicolor/${size}x${size}/apps"
    cp resources/icons/subword-studio-$size.png "$root/usr/share/icons/hicolor/${size}x${size}/apps/subword-studio.png"
done
mkdir -p "$root/usr/share/icons/hicolor/scalable/apps"
cp resources/icons/subword-studio.svg "$root/usr/share/icons/hicolor/scalable/apps/subword-studio.svg"

# %F: the files double-clicked (none from the menu); gui/shell/app.py --open tells a
# workspace, a tokenizer asset and a lesson apart.
cat > "$root/usr/share/applications/subword-studio.desktop" <<'EOF'
[Desktop Entry]
Type=Application
Name=Subword Studio
Name[zh_CN]=子词工作室
GenericName=Tokenizer workbench
GenericName[zh_CN]=分词器工作台
Comment=Learn, inspect, compare and verify subword tokenizers (offline)
Comment[zh_CN]=学习、查看、比较和验证子词分词器（离线）
Exec=subword-studio --open %F
Icon=subword-studio
Terminal=false
Categories=Education;ComputerScience;
Keywords=tokenizer;BPE;WordPiece;Unigram;SentencePiece;tiktoken;
MimeType=application/x-subword-studio-workspace;application/x-subword-studio-tokenizer;application/x-subword-studio-lesson;
EOF

# A workspace and our tokenizer asset are JSON files (any name) that declare
# their format near the start (core/workspace/workspace_file.py,
# core/assets/schema.py; the window's drop handler looks the same way,
# gui/shell/desktop.py); a lesson is a .toml file that declares its format
# (core/workspace/lesson_file.py).  Glob plus high-priority magic, as
# shared-mime-info's own application/schema+json: other JSON and TOML files
# stay what they were.
cat > "$root/usr/share/mime/packages/subword-studio.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
  <mime-type type="application/x-subword-studio-workspace">
    <comment>Subword Studio workspace</comment>
    <comment xml:lang="zh_CN">子词工作室工作区</comment>
    <sub-class-of type="application/json"/>
    <generic-icon name="text-x-generic"/>
    <magic priority="80">
      <match type="string" value="&quot;subword-studio/workspace&quot;" offset="0:4096"/>
    </magic>
    <glob pattern="*.json"/>
  </mime-type>
  <mime-type type="application/x-subword-studio-tokenizer">
    <comment>Subword Studio tokenizer asset</comment>
    <comment xml:lang="zh_CN">子词工作室分词器资源</comment>
    <sub-class-of type="application/json"/>
    <generic-icon name="text-x-generic"/>
    <magic priority="80">
      <match type="string" value="&quot;subword-studio/tokenizer&quot;" offset="0:4096"/>
    </magic>
    <glob pattern="*.json"/>
  </mime-type>
  <mime-type type="application/x-subword-studio-lesson">
    <comment>Subword Studio lesson</comment>
    <comment xml:lang="zh_CN">子词工作室课程</comment>
    <sub-class-of type="application/toml"/>
    <sub-class-of type="text/plain"/>
    <generic-icon name="text-x-generic"/>
    <magic priority="80">
      <match type="string" value="&quot;subword-studio/lesson&quot;" offset="0:4096"/>
    </magic>
    <glob pattern="*.toml"/>
  </mime-type>
</mime-info>
EOF

# The desktop caches: refreshed when their tools are there, never failing when not.
cat > "$root/DEBIAN/postinst" <<'EOF'
#!/bin/sh
set -e
if command -v update-desktop-database >/dev/null 2>&1; then update-desktop-database -q /usr/share/applications || true; fi
if command -v update-mime-database >/dev/null 2>&1; then update-mime-database /usr/share/mime || true; fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then gtk-update-icon-cache -q -t -f /usr/share/icons/hicolor || true; fi
exit 0
EOF
cp "$root/DEBIAN/postinst" "$root/DEBIAN/postrm"
chmod 0755 "$root/DEBIAN/postinst" "$root/DEBIAN/postrm"

# Depends: what Qt's X11 platform (and its GL integrations) load from the
# system rather than from the bundle, found with ldd with the bundle first on
# the library path, as its launcher puts it; named by the package that owns
# each file here (dpkg -S).  The bundle carries the xcb-util family,
# xkbcommon, fontconfig and D-Bus itself.
internal=$(cd "$bundle/_internal" && pwd)
libs=$(for plugin in "$internal"/PySide6/Qt/plugins/platforms/libqxcb.so "$internal"/PySide6/Qt/plugins/xcbglintegrations/*.so; do
           LD_LIBRARY_PATH="$internal" ldd "$plugin"
       done | awk '/=>/ {print $1, $3}' | sort -u)
if grep -q "not found" <<<"$libs"; then
    echo "deb: a library Qt's xcb platform needs is missing here:" >&2; grep "not found" <<<"$libs" >&2; exit 1
fi
depends=""
while read -r name path; do
    case "$path" in "$internal"/*) continue ;; esac
    owner=""
    for candidate in "$path" "$(readlink -f "$path")" "/usr$path" "${path#/usr}"; do
        owner=$(dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1) && [ -n "$owner" ] && break
    done
    [ -n "$owner" ] || { echo "deb: no package owns $path ($name)" >&2; exit 1; }
    depends="$depends $owner"
done <<<"$libs"
glibc=$(dpkg-query -W -f='${Version}' libc6 | cut -d- -f1)
depends=$(for p in $depends; do [ "$p" = libc6 ] && echo "libc6 (>= $glibc)" || echo "$p"; done | sort -u | paste -sd, | sed 's/,/, /g')

installed_kb=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat > "$root/DEBIAN/control" <<EOF
Package: subword-studio
Version: $version
Architecture: $arch
Maintainer: Subword Studio <subword-studio@localhost>
Installed-Size: $installed_kb
Depends: $depends
Recommends: fonts-dejavu-core, fonts-noto-cjk | fonts-wqy-microhei, fonts-noto-color-emoji, shared-mime-info, desktop-file-utils
Section: education
Priority: optional
Description: offline workbench for subword tokenizers
 Learn, inspect, compare and verify subword tokenizers (BPE with a full
 trace of every merge, byte-level BPE, WordPiece, Unigram, and real ones
 imported from their own files) in one desktop application that never
 touches the network.  Self-contained: it carries its own Python and Qt.
EOF

dpkg-deb --build --root-owner-group -Zxz -z1 "$root" "$deb" >/dev/null
echo "deb: $deb"
echo "deb: Depends: $depends"
echo "deb: package size $(du -h "$deb" | cut -f1), unpacked size $(du -sh --exclude=DEBIAN "$root" | cut -f1)"
