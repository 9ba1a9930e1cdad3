#!/usr/bin/env bash
# Refresh the Qt Linguist sources from gui/ and compile them to .qm.
# Translate new entries in resources/i18n/*.ts (Qt Linguist or any editor), then run again.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin
for ts in resources/i18n/*.ts; do
    # shellcheck disable=SC2046
    "$bin/pyside6-lupdate" -no-obsolete $(find gui -name "*.py" | sort) -ts "$ts"
    "$bin/pyside6-lrelease" "$ts" -qm "${ts%.ts}.qm"
done
