#!/usr/bin/env bash
# Build the documentation site and execute every example in it.
#   docs/build.sh [PYTHON]   (default: python3; needs the docs extra and turbohtml installed,
#                             or built in place with setup.py build_ext --inplace)
# Warnings are errors (-W) in both builds: the HTML site, then the doctest builder, which
# runs every {doctest} block. Output in docs/_build/{html,doctest} (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${1:-python3}"
# -P: the checkout is not put on sys.path, so an installed turbohtml is the one documented.
"$PY" -P -m sphinx -W --keep-going -q -b html docs docs/_build/html
"$PY" -P -m sphinx -W --keep-going -q -b doctest docs docs/_build/doctest
