"""Pull content and data out of HTML: the spec's public names, re-exported (no logic here)."""

from turbohtml.extract.dates import dates
from turbohtml.extract.microdata import microdata
from turbohtml.extract.opengraph import OpenGraph, opengraph
from turbohtml.extract.options import DateExtraction, Extraction, UrlCleaning
from turbohtml.extract.records import (
    Article,
    Link,
    MicrodataItem,
    Paragraph,
    PublicationDate,
    StructuredData,
)

__all__ = [
    "Article",
    "DateExtraction",
    "Extraction",
    "Link",
    "MicrodataItem",
    "OpenGraph",
    "Paragraph",
    "PublicationDate",
    "StructuredData",
    "UrlCleaning",
    "dates",
    "microdata",
    "opengraph",
]
