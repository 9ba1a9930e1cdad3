#!/usr/bin/env bash
# CI: the .deb that packaging/build.sh made, installed on this machine as a
# teacher would (apt-get, so its Depends resolve), then checked: the
# installed self-test under Xvfb with Qt's X11 platform, a workspace file
# opened through its MIME type and the installed menu entry (gio open), and
# a purge that leaves nothing of the package behind.  Needs root or
# passwordless sudo and dpkg; otherwise it says why it is skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

skip() { echo "deb check: skipped ($1)"; exit 0; }
command -v dpkg >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 || skip "no dpkg/apt-get here"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo="sudo -n"; else skip "not root and no passwordless sudo"; fi
fi
command -v xvfb-run >/dev/null 2>&1 || skip "no xvfb-run (bash packaging/install.sh --test installs it)"
for tool in gio:libglib2.0-bin update-mime-database:shared-mime-info update-desktop-database:desktop-file-utils; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || skip "no ${tool%%:*} (bash packaging/install.sh --test installs ${tool#*:})"
done
deb=$(ls build/subword-studio_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { echo "deb check: no build/subword-studio_*.deb (run packaging/build.sh)" >&2; exit 1; }
if dpkg -s subword-studio >/dev/null 2>&1; then
    skip "subword-studio is installed on this machine already: not replacing or removing it"
fi

work=$(mktemp -d)
# Whatever happens, the machine is left without the package.
cleanup() {
    dpkg -s subword-studio >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -qq subword-studio >/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "deb check: FAILED $1" >&2; exit 1; }

# What the package holds, and which of those paths this machine had before.
dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|; s|/$||' | grep -v '^$' | sort -u > "$work/contents"
while read -r path; do [ -e "$path" ] || [ -L "$path" ] || echo "$path"; done < "$work/contents" > "$work/new"

echo "deb check: installing $deb ($(du -h "$deb" | cut -f1))"
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$PWD/$deb" >/dev/null
dpkg -L subword-studio | sort > "$work/installed"
echo "deb check: installed $(wc -l < "$work/installed") paths, $(du -sh /opt/subword-studio | cut -f1) in /opt/subword-studio"

[ "$(command -v subword-studio)" = /usr/bin/subword-studio ] || fail "subword-studio is not /usr/bin/subword-studio"
xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \
    subword-studio --self-test --screenshot-dir "$work/self-test" > "$work/self-test.log" 2>&1 \
    || { cat "$work/self-test.log" >&2; fail "the installed self-test"; }
grep "^self-test: \(icon\|lessons\|shelf\|engines\)" "$work/self-test.log" | sed 's/^/deb check: installed /'

# A workspace file (written with the project's venv: a classroom's own file),
# and plain JSON next to it that must stay plain JSON.
mkdir -p "$work/files"
.venv/bin/python -c "
import sys
from core.workspace import workspace_file
from core.workspace.workspace import Workspace
workspace_file.save(workspace_file.snapshot(Workspace.example()), sys.argv[1])" "$work/files/class 3B.json"
echo '{"not": "ours"}' > "$work/files/other.json"
echo 'name = "not ours"' > "$work/files/other.toml"
cp resources/classroom_byte_bpe.json "$work/files/asset.json"
cp resources/lessons/01-four-bpe-merges.toml "$work/files/lesson.toml"
content_type() { gio info -a standard::content-type "$1" | sed -n 's/.*standard::content-type: //p'; }
for expected in "class 3B.json=application/x-subword-studio-workspace" "asset.json=application/x-subword-studio-tokenizer" \
                "lesson.toml=application/x-subword-studio-lesson" "other.json=application/json"; do
    got=$(content_type "$work/files/${expected%%=*}")
    [ "$got" = "${expected#*=}" ] || fail "${expected%%=*} is '$got', not ${expected#*=}"
done
got=$(content_type "$work/files/other.toml")
[ "${got#application/x-subword-studio}" = "$got" ] || fail "a plain TOML file became '$got'"
echo "deb check: MIME types: workspace, asset and lesson files are ours; other JSON and TOML files ($got) are not"
# The menu entry as the desktop reads it: no error, no warning, no hint (a hint
# such as two main categories puts the app twice in some menus).
said=$(desktop-file-validate /usr/share/applications/subword-studio.desktop 2>&1) || fail "desktop entry: $said"
[ -z "$said" ] || fail "desktop entry: $said"
echo "deb check: desktop entry valid (desktop-file-validate: nothing to say)"
type=application/x-subword-studio-workspace
handler=$(gio mime "$type")
handler=${handler%%$'\n'*}  # its first line (a pipe into head would cut gio short: pipefail)
grep -q "subword-studio.desktop" <<<"$handler" || fail "no default application for $type: $handler"
echo "deb check: $handler"

# Open it as a double-click does: gio launches the installed .desktop entry
# (Exec=subword-studio --open %F); the app reports what it opened and quits.
report="$work/opened.txt"
cat > "$work/open.sh" <<EOF
gio open "$work/files/class 3B.json"
for i in \$(seq 600); do [ -s "$report" ] && exit 0; sleep 0.1; done
exit 1
EOF
xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb SUBWORD_STUDIO_QUIT_AFTER_OPEN="$report" \
    sh "$work/open.sh" > "$work/open.log" 2>&1 || { cat "$work/open.log" >&2; fail "gio open did not start the app in 60 s"; }
sed 's/^/deb check: opened by MIME: /' "$report"
grep -qx "opened $work/files/class 3B.json" "$report" || fail "the app did not open the workspace"
grep -q "^title: class 3B.json" "$report" || fail "the window's title does not name the workspace"

DEBIAN_FRONTEND=noninteractive $sudo apt-get purge -y -qq subword-studio >/dev/null
dpkg -s subword-studio >/dev/null 2>&1 && fail "still installed after purge"
left=$(cat "$work/installed" "$work/new" | sort -u | while read -r path; do
    if [ -e "$path" ] || [ -L "$path" ]; then
        # Directories this machine had before, or that other packages own, are not ours to remove.
        if [ -d "$path" ] && ! [ -L "$path" ] && { ! grep -qx "$path" "$work/new" || dpkg -S "$path" >/dev/null 2>&1; }; then
            continue
        fi
        echo "$path"
    fi
done)
[ -z "$left" ] || fail "left behind after purge: $left"
# Nor in the desktop's caches.
cached=$(grep -rl "subword-studio" /usr/share/mime /usr/share/applications 2>/dev/null || true)
[ -z "$cached" ] || fail "left in the desktop's caches: $cached"
[ -e /usr/share/icons/hicolor/icon-theme.cache ] && grep -aq "subword-studio" /usr/share/icons/hicolor/icon-theme.cache \
    && fail "left in the icon cache"
echo "deb check: purged; nothing of the package is left ($(wc -l < "$work/installed") paths checked)"
echo "deb check: ok in $(( $(date +%s) - started )) s"
