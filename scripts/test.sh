#!/usr/bin/env bash
# Install searchlab with its test dependencies (and the prolog, notebook and docs extras:
# the notebooks are run and the site is built by the tests) into .venv and run
# every check:
# ruff, mypy --strict (src/, tests/, examples/, benchmarks/: pyproject.toml says which),
# and the whole pytest suite (browser tests included).
set -euo pipefail
cd "$(dirname "$0")/.."

python3 -m venv .venv
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,prolog,notebook,docs]'

# Debian packages the tests need, installed with apt when missing (and run as root):
# Chromium for the browser tests (browser downloads are impossible here), SWI-Prolog for
# the Prolog problems (searchlab prolog FILE.pl runs its swipl).
updated=no
install_deb() {  # install_deb COMMAND PACKAGE WHY
    if command -v "$1" >/dev/null 2>&1; then
        return
    fi
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "installing $2 for $3 (apt-get)..."
        if [ "$updated" = no ]; then
            apt-get update -qq
            updated=yes
        fi
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2" >/dev/null
    else
        echo "$1 is missing: install Debian's $2 package for $3" >&2
    fi
}
install_deb chromium chromium "the browser tests"
install_deb swipl swi-prolog-nox "the Prolog problems"

.venv/bin/ruff check .
.venv/bin/mypy
# Both cores (pytest-xdist): the suite is browser pages, subprocesses and compiles as much
# as computation, and takes about half the time on two workers.
.venv/bin/python -m pytest -n 2 "$@"
