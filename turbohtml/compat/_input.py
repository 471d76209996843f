"""The page argument the peer libraries accept, turned into a parsed Document, and the
download their URL arguments ask for."""

from __future__ import annotations

import logging
from typing import Any

from turbohtml._core import Document, parse, sniff_encoding
from turbohtml.fetch import FetchError, fetch

LOGGER = logging.getLogger("turbohtml.compat")


def as_document(page: Any, accepted_by: str) -> Document:
    """A Document from str/bytes markup, a Document, or an lxml tree (which trafilatura
    and htmldate users pass); ``TypeError`` naming ``accepted_by`` otherwise."""
    if isinstance(page, Document):
        return page
    if isinstance(page, (str, bytes, bytearray, memoryview)):
        return parse(page)
    if hasattr(page, "getroottree"):
        from lxml import html as lxml_html

        return parse(lxml_html.tostring(page, encoding="unicode"))
    raise TypeError(f"{accepted_by} takes str, bytes, a turbohtml Document or an lxml tree, "
                    f"not {type(page).__name__}")


def fetch_html(url: str, accepted_by: str) -> str | None:
    """A page downloaded through ``turbohtml.fetch.fetch`` (one deadline, a size cap,
    http(s) redirects only, the SSRF guard) as ``str``, or ``None`` when the download
    fails (logged), as trafilatura's and htmldate's downloaders answer."""
    if not isinstance(url, str):
        raise TypeError(f"{accepted_by} url must be str, not {type(url).__name__}")
    try:
        page = fetch(url)
    except FetchError as error:
        LOGGER.error("download failed: %s: %s", url, error)
        return None
    html = page.html
    if isinstance(html, str):
        return html
    try:  # bytes as parse() would read them: BOM, <meta> prescan, UTF-8, windows-1252
        return html.decode(sniff_encoding(html), "replace")
    except LookupError:  # an Encoding Standard name Python does not know
        return html.decode("cp1252", "replace")
