"""Pull content and data out of HTML: the spec's public names, re-exported, and the
functions behind the node methods that return records, handed down to ``_core``
(``provide()``: ``_core`` cannot import this layer, which imports it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbohtml._core import provide
from turbohtml._features import page_type
from turbohtml._score import main_content
from turbohtml.extract.boilerplate import boilerplate, document_boilerplate
from turbohtml.extract.dates import dates, document_dates
from turbohtml.extract.metadata import document_metadata, metadata
from turbohtml.extract.microdata import document_microdata, microdata
from turbohtml.extract.opengraph import OpenGraph, document_opengraph, opengraph
from turbohtml.extract.options import DateExtraction, Extraction, UrlCleaning
from turbohtml.extract.records import (
    Article,
    Link,
    Metadata,
    MicrodataItem,
    Paragraph,
    PublicationDate,
    StructuredData,
)
from turbohtml.extract.structured import document_json_ld, document_structured_data, node_links
from turbohtml.extract.urls import clean_url, extract_links, normalize_url

if TYPE_CHECKING:
    from turbohtml._core import Node

__all__ = [
    "Article",
    "DateExtraction",
    "Extraction",
    "Link",
    "Metadata",
    "MicrodataItem",
    "OpenGraph",
    "Paragraph",
    "PublicationDate",
    "StructuredData",
    "UrlCleaning",
    "boilerplate",
    "clean_url",
    "dates",
    "extract_links",
    "metadata",
    "microdata",
    "normalize_url",
    "opengraph",
]


def _node_article(node: Node) -> Article:
    """``Node.article()``: ``extract.article`` loads on the first call, since it pulls in
    the text layout, which ``import turbohtml`` does not otherwise need; the loaded
    function then takes this one's place (an import statement run at every call cost
    about 2% of article())."""
    from turbohtml.extract.article import node_article

    provide(article=node_article)
    return node_article(node)


provide(
    main_content=main_content,
    page_type=page_type,
    article=_node_article,
    metadata=document_metadata,
    links=node_links,
    boilerplate=document_boilerplate,
    dates=document_dates,
    microdata=document_microdata,
    opengraph=document_opengraph,
    json_ld=document_json_ld,
    structured_data=document_structured_data,
)
