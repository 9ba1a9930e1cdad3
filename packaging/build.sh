#!/usr/bin/env bash
# Build the one-folder desktop bundle and run its self-test offscreen.
# Prints the bundle size.  Needs the venv from packaging/install.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/python -m pip install -q -e ".[packaging]"
.venv/bin/pyinstaller --noconfirm --clean --log-level WARN \
    --distpath build/dist --workpath build/work packaging/subword_studio.spec
bundle=build/dist/subword-studio
QT_QPA_PLATFORM=offscreen "$bundle/subword-studio" --self-test --screenshot-dir build/self-test
echo "bundle size: $(du -sh "$bundle" | cut -f1) ($bundle)"
