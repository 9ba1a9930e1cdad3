#!/usr/bin/env bash
# Refresh the Qt Linguist sources from gui/ and compile them to .qm.
# Translate new entries in resources/i18n/*.ts (Qt Linguist or any editor), then run again.
# English is the source language: its file holds only the plural forms (%n).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.venv/bin
mapfile -t sources < <(find gui -name "*.py" | sort)
for ts in resources/i18n/*.ts; do
    only=()
    [[ "$ts" == *_en.ts ]] && only=(-pluralonly)
    "$bin/pyside6-lupdate" -no-obsolete "${only[@]}" "${sources[@]}" -ts "$ts"
    "$bin/pyside6-lrelease" "$ts" -qm "${ts%.ts}.qm"
done
