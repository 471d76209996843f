"""Node.article(): the content body as a reader wants it, plus the page's declared metadata."""

from __future__ import annotations

from turbohtml._core import Node
from turbohtml._score import ClassMemo, scored_article
from turbohtml._text import article_text
from turbohtml._units import article_units  # the renderers read the units it keeps
from turbohtml.extract.records import Article

__all__ = ["article_units", "node_article"]


def node_article(node: Node) -> Article:
    memo = ClassMemo(node)  # the page's class values, read once for both walks
    winner, mode, page_type, meta = scored_article(node, memo)  # one walk for both (_score.pyx)
    # the winner's units, and those a reader keeps, stay C data (_units.kept_units, _text.pyx)
    text = article_text(winner, mode, memo) if winner is not None else ""
    return Article(element=winner, text=text, **meta, page_type=page_type)
