"""Sphinx configuration for turbohtml's documentation site.

Build (from the repository root): ``docs/build.sh``, which runs ``sphinx-build -W``
for the HTML site and then the ``doctest`` builder, so every example is executed.
The package must be importable (an installed wheel or an in-place build).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if not any((Path(entry or ".").resolve() / "turbohtml" / "__init__.py").exists() for entry in sys.path):
    sys.path.insert(0, str(ROOT))  # an in-place build (setup.py build_ext --inplace)

import turbohtml

project = "turbohtml"
author = "the turbohtml authors"
copyright = "2026, the turbohtml authors"
release = version = turbohtml.__version__

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "notebooks", "**/.ipynb_checkpoints", "build.sh"]

# MyST: anchors for "page.md#section" links, and ::: fences for directives.
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3

# The API reference: docstrings as written (signatures come from the code).
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
add_module_names = False

# Doctests run from the repository root, so "examples/page.html" resolves.
doctest_global_setup = f"""
import os
os.chdir({str(ROOT)!r})
"""
doctest_default_flags = __import__("doctest").ELLIPSIS | __import__("doctest").NORMALIZE_WHITESPACE

html_theme = "furo"
html_title = f"turbohtml {release}"
html_static_path: list[str] = []


# Every Python example is executed: a ```python fence (or any Python literal block) that
# is not a {doctest} block fails the -W build. Pages listed here predate the rule and
# are being converted (their examples are sketches over an undefined ``html``).
unexecuted_examples_allowed: list[str] = []

_PYTHON_LANGUAGES = {"python", "python3", "py", "pycon", "ipython", "ipython3"}


def _check_examples_executed(app, doctree):  # type: ignore[no-untyped-def]
    from fnmatch import fnmatch

    from docutils import nodes
    from sphinx.util import logging

    docname = app.env.docname
    if any(fnmatch(docname, pattern) for pattern in app.config.unexecuted_examples_allowed):
        return
    for block in doctree.findall(nodes.literal_block):
        if block.get("testnodetype") or block.get("language", "").lower() not in _PYTHON_LANGUAGES:
            continue
        logging.getLogger("turbohtml.docs").warning(
            "Python example not executed: write it as a {doctest} block",
            location=block,
            type="turbohtml",
            subtype="unexecuted",
        )


def setup(app):  # type: ignore[no-untyped-def]
    app.add_config_value("unexecuted_examples_allowed", [], "env")
    app.connect("doctree-read", _check_examples_executed)
    return {"parallel_read_safe": True}
