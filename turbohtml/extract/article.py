"""Node.article(): the content body as a reader wants it, plus the page's declared metadata."""

from __future__ import annotations

from turbohtml._core import Node
from turbohtml._score import scored_article
from turbohtml._text import article_text
from turbohtml._units import article_units  # the renderers read the units it keeps
from turbohtml.extract.records import Article

__all__ = ["article_units", "node_article"]


def node_article(node: Node) -> Article:
    winner, mode, page_type, meta = scored_article(node)  # one walk for both (_score.pyx)
    # the units and which of them a reader keeps are C data (_units.kept_units, _text.pyx)
    text = article_text(winner, mode) if winner is not None else ""
    return Article(element=winner, text=text, **meta, page_type=page_type)
