#!/usr/bin/env bash
# Build the documentation site and execute every example in it.
#   docs/build.sh [PYTHON]     (default: python3; needs the docs extra and an importable turbohtml)
# Warnings are errors (-W) in both builds; output in docs/_build/{html,doctest}.
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${1:-python3}"
"$PY" -m sphinx -W --keep-going -q -b html docs docs/_build/html
"$PY" -m sphinx -W --keep-going -q -b doctest docs docs/_build/doctest
