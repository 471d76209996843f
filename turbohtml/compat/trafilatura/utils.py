"""trafilatura's ``utils`` names its users call: ``load_html``, ``decode_file``, the text
helpers ``trim`` and ``sanitize``, and the ``Response`` record the downloads return."""

from __future__ import annotations

import logging
import re
import zlib
from collections.abc import Mapping
from typing import Any

from turbohtml._core import Document, Text, sniff_encoding
from turbohtml.compat import MIRRORED
from turbohtml.compat.courlan.urlutils import fix_relative_urls

__version__ = MIRRORED["trafilatura"]

__all__ = ["Response", "decode_file", "is_dubious_html", "load_html", "not_html", "safe_relative_url", "sanitize",
           "trim"]

LOGGER = logging.getLogger("turbohtml.compat.trafilatura")
#: the most bytes a gzipped file is inflated to (trafilatura's MAX_FILE_SIZE default)
MAX_GUNZIP = 20_000_000
#: What a URL blacklist entry leaves out of a URL: its scheme and trailing slashes
#: (trafilatura's ``URL_BLACKLIST_REGEX``; ``-b`` files and ``add_to_compressed_dict``).
URL_BLACKLIST_REGEX = re.compile(r"^https?://|/+$")


def decode_file(filecontent: bytes | str, max_size: int | None = None) -> str | bytes:
    """``filecontent`` as text: gzip inflated (up to ``max_size`` or ``MAX_GUNZIP``
    bytes), then decoded by the HTML standard's sniffing (byte order mark, ``<meta
    charset>``, UTF-8 when valid, else windows-1252); ``str`` as given. Bytes beyond
    ``max_size`` are left out."""
    if isinstance(filecontent, str):
        return filecontent
    if filecontent[:2] == b"\x1f\x8b":
        try:
            filecontent = zlib.decompressobj(wbits=31).decompress(filecontent, max_size or MAX_GUNZIP)
        except zlib.error:
            LOGGER.warning("invalid gzip data")
    data = bytes(filecontent[:max_size] if max_size else filecontent)
    try:
        return data.decode(sniff_encoding(data), "replace")
    except LookupError:  # an Encoding Standard label Python lacks
        return data.decode("cp1252", "replace")


class Response:
    """An HTTP response: body ``data`` (bytes), ``status``, final ``url``, ``headers``
    (names lower-cased, after ``store_headers``) and decoded ``html`` (after
    ``decode_data(True)``)."""

    __slots__ = ["data", "headers", "html", "status", "url"]

    def __init__(self, data: bytes, status: int, url: str) -> None:
        self.data = data
        self.headers: dict[str, str] | None = None
        self.html: str | None = None
        self.status = status
        self.url = url

    def __bool__(self) -> bool:
        return self.data is not None

    def __repr__(self) -> str:
        return self.html or str(decode_file(self.data))

    def store_headers(self, headerdict: Mapping[str, str]) -> None:
        self.headers = {key.lower(): value for key, value in headerdict.items()}

    def decode_data(self, decode: bool, max_size: int | None = None) -> None:
        if decode and self.data:
            self.html = str(decode_file(self.data, max_size))

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


def load_html(htmlobject: Any, max_size: int | None = None) -> Any:
    """An lxml tree of ``htmlobject`` (an lxml tree, a ``Response``-like object with
    ``data``, bytes or str), as trafilatura loads it; ``None`` for input that is not
    HTML; ``TypeError`` for other types."""
    from lxml import html as lxml_html

    if isinstance(htmlobject, lxml_html.HtmlElement):
        return htmlobject
    if hasattr(htmlobject, "data"):
        htmlobject = htmlobject.data
    if not isinstance(htmlobject, (bytes, str)):
        raise TypeError("incompatible input type", type(htmlobject))
    text = decode_file(htmlobject, max_size)
    if isinstance(text, str) and text.lstrip().startswith("<?xml"):
        text = text.encode("utf-8")  # lxml refuses a str with an encoding declaration
    dubious = "html" not in (text[:50].lower() if isinstance(text, str) else text[:50].decode("latin-1").lower())
    try:
        tree = lxml_html.fromstring(text, parser=lxml_html.HTMLParser(remove_comments=True))
    except Exception as error:  # lxml's ParserError for an empty document, among others
        LOGGER.error("lxml parsing failed: %s", error)
        return None
    if dubious and len(tree) < 2:
        LOGGER.error("parsed tree length: %s, wrong data type or not valid HTML", len(tree))
        return None
    return tree


def safe_relative_url(baseurl: str, url: str) -> str:
    """``url`` made absolute against ``baseurl`` (courlan's ``fix_relative_urls``), ``""``
    when it cannot be (an invalid IPv6 host, say)."""
    try:
        return fix_relative_urls(baseurl, url)
    except ValueError:
        return ""


def is_dubious_html(beginning: str) -> bool:
    """Whether the first characters of a file lack the word ``html`` (trafilatura's
    first hint that an input may not be a page)."""
    return "html" not in beginning


def not_html(markup: str | bytes, page: Document) -> bool:
    """trafilatura's rejection of input that is not a page: no ``html`` in its first 50
    characters and fewer than two elements at the top of what a parser would return
    (a bare ``<p>`` or a plain string is refused; a run of paragraphs is kept)."""
    beginning = markup[:50].lower() if isinstance(markup, str) else markup[:50].decode("latin-1").lower()
    if not is_dubious_html(beginning):
        return False
    body = page.body
    if body is None:
        return True
    nodes = [node for node in body.children if node.tag is not None or node.text.strip()]
    if len(nodes) == 1 and nodes[0].tag is not None:
        nodes = [node for node in nodes[0].children if node.tag is not None]
    return sum(node.tag is not None for node in nodes if not isinstance(node, Text)) < 2


def trim(string: str) -> str:
    """``string`` with its runs of whitespace made single spaces and its ends stripped
    (``""`` for what is not a string)."""
    try:
        return " ".join(string.split())
    except (AttributeError, TypeError):
        return ""


def _clean_line(line: str, preserve_space: bool, trailing_space: bool) -> str | None:
    """One line as ``sanitize`` leaves it: the space entities trafilatura meets in
    markup read, characters neither printable nor spaces dropped, and unless
    ``preserve_space`` the spaces trimmed (``None`` when nothing is left); with
    ``trailing_space`` one space kept at an end that had some."""
    text = line.replace("&#13;", "\r").replace("&#10;", "\n").replace("&nbsp;", "\u00a0")
    if not text.isprintable():
        text = "".join(char for char in text if char.isprintable() or char.isspace())
    if preserve_space:
        return text
    text = trim(text)
    if not text:
        return None
    if trailing_space:
        text = f"{' ' if line[0].isspace() else ''}{text}{' ' if line[-1].isspace() else ''}"
    return text


def sanitize(text: str, preserve_space: bool = False, trailing_space: bool = False) -> str | None:
    """``text`` cleaned line by line (see ``_clean_line``), empty lines left out;
    with ``trailing_space`` the whole text is one line. ``None`` for what is not a string."""
    if not isinstance(text, str):
        return None
    if trailing_space:
        return _clean_line(text, preserve_space, True)
    lines = (_clean_line(line, preserve_space, False) for line in text.splitlines())
    return "\n".join(line for line in lines if line).replace("\u2424", "")
