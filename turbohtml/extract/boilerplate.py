"""boilerplate(): every paragraph unit of a page, classified content or boilerplate.

The C scoring picks the content body (exactly ``main_content()``); the unit walk cuts
the page into paragraph units; this module only applies the ``Extraction`` thresholds.
"""

from __future__ import annotations

from turbohtml._core import Document, parse
from turbohtml._score import scored_winner
from turbohtml._units import BOILERPLATE_REGION, HEADING, IN_CONTENT, paragraph_units
from turbohtml.extract.options import Extraction
from turbohtml.extract.records import Paragraph

__all__ = ["boilerplate", "document_boilerplate"]

_DEFAULT = Extraction()


def is_boilerplate_unit(text: str, flags: int, chars: int, link_chars: int, options: Extraction) -> bool:
    """Whether one unit is boilerplate under ``options`` (boilerplate() and the notebook
    view classify with it)."""
    if not flags & IN_CONTENT or flags & BOILERPLATE_REGION:
        return True  # outside the content body, or navigation/share/comment blocks inside it
    if chars and link_chars / chars > options.max_link_density:
        return True
    if flags & HEADING and options.keep_headings:
        return False
    return len(text) < options.min_length


def document_boilerplate(doc: Document, options: Extraction | None = None) -> list[Paragraph]:
    """``boilerplate()`` for an already parsed page."""
    if options is None:
        options = _DEFAULT
    elif not isinstance(options, Extraction):
        raise TypeError(f"options must be an Extraction or None, not {type(options).__name__}")
    winner, pruned = scored_winner(doc)
    units = paragraph_units(doc, winner, pruned)
    paragraphs = []
    for text, flags, chars, link_chars in units:
        folded = " ".join(text.split())
        paragraphs.append(Paragraph(
            text=folded,
            is_boilerplate=is_boilerplate_unit(folded, flags, chars, link_chars, options),
            is_heading=bool(flags & HEADING),
        ))
    return paragraphs


def boilerplate(html: str | bytes, options: Extraction | None = None, /) -> list[Paragraph]:
    """Segment a page into paragraph units and classify each as content or boilerplate,
    in document order: the successor to ``justext.justext`` and boilerpy3's blocks.

    ``html`` is the page markup: a ``str``, or ``bytes`` decoded as ``parse()`` decodes
    them. A ``str`` is always markup, never a file path or a URL to fetch. Raises
    ``TypeError`` for anything else.
    """
    if not isinstance(html, (str, bytes, bytearray, memoryview)):
        raise TypeError(f"boilerplate() takes the page as str or bytes, not {type(html).__name__}")
    return document_boilerplate(parse(html), options)
