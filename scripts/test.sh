#!/usr/bin/env bash
# Install searchlab with its test dependencies into .venv and run every check:
# ruff, mypy --strict (src/, tests/, examples/, benchmarks/: pyproject.toml says which),
# and the whole pytest suite (browser tests included).
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test]'

# The browser tests drive Debian's Chromium (browser downloads are impossible here).
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing chromium for the browser tests (apt-get)..."
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        echo "chromium is missing: install Debian's chromium package for the browser tests" >&2
    fi
fi

.venv/bin/ruff check .
.venv/bin/mypy
.venv/bin/python -m pytest "$@"
