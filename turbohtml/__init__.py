"""turbohtml: the article, metadata, dates, links and structured data out of HTML pages.

A Cython core walks lexbor's C DOM; ``parse()`` is the entry point, and the extraction
API lives on the nodes and in ``turbohtml.extract``.
"""

from turbohtml._core import Comment, Document, Element, Node, Text, parse
from turbohtml.extract.opengraph import OpenGraph
from turbohtml.extract.records import Article, Link, MicrodataItem, StructuredData

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
