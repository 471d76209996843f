"""main_text(): the content body's visible text laid out for a reader."""

from unicodedata import normalize

from turbohtml._core cimport Node

from turbohtml._score import scored_winner
from turbohtml._units import LIST_ITEM, paragraph_units


def layout(units) -> str:
    """Join units as a reader expects: blank lines between blocks, list items one per line,
    in Unicode's composed form (NFC), so that equal words compare and tokenize equal."""
    parts = []
    previous_flags = 0
    for text, flags, _chars, _links in units:
        if parts:
            parts.append("\n" if flags & previous_flags & LIST_ITEM else "\n\n")
        parts.append(text)
        previous_flags = flags
    return normalize("NFC", "".join(parts))


def main_text(Node node, /) -> str:
    """The visible text of ``node.main_content()``, or ``""`` when nothing scores."""
    winner, mode = scored_winner(node)
    if winner is None:
        return ""
    return layout(paragraph_units(winner, winner, mode))
