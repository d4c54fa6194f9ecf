#!/usr/bin/env bash
# The whole test suite: lint, type-check, then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/ruff check src tests bench scripts
.venv/bin/ruff format --check src tests bench scripts
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
