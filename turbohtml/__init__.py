"""turbohtml: the article, metadata, dates, links and structured data out of HTML pages.

A Cython core walks lexbor's C DOM; ``parse()`` is the entry point, and the extraction
API lives on the nodes and in ``turbohtml.extract``.
"""

from __future__ import annotations

import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import TYPE_CHECKING

from turbohtml._core import Comment, Document, Element, Node, Text, parse
from turbohtml._core import provide as _provide
from turbohtml.extract.opengraph import OpenGraph
from turbohtml.extract.records import Article, Link, MicrodataItem, StructuredData

if TYPE_CHECKING:
    from turbohtml.extract.options import Extraction

__version__ = "0.1.0"

__all__ = [
    "Article",
    "Comment",
    "Document",
    "Element",
    "Link",
    "MicrodataItem",
    "Node",
    "OpenGraph",
    "StructuredData",
    "Text",
    "__version__",
    "parse",
]


# The node methods whose modules `import turbohtml` does not load (the text layout, the
# renderers, the notebook views: ~20 ms together) import them on their first call.
# turbohtml.extract, loaded above, has provided the rest.


def _main_text(node: Node) -> str:
    from turbohtml._text import main_text

    return main_text(node)


def _to_text(node: Node) -> str:
    from turbohtml._text import to_text

    return to_text(node)


def _to_markdown(node: Node, links: bool, images: bool, base_url: str | None) -> str:
    from turbohtml.render import node_markdown

    return node_markdown(node, links, images, base_url)


def _repr_html(node: Node) -> str:
    from turbohtml._display import node_html

    return node_html(node)


def _highlight(doc: Document, options: Extraction | None) -> str:
    from turbohtml._display import highlight

    return highlight(doc, options)


_provide(main_text=_main_text, to_text=_to_text, to_markdown=_to_markdown, repr_html=_repr_html,
         highlight=_highlight)


def _stale_extensions(package: Path) -> list[str]:
    """The extension modules under ``package`` built before their source (``.pyx``, or a
    ``.py`` that setup.py compiles) last changed: Python imports the extension, so an
    edit without ``python setup.py build_ext --inplace`` runs the old code silently."""
    stale = []
    for folder in (package, *(path for path in package.iterdir() if path.is_dir())):
        for built in folder.iterdir():
            suffix = next((s for s in EXTENSION_SUFFIXES if built.name.endswith(s)), None)
            if suffix is None:
                continue
            stem = built.name[:-len(suffix)]
            for source in (folder / f"{stem}.pyx", folder / f"{stem}.py"):
                if source.is_file() and source.stat().st_mtime > built.stat().st_mtime:
                    stale.append(str(source.relative_to(package.parent)))
    return stale


def _warn_if_stale(package: Path = Path(__file__).parent) -> None:
    """In a source checkout (built in place), warn of each stale extension module; an
    installed package has no setup.py beside it and is not checked."""
    if (package.parent / "setup.py").is_file():
        for source in _stale_extensions(package):
            warnings.warn(f"{source} changed after its extension module was built: run "
                          "`python setup.py build_ext --inplace`", RuntimeWarning, stacklevel=3)


_warn_if_stale()
