#!/usr/bin/env bash
# The main job: check the bundled GURPS flows and draw them.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/checklist check flow/
if .venv/bin/checklist --help | grep -q render; then
  mkdir -p out
  .venv/bin/checklist render flow/ --checklist combat --format svg -o out/combat.svg
  echo "main: drew out/combat.svg"
fi
