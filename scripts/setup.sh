#!/usr/bin/env bash
# Installs what checklist needs into .venv (idempotent), and Graphviz when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
# The interpreter: $PYTHON if set; else Debian's own /usr/bin/python3 (3.11 or later, with venv), which is built
# with PGO and LTO and linked statically and runs the engine about a tenth faster than a shared-library build
# such as pyenv's (docs/benchmarks.md, "The interpreter"); else the python3 on PATH.
PY=${PYTHON:-}
if [ -z "$PY" ]; then
  PY=python3
  if [ -x /usr/bin/python3 ] && /usr/bin/python3 -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
    PY=/usr/bin/python3
  fi
fi
if ! command -v dot >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Graphviz with apt-get" >&2
    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz tmux) >/dev/null
  else
    echo "setup: Graphviz's dot is missing; install it: sudo apt install graphviz | brew install graphviz | winget install graphviz" >&2
  fi
fi
if ! command -v tmux >/dev/null 2>&1 && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq tmux) >/dev/null || true
fi
# The browser tests (tests/web/test_browser.py) drive Debian's Chromium with Selenium; they skip
# with the reason when neither is installed and this cannot install them.
if { ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; } \
    && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "setup: installing chromium and chromium-driver with apt-get (the browser tests)" >&2
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver) >/dev/null \
    || echo "setup: could not install chromium; the browser tests will be skipped" >&2
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$PY" -m venv .venv; then
    [ -z "${PYTHON:-}" ] || exit 1  # the interpreter asked for: its error stands
    echo "setup: $PY could not make a venv; trying python3" >&2
    rm -rf .venv
    python3 -m venv .venv
  fi
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[dev]"
