"""microdata(): a page's top-level HTML Microdata items (HTML Standard section 5.2).

The collection walk and the value rules run in C (``turbohtml._structured``); this
module checks the arguments and names the rules. Property values by element:

- ``meta``: ``content``;
- ``audio``, ``embed``, ``iframe``, ``img``, ``source``, ``track``, ``video``: ``src``;
  ``a``, ``area``, ``link``: ``href``; ``object``: ``data`` (URL-valued: ``""`` when
  the attribute is absent, resolved against the document base URL when ``base_url``
  is given, ``""`` when that fails);
- ``data``, ``meter``: ``value``;
- ``time``: ``datetime``, else the element's child text;
- anything else: its text content (every descendant text node, unstripped);
- an element with ``itemscope``: a nested ``MicrodataItem``.
"""

from __future__ import annotations

from turbohtml._core import Document, parse_through
from turbohtml._structured import WANT_MICRODATA, collect, contains_folded
from turbohtml.extract.records import MicrodataItem
from turbohtml.extract.structured import check_base_url, resolver_factory

__all__ = ["MicrodataItem", "document_microdata", "microdata"]


def _microdata_prefix(data: bytes) -> int:
    """How much of the page microdata() parses: all of it, or none when it has no items.

    An item needs an element with an ``itemscope`` attribute, and attribute names are
    never character-reference decoded: a page without that spelling (any case) has none.
    """
    return len(data) if contains_folded(data, b"itemscope") else -1


def document_microdata(doc: Document, base_url: str | None = None, /) -> list[MicrodataItem]:
    """The top-level microdata items of a parsed document, in document order."""
    base = check_base_url(base_url)
    items, _og, _texts, _resolve = collect(doc, WANT_MICRODATA, resolver_factory(base))
    return items


def microdata(html: str, base_url: str | None = None, /) -> list[MicrodataItem]:
    """Extract a page's top-level HTML Microdata items, the successor to ``microdata.get_items(html)``.

    Each returned ``MicrodataItem`` carries the ``itemtype`` as ``type`` (as written),
    the ``itemid`` as ``id``, and the ``itemprop`` values under ``properties``, with
    ``get()``, ``get_all()`` and ``json()`` matching the library's ``Item``. Shorthand
    for ``turbohtml.Document.microdata()`` when a page string is all you hold.

    ``base_url``, when given, is the URL each relative URL-valued property (an
    ``a``/``area``/``link`` ``href``, a media ``src``, an ``object`` ``data``) and the
    ``itemid`` resolve against; a ``<base href>`` refines it. ``None`` returns every
    value verbatim. Raises ``ValueError`` if ``base_url`` is not an absolute URL.
    """
    base = check_base_url(base_url)
    return document_microdata(parse_through(html, _microdata_prefix), base)
