"""Paragraph units with the elements they came from, for the compatibility layers.

``turbohtml._units.paragraph_units`` reports each unit with its block element
(``ParagraphUnit.block``: the innermost block around its first text); the compatibility
layers read it for what the peers expose (justext's ``dom_path``/``xpath``,
trafilatura's heading levels, lists, tables and comment sections).
"""

from __future__ import annotations

from dataclasses import dataclass

from turbohtml._core import Document, Element, Node
from turbohtml._score import scored_winner
from turbohtml._units import BLOCK_TAGS, paragraph_units

__all__ = ["PARAGRAPH_TAGS", "Block", "ancestors", "blocks"]

#: Where the peers' simple segmenters start a paragraph (trafilatura's ``baseline()``):
#: the unit walk's block elements plus the form and table-column elements jusText's
#: ``PARAGRAPH_TAGS`` also lists.
PARAGRAPH_TAGS = BLOCK_TAGS | {"col", "colgroup", "legend", "optgroup", "option", "textarea"}


@dataclass(slots=True)
class Block:
    """One paragraph unit with the block element it sits in."""

    text: str
    flags: int
    chars: int
    link_chars: int
    element: Element | None


def ancestors(node: Node) -> list[Element]:
    """``node`` and its element ancestors, outermost first."""
    chain = []
    current: Node | None = node
    while current is not None:
        if current.tag is not None:
            chain.append(current)
        current = current.parent
    chain.reverse()
    return chain  # type: ignore[return-value]


def blocks(doc: Document) -> tuple[Element | None, list[Block]]:
    """The content winner and every paragraph unit of ``doc`` with its block element."""
    winner, pruned = scored_winner(doc)
    return winner, [
        Block(" ".join(unit[0].split()), unit[1], unit[2], unit[3],
              unit.block if isinstance(unit.block, Element) else None)
        for unit in paragraph_units(doc, winner, pruned)
    ]
