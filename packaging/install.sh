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
    packages="libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0
              fonts-wqy-microhei fonts-noto-color-emoji"
    # shellcheck disable=SC2086
    if ! dpkg -s $packages >/dev/null 2>&1; then
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $packages >/dev/null
    fi
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".${extras}"
