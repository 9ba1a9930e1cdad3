#!/usr/bin/env bash
# Build the one-folder desktop bundle and run its self-test (under Xvfb when it is installed).
# Prints the bundle size, then builds the .deb (packaging/deb.sh).  Needs the venv from packaging/install.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
# PyInstaller (the packaging extra), unless the venv has it already.
[ -x .venv/bin/pyinstaller ] || .venv/bin/python -m pip install -q -e ".[packaging]"
.venv/bin/pyinstaller --noconfirm --clean --log-level WARN \
    --distpath build/dist --workpath build/work packaging/subword_studio.spec
bundle=build/dist/subword-studio
# On a real X server when there is one to start (Xvfb): the bundle must carry
# what Qt's desktop platform loads, which the offscreen platform never does.
if command -v xvfb-run >/dev/null 2>&1; then
    xvfb-run -a -s "-screen 0 1280x800x24" env QT_QPA_PLATFORM=xcb \
        "$bundle/subword-studio" --self-test --screenshot-dir build/self-test
else
    QT_QPA_PLATFORM=offscreen "$bundle/subword-studio" --self-test --screenshot-dir build/self-test
fi
echo "bundle size: $(du -sm "$bundle" | cut -f1) MB, target under 150 MB ($bundle)"
# The classroom installer: a .deb of the bundle (packaging/deb.sh), where dpkg-deb is.
if command -v dpkg-deb >/dev/null 2>&1; then
    bash packaging/deb.sh
else
    echo "deb: skipped (no dpkg-deb here)"
fi
