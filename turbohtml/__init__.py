"""turbohtml: the article, metadata, dates, links and structured data out of HTML pages.

A Cython core walks lexbor's C DOM; ``parse()`` is the entry point.
"""

from turbohtml._core import Comment, Document, Element, Node, Text, parse

__version__ = "0.1.0"

__all__ = ["Comment", "Document", "Element", "Node", "Text", "parse", "__version__"]
