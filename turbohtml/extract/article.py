"""Node.article(): the content body as a reader wants it, plus the page's declared metadata."""

from __future__ import annotations

from turbohtml._core import Node
from turbohtml._harvest import harvest_metadata
from turbohtml._score import scored_winner
from turbohtml._text import layout
from turbohtml._units import BOILERPLATE_REGION, CAPTION, paragraph_units
from turbohtml.extract.records import Article

#: A unit inside the body whose text sits in links beyond this share is a link list
#: (related stories, tag clouds), not prose.
MAX_ARTICLE_LINK_DENSITY = 0.5


def article_units(units: list) -> list:
    """The units of the content body a reader keeps: boilerplate regions (share bars,
    related/comment blocks, in-body navigation, header and footer), figure captions and
    link lists go."""
    kept = []
    for unit in units:
        text, flags, chars, link_chars = unit
        if flags & (BOILERPLATE_REGION | CAPTION):
            continue
        if chars and link_chars / chars > MAX_ARTICLE_LINK_DENSITY:
            continue
        kept.append(unit)
    return kept


def node_article(node: Node) -> Article:
    winner, pruned = scored_winner(node)
    text = layout(article_units(paragraph_units(winner, winner, pruned))) if winner is not None else ""
    meta = harvest_metadata(node)
    return Article(element=winner, text=text, **meta)
