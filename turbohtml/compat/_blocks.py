"""Paragraph units tied back to the elements they came from.

``turbohtml._units.paragraph_units`` reports each unit's text and flags from one C walk
but not its element; the compatibility layers need the element for what the peers
expose (justext's ``dom_path``/``xpath``, trafilatura's heading levels, lists, tables
and comment sections). This module aligns the units with the document's text nodes in
order: a unit starts at the first visible text node whose folded text begins it, and
consumes the following nodes its text covers. A unit that cannot be aligned (rare: text
the walk reshaped) keeps ``element=None`` and the callers fall back to its flags.
"""

from __future__ import annotations

from dataclasses import dataclass

from turbohtml._core import Document, Element, Node, Text
from turbohtml._score import scored_winner
from turbohtml._units import paragraph_units

__all__ = ["BLOCK_TAGS", "Block", "blocks", "block_ancestor", "ancestors"]

#: Elements that start a paragraph unit: justext's ``PARAGRAPH_TAGS`` plus the HTML
#: sectioning and grouping elements the C walk also treats as block boundaries.
BLOCK_TAGS = frozenset({
    "address", "article", "aside", "blockquote", "body", "caption", "center", "col",
    "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6",
    "header", "hgroup", "hr", "legend", "li", "main", "menu", "nav", "ol", "optgroup",
    "option", "p", "pre", "section", "summary", "table", "tbody", "td", "textarea",
    "tfoot", "th", "thead", "tr", "ul",
})

#: How many text nodes ahead of the cursor a unit's first node is looked for.
_LOOKAHEAD = 400


@dataclass(slots=True)
class Block:
    """One paragraph unit with the element it sits in (``None`` when unaligned)."""

    text: str
    flags: int
    chars: int
    link_chars: int
    element: Element | None


def _visible_text_nodes(doc: Node) -> list[tuple[Text, str]]:
    nodes = []
    for node in doc.descendants:
        if isinstance(node, Text):
            folded = " ".join(node.text.split())
            if folded:
                nodes.append((node, folded))
    return nodes


def block_ancestor(node: Node) -> Element | None:
    """The nearest ancestor (or ``node`` itself) that is a block element."""
    current: Node | None = node
    while current is not None:
        if current.tag in BLOCK_TAGS:
            return current  # type: ignore[return-value]
        current = current.parent
    return None


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
    units = paragraph_units(doc, winner, pruned)
    nodes = _visible_text_nodes(doc)
    cursor = 0
    result = []
    for text, flags, chars, link_chars in units:
        unit = " ".join(text.split())
        element = None
        stop = min(len(nodes), cursor + _LOOKAHEAD)
        for k in range(cursor, stop):
            first = nodes[k][1]
            if not unit.startswith(first):
                continue
            element = block_ancestor(nodes[k][0])
            position, j = len(first), k + 1
            while position < len(unit) and j < len(nodes):
                found = unit.find(nodes[j][1], position)
                if found not in (position, position + 1):
                    break
                position = found + len(nodes[j][1])
                j += 1
            cursor = j
            break
        result.append(Block(unit, flags, chars, link_chars, element))
    return winner, result
