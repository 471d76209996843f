"""``htmldate.utils``: page download and loading as htmldate 1.11.0 offers them.

``fetch_url`` downloads through ``turbohtml.fetch`` (standard library, one deadline,
a size cap, http(s) redirects only, private addresses refused); ``load_html`` returns
an lxml tree as htmldate's does (lxml must be installed for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from turbohtml.compat import MIRRORED
from turbohtml.compat._input import fetch_html

__version__ = MIRRORED["htmldate"]

__all__ = ["Extractor", "decode_file", "fetch_url", "load_html"]


@dataclass(slots=True, eq=False)
class Extractor:
    """htmldate's options record, what ``core.examine_header``, ``core.search_page`` and
    ``extractors.extract_url_date`` take: the text switch, the window, the preference
    for the original date, the output format."""

    extensive: bool
    max: datetime
    min: datetime
    original: bool
    format: str


def decode_file(filecontent: bytes | str) -> str:
    """``str`` for the page: UTF-8 first, then the encoding the markup declares."""
    if isinstance(filecontent, str):
        return filecontent
    try:
        return filecontent.decode("utf-8")
    except UnicodeDecodeError:
        from turbohtml._core import sniff_encoding

        try:
            return filecontent.decode(sniff_encoding(filecontent), "replace")
        except LookupError:
            return filecontent.decode("utf-8", "replace")


def fetch_url(url: str) -> str | None:
    """The page at ``url`` as ``str``, or ``None`` when the download fails (logged)."""
    return fetch_html(url, "fetch_url()")


def load_html(htmlobject: Any) -> Any:
    """An lxml tree from markup (str/bytes), an lxml tree, or a URL (downloaded);
    ``TypeError`` for other input, ``ValueError`` when the URL cannot be fetched."""
    from lxml.html import HtmlElement, fromstring

    if isinstance(htmlobject, HtmlElement):
        return htmlobject
    if not isinstance(htmlobject, (bytes, str)):
        raise TypeError(f"incompatible input type: {type(htmlobject)}")
    if isinstance(htmlobject, str) and htmlobject.startswith("http") and " " not in htmlobject:
        downloaded = fetch_url(htmlobject)
        if downloaded is None:
            raise ValueError(f"URL couldn't be processed: {htmlobject}")
        htmlobject = downloaded
    text = decode_file(htmlobject)
    if not text.strip():
        return None
    try:
        return fromstring(text)
    except ValueError:  # a str with an XML encoding declaration
        return fromstring(text.encode("utf-8"))
