"""Pull content and data out of HTML: the spec's public names, re-exported (no logic here)."""

from turbohtml.extract.boilerplate import boilerplate
from turbohtml.extract.dates import dates
from turbohtml.extract.metadata import metadata
from turbohtml.extract.microdata import microdata
from turbohtml.extract.opengraph import OpenGraph, opengraph
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
from turbohtml.extract.urls import clean_url, extract_links, normalize_url

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
