#!/usr/bin/env bash
# The whole test suite: lint, type-check, then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
# the same fuzz examples every run, so that a red run means a change (tests/conftest.py);
# CHECKLIST_CI=0 bash scripts/test.sh tries new ones
export CHECKLIST_CI="${CHECKLIST_CI:-1}"
.venv/bin/ruff check src tests bench scripts
.venv/bin/ruff format --check src tests bench scripts
.venv/bin/mypy
# the bundled flows are in the canonical layout (`checklist fmt flow/` makes it so)
.venv/bin/checklist fmt --check flow
# two workers or more (at most 4): the suite takes half the time on the 2-core machine; `-n 0` runs it in one
.venv/bin/python -m pytest -n auto --maxprocesses=4 "$@"
